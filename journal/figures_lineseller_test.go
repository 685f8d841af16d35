package journal_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
)

// TestContributionLineSellers: a line of a seller of its own
// (Line.Company) counts under that company, a line without one under
// the transaction's, each company one transaction in the area; a line's
// company that a report could not ask for is refused naming the line.
func TestContributionLineSellers(t *testing.T) {
	line := func(id, company, net string) journal.Line {
		a := money.MustParse(net)
		return journal.Line{LineItemID: id, Company: company, Destination: "US-TX", Amount: a,
			Taxes: []journal.Tax{{JurisdictionID: "US-TX", Taxable: a, Exempt: money.Zero()}}}
	}
	tx := &journal.Transaction{TransactionID: "LS1", Perspective: "SELLER", MessageType: "INVOICE", Currency: "USD", Company: "A",
		DocumentDate: civil.MustParse("2026-03-02"), Lines: []journal.Line{line("1", "B", "600.00"), line("2", "", "1.00"), line("3", "B", "4.00")}}
	got := journal.Contribution(tx)
	const u = journal.UnitsPerCurrencyUnit
	if len(got) != 2 || got[0].Company != "A" || got[0].Direct != (journal.Tally{Gross: u, Taxable: u, Count: 1}) ||
		got[1].Company != "B" || got[1].Direct != (journal.Tally{Gross: 604 * u, Taxable: 604 * u, Count: 1}) {
		t.Fatalf("Contribution = %+v, want A's $1.00 and B's $604.00 in Texas, one transaction each", got)
	}
	tx.Lines[2].Company = strings.Repeat("x", journal.MaxCompanyLength+1)
	var e *levy.Error
	if err := journal.CheckPost("acme", tx); !errors.As(err, &e) || e.Field != "lines[2].company" {
		t.Errorf("an over-long line company: %v, want an error naming lines[2].company", err)
	}
}
