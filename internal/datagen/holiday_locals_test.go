package datagen

import (
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/shopspring/decimal"
)

// holidayLocalsHeader is the header of internal/datagen/curated/us-holiday-locals.csv.
var holidayLocalsHeader = []string{"state", "starts_on", "jurisdiction", "name", "local", "kept_rate", "as_of", "citation"}

// goodHolidayLocal is a row that passes every check: Jefferson County,
// Alabama keeps 1% of its 2% in the back-to-school holiday.
func goodHolidayLocal() map[string]string {
	return map[string]string{"state": "AL", "starts_on": "2026-07-17", "jurisdiction": "US-01073", "name": "Jefferson", "local": "partly_taxed",
		"kept_rate": "0.01", "as_of": "2025-07-18", "citation": "ALDOR, Local Government Exemption Limitations"}
}

// TestReadHolidayLocals checks the table's checks: each bad row fails
// with an error that names its line and what is wrong.
func TestReadHolidayLocals(t *testing.T) {
	state := map[string]string{"state": "AL", "starts_on": "2026-07-17", "jurisdiction": "US-AL", "name": "Alabama", "local": "follows",
		"as_of": "2025-10-01", "citation": "Ala. Code 40-23-213: localities opt in"}
	rows, err := readHolidayLocals(curatedTableGen(t, holidayLocalsSrc, holidayLocalsHeader, state, goodHolidayLocal()))
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 || rows[1].juris != "US-01073" || rows[1].kept == nil || !rows[1].kept.Equal(decimal.RequireFromString("0.01")) ||
		rows[1].start != civil.MustParse("2026-07-17") {
		t.Fatalf("read %+v", rows)
	}
	for _, c := range []struct {
		change map[string]string
		want   string
	}{
		{map[string]string{"state": "XX"}, "unknown state"},
		{map[string]string{"starts_on": "2026-7-17"}, "starts_on"},
		{map[string]string{"as_of": ""}, "as_of"},
		{map[string]string{"citation": ""}, "citation"},
		{map[string]string{"name": ""}, "name"},
		{map[string]string{"jurisdiction": "US-01*"}, "neither US-AL nor the ID of a local jurisdiction"},
		{map[string]string{"jurisdiction": "US-AL"}, "the state's row says local"},
		{map[string]string{"local": "follows"}, "want taxed or partly_taxed"},
		{map[string]string{"kept_rate": ""}, "kept_rate goes with local partly_taxed"},
		{map[string]string{"local": "taxed"}, "kept_rate goes with local partly_taxed"},
		{map[string]string{"kept_rate": "1"}, "not a fraction"},
		{map[string]string{"kept_rate": "-0.01"}, "not a fraction"},
		{map[string]string{"kept_rate": "1%"}, "not a fraction"},
	} {
		r := goodHolidayLocal()
		for k, v := range c.change {
			r[k] = v
		}
		_, err := readHolidayLocals(curatedTableGen(t, holidayLocalsSrc, holidayLocalsHeader, r))
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), holidayLocalsSrc+":2") {
			t.Errorf("%v: %v, want an error at line 2 naming %q", c.change, err, c.want)
		}
	}
	if _, err := readHolidayLocals(curatedTableGen(t, holidayLocalsSrc, holidayLocalsHeader, goodHolidayLocal(), goodHolidayLocal())); err == nil ||
		!strings.Contains(err.Error(), "also") {
		t.Errorf("two rows of a holiday and a jurisdiction: %v", err)
	}
}

