package journaltest

import (
	"context"
	"fmt"
	"strconv"
	"testing"
	"time"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
)

// Bulk returns transaction i of a large journal, for tests that need an
// export much larger than what the kernel buffers of a connection hold:
// an INVOICE with ID BULK-i (five digits) of three lines of three taxes
// each, about 3.8 KiB of JSON, posted on a day of the first half of
// 2026.
func Bulk(i int) *journal.Transaction {
	d := civil.Date{Year: 2026, Month: time.Month(1 + i%6), Day: 1 + i%28}
	net, tax := money.MustParse("1000.00"), money.MustParse("25.00")
	tx := &journal.Transaction{TransactionID: fmt.Sprintf("BULK-%05d", i), Perspective: "SELLER", MessageType: "INVOICE",
		DocumentNumber: fmt.Sprintf("DOC-%05d", i), DocumentDate: d, PostingDate: d, Currency: "USD"}
	for l := range 3 {
		line := journal.Line{LineItemID: strconv.Itoa(l + 1), ProductClass: "GENERAL-MERCHANDISE", Amount: net}
		for j, jur := range []string{"US-CA", "US-06037", "US-06037-MTA_PROP_C"} {
			line.Taxes = append(line.Taxes, journal.Tax{JurisdictionID: jur, JurisdictionType: "STATE",
				JurisdictionName: "Jurisdiction " + jur, Imposition: "Sales and Use Tax", ImpositionType: "General Sales and Use Tax",
				TaxType: "SALES", TaxResult: "TAXABLE", Situs: "DESTINATION", CollectedFrom: "SELLER",
				Taxable: net, Exempt: money.Zero(), NonTaxable: money.Zero(), Tax: tax, Rate: money.MustParse("0.025"),
				RuleID: fmt.Sprintf("rule-%d", j)})
			line.TotalTax = line.TotalTax.Add(tax)
		}
		tx.Lines = append(tx.Lines, line)
		tx.SubTotal, tx.TotalTax = tx.SubTotal.Add(net), tx.TotalTax.Add(line.TotalTax)
	}
	tx.Total = tx.SubTotal.Add(tx.TotalTax)
	return tx
}

// PostBulk stores Bulk(0) to Bulk(n-1) in s for tenant, 500 to a unit.
func PostBulk(t testing.TB, s journal.Store, tenant string, n int) {
	t.Helper()
	for from := 0; from < n; from += 500 {
		batch := make([]*journal.Transaction, 0, 500)
		for i := from; i < min(from+500, n); i++ {
			batch = append(batch, Bulk(i))
		}
		if _, err := s.PostAll(context.Background(), tenant, batch); err != nil {
			t.Fatalf("journaltest: posting a bulk journal for %s: %v", tenant, err)
		}
	}
}
