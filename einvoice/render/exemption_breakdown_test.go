package render_test

import (
	"strings"
	"testing"

	"github.com/levytax/levy/einvoice/render"
	"github.com/levytax/levy/einvoice/ubl"
	"github.com/levytax/levy/journal"
)

// exemptInvoice is a German invoice of two exempt lines: the first
// exempt under a rule with the VATEX code of medical care, the second
// under a customer's exemption certificate, with code2 (none when "").
func exemptInvoice(code2 string) *journal.Transaction {
	tx := invoice()
	exempt := func(amount string) journal.Tax {
		t := vatTax("0.00", "0.00", "0.00")
		t.TaxResult, t.Exempt = "EXEMPT", m(amount)
		return t
	}
	a, b := exempt("100.00"), exempt("50.00")
	a.RuleID, a.ReasonCode = "de-medical", "VATEX-EU-132-1C"
	b.CertificateNumber, b.ReasonCode = "EX-77", code2
	tx.Lines[0].Taxes, tx.Lines[0].TotalTax = []journal.Tax{a}, m("0.00")
	tx.Lines[1].Taxes, tx.Lines[1].TotalTax = []journal.Tax{b}, m("0.00")
	tx.TotalTax, tx.Total = m("0.00"), m("150.00")
	return tx
}

// exemptBreakdown renders tx in syntax and returns its one breakdown,
// which must be of category E.
func exemptBreakdown(t *testing.T, tx *journal.Transaction, syntax ubl.Syntax) ubl.TaxCategory {
	t.Helper()
	_, d := read(t, tx, render.Options{Syntax: syntax})
	if len(d.TaxTotals) == 0 || len(d.TaxTotals[0].Subtotals) != 1 || d.TaxTotals[0].Subtotals[0].Category.ID != "E" {
		t.Fatalf("%s: breakdown %+v, want one of category E", syntax, d.TaxTotals)
	}
	return d.TaxTotals[0].Subtotals[0].Category
}

// TestExemptionCodeOfPartOfABreakdown: two exempt lines share the
// breakdown of category E (one per category and rate), one with an
// exemption code (VATEX), the other without. The breakdown states no
// code, which would say the second line is exempt for the first's
// reason, and its reason text gives each line's reason with the code of
// the one that has it; Levy's own rules of EN 16931 pass it (BR-E-10).
// Lines that all share one code keep it.
func TestExemptionCodeOfPartOfABreakdown(t *testing.T) {
	for _, syntax := range []ubl.Syntax{ubl.SyntaxUBL, ubl.SyntaxCII} {
		c := exemptBreakdown(t, exemptInvoice(""), syntax)
		if c.ExemptionReasonCode != "" {
			t.Errorf("%s: the breakdown states the code %s, which the line exempt under certificate EX-77 does not have", syntax, c.ExemptionReasonCode)
		}
		for _, want := range []string{"Exempt under Levy's rule de-medical (VATEX-EU-132-1C)", "Exempt under exemption certificate EX-77"} {
			if !strings.Contains(c.ExemptionReason, want) {
				t.Errorf("%s: the exemption reason %q does not say %q", syntax, c.ExemptionReason, want)
			}
		}
		// Both lines with the same code: the code is stated.
		c = exemptBreakdown(t, exemptInvoice("VATEX-EU-132-1C"), syntax)
		if c.ExemptionReasonCode != "VATEX-EU-132-1C" || strings.Contains(c.ExemptionReason, "(VATEX") {
			t.Errorf("%s: one code for both lines: %+v", syntax, c)
		}
		// Two codes: neither stated, both in the text.
		c = exemptBreakdown(t, exemptInvoice("VATEX-EU-132-1I"), syntax)
		if c.ExemptionReasonCode != "" || !strings.Contains(c.ExemptionReason, "(VATEX-EU-132-1C)") || !strings.Contains(c.ExemptionReason, "(VATEX-EU-132-1I)") {
			t.Errorf("%s: two codes: %+v", syntax, c)
		}
	}
}
