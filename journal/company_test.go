package journal_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"slices"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/journal/journaltest"
	"github.com/levytax/levy/money"
)

// companyJournal returns a Badger journal on disk with the calculations
// of journaltest.Companies posted for tenant acme by a real engine, and
// the reversal that follows them; and the engine, for more.
func companyJournal(t *testing.T) (journal.Store, *engine.Engine, context.Context) {
	t.Helper()
	ctx := context.Background()
	store, err := badger.OpenJournal(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = store.Close() })
	e, err := engine.New(ctx, engine.WithJournal(store), engine.WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		t.Fatal(err)
	}
	acme := levy.WithTenant(ctx, "acme")
	journaltest.Post(t, acme, e, journaltest.Companies(), &journaltest.CompanyReversal)
	return store, e, acme
}

// companyOf returns the company code stored with the live transaction id.
func companyOf(t *testing.T, s journal.Store, id string) string {
	t.Helper()
	tx, err := s.Get(context.Background(), "acme", id)
	if err != nil {
		t.Fatal(err)
	}
	return tx.Company
}

// stateTax returns the tax of a filing view's state in its only
// currency, or "" when the view has no such state.
func stateTax(f *journal.FilingView, state string) string {
	for _, c := range f.Currencies {
		for _, st := range c.States {
			if st.State == state {
				return st.Total.Tax.String()
			}
		}
	}
	return ""
}

// TestCompanyStored checks what each perspective stores as its company:
// the seller's company code on a sale, the buyer's on a purchase (which
// the journal left empty before), the owner's on an owner's movement;
// and that a reversal, a sync and its rollback keep it.
func TestCompanyStored(t *testing.T) {
	store, e, acme := companyJournal(t)
	for id, want := range map[string]string{"S-EAST-CA": "EAST", "S-WEST-WA": "WEST", "S-WEST-WA-REV": "WEST", "S-NONE-WA": "",
		"P-EAST-WA": "EAST", "O-WEST-MN": "WEST"} {
		if got := companyOf(t, store, id); got != want {
			t.Errorf("%s stored company %q, want %q", id, got, want)
		}
	}
	// A sync of EAST's sale, rolled back: each version keeps EAST.
	calcs := journaltest.Companies()
	body := bytes.Replace(calcs[1].Body, []byte(`"INVOICE"`), []byte(`"ARBILLING_SYNC"`), 1)
	body = bytes.Replace(body, []byte(`100.00`), []byte(`150.00`), 1)
	journaltest.Post(t, acme, e, []journaltest.Calc{{ID: "S-EAST-WA", Path: "/supplies", Body: body}}, nil)
	if got := companyOf(t, store, "S-EAST-WA"); got != "EAST" {
		t.Errorf("the sync version stored company %q, want EAST", got)
	}
	if _, err := e.RollbackTransaction(acme, "S-EAST-WA"); err != nil {
		t.Fatal(err)
	}
	tx, err := store.Get(context.Background(), "acme", "S-EAST-WA")
	if err != nil {
		t.Fatal(err)
	}
	if tx.Company != "EAST" || tx.RollbackOf == 0 || tx.SubTotal.String() != "100.00" {
		t.Errorf("rolled back: company %q, rollbackOf %d, subtotal %s; want EAST, the first version, 100.00", tx.Company, tx.RollbackOf, tx.SubTotal)
	}
}

