package journal_test

import (
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
)

// benchSale returns a seller's invoice of three lines delivered to dest,
// each with a state tax of jurisdiction state and three local ones, in
// currency cur, as the engine records a sale.
func benchSale(dest, state, cur string) *journal.Transaction {
	d := civil.MustParse("2026-03-14")
	tx := &journal.Transaction{TransactionID: "INV-1", Perspective: "SELLER", MessageType: "INVOICE", Company: "ACME",
		DocumentDate: d, PostingDate: d, Currency: cur}
	for _, net := range []string{"1249.99", "89.50", "15.00"} {
		a := money.MustParse(net)
		l := journal.Line{LineItemID: "1", Destination: dest, Amount: a}
		for _, id := range []string{state, state + "-037", state + "-037-44000", state + "-037-D103"} {
			l.Taxes = append(l.Taxes, journal.Tax{JurisdictionID: id, TaxResult: "TAXABLE", Taxable: a,
				Exempt: money.MustParse("0.00"), Rate: money.MustParse("0.06"), Tax: money.MustParse("1.00"), RuleID: "R-GEN"})
		}
		tx.Lines = append(tx.Lines, l)
	}
	return tx
}

// BenchmarkContribution measures what computing a transaction's figures
// costs a post: a US sale (one figure) and a Canadian sale to a consumer
// (four figures), in allocations and CPU time per transaction.
func BenchmarkContribution(b *testing.B) {
	for _, c := range []struct {
		name string
		tx   *journal.Transaction
	}{
		{"us", benchSale("US-TX", "US-TX", "USD")},
		{"canada", benchSale("CA-BC", "CA-BC", "CAD")},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if len(journal.Contribution(c.tx)) == 0 {
					b.Fatal("no figures")
				}
			}
		})
	}
}
