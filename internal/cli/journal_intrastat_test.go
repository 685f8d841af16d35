package cli

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy/journal"
)

// intrastatInvoices are a month of German invoices to France and Italy:
// laptops and smartphones, and one line of goods without a CN8 code.
var intrastatInvoices = []string{
	`{"saleMessageType": "INVOICE", "transactionType": "SALE", "transactionId": "INV-FR-1", "documentDate": "2026-03-03",
 "currency": {"isoCurrencyCodeAlpha": "EUR"},
 "seller": {"physicalOrigin": {"city": "Berlin", "postalCode": "10115", "country": "DE"}},
 "customer": {"destination": {"city": "Paris", "postalCode": "75001", "country": "FR"},
   "taxRegistrations": [{"isoCountryCode": "FR", "taxRegistrationNumber": "FR40303265045"}]},
 "lineItems": [{"lineItemId": "1", "product": {"productClass": "ELECTRONICS"}, "extendedPrice": 1000, "intrastatCommodityCode": "84713000",
   "supplementaryUnit": {"unitType": "PST", "value": 2}, "natureOfTransaction": 11, "modeOfTransport": 3, "netMassKilograms": 4, "countryOfOriginISOCode": "CHN"}]}`,
	`{"saleMessageType": "INVOICE", "transactionType": "SALE", "transactionId": "INV-IT-1", "documentDate": "2026-03-20",
 "currency": {"isoCurrencyCodeAlpha": "EUR"},
 "seller": {"physicalOrigin": {"city": "Berlin", "postalCode": "10115", "country": "DE"}},
 "customer": {"destination": {"city": "Milano", "postalCode": "20121", "country": "IT"},
   "taxRegistrations": [{"isoCountryCode": "IT", "taxRegistrationNumber": "IT00743110157"}]},
 "lineItems": [{"lineItemId": "1", "product": {"productClass": "ELECTRONICS"}, "extendedPrice": 300, "intrastatCommodityCode": "85171300",
   "supplementaryUnit": {"unitType": "PST", "value": 3}, "natureOfTransaction": 11, "modeOfTransport": 3, "netMassKilograms": 1, "countryOfOriginISOCode": "KOR"},
  {"lineItemId": "2", "product": {"productClass": "GENERAL"}, "extendedPrice": 50}]}`,
}

