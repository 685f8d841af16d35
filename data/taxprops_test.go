package data

import (
	"reflect"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/binfmt"
	"github.com/levytax/levy/jurisdiction"
	"github.com/shopspring/decimal"
)

// TestLowValueLimitsAsBefore: the dataset's low-value import limits,
// which the generator reads from its curated low-value-limits.csv, are
// the ones the Go table of jurisdiction held before they became data,
// field by field (but for Australia's and New Zealand's business reverse
// charge and Malaysia's and Singapore's limits, added since), and a member state of the
// EU has the Union's.
func TestLowValueLimitsAsBefore(t *testing.T) {
	j, err := Default().Jurisdictions()
	if err != nil {
		t.Fatal(err)
	}
	from := func(d string) civil.Period { return civil.Period{Effective: civil.MustParse(d)} }
	n := decimal.NewFromInt
	type row struct {
		country, scheme, currency string
		period                    civil.Period
		amount                    decimal.Decimal
		strict, perItem, eu, brc  bool
		source                    string // the start of the citation
	}
	want := []row{
		{"AU", "Australia's A$1,000 low value goods rule", "AUD", from("2018-07-01"), n(1000), false, false, false, true, "A New Tax System (Goods and Services Tax) Act 1999, Subdivision 84-C"},
		{"EU", "the EU's €150 Import One Stop Shop (IOSS)", "EUR", from("2021-07-01"), n(150), false, false, true, false, "VAT Directive 2006/112/EC, articles 369l to 369x"},
		{"GB", "the United Kingdom's £135 rule", "GBP", from("2021-01-01"), n(135), false, false, false, true, "VAT Act 1994 as amended by the Taxation (Post-transition Period) Act 2020"},
		{"MY", "Malaysia's RM500 low value goods sales tax", "MYR", from("2024-01-01"), n(500), false, true, false, false, "Sales Tax Act 2018 as amended"},
		{"NO", "Norway's VOEC scheme", "NOK", from("2020-04-01"), n(3000), true, true, false, false, "Merverdiavgiftsloven (VOEC"},
		{"NZ", "New Zealand's NZ$1,000 low-value goods rule", "NZD", from("2019-12-01"), n(1000), false, false, false, true, "Goods and Services Tax Act 1985"},
		{"SG", "Singapore's S$400 low-value goods rule", "SGD", from("2023-01-01"), n(400), false, true, false, true, "Goods and Services Tax Act 1993"},
	}
	got := j.LowValueLimits().All()
	if len(got) != len(want) {
		t.Fatalf("%d limits, want %d: %+v", len(got), len(want), got)
	}
	for i, w := range want {
		g := got[i]
		if g.Country != w.country || g.Scheme != w.scheme || g.Currency != w.currency || g.Period != w.period || !g.Amount.Equal(w.amount) ||
			g.Strict != w.strict || g.PerItem != w.perItem || g.EU != w.eu || g.BusinessReverseCharge != w.brc || !strings.HasPrefix(g.Source, w.source) {
			t.Errorf("limit %d: %+v, want %+v", i, g, w)
		}
	}
	for _, c := range []struct{ country, date, want string }{
		{"GB", "2020-12-31", ""}, {"GB", "2021-01-01", "GB"}, {"FR", "2021-06-30", ""}, {"FR", "2021-07-01", "EU"},
		{"GB", "2019-06-01", ""}, {"CH", "2026-01-01", ""}, {"NO", "2026-01-01", "NO"}, {"SG", "2022-12-31", ""}, {"SG", "2023-01-01", "SG"},
		{"MY", "2023-12-31", ""}, {"MY", "2024-01-01", "MY"},
	} {
		v, ok := j.LowValueLimit(c.country, civil.MustParse(c.date))
		if got := v.Country; got != c.want || ok != (c.want != "") {
			t.Errorf("%s on %s: %q %v, want %q", c.country, c.date, got, ok, c.want)
		}
	}
}

