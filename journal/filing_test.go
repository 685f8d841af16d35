package journal_test

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
)

// TestFilingView posts invoices to California, New York and Texas (where
// the seller is not registered) and checks the filing view: one section
// per state, one row per jurisdiction with the zero-tax reasons added into
// its columns, each state's total the sum of its rows, the states' tax
// the report's, and a text narrow enough to read.
func TestFilingView(t *testing.T) {
	ctx := levy.WithTenant(context.Background(), "acme")
	store := journal.NewMemory()
	e, err := engine.New(ctx, engine.WithJournal(store), engine.WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		t.Fatal(err)
	}
	postGolden(t, ctx, e, "sale-us-ca-los-angeles-quotation", "INV-CA-1", civil.Date{})
	postGolden(t, ctx, e, "sale-us-nexus-exemption-evidence", "INV-TX-CA", civil.Date{})
	postGolden(t, ctx, e, "sale-us-ny-multicomponent-document-rounding", "INV-NY-1", civil.Date{})
	rep, err := journal.Summarize(ctx, store, "acme", civil.Date{}, civil.Date{})
	if err != nil {
		t.Fatal(err)
	}
	f := rep.FilingView()
	if len(f.Currencies) != 1 || f.Transactions != 3 {
		t.Fatalf("filing view of %d transactions in %d currencies", f.Transactions, len(f.Currencies))
	}
	c := f.Currencies[0]
	var states []string
	sum := money.Zero()
	for _, st := range c.States {
		states = append(states, st.State)
		total := money.Zero()
		seen := map[string]bool{}
		for i, r := range st.Rows {
			key := r.JurisdictionID + "|" + r.Imposition + "|" + r.CollectedFrom
			if seen[key] {
				t.Errorf("%s: %s has two rows", st.State, key)
			}
			seen[key] = true
			if i == 0 && r.JurisdictionID != st.State {
				t.Errorf("%s: the first row is %s, not the state's own", st.State, r.JurisdictionID)
			}
			total = total.Add(r.Tax)
		}
		if own := st.Rows[0]; !own.Taxable.Equal(st.Total.Taxable) || !own.Exempt.Equal(st.Total.Exempt) {
			t.Errorf("%s: the total's amounts %+v are not the state's own %+v", st.State, st.Total, own.FilingAmounts)
		}
		if !total.Equal(st.Total.Tax) {
			t.Errorf("%s: rows add up to %s, the total says %s", st.State, total, st.Total.Tax)
		}
		sum = sum.Add(st.Total.Tax)
	}
	if got := strings.Join(states, " "); got != "US-CA US-NY US-TX" {
		t.Errorf("states %s", got)
	}
	if !sum.Equal(rep.Currencies[0].Total.Tax) || !sum.Equal(c.Total) {
		t.Errorf("the states owe %s, the view says %s, the report %s", sum, c.Total, rep.Currencies[0].Total.Tax)
	}
	tx := c.States[2]
	if !tx.Total.Tax.IsZero() || tx.Total.NoNexus.IsZero() || !tx.Total.Taxable.IsZero() {
		t.Errorf("Texas, where the seller is not registered: %+v", tx.Total)
	}
	ca := c.States[0]
	if ca.Name == "" || ca.Total.Tax.IsZero() || ca.Total.Exempt.IsZero() {
		t.Errorf("California, taxed and exempt: %s %+v", ca.Name, ca.Total)
	}
	var out bytes.Buffer
	if err := f.WriteText(&out); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(out.String(), "\n") {
		if n := utf8.RuneCountInString(line); n > 120 {
			t.Errorf("a line of %d characters: %s", n, line)
		}
	}
	for _, want := range []string{"US-CA California", "total US-CA", "total US-TX", "NO NEXUS"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the text lacks %q:\n%s", want, out.String())
		}
	}
	t.Logf("\n%s", out.String())
}

// TestFilingViewTwoTaxesOfOneCountry posts Malaysia's invoice of goods,
// a taxable service and catering, each line bearing both the sales tax
// and the service tax (one of them as non-taxable), and checks that the
// country's total does not add a sale's amounts once per tax: its tax is
// both rows', its amounts are left out (AmountsApart, blank in the text)
// while each row keeps its own, whose columns add up to the net sales.
func TestFilingViewTwoTaxesOfOneCountry(t *testing.T) {
	ctx := levy.WithTenant(context.Background(), "acme")
	store := journal.NewMemory()
	e, err := engine.New(ctx, engine.WithJournal(store), engine.WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		t.Fatal(err)
	}
	postGolden(t, ctx, e, "sale-my-sales-and-service-tax", "INV-MY-1", civil.Date{})
	rep, err := journal.Summarize(ctx, store, "acme", civil.Date{}, civil.Date{})
	if err != nil {
		t.Fatal(err)
	}
	f := rep.FilingView()
	if len(f.Currencies) != 1 || len(f.Currencies[0].States) != 1 {
		t.Fatalf("filing view: %+v", f)
	}
	my := f.Currencies[0].States[0]
	if my.State != "MY" || len(my.Rows) != 2 {
		t.Fatalf("Malaysia: %+v", my)
	}
	net := money.MustParse("2950.00")
	for _, r := range my.Rows {
		if got := r.Taxable.Add(r.Exempt).Add(r.NonTaxable); !got.Equal(net) {
			t.Errorf("%s: its columns add up to %s, not the net sales %s", r.Imposition, got, net)
		}
	}
	if !my.AmountsApart || !my.Total.Tax.Equal(money.MustParse("241.00")) {
		t.Errorf("Malaysia's total: %+v, amounts apart %v", my.Total, my.AmountsApart)
	}
	if sum := my.Total.Taxable.Add(my.Total.Exempt).Add(my.Total.NonTaxable).Add(my.Total.NoNexus); !sum.IsZero() {
		t.Errorf("Malaysia's total counts the sales once per tax: %+v", my.Total)
	}
	var out bytes.Buffer
	if err := f.WriteText(&out); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(out.String(), "\n") {
		if f := strings.Fields(line); len(f) > 0 && f[0] == "total" {
			if strings.Join(f, " ") != "total MY 241.00" {
				t.Errorf("the total's line: %q", line)
			}
		}
	}
}
