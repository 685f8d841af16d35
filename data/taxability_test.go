package data

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/binfmt"
	"github.com/levytax/levy/jurisdiction"
)

func defaultTaxability(tb testing.TB) *Taxability {
	tb.Helper()
	t, err := Default().Taxability()
	if err != nil {
		tb.Fatal(err)
	}
	return t
}

// stateRowOn returns the row of state and class in force on d.
func stateRowOn(t *testing.T, tx *Taxability, state, class string, d civil.Date) StateTaxability {
	t.Helper()
	var found []StateTaxability
	for _, r := range tx.State(state) {
		if r.Class == class && r.Contains(d) {
			found = append(found, r)
		}
	}
	if len(found) != 1 {
		t.Fatalf("%s %s on %s: %d rows, want 1", state, class, d, len(found))
	}
	return found[0]
}

func TestStateTaxability(t *testing.T) {
	tx := defaultTaxability(t)
	now := civil.MustParse("2026-11-01")
	thresholds := []struct {
		state, amount, kind string
	}{
		{"NY", "110", "below_exempt"},
		{"MA", "175", "above_excess"},
		{"RI", "250", "above_excess"},
	}
	for _, tt := range thresholds {
		r := stateRowOn(t, tx, tt.state, "CLOTHING", now)
		if !r.Taxable || r.Threshold == nil || !r.Threshold.Equal(dec(tt.amount)) || r.ThresholdKind != tt.kind || r.Rate != nil {
			t.Errorf("%s clothing = %+v, want taxable with threshold %s %s", tt.state, r, tt.amount, tt.kind)
		}
	}
	for _, r := range tx.States() {
		if strings.HasSuffix(r.Class, "CLOTHING") && r.Threshold != nil && !slices.Contains([]string{"NY", "MA", "RI"}, r.State) {
			t.Errorf("unexpected clothing threshold in %s: %s", r.State, r.Threshold)
		}
	}

	// Illinois repealed its 1% state rate on groceries from 2026-01-01;
	// the local grocery taxes stay.
	before := stateRowOn(t, tx, "IL", "FOOD", civil.MustParse("2025-12-31"))
	after := stateRowOn(t, tx, "IL", "FOOD", civil.MustParse("2026-01-01"))
	if !before.Taxable || before.Rate == nil || !before.Rate.Equal(dec("0.01")) || before.Expiration != civil.MustParse("2025-12-31") {
		t.Errorf("IL groceries before 2026 = %+v, want 0.01 until 2025-12-31", before)
	}
	if after.Taxable || after.Local != LocalTaxable || after.LocalCategory != "food" || !after.LocalOnly ||
		after.Effective != civil.MustParse("2026-01-01") || !after.Expiration.IsZero() {
		t.Errorf("IL groceries from 2026 = %+v, want exempt from the state's tax, taxed by the local grocery taxes, from 2026-01-01", after)
	}
	// The 1% rate on drugs stays.
	if r := stateRowOn(t, tx, "IL", "PRESCRIPTION_DRUGS", now); r.Rate == nil || !r.Rate.Equal(dec("0.01")) {
		t.Errorf("IL prescription drugs = %+v, want 0.01", r)
	}

	rates := []struct {
		state, class, rate string
	}{
		{"TN", "FOOD", "0.04"},
		{"UT", "FOOD", "0.03"}, // the state's 1.75% and the uniform local 1.25%, together
		{"MO", "FOOD", "0.01225"},
		{"CT", "PREPARED_FOOD", "0.0735"},
		{"ME", "PREPARED_FOOD", "0.08"},
	}
	for _, tt := range rates {
		if r := stateRowOn(t, tx, tt.state, tt.class, now); !r.Taxable || r.Rate == nil || !r.Rate.Equal(dec(tt.rate)) {
			t.Errorf("%s %s = %+v, want rate %s", tt.state, tt.class, r, tt.rate)
		}
	}
	if r := stateRowOn(t, tx, "CT", "PREPARED_FOOD", civil.MustParse("2019-09-30")); r.Rate != nil {
		t.Errorf("CT prepared food before October 2019 = %+v, want the general rate", r)
	}
	exempt := []struct{ state, class string }{
		{"CA", "FOOD"}, {"PA", "CLOTHING"}, {"MN", "CLOTHING"}, {"CA", "DIGITAL_GOODS"}, {"NY", "FOOD"},
		{"CO", "SAAS"}, {"FL", "SAAS"}, {"NJ", "SAAS"}, {"NY", "OTC_DRUGS"}, {"PA", "OTC_DRUGS"}, {"VA", "OTC_DRUGS"},
	}
	for _, tt := range exempt {
		if r := stateRowOn(t, tx, tt.state, tt.class, now); r.Taxable || r.Rate != nil || r.Local != LocalSame {
			t.Errorf("%s %s = %+v, want not taxable", tt.state, tt.class, r)
		}
	}
	// Kansas's 0% state rate on groceries: the local taxes apply.
	if r := stateRowOn(t, tx, "KS", "FOOD", now); r.Taxable && (r.Rate == nil || !r.Rate.IsZero()) || r.Local != LocalTaxable {
		t.Errorf("KS groceries = %+v, want no state tax and the local taxes", r)
	}
	if r := stateRowOn(t, tx, "SC", "SAAS", now); !r.Taxable {
		t.Errorf("SC SaaS = %+v, want taxable", r)
	}
	// No sales tax: no rows but the state's tax on lodging.
	for _, r := range tx.State("OR") {
		if r.Class != "ACCOMMODATION" {
			t.Errorf("OR has a row of %s, want ACCOMMODATION alone", r.Class)
		}
	}
	// Oregon's lodging bears its State Transient Lodging Tax, a tax of its
	// own (a state tax of the local taxes' table), not the sales tax.
	if r := stateRowOn(t, tx, "OR", "ACCOMMODATION", now); r.Taxable || r.Rate != nil {
		t.Errorf("OR accommodation = %+v, want no sales tax", r)
	}
	// The source's 1900-01-01 means "as of now": no start date, and the day
	// the sources attest it.
	if r := stateRowOn(t, tx, "TX", "FOOD", now); !r.Effective.IsZero() || r.AsOf.IsZero() || !strings.HasPrefix(r.Citation, "Tex. Tax Code section 151.314") {
		t.Errorf("TX groceries = %+v, want no start, an as-of day and a tidied citation", r)
	}
}