// TestTaxAccrualsOfMalaysia: the dataset says that a buyer accrues none
// of Malaysia's sales tax and service tax from 2018-09-01, but the
// service tax on imported taxable services from 2019-01-01; no other
// jurisdiction's taxes have an accrual.
func TestTaxAccrualsOfMalaysia(t *testing.T) {
	j, err := Default().Jurisdictions()
	if err != nil {
		t.Fatal(err)
	}
	day := civil.MustParse
	type row struct {
		tax     jurisdiction.Tax
		accrual jurisdiction.Accrual
		period  civil.Period
	}
	want := []row{
		{jurisdiction.GoodsSalesTax, jurisdiction.AccrualNone, civil.Period{Effective: day("2018-09-01")}},
		{jurisdiction.ServiceTax, jurisdiction.AccrualNone, civil.Period{Effective: day("2018-09-01"), Expiration: day("2018-12-31")}},
		{jurisdiction.ServiceTax, jurisdiction.AccrualImportedServices, civil.Period{Effective: day("2019-01-01")}},
	}
	var got []row
	for _, a := range j.TaxAccruals("MY") {
		if a.Jurisdiction != "MY" || a.Source == "" {
			t.Errorf("accrual %+v", a)
		}
		got = append(got, row{a.Tax, a.Accrual, a.Period})
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Malaysia's accruals %+v, want %+v", got, want)
	}
	for _, x := range j.All() {
		if x.ID != "MY" && j.TaxAccruals(x.ID) != nil {
			t.Errorf("%s has accruals %+v", x.ID, j.TaxAccruals(x.ID))
		}
	}
}

// TestJurisdictionsRefusesMalformedTaxProperties: a jurisdictions file
// whose low-value limits overlap, name no country or have an amount that
// is not positive, or whose tax accrual refers to a jurisdiction the file
// lacks or is of no known kind, is refused as corrupt; the same file with
// well-formed rows reads.
func TestJurisdictionsRefusesMalformedTaxProperties(t *testing.T) {
	limit := func(country string, coef int64, effective uint64) func(w *binfmt.Writer) {
		return func(w *binfmt.Writer) {
			w.String(country)
			w.String("a scheme")
			w.Uvarint(effective)
			w.Uvarint(0)
			w.String("EUR")
			w.Varint(coef)
			w.Varint(0)
			w.Bool(false)
			w.Bool(false)
			w.Bool(false)
			w.String("a source")
		}
	}
	// file writes a jurisdictions file of one jurisdiction, France, with
	// no rates, exceptions or VAT geography, the limits and one accrual
	// of the jurisdiction of index ji.
	file := func(limits []func(w *binfmt.Writer), ji, accrual uint64) []byte {
		w := binfmt.NewWriter(jurisKind, jurisVersion)
		w.Uvarint(0) // no words
		w.Uvarint(1) // one jurisdiction
		w.String("FR")
		w.Uvarint(uint64(jurisdiction.Country))
		w.String("France")
		w.Uvarint(0) // no parent
		w.String("FR")
		w.String("FR")
		w.Uvarint(0)
		w.Uvarint(0)
		for range 7 {
			w.Uvarint(0) // no rates, exceptions, areas, territories, boxes, postcodes or regions
		}
		w.Uvarint(uint64(len(limits)))
		for _, l := range limits {
			l(w)
		}
		w.Uvarint(1)
		w.Uvarint(ji)
		w.String("VAT")
		w.Uvarint(accrual)
		w.Uvarint(0)
		w.Uvarint(0)
		w.String("a source")
		w.Uvarint(0) // no domestic reverse charges (format 5)
		out, err := w.Finish()
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	ok := []func(w *binfmt.Writer){limit("CH", 150, 0)}
	for _, c := range []struct {
		name string
		file []byte
		want string
	}{
		{"two limits of a country that overlap", file([]func(w *binfmt.Writer){limit("CH", 150, 0), limit("CH", 100, jurisDateOffset)}, 0, 1), "overlap"},
		{"a limit of no country", file([]func(w *binfmt.Writer){limit("France", 150, 0)}, 0, 1), "not an ISO 3166-1 alpha-2 code"},
		{"a limit of nothing", file([]func(w *binfmt.Writer){limit("CH", 0, 0)}, 0, 1), "not positive"},
		{"a limit of a member state of the EU's VAT area", file([]func(w *binfmt.Writer){limit("FR", 150, 0)}, 0, 1), "EU's VAT area"},
		{"an accrual of a jurisdiction the file lacks", file(ok, 1, 1), "refers to jurisdiction 1"},
		{"an accrual of no kind", file(ok, 0, 9), "tax accrual 0 of FR"},
	} {
		_, err := decodeJurisdictions(c.file)
		if err == nil || !strings.Contains(err.Error(), "corrupt") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want a corrupt file naming %q", c.name, err, c.want)
		}
	}
	j, err := decodeJurisdictions(file(ok, 0, 2))
	if err != nil {
		t.Fatal(err)
	}
	if v, found := j.LowValueLimit("CH", civil.MustParse("2026-01-01")); !found || v.Country != "CH" || !v.Amount.Equal(decimal.NewFromInt(150)) {
		t.Errorf("the well-formed file's limit: %+v %v", v, found)
	}
	if a := j.TaxAccruals("FR"); len(a) != 1 || a[0].Accrual != jurisdiction.AccrualImportedServices {
		t.Errorf("the well-formed file's accruals: %+v", a)
	}
}

