package expiry_test

import (
	"context"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/einvoice/webhook"
	"github.com/levytax/levy/internal/pgtest"
	"github.com/levytax/levy/postgres"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/profile/expiry"
)

const secret = "expiry-test-secret-0123456789abcdef-0123"

// outbox reads the events that e-invoicing queued for a connection, as
// its dispatcher would send them: the tests' services are passive (they
// send nothing; the sending of a notice, signed, to a receiver on
// loopback is tested in packages einvoice and internal/cli), so that
// what the notifier queued is exactly what is in the store.
type outbox struct {
	store     einvoice.Store
	webhookID string
	got       []webhook.Event
}

// drain takes the events waiting for the connection out of the store and
// returns every event taken so far.
func (o *outbox) drain(t *testing.T) []webhook.Event {
	t.Helper()
	ctx := context.Background()
	for {
		lease := einvoice.Lease{Owner: einvoice.NewGUID(), Term: time.Minute}
		ev, err := o.store.NextEvent(ctx, o.webhookID, lease)
		if err != nil {
			t.Fatal(err)
		}
		if ev == nil {
			if err := o.store.ReleaseOutbox(ctx, o.webhookID, lease.Owner); err != nil {
				t.Fatal(err)
			}
			return slices.Clone(o.got)
		}
		var e webhook.Event
		if err := json.Unmarshal(ev.Body, &e); err != nil {
			t.Fatalf("the event %s: %v", ev.Body, err)
		}
		if ev.Status != webhook.EventCertificateExpiring || ev.DocumentID != "certificate "+e.Certificate.CustomerCode+"/"+e.Certificate.Number {
			t.Errorf("the outbox's event: status %q, subject %q", ev.Status, ev.DocumentID)
		}
		o.got = append(o.got, e)
		if err := o.store.Delivered(ctx, ev); err != nil {
			t.Fatal(err)
		}
		if err := o.store.ReleaseOutbox(ctx, o.webhookID, lease.Owner); err != nil {
			t.Fatal(err)
		}
	}
}

