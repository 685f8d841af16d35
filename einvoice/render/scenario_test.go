package render_test

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/einvoice/internal/scenario"
	"github.com/levytax/levy/einvoice/render"
	"github.com/levytax/levy/einvoice/ubl"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/wire"
)

var (
	runOnce sync.Once
	results []scenario.Result
	runErr  error
)

// scenarios calculates and renders the sales of package scenario once
// per test binary.
func scenarios(t *testing.T) []scenario.Result {
	t.Helper()
	runOnce.Do(func() {
		ctx := context.Background()
		dir, err := os.MkdirTemp("", "levy-render-scenarios")
		if err != nil {
			runErr = err
			return
		}
		defer os.RemoveAll(dir)
		j, err := badger.OpenJournal(ctx, dir)
		if err != nil {
			runErr = err
			return
		}
		defer j.Close()
		e, err := engine.New(ctx, engine.WithJournal(j))
		if err != nil {
			runErr = err
			return
		}
		results, runErr = scenario.Run(ctx, e, j, "../../engine/testdata/golden")
	})
	if runErr != nil {
		t.Fatal(runErr)
	}
	return results
}

// TestRenderScenarios: every golden EU calculation of the engine (split
// per customer) and every sale of Levy's own with EU VAT renders as UBL,
// as UBL for Peppol BIS and as CII, each of which Levy's rules (which
// agree with the official artefacts on their corpus) accept; the sales
// that cannot become e-invoices are refused with their reason.
func TestRenderScenarios(t *testing.T) {
	res := scenarios(t)
	if len(res) < 30 {
		t.Fatalf("%d renderings", len(res))
	}
	categories := map[string]bool{}
	for _, r := range res {
		t.Run(r.Name(), func(t *testing.T) {
			if r.Refused != "" {
				if r.Err == nil || !strings.Contains(r.Err.Error(), r.Refused) {
					t.Fatalf("want a refusal with %q, got %v", r.Refused, r.Err)
				}
				return
			}
			if r.Err != nil {
				t.Fatal(r.Err)
			}
			d, err := ubl.Read(r.Rendered.Content)
			if err != nil {
				t.Fatal(err)
			}
			if d.Syntax != r.Rendered.Syntax || d.IsPeppol() != (r.Variant == "peppol") {
				t.Errorf("syntax %s, Peppol %v", d.Syntax, d.IsPeppol())
			}
			sets := ubl.RulesEN16931
			if r.Variant == "peppol" {
				sets = ubl.RulesPeppol
			}
			if ps := d.CheckWith(sets); ubl.HasFatal(ps) {
				t.Fatalf("%v\n%s", ps, r.Rendered.Content)
			}
			for _, tt := range d.TaxTotals {
				for _, s := range tt.Subtotals {
					categories[s.Category.ID] = true
				}
			}
		})
	}
	for _, c := range []string{"S", "Z", "E", "AE", "K", "G", "O"} {
		if !categories[c] {
			t.Errorf("no rendering has VAT category %s", c)
		}
	}
}

// TestRenderDocumentedSale: the sale docs/einvoicing.md calculates
// (einvoice/testdata/sale-de-fr.json, goods and a service from Germany
// to a French business) renders as its commands render it: UBL with a K
// and an AE breakdown, CII, and Peppol BIS with the documented electronic
// addresses and buyer's reference; Levy's rules accept each.
func TestRenderDocumentedSale(t *testing.T) {
	ctx := context.Background()
	j, err := badger.OpenJournal(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { j.Close() })
	e, err := engine.New(ctx, engine.WithJournal(j))
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile("../testdata/sale-de-fr.json")
	if err != nil {
		t.Fatal(err)
	}
	var req wire.SaleRequest
	if err := json.Unmarshal(data, &req); err != nil {
		t.Fatal(err)
	}
	ctx = levy.WithTenant(ctx, levy.DefaultTenant)
	if _, err := e.Sale(ctx, &req); err != nil {
		t.Fatal(err)
	}
	tx, err := j.Get(ctx, levy.DefaultTenant, "INV-2026-0815")
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range []render.Options{
		{},
		{Syntax: ubl.SyntaxCII},
		{SellerEndpoint: "9930:DE813495721", BuyerEndpoint: "9957:FR40303265045", BuyerReference: "PO-4711", DueDate: civil.MustParse("2026-09-30")},
	} {
		out, err := render.Render(tx, o)
		if err != nil {
			t.Fatalf("%+v: %v", o, err)
		}
		d, err := ubl.Read(out.Content)
		if err != nil {
			t.Fatal(err)
		}
		sets := ubl.RulesEN16931
		if o.SellerEndpoint != "" {
			sets = ubl.RulesPeppol
		}
		if ps := d.CheckWith(sets); ubl.HasFatal(ps) || d.IsPeppol() != (o.SellerEndpoint != "") {
			t.Fatalf("%+v: %v", o, ps)
		}
		var cats []string
		for _, s := range d.TaxTotals[0].Subtotals {
			cats = append(cats, s.Category.ID)
		}
		if strings.Join(cats, ",") != "AE,K" && strings.Join(cats, ",") != "K,AE" {
			t.Errorf("%+v: categories %v", o, cats)
		}
	}
}
