package profileadmin_test

import (
	"strings"
	"testing"
)

// TestAsOfZeroTimeIsRefused: asOf=0001-01-01T00:00:00Z, which a Go
// client writes for a time.Time it never set, is refused naming asOf on
// every read that takes asOf. Before, it read as now (the records of
// today), while asOf=1000-01-01 read as the profile before its first
// version: the earliest time a request can give read the latest records.
func TestAsOfZeroTimeIsRefused(t *testing.T) {
	s := newServer(t)
	s.must(t, 201, "POST", p+"/customers", s.acme, `{"code":"C-1"}`)
	for _, path := range []string{"/customers", "/certificates", "/registrations", "/products", "/franchises", "/export"} {
		for _, zero := range []string{"0001-01-01T00:00:00Z", "0001-01-01T01:00:00%2B01:00", "0001-01-01T00:00:00.000Z"} {
			a := s.json(t, "GET", p+path+"?asOf="+zero, s.acme, "")
			if msg := a.errs()["asOf"]; a.status != 400 || !strings.Contains(msg, "zero") {
				t.Errorf("GET %s?asOf=%s: %d %s", path, zero, a.status, a.body)
			}
		}
	}
	// The earliest times that are not the zero one read the profile
	// before its first record.
	var pg struct{ Total, Version int }
	for _, early := range []string{"0001-01-01T00:00:00.000000001Z", "0001-01-01", "1000-01-01"} {
		s.must(t, 200, "GET", p+"/customers?asOf="+early, s.acme, "").data(t, &pg)
		if pg.Total != 0 || pg.Version != 0 {
			t.Errorf("GET customers?asOf=%s: %+v, want the profile before its first version", early, pg)
		}
	}
	s.must(t, 200, "GET", p+"/customers", s.acme, "").data(t, &pg)
	if pg.Total != 1 {
		t.Errorf("GET customers: %+v", pg)
	}
}