func TestStateTaxabilityTable(t *testing.T) {
	tx := defaultTaxability(t)
	all := tx.States()
	states := map[string]bool{}
	for i, r := range all {
		states[r.State] = true
		if r.Threshold != nil && r.ThresholdKind == "" || r.Threshold == nil && r.ThresholdKind != "" {
			t.Errorf("%s %s: threshold %v of kind %q", r.State, r.Class, r.Threshold, r.ThresholdKind)
		}
		if r.Rate != nil && (r.Rate.IsNegative() || r.Rate.GreaterThan(dec("0.2"))) {
			t.Errorf("%s %s: rate %s is not a fraction", r.State, r.Class, r.Rate)
		}
		if strings.HasSuffix(r.Citation, ")") && strings.Count(r.Citation, ")") > strings.Count(r.Citation, "(") {
			t.Errorf("%s %s: citation %q has an unbalanced parenthesis", r.State, r.Class, r.Citation)
		}
		if r.Citation == "" || r.Status != StatusSources && r.Decision == "" {
			t.Errorf("%s %s: citation %q, decision %q", r.State, r.Class, r.Citation, r.Decision)
		}
		if i == 0 {
			continue
		}
		p := all[i-1]
		if p.State > r.State || p.State == r.State && (p.Class > r.Class || p.Class == r.Class && p.Effective.Compare(r.Effective) >= 0) {
			t.Errorf("rows not sorted: %s %s %s after %s %s %s", r.State, r.Class, r.Effective, p.State, p.Class, p.Effective)
		}
		if p.State == r.State && p.Class == r.Class && (p.Expiration.IsZero() || !p.Expiration.Before(r.Effective)) {
			t.Errorf("%s %s: rows overlap", r.State, r.Class)
		}
	}
	// Every state with a sales tax, DC, PR and Alaska's local taxes, and
	// the states without one that tax lodging by a tax of their own (DE,
	// MT, NH and OR), whose rows take lodging out of the sales tax.
	if len(states) != 52 {
		t.Errorf("%d states, want the 45 with a sales tax, AK, DC, PR, DE, MT, NH and OR", len(states))
	}
	for _, st := range []string{"DE", "MT", "NH", "OR"} {
		for _, r := range tx.State(st) {
			if r.Class != "ACCOMMODATION" {
				t.Errorf("%s, a state without a sales tax, has a row of %s", st, r.Class)
			}
		}
	}
	if got := tx.State("ny"); !slices.EqualFunc(got, tx.State("NY"), func(a, b StateTaxability) bool {
		return a.Class == b.Class && a.Citation == b.Citation
	}) || len(got) < 38 {
		t.Errorf("State(ny) = %d rows, want a row for each class of NY", len(got))
	}
	if got := tx.State("XX"); got != nil {
		t.Errorf("State(XX) = %v, want none", got)
	}
}

func TestHolidays(t *testing.T) {
	tx := defaultTaxability(t)
	hs := tx.Holidays()
	find := func(state, name string) Holiday {
		t.Helper()
		for _, h := range hs {
			if h.State == state && h.Name == name {
				return h
			}
		}
		t.Fatalf("no holiday %s %q", state, name)
		return Holiday{}
	}
	tx26 := find("TX", "Back-to-School (2026)")
	if tx26.Effective != civil.MustParse("2026-08-07") || tx26.Expiration != civil.MustParse("2026-08-09") ||
		!slices.Equal(tx26.Categories, []string{"clothing", "school_supplies"}) ||
		tx26.MaxPerItem == nil || !tx26.MaxPerItem.Equal(dec("99.99")) {
		// Tax Code 151.326: less than $100, the cent below it (curated).
		t.Errorf("TX back-to-school = %+v", tx26)
	}
	if !tx26.Contains(civil.MustParse("2026-08-09")) || tx26.Contains(civil.MustParse("2026-08-10")) {
		t.Error("the last day of a holiday must be inclusive")
	}
	if ma := find("MA", "Annual Sales Tax Holiday (2026)"); ma.Categories != nil || ma.MaxPerItem == nil || !ma.MaxPerItem.Equal(dec("2500")) {
		t.Errorf("MA holiday = %+v, want no categories and a 2500 cap", ma)
	}
	if ar := find("AR", "Arkansas Back-to-School Sales Tax Holiday -- School Supplies (2026)"); ar.MaxPerItem != nil {
		t.Errorf("AR school supplies holiday has cap %s, want none", ar.MaxPerItem)
	}
	if nm := find("NM", "New Mexico Back-to-School: Clothing and Footwear (2026)"); nm.MaxPerItem == nil || !nm.MaxPerItem.Equal(dec("99.99")) {
		t.Errorf("NM clothing holiday = %+v, want a 99.99 cap", nm)
	}
	if ct := find("CT", "Sales Tax Free Week (2026)"); !strings.HasPrefix(ct.Citation, "Conn. Gen. Stat. section 12-407e:") {
		t.Errorf("CT holiday cites %q", ct.Citation)
	}
	// Florida's holiday is all of August, each category with its cap
	// (curated from HB 7031 of 2025 and the Department of Revenue).
	for _, c := range []struct{ name, cap string }{{"Back-to-School (2026)", "100"},
		{"Back-to-School -- School Supplies (2026)", "50"}, {"Back-to-School -- Computers (2026)", "1500"}} {
		fl := find("FL", c.name)
		if fl.Effective != civil.MustParse("2026-08-01") || fl.Expiration != civil.MustParse("2026-08-31") ||
			len(fl.Categories) != 1 || fl.MaxPerItem == nil || !fl.MaxPerItem.Equal(dec(c.cap)) {
			t.Errorf("FL %s = %+v, want August with a %s cap", c.name, fl, c.cap)
		}
	}
	for i := 1; i < len(hs); i++ {
		p, h := hs[i-1], hs[i]
		if p.State > h.State || p.State == h.State && p.Effective.After(h.Effective) {
			t.Errorf("holidays not sorted at %s %q", h.State, h.Name)
		}
	}
	if len(hs) < 50 {
		t.Errorf("%d holidays, want the whole 2026 list", len(hs))
	}
}

