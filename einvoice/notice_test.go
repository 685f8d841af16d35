package einvoice_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
	. "github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/einvoice/webhook"
)

// TestNotifySendsOnce sends a certificate's expiry notice through a
// service to a target on loopback: the connection that lists the status
// receives it once, signed, with the tenant's ID, however often it is
// notified, across a restart of the service; the connection of "all"
// and the other tenant's receive nothing.
func TestNotifySendsOnce(t *testing.T) {
	dir := t.TempDir()
	s, _ := open(t, dir, Config{TenantID: func(_ context.Context, tenant string) (string, error) { return "id-of-" + tenant, nil }})
	listing, all, other := newTarget(t, nil), newTarget(t, nil), newTarget(t, nil)
	connect(t, s, "acme", listing, Events{All: true, Statuses: []string{webhook.EventCertificateExpiring}}, false)
	connect(t, s, "acme", all, AllEvents, true)
	connect(t, s, "globex", other, Events{Statuses: []string{webhook.EventCertificateExpiring}}, false)
	ev := webhook.Event{Status: webhook.EventCertificateExpiring, Certificate: &webhook.CertificateNotice{Number: "TX-1", CustomerCode: "C-1",
		Jurisdictions: []string{"US-TX"}, ReasonCode: "G", EffectiveDate: "2026-01-01", ExpirationDate: "2026-12-31",
		NoticeDate: "2026-12-01", DaysBefore: 30}}
	for i, want := range []bool{true, false} {
		queued, err := s.Notify(tenantCtx("acme"), "acme", "certificate/C-1/TX-1/2026-12-01", "certificate C-1/TX-1", ev)
		if err != nil || queued != want {
			t.Fatalf("notice %d: queued %v, %v", i+1, queued, err)
		}
	}
	eventually(t, "the notice", func() bool { return len(listing.deliveries()) == 1 })
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s, _ = open(t, dir, Config{})
	if queued, err := s.Notify(tenantCtx("acme"), "acme", "certificate/C-1/TX-1/2026-12-01", "certificate C-1/TX-1", ev); err != nil || queued {
		t.Fatalf("the notice after a restart: queued %v, %v", queued, err)
	}
	got := listing.deliveries()
	if len(got) != 1 || !got[0].signatureValid || got[0].event.TenantID != "id-of-acme" || got[0].event.Certificate == nil ||
		got[0].event.Certificate.ExpirationDate != "2026-12-31" || got[0].event.DocumentID != "" {
		t.Fatalf("the target received %+v", got)
	}
	if strings.Contains(string(got[0].body), "documentId") {
		t.Errorf("the notice names a document: %s", got[0].body)
	}
	if n := len(all.deliveries()) + len(other.deliveries()); n != 0 {
		t.Errorf("connections that do not list the status received %d events", n)
	}
}

// TestNotifyRefuses checks the arguments of a notice.
func TestNotifyRefuses(t *testing.T) {
	s, _ := open(t, t.TempDir(), Config{})
	ev := webhook.Event{Status: webhook.EventCertificateExpiring}
	for name, c := range map[string]struct {
		tenant, key string
		ev          webhook.Event
		field       string
	}{
		"no tenant":     {"", "k", ev, "tenant"},
		"no key":        {"acme", " ", ev, "key"},
		"a long key":    {"acme", strings.Repeat("k", MaxNoticeKey+1), ev, "key"},
		"no status":     {"acme", "k", webhook.Event{}, "status"},
		"of a document": {"acme", "k", webhook.Event{Status: webhook.StatusCompleted, DocumentID: "d"}, "status"},
	} {
		_, err := s.Notify(tenantCtx("acme"), c.tenant, c.key, "s", c.ev)
		var le *levy.Error
		if levy.ErrorCode(err) != levy.EInvalid || !errors.As(err, &le) || le.Field != c.field {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := s.Notify(levy.WithReadOnly(tenantCtx("acme")), "acme", "k", "s", ev); levy.ErrorCode(err) != levy.EForbidden {
		t.Errorf("a read-only context: %v", err)
	}
}

// TestEventsSelectCertificates reads the events of connections that
// name the certificates' status, with "all" or without, and refuses an
// unknown status at its index in the list as sent.
func TestEventsSelectCertificates(t *testing.T) {
	s, _ := open(t, t.TempDir(), Config{})
	tg := newTarget(t, nil)
	for body, want := range map[string]string{
		`["all","Certificate Expiring"]`:       `["all","Certificate Expiring"]`,
		`["certificate expiring"]`:             `["Certificate Expiring"]`,
		`"all"`:                                `"all"`,
		`["ALL"]`:                              `"all"`,
		`["Completed","Certificate Expiring"]`: `["Completed","Certificate Expiring"]`,
	} {
		var nc NewConnection
		if err := json.Unmarshal([]byte(`{"targetUrl":"`+tg.url+`","secretKey":"`+testSecret+`","events":`+body+`}`), &nc); err != nil {
			t.Fatal(err)
		}
		c, err := s.CreateConnection(tenantCtx("acme"), nc)
		if err != nil {
			t.Fatalf("%s: %v", body, err)
		}
		if got, _ := json.Marshal(c.Events); string(got) != want {
			t.Errorf("%s reads as %s, want %s", body, got, want)
		}
		if c.Events.Has(webhook.EventCertificateExpiring) != strings.Contains(want, "Certificate") {
			t.Errorf("%s selects the certificates' notices: %v", body, c.Events.Has(webhook.EventCertificateExpiring))
		}
		if c.Events.Has(webhook.StatusCompleted) != (strings.Contains(want, "all") || strings.Contains(want, "Completed")) {
			t.Errorf("%s selects Completed: %v", body, c.Events.Has(webhook.StatusCompleted))
		}
	}
	var nc NewConnection
	_ = json.Unmarshal([]byte(`{"targetUrl":"`+tg.url+`","secretKey":"`+testSecret+`","events":["Pending","all","Expired"]}`), &nc)
	_, err := s.CreateConnection(tenantCtx("acme"), nc)
	if err == nil || !strings.Contains(err.Error(), "events[2]") {
		t.Errorf("an unknown status after all: %v", err)
	}
}
