package nexus_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/nexus"
)

// The walk: what a remote seller's accountant asks of the report, one
// scenario at a time, each in a tenant of its own over the memory store,
// Badger on disk and PostgreSQL. After every scenario the figures agree
// with the journal (a rebuild finds no difference), whatever the
// scenario stored, reversed, rolled back or deleted.

// walker posts the sales of one scenario and asks the report.
type walker struct {
	t      *testing.T
	ctx    context.Context
	j      journal.Store
	tenant string
}

// walkTx is a sale of company with one line of amount (US dollars) into
// state, on date; the options change it before it is posted.
func walkTx(id, company, date, state, amount string, opts ...func(*journal.Transaction)) *journal.Transaction {
	a := money.MustParse(amount)
	tx := &journal.Transaction{TransactionID: id, Perspective: "SELLER", MessageType: "INVOICE", Company: company,
		DocumentDate: civil.MustParse(date), Currency: "USD", SubTotal: a, Total: a,
		Lines: []journal.Line{{LineItemID: "1", Destination: "US-" + state, Amount: a,
			Taxes: []journal.Tax{{JurisdictionID: "US-" + state, TaxResult: "TAXABLE", Taxable: a}}}}}
	for _, o := range opts {
		o(tx)
	}
	return tx
}

// exemptBy makes the sale's tax exempt by rule (customer-certificate,
// customer-exempt, or a product's rule) for reason.
func exemptBy(rule, reason string) func(*journal.Transaction) {
	return func(tx *journal.Transaction) {
		for i := range tx.Lines {
			l := &tx.Lines[i]
			for k := range l.Taxes {
				x := &l.Taxes[k]
				x.TaxResult, x.Exempt, x.Taxable, x.RuleID, x.ReasonCode = "EXEMPT", l.Amount, money.Zero(), rule, reason
			}
		}
	}
}

func marketplace(tx *journal.Transaction) { tx.Marketplace = true }

func (w *walker) post(txs ...*journal.Transaction) {
	w.t.Helper()
	if _, err := w.j.PostAll(w.ctx, w.tenant, txs); err != nil {
		w.t.Fatalf("post: %v", err)
	}
}

// many posts n sales of amount into state on date, IDs prefix-0 on.
func (w *walker) many(prefix, company, date, state, amount string, n int) {
	w.t.Helper()
	txs := make([]*journal.Transaction, n)
	for i := range txs {
		txs[i] = walkTx(fmt.Sprintf("%s-%d", prefix, i), company, date, state, amount)
	}
	w.post(txs...)
}

func (w *walker) report(asOf string) *nexus.Report {
	w.t.Helper()
	rep, err := nexus.Build(w.ctx, w.j, curatedRules(w.t), w.tenant, nexus.Options{AsOf: civil.MustParse(asOf)})
	if err != nil {
		w.t.Fatalf("report as of %s: %v", asOf, err)
	}
	return rep
}

// want is what a row of the report should say; an empty crossed or
// collect is a row not crossed.
type want struct {
	status  string
	sales   string
	count   int64
	crossed string
	collect string
}

func (w *walker) expect(asOf, company, state string, x want) nexus.Row {
	w.t.Helper()
	r := row(w.t, w.report(asOf), company, state)
	date := func(d *civil.Date) string {
		if d == nil {
			return ""
		}
		return d.String()
	}
	got := want{r.Status, r.Sales.Decimal().StringFixed(2), r.Transactions, date(r.CrossedOn), date(r.CollectFrom)}
	if got != x {
		w.t.Errorf("%s %s as of %s: got %+v, want %+v\n%s", company, state, asOf, got, x, r.Explanation)
	}
	return r
}

// agrees checks that the figures are what the journal holds.
func (w *walker) agrees() {
	w.t.Helper()
	found, err := nexus.Rebuild(w.ctx, w.j, w.tenant, false)
	if err != nil {
		w.t.Fatalf("rebuild: %v", err)
	}
	if len(found.Differences) > 0 || len(found.Months) > 0 {
		var b strings.Builder
		_ = found.WriteText(&b)
		w.t.Errorf("the figures differ from the journal:\n%s", b.String())
	}
}