// TestHolidayLocalities reads the local taxes of the 2026 holidays back:
// Alabama's back-to-school holiday (localities opt in) keeps Jefferson
// County's 1% of its 2% (a waived share of 0.5) and all of Moody's 4%,
// on each of its categories, and its caps are the 2026 ones (Act
// 2025-309); its severe weather holiday is February 20 to 22; Missouri's
// local taxes follow by law, which its note says; a returned holiday's
// localities are copies.
func TestHolidayLocalities(t *testing.T) {
	tx := defaultTaxability(t)
	var al, mo int
	for _, h := range tx.Holidays() {
		switch {
		case h.State == "AL" && h.Effective == civil.MustParse("2026-07-17"):
			al++
			byID := map[string]HolidayLocality{}
			for _, l := range h.NotTaking {
				byID[l.Jurisdiction] = l
			}
			if j := byID["US-01073"]; j.Rate == nil || !j.Rate.Equal(dec("0.01")) || j.Share == nil || !j.Share.Equal(dec("0.5")) || j.Citation == "" {
				t.Errorf("AL %s: Jefferson County %+v, want 1%% kept and half waived", h.Name, j)
			}
			if m, ok := byID["US-0151096"]; !ok || m.Rate != nil || m.Share != nil || m.AsOf != civil.MustParse("2024-07-19") {
				t.Errorf("AL %s: Moody %+v, want all of its tax kept, as of the 2024 list", h.Name, m)
			}
			if !strings.Contains(h.LocalNote, "40-23-213") {
				t.Errorf("AL %s: local note %q", h.Name, h.LocalNote)
			}
			if strings.Contains(h.Name, "Clothing") && !h.MaxPerItem.Equal(dec("156")) {
				t.Errorf("AL %s: cap %s, want the 2026 156", h.Name, h.MaxPerItem)
			}
		case h.State == "AL":
			if h.Effective != civil.MustParse("2026-02-20") || h.Expiration != civil.MustParse("2026-02-22") || len(h.NotTaking) != 0 || h.LocalNote == "" {
				t.Errorf("AL %s: %s..%s, %d localities, note %q", h.Name, h.Effective, h.Expiration, len(h.NotTaking), h.LocalNote)
			}
		case h.State == "MO":
			mo++
			if len(h.NotTaking) != 0 || !strings.Contains(h.LocalNote, "SB 153") {
				t.Errorf("MO %s: %d localities, note %q", h.Name, len(h.NotTaking), h.LocalNote)
			}
		case len(h.NotTaking) != 0:
			t.Errorf("%s %s: localities %+v, which no list gives", h.State, h.Name, h.NotTaking)
		}
	}
	if al != 4 || mo != 6 {
		t.Errorf("%d Alabama back-to-school and %d Missouri holidays, want 4 and 6", al, mo)
	}
	hs := tx.Holidays()
	for i := range hs {
		for k := range hs[i].NotTaking {
			hs[i].NotTaking[k].Jurisdiction = "changed"
			if r := hs[i].NotTaking[k].Rate; r != nil {
				*r = dec("0.5")
			}
		}
	}
	for _, h := range tx.Holidays() {
		for _, l := range h.NotTaking {
			if l.Jurisdiction == "changed" || l.Rate != nil && l.Rate.Equal(dec("0.5")) {
				t.Fatalf("changing a returned holiday's locality changed the table: %+v", l)
			}
		}
	}
}

func TestShipping(t *testing.T) {
	tx := defaultTaxability(t)
	tests := []struct{ state, rule, handling string }{
		{"NY", "conditional", ""},
		{"CA", "exempt_if_separately_stated", ""},
		{"HI", "always_taxable", ""},
		{"OR", "none", ""},
		{"MD", "exempt_if_separately_stated", "always_taxable"},
		{"tx", "conditional", ""},
	}
	for _, tt := range tests {
		s, ok := tx.Shipping(tt.state)
		if !ok || s.Rule != tt.rule || s.HandlingRule != tt.handling || s.State != strings.ToUpper(tt.state) {
			t.Errorf("Shipping(%s) = %+v, %v; want %s, %q", tt.state, s, ok, tt.rule, tt.handling)
		}
	}
	if _, ok := tx.Shipping("XX"); ok {
		t.Error("Shipping(XX) found a rule")
	}
	for _, r := range tx.States() {
		if _, ok := tx.Shipping(r.State); !ok {
			t.Errorf("no shipping rule for %s", r.State)
		}
	}
}

