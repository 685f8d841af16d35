package profileadmin_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy/api/profileadmin"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/profile"
)

// TestListFilterOfUnknownJurisdiction: a list filtered by a jurisdiction
// ID of the right form that Levy's dataset does not know (a typo such as
// US-TEX, a FIPS code of no place) is refused naming jurisdiction, as a
// certificate naming it is, rather than answered with an empty page that
// tells a tax team or an auditor the tenant holds no certificate there.
// A known jurisdiction that no record covers is an empty page, and an ID
// that a stored record names is listed even if the dataset does not
// know it (a record stored before its jurisdiction left the dataset).
func TestListFilterOfUnknownJurisdiction(t *testing.T) {
	s := newServer(t)
	s.seed(t)
	for _, path := range []string{"/certificates?jurisdiction=US-TEX", "/certificates?jurisdiction=US-99999", "/certificates?jurisdiction=ZZ",
		"/registrations?jurisdiction=US-TEX", "/registrations?jurisdiction=ZZ"} {
		a := s.json(t, "GET", p+path, s.acme, "")
		if a.status != 400 || !strings.Contains(a.errs()["jurisdiction"], "not a jurisdiction Levy knows") {
			t.Errorf("GET %s: %d %s, want 400 naming jurisdiction", path, a.status, a.body)
		}
	}
	for _, l := range []struct {
		path string
		want int
	}{
		{"/certificates?jurisdiction=US-4819000", 1},
		{"/certificates?jurisdiction=CA", 0},
		{"/registrations?jurisdiction=TX", 1},
		{"/registrations?jurisdiction=FR", 0},
	} {
		var page profileadmin.Page[struct{}]
		s.must(t, 200, "GET", p+l.path, s.acme, "").data(t, &page)
		if page.Total != l.want {
			t.Errorf("GET %s: %d records, want %d", l.path, page.Total, l.want)
		}
	}

	// A record that names an ID the dataset does not know, written into
	// the store directly, is found by its ID.
	cs := profile.ChangeSet{Certificates: []profile.Certificate{{Number: "OLD-1", CustomerCode: "C-1", Jurisdictions: []string{"US-TX-D-GONE"},
		ReasonCode: "G", EffectiveDate: civil.MustParse("2020-01-01"), Status: profile.StatusActive}}}
	entries, err := cs.Entries()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.svc.Store().Apply(context.Background(), "acme", profile.Commit{By: "test", At: time.Now(), Entries: entries}); err != nil {
		t.Fatal(err)
	}
	var page profileadmin.CertificatePage
	s.must(t, 200, "GET", p+"/certificates?jurisdiction=US-TX-D-GONE", s.acme, "").data(t, &page)
	if !slices.ContainsFunc(page.Items, func(c profile.Certificate) bool { return c.Number == "OLD-1" }) {
		t.Errorf("GET /certificates?jurisdiction=US-TX-D-GONE: %+v, want the certificate that names it", page.Items)
	}
}