var walkScenarios = []struct {
	name string
	run  func(w *walker)
}{
	{"at-least exactly at the threshold (Texas)", func(w *walker) {
		w.post(walkTx("1", "", "2026-02-10", "TX", "500000.00"))
		w.expect("2026-02-28", "", "TX", want{"exceeded", "500000.00", 1, "2026-02-10", "2026-06-01"})
	}},
	{"over: exactly at the threshold is not past it (Washington)", func(w *walker) {
		w.post(walkTx("1", "", "2026-02-10", "WA", "100000.00"))
		w.expect("2026-02-28", "", "WA", want{"approaching", "100000.00", 1, "", ""})
		w.post(walkTx("2", "", "2026-02-11", "WA", "0.01"))
		// 29 days after 2026-02-11 is 2026-03-12: the first of April.
		w.expect("2026-02-28", "", "WA", want{"exceeded", "100000.01", 2, "2026-02-11", "2026-04-01"})
	}},
	{"or: the count alone (New Jersey)", func(w *walker) {
		w.many("a", "", "2026-01-05", "NJ", "10.00", 199)
		w.expect("2026-01-19", "", "NJ", want{"approaching", "1990.00", 199, "", ""})
		w.post(walkTx("last", "", "2026-01-20", "NJ", "10.00"))
		w.expect("2026-01-31", "", "NJ", want{"exceeded", "2000.00", 200, "2026-01-20", "2026-01-21"})
	}},
	{"and: one test alone is not enough (New York)", func(w *walker) {
		w.post(walkTx("big", "BIG", "2026-01-10", "NY", "600000.00"))
		w.expect("2026-01-31", "BIG", "NY", want{"none", "600000.00", 1, "", ""})
		w.many("small", "MANY", "2026-01-10", "NY", "1000.00", 101)
		w.expect("2026-01-31", "MANY", "NY", want{"none", "101000.00", 101, "", ""})
		// More than 100 sales and more than $500,000, in the quarter of
		// December to February: collection 50 days after 2026-02-28.
		w.many("both", "BOTH", "2026-01-10", "NY", "5000.00", 101)
		w.expect("2026-01-31", "BOTH", "NY", want{"exceeded", "505000.00", 101, "2026-01-10", "2026-04-19"})
		// Exactly 100 sales are not more than 100.
		w.many("hundred", "HUNDRED", "2026-01-10", "NY", "5001.00", 100)
		w.expect("2026-01-31", "HUNDRED", "NY", want{"approaching", "500100.00", 100, "", ""})
	}},
	{"a transaction test dropped on a date (Utah, 2025-07-01)", func(w *walker) {
		w.many("jan", "JAN", "2025-01-15", "UT", "10.00", 200)
		w.expect("2025-01-31", "JAN", "UT", want{"exceeded", "2000.00", 200, "2025-01-15", "2025-01-16"})
		w.many("jul", "JUL", "2025-07-15", "UT", "10.00", 200)
		w.expect("2025-07-31", "JUL", "UT", want{"none", "2000.00", 200, "", ""})
		// Past the $100,000 after the date, crossed on the sales alone.
		w.post(walkTx("big", "JUL", "2025-08-04", "UT", "98000.01"))
		w.expect("2025-08-31", "JUL", "UT", want{"exceeded", "100000.01", 201, "2025-08-04", "2025-08-05"})
	}},
	{"the previous calendar year counts to its next year's end (Washington)", func(w *walker) {
		w.post(walkTx("1", "", "2025-12-31", "WA", "150000.00"))
		w.expect("2025-12-31", "", "WA", want{"exceeded", "150000.00", 1, "2025-12-31", "2026-02-01"})
		w.expect("2026-12-31", "", "WA", want{"exceeded", "150000.00", 1, "2025-12-31", "2026-02-01"})
		w.expect("2027-01-01", "", "WA", want{"none", "0.00", 0, "", ""})
	}},
	{"twelve months ending on the day, over a leap day (Texas)", func(w *walker) {
		w.post(walkTx("1", "", "2024-02-29", "TX", "500000.00"))
		w.expect("2024-02-29", "", "TX", want{"exceeded", "500000.00", 1, "2024-02-29", "2024-06-01"})
		// The twelve months ending on 2025-02-27 start on 2024-02-28;
		// those ending on 2025-02-28, the month's last day, on 2024-03-01.
		w.expect("2025-02-27", "", "TX", want{"exceeded", "500000.00", 1, "2024-02-29", "2024-06-01"})
		w.expect("2025-02-28", "", "TX", want{"none", "0.00", 0, "", ""})
	}},
	{"twelve months: the first and the last day of the window (Mississippi)", func(w *walker) {
		w.post(walkTx("1", "", "2025-03-01", "MS", "250000.01"))
		w.expect("2026-02-28", "", "MS", want{"exceeded", "250000.01", 1, "2025-03-01", "2025-03-02"})
		w.expect("2026-03-01", "", "MS", want{"none", "0.00", 0, "", ""})
	}},
	{"resales: gross counts them, retail and taxable do not", func(w *walker) {
		cert := exemptBy("customer-certificate", "G")
		w.post(walkTx("al", "", "2026-03-02", "AL", "300000.00", cert), walkTx("ks", "", "2026-03-02", "KS", "300000.00", cert),
			walkTx("fl", "", "2026-03-02", "FL", "300000.00", cert))
		w.expect("2026-03-31", "", "AL", want{"none", "0.00", 1, "", ""})
		w.expect("2026-03-31", "", "KS", want{"exceeded", "300000.00", 1, "2026-03-02", "2026-03-03"})
		w.expect("2026-03-31", "", "FL", want{"none", "0.00", 1, "", ""})
	}},
	{"a product the state exempts is a retail sale, not a taxable one", func(w *walker) {
		product := exemptBy("exempt-product", "")
		w.post(walkTx("al", "", "2025-03-02", "AL", "300000.00", product), walkTx("fl", "", "2025-03-02", "FL", "300000.00", product))
		// Alabama counts the previous year's retail sales: collection
		// from the day after that year.
		w.expect("2025-03-31", "", "AL", want{"exceeded", "300000.00", 1, "2025-03-02", "2026-01-01"})
		w.expect("2025-03-31", "", "FL", want{"none", "0.00", 1, "", ""})
	}},
	{"marketplace sales: excluded (Alabama) and included (Kansas)", func(w *walker) {
		w.post(walkTx("al", "", "2026-03-02", "AL", "300000.00", marketplace), walkTx("ks", "", "2026-03-02", "KS", "150000.00", marketplace))
		r := w.expect("2026-03-31", "", "AL", want{"none", "0.00", 0, "", ""})
		if r.MarketplaceSales.Decimal().StringFixed(2) != "300000.00" || r.MarketplaceTransactions != 1 {
			w.t.Errorf("Alabama's marketplace sales shown apart: %s in %d", r.MarketplaceSales, r.MarketplaceTransactions)
		}
		w.expect("2026-03-31", "", "KS", want{"exceeded", "150000.00", 1, "2026-03-02", "2026-03-03"})
	}},
	{"a reversal in a later month takes the state back under from its day", func(w *walker) {
		w.post(walkTx("1", "", "2026-01-10", "TX", "600000.00"))
		if _, err := w.j.Reverse(w.ctx, w.tenant, "1", journal.Reversal{TransactionID: "1-rev", PostingDate: civil.MustParse("2026-03-05")}); err != nil {
			w.t.Fatal(err)
		}
		w.expect("2026-02-28", "", "TX", want{"exceeded", "600000.00", 1, "2026-01-10", "2026-05-01"})
		w.expect("2026-03-31", "", "TX", want{"none", "0.00", 0, "", ""})
	}},
	{"a return of part of a sale takes its amount away and leaves the count", func(w *walker) {
		w.post(walkTx("1", "", "2026-01-10", "TX", "600000.00"))
		w.post(walkTx("credit", "", "2026-02-10", "TX", "-200000.00"))
		w.expect("2026-02-28", "", "TX", want{"approaching", "400000.00", 1, "", ""})
	}},
	{"a new version, a rollback and a delete", func(w *walker) {
		// Versions a sync writes (an ARBILLING_SYNC), which a rollback
		// undoes.
		sync := func(tx *journal.Transaction) { tx.MessageType, tx.Sync = "ARBILLING_SYNC", true }
		w.post(walkTx("1", "", "2026-01-10", "TX", "600000.00"))
		w.post(walkTx("1", "", "2026-01-10", "TX", "100000.00", sync))
		w.expect("2026-01-31", "", "TX", want{"none", "100000.00", 1, "", ""})
		w.agrees()
		w.post(walkTx("1", "", "2026-01-10", "CA", "600000.00", sync))
		w.expect("2026-01-31", "", "TX", want{"none", "0.00", 0, "", ""})
		w.expect("2026-01-31", "", "CA", want{"exceeded", "600000.00", 1, "2026-01-10", "2026-01-11"})
		w.agrees()
		if _, err := w.j.Rollback(w.ctx, w.tenant, "1"); err != nil {
			w.t.Fatal(err)
		}
		w.expect("2026-01-31", "", "TX", want{"none", "100000.00", 1, "", ""})
		w.expect("2026-01-31", "", "CA", want{"none", "0.00", 0, "", ""})
		w.agrees()
		if err := w.j.Delete(w.ctx, w.tenant, "1"); err != nil {
			w.t.Fatal(err)
		}
		w.expect("2026-01-31", "", "TX", want{"none", "0.00", 0, "", ""})
	}},
	{"a reversed sale stored again under a new ID counts once", func(w *walker) {
		w.post(walkTx("1", "", "2026-01-10", "TX", "300000.00"))
		if _, err := w.j.Reverse(w.ctx, w.tenant, "1", journal.Reversal{TransactionID: "1-rev", PostingDate: civil.MustParse("2026-01-12")}); err != nil {
			w.t.Fatal(err)
		}
		w.post(walkTx("2", "", "2026-01-12", "TX", "300000.00"))
		w.expect("2026-01-31", "", "TX", want{"none", "300000.00", 1, "", ""})
		// Deleting the reversal restores the sale it took back.
		if err := w.j.Delete(w.ctx, w.tenant, "1-rev"); err != nil {
			w.t.Fatal(err)
		}
		w.expect("2026-01-31", "", "TX", want{"exceeded", "600000.00", 2, "2026-01-12", "2026-05-01"})
	}},
	{"estimates and other kinds that are not sales do not count", func(w *walker) {
		kind := func(k string) func(*journal.Transaction) { return func(tx *journal.Transaction) { tx.MessageType = k } }
		w.post(walkTx("q", "", "2026-01-10", "TX", "600000.00", kind("QUOTATION")),
			walkTx("b", "", "2026-01-10", "TX", "600000.00", func(tx *journal.Transaction) { tx.Perspective, tx.MessageType = "BUYER", "ACCRUAL" }),
			walkTx("t", "", "2026-01-10", "TX", "600000.00", func(tx *journal.Transaction) { tx.TaxOnly = true }))
		w.expect("2026-01-31", "", "TX", want{"none", "0.00", 0, "", ""})
		w.post(walkTx("d", "", "2026-01-11", "TX", "250000.00", kind("DISTRIBUTE_TAX")),
			walkTx("s", "", "2026-01-11", "TX", "250000.00", kind("ARBILLING_SYNC")))
		w.expect("2026-01-31", "", "TX", want{"exceeded", "500000.00", 2, "2026-01-11", "2026-05-01"})
	}},
	{"two companies each under, neither crossed", func(w *walker) {
		w.post(walkTx("1", "ACME", "2026-01-10", "TX", "300000.00"), walkTx("2", "BETA", "2026-01-10", "TX", "300000.00"))
		w.expect("2026-01-31", "ACME", "TX", want{"none", "300000.00", 1, "", ""})
		w.expect("2026-01-31", "BETA", "TX", want{"none", "300000.00", 1, "", ""})
		// Another tenant's sale with the same ID and company.
		other := *w
		other.tenant = w.tenant + "-other"
		other.post(walkTx("1", "ACME", "2026-01-10", "TX", "600000.00"))
		other.expect("2026-01-31", "ACME", "TX", want{"exceeded", "600000.00", 1, "2026-01-10", "2026-05-01"})
		w.expect("2026-01-31", "ACME", "TX", want{"none", "300000.00", 1, "", ""})
		other.agrees()
	}},
	{"a sale with lines into two states counts once in each", func(w *walker) {
		tx := walkTx("1", "", "2026-01-10", "NJ", "60000.00")
		tx.Lines = append(tx.Lines, tx.Lines[0], walkTx("x", "", "2026-01-10", "KS", "10.00").Lines[0])
		tx.Lines[1].LineItemID, tx.Lines[2].LineItemID = "2", "3"
		w.post(tx)
		w.expect("2026-01-31", "", "NJ", want{"exceeded", "120000.00", 1, "2026-01-10", "2026-01-11"})
		w.expect("2026-01-31", "", "KS", want{"none", "10.00", 1, "", ""})
	}},
	{"a sale in another currency counts at its factor, or not at all", func(w *walker) {
		conv := func(tx *journal.Transaction) {
			tx.Currency = "EUR"
			tx.Lines[0].Factors = []journal.Factor{{Currency: "USD", Rate: money.MustParse("1.10")}}
		}
		w.post(walkTx("1", "", "2026-01-10", "TX", "460000.00", conv))
		r := w.expect("2026-01-31", "", "TX", want{"exceeded", "506000.00", 1, "2026-01-10", "2026-05-01"})
		if r.Unconverted != 0 {
			w.t.Errorf("a converted line counted as unconverted: %d", r.Unconverted)
		}
		w.post(walkTx("2", "", "2026-01-10", "CA", "600000.00", func(tx *journal.Transaction) { tx.Currency = "EUR" }))
		r = w.expect("2026-01-31", "", "CA", want{"none", "0.00", 1, "", ""})
		if r.Unconverted != 1 || !strings.Contains(r.Explanation, "another currency") {
			w.t.Errorf("an unconverted line: %d, %s", r.Unconverted, r.Explanation)
		}
	}},
	{"collection across the year's end", func(w *walker) {
		// Texas: the first day of the fourth month after the crossing.
		w.post(walkTx("tx", "", "2025-12-15", "TX", "500000.00"))
		w.expect("2026-01-31", "", "TX", want{"exceeded", "500000.00", 1, "2025-12-15", "2026-04-01"})
		// New York: 50 days after its quarter of December to February.
		w.many("ny", "", "2025-12-10", "NY", "5000.00", 101)
		w.expect("2026-01-31", "", "NY", want{"exceeded", "505000.00", 101, "2025-12-10", "2026-04-19"})
		// Illinois, 2025's rule: the next calendar quarter.
		w.post(walkTx("il", "", "2025-12-31", "IL", "100000.00"))
		w.expect("2025-12-31", "", "IL", want{"exceeded", "100000.00", 1, "2025-12-31", "2026-01-01"})
	}},
	{"EU distance sales: more than EUR 10,000, in euros or converted", func(w *walker) {
		eu := func(amount string, opts ...func(*journal.Transaction)) *journal.Transaction {
			a := money.MustParse(amount)
			tx := &journal.Transaction{TransactionID: "eu-" + amount, Perspective: "SELLER", MessageType: "INVOICE", Company: "DE",
				DocumentDate: civil.MustParse("2026-03-02"), Currency: "EUR", SubTotal: a, Total: a,
				Lines: []journal.Line{{LineItemID: "1", Destination: "FR", Amount: a, EUDistanceSale: true}}}
			for _, o := range opts {
				o(tx)
			}
			return tx
		}
		w.post(eu("10000.00"))
		w.expect("2026-03-31", "DE", nexus.AreaEU, want{"approaching", "10000.00", 1, "", ""})
		w.post(eu("0.01"))
		w.expect("2026-03-31", "DE", nexus.AreaEU, want{"exceeded", "10000.01", 2, "2026-03-02", "2026-03-02"})
		// Swedish kronor at the document's factor into euros.
		sek := func(tx *journal.Transaction) {
			tx.Company, tx.Currency = "SE", "SEK"
			tx.Lines[0].Factors = []journal.Factor{{Currency: "EUR", Rate: money.MustParse("0.09")}}
		}
		w.post(eu("100000.00", sek))
		w.expect("2026-03-31", "SE", nexus.AreaEU, want{"approaching", "9000.00", 1, "", ""})
	}},
	{"a reversal in the next calendar year leaves the year of the sale as it was", func(w *walker) {
		w.post(walkTx("1", "", "2025-12-20", "WA", "150000.00"))
		if _, err := w.j.Reverse(w.ctx, w.tenant, "1", journal.Reversal{TransactionID: "1-rev", PostingDate: civil.MustParse("2026-01-05")}); err != nil {
			w.t.Fatal(err)
		}
		// 2025's sales were past the threshold when 2025 ended; the
		// reversal counts in 2026, on its posting date.
		w.expect("2026-01-31", "", "WA", want{"exceeded", "150000.00", 1, "2025-12-20", "2026-02-01"})
		w.expect("2027-01-01", "", "WA", want{"none", "0.00", 0, "", ""})
	}},
	{"the reversal of a return, and the reversal of a reversal", func(w *walker) {
		w.post(walkTx("1", "", "2026-01-10", "TX", "600000.00"), walkTx("credit", "", "2026-01-11", "TX", "-200000.00"))
		if _, err := w.j.Reverse(w.ctx, w.tenant, "credit", journal.Reversal{TransactionID: "credit-rev", PostingDate: civil.MustParse("2026-01-12")}); err != nil {
			w.t.Fatal(err)
		}
		w.expect("2026-01-31", "", "TX", want{"exceeded", "600000.00", 1, "2026-01-12", "2026-05-01"})
		if _, err := w.j.Reverse(w.ctx, w.tenant, "1", journal.Reversal{TransactionID: "1-rev", PostingDate: civil.MustParse("2026-01-13")}); err != nil {
			w.t.Fatal(err)
		}
		w.expect("2026-01-31", "", "TX", want{"none", "0.00", 0, "", ""})
		if _, err := w.j.Reverse(w.ctx, w.tenant, "1-rev", journal.Reversal{TransactionID: "1-rev-rev", PostingDate: civil.MustParse("2026-01-14")}); err != nil {
			w.t.Fatal(err)
		}
		w.expect("2026-01-31", "", "TX", want{"exceeded", "600000.00", 1, "2026-01-14", "2026-05-01"})
	}},
	{"a discount line and an exchange: the net of each state", func(w *walker) {
		tx := walkTx("1", "", "2026-01-10", "NJ", "1000.00")
		disc := tx.Lines[0]
		disc.LineItemID, disc.Amount = "2", money.MustParse("-100.00")
		disc.Taxes = []journal.Tax{{JurisdictionID: "US-NJ", TaxResult: "TAXABLE", Taxable: disc.Amount}}
		tx.Lines = append(tx.Lines, disc)
		// An exchange: goods back from Kansas, new ones to New Jersey.
		ret := walkTx("x", "", "2026-01-10", "KS", "-500.00").Lines[0]
		ret.LineItemID = "3"
		tx.Lines = append(tx.Lines, ret)
		w.post(tx)
		w.expect("2026-01-31", "", "NJ", want{"none", "900.00", 1, "", ""})
		// Kansas's current year is below zero: the report shows the
		// previous year, nearer the threshold.
		w.expect("2026-01-31", "", "KS", want{"none", "0.00", 0, "", ""})
		w.expect("2025-12-31", "", "KS", want{"none", "0.00", 0, "", ""})
		w.expect("2026-12-31", "", "KS", want{"none", "0.00", 0, "", ""})
	}},
	{"a sale stored again while its reversal stands", func(w *walker) {
		w.post(walkTx("1", "", "2026-01-10", "TX", "600000.00"))
		if _, err := w.j.Reverse(w.ctx, w.tenant, "1", journal.Reversal{TransactionID: "1-rev", PostingDate: civil.MustParse("2026-01-12")}); err != nil {
			w.t.Fatal(err)
		}
		// The new version supersedes the one the reversal took back and
		// counts in full; the reversal stays, a credit of its own for the
		// version it took back (docs/journal.md): the figures net what
		// the journal holds, below zero.
		w.post(walkTx("1", "", "2026-01-10", "TX", "300000.00"))
		r := w.expect("2026-01-31", "", "TX", want{"none", "-300000.00", 0, "", ""})
		if !strings.HasPrefix(r.Explanation, "none: -$300000.00 of gross sales") || !strings.Contains(r.Explanation, "below zero: the period holds reversals") {
			w.t.Errorf("the explanation of sales below zero: %s", r.Explanation)
		}
		// Deleting the reversal leaves the new version alone.
		if err := w.j.Delete(w.ctx, w.tenant, "1-rev"); err != nil {
			w.t.Fatal(err)
		}
		w.expect("2026-01-31", "", "TX", want{"none", "300000.00", 1, "", ""})
	}},
	{"the EU's previous calendar year", func(w *walker) {
		a := money.MustParse("10000.01")
		w.post(&journal.Transaction{TransactionID: "1", Perspective: "SELLER", MessageType: "INVOICE", Company: "DE",
			DocumentDate: civil.MustParse("2025-11-02"), Currency: "EUR", SubTotal: a, Total: a,
			Lines: []journal.Line{{LineItemID: "1", Destination: "AT", Amount: a, EUDistanceSale: true}}})
		w.expect("2026-06-30", "DE", nexus.AreaEU, want{"exceeded", "10000.01", 1, "2025-11-02", "2025-11-02"})
		w.expect("2027-01-01", "DE", nexus.AreaEU, want{"none", "0.00", 0, "", ""})
	}},
	{"and with at-least: Connecticut's year to September", func(w *walker) {
		w.many("ct", "", "2025-11-01", "CT", "500.00", 200)
		w.expect("2025-11-30", "", "CT", want{"exceeded", "100000.00", 200, "2025-11-01", "2026-10-01"})
		// The year to 2026-09-30 still holds them on its last day, not on
		// the next.
		w.expect("2026-09-30", "", "CT", want{"exceeded", "100000.00", 200, "2025-11-01", "2026-10-01"})
	}},
	{"a sale after the day asked does not count yet", func(w *walker) {
		w.post(walkTx("1", "", "2026-02-15", "TX", "600000.00"))
		w.expect("2026-02-14", "", "TX", want{"none", "0.00", 0, "", ""})
		w.expect("2026-02-15", "", "TX", want{"exceeded", "600000.00", 1, "2026-02-15", "2026-06-01"})
	}},
	{"marketplace sales do not count toward a count that excludes them (South Dakota, 2023)", func(w *walker) {
		txs := make([]*journal.Transaction, 200)
		for i := range txs {
			txs[i] = walkTx(fmt.Sprintf("m%d", i), "", "2023-01-10", "SD", "10.00", marketplace)
		}
		w.post(txs...)
		r := w.expect("2023-01-31", "", "SD", want{"none", "0.00", 0, "", ""})
		if r.MarketplaceTransactions != 200 {
			w.t.Errorf("South Dakota's marketplace transactions: %d, want 200", r.MarketplaceTransactions)
		}
		// New Jersey counts them: 200 transactions.
		for i := range txs {
			txs[i] = walkTx(fmt.Sprintf("n%d", i), "", "2023-01-10", "NJ", "10.00", marketplace)
		}
		w.post(txs...)
		w.expect("2023-01-31", "", "NJ", want{"exceeded", "2000.00", 200, "2023-01-10", "2023-01-11"})
	}},
	{"sales before a rule took effect meet it on its first day (Kansas, 2021-07-01)", func(w *walker) {
		w.post(walkTx("1", "", "2021-03-01", "KS", "150000.00"))
		w.expect("2021-07-31", "", "KS", want{"exceeded", "150000.00", 1, "2021-07-01", "2021-07-01"})
	}},
	{"an EU sale in another currency without a factor is not converted", func(w *walker) {
		a := money.MustParse("200000.00")
		w.post(&journal.Transaction{TransactionID: "1", Perspective: "SELLER", MessageType: "INVOICE", Company: "SE",
			DocumentDate: civil.MustParse("2026-03-02"), Currency: "SEK", SubTotal: a, Total: a,
			Lines: []journal.Line{{LineItemID: "1", Destination: "FI", Amount: a, EUDistanceSale: true}}})
		r := w.expect("2026-03-31", "SE", nexus.AreaEU, want{"none", "0.00", 1, "", ""})
		if r.Unconverted != 1 {
			w.t.Errorf("the EU's unconverted lines: %d, want 1", r.Unconverted)
		}
	}},
	{"New York: a leap year's quarter of December to February", func(w *walker) {
		w.many("ny", "", "2028-02-10", "NY", "5000.00", 101)
		w.expect("2028-02-29", "", "NY", want{"exceeded", "505000.00", 101, "2028-02-10", "2028-04-19"})
		// On the quarter's first day (2028-03-01) the four quarters
		// before hold the sales.
		w.expect("2028-03-01", "", "NY", want{"exceeded", "505000.00", 101, "2028-02-10", "2028-04-19"})
	}},
	{"and: crossed on the day the second test is met, approaching when both are near (New York)", func(w *walker) {
		w.many("n", "LATE", "2026-01-05", "NY", "1000.00", 101)
		w.post(walkTx("big", "LATE", "2026-01-20", "NY", "400000.00"))
		w.expect("2026-01-31", "LATE", "NY", want{"exceeded", "501000.00", 102, "2026-01-20", "2026-04-19"})
		// $450,000 in 90 sales: both at 80% or more.
		w.many("near", "NEAR", "2026-01-05", "NY", "5000.00", 90)
		w.expect("2026-01-31", "NEAR", "NY", want{"approaching", "450000.00", 90, "", ""})
		// $450,000 in 50 sales: the count is at half.
		w.many("far", "FAR", "2026-01-05", "NY", "9000.00", 50)
		w.expect("2026-01-31", "FAR", "NY", want{"none", "450000.00", 50, "", ""})
	}},
	{"an invoice sent again under its ID counts once", func(w *walker) {
		w.post(walkTx("1", "", "2026-01-10", "TX", "300000.00"))
		w.post(walkTx("1", "", "2026-01-10", "TX", "300000.00"))
		w.post(walkTx("1", "", "2026-01-10", "TX", "300000.00"))
		w.expect("2026-01-31", "", "TX", want{"none", "300000.00", 1, "", ""})
	}},
	{"a sale reversed on its own day never crossed", func(w *walker) {
		w.post(walkTx("1", "", "2026-01-10", "TX", "600000.00"))
		if _, err := w.j.Reverse(w.ctx, w.tenant, "1", journal.Reversal{TransactionID: "1-rev", PostingDate: civil.MustParse("2026-01-10")}); err != nil {
			w.t.Fatal(err)
		}
		w.expect("2026-01-31", "", "TX", want{"none", "0.00", 0, "", ""})
	}},
	{"a repair of one tenant's figures leaves another's", func(w *walker) {
		w.post(walkTx("1", "ACME", "2026-01-10", "TX", "600000.00"))
		other := *w
		other.tenant = w.tenant + "-other"
		other.post(walkTx("1", "ACME", "2026-01-10", "TX", "300000.00"))
		if _, err := nexus.Rebuild(w.ctx, w.j, w.tenant, true); err != nil {
			w.t.Fatal(err)
		}
		other.expect("2026-01-31", "ACME", "TX", want{"none", "300000.00", 1, "", ""})
		w.expect("2026-01-31", "ACME", "TX", want{"exceeded", "600000.00", 1, "2026-01-10", "2026-05-01"})
		other.agrees()
	}},
	{"Canada: British Columbia's more than $10,000 and the GST/HST's $30,000", func(w *walker) {
		ca := func(id, date, amount string) *journal.Transaction {
			a := money.MustParse(amount)
			return &journal.Transaction{TransactionID: id, Perspective: "SELLER", MessageType: "INVOICE", Company: "ACME",
				DocumentDate: civil.MustParse(date), Currency: "CAD", SubTotal: a, Total: a,
				Lines: []journal.Line{{LineItemID: "1", Destination: "CA-BC", Amount: a, Taxes: []journal.Tax{
					{JurisdictionID: "CA", TaxResult: "TAXABLE", Taxable: a, Rate: money.MustParse("0.05"), Tax: a.Mul(money.MustParse("0.05"))},
					{JurisdictionID: "CA-BC", TaxResult: "TAXABLE", Taxable: a, Rate: money.MustParse("0.07"), Tax: a.Mul(money.MustParse("0.07"))}}}}}
		}
		w.post(ca("1", "2025-02-10", "10000.00"))
		w.expect("2025-02-28", "ACME", "CA-BC", want{"approaching", "10000.00", 1, "", ""})
		w.post(ca("2", "2025-05-10", "10000.00"), ca("3", "2025-08-10", "10000.00"), ca("4", "2025-11-10", "10000.00"))
		w.expect("2025-05-31", "ACME", "CA-BC", want{"exceeded", "20000.00", 2, "2025-05-10", "2025-05-11"})
		for _, r := range w.report("2026-01-15").Rows {
			if r.Company != "ACME" || r.State != "CAN" {
				continue
			}
			got := fmt.Sprintf("%s %s %s", r.Scheme, r.Status, r.Sales.Decimal().StringFixed(2))
			if r.CrossedOn != nil {
				got += " " + r.CrossedOn.String() + " " + r.CollectFrom.String()
			}
			// Four quarters of 2025 past $30,000 (the small supplier's
			// test: registration from the first day of the second month
			// after them); the simplified registration's 12 months.
			wants := map[string]string{
				"small-supplier": "small-supplier exceeded 40000.00 2025-11-10 2026-02-01",
				"simplified":     "simplified exceeded 40000.00 2025-11-10 2025-11-11",
			}
			if got != wants[r.Scheme] {
				w.t.Errorf("Canada's %s row: %s, want %s\n%s", r.Scheme, got, wants[r.Scheme], r.Explanation)
			}
		}
		// One quarter past $30,000: the supply that takes it over.
		w.post(ca("5", "2026-02-10", "30000.01"))
		for _, r := range w.report("2026-02-10").Rows {
			if r.Company == "ACME" && r.State == "CAN" && r.Scheme == "small-supplier" {
				if r.Status != "exceeded" || r.CollectFrom == nil {
					w.t.Errorf("Canada's small supplier, one quarter past: %s\n%s", r.Status, r.Explanation)
				}
			}
		}
	}},
	{"collection of each kind from a crossing in December", func(w *walker) {
		collect := map[string]string{
			"AK": "2026-01-14", // days+30
			"LA": "2026-02-13", // days+60
			"CO": "2026-04-01", // month-after-days+90: 2026-03-15, then the month after
			"MA": "2026-02-01", // month+2
			"KY": "2026-02-01", // month-within+60: the month that holds 2026-02-13
			"MO": "2026-04-01", // quarter-after+3: three months after the quarter
			"ND": "2026-01-01", // days-or-after-period+60: the year's end comes first
			"PA": "2026-04-01", // after-period+3: April 1 after the year
			"MI": "2026-01-01", // after-period
			"NJ": "2025-12-16", // next-day
		}
		var txs []*journal.Transaction
		for st := range collect {
			txs = append(txs, walkTx(st, "", "2025-12-15", st, "150000.00"))
		}
		w.post(txs...)
		for st, day := range collect {
			w.expect("2025-12-31", "", st, want{"exceeded", "150000.00", 1, "2025-12-15", day})
		}
	}},
	{"a reversal of a sale from before the twelve months", func(w *walker) {
		w.post(walkTx("1", "", "2025-01-10", "TX", "600000.00"))
		if _, err := w.j.Reverse(w.ctx, w.tenant, "1", journal.Reversal{TransactionID: "1-rev", PostingDate: civil.MustParse("2026-01-20")}); err != nil {
			w.t.Fatal(err)
		}
		w.expect("2025-12-31", "", "TX", want{"exceeded", "600000.00", 1, "2025-01-10", "2025-05-01"})
		// The reversal counts on its own day: the twelve months to
		// 2026-01-31 hold it and not the sale, and the explanation says
		// why they are below zero.
		r := w.expect("2026-01-31", "", "TX", want{"none", "-600000.00", -1, "", ""})
		if !strings.Contains(r.Explanation, "-$600000.00") || !strings.Contains(r.Explanation, "below zero") {
			w.t.Errorf("the explanation: %s", r.Explanation)
		}
	}},
	{"a marketplace sale reversed leaves the direct sales alone", func(w *walker) {
		w.post(walkTx("m", "", "2026-01-10", "KS", "150000.00", marketplace), walkTx("d", "", "2026-01-10", "KS", "50000.00"))
		w.expect("2026-01-31", "", "KS", want{"exceeded", "200000.00", 2, "2026-01-10", "2026-01-11"})
		if _, err := w.j.Reverse(w.ctx, w.tenant, "m", journal.Reversal{TransactionID: "m-rev", PostingDate: civil.MustParse("2026-02-02")}); err != nil {
			w.t.Fatal(err)
		}
		// Kansas's previous year has nothing; its current year, crossed on
		// 2026-01-10, has fallen back under.
		r := w.expect("2026-02-28", "", "KS", want{"none", "50000.00", 1, "", ""})
		if !r.MarketplaceSales.IsZero() || r.MarketplaceTransactions != 0 {
			w.t.Errorf("the marketplace sales after the reversal: %s in %d", r.MarketplaceSales, r.MarketplaceTransactions)
		}
	}},
}