// TestJournalIntrastat posts a month of dispatches through levy serve,
// declares them with levy journal intrastat through the server and then
// on the data directory: the same CSV and JSON, the line that can not be
// declared on standard error with exit status 1.
func TestJournalIntrastat(t *testing.T) {
	dir := t.TempDir()
	admin := createCredential(t, dir, "default", "levy://admin")
	base, stop, _, devToken := startServe(t, dir, serveConfig{})
	for _, body := range intrastatInvoices {
		resp := authed(t, "POST", base+"/api/v2/supplies", devToken, strings.NewReader(body))
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("posting an invoice: %d", resp.StatusCode)
		}
	}
	args := []string{"journal", "intrastat", "--from", "2026-03-01", "--to", "2026-03-31", "--member-state", "DE", "--flow", "dispatch"}
	t.Setenv("LEVY_CLIENT_ID", admin.ClientID)
	t.Setenv("LEVY_CLIENT_SECRET", admin.ClientSecret)
	code, remoteCSV, errOut := runCLI(t, append(args, "--server", base)...)
	want := "84713000,FR,CN,11,3,FR40303265045,4,PST,2,1000.00,1000.00,1\n85171300,IT,KR,11,3,IT00743110157,1,PST,3,300.00,300.00,1\n"
	if code != 1 || !strings.HasSuffix(remoteCSV, want) || !strings.Contains(errOut, "transaction INV-IT-1 line 2 (lineItemId 2)") ||
		!strings.Contains(errOut, "without intrastatCommodityCode") {
		t.Errorf("--server: exit %d\n%s\n%s", code, remoteCSV, errOut)
	}
	// Whole euros, through the server as on the data directory.
	wholeWant := "84713000,FR,CN,11,3,FR40303265045,4,PST,2,1000,1000,1\n85171300,IT,KR,11,3,IT00743110157,1,PST,3,300,300,1\n"
	if code, out, errOut := runCLI(t, append(args, "--server", base, "--whole-euros")...); code != 1 || !strings.HasSuffix(out, wholeWant) {
		t.Errorf("--server --whole-euros: exit %d\n%s\n%s", code, out, errOut)
	}
	// Each company declares its own goods: another company code has none.
	if code, out, errOut := runCLI(t, append(args, "--server", base, "--company", "OTHER")...); code != 0 || strings.Count(out, "\n") != 1 {
		t.Errorf("--server --company OTHER: exit %d %q %s, want the header alone", code, out, errOut)
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	os.Unsetenv("LEVY_CLIENT_ID")
	if code, out, errOut := runCLI(t, append(args, "--data-dir", dir, "--company", "OTHER")...); code != 0 || strings.Count(out, "\n") != 1 {
		t.Errorf("--data-dir --company OTHER: exit %d %q %s, want the header alone", code, out, errOut)
	}
	if code, out, _ := runCLI(t, append(args, "--data-dir", dir, "--company", "")...); code != 1 || out != remoteCSV {
		t.Errorf("--company \"\" (the invoices were stored without one): exit %d\n%s\nwant\n%s", code, out, remoteCSV)
	}
	code, localCSV, _ := runCLI(t, append(args, "--data-dir", dir)...)
	if code != 1 || localCSV != remoteCSV {
		t.Errorf("--data-dir: exit %d\n%s\nwant the server's\n%s", code, localCSV, remoteCSV)
	}
	if code, out, _ := runCLI(t, append(args, "--data-dir", dir, "--whole-euros")...); code != 1 || !strings.HasSuffix(out, wholeWant) {
		t.Errorf("--data-dir --whole-euros: exit %d\n%s", code, out)
	}
	code, out, _ := runCLI(t, append(args, "--data-dir", dir, "--format", "json")...)
	var d journal.IntrastatDeclaration
	if code != 1 || json.Unmarshal([]byte(out), &d) != nil || len(d.Items) != 2 || len(d.Refused) != 1 || d.CNYear != 2026 {
		t.Errorf("--format json: exit %d %s", code, out)
	}
	code, out, _ = runCLI(t, "journal", "intrastat", "--data-dir", dir, "--from", "2026-04-01", "--to", "2026-04-30", "--member-state", "DE", "--flow", "dispatch")
	if code != 0 || strings.Count(out, "\n") != 1 {
		t.Errorf("a month without dispatches: exit %d %q, want the header alone", code, out)
	}
	for _, bad := range [][]string{
		{"journal", "intrastat", "--data-dir", dir, "--from", "2026-03-01", "--to", "2026-03-31", "--flow", "dispatch"},
		{"journal", "intrastat", "--data-dir", dir, "--from", "2026-03-01", "--to", "2026-03-31", "--member-state", "DE", "--flow", "dispatch", "--format", "jsonl"},
	} {
		if code, _, errOut := runCLI(t, bad...); code != 2 {
			t.Errorf("%v: exit %d %s, want a usage error", bad, code, errOut)
		}
	}
	if code, _, errOut := runCLI(t, "journal", "intrastat", "--data-dir", dir, "--from", "2026-03-01", "--to", "2026-03-31", "--member-state", "CH", "--flow", "dispatch"); code != 1 ||
		!strings.Contains(errOut, "--member-state: ") {
		t.Errorf("a member state that is none: exit %d %s", code, errOut)
	}
}

