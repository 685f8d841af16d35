package expiry_test

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/profile/expiry"
)

// TestNoNoticeOfRenewedCertificate: a certificate due for its notice
// whose customer has given a renewal already (another certificate that
// covers all it covers from the day after its expiry) is not notified,
// over a Badger profile store and the e-invoicing outbox; one whose
// "renewal" leaves a gap, covers fewer jurisdictions or classes, is
// revoked by then, is for one purchase, ends with it, took effect with
// it, gives another reason, or is another customer's, is.
// When the renewal is revoked later, the next scan notifies the
// certificate it no longer renews.
func TestNoNoticeOfRenewedCertificate(t *testing.T) {
	ctx := context.Background()
	profiles, err := badger.OpenProfile(ctx, filepath.Join(t.TempDir(), "profile"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = profiles.Close() })
	svc := profile.NewService(profiles, profile.Config{})

	// old is a certificate of customer, expiring 2026-06-20 (its notice
	// date, 30 days before, is 2026-05-21); renewal one from effective
	// to a year later.
	old := func(customer string, jurisdictions ...string) profile.Certificate {
		c := cert("OLD", "2026-06-20")
		c.CustomerCode, c.Jurisdictions = customer, jurisdictions
		return c
	}
	renewal := func(customer, effective string, jurisdictions ...string) profile.Certificate {
		c := cert("NEW", "2027-06-20")
		c.CustomerCode, c.Jurisdictions, c.EffectiveDate = customer, jurisdictions, d(effective)
		return c
	}
	with := func(c profile.Certificate, f func(*profile.Certificate)) profile.Certificate { f(&c); return c }
	classes := func(cl ...string) func(*profile.Certificate) {
		return func(c *profile.Certificate) { c.ProductClasses = cl }
	}

	certs := []profile.Certificate{
		// Renewed: the same state from the day it took effect; a state
		// renewing a city in it; a class renewed by the class it is
		// within; a renewal that expires never, from the very next day.
		old("R-SAME", "TX"), renewal("R-SAME", "2026-05-01", "TX"),
		old("R-CITY", "US-4819000"), renewal("R-CITY", "2026-06-01", "TX", "CA"),
		with(old("R-CLASS", "TX"), classes("CHILDRENS_CLOTHING")), with(renewal("R-CLASS", "2026-06-01", "TX"), classes("CLOTHING")),
		old("R-NEXT-DAY", "TX"), with(renewal("R-NEXT-DAY", "2026-06-21", "TX"), func(c *profile.Certificate) { c.ExpirationDate = civil.Date{} }),
		// Not renewed: a gap of a day; fewer states; fewer classes; a
		// renewal revoked before the old one expires; one for a single
		// purchase; a renewal that ends with the old one (both are
		// notified).
		old("N-GAP", "TX"), renewal("N-GAP", "2026-06-22", "TX"),
		old("N-FEWER", "TX", "CA"), renewal("N-FEWER", "2026-06-01", "TX"),
		old("N-CLASS", "TX"), with(renewal("N-CLASS", "2026-06-01", "TX"), classes("CLOTHING")),
		old("N-REVOKED", "TX"), with(renewal("N-REVOKED", "2026-06-01", "TX"), func(c *profile.Certificate) {
			c.Status, c.RevokedDate = profile.StatusRevoked, d("2026-06-15")
		}),
		old("N-SINGLE", "TX"), with(renewal("N-SINGLE", "2026-06-01", "TX"), func(c *profile.Certificate) { c.TransactionID = "PO-1" }),
		old("N-ENDS", "TX"), with(renewal("N-ENDS", "2026-06-01", "TX"), func(c *profile.Certificate) { c.ExpirationDate = d("2026-06-20") }),
		// One that takes effect with the old one is held beside it, not
		// a renewal; one for another reason changes the exemption's.
		old("N-BESIDE", "TX"), renewal("N-BESIDE", "2026-01-01", "TX"),
		old("N-REASON", "TX"), with(renewal("N-REASON", "2026-06-01", "TX"), func(c *profile.Certificate) { c.ReasonCode = "E" }),
		// Another customer's certificate renews nothing of N-OTHER's.
		old("N-OTHER", "TX"), renewal("X-ELSE", "2026-05-01", "TX"),
	}
	var customers []profile.Customer
	for _, c := range certs {
		if !slices.ContainsFunc(customers, func(cu profile.Customer) bool { return cu.Code == c.CustomerCode }) {
			customers = append(customers, profile.Customer{Code: c.CustomerCode})
		}
	}
	if _, err := svc.Apply(ctx, "acme", "cli", profile.ChangeSet{Customers: customers, Certificates: certs,
		Policy: &profile.Policy{ExpiryNoticeDays: 30}}); err != nil {
		t.Fatal(err)
	}

	events, store, _ := openEInvoice(t, t.TempDir())
	box := connect(t, events, store, "acme")
	day := newClock("2026-06-01")
	n := expiry.New(profiles, events, expiry.WithToday(day.today))
	if _, err := n.Scan(ctx); err != nil {
		t.Fatal(err)
	}
	notified := func() string {
		var got []string
		for _, e := range box.drain(t) {
			got = append(got, e.Certificate.CustomerCode+"/"+e.Certificate.Number)
		}
		slices.Sort(got)
		return strings.Join(got, " ")
	}
	if got, want := notified(), "N-BESIDE/OLD N-CLASS/OLD N-ENDS/NEW N-ENDS/OLD N-FEWER/OLD N-GAP/OLD N-OTHER/OLD N-REASON/OLD N-REVOKED/OLD N-SINGLE/OLD"; got != want {
		t.Errorf("notified %s\nwant     %s", got, want)
	}

	// R-SAME's renewal is revoked before OLD expires: OLD is notified
	// at the next scan, within its notice days.
	day.set("2026-06-05")
	if _, err := svc.Apply(ctx, "acme", "cli", profile.ChangeSet{Certificates: []profile.Certificate{
		with(renewal("R-SAME", "2026-05-01", "TX"), func(c *profile.Certificate) { c.Status, c.RevokedDate = profile.StatusRevoked, d("2026-06-05") }),
	}}); err != nil {
		t.Fatal(err)
	}
	if k, err := n.Scan(ctx); err != nil || k != 1 {
		t.Fatalf("the scan after the renewal's revocation queued %d, %v; want 1", k, err)
	}
	if got := notified(); !strings.Contains(got, "R-SAME/OLD") || strings.Count(got, "/") != 11 {
		t.Errorf("after the renewal's revocation: notified %s", got)
	}
}
