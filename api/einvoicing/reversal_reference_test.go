package einvoicing

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/wire"
)

// TestReversalRefersToTheInvoiceItReversed stores invoice 2026-0815
// under INV-1 and reverses it as CN-1; INV-1 is then deleted and a new
// invoice, 2026-0999, stored under the same ID. The credit note of CN-1
// still refers to 2026-0815, of 2026-09-01, the invoice that it takes
// back (BG-3), not to the new one that now has the ID; so does it when
// INV-1 is only deleted, and when a new version of INV-1 is posted
// without a delete.
func TestReversalRefersToTheInvoiceItReversed(t *testing.T) {
	j, e := journaledEngine(t)
	h := newStrictHarness(t, einvoice.Config{AllowPrivateTargets: true}, WithJournal(j))
	ctx := levy.WithTenant(context.Background(), "acme")
	later := strings.NewReplacer(`"2026-0815"`, `"2026-0999"`, `"2026-09-01"`, `"2026-09-20"`)
	for _, then := range []string{"deleted", "deleted and posted again", "posted again"} {
		t.Run(then, func(t *testing.T) {
			id, cn := "INV-"+strings.ReplaceAll(then, " ", "-"), "CN-"+strings.ReplaceAll(then, " ", "-")
			calcSale(t, e, "acme", strings.Replace(germanSale, "%s", id, 1))
			if _, err := e.ReverseTransaction(ctx, id, wire.ReversalRequest{TransactionID: cn, DocumentNumber: "CN-2026-1", PostingDate: civil.MustParse("2026-09-01")}); err != nil {
				t.Fatal(err)
			}
			if strings.HasPrefix(then, "deleted") {
				if err := e.DeleteTransaction(ctx, id); err != nil {
					t.Fatal(err)
				}
			}
			if strings.HasSuffix(then, "posted again") {
				calcSale(t, e, "acme", later.Replace(strings.Replace(germanSale, "%s", id, 1)))
			}
			a := h.do("POST", "/einvoicing/v1/transactions/"+cn+"/render", "acme", nil)
			if a.status != 200 {
				t.Fatalf("render: %d %s", a.status, a.body)
			}
			body := string(a.body)
			if !strings.Contains(body, "<cbc:ID>2026-0815</cbc:ID>") || !strings.Contains(body, "<cbc:IssueDate>2026-09-01</cbc:IssueDate>") || strings.Contains(body, "2026-0999") {
				t.Fatalf("the credit note does not refer to invoice 2026-0815 of 2026-09-01:\n%s", body)
			}
		})
	}
}
