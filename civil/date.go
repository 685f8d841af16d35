package civil

import (
	"errors"
	"fmt"
	"time"
)

// Date is a calendar date (year, month, day). The zero Date means "no date"
// and IsZero reports it; it sorts before every real date.
type Date struct {
	Year  int
	Month time.Month
	Day   int
}

// layout is the ISO 8601 calendar date form used on the wire.
const layout = "2006-01-02"

// Of returns the date of t in t's location.
func Of(t time.Time) Date {
	y, m, d := t.Date()
	return Date{Year: y, Month: m, Day: d}
}

// Today returns the current date in UTC.
func Today() Date { return Of(time.Now().UTC()) }

// New returns the date y-m-d, normalised as time.Date normalises it.
func New(y int, m time.Month, d int) Date {
	return Of(time.Date(y, m, d, 0, 0, 0, 0, time.UTC))
}

// Parse reads a date in the form YYYY-MM-DD. It rejects any other form and
// dates that do not exist (2026-02-30), the latter with a *NoSuchDayError.
func Parse(s string) (Date, error) {
	if d, ok := parseDigits(s); ok {
		return d, nil
	}
	t, err := time.Parse(layout, s)
	if err != nil {
		if reason := noSuchDay(s); reason != "" {
			return Date{}, &NoSuchDayError{Text: s, Reason: reason}
		}
		return Date{}, fmt.Errorf("civil: %q is not a date of the form YYYY-MM-DD", s)
	}
	return Of(t), nil
}

// NoSuchDayError is the error of Parse for a text of the form YYYY-MM-DD
// that names no day of the calendar (2026-02-30, 2026-13-01), so that a
// caller can tell its user why rather than ask for the form the text has.
type NoSuchDayError struct {
	Text   string // the text as given
	Reason string // why no day has it: "February 2026 has 28 days"
}

// Error says which text is no day and why.
func (e *NoSuchDayError) Error() string {
	return fmt.Sprintf("civil: %q is not a day of the calendar: %s", e.Text, e.Reason)
}

// Refusal says in words why Parse refused a text with err, for the one
// who wrote it; shown is the text as the message shows it (quoted, and
// cut when long). A text of the form YYYY-MM-DD that is no day is told
// so, with the reason ("February 2026 has 28 days"); any other is told
// the form.
func Refusal(shown string, err error) string {
	var nd *NoSuchDayError
	if errors.As(err, &nd) {
		return shown + " is not a day of the calendar: " + nd.Reason
	}
	return shown + " is not a date of the form YYYY-MM-DD"
}

// noSuchDay says why s, ten ASCII characters of the form YYYY-MM-DD,
// names no day: its month or its day is out of range. It returns "" for
// a text of another form, and for a day that exists.
func noSuchDay(s string) string {
	if len(s) != len(layout) || s[4] != '-' || s[7] != '-' {
		return ""
	}
	var n [3]int
	for i, part := range [3]string{s[:4], s[5:7], s[8:]} {
		for _, c := range []byte(part) {
			if c < '0' || c > '9' {
				return ""
			}
			n[i] = n[i]*10 + int(c-'0')
		}
	}
	return DayFault(n[0], n[1], n[2])
}

// DayFault says why the year y, month m and day d name no day of the
// calendar ("there is no month 13", "there is no day 0", "February 2026
// has 28 days"), and returns "" for a day that exists. Readers of dates
// written in other forms (the YYYYMMDD of an e-invoice) use it to word
// their refusals as Parse does.
func DayFault(y, m, d int) string {
	switch {
	case m < 1 || m > 12:
		return fmt.Sprintf("there is no month %d", m)
	case d < 1:
		return fmt.Sprintf("there is no day %d", d)
	case d > daysIn(time.Month(m), y):
		return fmt.Sprintf("%s %d has %d days", time.Month(m), y, daysIn(time.Month(m), y))
	}
	return ""
}

// parseDigits reads a date of the form YYYY-MM-DD written in ten ASCII
// characters, as nearly every date on the wire is, without time.Parse
// and without allocating. It reports false for any other text and for a
// date that does not exist; Parse then reads the text or refuses it as
// time.Parse does.
func parseDigits[T string | []byte](s T) (Date, bool) {
	if len(s) != len(layout) || s[4] != '-' || s[7] != '-' {
		return Date{}, false
	}
	num := func(from, to int) int {
		n := 0
		for i := from; i < to; i++ {
			c := s[i]
			if c < '0' || c > '9' {
				return -1
			}
			n = n*10 + int(c-'0')
		}
		return n
	}
	y, m, d := num(0, 4), num(5, 7), num(8, 10)
	if y < 0 || m < 1 || m > 12 || d < 1 || d > daysIn(time.Month(m), y) {
		return Date{}, false
	}
	return Date{Year: y, Month: time.Month(m), Day: d}, true
}

