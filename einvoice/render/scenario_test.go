package render_test

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/levytax/levy/einvoice/internal/scenario"
	"github.com/levytax/levy/einvoice/ubl"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
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
		j := journal.NewMemory()
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
