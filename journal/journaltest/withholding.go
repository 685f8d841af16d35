package journaltest

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
)

// withheldLine returns a purchase's line of net, from which the tenant
// withholds 20% of Kenya's withholding tax under type wt.
func withheldLine(t *testing.T, itemID, net, tax, wt string) journal.Line {
	t.Helper()
	return journal.Line{LineItemID: itemID, ProductClass: "SERVICES", Amount: amount(t, net),
		Taxes: []journal.Tax{{JurisdictionID: "KE", JurisdictionType: "COUNTRY", Imposition: "Withholding Tax", CollectedFrom: "BUYER",
			TaxResult: "TAXABLE", Taxable: amount(t, net), Exempt: amount(t, "0"), NonTaxable: amount(t, "0"), Tax: amount(t, tax),
			Rate: amount(t, "0.2"), Withheld: true, WithholdingType: wt}}}
}

// testSummaryWithholdingTypes: the remittance summary keeps the
// withholdings of one jurisdiction and imposition under different
// withholding types in rows of their own, in its JSON and its text.
func testSummaryWithholdingTypes(t *testing.T, s journal.Store) {
	ctx := context.Background()
	buy := func(id string, lines ...journal.Line) {
		tx := invoice(t, id, "2026-03-14", lines...)
		tx.Perspective, tx.MessageType = "BUYER", "PURCHASE"
		mustPost(t, s, tenant, tx)
	}
	buy("P1", withheldLine(t, "L1", "1000.00", "200.00", "PROFESSIONAL_FEES"), withheldLine(t, "L2", "500.00", "100.00", "RENT"))
	buy("P2", withheldLine(t, "L1", "50.00", "10.00", "RENT"))
	rep, err := journal.Summarize(ctx, s, tenant, civil.Date{}, civil.Date{})
	if err != nil {
		t.Fatal(err)
	}
	type row struct{ typ, tax string }
	var got []row
	for _, c := range rep.Currencies {
		for _, r := range c.Rows {
			if r.Withheld != journal.WithheldByTenant {
				t.Errorf("row %+v is not the tenant's withholding", r)
			}
			got = append(got, row{r.WithholdingType, r.Tax.String()})
			if want := map[string]int{"PROFESSIONAL_FEES": 1, "RENT": 2}[r.WithholdingType]; r.Transactions != want {
				t.Errorf("row of %q counts %d transactions, want %d", r.WithholdingType, r.Transactions, want)
			}
		}
	}
	if want := []row{{"PROFESSIONAL_FEES", "200.00"}, {"RENT", "110.00"}}; len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("summary rows %+v, want %+v: one per withholding type", got, want)
	}
	var b strings.Builder
	if err := rep.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Withholding Tax (PROFESSIONAL_FEES)", "Withholding Tax (RENT)"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the text summary lacks %q:\n%s", want, b.String())
		}
	}
}