// daysIn returns the number of days of month m of year y in the
// proleptic Gregorian calendar.
func daysIn(m time.Month, y int) int {
	switch m {
	case time.February:
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 29
		}
		return 28
	case time.April, time.June, time.September, time.November:
		return 30
	}
	return 31
}

// ParseCompact reads a date in the form YYYYMMDD, as government rate files
// write it.
func ParseCompact(s string) (Date, error) {
	t, err := time.Parse("20060102", s)
	if err != nil {
		return Date{}, fmt.Errorf("civil: %q is not a date of the form YYYYMMDD", s)
	}
	return Of(t), nil
}

// MustParse is Parse for constants in tests and tables; it panics on error.
func MustParse(s string) Date {
	d, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return d
}

// IsZero reports whether d is the zero Date.
func (d Date) IsZero() bool { return d == Date{} }

// String returns d as YYYY-MM-DD, or "" for the zero Date.
func (d Date) String() string {
	if d.IsZero() {
		return ""
	}
	return fmt.Sprintf("%04d-%02d-%02d", d.Year, int(d.Month), d.Day)
}

// Time returns midnight UTC at the start of d.
func (d Date) Time() time.Time {
	return time.Date(d.Year, d.Month, d.Day, 0, 0, 0, 0, time.UTC)
}

// Days returns the number of days since 1970-01-01 (negative before it).
func (d Date) Days() int32 {
	return int32(d.Time().Unix() / 86400)
}

// FromDays is the inverse of Days.
func FromDays(n int32) Date {
	return Of(time.Unix(int64(n)*86400, 0).UTC())
}

// AddDays returns d moved by n days.
func (d Date) AddDays(n int) Date { return Of(d.Time().AddDate(0, 0, n)) }

// Compare returns -1, 0 or +1 as d is before, equal to or after e.
func (d Date) Compare(e Date) int {
	switch {
	case d.Year != e.Year:
		return cmp(d.Year, e.Year)
	case d.Month != e.Month:
		return cmp(int(d.Month), int(e.Month))
	default:
		return cmp(d.Day, e.Day)
	}
}

func cmp(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Before reports whether d is before e.
func (d Date) Before(e Date) bool { return d.Compare(e) < 0 }

// After reports whether d is after e.
func (d Date) After(e Date) bool { return d.Compare(e) > 0 }

// MarshalText writes d as YYYY-MM-DD.
func (d Date) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// UnmarshalText reads YYYY-MM-DD.
func (d *Date) UnmarshalText(b []byte) error {
	if v, ok := parseDigits(b); ok {
		*d = v
		return nil
	}
	v, err := Parse(string(b))
	if err != nil {
		return err
	}
	*d = v
	return nil
}

// Period is a validity span of dates: from Effective to Expiration, both
// inclusive. A zero Expiration means open-ended; a zero
// Effective means "since always".
type Period struct {
	Effective  Date
	Expiration Date
}

// Contains reports whether d falls within p.
func (p Period) Contains(d Date) bool {
	if !p.Effective.IsZero() && d.Before(p.Effective) {
		return false
	}
	if !p.Expiration.IsZero() && d.After(p.Expiration) {
		return false
	}
	return true
}

// Overlaps reports whether p and q share a day: neither ends before the
// other starts, a zero Effective or Expiration being open on its side.
func (p Period) Overlaps(q Period) bool {
	if !p.Expiration.IsZero() && !q.Effective.IsZero() && p.Expiration.Before(q.Effective) {
		return false
	}
	return q.Expiration.IsZero() || p.Effective.IsZero() || !q.Expiration.Before(p.Effective)
}

// ChangesWithin reports whether p starts or ends on a day within [from, to]
// (to may be zero for "until today and beyond"). An end counts on the day
// after Expiration, the first day the old value no longer holds.
func (p Period) ChangesWithin(from, to Date) bool {
	in := func(d Date) bool {
		return !d.IsZero() && !d.Before(from) && (to.IsZero() || !d.After(to))
	}
	if in(p.Effective) {
		return true
	}
	return !p.Expiration.IsZero() && in(p.Expiration.AddDays(1))
}
