package datagen

import (
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
)

// lackingHeader is the header of internal/datagen/curated/us-local-lacking.csv.
var lackingHeader = []string{"state", "jurisdiction", "tax", "classes", "transactions", "effective", "expiration", "as_of", "note", "reference", "instead", "citation"}

// goodLacking is a row that passes every check, as a map of the header.
func goodLacking() map[string]string {
	return map[string]string{"state": "CO", "jurisdiction": "US-0820000", "tax": "Sales and Use Tax", "classes": "SAAS",
		"as_of": "2018-05-05", "note": "Denver taxes {class} under its own sales and use tax code", "reference": "Topic No. 18",
		"instead": "Denver's record follows Colorado's.", "citation": "Denver Tax Guide Topic No. 18, Data Processing"}
}

// lackingGen returns a generator whose curated lacking table holds rows.
func lackingGen(t *testing.T, rows ...map[string]string) *gen {
	t.Helper()
	return curatedTableGen(t, lackingSrc, lackingHeader, rows...)
}

// TestReadLacking checks the table's checks, row by row, against the
// jurisdictions of the committed dataset: each bad row fails with an
// error that names its line and what is wrong.
func TestReadLacking(t *testing.T) {
	juris, err := data.Default().Jurisdictions()
	if err != nil {
		t.Fatal(err)
	}
	rows, err := readLacking(lackingGen(t, goodLacking()), juris)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1 || rows[0].Name != "Denver" || rows[0].Notice("SAAS") != "US-0820000 Denver taxes SAAS under its own sales and use tax code (Topic No. 18); Levy does not compute it" {
		t.Errorf("rows = %+v", rows)
	}
	cases := []struct {
		name string
		edit func(map[string]string)
		want string
	}{
		{"unknown state", func(r map[string]string) { r["state"] = "ZZ" }, `unknown state "ZZ"`},
		{"unknown jurisdiction", func(r map[string]string) { r["jurisdiction"] = "US-0899999" }, `no jurisdiction "US-0899999"`},
		{"jurisdiction of another state", func(r map[string]string) { r["jurisdiction"] = "US-1714000" }, "is not a jurisdiction of CO"},
		{"no tax", func(r map[string]string) { r["tax"] = "" }, "no tax"},
		{"unknown class", func(r map[string]string) { r["classes"] = "SAAS SASS" }, `unknown product class "SASS"`},
		{"class twice", func(r map[string]string) { r["classes"] = "SAAS SAAS" }, "class SAAS twice"},
		{"unknown transaction", func(r map[string]string) { r["transactions"] = "BARTER" }, `transaction type "BARTER"`},
		{"transactions without classes", func(r map[string]string) {
			r["classes"], r["transactions"], r["note"] = "", "LEASE", "Denver taxes leases"
		}, "transactions without classes"},
		{"no date", func(r map[string]string) { r["as_of"] = "" }, "neither effective nor as_of"},
		{"both dates", func(r map[string]string) { r["effective"] = "2018-01-01" }, "effective and as_of"},
		{"bad date", func(r map[string]string) { r["as_of"] = "2018-13-01" }, "as_of"},
		{"expiration first", func(r map[string]string) { r["expiration"] = "2017-12-31" }, "expiration 2017-12-31 is before"},
		{"no citation", func(r map[string]string) { r["citation"] = "" }, "no citation"},
		{"no instead", func(r map[string]string) { r["instead"] = "" }, "no instead"},
		{"no note", func(r map[string]string) { r["note"] = "" }, "no note"},
		{"long note", func(r map[string]string) { r["note"] = strings.Repeat("Denver taxes {class} ", 10) }, "at most 160"},
		{"note with a full stop", func(r map[string]string) { r["note"] += "." }, "ends with a full stop"},
		{"note on two lines", func(r map[string]string) { r["note"] += "\nand more" }, "one line"},
		{"other placeholder", func(r map[string]string) { r["note"] = "Denver taxes {klass}" }, "the only placeholder is {class}"},
		{"placeholder without classes", func(r map[string]string) { r["classes"] = "" }, "names {class}, and the row has no classes"},
		{"reference not cited", func(r map[string]string) { r["reference"] = "Topic No. 19" }, "is not quoted from the citation"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := goodLacking()
			c.edit(r)
			_, err := readLacking(lackingGen(t, r), juris)
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "internal/datagen/curated/us-local-lacking.csv:2") {
				t.Errorf("err = %v, want one at line 2 with %q", err, c.want)
			}
		})
	}
	// Two rows of one jurisdiction, tax and class overlap unless their
	// transaction types differ.
	a, b := goodLacking(), goodLacking()
	b["as_of"], b["effective"] = "", "2020-01-01"
	if _, err := readLacking(lackingGen(t, a, b), juris); err == nil || !strings.Contains(err.Error(), "SAAS overlaps") {
		t.Errorf("overlapping rows: err = %v", err)
	}
	a["transactions"], b["transactions"] = "SALE", "LEASE RENTAL"
	if _, err := readLacking(lackingGen(t, a, b), juris); err != nil {
		t.Errorf("rows of other transaction types: %v", err)
	}
}

