package expiry_test

import (
	"context"
	"log/slog"
	"net/http/httptest"
	"os"
	"slices"
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

// receiver is a webhook.Receiver on loopback, which checks each event's
// signature and timestamp and records the certificates' notices it
// accepts.
type receiver struct {
	url string
	mu  sync.Mutex
	got []webhook.Event
}

func newReceiver(t *testing.T) *receiver {
	t.Helper()
	r := &receiver{}
	srv := httptest.NewUnstartedServer(nil)
	r.url = "http://" + srv.Listener.Addr().String() + "/levy/events"
	h, err := webhook.NewReceiver([]byte(secret), r.url, func(_ context.Context, ev webhook.Event, _ []byte) error {
		r.mu.Lock()
		defer r.mu.Unlock()
		r.got = append(r.got, ev)
		return nil
	}, webhook.WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		t.Fatal(err)
	}
	srv.Config.Handler = h
	srv.Start()
	t.Cleanup(srv.Close)
	return r
}

// events returns the events received.
func (r *receiver) events() []webhook.Event {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.got)
}

// waitFor waits until the receiver has n events, and fails when it gets
// more.
func (r *receiver) waitFor(t *testing.T, n int) []webhook.Event {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for len(r.events()) < n {
		if time.Now().After(deadline) {
			t.Fatalf("the receiver has %d events, want %d", len(r.events()), n)
		}
		time.Sleep(10 * time.Millisecond)
	}
	// The outbox has sent what it had: nothing more comes.
	time.Sleep(100 * time.Millisecond)
	got := r.events()
	if len(got) != n {
		t.Fatalf("the receiver has %d events, want %d: %+v", len(got), n, got)
	}
	return got
}

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// openEInvoice opens e-invoicing over a Badger store in dir, sending to
// loopback, and returns it with the function that closes it and its
// store.
func openEInvoice(t *testing.T, dir string) (*einvoice.Service, func()) {
	t.Helper()
	store, err := badger.OpenEInvoice(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	svc := startEInvoice(t, store, 0)
	return svc, func() { _ = svc.Close(); _ = store.Close() }
}

// startEInvoice starts e-invoicing over store, polling it every poll
// when positive.
func startEInvoice(t *testing.T, store einvoice.Store, poll time.Duration) *einvoice.Service {
	t.Helper()
	svc, err := einvoice.New(context.Background(), store, einvoice.Config{AllowPrivateTargets: true, OutboxDir: t.TempDir(),
		MinBackoff: 10 * time.Millisecond, MaxBackoff: 50 * time.Millisecond, PollInterval: poll})
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
// asks for 30 days, through the e-invoicing outbox to a receiver on
// loopback: the certificate due is notified once however many scans,
// restarts and notifiers; one not yet due, revoked, expired, without an
// expiration date, or of a tenant that asked for nothing is not; a
// certificate becomes due as the days pass; a new expiration date is a
// new notice.
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
	rcv, quiet := newReceiver(t), newReceiver(t)
	events, stop := openEInvoice(t, dir)
	for tenant, r := range map[string]*receiver{"acme": rcv, "globex": quiet} {
		if _, err := events.CreateConnection(ctxOf(tenant), einvoice.NewConnection{TargetURL: r.url, SecretKey: secret,
			Events: einvoice.Events{Statuses: []string{webhook.EventCertificateExpiring}}}); err != nil {
			t.Fatal(err)
		}
	}
	day := newClock("2026-06-01")
	n := expiry.New(profiles, events, expiry.WithToday(day.today))
	for i, want := range []int{1, 0} {
		if sent, err := n.Scan(ctx); err != nil || sent != want {
			t.Fatalf("scan %d: sent %d, %v; want %d", i+1, sent, err, want)
		}
	}
	got := rcv.waitFor(t, 1)
	c := got[0].Certificate
	if got[0].Status != webhook.EventCertificateExpiring || c == nil || c.Number != "DUE" || c.CustomerName != "Alpha Supply" ||
		c.ExpirationDate != "2026-06-20" || c.NoticeDate != "2026-05-21" || c.DaysBefore != 30 || got[0].TenantID != "acme" {
		t.Fatalf("the notice: %+v %+v", got[0], c)
	}

	// A restart: the outbox and the notifier start again, and send
	// nothing more; another notifier beside it neither.
	stop()
	events, _ = openEInvoice(t, dir)
	for _, m := range []*expiry.Notifier{expiry.New(profiles, events, expiry.WithToday(day.today)), expiry.New(profiles, events, expiry.WithToday(day.today))} {
		if sent, err := m.Scan(ctx); err != nil || sent != 0 {
			t.Fatalf("a scan after the restart: sent %d, %v", sent, err)
		}
	}
	// The days pass: LATER is due from 2026-06-20; DUE is no longer,
	// and was sent.
	day.set("2026-06-21")
	n = expiry.New(profiles, events, expiry.WithToday(day.today))
	if sent, err := n.Scan(ctx); err != nil || sent != 1 {
		t.Fatalf("the scan of 2026-06-21: sent %d, %v", sent, err)
	}
	if got := rcv.waitFor(t, 2); got[1].Certificate.Number != "LATER" {
		t.Fatalf("the second notice: %+v", got[1].Certificate)
	}
	// DUE's customer renews it to a later date: a notice of its own when
	// due.
	renewed := cert("DUE", "2026-07-10")
	if _, err := svc.Apply(ctx, "acme", "cli", profile.ChangeSet{Certificates: []profile.Certificate{renewed}}); err != nil {
		t.Fatal(err)
	}
	if sent, err := n.Scan(ctx); err != nil || sent != 1 {
		t.Fatalf("the scan after the renewal: sent %d, %v", sent, err)
	}
	if got := rcv.waitFor(t, 3); got[2].Certificate.Number != "DUE" || got[2].Certificate.NoticeDate != "2026-06-10" {
		t.Fatalf("the renewal's notice: %+v", got[2].Certificate)
	}
	if n := len(quiet.events()); n != 0 {
		t.Errorf("the tenant that asked for no notice received %d", n)
	}
}

// TestNoticeOnceAcrossNodes runs three nodes over one PostgreSQL
// database, each with its own e-invoicing Service (polling the outbox as
// levy serve's nodes do) and its own notifier, scanning at once: the
// receiver gets the notice once.
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
	rcv := newReceiver(t)
	day := newClock("2026-06-01")
	var nodes []*expiry.Notifier
	for i := range 3 {
		db := first
		if i > 0 {
			db = open()
		}
		events := startEInvoice(t, db.EInvoice(), 50*time.Millisecond)
		if i == 0 {
			if _, err := events.CreateConnection(ctxOf("acme"), einvoice.NewConnection{TargetURL: rcv.url, SecretKey: secret,
				Events: einvoice.Events{Statuses: []string{webhook.EventCertificateExpiring}}}); err != nil {
				t.Fatal(err)
			}
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
	got := rcv.waitFor(t, 2)
	numbers := []string{got[0].Certificate.Number, got[1].Certificate.Number}
	slices.Sort(numbers)
	if numbers[0] != "TX-1" || numbers[1] != "TX-2" {
		t.Errorf("the notices: %v", numbers)
	}
}
