package ubl

import "testing"

// TestDateFault: PEPPOL-EN16931-F001 tells a date of the form YYYY-MM-DD
// that is no day of the calendar apart from a text of another form, and
// says why, so that the sender of 2026-02-30 is not told to use the
// form it used.
func TestDateFault(t *testing.T) {
	for _, c := range []struct{ date, want string }{
		{"2026-02-30", "is not a day of the calendar: February 2026 has 28 days"},
		{"2024-02-30", "is not a day of the calendar: February 2024 has 29 days"},
		{"2025-05-32", "is not a day of the calendar: May 2025 has 31 days"},
		{"2026-13-01", "is not a day of the calendar: there is no month 13"},
		{"2026-06-00", "is not a day of the calendar: there is no day 0"},
		{"14.03.2025", "is not of the form YYYY-MM-DD"},
		{"2025-03-14+01:00", "is not of the form YYYY-MM-DD"},
		{"2024-02-29", ""},
	} {
		if got := dateFault(c.date); got != c.want {
			t.Errorf("dateFault(%q) = %q, want %q", c.date, got, c.want)
		}
		if got := validDate(c.date); got != (c.want == "") {
			t.Errorf("validDate(%q) = %v", c.date, got)
		}
	}
}
