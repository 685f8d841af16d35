package einvoice

import (
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// The outcomes of a webhook delivery attempt, the values of the outcome
// label of levy_einvoice_webhook_attempts_total.
const (
	outcomeDelivered = "delivered" // the target answered 2xx
	outcomeRetried   = "retried"   // not accepted; a retry is scheduled
	outcomeGivenUp   = "given_up"  // the last attempt failed: the event went to the dead-letter list
	outcomeGone      = "gone"      // the target answered 410 Gone: the event went to the dead-letter list at once
)

// metrics are the Service's Prometheus collectors. Their labels are the
// outcome of an attempt only (four values), never a tenant or a
// connection, whose numbers have no bound.
//
// The attempts are counted as the lanes record them, and the connections
// with events waiting are the lanes this Service runs, counted in memory
// when scraped: neither reads the store. The sizes of the outbox and of
// the dead-letter list (counts, when the store is a Counter) do, at most
// once per countsMaxAge, from an index.
type metrics struct {
	attempts *prometheus.CounterVec
	lanes    prometheus.GaugeFunc
	counts   *countsCollector // nil when the store is no Counter
}

// countsMaxAge is how long the gauges of the store's counts serve the
// counts they read last, so that scrapes however frequent, of however
// many scrapers, read the store at most once in that time.
const countsMaxAge = 5 * time.Second

// countsCollector serves levy_einvoice_events_waiting and
// levy_einvoice_dead_letters from the Service's Counter. A scrape reads
// the counts when the last read is older than maxAge, bounded as one
// call to the store (storeCall); a read that fails is logged and leaves
// the gauges out of the scrapes until the next read, maxAge later, so
// that a scrape never shows a stale count as current nor waits long on
// a failing store.
type countsCollector struct {
	s       *Service
	counter Counter
	maxAge  time.Duration
	waiting *prometheus.Desc
	dead    *prometheus.Desc

	mu   sync.Mutex // held across a read, so that concurrent scrapes read once
	read time.Time  // when the counts were last read (time.Now, monotonic), zero for never
	last Counts
	ok   bool // the last read succeeded
}

func newCountsCollector(s *Service, c Counter) *countsCollector {
	return &countsCollector{s: s, counter: c, maxAge: countsMaxAge,
		waiting: prometheus.NewDesc("levy_einvoice_events_waiting",
			"Webhook events waiting in the outbox of the e-invoicing store (to be sent or retried), of every tenant and node sharing the store.", nil, nil),
		dead: prometheus.NewDesc("levy_einvoice_dead_letters",
			"Webhook events given up, in the dead-letter list of the e-invoicing store, of every tenant and node sharing the store.", nil, nil)}
}

// Describe implements prometheus.Collector.
func (c *countsCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- c.waiting
	ch <- c.dead
}

// Collect implements prometheus.Collector.
func (c *countsCollector) Collect(ch chan<- prometheus.Metric) {
	n, ok := c.current()
	if !ok {
		return
	}
	ch <- prometheus.MustNewConstMetric(c.waiting, prometheus.GaugeValue, float64(n.Waiting))
	ch <- prometheus.MustNewConstMetric(c.dead, prometheus.GaugeValue, float64(n.DeadLetters))
}

// current returns the counts read last, reading them again when they are
// older than maxAge, and whether there are any to serve.
func (c *countsCollector) current() (Counts, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.read.IsZero() && time.Since(c.read) < c.maxAge {
		return c.last, c.ok
	}
	if err := c.s.enter("count the outbox and the dead letters"); err != nil {
		return Counts{}, false // closed: its store may be closed too
	}
	defer c.s.leave()
	ctx, cancel := c.s.storeCall(c.s.ctx)
	defer cancel()
	n, err := c.counter.Counts(ctx)
	c.read = time.Now()
	if err != nil {
		c.ok = false
		c.s.log.Warn("einvoice: count the outbox and the dead letters for /metrics", "err", err)
		return Counts{}, false
	}
	c.last, c.ok = n, true
	return n, true
}

func newMetrics(s *Service) *metrics {
	m := &metrics{
		attempts: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "levy_einvoice_webhook_attempts_total",
			Help: "Webhook delivery attempts whose outcome the store recorded, by outcome: delivered, retried, " +
				"given_up (the last attempt failed; the event went to the dead-letter list) or gone (410 Gone; the event went to the dead-letter list at once)."},
			[]string{"outcome"}),
	}
	m.lanes = prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "levy_einvoice_webhook_connections_sending",
		Help: "Webhook connections with events in the outbox that this node is sending (or waiting to retry)."},
		func() float64 {
			if s.disp == nil {
				return 0
			}
			return float64(s.disp.running())
		})
	if c, ok := s.store.(Counter); ok {
		m.counts = newCountsCollector(s, c)
	}
	// Every outcome is listed from the start, at 0, so that a rate or an
	// increase over it is defined before the first attempt of each.
	for _, o := range []string{outcomeDelivered, outcomeRetried, outcomeGivenUp, outcomeGone} {
		m.attempts.WithLabelValues(o)
	}
	return m
}

// attempted counts an attempt whose outcome the store recorded.
func (m *metrics) attempted(outcome string) { m.attempts.WithLabelValues(outcome).Inc() }
