package civil

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
)

func TestParse(t *testing.T) {
	d, err := Parse("2026-02-28")
	if err != nil || d != (Date{2026, 2, 28}) || d.String() != "2026-02-28" {
		t.Fatalf("Parse = %v, %v", d, err)
	}
	for _, bad := range []string{"", "2026-02-30", "2026-2-3", "26-02-01", "2026/02/01", "2026-02-01T00:00:00Z"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) succeeded", bad)
		}
	}
	if d, err := ParseCompact("20260101"); err != nil || d != (Date{2026, 1, 1}) {
		t.Errorf("ParseCompact = %v, %v", d, err)
	}
}

func TestDaysRoundTrip(t *testing.T) {
	for _, s := range []string{"1900-01-01", "1969-12-31", "1970-01-01", "2026-11-21", "2999-12-31"} {
		d := MustParse(s)
		if got := FromDays(d.Days()); got != d {
			t.Errorf("FromDays(Days(%s)) = %s", s, got)
		}
	}
	if MustParse("2026-03-01").AddDays(-1) != MustParse("2026-02-28") {
		t.Error("AddDays across a month")
	}
}

func TestPeriod(t *testing.T) {
	p := Period{Effective: MustParse("2026-10-01"), Expiration: MustParse("2026-12-31")}
	for s, want := range map[string]bool{"2026-09-30": false, "2026-10-01": true, "2026-12-31": true, "2027-01-01": false} {
		if got := p.Contains(MustParse(s)); got != want {
			t.Errorf("Contains(%s) = %v", s, got)
		}
	}
	if !(Period{}).Contains(MustParse("1800-01-01")) {
		t.Error("an open period should contain every date")
	}
	// The end counts on the first day the value no longer holds.
	if !p.ChangesWithin(MustParse("2027-01-01"), MustParse("2027-01-01")) || p.ChangesWithin(MustParse("2026-11-01"), MustParse("2026-11-30")) {
		t.Error("ChangesWithin")
	}
}

func TestJSON(t *testing.T) {
	var v struct {
		D Date `json:"d"`
		E Date `json:"e,omitzero"`
	}
	if err := json.Unmarshal([]byte(`{"d":"2026-10-01"}`), &v); err != nil || v.D != MustParse("2026-10-01") {
		t.Fatalf("%v %v", v, err)
	}
	b, _ := json.Marshal(v)
	if string(b) != `{"d":"2026-10-01"}` {
		t.Errorf("Marshal = %s", b)
	}
	if err := json.Unmarshal([]byte(`{"d":"tomorrow"}`), &v); err == nil {
		t.Error("a bad date was accepted")
	}
}

// TestParseDigitsAgreesWithTime checks the quick reading of YYYY-MM-DD
// against time.Parse on every month and day number from 00 to 99 of
// years that test the leap rules, and on texts of other shapes.
func TestParseDigitsAgreesWithTime(t *testing.T) {
	for _, y := range []int{0, 1, 4, 100, 400, 1600, 1900, 1996, 2000, 2023, 2024, 2026, 2100, 2400, 9999} {
		for m := range 100 {
			for d := range 100 {
				s := fmt.Sprintf("%04d-%02d-%02d", y, m, d)
				checkParse(t, s)
			}
		}
	}
	for _, s := range []string{"", "2026-1-01", "2026-01-1", "2026/01/01", "+026-01-01", "-026-01-01", "2026-+1-01",
		"2026-01-+1", "20260101", "2026-01-01 ", " 2026-01-01", "2026-01-0a", "２０２６-01-01", "2026-02-29", "2024-02-29"} {
		checkParse(t, s)
	}
}

