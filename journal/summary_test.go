package journal_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/journal/journaltest"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// postGolden posts the golden request name of the engine's test data
// through e, as an INVOICE with transaction ID id, for the tenant of ctx;
// a non-zero posting date replaces the document date in reports.
func postGolden(t *testing.T, ctx context.Context, e *engine.Engine, name, id string, posting civil.Date) {
	t.Helper()
	var req wire.SaleRequest
	if err := json.Unmarshal(journaltest.Invoice(t, filepath.Join("..", "engine", "testdata", "golden", name+".request.json"), id), &req); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	req.PostingDate = posting
	if _, err := e.Sale(ctx, &req); err != nil {
		t.Fatalf("posting %s as %s: %v", name, id, err)
	}
}

// findRow returns the row of a report's section, or fails.
func findRow(t *testing.T, c journal.CurrencyReport, jur, imp, from string, reason journal.ZeroTaxReason) journal.SummaryRow {
	t.Helper()
	for _, r := range c.Rows {
		if r.JurisdictionID == jur && r.Imposition == imp && r.CollectedFrom == from && r.ZeroTaxReason == reason {
			return r
		}
	}
	t.Fatalf("%s: no row %s %s %s %q", c.Currency, jur, imp, from, reason)
	return journal.SummaryRow{}
}

// amounts returns a row's amounts as "taxable/exempt/nonTaxable/tax".
func amounts(a journal.Amounts) string {
	return a.Taxable.String() + "/" + a.Exempt.String() + "/" + a.NonTaxable.String() + "/" + a.Tax.String()
}

