package datagen

import (
	"strings"
	"testing"
)

// TestCodesApplyDated checks the curated table of dated currencies
// against the ISO list: a row of a listed code dates it, a row of
// another code adds it, and a row that contradicts the list, names a
// successor the table lacks or leaves two current currencies with one
// number is refused, naming the file.
func TestCodesApplyDated(t *testing.T) {
	list := func() []codesCurrency {
		return []codesCurrency{
			{alpha: "ANG", numeric: 532, name: "Netherlands Antillean Guilder", minorUnits: 2},
			{alpha: "EUR", numeric: 978, name: "Euro", minorUnits: 2},
		}
	}
	table := func(rows ...string) *Table { return datedTable(t, rows...) }
	got, err := codesApplyDated(list(), table(
		"HRK,191,Kuna,2,,2023-01-01,EUR,Regulation (EU) 2022/1208",
		"ANG,532,Netherlands Antillean Guilder,2,,2025-07-01,XCG,amendment 176",
		"XCG,532,Caribbean Guilder,2,,,,amendment 176"))
	if err != nil {
		t.Fatal(err)
	}
	var codes []string
	for _, c := range got {
		codes = append(codes, c.alpha+" "+c.withdrawn+" "+c.successor)
	}
	if s := strings.Join(codes, "|"); s != "ANG 2025-07-01 XCG|EUR  |HRK 2023-01-01 EUR|XCG  " {
		t.Errorf("got %s", s)
	}
	for name, row := range map[string]string{
		"other numeric":      "ANG,533,Netherlands Antillean Guilder,2,,2025-07-01,,amendment 176",
		"other minor units":  "ANG,532,Netherlands Antillean Guilder,3,,2025-07-01,,amendment 176",
		"unknown successor":  "HRK,191,Kuna,2,,2023-01-01,EUX,Regulation (EU) 2022/1208",
		"no citation":        "HRK,191,Kuna,2,,2023-01-01,EUR,",
		"no date, successor": "HRK,191,Kuna,2,,,EUR,Regulation (EU) 2022/1208",
		"bad date":           "HRK,191,Kuna,2,,2023-02-30,EUR,Regulation (EU) 2022/1208",
		"two current 532":    "XCG,532,Caribbean Guilder,2,,,,amendment 176",
		"lower case":         "hrk,191,Kuna,2,,2023-01-01,EUR,Regulation (EU) 2022/1208",
	} {
		if _, err := codesApplyDated(list(), table(row)); err == nil || !strings.Contains(err.Error(), codesDatedFile) {
			t.Errorf("%s: %v, want an error naming %s", name, err, codesDatedFile)
		}
	}
}

// datedTable parses rows under the header of the curated table of dated
// currencies, failing the test if they do not parse.
func datedTable(t *testing.T, rows ...string) *Table {
	t.Helper()
	tb, err := parseRatesTable(strings.NewReader("code,numeric,name,minor_units,introduced,withdrawn,successor,citation\n"+strings.Join(rows, "\n")),
		codesDatedFile, "code")
	if err != nil {
		t.Fatal(err)
	}
	return tb
}
