package console_test

import (
	"testing"
	"time"
)

// TestConsoleTodayIsTheUsersDay: the dates a page offers as today's (the
// journal's period, the calculation's document date, the map's date,
// a certificate's days until it expires) are the day of the user's own
// clock, not of UTC: in the evening in California (or the morning in
// Kiribati), the journal's period ended on the next (or the last) day,
// and a certificate that expires today read "expired". The test runs
// the browser in a time zone whose day is not UTC's at that moment.
func TestConsoleTodayIsTheUsersDay(t *testing.T) {
	f := newFixture(t)
	zone, offset := "Etc/GMT+12", -12*time.Hour // Etc/GMT+12 is UTC-12
	if time.Now().UTC().Hour() >= 12 {
		zone, offset = "Pacific/Kiritimati", 14*time.Hour
	}
	local := time.FixedZone(zone, int(offset/time.Second))
	before := time.Now().In(local).Format(time.DateOnly)
	b := openConsole(t, f, zone)
	got := b.eval(`document.getElementById('journal-to').value`)
	after := time.Now().In(local).Format(time.DateOnly)
	if got != before && got != after {
		t.Errorf("in %s the journal's period ends %s, want the day there, %s (UTC's is %s)", zone, got, before, time.Now().UTC().Format(time.DateOnly))
	}
	if from := b.eval(`document.getElementById('journal-from').value`); from != got[:4]+"-01-01" {
		t.Errorf("in %s the journal's period begins %s, want %s-01-01", zone, from, got[:4])
	}
}
