package api

import (
	"fmt"

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