// TestSummarizeCompany reports on each company of a tenant whose two
// companies sold into California and Washington, posted by the engine
// over a Badger journal: each company's report holds its own
// transactions only (a purchase under the buyer's company, an owner's
// movement under the owner's, a reversal under the original's), the
// transactions without a company code are a group of their own, the
// companies' reports add up, row by row, to the report of every
// company, whose subtotals per company say the same; the filing view
// follows. A deleted transaction leaves its company's report.
func TestSummarizeCompany(t *testing.T) {
	store, e, acme := companyJournal(t)
	ctx := context.Background()
	from, to := civil.MustParse("2026-06-01"), civil.MustParse("2026-06-30")
	all, err := journal.Summarize(ctx, store, "acme", from, to)
	if err != nil {
		t.Fatal(err)
	}
	if all.Company != nil || all.Transactions != 9 {
		t.Fatalf("every company: company %v, %d transactions; want none named, 9", all.Company, all.Transactions)
	}
	reports := map[string]*journal.Report{}
	wantTx := map[string]int{"EAST": 3, "WEST": 5, "": 1}
	for code, n := range wantTx {
		rep, err := journal.SummarizeCompany(ctx, store, "acme", code, from, to)
		if err != nil {
			t.Fatal(err)
		}
		if rep.Company == nil || *rep.Company != code || rep.Transactions != n || rep.Companies != nil {
			t.Fatalf("company %q: named %v, %d transactions, %d subtotals; want it named, %d, none", code, rep.Company, rep.Transactions, len(rep.Companies), n)
		}
		reports[code] = rep
	}

	// Row by row, the companies add up to the report of every company.
	type key struct{ cur, jur, imp, from, reason, withheld string }
	sums := map[key]money.Amount{}
	for _, rep := range reports {
		for _, c := range rep.Currencies {
			for _, r := range c.Rows {
				k := key{c.Currency, r.JurisdictionID, r.Imposition, r.CollectedFrom, string(r.ZeroTaxReason), string(r.Withheld)}
				sums[k] = sums[k].Add(r.Tax)
			}
		}
	}
	for _, c := range all.Currencies {
		for _, r := range c.Rows {
			k := key{c.Currency, r.JurisdictionID, r.Imposition, r.CollectedFrom, string(r.ZeroTaxReason), string(r.Withheld)}
			if !sums[k].Equal(r.Tax) {
				t.Errorf("row %v: the companies' reports add up to %s, the report of every company has %s", k, sums[k], r.Tax)
			}
			delete(sums, k)
		}
	}
	for k, v := range sums {
		t.Errorf("row %v (%s) of a company's report is not in the report of every company", k, v)
	}

	// The subtotals per company are the companies' own totals.
	if len(all.Companies) != 3 || all.Companies[0].Company != "" || all.Companies[1].Company != "EAST" || all.Companies[2].Company != "WEST" {
		t.Fatalf("subtotals %+v, want (none), EAST, WEST", all.Companies)
	}
	for _, ct := range all.Companies {
		own := reports[ct.Company].Currencies[0]
		if ct.Currency != "USD" || ct.Transactions != own.Transactions || !ct.Tax.Equal(own.Total.Tax) || !ct.SubTotal.Equal(own.Total.SubTotal) {
			t.Errorf("subtotal of %q: %s %d transactions, net %s, tax %s; its own report: %d, %s, %s", ct.Company, ct.Currency, ct.Transactions,
				ct.SubTotal, ct.Tax, own.Transactions, own.Total.SubTotal, own.Total.Tax)
		}
	}

	// Each company sold into both states, and its report has both; WEST's
	// reversed sale is netted out of Washington.
	east, west := reports["EAST"].FilingView(), reports["WEST"].FilingView()
	for _, f := range []*journal.FilingView{east, west} {
		for _, st := range []string{"US-CA", "US-WA"} {
			if v := stateTax(f, st); v == "" || v == "0" || strings.HasPrefix(v, "-") {
				t.Errorf("filing view of %s: %s tax %q, want some", *f.Company, st, v)
			}
		}
	}
	// The taxes the engine calculated: 100.00 sold into Los Angeles
	// (9.75%) and into Seattle (10.55%), EAST's accrual of 2500.00 in
	// Seattle (10.55%: 263.75), WEST's desk moved into Minneapolis
	// (9.025% of 800.00).
	for _, c := range []struct {
		f           *journal.FilingView
		state, want string
	}{{east, "US-CA", "9.75"}, {east, "US-WA", "274.30"}, {west, "US-CA", "9.75"}, {west, "US-WA", "10.55"}, {west, "US-MN", "72.20"},
		{reports[""].FilingView(), "US-WA", "10.55"}} {
		if got := stateTax(c.f, c.state); got != c.want {
			t.Errorf("filing view of %q: %s tax %s, want %s", *c.f.Company, c.state, got, c.want)
		}
	}
	if stateTax(east, "US-MN") != "" || stateTax(reports[""].FilingView(), "US-CA") != "" {
		t.Errorf("EAST reports Minnesota (WEST's movement) or the transactions without a company report California")
	}
	if stateTax(west, "US-WA") != stateTax(reports[""].FilingView(), "US-WA") {
		t.Errorf("WEST's Washington tax %s, want one sale's (its other is reversed), as the sale without a company: %s",
			stateTax(west, "US-WA"), stateTax(reports[""].FilingView(), "US-WA"))
	}
	// The filing view of every company has the companies' states.
	fall := all.FilingView()
	if fall.Company != nil || len(fall.Companies) != 3 {
		t.Fatalf("filing view of every company: company %v, %d subtotals", fall.Company, len(fall.Companies))
	}
	for _, fc := range fall.Companies {
		own := reports[fc.Company].FilingView()
		if !fc.Total.Equal(own.Currencies[0].Total) {
			t.Errorf("filing subtotal of %q: %s, its own filing view %s", fc.Company, fc.Total, own.Currencies[0].Total)
		}
		for _, st := range fc.States {
			if got := stateTax(own, st.State); got != st.Tax.String() {
				t.Errorf("filing subtotal of %q in %s: %s, its own filing view %s", fc.Company, st.State, st.Tax, got)
			}
		}
	}

	// Deleting WEST's second Washington sale takes it out of WEST's
	// report, and out of Washington.
	if err := e.DeleteTransaction(acme, "S-WEST-WA-2"); err != nil {
		t.Fatal(err)
	}
	after, err := journal.SummarizeCompany(ctx, store, "acme", "WEST", from, to)
	if err != nil {
		t.Fatal(err)
	}
	if after.Transactions != 4 || stateTax(after.FilingView(), "US-WA") != "0.00" {
		t.Errorf("WEST after a delete: %d transactions, Washington tax %q; want 4, 0.00 (a sale and its reversal)",
			after.Transactions, stateTax(after.FilingView(), "US-WA"))
	}
	// A company that has no transactions gets an empty report, not an error.
	none, err := journal.SummarizeCompany(ctx, store, "acme", "NORTH", from, to)
	if err != nil || none.Transactions != 0 || len(none.Currencies) != 0 {
		t.Errorf("NORTH: %+v, %v", none, err)
	}
}