// TestCheckLacking checks the table against what Levy computes: a class
// that us-local-taxes.csv charges in the jurisdiction is not lacking, nor
// is a class of the sales tax that the state's matrix taxes locally.
func TestCheckLacking(t *testing.T) {
	juris, err := data.Default().Jurisdictions()
	if err != nil {
		t.Fatal(err)
	}
	rows, err := readLacking(lackingGen(t, goodLacking()), juris)
	if err != nil {
		t.Fatal(err)
	}
	untaxed := []usCell{{state: "CO", class: "SAAS", spec: taxSpec{local: localSame}, asOf: civil.MustParse("2026-08-18")}}
	if err := checkLacking(rows, nil, untaxed); err != nil {
		t.Errorf("SaaS untaxed in Colorado: %v", err)
	}
	taxed := []usCell{{state: "CO", class: "SAAS", spec: taxSpec{taxable: true, local: localSame}, asOf: civil.MustParse("2026-08-18"), citation: "C.R.S."}}
	if err := checkLacking(rows, nil, taxed); err == nil || !strings.Contains(err.Error(), "CO's local taxes reach SAAS") {
		t.Errorf("SaaS taxed in Colorado: err = %v", err)
	}
	localOnly := []usCell{{state: "CO", class: "SAAS", spec: taxSpec{local: localTaxable}, asOf: civil.MustParse("2026-08-18")}}
	if err := checkLacking(rows, nil, localOnly); err == nil {
		t.Error("SaaS taxed by Colorado's local taxes alone: no error")
	}
	// A cell that ends before the row's period does not count.
	ended := []usCell{{state: "CO", class: "SAAS", spec: taxSpec{taxable: true, local: localSame},
		period: civil.Period{Effective: civil.MustParse("2000-01-01"), Expiration: civil.MustParse("2009-12-31")}}}
	r := rows[0]
	r.Effective, r.AsOf = civil.MustParse("2010-01-01"), civil.Date{}
	if err := checkLacking([]lackingRow{r}, nil, ended); err != nil {
		t.Errorf("a cell that ended before the row: %v", err)
	}
	charged := []localTaxRow{{juris: "US-0820000", tax: "Sales and Use Tax", classes: []string{"SAAS"},
		period: civil.Period{Effective: civil.MustParse("2016-01-01")}, at: lineRef{"internal/datagen/curated/us-local-taxes.csv", 7}}}
	if err := checkLacking(rows, charged, untaxed); err == nil || !strings.Contains(err.Error(), "is charged by internal/datagen/curated/us-local-taxes.csv:7") {
		t.Errorf("a class charged by the local taxes: err = %v", err)
	}
}