// connect gives tenant a connection that lists the certificates' notices
// and returns its outbox.
func connect(t *testing.T, svc *einvoice.Service, store einvoice.Store, tenant string) *outbox {
	t.Helper()
	c, err := svc.CreateConnection(ctxOf(tenant), einvoice.NewConnection{TargetURL: "https://hooks.example.com/" + tenant, SecretKey: secret,
		Events: einvoice.Events{Statuses: []string{webhook.EventCertificateExpiring}}})
	if err != nil {
		t.Fatal(err)
	}
	return &outbox{store: store, webhookID: c.WebhookID}
}

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// openEInvoice opens e-invoicing over a Badger store in dir, and returns
// it with its store and the function that closes both.
func openEInvoice(t *testing.T, dir string) (*einvoice.Service, einvoice.Store, func()) {
	t.Helper()
	store, err := badger.OpenEInvoice(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	svc := startEInvoice(t, store)
	return svc, store, func() { _ = svc.Close(); _ = store.Close() }
}

// startEInvoice starts a passive e-invoicing over store: it queues, and
// sends nothing.
func startEInvoice(t *testing.T, store einvoice.Store) *einvoice.Service {
	t.Helper()
	svc, err := einvoice.New(context.Background(), store, einvoice.Config{Passive: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = svc.Close(); _ = store.Close() })
	return svc
}

func d(s string) civil.Date { return civil.MustParse(s) }

// cert is a Texas resale certificate of customer C-1.
func cert(number string, expires string) profile.Certificate {
	c := profile.Certificate{Number: number, CustomerCode: "C-1", Jurisdictions: []string{"TX"}, ReasonCode: "G", EffectiveDate: d("2026-01-01")}
	if expires != "" {
		c.ExpirationDate = d(expires)
	}
	return c
}

// clock is a day that a test moves.
type clock struct{ day atomic.Value }

func (c *clock) set(s string)             { c.day.Store(d(s)) }
func (c *clock) today() civil.Date        { return c.day.Load().(civil.Date) }
func newClock(s string) *clock            { c := &clock{}; c.set(s); return c }
func ctxOf(tenant string) context.Context { return levy.WithTenant(context.Background(), tenant) }

// TestNoticeOncePerCertificate runs the notices of a tenant whose policy
// asks for 30 days into the e-invoicing outbox: the certificate due is
// queued once however many scans, restarts and notifiers; one not yet
// due, revoked, expired, without an expiration date, or of a tenant that
// asked for nothing is not; a certificate becomes due as the days pass;
// a new expiration date is a new notice.
func TestNoticeOncePerCertificate(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	profiles := profile.NewMemory()
	svc := profile.NewService(profiles, profile.Config{})
	revoked := cert("REV", "2026-06-20")
	revoked.Status, revoked.RevokedDate = "revoked", d("2026-05-01")
	_, err := svc.Apply(ctx, "acme", "cli", profile.ChangeSet{
		Customers:    []profile.Customer{{Code: "C-1", Name: "Alpha Supply"}},
		Certificates: []profile.Certificate{cert("DUE", "2026-06-20"), cert("LATER", "2026-07-20"), revoked, cert("OLD", "2026-05-31"), cert("NEVER", "")},
		Policy:       &profile.Policy{ExpiryNoticeDays: 30},
	})
	if err != nil {
		t.Fatal(err)
	}
	_, err = svc.Apply(ctx, "globex", "cli", profile.ChangeSet{
		Customers:    []profile.Customer{{Code: "C-1"}},
		Certificates: []profile.Certificate{cert("DUE", "2026-06-20")},
	})
	if err != nil {
		t.Fatal(err)
	}
	events, store, stop := openEInvoice(t, dir)
	acme, globex := connect(t, events, store, "acme"), connect(t, events, store, "globex")
	day := newClock("2026-06-01")
	n := expiry.New(profiles, events, expiry.WithToday(day.today))
	for i, want := range []int{1, 0} {
		if sent, err := n.Scan(ctx); err != nil || sent != want {
			t.Fatalf("scan %d: sent %d, %v; want %d", i+1, sent, err, want)
		}
	}
	got := acme.drain(t)
	if len(got) != 1 {
		t.Fatalf("acme's connection has %d notices: %+v", len(got), got)
	}
	c := got[0].Certificate
	if got[0].Status != webhook.EventCertificateExpiring || c == nil || c.Number != "DUE" || c.CustomerName != "Alpha Supply" ||
		c.ExpirationDate != "2026-06-20" || c.NoticeDate != "2026-05-21" || c.DaysBefore != 30 || got[0].TenantID != "acme" {
		t.Fatalf("the notice: %+v %+v", got[0], c)
	}

	// A restart: the outbox and the notifier start again, and queue
	// nothing more; another notifier beside it neither.
	stop()
	events, store, _ = openEInvoice(t, dir)
	acme.store, globex.store = store, store
	for _, m := range []*expiry.Notifier{expiry.New(profiles, events, expiry.WithToday(day.today)), expiry.New(profiles, events, expiry.WithToday(day.today))} {
		if sent, err := m.Scan(ctx); err != nil || sent != 0 {
			t.Fatalf("a scan after the restart: sent %d, %v", sent, err)
		}
	}
	if got := acme.drain(t); len(got) != 1 {
		t.Fatalf("after the restart acme's connection has %d notices", len(got))
	}
	// The days pass: LATER is due from 2026-06-20; DUE is no longer,
	// and was sent.
	day.set("2026-06-21")
	n = expiry.New(profiles, events, expiry.WithToday(day.today))
	if sent, err := n.Scan(ctx); err != nil || sent != 1 {
		t.Fatalf("the scan of 2026-06-21: sent %d, %v", sent, err)
	}
	if got := acme.drain(t); len(got) != 2 || got[1].Certificate.Number != "LATER" {
		t.Fatalf("the second notice: %+v", got)
	}
	// DUE's customer renews it to a later date: a notice of its own when
	// due.
	if _, err := svc.Apply(ctx, "acme", "cli", profile.ChangeSet{Certificates: []profile.Certificate{cert("DUE", "2026-07-10")}}); err != nil {
		t.Fatal(err)
	}
	if sent, err := n.Scan(ctx); err != nil || sent != 1 {
		t.Fatalf("the scan after the renewal: sent %d, %v", sent, err)
	}
	if got := acme.drain(t); len(got) != 3 || got[2].Certificate.Number != "DUE" || got[2].Certificate.NoticeDate != "2026-06-10" {
		t.Fatalf("the renewal's notice: %+v", got)
	}
	if n := len(globex.drain(t)); n != 0 {
		t.Errorf("the tenant that asked for no notice has %d", n)
	}
}

// TestNoticeOnceAcrossNodes runs three nodes over one PostgreSQL
// database, each with its own e-invoicing Service and its own notifier,
// scanning at once: each certificate's notice is queued once.
func TestNoticeOnceAcrossNodes(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	open := func() *postgres.DB {
		db, err := postgres.Open(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = db.Close() })
		return db
	}
	first := open()
	svc := profile.NewService(first.Profile(), profile.Config{})
	if _, err := svc.Apply(ctx, "acme", "cli", profile.ChangeSet{
		Customers:    []profile.Customer{{Code: "C-1"}},
		Certificates: []profile.Certificate{cert("TX-1", "2026-06-20"), cert("TX-2", "2026-06-25")},
		Policy:       &profile.Policy{ExpiryNoticeDays: 30},
	}); err != nil {
		t.Fatal(err)
	}
	day := newClock("2026-06-01")
	var nodes []*expiry.Notifier
	var box *outbox
	for i := range 3 {
		db := first
		if i > 0 {
			db = open()
		}
		store := db.EInvoice()
		events := startEInvoice(t, store)
		if i == 0 {
			box = connect(t, events, store, "acme")
		}
		nodes = append(nodes, expiry.New(db.Profile(), events, expiry.WithToday(day.today)))
	}
	var wg sync.WaitGroup
	var sent atomic.Int64
	for _, n := range nodes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			k, err := n.Scan(ctx)
			if err != nil {
				t.Error(err)
			}
			sent.Add(int64(k))
		}()
	}
	wg.Wait()
	if sent.Load() != 2 {
		t.Errorf("the nodes queued %d notices, want 2", sent.Load())
	}
	got := box.drain(t)
	numbers := []string{}
	for _, e := range got {
		numbers = append(numbers, e.Certificate.Number)
	}
	slices.Sort(numbers)
	if strings.Join(numbers, ",") != "TX-1,TX-2" {
		t.Errorf("the notices queued: %v", numbers)
	}
}

