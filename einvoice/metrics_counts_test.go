package einvoice_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	. "github.com/levytax/levy/einvoice"
)

// TestMetricsCountOutboxAndDeadLetters: a Service given a registry serves
// levy_einvoice_events_waiting and levy_einvoice_dead_letters, without
// labels, from its store's counts: two events of a receiver that answers
// 500 wait (the first for its retry an hour on), three of a receiver
// that answers 410 are dead letters. A scrape serves the counts read
// last while they are younger than the gauges' maximum age, and reads
// the store again after it.
func TestMetricsCountOutboxAndDeadLetters(t *testing.T) {
	failing := newTarget(t, func(int, delivery) (int, http.Header) { return http.StatusInternalServerError, nil })
	gone := newTarget(t, func(int, delivery) (int, http.Header) { return http.StatusGone, nil })
	reg := prometheus.NewRegistry()
	s, _ := open(t, t.TempDir(), Config{MaxAttempts: 2, MinBackoff: time.Hour, MaxBackoff: time.Hour, Metrics: reg})
	s.SetCountsMaxAge(0)
	pending := Events{Statuses: []string{"Pending"}}
	connect(t, s, "beta", failing, pending, false)
	connect(t, s, "gamma", gone, pending, false)
	submit := func(tenant string, n int) {
		for range n {
			if _, _, err := s.Submit(tenantCtx(tenant), validInvoice(t), ""); err != nil {
				t.Fatal(err)
			}
		}
	}
	submit("beta", 2)
	submit("gamma", 3)
	gauges := func() (waiting, dead float64) {
		t.Helper()
		return gauge(t, reg, "levy_einvoice_events_waiting"), gauge(t, reg, "levy_einvoice_dead_letters")
	}
	eventually(t, "2 events waiting and 3 dead letters", func() bool {
		w, d := gauges()
		return w == 2 && d == 3 && len(failing.deliveries()) == 1
	})

	s.SetCountsMaxAge(time.Hour)
	if w, d := gauges(); w != 2 || d != 3 {
		t.Fatalf("gauges %v waiting, %v dead letters; want 2 and 3", w, d)
	}
	submit("gamma", 1)
	eventually(t, "the fourth event of gamma given up", func() bool { return len(gone.deliveries()) == 4 })
	eventually(t, "the fourth dead letter stored", func() bool {
		page, err := s.DeadLetterPage(tenantCtx("gamma"), "gamma", "", 10)
		return err == nil && len(page.DeadLetters) == 4
	})
	if w, d := gauges(); w != 2 || d != 3 {
		t.Errorf("within the maximum age, gauges %v waiting, %v dead letters; want the 2 and 3 read last", w, d)
	}
	s.SetCountsMaxAge(0)
	if w, d := gauges(); w != 2 || d != 4 {
		t.Errorf("past the maximum age, gauges %v waiting, %v dead letters; want 2 and 4", w, d)
	}
}
