package api

import (
	"fmt"
	"net/http"
	"strconv"
	"sync"

	"github.com/prometheus/client_golang/prometheus"
)

// metrics are the server's Prometheus collectors. The route label is the
// pattern of the route ("POST /api/v2/supplies"), or "unmatched", so its
// values are bounded.
type metrics struct {
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
	inFlight prometheus.Gauge
}

func newMetrics(reg prometheus.Registerer) (*metrics, error) {
	m := &metrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "levy_http_requests_total",
			Help: "HTTP requests answered, by route and status."}, []string{"route", "status"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "levy_http_request_duration_seconds",
			Help:    "Time from the arrival of a request to the end of its answer, by route.",
			Buckets: []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5}}, []string{"route"}),
		inFlight: prometheus.NewGauge(prometheus.GaugeOpts{Name: "levy_http_requests_in_flight",
			Help: "HTTP requests being answered."}),
	}
	for _, c := range []prometheus.Collector{m.requests, m.duration, m.inFlight} {
		if err := reg.Register(c); err != nil {
			return nil, fmt.Errorf("api: registering metrics: %w", err)
		}
	}
	return m, nil
}

// routeMetrics are the series of one route: its histogram of durations
// and its counter of 200 answers, each looked up in its vector once, on
// the route's first answer (so that /metrics lists only the routes and
// statuses that answered, as a lookup per request did), instead of
// hashing the route's pattern on every request.
type routeMetrics struct {
	vec       *metrics
	route     string
	durations func() prometheus.Observer
	ok        func() prometheus.Counter
}

// route returns the series of the route named pattern.
func (m *metrics) route(pattern string) *routeMetrics {
	return &routeMetrics{vec: m, route: pattern,
		durations: sync.OnceValue(func() prometheus.Observer { return m.duration.WithLabelValues(pattern) }),
		ok:        sync.OnceValue(func() prometheus.Counter { return m.requests.WithLabelValues(pattern, "200") })}
}

// count returns the counter of the route's answers of status.
func (rm *routeMetrics) count(status int) prometheus.Counter {
	if status == http.StatusOK {
		return rm.ok()
	}
	return rm.vec.requests.WithLabelValues(rm.route, strconv.Itoa(status))
}