// checkParse fails unless Parse and UnmarshalText read s as time.Parse
// does.
func checkParse(t *testing.T, s string) {
	t.Helper()
	want, werr := time.Parse("2006-01-02", s)
	got, err := Parse(s)
	var text Date
	terr := text.UnmarshalText([]byte(s))
	switch {
	case (err == nil) != (werr == nil) || (terr == nil) != (werr == nil):
		t.Fatalf("%q: Parse error %v, UnmarshalText error %v, time.Parse error %v", s, err, terr, werr)
	case werr == nil && (got != Of(want) || text != got):
		t.Fatalf("%q: Parse %v, UnmarshalText %v, time.Parse %v", s, got, text, want)
	}
}

// TestPeriodOverlaps: two periods overlap when they share a day, an open
// side reaching every day on that side.
func TestPeriodOverlaps(t *testing.T) {
	d := MustParse
	p := func(from, to string) Period {
		var x Period
		if from != "" {
			x.Effective = d(from)
		}
		if to != "" {
			x.Expiration = d(to)
		}
		return x
	}
	for _, c := range []struct {
		a, b Period
		want bool
	}{
		{p("2020-01-01", "2020-12-31"), p("2020-12-31", ""), true},
		{p("2020-01-01", "2020-12-31"), p("2021-01-01", ""), false},
		{p("2021-01-01", ""), p("2020-01-01", "2020-12-31"), false},
		{p("", ""), p("2021-01-01", "2021-01-01"), true},
		{p("", "2020-12-31"), p("", "2019-01-01"), true},
		{p("2020-06-01", "2020-06-30"), p("2020-01-01", "2020-05-31"), false},
		{p("2020-06-01", "2020-06-30"), p("2020-06-30", "2020-07-31"), true},
	} {
		if got := c.a.Overlaps(c.b); got != c.want {
			t.Errorf("%v overlaps %v: %v, want %v", c.a, c.b, got, c.want)
		}
		if got := c.b.Overlaps(c.a); got != c.want {
			t.Errorf("%v overlaps %v: %v, want %v", c.b, c.a, got, c.want)
		}
	}
}

// TestParseNamesADayThatDoesNotExist: a date written in the right form
// whose month or day does not exist is refused as no day of the
// calendar, saying why, apart from text of another form.
func TestParseNamesADayThatDoesNotExist(t *testing.T) {
	for _, c := range []struct{ text, reason string }{
		{"2026-02-30", "February 2026 has 28 days"},
		{"2024-02-30", "February 2024 has 29 days"},
		{"2026-04-31", "April 2026 has 30 days"},
		{"2026-06-00", "there is no day 0"},
		{"2026-13-01", "there is no month 13"},
		{"2026-00-10", "there is no month 0"},
	} {
		_, err := Parse(c.text)
		var nd *NoSuchDayError
		if !errors.As(err, &nd) || nd.Reason != c.reason || !strings.Contains(err.Error(), c.text) {
			t.Errorf("Parse(%q) = %v, want a NoSuchDayError saying %q", c.text, err, c.reason)
		}
		var d Date
		if err := d.UnmarshalText([]byte(c.text)); !errors.As(err, &nd) {
			t.Errorf("UnmarshalText(%q) = %v, want a NoSuchDayError", c.text, err)
		}
	}
	for _, bad := range []string{"2026-2-3", "2026/02/01", "2026-0a-01", ""} {
		var nd *NoSuchDayError
		if _, err := Parse(bad); err == nil || errors.As(err, &nd) {
			t.Errorf("Parse(%q) = %v, want an error of the form", bad, err)
		}
	}
}

// TestRefusal words a refusal of Parse for its user: a day that does not
// exist with its reason, any other text with the form.
func TestRefusal(t *testing.T) {
	_, err := Parse("2026-02-30")
	if got, want := Refusal(`"2026-02-30"`, err), `"2026-02-30" is not a day of the calendar: February 2026 has 28 days`; got != want {
		t.Errorf("Refusal = %q, want %q", got, want)
	}
	_, err = Parse("30.02.2026")
	if got, want := Refusal(`"30.02.2026"`, err), `"30.02.2026" is not a date of the form YYYY-MM-DD`; got != want {
		t.Errorf("Refusal = %q, want %q", got, want)
	}
}