// TestCompanyReportShapes checks the JSON and the text of the reports of
// one company and of every company, and the company column of the CSV
// export.
func TestCompanyReportShapes(t *testing.T) {
	store, _, _ := companyJournal(t)
	ctx := context.Background()
	all, err := journal.Summarize(ctx, store, "acme", civil.Date{}, civil.Date{})
	if err != nil {
		t.Fatal(err)
	}
	east, err := journal.SummarizeCompany(ctx, store, "acme", "EAST", civil.Date{}, civil.Date{})
	if err != nil {
		t.Fatal(err)
	}
	none, err := journal.SummarizeCompany(ctx, store, "acme", "", civil.Date{}, civil.Date{})
	if err != nil {
		t.Fatal(err)
	}
	members := func(v any) map[string]json.RawMessage {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	m := members(all)
	if _, ok := m["company"]; ok {
		t.Errorf("the report of every company names a company: %s", m["company"])
	}
	var subs []map[string]any
	if err := json.Unmarshal(m["companies"], &subs); err != nil || len(subs) != 3 {
		t.Fatalf("companies: %s (%v)", m["companies"], err)
	}
	for _, k := range []string{"company", "currency", "transactions", "subTotal", "tax", "filingStates"} {
		if _, ok := subs[1][k]; !ok {
			t.Errorf("a company's subtotal has no %q: %v", k, subs[1])
		}
	}
	if m := members(east); string(m["company"]) != `"EAST"` || m["companies"] != nil {
		t.Errorf("EAST's report: company %s, companies %s", m["company"], m["companies"])
	}
	if m := members(none); string(m["company"]) != `""` {
		t.Errorf("the report of the transactions without a company: company %s, want \"\"", m["company"])
	}
	if m := members(all.FilingView()); m["company"] != nil || m["companies"] == nil {
		t.Errorf("filing view of every company: company %s, companies %s", m["company"], m["companies"])
	}
	if m := members(east.FilingView()); string(m["company"]) != `"EAST"` || m["companies"] != nil {
		t.Errorf("filing view of EAST: company %s, companies %s", m["company"], m["companies"])
	}
	// The JSON reads back as it was written (the CLI reads the admin
	// route's report so).
	b, _ := json.Marshal(east)
	var back journal.Report
	if err := json.Unmarshal(b, &back); err != nil || back.Company == nil || *back.Company != "EAST" {
		t.Fatalf("EAST's report read back: %v, %v", back.Company, err)
	}

	var buf bytes.Buffer
	if err := east.WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "Company:       EAST\n") || strings.Contains(buf.String(), "Per company") {
		t.Errorf("EAST's report as text:\n%s", buf.String())
	}
	buf.Reset()
	if err := none.FilingView().WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "Company:       (none)\n") {
		t.Errorf("the filing view of the transactions without a company:\n%s", buf.String())
	}
	buf.Reset()
	if err := all.WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	if strings.Contains(out, "Company:") || !strings.Contains(out, "Per company") {
		t.Fatalf("the report of every company as text:\n%s", out)
	}
	_, sub, _ := strings.Cut(out, "Per company")
	for _, c := range all.Companies {
		if !strings.Contains(sub, journal.CompanyName(c.Company)) || !strings.Contains(sub, c.Tax.String()) {
			t.Errorf("the subtotals lack %s %s:\n%s", journal.CompanyName(c.Company), c.Tax, sub)
		}
	}
	buf.Reset()
	if err := all.FilingView().WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "Per company") || !strings.Contains(buf.String(), "EAST") {
		t.Errorf("the filing view of every company as text:\n%s", buf.String())
	}

	// The CSV export's company column comes after every earlier
	// column, and only the columns added since after it:
	// profileVersion, customerCode, ruleId, freight and locationCode.
	buf.Reset()
	if _, err := journal.Export(ctx, store, "acme", civil.Date{}, civil.Date{}, journal.CSV, &buf, nil); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := slices.Index(recs[0], "company")
	if after := recs[0][col+1:]; !slices.Equal(after, []string{"profileVersion", "customerCode", "ruleId", "freight", "locationCode"}) {
		t.Fatalf("CSV header %v: company is followed by %v, want profileVersion, customerCode, ruleId, freight and locationCode", recs[0], after)
	}
	seen := map[string]string{}
	for _, r := range recs[1:] {
		seen[r[0]] = r[col]
	}
	for id, want := range map[string]string{"S-EAST-CA": "EAST", "P-EAST-WA": "EAST", "O-WEST-MN": "WEST", "S-WEST-WA-REV": "WEST", "S-NONE-WA": ""} {
		if got, ok := seen[id]; !ok || got != want {
			t.Errorf("CSV rows of %s: company %q (present %v), want %q", id, got, ok, want)
		}
	}
}