// TestWalk runs the walk's scenarios over every store.
func TestWalk(t *testing.T) {
	for name, open := range journalStores(true) {
		t.Run(name, func(t *testing.T) {
			j := open(t)
			defer j.Close()
			for i, s := range walkScenarios {
				t.Run(s.name, func(t *testing.T) {
					w := &walker{t: t, ctx: context.Background(), j: j, tenant: fmt.Sprintf("walk%d", i)}
					s.run(w)
					w.agrees()
				})
			}
		})
	}
}

// TestWalkConcurrentVersions: writers that post versions of the same
// transactions at once (a host's retries and corrections racing), reverse
// them, delete them and their reversals and post them again, over each
// store, leave figures that agree with the journal and count each live
// sale once and each live reversal minus once.
func TestWalkConcurrentVersions(t *testing.T) {
	states := []string{"TX", "CA", "NJ"}
	for name, open := range journalStores(true) {
		t.Run(name, func(t *testing.T) {
			j := open(t)
			defer j.Close()
			w := &walker{t: t, ctx: context.Background(), j: j, tenant: "race"}
			errs := make(chan error, 8)
			for g := range 8 {
				go func() {
					var err error
					for i := range 25 {
						id := fmt.Sprintf("doc-%d", i%4)
						tx := walkTx(id, "", "2026-01-10", states[(g+i)%3], fmt.Sprintf("%d.00", 1000*(g+1)+i))
						if _, err = j.Post(w.ctx, w.tenant, tx); err != nil {
							break
						}
						if (g+i)%7 == 0 {
							// Another writer may have deleted it first.
							if err = j.Delete(w.ctx, w.tenant, id); err != nil && levy.ErrorCode(err) != levy.ENotFound {
								break
							}
							err = nil
						}
						if (g+i)%5 == 0 {
							// A reversal, refused while another stands or
							// once the transaction is gone.
							rid := fmt.Sprintf("rev-%d-%d", g, i)
							_, err = j.Reverse(w.ctx, w.tenant, id, journal.Reversal{TransactionID: rid, PostingDate: civil.MustParse("2026-01-20")})
							if c := levy.ErrorCode(err); err != nil && c != levy.ENotFound && c != levy.EConflict {
								break
							}
							err = nil
							if i%2 == 0 {
								if err = j.Delete(w.ctx, w.tenant, rid); err != nil && levy.ErrorCode(err) != levy.ENotFound {
									break
								}
								err = nil
							}
						}
					}
					errs <- err
				}()
			}
			for range 8 {
				if err := <-errs; err != nil {
					t.Fatal(err)
				}
			}
			w.agrees()
			// Each live sale counts one, each live reversal minus one (a
			// reversal stays, a credit of its own, when its sale is
			// deleted or posted over: docs/journal.md).
			var live int64
			err := j.Scan(w.ctx, w.tenant, civil.Date{}, civil.Date{}, func(tx *journal.Transaction) error {
				if tx.ReversalOf != "" {
					live--
				} else {
					live++
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			figs, err := j.Figures(w.ctx, w.tenant, civil.Date{}, civil.Date{})
			if err != nil {
				t.Fatal(err)
			}
			var counted int64
			for _, f := range figs {
				counted += f.Direct.Count
			}
			if counted != live {
				t.Errorf("the figures count %d transactions, the journal holds %d live", counted, live)
			}
		})
	}
}

// TestWalkBadgerReopened: the figures of a Badger journal on disk are the
// same once it is closed and opened again, and still agree with it.
func TestWalkBadgerReopened(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	j, err := badger.OpenJournal(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	w := &walker{t: t, ctx: ctx, j: j, tenant: "acme"}
	w.post(walkTx("1", "", "2026-01-10", "TX", "600000.00"), walkTx("2", "", "2026-01-11", "NJ", "100000.01"))
	if _, err := j.Reverse(ctx, "acme", "1", journal.Reversal{TransactionID: "1-rev", PostingDate: civil.MustParse("2026-02-02")}); err != nil {
		t.Fatal(err)
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	if w.j, err = badger.OpenJournal(ctx, dir); err != nil {
		t.Fatal(err)
	}
	defer w.j.Close()
	w.expect("2026-01-31", "", "TX", want{"exceeded", "600000.00", 1, "2026-01-10", "2026-05-01"})
	w.expect("2026-02-28", "", "TX", want{"none", "0.00", 0, "", ""})
	w.expect("2026-02-28", "", "NJ", want{"exceeded", "100000.01", 1, "2026-01-11", "2026-01-12"})
	w.agrees()
}
