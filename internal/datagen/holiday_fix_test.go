package datagen

import (
	"slices"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/shopspring/decimal"
)

// TestCorrectHolidays replaces a compiled holiday by a correction of its
// state and name, adds one of a new name in its sorted place, and refuses
// a correction without a citation.
func TestCorrectHolidays(t *testing.T) {
	cap100, cap99 := decimal.RequireFromString("100"), decimal.RequireFromString("99.99")
	aug := func(d string) civil.Date { return civil.MustParse("2026-08-" + d) }
	src := []holidayRow{
		{state: "FL", name: "Back-to-School (2026)", period: civil.Period{Effective: aug("01"), Expiration: aug("14")}, max: &cap100},
		{state: "TX", name: "Back-to-School (2026)", period: civil.Period{Effective: aug("07"), Expiration: aug("09")}, max: &cap100},
	}
	fixes := []holidayRow{
		{state: "TX", name: "Back-to-School (2026)", period: civil.Period{Effective: aug("07"), Expiration: aug("09")}, max: &cap99, citation: "Tex. Tax Code 151.326"},
		{state: "FL", name: "Back-to-School -- Computers (2026)", period: civil.Period{Effective: aug("01"), Expiration: aug("31")}, citation: "Fla. HB 7031 (2025)"},
	}
	out, err := correctHolidays(src, fixes)
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 3 || out[2].state != "TX" || !out[2].max.Equal(cap99) || out[0].name != "Back-to-School (2026)" || out[1].name != "Back-to-School -- Computers (2026)" {
		t.Errorf("corrected holidays = %+v", out)
	}
	if !src[1].max.Equal(cap100) {
		t.Error("the compiled rows were changed in place")
	}
	fixes[0].citation = ""
	fixes[0].at = lineRef{file: "us-holiday-corrections.csv", line: 2}
	if _, err := correctHolidays(src, fixes); err == nil || !strings.Contains(err.Error(), "us-holiday-corrections.csv:2") {
		t.Errorf("a correction without a citation: %v", err)
	}
}

// TestCorrectHolidaysNotHeld drops a compiled holiday by a correction
// whose categories are not_held, and refuses one that names no compiled
// holiday, one that mixes not_held with other categories and a compiled
// row that uses it.
func TestCorrectHolidaysNotHeld(t *testing.T) {
	day := func(d string) civil.Date { return civil.MustParse("2026-" + d) }
	src := []holidayRow{
		{state: "FL", name: "Disaster Preparedness (2026)", categories: []string{"emergency_supplies"}, period: civil.Period{Effective: day("06-01"), Expiration: day("06-14")}},
		{state: "FL", name: "Freedom Month (2026)", categories: []string{"recreation"}, period: civil.Period{Effective: day("07-01"), Expiration: day("07-31")}},
		{state: "TN", name: "Sales Tax Holiday (2026)", categories: []string{"clothing"}, period: civil.Period{Effective: day("07-24"), Expiration: day("07-26")}},
	}
	drop := holidayRow{state: "FL", name: "Freedom Month (2026)", categories: []string{holidayNotHeld}, period: src[1].period,
		citation: "no act for 2026", at: lineRef{file: "us-holiday-corrections.csv", line: 3}}
	out, err := correctHolidays(src, []holidayRow{drop})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 2 || out[0].name != "Disaster Preparedness (2026)" || out[1].state != "TN" {
		t.Errorf("after dropping Freedom Month: %+v", out)
	}
	if len(src) != 3 || src[1].name != "Freedom Month (2026)" {
		t.Error("the compiled rows were changed in place")
	}
	for name, f := range map[string]func(h *holidayRow){
		"no such holiday": func(h *holidayRow) { h.name = "Tool Time (2026)" },
		"mixed":           func(h *holidayRow) { h.categories = []string{holidayNotHeld, "tools"} },
	} {
		bad := drop
		f(&bad)
		if _, err := correctHolidays(src, []holidayRow{bad}); err == nil || !strings.Contains(err.Error(), "us-holiday-corrections.csv:3") {
			t.Errorf("%s: %v", name, err)
		}
	}
	compiled := slices.Clone(src)
	compiled[2].categories = []string{holidayNotHeld}
	compiled[2].at = lineRef{file: "holidays-2026.csv", line: 9}
	if _, err := correctHolidays(compiled, nil); err == nil || !strings.Contains(err.Error(), "holidays-2026.csv:9") {
		t.Errorf("a compiled row with not_held: %v", err)
	}
}