// TestOverlayLowValueLimits: a content's low-value limits replace the
// dataset's rows of the countries they name and add countries the
// dataset has none of; the rest stay, and the dataset itself is
// unchanged. A limit of a place that is no country is refused.
func TestOverlayLowValueLimits(t *testing.T) {
	base := Default()
	from := func(d string) civil.Period { return civil.Period{Effective: civil.MustParse(d)} }
	o := &Overlay{Name: "limits.csv", LowValueLimits: []jurisdiction.LowValue{
		{Country: "GB", Scheme: "a new rule", Period: from("2021-01-01"), Currency: "GBP", Amount: decimal.NewFromInt(200), Source: "a test"},
		{Country: "CH", Scheme: "a Swiss rule", Period: from("2026-01-01"), Currency: "CHF", Amount: decimal.NewFromInt(65), Source: "a test"},
	}}
	if !o.ChangesDataset() {
		t.Fatal("an overlay of limits does not change the dataset")
	}
	ds, err := base.WithOverlay(o)
	if err != nil {
		t.Fatal(err)
	}
	j, err := ds.Jurisdictions()
	if err != nil {
		t.Fatal(err)
	}
	d := civil.MustParse("2026-06-01")
	for country, want := range map[string]string{"GB": "GBP 200", "CH": "CHF 65", "FR": "EUR 150", "NO": "NOK 3000"} {
		v, ok := j.LowValueLimit(country, d)
		if got := v.Currency + " " + v.Amount.String(); !ok || got != want {
			t.Errorf("%s with the overlay: %q %v, want %q", country, got, ok, want)
		}
	}
	bj, err := base.Jurisdictions()
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := bj.LowValueLimit("GB", d); !v.Amount.Equal(decimal.NewFromInt(135)) {
		t.Errorf("the dataset's limit changed: %+v", v)
	}
	if len(j.TaxAccruals("MY")) != 3 {
		t.Error("the overlay lost the dataset's tax accruals")
	}
	bad := &Overlay{Name: "bad.csv", LowValueLimits: []jurisdiction.LowValue{
		{Country: "ES-CN", Scheme: "x", Currency: "EUR", Amount: decimal.NewFromInt(1), Source: "x"}}}
	if _, err := base.WithOverlay(bad); err == nil || !strings.Contains(err.Error(), "not a country") {
		t.Errorf("a limit of a territory: %v", err)
	}
}
