package journal_test

import (
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
)

// TestContributionKinds: a seller's transaction counts in the sales
// figures when it is of a kind the engine stores as a sale, or names no
// kind; an estimate that a host stored through the journal itself (a
// QUOTATION, a PURCHASE_ORDER, an INVOICE_VERIFICATION) counts nothing.
func TestContributionKinds(t *testing.T) {
	a := money.MustParse("100.00")
	for kind, counts := range map[string]bool{
		"INVOICE": true, "DISTRIBUTE_TAX": true, "ARBILLING_SYNC": true, "": true,
		"QUOTATION": false, "PURCHASE_ORDER": false, "INVOICE_VERIFICATION": false,
	} {
		tx := &journal.Transaction{TransactionID: "1", Perspective: "SELLER", MessageType: kind, DocumentDate: civil.MustParse("2026-03-02"),
			Currency: "USD", SubTotal: a, Total: a, Lines: []journal.Line{{LineItemID: "1", Destination: "US-TX", Amount: a}}}
		figs := journal.Contribution(tx)
		if got := len(figs) == 1 && figs[0].Direct.Count == 1 && figs[0].Direct.Gross == 100*journal.UnitsPerCurrencyUnit; got != counts {
			t.Errorf("a seller's %q: %+v, want counted %v", kind, figs, counts)
		}
	}
}