func TestProductClasses(t *testing.T) {
	tx := defaultTaxability(t)
	j := defaultJurisdictions(t)
	rules := tx.ProductClasses()
	now := civil.MustParse("2026-11-01")
	// find returns the rule of a class in force on now.
	find := func(country, class string) (ProductClassRule, bool) {
		for _, r := range rules {
			if r.Country == country && r.ProductClass == class && (civil.Period{Effective: r.Effective, Expiration: r.Expiration}).Contains(now) {
				return r, true
			}
		}
		return ProductClassRule{}, false
	}
	tests := []struct {
		country, class, treatment, category string
		rate                                string // current rate of the category, for reduced
	}{
		{"GB", "FOOD", "zero", "", ""},
		{"GB", "BOOKS", "zero", "", ""},
		{"GB", "PRESCRIPTION_DRUGS", "zero", "", ""},
		{"IE", "FOOD", "zero", "", ""},
		{"IE", "BOOKS", "zero", "", ""},
		{"DE", "FOOD", "reduced", "reduced", "0.07"},
		{"DE", "BOOKS", "reduced", "reduced", "0.07"},
		{"FR", "FOOD", "reduced", "reduced", "0.055"},
		{"FR", "PRESCRIPTION_DRUGS", "reduced", "super_reduced", "0.021"},
		{"ES", "BOOKS", "reduced", "super_reduced", "0.04"},
		{"IT", "PRESCRIPTION_DRUGS", "reduced", "reduced2", "0.1"},
		{"RO", "FOOD", "reduced", "reduced", "0.11"},
		{"MT", "FOOD", "zero", "", ""},
		{"CA", "FOOD", "zero", "", ""},
		{"CA", "PRESCRIPTION_DRUGS", "zero", "", ""},
		// The provinces' own sales taxes: services they do not name.
		{"CA-BC", "SERVICES", "nontaxable", "", ""},
		{"CA-BC", "PERSONAL_CARE_SERVICES", "nontaxable", "", ""},
		{"CA-SK", "SERVICES", "nontaxable", "", ""},
		{"CA-SK", "EBOOKS", "exempt", "", ""},
		{"CA-MB", "PROFESSIONAL_SERVICES", "nontaxable", "", ""},
		{"AU", "FOOD", "zero", "", ""},
		{"AU", "PRESCRIPTION_DRUGS", "zero", "", ""},
		{"FI", "FOOD", "rate", "", ""},
		{"SE", "FOOD", "rate", "", ""},
		{"EE", "BOOKS", "rate", "", ""},
	}
	for _, tt := range tests {
		r, ok := find(tt.country, tt.class)
		if !ok || r.Treatment != tt.treatment || r.Category != tt.category || r.Citation == "" {
			t.Errorf("%s %s = %+v, %v; want %s %s", tt.country, tt.class, r, ok, tt.treatment, tt.category)
			continue
		}
		if tt.rate != "" {
			if got := rateOn(t, j, tt.country, now, "VAT", tt.category); !got.Equal(dec(tt.rate)) {
				t.Errorf("%s %s: %s rate is %s, want %s", tt.country, tt.class, tt.category, got, tt.rate)
			}
		}
	}
	// A province's rule names the provincial tax it decides, a country's
	// none, but Malaysia's, each of which decides its sales tax or its
	// service tax, and Canada's GST/HST break of December 14, 2024 to
	// February 15, 2025 on children's clothing, prepared food, snacks and
	// candy, non-alcoholic beverages, children's diapers, printed books
	// and print newspapers, which decided the GST and left the QST and
	// the PSTs alone: Ontario's books were exempt from its retail sales tax until
	// June 30, 2010, and its part of the HST is rebated since July 1, 2010
	// (the GST's record untouched); British Columbia rebated its part of
	// the HST during its HST alone.
	gstBreak := map[string]bool{"CHILDRENS_CLOTHING": true, "PREPARED_FOOD": true, "CANDY": true, "SOFT_DRINKS": true,
		"BOTTLED_WATER": true, "DIAPERS": true, "BOOKS": true, "NEWSPAPERS": true}
	var got []string
	for _, r := range rules {
		switch province := len(r.Country) > 2; {
		case province && r.Tax == "",
			!province && r.Country != "MY" && r.Tax != "",
			r.Country == "MY" && r.Tax != string(jurisdiction.GoodsSalesTax) && r.Tax != string(jurisdiction.ServiceTax):
			if r.Country == "CA" && r.Tax == string(jurisdiction.GST) && gstBreak[r.ProductClass] &&
				r.Effective.String() == "2024-12-14" && r.Expiration.String() == "2025-02-15" {
				break
			}
			t.Errorf("%s %s decides tax %q", r.Country, r.ProductClass, r.Tax)
		}
		if r.ProductClass == "BOOKS" && (r.Country == "CA-ON" || r.Country == "CA-BC") {
			got = append(got, fmt.Sprintf("%s %s %s %s..%s", r.Country, r.Tax, r.Treatment, r.Effective, r.Expiration))
		}
	}
	if s := strings.Join(got, "; "); s != "CA-BC HST exempt 2010-07-01..2013-03-31; CA-BC PST exempt ..; CA-ON HST exempt 2010-07-01..; CA-ON PST exempt ..2010-06-30" {
		t.Errorf("book rules of Ontario and British Columbia: %s", s)
	}
	// Standard-rated classes have no rule.
	for _, k := range [][2]string{{"DE", "PRESCRIPTION_DRUGS"}, {"DK", "FOOD"}, {"GB", "CLOTHING"}, {"IE", "CLOTHING"}, {"NZ", "FOOD"}, {"GB", "DIGITAL_GOODS"},
		{"CA-BC", "SAAS"}, {"CA-SK", "PROFESSIONAL_SERVICES"}, {"CA-MB", "SAAS"}, {"CA-QC", "SERVICES"}} {
		if r, ok := find(k[0], k[1]); ok {
			t.Errorf("%s %s has rule %+v, want the standard rate", k[0], k[1], r)
		}
	}
	// Every reduced rule names a category the country has on the day.
	for i, r := range rules {
		if i > 0 {
			p := rules[i-1]
			if p.Country > r.Country || p.Country == r.Country && (p.ProductClass > r.ProductClass ||
				p.ProductClass == r.ProductClass && (p.Tax > r.Tax ||
					p.Tax == r.Tax && (p.Expiration.IsZero() || !p.Expiration.Before(r.Effective)))) {
				t.Errorf("rules not sorted or overlapping at %s %s", r.Country, r.ProductClass)
			}
		}
		if r.Treatment != "reduced" {
			continue
		}
		// On its last day, or on now for a rule still in force.
		day := now
		if !r.Expiration.IsZero() {
			day = r.Expiration
		}
		found := false
		for _, rate := range j.RatesOn(r.Country, day) {
			found = found || rate.Category == r.Category
		}
		if !found {
			t.Errorf("%s %s: %s has no %s rate on %s", r.Country, r.ProductClass, r.Country, r.Category, day)
		}
	}
	// The EU-27 and GB all have a rule for books or say why not (Denmark
	// taxes them at its one rate), so check the bulk rather than every
	// one.
	books := 0
	for _, r := range rules {
		if r.ProductClass == "BOOKS" && r.Expiration.IsZero() {
			books++
		}
	}
	if books < 22 {
		t.Errorf("%d countries with a BOOKS rule, want most of the EU and GB", books)
	}
}

