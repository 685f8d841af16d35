package journal_test

import (
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
)

// TestContributionExemptProductsAreRetail: a US state's figures count as
// exempt only what the customer's exemption exempted (a request's exempt
// customer, a stored certificate, an exempt override), which a state
// that counts retail sales leaves out; a product a rule exempts (here
// clothing in Minnesota, as a rule file may) is a retail sale and is not
// counted as exempt.
func TestContributionExemptProductsAreRetail(t *testing.T) {
	line := func(id, net, ruleID, cert string) journal.Line {
		a := money.MustParse(net)
		return journal.Line{LineItemID: id, Destination: "US-MN", Amount: a, Taxes: []journal.Tax{{JurisdictionID: "US-MN",
			JurisdictionType: "STATE", TaxResult: "EXEMPT", Taxable: money.Zero(), Exempt: a, Tax: money.Zero(), RuleID: ruleID, CertificateNumber: cert}}}
	}
	tx := &journal.Transaction{TransactionID: "MN1", Perspective: "SELLER", MessageType: "INVOICE", Currency: "USD",
		DocumentDate: civil.MustParse("2026-03-02"), Lines: []journal.Line{
			line("clothing", "100.00", "mn-clothing", ""),
			line("resale", "20.00", "customer-exempt", ""),
			line("certificate", "3.00", "customer-certificate", "MN-123"),
			line("kept-number", "0.50", "", "MN-124"),
			line("override", "0.25", "override", ""),
		}}
	got := journal.Contribution(tx)
	const u = journal.UnitsPerCurrencyUnit
	want := journal.Tally{Gross: 12375 * u / 100, Exempt: 2375 * u / 100, Count: 1}
	if len(got) != 1 || got[0].Area != "US-MN" || got[0].Direct != want {
		t.Fatalf("Contribution = %+v, want one figure of US-MN with %+v (the clothing counted as a retail sale)", got, want)
	}
}

// TestContributionReturnsCountNoTransaction: a return stored as a
// transaction of its own (its lines' amounts below zero in the area)
// takes its amounts away and counts no transaction, as a state's count
// of separate sales counts no refund; the reversal of a sale takes its
// one away, that of a return nothing; a sale with a discount line
// (amounts of both signs, above zero together) is one sale.
func TestContributionReturnsCountNoTransaction(t *testing.T) {
	tx := func(id, reversalOf string, amounts ...string) *journal.Transaction {
		out := &journal.Transaction{TransactionID: id, ReversalOf: reversalOf, Perspective: "SELLER", MessageType: "INVOICE", Currency: "USD",
			DocumentDate: civil.MustParse("2026-03-02")}
		for i, a := range amounts {
			m := money.MustParse(a)
			out.Lines = append(out.Lines, journal.Line{LineItemID: string(rune('a' + i)), Destination: "US-OH", Amount: m,
				Taxes: []journal.Tax{{JurisdictionID: "US-OH", Taxable: m, Exempt: money.Zero()}}})
		}
		return out
	}
	const u = journal.UnitsPerCurrencyUnit
	for _, c := range []struct {
		name  string
		tx    *journal.Transaction
		gross int64
		count int64
	}{
		{"a sale", tx("S", "", "100.00"), 100, 1},
		{"a sale with a discount", tx("D", "", "100.00", "-10.00"), 90, 1},
		{"a free sale", tx("F", "", "0.00"), 0, 1},
		{"a return", tx("R", "", "-40.00"), -40, 0},
		{"the reversal of a sale", tx("S-R", "S", "-100.00"), -100, -1},
		{"the reversal of a return", tx("R-R", "R", "40.00"), 40, 0},
	} {
		got := journal.Contribution(c.tx)
		if len(got) != 1 || got[0].Direct.Gross != c.gross*u || got[0].Direct.Count != c.count {
			t.Errorf("%s: %+v, want gross %d in %d transactions", c.name, got, c.gross, c.count)
		}
	}
}

// TestResaleExemptionReasons reads each form a tax's reason may take:
// the SST letter G in either case and with spaces is a resale, another
// SST letter is not, and a wire code, an unknown letter or no reason
// counts as a resale.
func TestResaleExemptionReasons(t *testing.T) {
	for code, resale := range map[string]bool{
		"G": true, "g": true, " G ": true, "E": false, "e": false, "A": false, "M": false,
		"N": true, "Z": true, "0003": true, "3": true, "": true, "GG": true,
	} {
		if got := journal.ResaleExemption(&journal.Tax{ReasonCode: code}); got != resale {
			t.Errorf("reason %q: resale %v, want %v", code, got, resale)
		}
	}
}
