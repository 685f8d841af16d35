package taxarea

import (
	"encoding/csv"
	"os"
	"strings"
	"testing"
)

// TestTerritoryCountryIsTheCuratedFile: TerritoryCountry knows a code
// exactly when the curated vat-territories.csv gives it (column
// iso_country), and gives the territory's ID there, so that the table
// in code and the curated file cannot disagree: a territory added to
// one and not the other fails here.
func TestTerritoryCountryIsTheCuratedFile(t *testing.T) {
	f, err := os.Open("../internal/datagen/curated/vat-territories.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	for _, c := range []string{"country", "id", "iso_country"} {
		if _, ok := col[c]; !ok {
			t.Fatalf("vat-territories.csv has no column %s", c)
		}
	}
	curated := map[string]string{} // ISO 3166-1 code -> ID
	for _, r := range rows[1:] {
		if iso := r[col["iso_country"]]; iso != "" {
			curated[iso] = r[col["id"]]
			if !strings.HasPrefix(r[col["id"]], r[col["country"]]+"-") {
				t.Errorf("vat-territories.csv: %s is %s, not a part of %s", iso, r[col["id"]], r[col["country"]])
			}
		}
	}
	if len(curated) == 0 {
		t.Fatal("vat-territories.csv gives no iso_country")
	}
	for a := 'A'; a <= 'Z'; a++ {
		for b := 'A'; b <= 'Z'; b++ {
			code := string([]rune{a, b})
			id, name, ok := TerritoryCountry(code)
			want, curatedOK := curated[code]
			switch {
			case ok != curatedOK:
				t.Errorf("TerritoryCountry(%s) knows it: %v; vat-territories.csv gives it: %v", code, ok, curatedOK)
			case ok && (id != want || name == ""):
				t.Errorf("TerritoryCountry(%s) = %s %q; vat-territories.csv gives %s", code, id, name, want)
			}
		}
	}
}
