package einvoice_test

import (
	"net/http"
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	. "github.com/levytax/levy/einvoice"
)

// TestMetricsCountDeliveryOutcomes: a Service given a registry counts
// its webhook attempts by outcome as its lanes deliver to loopback
// receivers that answer 204, 500 and 410: one delivered, one retried then
// given up after MaxAttempts, one gone at once; and no series names a
// tenant or a connection.
func TestMetricsCountDeliveryOutcomes(t *testing.T) {
	ok := newTarget(t, func(int, delivery) (int, http.Header) { return http.StatusNoContent, nil })
	failing := newTarget(t, func(int, delivery) (int, http.Header) { return http.StatusInternalServerError, nil })
	gone := newTarget(t, func(int, delivery) (int, http.Header) { return http.StatusGone, nil })
	reg := prometheus.NewRegistry()
	s, _ := open(t, t.TempDir(), Config{MaxAttempts: 2, Metrics: reg})
	pending := Events{Statuses: []string{"Pending"}}
	connect(t, s, "acme", ok, pending, false)
	connect(t, s, "beta", failing, pending, false)
	connect(t, s, "gamma", gone, pending, false)
	for _, tenant := range []string{"acme", "beta", "gamma"} {
		if _, _, err := s.Submit(tenantCtx(tenant), validInvoice(t), ""); err != nil {
			t.Fatal(err)
		}
	}
	want := map[string]float64{"delivered": 1, "retried": 1, "given_up": 1, "gone": 1}
	count := func(outcome string) float64 {
		families, err := reg.Gather()
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range families {
			if f.GetName() != "levy_einvoice_webhook_attempts_total" {
				continue
			}
			if len(f.GetMetric()) != len(want) {
				t.Fatalf("%d series of attempts; want one per outcome", len(f.GetMetric()))
			}
			for _, m := range f.GetMetric() {
				if len(m.GetLabel()) != 1 || m.GetLabel()[0].GetName() != "outcome" {
					t.Fatalf("a series of attempts has labels %v; want outcome alone", m.GetLabel())
				}
				if m.GetLabel()[0].GetValue() == outcome {
					return m.GetCounter().GetValue()
				}
			}
		}
		return -1
	}
	eventually(t, "the attempts counted", func() bool {
		for o, n := range want {
			if count(o) != n {
				return false
			}
		}
		return true
	})
	eventually(t, "the lanes ended", func() bool { return gauge(t, reg, "levy_einvoice_webhook_connections_sending") == 0 })
	if got := len(ok.deliveries()) + len(failing.deliveries()) + len(gone.deliveries()); got != 4 {
		t.Errorf("the receivers got %d attempts; want 4", got)
	}
}

// gauge gathers reg and returns the value of the gauge name, which must
// be one series without labels; -1 when reg has no such gauge.
func gauge(t *testing.T, reg *prometheus.Registry, name string) float64 {
	t.Helper()
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		if f.GetName() != name {
			continue
		}
		if len(f.GetMetric()) != 1 || len(f.GetMetric()[0].GetLabel()) != 0 {
			t.Fatalf("%s: %v; want one series without labels", name, f.GetMetric())
		}
		return f.GetMetric()[0].GetGauge().GetValue()
	}
	return -1
}
