package datagen

import (
	"io/fs"
	"maps"
	"strings"
	"testing"
)

// TestCodesApplyDatedIntroduced: the curated table of dated currencies
// gives the day a currency came into use (introduced), for a code the ISO
// list holds (ZWG) as for one it adds (XCG), and refuses a date that is
// none or is not before the withdrawal, naming the file.
func TestCodesApplyDatedIntroduced(t *testing.T) {
	list := func() []codesCurrency {
		return []codesCurrency{
			{alpha: "ANG", numeric: 532, name: "Netherlands Antillean Guilder", minorUnits: 2},
			{alpha: "ZWG", numeric: 924, name: "Zimbabwe Gold", minorUnits: 2},
		}
	}
	table := func(rows ...string) *Table { return datedTable(t, rows...) }
	got, err := codesApplyDated(list(), table(
		"ANG,532,Netherlands Antillean Guilder,2,,2025-07-01,XCG,amendment 176",
		"XCG,532,Caribbean Guilder,2,2025-03-31,,,amendment 176",
		"ZWG,924,Zimbabwe Gold,2,2024-06-25,,,amendment 177"))
	if err != nil {
		t.Fatal(err)
	}
	var codes []string
	for _, c := range got {
		codes = append(codes, c.alpha+" "+c.introduced+" "+c.withdrawn)
	}
	if s := strings.Join(codes, "|"); s != "ANG  2025-07-01|XCG 2025-03-31 |ZWG 2024-06-25 " {
		t.Errorf("got %s", s)
	}
	for name, row := range map[string]string{
		"bad date":                   "ZWG,924,Zimbabwe Gold,2,2024-06-31,,,amendment 177",
		"introduced on withdrawal":   "ANG,532,Netherlands Antillean Guilder,2,2025-07-01,2025-07-01,,amendment 176",
		"introduced after withdrawn": "ANG,532,Netherlands Antillean Guilder,2,2026-01-01,2025-07-01,,amendment 176",
	} {
		if _, err := codesApplyDated(list(), table(row)); err == nil || !strings.Contains(err.Error(), codesDatedFile) {
			t.Errorf("%s: %v, want an error naming %s", name, err, codesDatedFile)
		}
	}
}

// TestCuratedDatedCurrencies reads the curated table itself: the
// currencies introduced since the content's first dates carry their first
// day in use, and the table applies to a list that holds the successors.
func TestCuratedDatedCurrencies(t *testing.T) {
	sub, err := fs.Sub(curatedFiles, "curated")
	if err != nil {
		t.Fatal(err)
	}
	tb, err := readTableFile(file{sub, codesDatedFile}, curatedRef+codesDatedFile,
		"code", "numeric", "name", "minor_units", "introduced", "withdrawn", "successor", "citation")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"BYN": "2016-07-01", "MRU": "2018-01-01", "STN": "2018-01-01", "VES": "2018-08-20",
		"SLE": "2022-07-01", "ZWG": "2024-06-25", "XCG": "2025-03-31"}
	got := map[string]string{}
	for _, row := range tb.Rows {
		if in := tb.Get(row, "introduced"); in != "" {
			got[tb.Get(row, "code")] = in
		}
	}
	if !maps.Equal(got, want) {
		t.Errorf("introduced %v, want %v", got, want)
	}
	if _, err := codesApplyDated([]codesCurrency{{alpha: "EUR", numeric: 978, name: "Euro", minorUnits: 2}}, tb); err != nil {
		t.Errorf("the curated table: %v", err)
	}
}
