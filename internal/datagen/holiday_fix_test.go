package datagen

import (
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