func TestTaxabilityReturnsCopies(t *testing.T) {
	tx := defaultTaxability(t)
	rows := tx.State("NY")
	for i := range rows {
		if rows[i].Threshold != nil {
			*rows[i].Threshold = dec("1")
		}
		rows[i].Class = "changed"
		if len(rows[i].Elected) > 0 {
			rows[i].Elected[0].Jurisdiction = "changed"
		}
	}
	if r := stateRowOn(t, tx, "NY", "CLOTHING", civil.MustParse("2026-11-01")); !r.Threshold.Equal(dec("110")) {
		t.Errorf("changing a returned row changed the table: %+v", r)
	}
	if r := stateRowOn(t, tx, "NY", "CLOTHING", civil.MustParse("2026-11-01")); len(r.Elected) == 0 || r.Elected[0].Jurisdiction == "changed" {
		t.Errorf("changing a returned row's elections changed the table: %+v", r.Elected)
	}
	hs := tx.Holidays()
	hs[0].Categories[0] = "changed"
	if hs[0].MaxPerItem != nil {
		*hs[0].MaxPerItem = dec("0")
	}
	if h := tx.Holidays()[0]; h.Categories[0] == "changed" || h.MaxPerItem != nil && h.MaxPerItem.IsZero() {
		t.Errorf("changing a returned holiday changed the table: %+v", h)
	}
	pc := tx.ProductClasses()
	pc[0].Treatment = "changed"
	if tx.ProductClasses()[0].Treatment == "changed" {
		t.Error("changing a returned rule changed the table")
	}
}

// taxabilityBody returns the body of the default taxability file, read
// back a byte at a time, to rebuild files from.
func taxabilityBody(t *testing.T) []byte {
	t.Helper()
	b, err := Default().file(taxFile)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := decodeTaxability(b); err != nil {
		t.Fatal(err)
	}
	r, err := binfmt.Open(b, taxKind, taxVersion)
	if err != nil {
		t.Fatal(err)
	}
	var full []byte
	for x := r.Raw(1); x != nil; x = r.Raw(1) {
		full = append(full, x...)
	}
	return full
}

func TestTaxabilityCorrupt(t *testing.T) {
	// The body, to rebuild files cut short.
	full := taxabilityBody(t)
	// Truncated bodies must fail cleanly, never panic.
	for _, n := range []int{0, 1, 5, len(full) / 3, len(full) / 2, len(full) - 1} {
		w := binfmt.NewWriter(taxKind, taxVersion)
		w.Raw(full[:n])
		f, err := w.Finish()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := decodeTaxability(f); !errors.Is(err, binfmt.ErrCorrupt) {
			t.Errorf("body cut to %d bytes: err = %v, want ErrCorrupt", n, err)
		}
	}
	w := binfmt.NewWriter(taxKind, taxVersion)
	w.Raw(full)
	w.Uvarint(7)
	f, _ := w.Finish()
	if _, err := decodeTaxability(f); !errors.Is(err, binfmt.ErrCorrupt) {
		t.Errorf("trailing bytes: err = %v, want ErrCorrupt", err)
	}
	if _, err := decodeTaxability([]byte("LEVYDATA jurisdictions v1\n\n")); err == nil {
		t.Error("a file of another kind decoded")
	}
	// A file of another version of the layout is refused, the version
	// before the product classes' tax (6) and one to come alike.
	for _, v := range []int{taxVersion - 1, taxVersion + 1} {
		w := binfmt.NewWriter(taxKind, v)
		w.Raw(full)
		f, err := w.Finish()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := decodeTaxability(f); err == nil {
			t.Errorf("a file of version %d decoded", v)
		}
	}
}

func ExampleDataset_Taxability() {
	tx, err := Default().Taxability()
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range tx.State("NY") {
		if r.Class == "CLOTHING" {
			fmt.Println("NY clothing:", r.ThresholdKind, r.Threshold)
		}
	}
	for _, r := range tx.State("TX") {
		if r.Class == "SAAS" {
			fmt.Println("TX SaaS:", TaxabilityCode(r), "(taxed on", r.BasisPercent.Shift(2).String()+"% of the price)")
		}
	}
	for _, r := range tx.State("IL") {
		if r.Class == "FOOD" {
			from := r.Effective.String()
			if r.Effective.IsZero() {
				from = "(start not recorded)"
			}
			fmt.Printf("IL groceries from %s: %s\n", from, TaxabilityCode(r))
		}
	}
	s, _ := tx.Shipping("NY")
	fmt.Println("NY shipping:", s.Rule)
	for _, r := range tx.ProductClasses() {
		if r.ProductClass == "FOOD" && (r.Country == "GB" || r.Country == "DE") {
			fmt.Println(r.Country, "food:", r.Treatment, r.Category)
		}
	}
	// Output:
	// NY clothing: below_exempt 110
	// TX SaaS: T@80 (taxed on 80% of the price)
	// IL groceries from (start not recorded): R1
	// IL groceries from 2022-07-01: L
	// IL groceries from 2023-07-01: R1
	// IL groceries from 2026-01-01: L
	// NY shipping: conditional
	// DE food: reduced reduced
	// GB food: zero
}

