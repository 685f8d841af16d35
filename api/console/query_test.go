package console_test

import (
	"strings"
	"testing"
)

// TestConsoleRoutesRefuseUndeclaredQuery: each of the console's own
// routes refuses, 400 naming it, a query parameter it does not read,
// such as ?tenant=beta, which a caller might take to choose another
// tenant's data: the route answers the caller's own tenant whatever the
// parameter says, and so must not answer 200 as if it had read it. A
// parameter a route reads, given twice, is refused too. The parameters
// the console's pages send (assets/js) are still taken. Before, every
// route passed over what it did not read and answered 200.
func TestConsoleRoutesRefuseUndeclaredQuery(t *testing.T) {
	f := newFixture(t)
	const period = "from=2026-01-01&to=2026-06-30"
	for _, path := range []string{
		"/console/api/config",
		"/console/api/whoami",
		"/console/api/geo/states?zoom=3",
		"/console/api/rules/no-such-rule",
		"/console/api/journal/summary?" + period,
		"/console/api/journal/series?" + period + "&company=ACME",
		"/console/api/journal/companies?" + period,
		"/console/api/journal/transactions?" + period,
		"/console/api/journal/transactions/INV-1",
		"/console/api/journal/export?" + period + "&format=csv",
	} {
		sep := "?"
		if strings.Contains(path, "?") {
			sep = "&"
		}
		f.refused(t, path+sep+"tenant=beta", 400, "tenant")
	}
	f.refused(t, "/console/api/journal/companies?"+period+"&company=ACME", 400, "company")
	f.refused(t, "/console/api/geo/states?zoom=3&zoom=4", 400, "zoom")
	f.refused(t, "/console/api/journal/export?"+period+"&format=csv&format=jsonl", 400, "format")

	// What the pages send (journal.js, map.js, nexus.js, session.js,
	// playground.js) is taken.
	for _, path := range []string{
		"/console/api/config",
		"/console/api/geo/states?zoom=3",
		"/console/api/geo/counties?zoom=8&bbox=-118.5%2C33.9%2C-118.1%2C34.2",
		"/console/api/journal/summary?" + period,
		"/console/api/journal/summary?" + period + "&company=ACME",
		"/console/api/journal/series?" + period + "&company=",
		"/console/api/journal/companies?" + period,
		"/console/api/journal/transactions?" + period + "&company=ACME&jurisdiction=US-CA&currency=USD&imposition=Sales+Tax" +
			"&collectedFrom=SELLER&zeroTaxReason=&withheld=&paidToVendor=false",
		"/console/api/journal/export?" + period + "&company=ACME&format=jsonl",
	} {
		if got, _, body := f.get(t, path); got != 200 {
			t.Errorf("GET %s: %d %s; want 200", path, got, body)
		}
	}
}