// TestJournalIntrastatFlagFaults: the faults of a declaration's query
// name the command's flags (--member-state, --flow, --currency, --from,
// --to), not the query parameters of journal.Intrastat and of the admin
// route (memberState, ...), on a data directory and through a server.
func TestJournalIntrastatFlagFaults(t *testing.T) {
	dir := t.TempDir()
	admin := createCredential(t, dir, "default", "levy://admin")
	base, stop, _, _ := startServe(t, dir, serveConfig{})
	cases := []struct {
		name  string
		args  []string
		flags []string
	}{
		{"no member state", []string{"--from", "2026-03-01", "--to", "2026-03-31", "--member-state", "CH", "--flow", "dispatch"}, []string{"--member-state"}},
		{"no flow", []string{"--from", "2026-03-01", "--to", "2026-03-31", "--member-state", "DE", "--flow", "sideways"}, []string{"--flow"}},
		{"no currency", []string{"--from", "2026-03-01", "--to", "2026-03-31", "--member-state", "DE", "--flow", "dispatch", "--currency", "EURO"}, []string{"--currency"}},
		{"another year", []string{"--from", "2025-03-01", "--to", "2025-03-31", "--member-state", "DE", "--flow", "dispatch"}, []string{"--from", "--to"}},
		{"all at once", []string{"--from", "2026-03-01", "--to", "2026-03-31", "--member-state", "CH", "--flow", "sideways", "--currency", "EURO"},
			[]string{"--member-state", "--flow", "--currency"}},
	}
	t.Setenv("LEVY_CLIENT_ID", admin.ClientID)
	t.Setenv("LEVY_CLIENT_SECRET", admin.ClientSecret)
	check := func(where ...string) {
		for _, c := range cases {
			args := append(append([]string{"journal", "intrastat"}, c.args...), where...)
			code, _, errOut := runCLI(t, args...)
			if code != 1 {
				t.Errorf("%s, %s: exit %d %s, want 1", where[0], c.name, code, errOut)
			}
			for _, f := range c.flags {
				if !strings.Contains(errOut, f+": ") {
					t.Errorf("%s, %s: %q does not name %s", where[0], c.name, errOut, f)
				}
			}
			for _, p := range []string{"memberState", " flow:", " currency:", " from:", " to:"} {
				if strings.Contains(errOut, p) {
					t.Errorf("%s, %s: %q names the query parameter %q", where[0], c.name, errOut, p)
				}
			}
		}
	}
	check("--server", base)
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	os.Unsetenv("LEVY_CLIENT_ID")
	check("--data-dir", dir)
}

