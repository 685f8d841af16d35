package api

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/levytax/levy"
)

// accrualSync is an ACCRUAL_SYNC of transaction AS-1 in Atlanta (4% +
// 3% + 1.9% = 8.9% of use tax) with the document's chargedTax charged
// ("" for none) and lines, each given whole as JSON.
func accrualSync(charged string, lines ...string) string {
	doc := ""
	if charged != "" {
		doc = `"chargedTax":` + charged + `,`
	}
	return fmt.Sprintf(`{"purchaseMessageType":"ACCRUAL_SYNC","transactionType":"PURCHASE","transactionId":"AS-1","documentDate":"2026-06-01",%s
 "vendor":{"physicalOrigin":{"city":"Atlanta","mainDivision":"GA","postalCode":"30303","country":"US"}},
 "buyer":{"destination":{"city":"Atlanta","mainDivision":"GA","postalCode":"30303","country":"US"}},
 "lineItems":[%s]}`, doc, strings.Join(lines, ","))
}

// accrualLine is one line of accrualSync: its lineItemId, price and,
// unless "", its own chargedTax.
func accrualLine(id, price, charged string) string {
	own := ""
	if charged != "" {
		own = `,"chargedTax":` + charged
	}
	return fmt.Sprintf(`{"lineItemId":%q,"purchase":{"purchaseClass":"GENERAL"},"extendedPrice":%s%s}`, id, price, own)
}

// TestAccrualSyncDocumentChargeOverStoredLines: an ACCRUAL_SYNC whose
// vendor's tax comes on the document (chargedTax, on no line) is not
// stored over a transaction whose lines it leaves in place: it is
// refused, 400 naming chargedTax and saying to send it on the lines,
// and the stored transaction stays as it was. Figures by hand: version
// 1 holds two lines of 100.00 (8.90 of use tax each) and the document's
// 8.90, credited 4.45 against each, so 8.90 accrued. The invoice's
// second version changes line 2 to 120.00 (10.68 of use tax) with the
// same 8.90 charged on the whole: 19.58 of use tax, 10.68 to accrue.
// Before, the sync of line 2 alone credited all 8.90 against it (1.78
// accrued) while line 1 kept its 4.45 of credit: 6.23 accrued, 4.45
// short. Sent on the lines (4.45 on line 2, as line 1 keeps its own),
// or on the document with every stored line sent, the accrual is 10.68;
// a stored line the sync DELETEs is sent too.
func TestAccrualSyncDocumentChargeOverStoredLines(t *testing.T) {
	h, store := explainHarness(t)
	ctx := context.Background()
	accrued := func(name, want string, version int) {
		t.Helper()
		tx, err := store.Get(ctx, levy.DefaultTenant, "AS-1")
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if tx.TotalTax.String() != want || tx.Version != version {
			t.Errorf("%s: stored version %d accrues %s, want version %d accruing %s", name, tx.Version, tx.TotalTax, version, want)
		}
	}

	if a := h.post("/api/v2/procurement", accrualSync("8.90", accrualLine("1", "100.00", ""), accrualLine("2", "100.00", ""))); a.status != 200 {
		t.Fatalf("version 1: %d %s", a.status, a.body)
	}
	accrued("version 1", "8.90", 1)

	a := h.post("/api/v2/procurement", accrualSync("8.90", accrualLine("2", "120.00", "")))
	if a.status != 400 {
		t.Fatalf("the document's charge over stored line 1: %d %s, want 400", a.status, a.body)
	}
	items := errorsOf(t, a)
	if items[0].Target != "chargedTax" || !strings.Contains(items[0].Message, "send the vendor's tax on the lines") || !strings.Contains(items[0].Message, `"1"`) {
		t.Errorf("the document's charge over stored line 1: %+v, want chargedTax named, line 1 and the lines' chargedTax", items)
	}
	accrued("after the refused sync", "8.90", 1)

	if a := h.post("/api/v2/procurement", accrualSync("", accrualLine("2", "120.00", "4.45"))); a.status != 200 {
		t.Fatalf("the charge on line 2: %d %s", a.status, a.body)
	}
	accrued("the charge on line 2", "10.68", 2)

	// Every stored line sent: the document's charge is shared by all.
	if a := h.post("/api/v2/procurement", accrualSync("8.90", accrualLine("1", "100.00", ""), accrualLine("2", "120.00", ""))); a.status != 200 {
		t.Fatalf("the document's charge on every line: %d %s", a.status, a.body)
	}
	accrued("the document's charge on every line", "10.68", 3)

	// Line 1 DELETEd: the invoice holds line 2 alone, and all of the
	// document's 8.90 is its own (10.68 - 8.90 = 1.78).
	del := strings.Replace(accrualLine("1", "100.00", ""), `{"lineItemId"`, `{"syncType":"DELETE","lineItemId"`, 1)
	if a := h.post("/api/v2/procurement", accrualSync("8.90", del, accrualLine("2", "120.00", ""))); a.status != 200 {
		t.Fatalf("the document's charge beside a DELETE: %d %s", a.status, a.body)
	}
	accrued("the document's charge beside a DELETE", "1.78", 4)
}
