package einvoice

import "github.com/prometheus/client_golang/prometheus"

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
// They cost the store nothing: the attempts are counted as the lanes
// record them, and the connections with events waiting are the lanes
// this Service runs, counted in memory when scraped. A count of the
// outbox or of the dead-letter list would read the store on every
// scrape; the rate of attempts given up says how fast the dead-letter
// list grows, and levy webhook dead-letters lists it.
type metrics struct {
	attempts *prometheus.CounterVec
	lanes    prometheus.GaugeFunc
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
	// Every outcome is listed from the start, at 0, so that a rate or an
	// increase over it is defined before the first attempt of each.
	for _, o := range []string{outcomeDelivered, outcomeRetried, outcomeGivenUp, outcomeGone} {
		m.attempts.WithLabelValues(o)
	}
	return m
}

// attempted counts an attempt whose outcome the store recorded.
func (m *metrics) attempted(outcome string) { m.attempts.WithLabelValues(outcome).Inc() }
