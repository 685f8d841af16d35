package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// conflictQuotation is a one-line quotation from Seattle to the city and
// ZIP code given, in the state given.
func conflictQuotation(city, state, zip string) string {
	return `{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"2026-06-01",
 "seller":{"company":"ACME","physicalOrigin":{"city":"Seattle","mainDivision":"WA","postalCode":"98101","country":"US"}},
 "customer":{"destination":{"city":"` + city + `","mainDivision":"` + state + `","postalCode":"` + zip + `","country":"US"}},
 "lineItems":[{"lineItemId":"1","quantity":{"value":1},"unitPrice":100}]}`
}

// cityZIPConflicts are the three addresses whose city does not contain
// their ZIP code, with the member the strict check names and the start
// of the status the lookup gives.
var cityZIPConflicts = []struct{ city, state, zip, member, status string }{
	{"Evanston", "IL", "60606", "city", "ZIP code 60606 (Chicago) lies 15.0 km outside Evanston"},
	{"Pasadena", "CA", "90012", "city", "ZIP code 90012 (Los Angeles) lies 8.9 km outside Pasadena"},
	{"Seattle", "WA", "98004", "postalCode", "ZIP code 98004 (Bellevue) lies 4.3 km outside Seattle"},
}

// TestCalcAddressCheck runs levy calc on the three addresses: by default
// (lenient) it prints the response, whose destination carries the
// lookup's status and confidence 50; with --address-check strict, or
// LEVY_ADDRESS_CHECK=strict, it exits 1 naming the member at fault; the
// flag wins over the variable; a check that is not lenient or strict is
// a usage error.
func TestCalcAddressCheck(t *testing.T) {
	dir := t.TempDir()
	for _, c := range cityZIPConflicts {
		path := filepath.Join(dir, c.city+".json")
		if err := os.WriteFile(path, []byte(conflictQuotation(c.city, c.state, c.zip)), 0o600); err != nil {
			t.Fatal(err)
		}
		code, out, errOut := runCLI(t, "calc", "sale", path)
		if code != 0 {
			t.Fatalf("%s, lenient: exit %d, %s", c.city, code, errOut)
		}
		var resp struct {
			Customer struct {
				Destination struct {
					TaxAreaLookup struct {
						ConfidenceIndicator string `json:"confidenceIndicator"`
						Statuses            []struct{ LookupResult, Value string }
					} `json:"taxAreaLookup"`
				} `json:"destination"`
			} `json:"customer"`
		}
		if err := json.Unmarshal([]byte(out), &resp); err != nil {
			t.Fatalf("%s: %v: %s", c.city, err, out)
		}
		lk := resp.Customer.Destination.TaxAreaLookup
		if lk.ConfidenceIndicator != "50" || len(lk.Statuses) != 1 || lk.Statuses[0].LookupResult != "BAD_REGION_FIELDS" ||
			!strings.HasPrefix(lk.Statuses[0].Value, c.status) {
			t.Errorf("%s, lenient: %+v", c.city, lk)
		}
		code, out, errOut = runCLI(t, "calc", "sale", "--address-check", "strict", path)
		if want := "levy: customer.destination." + c.member + ": " + c.status; code != 1 || out != "" || !strings.HasPrefix(errOut, want) {
			t.Errorf("%s, strict: exit %d, stdout %q, stderr %q; want %q", c.city, code, out, errOut, want)
		}
	}
	path := filepath.Join(dir, "Evanston.json")
	t.Setenv("LEVY_ADDRESS_CHECK", "strict")
	if code, _, errOut := runCLI(t, "calc", "sale", path); code != 1 || !strings.Contains(errOut, "customer.destination.city") {
		t.Errorf("LEVY_ADDRESS_CHECK=strict: exit %d, %s", code, errOut)
	}
	if code, _, errOut := runCLI(t, "calc", "sale", "--address-check", "lenient", path); code != 0 {
		t.Errorf("--address-check lenient over LEVY_ADDRESS_CHECK=strict: exit %d, %s", code, errOut)
	}
	t.Setenv("LEVY_ADDRESS_CHECK", "loose")
	if code, _, errOut := runCLI(t, "calc", "sale", path); code != 2 || !strings.Contains(errOut, "LEVY_ADDRESS_CHECK") {
		t.Errorf("LEVY_ADDRESS_CHECK=loose: exit %d, %s", code, errOut)
	}
	t.Setenv("LEVY_ADDRESS_CHECK", "")
	if code, _, errOut := runCLI(t, "calc", "sale", "--address-check", "loose", path); code != 2 || !strings.Contains(errOut, "address-check") {
		t.Errorf("--address-check loose: exit %d, %s", code, errOut)
	}
}

// TestCalcHelp: levy calc -h, and levy calc sale -h, list every flag,
// the address check with its variable among them.
func TestCalcHelp(t *testing.T) {
	for _, args := range [][]string{{"calc", "-h"}, {"calc", "--help"}, {"calc", "sale", "-h"}, {"calc", "owner", "--help"}} {
		code, out, _ := runCLI(t, args...)
		if code != 0 {
			t.Errorf("%v: exit %d", args, code)
		}
		for _, want := range []string{"flags:", "--address-check lenient|strict", "env LEVY_ADDRESS_CHECK", "--data-dir", "--database", "--tenant", "--content"} {
			if !strings.Contains(out, want) {
				t.Errorf("%v does not list %q:\n%s", args, want, out)
			}
		}
	}
}
