package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestExplainEveryGolden explains every golden request (the sale,
// purchase and owner files of testdata/golden, Brazil's, withholding's and
// DISTRIBUTE_TAX's among them, and the content engine's of
// testdata/golden-content) and checks that the response is the
// calculation's byte for byte, that the explanation has a line for each
// response line and a tax for each of its taxes with the same rule IDs,
// and that every tax that names a rule has a reason.
func TestExplainEveryGolden(t *testing.T) {
	type run struct {
		e    *Engine
		file string
	}
	var runs []run
	for _, dir := range []struct {
		e    *Engine
		glob string
	}{{testEngine(t), "testdata/golden/*.request.json"}, {brazilContentEngine(t), "testdata/golden-content/*.request.json"}} {
		files, err := filepath.Glob(dir.glob)
		if err != nil || len(files) == 0 {
			t.Fatalf("no golden requests under %s: %v", dir.glob, err)
		}
		for _, f := range files {
			runs = append(runs, run{dir.e, f})
		}
	}
	for _, r := range runs {
		name := strings.TrimSuffix(filepath.Base(r.file), ".request.json")
		t.Run(name, func(t *testing.T) {
			body, err := os.ReadFile(r.file)
			if err != nil {
				t.Fatal(err)
			}
			var want, got any
			var ex wire.Explanation
			var taxes [][]wire.Tax
			switch {
			case strings.HasPrefix(name, "sale-"):
				want, got, ex, taxes = explainBoth(t, body, r.e.Sale, r.e.ExplainSale,
					func(s *wire.SaleResponse) []wire.SaleResponseLineItem { return s.LineItems }, saleLineView)
			case strings.HasPrefix(name, "purchase-"):
				want, got, ex, taxes = explainBoth(t, body, r.e.Purchase, r.e.ExplainPurchase,
					func(s *wire.PurchaseResponse) []wire.PurchaseResponseLineItem { return s.LineItems }, purchaseLineView)
			case strings.HasPrefix(name, "owner-"):
				want, got, ex, taxes = explainBoth(t, body, r.e.Owner, r.e.ExplainOwner,
					func(s *wire.OwnerResponse) []wire.OwnerResponseLineItem { return s.LineItems }, ownerLineView)
			default:
				t.Fatalf("golden file %s names no perspective", r.file)
			}
			sameJSON(t, name, got, want)
			if len(ex) != len(taxes) {
				t.Fatalf("%d explained lines for %d response lines", len(ex), len(taxes))
			}
			for i, el := range ex {
				if len(el.Taxes) != len(taxes[i]) {
					t.Fatalf("%s: %d explained taxes for %d", el.Path, len(el.Taxes), len(taxes[i]))
				}
				for k, x := range el.Taxes {
					w := &taxes[i][k]
					if w.CalculationRuleID == nil {
						continue
					}
					if x.RuleID != w.CalculationRuleID.Value {
						t.Errorf("%s tax %d: rule %q, the response's %q", el.Path, k, x.RuleID, w.CalculationRuleID.Value)
					}
					if strings.TrimSpace(x.Reason) == "" {
						t.Errorf("%s tax %d (%s %s, rule %s): no reason", el.Path, k, x.JurisdictionID, x.Imposition, x.RuleID)
					}
				}
			}
		})
	}
}

// flatTaxes returns the taxes of every response line, parents included,
// in the response's order (a line, then its children).
func flatTaxes[R any](lines []R, view func(*R) (lineView, []R)) [][]wire.Tax {
	var out [][]wire.Tax
	for i := range lines {
		v, kids := view(&lines[i])
		out = append(out, v.taxes)
		out = append(out, flatTaxes(kids, view)...)
	}
	return out
}

// explainBoth decodes body as a request of one perspective, calculates it
// and explains it, and returns both responses, the explanation and the
// explained response's taxes line by line (flatTaxes).
func explainBoth[Q, S, L any](t *testing.T, body []byte, calc func(context.Context, *Q) (*S, error),
	explain func(context.Context, *Q) (*S, wire.Explanation, error), lines func(*S) []L, view func(*L) (lineView, []L)) (*S, *S, wire.Explanation, [][]wire.Tax) {
	t.Helper()
	req := new(Q)
	mustDecode(t, body, req)
	want, err := calc(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	got, ex, err := explain(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	return want, got, ex, flatTaxes(lines(got), view)
}

// TestExplainWithholding: the withholding of a sale (a Kenyan business
// withholds on a German seller's services) is explained with its rule
// and reason, the response is Sale's, and the explained INVOICE is not
// stored where Sale's is.
func TestExplainWithholding(t *testing.T) {
	ctx, _, e, req := kenyanWithholdingSale(t)
	got, ex, err := e.ExplainSale(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := e.TransactionExists(ctx, "DE-KE-1"); err != nil || ok {
		t.Fatalf("explained invoice stored: %v %v", ok, err)
	}
	want, err := e.Sale(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	sameJSON(t, "withholding", got, want)
	withheld := 0
	for k, w := range got.LineItems[0].Taxes {
		x := ex[0].Taxes[k]
		if w.TaxCollectedFromParty != wire.TaxCollectedFromBuyer || x.Imposition != "Withholding Tax" {
			continue
		}
		withheld++
		if x.RuleID == "" || x.RuleID != w.CalculationRuleID.Value || strings.TrimSpace(x.Reason) == "" {
			t.Errorf("withheld tax explained %+v", x)
		}
	}
	if withheld != 1 {
		t.Errorf("%d withheld taxes, want 1: %+v", withheld, ex)
	}
}