// TestSummarizePostedTransactions replays the report of issue 22: the
// remittance report showed USD 23.45 of German VAT for an invoice in
// euros whose CSV export rows add up to EUR 21.66, because it took the
// amounts the engine had converted to the filing currency of the
// location. Invoices calculated by the engine over a Badger journal now
// report in their own currency, one section per currency with its total,
// the conversion beside the row with its rate and both amounts, and the
// reason of every zero tax; the export's rows add up to the report's.
func TestSummarizePostedTransactions(t *testing.T) {
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
	postGolden(t, acme, e, "sale-de-tax-included-invoice", "INV-DE-1", civil.Date{})
	postGolden(t, acme, e, "sale-de-tax-included-invoice", "INV-DE-2", civil.Date{})
	if _, err := e.ReverseTransaction(acme, "INV-DE-2", wire.ReversalRequest{TransactionID: "INV-DE-2-REV", PostingDate: civil.MustParse("2026-03-31")}); err != nil {
		t.Fatal(err)
	}
	postGolden(t, acme, e, "sale-de-tax-included-invoice", "INV-DE-LATE", civil.MustParse("2026-10-05"))
	postGolden(t, acme, e, "sale-eu-reverse-charge-and-b2c", "INV-EU-1", civil.Date{})
	postGolden(t, acme, e, "sale-us-nexus-exemption-evidence", "INV-US-1", civil.Date{})
	postGolden(t, acme, e, "sale-us-ca-los-angeles-quotation", "INV-LA-1", civil.Date{})
	postGolden(t, levy.WithTenant(ctx, "globex"), e, "sale-us-ca-los-angeles-quotation", "INV-GLOBEX", civil.Date{})

	from, to := civil.MustParse("2026-03-01"), civil.MustParse("2026-09-30")
	rep, err := journal.Summarize(ctx, store, "acme", from, to)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Tenant != "acme" || rep.From != from || rep.To != to || rep.Transactions != 6 || len(rep.Currencies) != 2 {
		t.Fatalf("heading: %s %s..%s, %d transactions, %d currencies; want acme, 6 transactions (INV-DE-LATE is after the period, INV-GLOBEX another tenant's), EUR and USD",
			rep.Tenant, rep.From, rep.To, rep.Transactions, len(rep.Currencies))
	}
	eur, usd := rep.Currencies[0], rep.Currencies[1]
	if eur.Currency != "EUR" || usd.Currency != "USD" {
		t.Fatalf("sections %q %q, want EUR then USD", eur.Currency, usd.Currency)
	}

	// EUR: the German invoice twice, the second reversed, and the EU
	// invoice whose taxes are all zero for four different reasons.
	if eur.Transactions != 4 || eur.Total.Tax.String() != "21.66" || eur.Total.SubTotal.String() != "1828.01" {
		t.Errorf("EUR total: %d transactions, tax %s, net %s; want 4, 21.66 (19.00 + 0.70 + 1.96, the reversal cancelling the copy), 1828.01 (138.01 + 1690.00)",
			eur.Transactions, eur.Total.Tax, eur.Total.SubTotal)
	}
	de := findRow(t, eur, "DE", "VAT", "SELLER", "")
	if got := amounts(de.Amounts); got != "138.01/0.00/0.00/21.66" || de.Transactions != 3 || de.JurisdictionName != "Germany" {
		t.Errorf("DE VAT: %s in %d transactions, want 138.01/0.00/0.00/21.66 in 3", got, de.Transactions)
	}
	if len(de.Conversions) != 1 {
		t.Fatalf("DE VAT conversions: %+v, want one to USD", de.Conversions)
	}
	c := de.Conversions[0]
	if c.Currency != "USD" || c.Rate.String() != "1.0825" || c.Tax.String() != "21.66" || c.FilingTax.String() != "23.45" ||
		c.Taxable.String() != "138.01" || c.FilingTaxable.String() != "149.40" || c.FilingExempt.String() != "0.00" {
		t.Errorf("DE VAT conversion: %+v; want EUR 21.66 = USD 23.45 (20.57 + 0.76 + 2.12), taxable 138.01 = 149.40, at 1.0825", c)
	}
	for _, want := range []struct {
		jur, from string
		reason    journal.ZeroTaxReason
		amounts   string
	}{
		{"FR", "BUYER", journal.ReasonReverseCharge, "1000.00/0.00/0.00/0.00"},
		{"FR", "SELLER", journal.ReasonNoNexus, "240.00/0.00/0.00/0.00"},
		{"IT", "SELLER", journal.ReasonNoNexus, "50.00/0.00/0.00/0.00"},
		{"AT", "SELLER", journal.ReasonNoNexus, "100.00/0.00/0.00/0.00"},
		{"DE", "SELLER", journal.ReasonZeroRate, "300.00/0.00/0.00/0.00"},
	} {
		r := findRow(t, eur, want.jur, "VAT", want.from, want.reason)
		if got := amounts(r.Amounts); got != want.amounts || r.Transactions != 1 || len(r.Conversions) != 0 {
			t.Errorf("%s VAT %s %s: %s in %d transactions, conversions %v; want %s in 1", want.jur, want.from, want.reason, got, r.Transactions, r.Conversions, want.amounts)
		}
	}
	if len(eur.Rows) != 6 {
		t.Errorf("EUR has %d rows, want 6", len(eur.Rows))
	}

	// USD: no nexus in Texas, an exempt sale and taxable ones in
	// California, a non-taxable line in Los Angeles.
	if usd.Transactions != 2 || usd.Total.Tax.String() != "20.48" || usd.Total.SubTotal.String() != "472.42" {
		t.Errorf("USD total: %d transactions, tax %s, net %s; want 2, 20.48 (14.63 + 5.85), 472.42 (400.00 + 72.42)",
			usd.Transactions, usd.Total.Tax, usd.Total.SubTotal)
	}
	for _, want := range []struct {
		jur     string
		reason  journal.ZeroTaxReason
		amounts string
		txs     int
	}{
		{"US-TX", journal.ReasonNoNexus, "100.00/0.00/0.00/0.00", 1},
		{"US-CA", journal.ReasonExempt, "0.00/100.00/0.00/0.00", 1},
		{"US-CA", journal.ReasonNonTaxable, "0.00/0.00/12.45/0.00", 1},
		{"US-CA", "", "259.97/0.00/0.00/17.60", 2}, // 7.25 + 6.00 + 4.35
		{"US-06037-MEASURE_A", journal.ReasonNonTaxable, "0.00/0.00/12.45/0.00", 1},
	} {
		r := findRow(t, usd, want.jur, "Sales and Use Tax", "SELLER", want.reason)
		if got := amounts(r.Amounts); got != want.amounts || r.Transactions != want.txs {
			t.Errorf("%s %q: %s in %d transactions, want %s in %d", want.jur, want.reason, got, r.Transactions, want.amounts, want.txs)
		}
	}

	// The rows of the CSV export of the same period add up to the
	// report's tax in each currency.
	var out bytes.Buffer
	if _, err := journal.Export(ctx, store, "acme", from, to, journal.CSV, &out, nil); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&out).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, name := range rows[0] {
		col[name] = i
	}
	sums := map[string]money.Amount{}
	filing := map[string]money.Amount{}
	for _, row := range rows[1:] {
		tax, err := money.Parse(row[col["tax"]])
		if err != nil {
			t.Fatal(err)
		}
		sums[row[col["currency"]]] = sums[row[col["currency"]]].Add(tax)
		if fc := row[col["filingCurrency"]]; fc != "" {
			ft, err := money.Parse(row[col["filingTax"]])
			if err != nil || row[col["filingRate"]] != "1.0825" {
				t.Fatalf("filing columns of %v: %v", row, err)
			}
			filing[fc] = filing[fc].Add(ft)
		}
	}
	if sums["EUR"].String() != eur.Total.Tax.String() || sums["USD"].String() != usd.Total.Tax.String() || filing["USD"].String() != "23.45" {
		t.Errorf("CSV sums: EUR %s, USD %s, filing USD %s; the report says EUR %s, USD %s, filing USD 23.45",
			sums["EUR"], sums["USD"], filing["USD"], eur.Total.Tax, usd.Total.Tax)
	}

	// The text for people: the heading, the sections with their totals,
	// the conversion with its rate and the reasons.
	var text bytes.Buffer
	if err := rep.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"Tenant:        acme\n",
		"Period:        posted 2026-03-01 to 2026-09-30\n",
		"Currencies:    EUR, USD (each amount in the currency of its transactions)\n",
		"Transactions:  6\n",
		"\nEUR: 4 transactions\n",
		"\nUSD: 2 transactions\n",
		"DE VAT (SELLER) at 1 EUR = 1.0825 USD: tax EUR 21.66 = USD 23.45; taxable EUR 138.01 = USD 149.40; exempt EUR 0.00 = USD 0.00\n",
		"Net amount of the transactions: EUR 1828.01\n",
		"Net amount of the transactions: USD 472.42\n",
		"reverse charge: the buyer accounts for the tax",
		"no nexus: the seller is not registered there",
		"zero rate",
		"exempt",
		"non-taxable",
	} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("the text lacks %q:\n%s", want, text.String())
		}
	}
	for _, line := range strings.Split(text.String(), "\n") {
		fields := strings.Fields(line)
		if len(fields) > 3 && fields[0] == "TOTAL" && fields[1] == "TAX" {
			if want := map[string]string{"EUR": "21.66", "USD": "20.48"}[fields[2]]; fields[3] != want {
				t.Errorf("total line %q, want tax %s", line, want)
			}
		}
	}

	// The JSON of the report, which `levy journal report --json` prints
	// and the server answers, reads back to the same report.
	b, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	var back journal.Report
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	b2, _ := json.Marshal(&back)
	if !bytes.Equal(b, b2) || !strings.Contains(string(b), `"zeroTaxReason":"REVERSE_CHARGE"`) || !strings.Contains(string(b), `"filingTax":23.45`) {
		t.Errorf("the JSON does not read back the same:\n%s\n%s", b, b2)
	}

	// Another tenant's report has only its own transaction; an empty
	// period says so.
	other, err := journal.Summarize(ctx, store, "globex", civil.Date{}, civil.Date{})
	if err != nil {
		t.Fatal(err)
	}
	if other.Transactions != 1 || len(other.Currencies) != 1 || other.Currencies[0].Total.Tax.String() != "5.85" {
		t.Errorf("globex: %+v, want its one invoice of 5.85 tax", other)
	}
	none, err := journal.Summarize(ctx, store, "acme", civil.MustParse("2027-01-01"), civil.Date{})
	if err != nil {
		t.Fatal(err)
	}
	text.Reset()
	if err := none.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if none.Transactions != 0 || len(none.Currencies) != 0 || !strings.Contains(text.String(), "Period:        posted from 2027-01-01\n") ||
		!strings.Contains(text.String(), "No transactions were posted in the period.") {
		t.Errorf("an empty period: %+v\n%s", none, text.String())
	}
}