// TestAttachHolidayLocals gives the rows to every holiday of their state
// and first day, computes the share of the rate a locality waives, and
// refuses, against the jurisdictions of the committed dataset, a row of
// no holiday, an unknown jurisdiction, one of another state, a name that
// is not the dataset's and a kept rate that is not below the general
// rate.
func TestAttachHolidayLocals(t *testing.T) {
	juris, err := data.Default().Jurisdictions()
	if err != nil {
		t.Fatal(err)
	}
	parent := namedIn(juris)
	// Jefferson County's general rate is 2%, Moody's 4%; a place of no
	// rate has none.
	general := func(id string, _ civil.Date) (decimal.Decimal, bool) {
		switch id {
		case "US-01073":
			return decimal.RequireFromString("0.02"), true
		case "US-0151096":
			return decimal.RequireFromString("0.04"), true
		}
		return decimal.Decimal{}, false
	}
	day := func(d string) civil.Period {
		return civil.Period{Effective: civil.MustParse(d), Expiration: civil.MustParse(d).AddDays(2)}
	}
	holidays := []holidayRow{
		{state: "AL", name: "Clothing", period: day("2026-07-17")},
		{state: "AL", name: "Books", period: day("2026-07-17")},
		{state: "AL", name: "Generators", period: day("2026-02-20")},
	}
	state := map[string]string{"state": "AL", "starts_on": "2026-07-17", "jurisdiction": "US-AL", "name": "Alabama", "local": "follows",
		"as_of": "2025-10-01", "citation": "localities opt in"}
	moody := map[string]string{"state": "AL", "starts_on": "2026-07-17", "jurisdiction": "US-0151096", "name": "Moody", "local": "taxed",
		"as_of": "2024-07-19", "citation": "2024 list"}
	rows, err := readHolidayLocals(curatedTableGen(t, holidayLocalsSrc, holidayLocalsHeader, state, moody, goodHolidayLocal()))
	if err != nil {
		t.Fatal(err)
	}
	got, err := attachHolidayLocals(holidays, rows, parent, general)
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range got[:2] {
		if h.localNote != "localities opt in" || len(h.notTaking) != 2 || h.notTaking[0].Jurisdiction != "US-01073" || h.notTaking[1].Jurisdiction != "US-0151096" {
			t.Fatalf("%s: note %q, localities %+v", h.name, h.localNote, h.notTaking)
		}
		if j := h.notTaking[0]; j.Share == nil || !j.Share.Equal(decimal.RequireFromString("0.5")) || !j.Rate.Equal(decimal.RequireFromString("0.01")) {
			t.Errorf("%s: Jefferson keeps %v and waives %v, want 0.01 and 0.5", h.name, j.Rate, j.Share)
		}
		if m := h.notTaking[1]; m.Rate != nil || m.Share != nil || m.AsOf != civil.MustParse("2024-07-19") {
			t.Errorf("%s: Moody %+v, want its whole rate, as of 2024-07-19", h.name, m)
		}
	}
	if g := got[2]; g.localNote != "" || len(g.notTaking) != 0 {
		t.Errorf("the severe weather holiday got %q and %+v", g.localNote, g.notTaking)
	}
	if holidays[0].localNote != "" {
		t.Error("the holidays were changed in place")
	}
	for _, c := range []struct {
		change map[string]string
		want   string
	}{
		{map[string]string{"starts_on": "2026-07-18"}, "no holiday of AL starts on 2026-07-18"},
		{map[string]string{"jurisdiction": "US-0199999"}, "no jurisdiction US-0199999"},
		{map[string]string{"jurisdiction": "US-36079", "name": "Putnam"}, "does not lie in AL"},
		{map[string]string{"name": "Shelby"}, "not \"Shelby\""},
		{map[string]string{"kept_rate": "0.02"}, "waives none of it"},
		{map[string]string{"jurisdiction": "US-0107000", "name": "Birmingham"}, "no general sales tax rate"},
	} {
		r := goodHolidayLocal()
		for k, v := range c.change {
			r[k] = v
		}
		rows, err := readHolidayLocals(curatedTableGen(t, holidayLocalsSrc, holidayLocalsHeader, r))
		if err != nil {
			t.Fatalf("%v: %v", c.change, err)
		}
		if _, err := attachHolidayLocals(holidays, rows, parent, general); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want an error naming %q", c.change, err, c.want)
		}
	}
}
