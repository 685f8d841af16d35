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

// TestContributionLineWithoutCompany: a line marked NoCompany (its own
// seller named no company code) counts under company "", not under the
// transaction's; a line kept from before the journal marked it counts
// under the transaction's. A line both marked and naming a company, and
// a conversion factor without a rate above zero, are refused naming the
// line's member.
func TestContributionLineWithoutCompany(t *testing.T) {
	a := money.MustParse("10.00")
	tx := &journal.Transaction{TransactionID: "NC1", Perspective: "SELLER", MessageType: "INVOICE", Currency: "EUR", Company: "A",
		DocumentDate: civil.MustParse("2026-03-02"), Lines: []journal.Line{
			{LineItemID: "1", NoCompany: true, Destination: "US-TX", Amount: a, Factors: []journal.Factor{{Currency: "USD", Rate: money.MustParse("1.5")}}},
			{LineItemID: "2", Destination: "US-TX", Amount: a}}}
	got := journal.Contribution(tx)
	const u = journal.UnitsPerCurrencyUnit
	if len(got) != 2 || got[0].Company != "" || got[0].Direct != (journal.Tally{Gross: 15 * u, Count: 1}) ||
		got[1].Company != "A" || got[1].Direct != (journal.Tally{Count: 1, Unconverted: 1}) {
		t.Fatalf("Contribution = %+v, want company \"\"'s $15.00 and A's line unconverted", got)
	}
	var e *levy.Error
	tx.Lines[0].Company = "B"
	if err := journal.CheckPost("acme", tx); !errors.As(err, &e) || e.Field != "lines[0].noCompany" {
		t.Errorf("a marked line naming a company: %v, want an error naming lines[0].noCompany", err)
	}
	tx.Lines[0].Company = ""
	tx.Lines[0].Factors[0].Rate = money.Zero()
	if err := journal.CheckPost("acme", tx); !errors.As(err, &e) || e.Field != "lines[0].factors[0]" {
		t.Errorf("a factor of rate zero: %v, want an error naming lines[0].factors[0]", err)
	}
}
