package engine

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data/content"
	"github.com/levytax/levy/wire"
)

// TestContentReloadWhileCalculating rewrites a loaded content file (the
// Houston city rate, 1% then 2%) and its rule file (a Houston rule of its
// own, which names the rate) and reloads the engine over and over while
// calculations run, and checks that every calculation saw one snapshot:
// the city tax and the rule of the same version, the total their sum.
// Run it with -race as well.
func TestContentReloadWhileCalculating(t *testing.T) {
	dir := t.TempDir()
	csvPath := filepath.Join(dir, "houston.csv")
	rulePath := filepath.Join(dir, "rules.json")
	write := func(v int) {
		rate := map[int]string{1: "0.01", 2: "0.02"}[v]
		csv := "state,jurisdiction,type,name,code,rate,category,effective,expiration,where,source\n" +
			"TX,US-4835000,CITY,Houston,4835000," + rate + ",general,,,place:4835000,version " + rate + "\n"
		rules := `{"version": 1, "rules": [{"id": "houston-` + rate + `", "jurisdiction": "US-4835000", "outcome": "TAXABLE"}]}`
		// Each file is replaced whole (rename), as an operator's deploy
		// would, so that a reload reads one version of each.
		for path, body := range map[string]string{csvPath: csv, rulePath: rules} {
			tmp := path + ".tmp"
			if err := os.WriteFile(tmp, []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Rename(tmp, path); err != nil {
				t.Fatal(err)
			}
		}
	}
	write(1)
	d := civil.MustParse("2026-08-01")
	e, err := New(context.Background(), WithToday(func() civil.Date { return d }), WithRuleFiles(rulePath),
		WithContent(content.Options{}, content.Source{Path: csvPath, Format: "levy"}))
	if err != nil {
		t.Fatal(err)
	}
	loc := &wire.Location{City: "Houston", MainDivision: "TX", PostalCode: "77002", Country: "US"}
	want := map[string]string{"houston-0.01": "100.00", "houston-0.02": "200.00"}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				resp, err := e.Sale(context.Background(), saleHere(loc, d, "1"))
				if err != nil {
					t.Error(err)
					return
				}
				for _, tx := range resp.LineItems[0].Taxes {
					if tx.Jurisdiction.JurisdictionID != "US-4835000" {
						continue
					}
					if w, ok := want[tx.CalculationRuleID.Value]; !ok || tx.CalculatedTax.String() != w {
						t.Errorf("a torn calculation: Houston %s by rule %s", tx.CalculatedTax, tx.CalculationRuleID.Value)
						return
					}
				}
			}
		}()
	}
	for i := range 3 {
		write(1 + (i+1)%2)
		if err := e.Reload(context.Background()); err != nil {
			t.Error(err)
			break
		}
	}
	close(stop)
	wg.Wait()
	// The last reload wrote version 2: a calculation now sees it.
	resp, err := e.Sale(context.Background(), saleHere(loc, d, "1"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tx := range resp.LineItems[0].Taxes {
		if tx.Jurisdiction.JurisdictionID == "US-4835000" && (tx.CalculationRuleID.Value != "houston-0.02" || tx.CalculatedTax.String() != "200.00") {
			t.Errorf("after the reloads: Houston %s by rule %s, want 200.00 by houston-0.02", tx.CalculatedTax, tx.CalculationRuleID.Value)
		}
	}
}