// recorder is a Sender that keeps the subjects of the notices it is
// given, each queued once per key.
type recorder struct {
	mu       sync.Mutex
	keys     map[string]bool
	subjects []string
}

func (r *recorder) Notify(_ context.Context, _, key, subject string, _ webhook.Event) (bool, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.keys[key] {
		return false, nil
	}
	if r.keys == nil {
		r.keys = map[string]bool{}
	}
	r.keys[key] = true
	r.subjects = append(r.subjects, subject)
	return true, nil
}

// TestNoticeOfCertificateRevokedAfterExpiry: a revoked certificate covers
// the days before its revocation date, so one revoked from a day after
// its expiration date expires first and is notified as an active one is;
// one revoked on its expiration date, before it, or without a date ends
// by the revocation and is not.
func TestNoticeOfCertificateRevokedAfterExpiry(t *testing.T) {
	revoked := func(number, on string) profile.Certificate {
		c := cert(number, "2026-06-20")
		c.Status = profile.StatusRevoked
		if on != "" {
			c.RevokedDate = d(on)
		}
		return c
	}
	cases := []struct {
		c   profile.Certificate
		due bool
	}{
		{cert("ACTIVE", "2026-06-20"), true},
		{revoked("AFTER", "2026-06-21"), true},
		{revoked("LATER", "2026-09-01"), true},
		{revoked("ON", "2026-06-20"), false},
		{revoked("BEFORE", "2026-05-01"), false},
		{revoked("UNDATED", ""), false},
	}
	for _, c := range cases {
		notice, due := expiry.Due(&c.c, 30, d("2026-06-01"))
		if due != c.due || due && notice != d("2026-05-21") {
			t.Errorf("%s (revoked from %s): due %v, notice %s; want due %v", c.c.Number, c.c.RevokedDate, due, notice, c.due)
		}
	}

	ctx := context.Background()
	profiles := profile.NewMemory()
	svc := profile.NewService(profiles, profile.Config{})
	cs := profile.ChangeSet{Customers: []profile.Customer{{Code: "C-1"}}, Policy: &profile.Policy{ExpiryNoticeDays: 30}}
	for _, c := range cases {
		if c.c.Number != "UNDATED" { // an import dates a revocation
			cs.Certificates = append(cs.Certificates, c.c)
		}
	}
	if _, err := svc.Apply(ctx, "acme", "cli", cs); err != nil {
		t.Fatal(err)
	}
	var sent recorder
	n := expiry.New(profiles, &sent, expiry.WithToday(func() civil.Date { return d("2026-06-01") }))
	if k, err := n.Scan(ctx); err != nil || k != 3 {
		t.Errorf("the scan queued %d, %v; want 3", k, err)
	}
	slices.Sort(sent.subjects)
	if got, want := strings.Join(sent.subjects, ", "), "certificate C-1/ACTIVE, certificate C-1/AFTER, certificate C-1/LATER"; got != want {
		t.Errorf("notices %s, want %s", got, want)
	}
}