// TestJournalIntrastatSellerReturn stores with levy calc sale a Berlin
// seller's March invoice of a laptop to Paris and its April credit note
// for the laptop sent back (nature of transaction 21): levy journal
// intrastat declares the return among Germany's April arrivals, from
// France, as CSV and JSON, and April's dispatches hold nothing, with
// exit status 0. Levy printed the header alone for the arrivals and
// refused the credit note from the dispatches with exit status 1.
func TestJournalIntrastatSellerReturn(t *testing.T) {
	dir := t.TempDir()
	doc := func(id, date, price string, nature int) string {
		return fmt.Sprintf(`{"saleMessageType": "INVOICE", "transactionType": "SALE", "transactionId": %q, "documentDate": %q,
 "currency": {"isoCurrencyCodeAlpha": "EUR"},
 "seller": {"physicalOrigin": {"city": "Berlin", "postalCode": "10115", "country": "DE"}},
 "customer": {"destination": {"city": "Paris", "postalCode": "75001", "country": "FR"},
   "taxRegistrations": [{"isoCountryCode": "FR", "taxRegistrationNumber": "FR40303265045"}]},
 "lineItems": [{"lineItemId": "1", "product": {"productClass": "ELECTRONICS"}, "extendedPrice": %s, "intrastatCommodityCode": "84713000",
   "supplementaryUnit": {"unitType": "PST", "value": 1}, "natureOfTransaction": %d, "modeOfTransport": 3, "netMassKilograms": 2, "countryOfOriginISOCode": "CHN"}]}`,
			id, date, price, nature)
	}
	for i, body := range []string{doc("INV-3", "2026-03-10", "800", 11), doc("CN-4", "2026-04-14", "-800", 21)} {
		file := filepath.Join(dir, fmt.Sprintf("doc%d.json", i))
		if err := os.WriteFile(file, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		if code, _, errOut := runCLI(t, "calc", "sale", "--data-dir", dir, file); code != 0 {
			t.Fatalf("calc sale %s: exit %d %s", file, code, errOut)
		}
	}
	args := []string{"journal", "intrastat", "--data-dir", dir, "--from", "2026-04-01", "--to", "2026-04-30", "--member-state", "DE", "--flow"}
	code, out, errOut := runCLI(t, append(args, "arrival")...)
	if want := "\n84713000,FR,CN,21,3,,2,PST,1,800.00,800.00,1\n"; code != 0 || !strings.HasSuffix(out, want) || strings.Count(out, "\n") != 2 {
		t.Errorf("April arrivals: exit %d\n%s\n%s\nwant the return, %q", code, out, errOut, want)
	}
	code, out, _ = runCLI(t, append(args, "arrival", "--format", "json")...)
	var d journal.IntrastatDeclaration
	if code != 0 || json.Unmarshal([]byte(out), &d) != nil || len(d.Items) != 1 || d.Items[0].NatureOfTransaction != 21 ||
		d.Items[0].PartnerCountry != "FR" || d.Items[0].InvoicedValue.String() != "800.00" || len(d.Refused) != 0 {
		t.Errorf("April arrivals as JSON: exit %d %s", code, out)
	}
	if code, out, errOut := runCLI(t, append(args, "dispatch")...); code != 0 || strings.Count(out, "\n") != 1 {
		t.Errorf("April dispatches: exit %d %q %s, want the header alone", code, out, errOut)
	}
}

// TestJournalIntrastatOwnerReturn stores with levy calc owner a Berlin
// business's March movement of its own chairs to its Paris warehouse
// (nature of transaction 31) and the April movement that brings some back
// (a line below zero), and levy journal intrastat declares April's chairs
// among Germany's arrivals, from France, and France's dispatches, to
// Germany, with the owner's German VAT number, as CSV and JSON, with exit
// status 0; Germany's April dispatches hold nothing. Levy refused the
// line below zero from Germany's dispatches and France's arrivals with
// exit status 1, and declared nothing in the other flows.
func TestJournalIntrastatOwnerReturn(t *testing.T) {
	dir := t.TempDir()
	doc := func(id, date, price string, mass int) string {
		return fmt.Sprintf(`{"ownerMessageType": "INVENTORY_REMOVAL", "transactionId": %q, "documentDate": %q,
 "currency": {"isoCurrencyCodeAlpha": "EUR"},
 "owner": {"physicalOrigin": {"city": "Berlin", "postalCode": "10115", "country": "DE"},
   "destination": {"city": "Paris", "postalCode": "75001", "country": "FR"},
   "taxRegistrations": [{"isoCountryCode": "DE", "taxRegistrationNumber": "DE136695976"},
     {"isoCountryCode": "FR", "taxRegistrationNumber": "FR40303265045"}]},
 "lineItems": [{"lineItemId": "1", "purchase": {"purchaseClass": "GENERAL"}, "extendedPrice": %s, "intrastatCommodityCode": "94036010",
   "natureOfTransaction": 31, "modeOfTransport": 3, "netMassKilograms": %d, "countryOfOriginISOCode": "POL"}]}`, id, date, price, mass)
	}
	for i, body := range []string{doc("MV-1", "2026-03-10", "1000", 30), doc("MV-2", "2026-04-14", "-400", 12)} {
		file := filepath.Join(dir, fmt.Sprintf("move%d.json", i))
		if err := os.WriteFile(file, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		if code, _, errOut := runCLI(t, "calc", "owner", "--data-dir", dir, file); code != 0 {
			t.Fatalf("calc owner %s: exit %d %s", file, code, errOut)
		}
	}
	args := func(state, flow string) []string {
		return []string{"journal", "intrastat", "--data-dir", dir, "--from", "2026-04-01", "--to", "2026-04-30", "--member-state", state, "--flow", flow}
	}
	for _, c := range []struct{ state, flow, want string }{
		{"DE", "arrival", "\n94036010,FR,PL,31,3,,12,,,400.00,400.00,1\n"},
		{"FR", "dispatch", "\n94036010,DE,PL,31,3,DE136695976,12,,,400.00,400.00,1\n"},
	} {
		if code, out, errOut := runCLI(t, args(c.state, c.flow)...); code != 0 || !strings.HasSuffix(out, c.want) || strings.Count(out, "\n") != 2 {
			t.Errorf("April %s of %s: exit %d\n%s\n%s\nwant the chairs brought back, %q", c.flow, c.state, code, out, errOut, c.want)
		}
	}
	code, out, _ := runCLI(t, append(args("FR", "dispatch"), "--format", "json")...)
	var d journal.IntrastatDeclaration
	if code != 0 || json.Unmarshal([]byte(out), &d) != nil || len(d.Items) != 1 || d.Items[0].PartnerCountry != "DE" ||
		d.Items[0].PartnerVAT != "DE136695976" || d.Items[0].NatureOfTransaction != 31 || d.Items[0].NetMass != 12 ||
		d.Items[0].InvoicedValue.String() != "400.00" || len(d.Refused) != 0 {
		t.Errorf("April dispatches of FR as JSON: exit %d %s", code, out)
	}
	for _, c := range []struct{ state, flow string }{{"DE", "dispatch"}, {"FR", "arrival"}} {
		if code, out, errOut := runCLI(t, args(c.state, c.flow)...); code != 0 || strings.Count(out, "\n") != 1 {
			t.Errorf("April %s of %s: exit %d %q %s, want the header alone", c.flow, c.state, code, out, errOut)
		}
	}
}