// TestLocalTaxes reads Chicago's lease and amusement taxes: the classes
// they reach with their rates by period, each row cited, and the rates of
// the jurisdiction that the engine charges agree.
func TestLocalTaxes(t *testing.T) {
	tx, err := Default().Taxability()
	if err != nil {
		t.Fatal(err)
	}
	juris, err := Default().Jurisdictions()
	if err != nil {
		t.Fatal(err)
	}
	rateOn := func(class, day string) (LocalTax, bool) {
		d := civil.MustParse(day)
		for _, x := range tx.LocalTaxes() {
			if x.Jurisdiction == "US-1714000" && x.Class == class && x.Contains(d) {
				return x, true
			}
		}
		return LocalTax{}, false
	}
	cases := []struct {
		class, day, tax, rate string
	}{
		{"SAAS", "2016-01-01", "Personal Property Lease Transaction Tax", "0.0525"},
		{"SAAS", "2020-06-01", "Personal Property Lease Transaction Tax", "0.0725"},
		{"SAAS", "2024-12-31", "Personal Property Lease Transaction Tax", "0.09"},
		{"AI_SERVICES", "2025-06-01", "Personal Property Lease Transaction Tax", "0.11"},
		{"SAAS", "2026-01-01", "Personal Property Lease Transaction Tax", "0.15"},
		{"DIGITAL_STREAMING", "2015-09-01", "Amusement Tax", "0.09"},
		{"DIGITAL_STREAMING", "2026-06-01", "Amusement Tax", "0.1025"},
	}
	for _, c := range cases {
		x, ok := rateOn(c.class, c.day)
		if !ok {
			t.Errorf("%s on %s: no row", c.class, c.day)
			continue
		}
		if x.Tax != c.tax || !x.Rate.Equal(dec(c.rate)) || x.Name != "Chicago" || x.State != "IL" || x.Citation == "" || x.Decision == "" {
			t.Errorf("%s on %s: %s %s (%s, %s), want %s %s", c.class, c.day, x.Tax, x.Rate, x.Name, x.State, c.tax, c.rate)
		}
		found := false
		for _, r := range juris.RatesOn("US-1714000", civil.MustParse(c.day)) {
			if string(r.Tax) == x.Tax && r.Category == x.Category {
				found = r.Value.Equal(x.Rate)
			}
		}
		if !found {
			t.Errorf("%s on %s: Chicago has no %s rate %s of category %s", c.class, c.day, x.Tax, x.Rate, x.Category)
		}
	}
	for _, miss := range [][2]string{{"SAAS", "2015-12-31"}, {"GENERAL", "2026-06-01"}, {"WEB_HOSTING", "2026-06-01"}, {"DIGITAL_MUSIC", "2026-06-01"}} {
		if x, ok := rateOn(miss[0], miss[1]); ok {
			t.Errorf("%s on %s: row %s %s, want none", miss[0], miss[1], x.Tax, x.Rate)
		}
	}
	// No local tax is a sales tax, nor takes a sales tax's category.
	for _, x := range tx.LocalTaxes() {
		if x.Tax == "Sales and Use Tax" || x.Category == "general" {
			t.Errorf("%s %s %s: a sales tax or its category", x.Jurisdiction, x.Tax, x.Class)
		}
	}
}

// TestStateLodgingTaxes reads the states' own taxes on lodging from the
// table of taxes outside the sales tax: each a tax of the state's
// jurisdiction with a name of its own, cited and decided, its rate on a
// day as the jurisdiction's rate of the tax's category gives it; a tax
// whose first day is not recorded applies to every earlier day.
func TestStateLodgingTaxes(t *testing.T) {
	tx := defaultTaxability(t)
	juris, err := Default().Jurisdictions()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		state, tax, day, rate string
	}{
		{"NH", "Meals and Rooms Tax", "2005-01-01", "0.08"},
		{"NH", "Meals and Rooms Tax", "2021-09-30", "0.09"},
		{"NH", "Meals and Rooms Tax", "2026-06-01", "0.085"},
		{"VT", "Meals and Rooms Tax", "2026-06-01", "0.09"},
		{"MA", "Room Occupancy Excise", "2026-06-01", "0.057"},
		{"TX", "Hotel Occupancy Tax", "2026-06-01", "0.06"},
		{"DE", "Public Accommodations Tax", "2026-06-01", "0.08"},
		{"OR", "State Transient Lodging Tax", "2026-06-01", "0.015"},
		{"AL", "Lodgings Tax", "2026-06-01", "0.04"},
		{"IL", "Hotel Operators' Occupation Tax", "2026-06-01", "0.0564"},
		{"MT", "Lodging Facility Use Tax", "2026-06-01", "0.04"},
		{"MT", "Lodging Facility Sales Tax", "2026-06-01", "0.04"},
		{"NJ", "State Occupancy Fee", "2004-06-30", "0.07"},
		{"NJ", "State Occupancy Fee", "2026-06-01", "0.05"},
		{"KY", "Transient Room Tax", "2005-06-01", "0.01"},
		{"NE", "Lodging Tax", "2026-06-01", "0.01"},
		{"AR", "Tourism Tax", "2026-06-01", "0.02"},
		{"SD", "Tourism Tax", "2026-06-01", "0.015"},
		{"WY", "State Lodging Tax", "2021-01-01", "0.05"},
		{"ID", "Travel and Convention Tax", "2026-06-01", "0.02"},
	}
	for _, c := range cases {
		d := civil.MustParse(c.day)
		var row *LocalTax
		for _, x := range tx.LocalTaxes() {
			if x.State == c.state && x.Tax == c.tax && x.Contains(d) {
				row = &x
			}
		}
		if row == nil {
			t.Errorf("%s %s on %s: no row", c.state, c.tax, c.day)
			continue
		}
		if !row.StateTax() || row.Class != "ACCOMMODATION" || !row.Rate.Equal(dec(c.rate)) || row.Citation == "" || row.Decision == "" {
			t.Errorf("%s %s on %s = %+v, want the state's tax on ACCOMMODATION at %s", c.state, c.tax, c.day, row, c.rate)
		}
		found := false
		for _, r := range juris.RatesOn("US-"+c.state, d) {
			found = found || string(r.Tax) == c.tax && r.Category == row.Category && r.Value.Equal(row.Rate)
		}
		if !found {
			t.Errorf("%s %s on %s: US-%s has no rate %s of category %s", c.state, c.tax, c.day, c.state, row.Rate, row.Category)
		}
	}
	for _, miss := range [][3]string{{"KY", "Transient Room Tax", "2005-05-31"}, {"WY", "State Lodging Tax", "2020-12-31"}, {"NJ", "State Occupancy Fee", "2003-07-31"}} {
		for _, x := range tx.LocalTaxes() {
			if x.State == miss[0] && x.Tax == miss[1] && x.Contains(civil.MustParse(miss[2])) {
				t.Errorf("%s %s on %s: row at %s, want none before the tax", miss[0], miss[1], miss[2], x.Rate)
			}
		}
	}
}

