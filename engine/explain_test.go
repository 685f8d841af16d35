package engine

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/rules"
	"github.com/levytax/levy/wire"
)

// ruleReasons returns the reason of every rule of the engine's rule
// tables (the host's and the defaults), by ID; an ID that two rules share
// with different reasons maps to "".
func ruleReasons(e *Engine) map[string]string {
	s := e.snap.Load()
	out := map[string]string{}
	seen := map[string]bool{}
	for _, tab := range []*rules.Table{s.hostTable, s.table} {
		if tab == nil {
			continue
		}
		for _, r := range tab.Rules() {
			if seen[r.ID] && out[r.ID] != r.Reason {
				out[r.ID] = ""
				continue
			}
			seen[r.ID], out[r.ID] = true, r.Reason
		}
	}
	return out
}

// sameJSON fails unless a and b encode to the same bytes.
func sameJSON(t *testing.T, name string, a, b any) {
	t.Helper()
	x, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	y, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(x, y) {
		t.Errorf("%s: the explained response differs from the calculation's:\n%s\n%s", name, x, y)
	}
}

// saleExplained calculates req with Sale and explains it with
// ExplainSale, fails unless the two responses are the same byte for byte,
// and returns the calculation's response and the explanation.
func saleExplained(t *testing.T, e *Engine, name string, req *wire.SaleRequest) (*wire.SaleResponse, wire.Explanation) {
	t.Helper()
	want, err := e.Sale(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	resp, ex, err := e.ExplainSale(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	sameJSON(t, name, resp, want)
	return want, ex
}

// TestExplainLosAngeles: a quotation to Los Angeles has six taxes (the
// state's and five county districts'); the explanation names each, in the
// response's order, with its rule ID and the reason the rule tables give
// for that rule, and its response is Sale's byte for byte.
func TestExplainLosAngeles(t *testing.T) {
	e := testEngine(t)
	req := usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "100.00")
	want, ex := saleExplained(t, e, "Los Angeles", req)
	if len(ex) != 1 || ex[0].Path != "lineItems[0]" || ex[0].LineItemID != "1" || ex[0].LineItemNumber == nil || *ex[0].LineItemNumber != 1 {
		t.Fatalf("lines: %+v", ex)
	}
	taxes := ex[0].Taxes
	if len(taxes) != 6 || len(want.LineItems[0].Taxes) != 6 {
		t.Fatalf("%d taxes explained, %d in the response, want 6", len(taxes), len(want.LineItems[0].Taxes))
	}
	reasons := ruleReasons(e)
	for i, x := range taxes {
		w := &want.LineItems[0].Taxes[i]
		if x.JurisdictionID != w.Jurisdiction.JurisdictionID || x.Jurisdiction != w.Jurisdiction.Value || x.Imposition != w.Imposition.Value ||
			x.Result != w.TaxResult || !x.CalculatedTax.Equal(w.CalculatedTax) || x.RuleID != w.CalculationRuleID.Value {
			t.Errorf("tax %d: %+v does not match the response's %+v", i, x, w)
		}
		if x.JurisdictionType != w.Jurisdiction.JurisdictionType.String() || x.JurisdictionType == "" {
			t.Errorf("tax %d: jurisdiction type %q, want %q", i, x.JurisdictionType, w.Jurisdiction.JurisdictionType)
		}
		if x.RuleID == "" || x.Reason == "" {
			t.Errorf("tax %d (%s): rule %q, reason %q", i, x.JurisdictionID, x.RuleID, x.Reason)
		}
		if r, ok := reasons[x.RuleID]; !ok || r != x.Reason {
			t.Errorf("tax %d (%s): reason %q, the rule tables say %q for %s", i, x.JurisdictionID, x.Reason, r, x.RuleID)
		}
	}
	if taxes[0].JurisdictionID != "US-CA" || taxes[0].CalculatedTax.String() != "7.25" {
		t.Errorf("first tax %+v, want the state's 7.25", taxes[0])
	}
}

// TestExplainImporter: goods sent from New York to a Berlin business by
// a seller registered in Germany, delivered duty paid: the seller is the
// importer, and the explanation says so in the situs's words.
func TestExplainImporter(t *testing.T) {
	e := testEngine(t)
	de := []wire.TaxRegistration{{ISOCountryCode: "DE", TaxRegistrationNumber: "DE136695976"}}
	newYork := &wire.Location{City: "New York", MainDivision: "NY", PostalCode: "10001", Country: "US"}
	berlin := &wire.Location{City: "Berlin", PostalCode: "10115", Country: "DE"}
	req := vaSale("2026-06-01", "", "GENERAL", newYork, berlin, true, de, nil)
	req.DeliveryTerm = wire.DeliveryTermDDP
	_, ex := saleExplained(t, e, "importer", req)
	if len(ex) != 1 || len(ex[0].Taxes) != 1 {
		t.Fatalf("explanation %+v, want one line with one tax", ex)
	}
	x := ex[0].Taxes[0]
	if x.JurisdictionID != "DE" || x.RuleID != "import-registered-seller" || x.Result != wire.TaxResultTaxable {
		t.Errorf("tax %+v, want DE taxable by import-registered-seller", x)
	}
	if !strings.Contains(x.Reason, "the seller imports the goods (deliveryTerm DDP)") || !strings.Contains(x.Reason, "article 32") {
		t.Errorf("reason %q does not name the importer rule", x.Reason)
	}
}

// TestExplainOverride: a tax that the request exempts is explained by
// the override, a nested line's parent has no taxes, and lines come in
// the response's order.
func TestExplainOverride(t *testing.T) {
	e := testEngine(t)
	req := usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "100.00")
	child := req.LineItems[0]
	child.ExemptOverrides = []wire.Override{{JurisdictionID: "US-CA", ReasonCode: "RESALE"}}
	second := req.LineItems[0]
	second.LineItemID = "2"
	req.LineItems = []wire.SaleLineItem{{LineItemID: "P", LineItems: []wire.SaleLineItem{child, second}}}
	_, ex := saleExplained(t, e, "override", req)
	if len(ex) != 3 || ex[0].Path != "lineItems[0]" || ex[1].Path != "lineItems[0].lineItems[0]" || ex[2].Path != "lineItems[0].lineItems[1]" {
		t.Fatalf("lines %+v", ex)
	}
	if len(ex[0].Taxes) != 0 || ex[0].LineItemID != "P" || ex[1].LineItemID != "1" || ex[2].LineItemID != "2" {
		t.Errorf("parent %+v, children %q %q", ex[0], ex[1].LineItemID, ex[2].LineItemID)
	}
	found := false
	for _, x := range ex[1].Taxes {
		if x.JurisdictionID == "US-CA" {
			found = true
			if x.RuleID != "override" || x.Reason != "exempt or non-taxable override of the request" || x.Result != wire.TaxResultExempt {
				t.Errorf("overridden tax %+v", x)
			}
		} else if x.RuleID == "override" {
			t.Errorf("tax %s overridden too", x.JurisdictionID)
		}
	}
	if !found {
		t.Errorf("no tax of California on the overridden line: %+v", ex[1].Taxes)
	}
	for _, x := range ex[2].Taxes {
		if x.RuleID == "override" || x.Result != wire.TaxResultTaxable {
			t.Errorf("line 2: %+v", x)
		}
	}
}