// TestCompanyReportWithoutCodes checks that a tenant whose requests name
// no company code gets its text report as before: no per-company part.
func TestCompanyReportWithoutCodes(t *testing.T) {
	store, _, _ := companyJournal(t)
	rep, err := journal.SummarizeCompany(context.Background(), store, "acme", "", civil.Date{}, civil.Date{})
	if err != nil {
		t.Fatal(err)
	}
	// Made into a report of every company of a tenant that names none.
	rep.Company = nil
	rep.Companies = []journal.CompanyTotal{{Company: "", Currency: "USD", Transactions: 1}}
	var buf bytes.Buffer
	if err := rep.WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), "Per company") || strings.Contains(buf.String(), "Company:") {
		t.Errorf("a report without company codes shows companies:\n%s", buf.String())
	}
}

// TestCheckCompany refuses what no request could have stored as a
// company code, naming the field company.
func TestCheckCompany(t *testing.T) {
	for _, ok := range []string{"", "EAST", "Ost-GmbH & Co. KG", strings.Repeat("é", journal.MaxCompanyLength)} {
		if err := journal.CheckCompany(ok); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
	for _, bad := range []string{strings.Repeat("x", journal.MaxCompanyLength+1), "EA\nST", "EAST\u202e", "\xff"} {
		var e *levy.Error
		if err := journal.CheckCompany(bad); !errors.As(err, &e) || e.Code != levy.EInvalid || e.Field != "company" {
			t.Errorf("%q: %v, want an EInvalid error about company", bad, err)
		}
	}
}

// TestCompanyTextQuotesUnprintable prints a company code that a journal
// written before company codes were checked may hold, with an ANSI
// escape and a line break: the text of both views quotes it with Go's
// escapes, and nothing raw reaches the terminal.
func TestCompanyTextQuotesUnprintable(t *testing.T) {
	code := "EV\x1b[31mIL\nX"
	rep := &journal.Report{Tenant: "acme", Company: &code, Currencies: []journal.CurrencyReport{},
		Companies: []journal.CompanyTotal{{Company: code, Currency: "USD", Transactions: 1, FilingStates: []journal.StateTax{{State: "US-WA"}}}}}
	for name, w := range map[string]interface{ WriteText(io.Writer) error }{"report": rep, "filing view": rep.FilingView()} {
		var buf bytes.Buffer
		if err := w.WriteText(&buf); err != nil {
			t.Fatal(err)
		}
		if strings.ContainsAny(buf.String(), "\x1b") || strings.Contains(buf.String(), "IL\nX") || strings.Count(buf.String(), `"EV\x1b[31mIL\nX"`) < 2 {
			t.Errorf("%s:\n%s", name, buf.String())
		}
	}
}

// TestCompanyNamesDistinct prints the subtotals of company codes that
// would read alike in a column of text: none, a code that is "(none)"
// itself, "EAST" and "EAST" with a space at either end. Each prints as a
// name of its own, in both views.
func TestCompanyNamesDistinct(t *testing.T) {
	codes := []string{"", "(none)", "EAST", " EAST", "EAST "}
	rep := &journal.Report{Tenant: "acme", Currencies: []journal.CurrencyReport{}}
	for _, c := range codes {
		rep.Companies = append(rep.Companies, journal.CompanyTotal{Company: c, Currency: "USD", Transactions: 1,
			FilingStates: []journal.StateTax{{State: "US-WA"}}})
	}
	names := map[string]string{}
	for _, c := range codes {
		n := journal.CompanyName(c)
		if other, ok := names[n]; ok {
			t.Errorf("company codes %q and %q both print as %q", other, c, n)
		}
		names[n] = c
	}
	for name, w := range map[string]interface{ WriteText(io.Writer) error }{"report": rep, "filing view": rep.FilingView()} {
		var buf bytes.Buffer
		if err := w.WriteText(&buf); err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{`"(none)"`, `" EAST"`, `"EAST "`} {
			if !strings.Contains(buf.String(), want) {
				t.Errorf("%s has no %s:\n%s", name, want, buf.String())
			}
		}
	}
}