// TestLackingTaxes reads the taxes Levy knows of and does not compute:
// Denver's on SaaS, Chicago's lease tax on hosting and on leases of
// goods, and the taxes that reach no line, each dated, cited and named as
// responses name it; a returned row is a copy.
func TestLackingTaxes(t *testing.T) {
	tx := defaultTaxability(t)
	rows := tx.LackingTaxes()
	find := func(juris, tax, class string) *LackingTax {
		for i := range rows {
			if x := &rows[i]; x.Jurisdiction == juris && x.Tax == tax && (class == "" && len(x.Classes) == 0 || class != "" && slices.Contains(x.Classes, class)) {
				return x
			}
		}
		t.Fatalf("no row of %s %s %s", juris, tax, class)
		return nil
	}
	d := civil.MustParse("2026-03-02")
	denver := find("US-0820000", "Sales and Use Tax", "SAAS")
	if got := denver.Notice("SAAS"); got != "US-0820000 Denver taxes SAAS under its own sales and use tax code (Denver Tax Guide Topic No. 18); Levy does not compute it" {
		t.Errorf("Denver's notice = %q", got)
	}
	if denver.State != "CO" || denver.Name != "Denver" || !denver.Effective.IsZero() || denver.AsOf.IsZero() || !strings.Contains(denver.Citation, "53-25(7)") ||
		!denver.AppliesTo("SAAS", "", d) || !denver.AppliesTo("AI_SERVICES", "SALE", civil.MustParse("2010-01-01")) || denver.AppliesTo("GENERAL", "", d) {
		t.Errorf("Denver = %+v", denver)
	}
	hosting := find("US-1714000", "Personal Property Lease Transaction Tax", "WEB_HOSTING")
	if hosting.Effective != civil.MustParse("2016-01-01") || !hosting.AppliesTo("DATA_PROCESSING", "", d) || hosting.AppliesTo("WEB_HOSTING", "", civil.MustParse("2015-12-31")) ||
		hosting.AppliesTo("SAAS", "", d) {
		t.Errorf("Chicago hosting = %+v", hosting)
	}
	goods := find("US-1714000", "Personal Property Lease Transaction Tax", "GENERAL")
	if !goods.AppliesTo("GENERAL", "LEASE", d) || !goods.AppliesTo("FORMAL_CLOTHING", "RENTAL", d) || goods.AppliesTo("GENERAL", "", d) || goods.AppliesTo("GENERAL", "SALE", d) {
		t.Errorf("Chicago goods = %+v", goods)
	}
	for _, x := range []*LackingTax{find("US-1714000", "Social Media Amusement Tax", ""), find("US-WA", "Business and Occupation Tax", ""),
		find("US-5363000", "Business License Tax", "")} {
		if x.AppliesTo("GENERAL", "", d) || x.Note == "" || x.Citation == "" || x.Instead == "" {
			t.Errorf("%s %s = %+v", x.Jurisdiction, x.Tax, x)
		}
	}
	for _, x := range rows {
		if x.Effective.IsZero() && x.AsOf.IsZero() || !strings.Contains(x.Citation, x.Reference) || x.Name == "" {
			t.Errorf("%s %s: period %s..%s as of %s, reference %q", x.Jurisdiction, x.Tax, x.Effective, x.Expiration, x.AsOf, x.Reference)
		}
	}
	rows[0].Classes = append(rows[0].Classes[:0], "CHANGED")
	if again := tx.LackingTaxes(); slices.Contains(again[0].Classes, "CHANGED") {
		t.Error("changing a returned row changed the table")
	}
}

// TestNYClothingElections reads New York's clothing rows back: the state
// exempts an item under $110, and the local taxes follow only in the
// jurisdictions of Publication 718-C, New York City and the counties that
// elected, Putnam for its two years from 2024-03-01 and the year of its
// renewal from 2026-03-01.
func TestNYClothingElections(t *testing.T) {
	tx := defaultTaxability(t)
	for _, class := range []string{"CLOTHING", "ATHLETIC_CLOTHING", "FORMAL_CLOTHING"} {
		r := stateRowOn(t, tx, "NY", class, civil.MustParse("2026-11-01"))
		if r.Local != LocalElected || r.Threshold == nil || !r.Threshold.Equal(dec("110")) || r.ThresholdKind != "below_exempt" {
			t.Errorf("NY %s: local %s, threshold %v %s", class, r.Local, r.Threshold, r.ThresholdKind)
		}
		got := map[string]LocalElection{}
		var putnam []civil.Period
		for _, e := range r.Elected {
			got[e.Jurisdiction] = e
			if e.Jurisdiction == "US-36079" {
				putnam = append(putnam, e.Period)
			}
		}
		for _, id := range []string{"US-3651000", "US-36013", "US-36017", "US-36021", "US-36025", "US-36039", "US-36041", "US-36079", "US-36107", "US-36117"} {
			if e, ok := got[id]; !ok || e.Citation == "" || e.Name == "" {
				t.Errorf("NY %s: no election of %s: %+v", class, id, r.Elected)
			}
		}
		if len(got) != 10 {
			t.Errorf("NY %s: %d elections, want 10", class, len(got))
		}
		want := []civil.Period{{Effective: civil.MustParse("2024-03-01"), Expiration: civil.MustParse("2026-02-28")},
			{Effective: civil.MustParse("2026-03-01"), Expiration: civil.MustParse("2027-02-28")}}
		if !slices.Equal(putnam, want) {
			t.Errorf("NY %s: Putnam's elections %v, want %v", class, putnam, want)
		}
		if _, ok := got["US-36001"]; ok {
			t.Errorf("NY %s: Albany County did not elect", class)
		}
		if code := TaxabilityCode(r); code != "<110/le" {
			t.Errorf("NY %s: code %q", class, code)
		}
	}
}

