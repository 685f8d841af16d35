package civil

import (
	"encoding/json"
	"testing"
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
