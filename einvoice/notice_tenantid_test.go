package einvoice_test

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/levytax/levy"
	. "github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/einvoice/webhook"
)

// TestNotifyTenantWithoutID: a notice of a tenant that Config.TenantID
// knows no ID for yet (levy serve: a tenant whose tax profile an
// operator imported before it had a credential, whose certificates'
// expiry notices and nexus changes come due) is queued, to the tenant's
// connections, which it has none of, rather than failing at every scan
// of the notifier, each logged as an error. Once the tenant has an ID,
// its events carry it: the name a notice fell back to is not kept.
func TestNotifyTenantWithoutID(t *testing.T) {
	var known atomic.Bool
	s, _ := open(t, t.TempDir(), Config{TenantID: func(_ context.Context, tenant string) (string, error) {
		if !known.Load() {
			return "", levy.NotFound("tenant", "no tenant %q", tenant)
		}
		return "7d5b2f1e-4c1a-4e8b-9a77-0c2d6e1f3b40", nil
	}})
	ev := webhook.Event{Status: webhook.EventCertificateExpiring, Certificate: &webhook.CertificateNotice{Number: "TX-1", CustomerCode: "C-1",
		Jurisdictions: []string{"US-TX"}, ReasonCode: "G", EffectiveDate: "2026-01-01", ExpirationDate: "2026-12-31",
		NoticeDate: "2026-12-01", DaysBefore: 30}}
	queued, err := s.Notify(tenantCtx("acme"), "acme", "certificate/C-1/TX-1/2026-12-01", "certificate C-1/TX-1", ev)
	if err != nil || !queued {
		t.Fatalf("the notice of a tenant without an ID: queued %v, %v", queued, err)
	}

	// The tenant's first credential gives it its ID; its connection gets
	// the next notice with it.
	known.Store(true)
	tg := newTarget(t, nil)
	connect(t, s, "acme", tg, Events{Statuses: []string{webhook.EventCertificateExpiring}}, false)
	ev.Certificate.Number = "TX-2"
	if queued, err := s.Notify(tenantCtx("acme"), "acme", "certificate/C-1/TX-2/2026-12-01", "certificate C-1/TX-2", ev); err != nil || !queued {
		t.Fatalf("the next notice: queued %v, %v", queued, err)
	}
	eventually(t, "the next notice", func() bool { return len(tg.deliveries()) == 1 })
	if got := tg.deliveries()[0].event; got.TenantID != "7d5b2f1e-4c1a-4e8b-9a77-0c2d6e1f3b40" || got.Certificate.Number != "TX-2" {
		t.Errorf("the notice names tenant %q, certificate %s", got.TenantID, got.Certificate.Number)
	}
}
