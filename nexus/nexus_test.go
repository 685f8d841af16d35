package nexus_test

import (
	"context"
	"errors"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/einvoice/webhook"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/nexus"
	"github.com/levytax/levy/profile"
	"github.com/shopspring/decimal"
)

func rules(t testing.TB) *data.NexusRules {
	t.Helper()
	r, err := data.Default().Nexus()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// sale is a seller's invoice of company with one line of amount into
// state, stored directly in the journal.
func sale(t testing.TB, j journal.Store, tenant, id, company, date, state, amount string) {
	t.Helper()
	a := money.MustParse(amount)
	tx := &journal.Transaction{TransactionID: id, Perspective: "SELLER", MessageType: "INVOICE", Company: company,
		DocumentDate: civil.MustParse(date), Currency: "USD", SubTotal: a, Total: a,
		Lines: []journal.Line{{LineItemID: "1", Destination: "US-" + state, Amount: a,
			Taxes: []journal.Tax{{JurisdictionID: "US-" + state, Taxable: a}}}}}
	if _, err := j.Post(context.Background(), tenant, tx); err != nil {
		t.Fatal(err)
	}
}

func row(t testing.TB, rep *nexus.Report, company, state string) nexus.Row {
	t.Helper()
	for _, r := range rep.Rows {
		if r.Company == company && r.State == state {
			return r
		}
	}
	t.Fatalf("no row of %s in %s", company, state)
	return nexus.Row{}
}

// TestApproachingAndShare: a state is approaching from the tenant's
// share of its threshold, 80% by default.
func TestApproachingAndShare(t *testing.T) {
	j := journal.NewMemory()
	sale(t, j, "acme", "1", "", "2026-03-01", "WA", "85000.00")
	rep, err := nexus.Build(context.Background(), j, rules(t), "acme", nexus.Options{AsOf: civil.MustParse("2026-03-31")})
	if err != nil {
		t.Fatal(err)
	}
	if r := row(t, rep, "", "WA"); r.Status != nexus.StatusApproaching || !r.Share.Equal(money.MustParse("0.85")) {
		t.Errorf("Washington at 85%%: %s %s", r.Status, r.Share)
	}
	rep, _ = nexus.Build(context.Background(), j, rules(t), "acme", nexus.Options{AsOf: civil.MustParse("2026-03-31"), Share: decimal.RequireFromString("0.9")})
	if r := row(t, rep, "", "WA"); r.Status != nexus.StatusNone {
		t.Errorf("Washington at 85%% with a share of 90%%: %s", r.Status)
	}
	// The previous calendar year counts until the end of the next.
	rep, _ = nexus.Build(context.Background(), j, rules(t), "acme", nexus.Options{AsOf: civil.MustParse("2027-06-30")})
	if r := row(t, rep, "", "WA"); r.Status != nexus.StatusApproaching || r.PeriodStart.String() != "2026-01-01" {
		t.Errorf("Washington the year after: %s from %s", r.Status, r.PeriodStart)
	}
	rep, _ = nexus.Build(context.Background(), j, rules(t), "acme", nexus.Options{AsOf: civil.MustParse("2028-01-01")})
	if r := row(t, rep, "", "WA"); r.Status != nexus.StatusNone {
		t.Errorf("Washington two years after: %s", r.Status)
	}
}

// TestRegistered: a registration from a list or from the tenant's
// profile makes a state registered on the days it is in force, and says
// so with what the sales are.
func TestRegistered(t *testing.T) {
	ctx := context.Background()
	j := journal.NewMemory()
	sale(t, j, "acme", "1", "ACME", "2026-03-01", "TX", "600000.00")
	list, err := nexus.ReadRegistrations(strings.NewReader("state,company,effective,number\nTX,ACME,2026-04-01,32000000001\n"))
	if err != nil {
		t.Fatal(err)
	}
	o := nexus.Options{AsOf: civil.MustParse("2026-03-31"), Registrations: list}
	rep, err := nexus.Build(ctx, j, rules(t), "acme", o)
	if err != nil {
		t.Fatal(err)
	}
	if r := row(t, rep, "ACME", "TX"); r.Status != nexus.StatusExceeded {
		t.Errorf("Texas before the registration: %s", r.Status)
	}
	o.AsOf = civil.MustParse("2026-04-01")
	rep, _ = nexus.Build(ctx, j, rules(t), "acme", o)
	if r := row(t, rep, "ACME", "TX"); r.Status != nexus.StatusRegistered || r.CrossedOn == nil || !strings.Contains(r.Explanation, "the sales being exceeded") {
		t.Errorf("Texas once registered: %+v", r)
	}
	// The profile's registrations (Georgia's) count too.
	snap := profile.Compile(&profile.Records{Registrations: []profile.Registration{
		{CompanyCode: "ACME", Jurisdiction: "US-GA", Number: "GA-1", EffectiveDate: civil.MustParse("2025-01-01")}}})
	rep, _ = nexus.Build(ctx, j, rules(t), "acme", nexus.Options{AsOf: civil.MustParse("2026-04-01"), Profile: snap})
	if r := row(t, rep, "ACME", "GA"); r.Status != nexus.StatusRegistered || r.Registration.Source != "profile" || r.Registration.Number != "GA-1" {
		t.Errorf("Georgia, registered in the profile: %+v", r)
	}
}

// TestBadInput: an unknown state in a registration list, a date out of
// range and a bad share are refused, each naming its field.
func TestBadInput(t *testing.T) {
	ctx := context.Background()
	j := journal.NewMemory()
	list, err := nexus.ReadRegistrations(strings.NewReader("state\nTX\nZZ\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		o     nexus.Options
		field string
	}{
		{nexus.Options{AsOf: civil.MustParse("2026-01-01"), Registrations: list}, "registrations[1].state"},
		{nexus.Options{AsOf: civil.MustParse("1999-12-31")}, "asOf"},
		{nexus.Options{}, "asOf"},
		{nexus.Options{AsOf: civil.MustParse("2026-01-01"), Share: decimal.NewFromInt(2)}, "share"},
		{nexus.Options{AsOf: civil.MustParse("2026-01-01"), EUThreshold: new(decimal.NewFromInt(-1))}, "euDistanceThreshold"},
	} {
		_, err := nexus.Build(ctx, j, rules(t), "acme", c.o)
		var le *levy.Error
		if !errors.As(err, &le) || le.Field != c.field || le.Code != levy.EInvalid {
			t.Errorf("%s: %v", c.field, err)
		}
	}
	for text, field := range map[string]string{
		"state,effective\nTX,2026-02-30\n": "registrations[0].effective",
		"state,colour\nTX,red\n":           "registrations.header[1]",
		"company\nACME\n":                  "registrations.header",
	} {
		_, err := nexus.ReadRegistrations(strings.NewReader(text))
		var le *levy.Error
		if !errors.As(err, &le) || le.Field != field {
			t.Errorf("%q: %v, want an error naming %s", text, err, field)
		}
	}
}

// TestEUSourcePolicy: a tenant's policy sets its distance sales and its
// threshold in place of the journal's.
func TestEUSourcePolicy(t *testing.T) {
	ctx := context.Background()
	j := journal.NewMemory()
	store := profile.NewMemory()
	cache := profile.NewCache(store, nil)
	svc := profile.NewService(store, profile.Config{Cache: cache})
	lim := decimal.NewFromInt(5000)
	if _, err := svc.Apply(ctx, "acme", "test", profile.ChangeSet{Policy: &profile.Policy{
		EUDistanceSales: map[string]decimal.Decimal{"ACME": decimal.NewFromInt(4000)}, EUDistanceThreshold: &lim}}); err != nil {
		t.Fatal(err)
	}
	src := nexus.NewEUSource(j, cache)
	f, err := src.EUDistanceSales(ctx, "acme", "ACME", civil.MustParse("2026-06-01"))
	if err != nil || !f.Current.Equal(decimal.NewFromInt(4000)) || f.Threshold == nil || !f.Threshold.Equal(lim) || f.Source != "the tenant's policy" {
		t.Errorf("the policy's figures: %+v %v", f, err)
	}
	f, err = src.EUDistanceSales(ctx, "acme", "OTHER", civil.MustParse("2026-06-01"))
	if err != nil || !f.Current.IsZero() || f.Source != "the journal" || f.Threshold == nil {
		t.Errorf("a company the policy does not name: %+v %v", f, err)
	}
}

// TestWatcherSendsSignedEvents: a state that passes its threshold sends
// the tenant's connection a signed event through the outbox, once;
// falling back under after a reversal sends another.
func TestWatcherSendsSignedEvents(t *testing.T) {
	ctx := context.Background()
	quiet := slog.New(slog.DiscardHandler)
	j := journal.NewMemory()
	svc, got := eventReceiver(t)
	day := civil.MustParse("2026-03-10")
	w := nexus.NewWatcher(nexus.WatcherConfig{Figures: j, Rules: rules(t), Notify: svc, Log: quiet, Today: func() civil.Date { return day },
		Tenants: func(context.Context) ([]string, error) { return []string{"acme"}, nil }})
	receive := func(what string) webhook.Event { return receiveEvent(t, got, what) }
	if n, err := w.Check(ctx, "acme"); err != nil || n != 0 {
		t.Fatalf("the first check, no sales: %d %v", n, err)
	}
	sale(t, j, "acme", "1", "", "2026-03-01", "WA", "70000.00")
	sale(t, j, "acme", "2", "", "2026-03-02", "WA", "50000.00")
	if n, err := w.Check(ctx, "acme"); err != nil || n != 1 {
		t.Fatalf("the check after the sales: %d %v", n, err)
	}
	ev := receive("the crossing")
	if ev.Status != webhook.EventNexusStatusChanged || ev.Nexus == nil || ev.Nexus.State != "WA" || ev.Nexus.Status != nexus.StatusExceeded ||
		ev.Nexus.CrossedOn != "2026-03-02" || ev.Nexus.Sales != "120000.00" || ev.Nexus.PreviousStatus != nexus.StatusNone {
		t.Fatalf("the event: %+v %+v", ev, ev.Nexus)
	}
	// A watcher that starts again (another node, a restart) sends
	// nothing more for the same crossing.
	w2 := nexus.NewWatcher(nexus.WatcherConfig{Figures: j, Rules: rules(t), Notify: svc, Log: quiet, Today: func() civil.Date { return day },
		Tenants: func(context.Context) ([]string, error) { return []string{"acme"}, nil }})
	if n, err := w2.Check(ctx, "acme"); err != nil || n != 0 {
		t.Fatalf("a second watcher's check: %d %v", n, err)
	}
	if _, err := j.Reverse(ctx, "acme", "2", journal.Reversal{TransactionID: "2-R", PostingDate: civil.MustParse("2026-03-09")}); err != nil {
		t.Fatal(err)
	}
	if n, err := w.Check(ctx, "acme"); err != nil || n != 1 {
		t.Fatalf("the check after the reversal: %d %v", n, err)
	}
	ev = receive("the fall back under")
	if ev.Nexus == nil || ev.Nexus.State != "WA" || ev.Nexus.Status != nexus.StatusNone || ev.Nexus.PreviousStatus != nexus.StatusExceeded {
		t.Fatalf("the event after the reversal: %+v", ev.Nexus)
	}
}

// eventReceiver returns an e-invoicing service over Badger on disk whose
// tenant acme has a connection, on loopback, that selects the events of
// nexus statuses, and the channel of the events it receives, signed.
func eventReceiver(t testing.TB) (*einvoice.Service, chan webhook.Event) {
	t.Helper()
	ctx := context.Background()
	quiet := slog.New(slog.DiscardHandler)
	estore, err := badger.OpenEInvoice(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = estore.Close() })
	svc, err := einvoice.New(ctx, estore, einvoice.Config{AllowPrivateTargets: true, MinBackoff: 10 * time.Millisecond,
		MaxBackoff: 50 * time.Millisecond, Timeout: 2 * time.Second, Logger: quiet, OutboxDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = svc.Close() })
	return svc, nexusEvents(t, svc)
}

// nexusEvents gives svc's tenant acme a connection, on loopback, that
// selects the events of nexus statuses, and returns the channel of the
// events it receives, signed.
func nexusEvents(t testing.TB, svc *einvoice.Service) chan webhook.Event {
	t.Helper()
	const secret = "a-secret-of-well-over-thirty-two-bytes-for-tests"
	got := make(chan webhook.Event, 100)
	srv := httptest.NewServer(nil)
	t.Cleanup(srv.Close)
	rc, err := webhook.NewReceiver([]byte(secret), srv.URL+"/hooks", func(_ context.Context, ev webhook.Event, _ []byte) error {
		got <- ev
		return nil
	}, webhook.WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		t.Fatal(err)
	}
	srv.Config.Handler = rc
	if _, err := svc.CreateConnection(levy.WithTenant(context.Background(), "acme"), einvoice.NewConnection{TargetURL: srv.URL + "/hooks", SecretKey: secret,
		Events: einvoice.Events{Statuses: []string{webhook.EventNexusStatusChanged}}}); err != nil {
		t.Fatal(err)
	}
	return got
}

// receiveEvent returns the next event of got.
func receiveEvent(t *testing.T, got chan webhook.Event, what string) webhook.Event {
	t.Helper()
	select {
	case ev := <-got:
		return ev
	case <-time.After(20 * time.Second): // a bound on a hang, not a measure of speed
		t.Fatalf("no event for %s", what)
	}
	return webhook.Event{}
}

// legacyCodes is a journal that reads back the company code stored as
// one (which Post takes) as legacy (which Post refuses, as a calculation
// does), in its transactions, figures and sums: it stands for a journal
// that Levy wrote before company codes were checked, whose records hold
// legacy as they are.
type legacyCodes struct {
	journal.Store
	stored, legacy string
}

func (l legacyCodes) code(c string) string {
	if c == l.stored {
		return l.legacy
	}
	return c
}

func (l legacyCodes) figure(fn func(journal.Figure) error) func(journal.Figure) error {
	return func(f journal.Figure) error { f.Company = l.code(f.Company); return fn(f) }
}

func (l legacyCodes) Scan(ctx context.Context, tenant string, from, to civil.Date, fn func(*journal.Transaction) error) error {
	return l.Store.Scan(ctx, tenant, from, to, func(tx *journal.Transaction) error { tx.Company = l.code(tx.Company); return fn(tx) })
}

func (l legacyCodes) Figures(ctx context.Context, tenant string, from, to civil.Date) ([]journal.Figure, error) {
	figs, err := l.Store.Figures(ctx, tenant, from, to)
	for i := range figs {
		figs[i].Company = l.code(figs[i].Company)
	}
	return figs, err
}

func (l legacyCodes) EachFigure(ctx context.Context, tenant string, from, to civil.Date, fn func(journal.Figure) error) error {
	return l.Store.EachFigure(ctx, tenant, from, to, l.figure(fn))
}

func (l legacyCodes) CompanyFigures(ctx context.Context, tenant, company string, from, to civil.Date, fn func(journal.Figure) error) error {
	if company == l.legacy {
		company = l.stored
	}
	return l.Store.CompanyFigures(ctx, tenant, company, from, to, l.figure(fn))
}

func (l legacyCodes) AreaFigures(ctx context.Context, tenant, company, area string, from, to civil.Date, fn func(journal.Figure) error) error {
	if company == l.legacy {
		company = l.stored
	}
	return l.Store.AreaFigures(ctx, tenant, company, area, from, to, l.figure(fn))
}

func (l legacyCodes) AreaSums(ctx context.Context, tenant, company, area string, spans []journal.Span) ([]journal.Sum, error) {
	if company == l.legacy {
		company = l.stored
	}
	return l.Store.AreaSums(ctx, tenant, company, area, spans)
}

// TestTextPrintsCompanyCodesSafely reads, from a Badger journal on disk,
// sales whose company code holds a terminal escape and a line break (as
// a journal written before company codes were checked may; Post refuses
// such a code now, so the journal reads it back in place of another:
// legacyCodes): the text report and the rebuild's text print the code
// quoted, with no control character, where Levy printed the escape to
// the terminal and broke the table's line.
func TestTextPrintsCompanyCodesSafely(t *testing.T) {
	ctx := context.Background()
	bj, err := badger.OpenJournal(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer bj.Close()
	const evil = "\x1b[31mACME\n=1+1"
	if _, err := bj.Post(ctx, "acme", &journal.Transaction{TransactionID: "0", Perspective: "SELLER", MessageType: "INVOICE",
		Company: evil, DocumentDate: civil.MustParse("2026-03-01")}); levy.ErrorCode(err) != levy.EInvalid {
		t.Fatalf("a company code with an escape and a line break posted: %v", err)
	}
	j := legacyCodes{Store: bj, stored: "ACME-OLD", legacy: evil}
	sale(t, j, "acme", "1", j.stored, "2026-03-01", "TX", "450000.00")
	rep, err := nexus.Build(ctx, j, rules(t), "acme", nexus.Options{AsOf: civil.MustParse("2026-03-31")})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := rep.Write(&b, nexus.FormatText); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	if strings.ContainsRune(text, '\x1b') || strings.Contains(text, "ACME\n") || !strings.Contains(text, `"\x1b[31mACME\n=1+1" TX: approaching`) {
		t.Errorf("text report:\n%s", text)
	}
	// The rebuild prints a difference under the company's code.
	if err := j.ReplaceFigures(ctx, "acme", nil); err != nil {
		t.Fatal(err)
	}
	found, err := nexus.Rebuild(ctx, j, "acme", false)
	if err != nil {
		t.Fatal(err)
	}
	b.Reset()
	if err := found.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	if text := b.String(); strings.ContainsRune(text, '\x1b') || !strings.HasPrefix(text, `"\x1b[31mACME\n=1+1" US-TX 2026-03-01: stored`) {
		t.Errorf("rebuild:\n%s", text)
	}
}