// TestTaxabilityRefusesACountryRuleOfAnUnknownTax: a country's product
// class rule names every tax of the country ("") or one of the taxes a
// country levies (Malaysia's Sales Tax or Service Tax); the default file
// with one such name changed to a tax no country has ("Sales Taxes", of
// the same length, so that the file stays well formed) is refused as
// corrupt, naming the rule, rather than read as a rule that silently
// matches nothing.
func TestTaxabilityRefusesACountryRuleOfAnUnknownTax(t *testing.T) {
	full := taxabilityBody(t)
	field := append([]byte{byte(len("Service Tax"))}, "Service Tax"...)
	i := bytes.Index(full, field)
	if i < 0 {
		t.Fatal("the default file has no rule of Malaysia's Service Tax")
	}
	changed := bytes.Clone(full)
	copy(changed[i+1:], "Sales Taxes")
	w := binfmt.NewWriter(taxKind, taxVersion)
	w.Raw(changed)
	f, err := w.Finish()
	if err != nil {
		t.Fatal(err)
	}
	_, err = decodeTaxability(f)
	if !errors.Is(err, binfmt.ErrCorrupt) || !strings.Contains(err.Error(), `MY`) || !strings.Contains(err.Error(), `"Sales Taxes"`) {
		t.Errorf("a Malaysian rule of the tax %q: %v, want a corrupt file naming it", "Sales Taxes", err)
	}
}

// TestProvincialLodgingTaxes reads the Canadian provinces' taxes on
// accommodation back from the taxability file: each a tax of the
// province's own jurisdiction (StateTax, country CA) on ACCOMMODATION at
// the rate the province's jurisdiction has on the day, none before its
// first day; and the rows of the GST and QST on accommodation in Quebec at
// their effective rates with the tax on lodging in their base, and of
// Ontario's retail sales tax at 5% on accommodation until the HST.
func TestProvincialLodgingTaxes(t *testing.T) {
	tx := defaultTaxability(t)
	juris, err := Default().Jurisdictions()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		province, tax, day, rate string
	}{
		{"QC", "Tax on Lodging", "2016-11-01", "0.035"},
		{"QC", "Tax on Lodging", "2026-06-01", "0.035"},
		{"AB", "Hotel Room Tax", "2005-03-31", "0.05"},
		{"AB", "Tourism Levy", "2005-04-01", "0.04"},
		{"AB", "Tourism Levy", "2026-06-01", "0.04"},
	} {
		d := civil.MustParse(c.day)
		var row *LocalTax
		for _, x := range tx.LocalTaxes() {
			if x.State == c.province && x.Tax == c.tax && x.Contains(d) {
				row = &x
			}
		}
		if row == nil {
			t.Errorf("%s %s on %s: no row", c.province, c.tax, c.day)
			continue
		}
		if !row.StateTax() || row.Country() != "CA" || row.Jurisdiction != "CA-"+c.province || row.Class != "ACCOMMODATION" ||
			!row.Rate.Equal(dec(c.rate)) || row.Citation == "" || row.Decision == "" {
			t.Errorf("%s %s on %s = %+v, want the province's tax on ACCOMMODATION at %s", c.province, c.tax, c.day, row, c.rate)
		}
		found := false
		for _, r := range juris.RatesOn(row.Jurisdiction, d) {
			found = found || string(r.Tax) == c.tax && r.Category == row.Category && r.Value.Equal(row.Rate)
		}
		if !found {
			t.Errorf("%s %s on %s: %s has no rate %s of category %s", c.province, c.tax, c.day, row.Jurisdiction, row.Rate, row.Category)
		}
	}
	for _, miss := range [][3]string{{"QC", "Tax on Lodging", "2016-10-31"}, {"AB", "Tourism Levy", "2005-03-31"}, {"AB", "Hotel Room Tax", "2005-04-01"}} {
		for _, x := range tx.LocalTaxes() {
			if x.State == miss[0] && x.Tax == miss[1] && x.Contains(civil.MustParse(miss[2])) {
				t.Errorf("%s %s on %s: row at %s, want none", miss[0], miss[1], miss[2], x.Rate)
			}
		}
	}
	for _, c := range []struct {
		country, tax, from, to, rate string
	}{
		{"CA-QC", "GST", "2016-11-01", "", "0.05175"},
		{"CA-QC", "QST", "2016-11-01", "", "0.10324125"},
		{"CA-ON", "PST", "1988-05-02", "2010-06-30", "0.05"},
	} {
		found := false
		for _, p := range tx.ProductClasses() {
			if p.Country == c.country && p.Tax == c.tax && p.ProductClass == "ACCOMMODATION" {
				found = true
				if p.Treatment != "rate" || p.Rate == nil || !p.Rate.Equal(dec(c.rate)) || p.Effective.String() != c.from ||
					(c.to == "") != p.Expiration.IsZero() || c.to != "" && p.Expiration.String() != c.to {
					t.Errorf("%s %s ACCOMMODATION = %+v, want rate %s from %s to %q", c.country, c.tax, p, c.rate, c.from, c.to)
				}
			}
		}
		if !found {
			t.Errorf("no rule of %s %s ACCOMMODATION", c.country, c.tax)
		}
	}
}
