package datagen_test

import (
	"cmp"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/levytax/levy/data"
	"github.com/levytax/levy/internal/datagen"
	"github.com/levytax/levy/internal/datagen/states/ca"
	"github.com/levytax/levy/jurisdiction"
	"github.com/shopspring/decimal"
)

// sourceRows lists, independently of the generator's readers, every rate
// row of the local rate sources: source key and row reference, as the
// ledger names them.
func sourceRows(t *testing.T, src string) map[string]bool {
	t.Helper()
	rows := map[string]bool{}
	readCSV := func(rel string) [][]string {
		f, err := os.Open(filepath.Join(src, filepath.FromSlash(rel)))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		recs, err := csv.NewReader(f).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		return recs
	}
	for i := range readCSV(datagen.TaxlocusFile)[1:] {
		rows[fmt.Sprintf("taxlocus jurisdiction_rates.csv:%d", i+2)] = true
	}
	for i := range readCSV(datagen.TaxlocusStatesFile)[1:] {
		rows[fmt.Sprintf("taxlocus state_rates.csv:%d", i+2)] = true
	}
	for i := range readCSV(ca.CDTFAFile)[1:] {
		rows[fmt.Sprintf("us-ca-cdtfa line %d", i+2)] = true
	}
	for _, f := range datagen.SSTFiles() {
		raw, err := os.ReadFile(filepath.Join(src, filepath.FromSlash(f.File)))
		if err != nil {
			t.Fatal(err)
		}
		for i, l := range strings.Split(string(raw), "\n") {
			if strings.TrimSpace(l) != "" {
				rows[fmt.Sprintf("us-sst-%s line %d", strings.ToLower(f.State), i+1)] = true
			}
		}
	}
	// The OpenSalesTax export: every number of a rate table, of a city
	// table and every rate constant.
	raw, err := os.ReadFile(filepath.Join(src, filepath.FromSlash(datagen.OSTFile)))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		States map[string]map[string]json.RawMessage `json:"states"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	isRate := func(s string) bool { _, err := decimal.NewFromString(s); return err == nil && strings.Contains(s, ".") }
	for st, consts := range doc.States {
		for name, v := range consts {
			var scalar string
			var table map[string]string
			var cities map[string][]json.RawMessage
			switch {
			case json.Unmarshal(v, &scalar) == nil:
				if isRate(scalar) && strings.HasSuffix(name, "RATE") || strings.HasSuffix(name, "RATE_PCT") {
					rows["opensalestax-local "+name+"/"+name] = true
				}
			case json.Unmarshal(v, &table) == nil:
				for k, x := range table {
					if isRate(x) {
						rows["opensalestax-local "+name+"/"+k] = true
					}
				}
			case json.Unmarshal(v, &cities) == nil:
				for city, members := range cities {
					for _, m := range members {
						var s string
						if json.Unmarshal(m, &s) == nil && isRate(s) {
							rows["opensalestax-local "+name+"/"+city] = true
						}
					}
				}
			}
			_ = st
		}
	}
	return rows
}

// TestEveryRowAccounted checks that every rate row of every local source
// is in the ledger: represented by jurisdictions of the generated dataset
// whose rates, read back from the generated file, sum to the row's rate
// on its date; or refused, with its reason, in the generated
// data/refused.csv. Nothing is dropped in silence.
func TestEveryRowAccounted(t *testing.T) {
	d, src, _ := runGenerator(t)
	rows := sourceRows(t, src)
	if len(rows) < 15000 {
		t.Fatalf("only %d source rows found", len(rows))
	}
	ds := data.Open(fstest.MapFS{datagen.JurisFile: &fstest.MapFile{Data: d.Files[datagen.JurisFile]}}, datagen.Version)
	js, err := ds.Jurisdictions()
	if err != nil {
		t.Fatal(err)
	}
	refusedCSV, err := csv.NewReader(strings.NewReader(string(d.Docs["refused.csv"]))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	refused := map[string]string{}
	for _, r := range refusedCSV[1:] {
		refused[r[0]+" "+r[1]] = r[6]
	}
	ledger := map[string]bool{}
	represented, refusals := 0, 0
	for _, e := range d.Ledger {
		key := e.Row.Source + " " + e.Row.Ref
		ledger[key] = true
		if e.Reason != "" {
			refusals++
			if refused[key] == "" {
				t.Errorf("%s is refused (%s) but not in refused.csv", key, e.Reason)
			}
			continue
		}
		represented++
		cat := cmp.Or(e.Row.Cat, jurisdiction.General)
		sum := decimal.Zero
		for _, id := range e.Juris {
			if _, ok := js.ByID(id); !ok {
				t.Errorf("%s is represented by %s, which the dataset lacks", key, id)
			}
			var general *decimal.Decimal
			found := false
			for _, r := range js.RatesOn(id, e.Row.When) {
				if r.Tax != jurisdiction.SalesTax {
					continue
				}
				if r.Category == cat {
					sum = sum.Add(r.Value)
					found = true
				} else if r.Category == jurisdiction.General {
					v := r.Value
					general = &v
				}
			}
			if !found && general != nil {
				sum = sum.Add(*general)
			}
		}
		if !sum.Equal(e.Row.Rate) {
			t.Errorf("%s (%s): rate %s, but the dataset's %v sum to %s on %s", key, e.Row.Label, e.Row.Rate, e.Juris, sum, e.Row.When)
		}
	}
	missing := 0
	for key := range rows {
		if !ledger[key] {
			missing++
			if missing <= 20 {
				t.Errorf("source row %s is neither represented nor refused", key)
			}
		}
	}
	if missing > 0 {
		t.Errorf("%d source rows unaccounted for", missing)
	}
	t.Logf("%d source rows: %d ledger entries represented, %d refused", len(rows), represented, refusals)
}
