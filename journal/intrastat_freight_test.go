package journal_test

import (
	"context"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
)

// TestIntrastatInvoicedValueHoldsFreight: the value of goods declared is
// their taxable amount for VAT, which holds the transport the supplier
// charges the customer. A dispatch of furniture from Germany to Italy at
// 1000.00 with 50.00 of freight on the line (the calculation's VAT is on
// 1050.00) and one at 200.00 without freight are declared at 1250.00,
// the statistical value too (none was sent). The reversal in the month
// of the first takes back 1050.00.
// Levy declared 1200.00: the lines' amounts without their freight.
func TestIntrastatInvoicedValueHoldsFreight(t *testing.T) {
	ctx := context.Background()
	s := journal.NewMemory()
	withFreight := intrastatDE("F1", "2026-05-06", "1000.00", 40, "IT", "IT00743110157", 11)
	withFreight.Lines[0].Freight = money.MustParse("50.00")
	for _, tx := range []*journal.Transaction{withFreight, intrastatDE("F2", "2026-05-07", "200.00", 8, "IT", "IT00743110157", 11)} {
		if _, err := s.Post(ctx, "t", tx); err != nil {
			t.Fatal(err)
		}
	}
	d := mayDispatches(t, s)
	if len(d.Items) != 1 || d.Items[0].InvoicedValue.String() != "1250.00" || d.Items[0].StatisticalValue.String() != "1250.00" ||
		d.Items[0].NetMass != 48 || d.Items[0].Lines != 2 || len(d.Refused) != 0 {
		t.Errorf("items %+v refused %+v, want 48 kg at 1250.00 (1000.00 and its 50.00 of freight, 200.00) in 2 lines", d.Items, d.Refused)
	}
	if _, err := s.Reverse(ctx, "t", "F1", journal.Reversal{TransactionID: "F1-R", PostingDate: civil.MustParse("2026-05-20")}); err != nil {
		t.Fatal(err)
	}
	d = mayDispatches(t, s)
	if len(d.Items) != 1 || d.Items[0].InvoicedValue.String() != "200.00" || d.Items[0].NetMass != 8 || d.Items[0].Lines != 1 || len(d.Refused) != 0 {
		t.Errorf("after the reversal of F1: items %+v refused %+v, want 8 kg at 200.00 in 1 line", d.Items, d.Refused)
	}
}
