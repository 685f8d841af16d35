package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestExplainUnknownClassSaysSo checks that the explained reason of each
// tax of a line whose product class no rule knows says that the class
// sent was taxed as GENERAL, and that an exempt override's tax, which no
// class decided, and a line of a known class say nothing of it. Before,
// the reason of a line sent as WIDGETS read "goods.general" alone: the
// table of levy calc --explain-only showed a rule of general goods for a
// class the request never sent, without saying why.
func TestExplainUnknownClassSaysSo(t *testing.T) {
	ctx := context.Background()
	e := testEngine(t)
	req := usSale("200 N Spring St", "Los Angeles", "CA", "90012", "WIDGETS", "100.00")
	known := req.LineItems[0]
	known.LineItemID, known.Product = "2", &wire.Product{ProductClass: "GENERAL"}
	req.LineItems = append(req.LineItems, known)
	req.LineItems[0].ExemptOverrides = []wire.Override{{JurisdictionID: "US-CA"}}
	resp, ex, err := e.ExplainSale(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if p := paramOf(resp.LineItems[0], unknownClassRule, "productClass"); p == nil || p.OriginalValue != "WIDGETS" || p.Value != "GENERAL" {
		t.Fatalf("line 0: unknown-product-class %+v, want WIDGETS taxed as GENERAL", p)
	}
	const note = "the line's class WIDGETS (productClass) is not one Levy knows: taxed as GENERAL (unknown-product-class)"
	if len(ex) != 2 || len(ex[0].Taxes) < 2 || len(ex[1].Taxes) < 2 {
		t.Fatalf("explanation %+v, want two lines with their taxes", ex)
	}
	for _, x := range ex[0].Taxes {
		switch got := strings.Contains(x.Reason, note); {
		case x.JurisdictionID == "US-CA" && got:
			t.Errorf("line 0: %s, exempted by the override, says %q: %q", x.JurisdictionID, note, x.Reason)
		case x.JurisdictionID != "US-CA" && !got:
			t.Errorf("line 0: %s: reason %q, want it to say %q", x.JurisdictionID, x.Reason, note)
		}
	}
	for _, x := range ex[1].Taxes {
		if strings.Contains(x.Reason, "not one Levy knows") {
			t.Errorf("line 1 (GENERAL): %s: reason %q speaks of an unknown class", x.JurisdictionID, x.Reason)
		}
	}
}