// TestExplainStoresNothing: an INVOICE explained against an engine with a
// journal is calculated as Sale calculates it, but nothing is posted, and
// its response gives no transactionId that was not sent (Sale gives the one
// it stores).
func TestExplainStoresNothing(t *testing.T) {
	e, j := journalEngine(t)
	ctx := levy.WithTenant(context.Background(), "acme")
	req := usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "100.00")
	req.SaleMessageType = wire.SaleInvoice
	resp, ex, err := e.ExplainSale(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.TransactionID != "" || len(ex) != 1 || len(ex[0].Taxes) != 6 {
		t.Errorf("transactionId %q, explanation %+v", resp.TransactionID, ex)
	}
	req.TransactionID = "INV-EXPLAINED"
	resp, _, err = e.ExplainSale(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.TransactionID != "INV-EXPLAINED" {
		t.Errorf("transactionId %q", resp.TransactionID)
	}
	preq := &wire.PurchaseRequest{PurchaseMessageType: wire.PurchaseAccrual, DocumentDate: req.DocumentDate, TransactionType: wire.TransactionTypePurchase,
		Buyer:     &wire.Buyer{Company: "ACME", Destination: req.Customer.Destination},
		Vendor:    &wire.Vendor{PhysicalOrigin: req.Seller.PhysicalOrigin},
		LineItems: []wire.PurchaseLineItem{{LineItemID: "1", ExtendedPrice: amt("100.00")}}}
	if _, pex, err := e.ExplainPurchase(ctx, preq); err != nil || len(pex) != 1 {
		t.Fatalf("purchase: %+v, %v", pex, err)
	}
	oreq := &wire.OwnerRequest{OwnerMessageType: wire.OwnerInventoryRemoval, DocumentDate: req.DocumentDate,
		Owner:     &wire.Owner{Company: "ACME", Destination: req.Customer.Destination},
		LineItems: []wire.OwnerLineItem{{LineItemID: "1", ExtendedPrice: amt("100.00")}}}
	if _, oex, err := e.ExplainOwner(ctx, oreq); err != nil || len(oex) != 1 || len(oex[0].Taxes) == 0 {
		t.Fatalf("owner: %+v, %v", oex, err)
	}
	n := 0
	if err := j.Scan(ctx, "acme", civil.Date{}, civil.Date{}, func(*journal.Transaction) error { n++; return nil }); err != nil {
		t.Fatal(err)
	}
	if n != 0 {
		t.Errorf("the journal holds %d transactions after explanations, want none", n)
	}
	// The same INVOICE through Sale is stored: the journal was there.
	if _, err := e.Sale(ctx, req); err != nil {
		t.Fatal(err)
	}
	if ok, err := e.TransactionExists(ctx, "INV-EXPLAINED"); err != nil || !ok {
		t.Errorf("Sale stored nothing: %v, %v", ok, err)
	}
}

// TestExplainRefusesAsCalculation: a request that the calculation refuses
// is refused by the explanation with the same error.
func TestExplainRefusesAsCalculation(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	req := usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "100.00")
	req.SaleMessageType = "BOGUS"
	req.Currency = &wire.Currency{ISOCurrencyCodeAlpha: "ZZZ"}
	_, want := e.Sale(ctx, req)
	_, ex, err := e.ExplainSale(ctx, req)
	if want == nil || err == nil || err.Error() != want.Error() || ex != nil {
		t.Fatalf("explain: %v (%v), sale: %v", err, ex, want)
	}
	var le *levy.Error
	if !errors.As(err, &le) && !errors.As(err, new(levy.Errors)) {
		t.Errorf("error %T is not levy's", err)
	}
	if _, _, err := e.ExplainSale(ctx, nil); err == nil {
		t.Error("a nil request explained")
	}
}
