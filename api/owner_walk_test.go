package api

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/levytax/levy/wire"
)

// owBody is an owner request of message type mt dated 2026-06-01 with the
// further document members head (each followed by a comma), the owner's
// JSON members owner and one line of general goods with the JSON members
// line.
func owBody(mt, head, owner, line string) string {
	return `{"ownerMessageType":"` + mt + `","documentDate":"2026-06-01",` + head + `"owner":{` + owner + `},` +
		`"lineItems":[{"lineItemId":"1","purchase":{"purchaseClass":"GENERAL"},` + line + `}]}`
}

// TestOwnerWalkOverHTTP: a controller's calls of /owner, /explain/owner
// and the transaction routes on loopback. Stock of cost 200.00 taken for
// use in the Atlanta store bears 8.9% of Georgia use tax, 17.80; it is
// stored under its transaction ID, found, not rolled back (no sync wrote
// it), reversed once and deleted. A transfer of the owner's goods from
// Berlin to its Paris warehouse is the owner's acquisition in France,
// reverse-charged (VAT Directive, articles 17, 21 and 200): 200.00 of
// French VAT, output and input. Goods taken for private use in Berlin
// are a self-supply (article 16): 19% of their cost, output VAT. A
// machine moved from Berlin to Munich is no supply and bears no VAT (rule
// move-within-vat-area). Bad requests
// are refused naming their member.
func TestOwnerWalkOverHTTP(t *testing.T) {
	h, j := procWalkHarness(t)
	bearer := []string{"Authorization", "Bearer acme"}
	call := func(method, path, body string) answer {
		t.Helper()
		var r *strings.Reader
		if body != "" {
			r = strings.NewReader(body)
		}
		if r == nil {
			return h.do(method, path, nil, bearer...)
		}
		return h.do(method, path, r, bearer...)
	}
	exists := func(id string) string {
		t.Helper()
		var ea ExistsAnswer
		if a := call("GET", "/api/v2/transaction-exists/"+id, ""); json.Unmarshal(a.body, &ea) != nil {
			t.Fatalf("exists %s: %s", id, a.body)
		}
		return ea.TransactionExistsIndicator
	}
	atlanta := `"physicalOrigin":` + pwAtlanta

	// Stored, found, not rolled back, reversed once, deleted.
	var own wire.OwnerResponse
	dataOf(t, call("POST", "/api/v2/owner", owBody("INVENTORY_REMOVAL", `"transactionId":"OW-7",`, atlanta, `"cost":200.00`)), &own)
	if own.TransactionID != "OW-7" || own.TotalTax.String() != "17.80" || len(own.LineItems[0].Taxes) != 3 {
		t.Fatalf("inventory removal: %s, tax %s; want OW-7, 17.80 in three jurisdictions", own.TransactionID, own.TotalTax)
	}
	if got := exists("OW-7"); got != "true" {
		t.Errorf("OW-7 exists: %s", got)
	}
	if a := call("POST", "/api/v2/transactions/OW-7/rollback", ""); a.status != http.StatusConflict || errorsOf(t, a)[0].Target != "id" ||
		!strings.Contains(errorsOf(t, a)[0].Message, "sync") {
		t.Errorf("rollback of OW-7: %d %s, want 409 naming id: no sync wrote it", a.status, a.body)
	}
	var rev wire.ReversalResponse
	dataOf(t, call("POST", "/api/v2/transactions/OW-7/reversal", `{"data":{"transactionId":"OW-7-R"}}`), &rev)
	if rev.TransactionID != "OW-7-R" {
		t.Errorf("reversal %+v", rev)
	}
	if tx, err := j.Get(context.Background(), "acme", "OW-7-R"); err != nil || tx.Perspective != "OWNER" || tx.TotalTax.String() != "-17.80" {
		t.Errorf("the stored reversal: %+v, %v; want OWNER -17.80", tx, err)
	}
	if a := call("POST", "/api/v2/transactions/OW-7/reversal", `{"data":{"transactionId":"OW-7-R2"}}`); a.status != http.StatusConflict {
		t.Errorf("a second reversal: %d %s, want 409", a.status, a.body)
	}
	if a := call("DELETE", "/api/v2/transactions/OW-7", ""); a.status != http.StatusOK {
		t.Errorf("delete: %d %s", a.status, a.body)
	}
	if got := exists("OW-7"); got != "false" {
		t.Errorf("OW-7 exists after its deletion: %s", got)
	}
	// postToJournal false calculates and stores nothing.
	dataOf(t, call("POST", "/api/v2/owner", owBody("INVENTORY_REMOVAL", `"transactionId":"OW-8","postToJournal":false,`, atlanta, `"cost":200.00`)), &own)
	if own.TotalTax.String() != "17.80" || exists("OW-8") != "false" {
		t.Errorf("postToJournal false: tax %s, exists %s; want 17.80, not stored", own.TotalTax, exists("OW-8"))
	}

	// The EU: a transfer to another member state and a move within one.
	eur := `"currency":{"isoCurrencyCodeAlpha":"EUR"},`
	regs := `,"taxRegistrations":[{"isoCountryCode":"DE","taxRegistrationNumber":"DE136695976"},{"isoCountryCode":"FR","taxRegistrationNumber":"FR40303265045"}]`
	berlin, paris, munich := `{"city":"Berlin","postalCode":"10115","country":"DE"}`, `{"city":"Paris","postalCode":"75001","country":"FR"}`, `{"city":"München","postalCode":"80331","country":"DE"}`
	for _, c := range []struct {
		name, mt, to, line, id, result, io, rule, tax string
	}{
		{"transfer to France", "INVENTORY_REMOVAL", paris, `"cost":1000.00`, "FR", "TAXABLE", "INPUT_OUTPUT", "eu-reverse-charge", "200.00"},
		{"goods taken for private use in Berlin", "INVENTORY_REMOVAL", berlin, `"cost":100.00`, "DE", "TAXABLE", "OUTPUT", "use-at-destination", "19.00"},
		{"move within Germany", "ASSET_MOVEMENT", munich, `"netBookValue":1000.00`, "DE", "NONTAXABLE", "INPUT", "move-within-vat-area", "0.00"},
	} {
		var r wire.OwnerResponse
		dataOf(t, call("POST", "/api/v2/owner", owBody(c.mt, eur, `"physicalOrigin":`+berlin+`,"destination":`+c.to+regs, c.line)), &r)
		if len(r.LineItems) != 1 || len(r.LineItems[0].Taxes) != 1 {
			t.Fatalf("%s: %+v, want one tax", c.name, r.LineItems)
		}
		x := r.LineItems[0].Taxes[0]
		if x.Jurisdiction.JurisdictionID != c.id || string(x.TaxResult) != c.result || string(x.InputOutputType) != c.io ||
			x.CalculationRuleID == nil || x.CalculationRuleID.Value != c.rule || x.CalculatedTax.String() != c.tax || r.TotalTax.String() != c.tax {
			t.Errorf("%s: %s %s %s %v tax %s, total %s; want %s %s %s %s %s", c.name, x.Jurisdiction.JurisdictionID, x.TaxResult, x.InputOutputType,
				x.CalculationRuleID, x.CalculatedTax, r.TotalTax, c.id, c.result, c.io, c.rule, c.tax)
		}
	}
	// The explanation of the move within Germany says why it is untaxed.
	_, ex := explainedOf(t, call("POST", "/api/v2/explain/owner", owBody("ASSET_MOVEMENT", eur, `"physicalOrigin":`+berlin+`,"destination":`+munich, `"netBookValue":1000.00`)))
	if len(ex) != 1 || len(ex[0].Taxes) != 1 || ex[0].Taxes[0].RuleID != "move-within-vat-area" || !strings.Contains(ex[0].Taxes[0].Reason, "no supply") {
		t.Errorf("explanation %+v, want move-within-vat-area saying the move is no supply", ex)
	}

	// An owner without a place: no tax, said by no-location.
	dataOf(t, call("POST", "/api/v2/owner", `{"ownerMessageType":"INVENTORY_REMOVAL","documentDate":"2026-06-01","lineItems":[{"lineItemId":"1","cost":100.00}]}`), &own)
	if l := own.LineItems[0]; !own.TotalTax.IsZero() || len(l.AssistedParameters) != 1 || l.AssistedParameters[0].RuleName != "no-location" {
		t.Errorf("no owner: tax %s, assisted %+v; want none, said by no-location", own.TotalTax, l.AssistedParameters)
	}

	// Bad input, refused 400 naming the member.
	for _, c := range []struct{ name, body, target string }{
		{"unknown message type", strings.Replace(owBody("INVENTORY_REMOVAL", "", atlanta, `"cost":1`), "INVENTORY_REMOVAL", "SELF_SUPPLY", 1), "ownerMessageType"},
		{"no message type", strings.Replace(owBody("INVENTORY_REMOVAL", "", atlanta, `"cost":1`), `"ownerMessageType":"INVENTORY_REMOVAL",`, "", 1), "ownerMessageType"},
		{"a cost that is no number", owBody("INVENTORY_REMOVAL", "", atlanta, `"cost":"abc"`), "lineItems[0].cost"},
		{"tax paid of the wrong sign", owBody("INVENTORY_REMOVAL", "", atlanta, `"cost":100.00,"previousTaxPaid":-5.00`), "lineItems[0].previousTaxPaid"},
		{"no lines", `{"ownerMessageType":"INVENTORY_REMOVAL","documentDate":"2026-06-01","owner":{` + atlanta + `},"lineItems":[]}`, "lineItems"},
	} {
		a := call("POST", "/api/v2/owner", c.body)
		if a.status != http.StatusBadRequest {
			t.Errorf("%s: %d %s, want 400", c.name, a.status, a.body)
			continue
		}
		if e := errorsOf(t, a); e[0].Code != "invalid" || e[0].Target != c.target {
			t.Errorf("%s: %+v, want invalid naming %s", c.name, e, c.target)
		}
	}
}
