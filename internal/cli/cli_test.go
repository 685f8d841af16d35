package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/levytax/levy/wire"
)

// run runs a command line as levy does, with the process's standard
// input.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	return Run(ctx, args, os.Stdin, stdout, stderr)
}

// runCLI runs a command line and returns its exit code and output.
func runCLI(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(context.Background(), args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestLookupCommands(t *testing.T) {
	cases := []struct {
		args []string
		leaf string
	}{
		{[]string{"lookup", "address", "--street", "350 5th Ave", "--city", "New York", "--state", "NY", "--zip", "10118"}, "US-NY-D-MCTD"},
		{[]string{"lookup", "point", "34.0522", "-118.2437"}, "US-06037-MTA_PROP_C"}, // Los Angeles: the city, then its district taxes
		{[]string{"lookup", "point", "--as-of", "2026-01-01", "48.85837", "2.294481"}, "FR"},
		{[]string{"lookup", "code", "06037", "--country", "US"}, "US-06037-MTA_PROP_C"}, // the county outside its cities, with its districts
		{[]string{"lookup", "taxarea", "2116881840936218"}, "US-36061"},
	}
	for _, c := range cases {
		code, out, errOut := runCLI(t, c.args...)
		if code != 0 {
			t.Errorf("%v: exit %d, stderr %s", c.args, code, errOut)
			continue
		}
		var resp wire.LookupResponse
		if err := json.Unmarshal([]byte(out), &resp); err != nil {
			t.Errorf("%v: output is not a lookup response: %v\n%s", c.args, err, out)
			continue
		}
		js := resp.LookupResults[0].Jurisdictions
		if len(js) == 0 || js[len(js)-1].JurisdictionID != c.leaf {
			t.Errorf("%v: jurisdictions %+v, want leaf %s", c.args, js, c.leaf)
		}
	}
}

func TestLookupChanged(t *testing.T) {
	code, out, errOut := runCLI(t, "lookup", "changed", "--from", "2026-10-01", "--to", "2026-10-01")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var ids []string
	if err := json.Unmarshal([]byte(out), &ids); err != nil || len(ids) == 0 {
		t.Fatalf("changed areas: %v %q", err, out)
	}
	code, out, _ = runCLI(t, "lookup", "changed", "--from", "2026-10-01", "--id", ids[0])
	if code != 0 || !strings.Contains(out, `"changed": true`) {
		t.Errorf("exit %d, output %s", code, out)
	}
}

func TestErrorsAndUsage(t *testing.T) {
	cases := []struct {
		args []string
		code int
		want string
	}{
		{nil, 2, "usage"},
		{[]string{"frobnicate"}, 2, "unknown command"},
		{[]string{"lookup"}, 2, "needs a kind"},
		{[]string{"lookup", "point", "1"}, 2, "LATITUDE and LONGITUDE"},
		{[]string{"lookup", "point", "95", "0"}, 1, "coordinates.latitude"},
		{[]string{"lookup", "address", "--zip", "ABCDE"}, 1, "postalAddress.postalCode"},
		{[]string{"lookup", "address", "--country", "Atlantis", "--city", "X"}, 1, "postalAddress.country"},
		{[]string{"lookup", "taxarea", "12x"}, 1, "taxAreaId"},
		{[]string{"lookup", "changed", "--from", "2026-13-01"}, 2, `lookup changed --from "2026-13-01" is not a day of the calendar`},
	}
	for _, c := range cases {
		code, _, errOut := runCLI(t, c.args...)
		if code != c.code || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d mentioning %q", c.args, code, errOut, c.code, c.want)
		}
	}
}

func TestVersion(t *testing.T) {
	code, out, _ := runCLI(t, "version")
	if code != 0 || !strings.Contains(out, "dataset 20") {
		t.Errorf("exit %d, output %q", code, out)
	}
	// An argument that levy version does not have is a usage error
	// naming it, not a version printed as if it had been understood.
	code, out, errOut := runCLI(t, "version", "--json")
	if code != 2 || out != "" || !strings.Contains(errOut, `"--json"`) {
		t.Errorf("levy version --json: exit %d, stdout %q, stderr %q; want exit 2 naming the argument", code, out, errOut)
	}
}

func TestCalc(t *testing.T) {
	code, out, errOut := runCLI(t, "calc", "sale", "../../engine/testdata/golden/sale-us-tn-single-article.request.json")
	golden, err := os.ReadFile("../../engine/testdata/golden/sale-us-tn-single-article.response.json")
	if err != nil {
		t.Fatal(err)
	}
	var want struct {
		TotalTax json.Number `json:"totalTax"`
	}
	if err := json.Unmarshal(golden, &want); err != nil || want.TotalTax == "" {
		t.Fatalf("golden response: %v", err)
	}
	if code != 0 || !strings.Contains(out, `"totalTax": `+string(want.TotalTax)) {
		t.Fatalf("exit %d, stderr %s, stdout %.400s; want the golden total %s", code, errOut, out, want.TotalTax)
	}
	code, _, errOut = runCLI(t, "calc", "owner", "../../engine/testdata/golden/sale-us-tn-single-article.request.json")
	if code != 1 || !strings.Contains(errOut, "ownerMessageType") {
		t.Errorf("a sale sent as an owner request: exit %d, %s", code, errOut)
	}
	if code, _, _ = runCLI(t, "calc", "barter"); code != 2 {
		t.Errorf("unknown perspective: exit %d", code)
	}
}

// TestJournalCLI stores an invoice with levy calc --data-dir, then reports
// on and exports the journal.
func TestJournalCLI(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := runCLI(t, "calc", "sale", "--data-dir", dir, "--tenant", "acme", "../../engine/testdata/sale_invoice.json")
	if code != 0 || !strings.Contains(out, `"transactionId": "INV-2026-000481"`) {
		t.Fatalf("calc: exit %d, stderr %s, stdout %.300s", code, errOut, out)
	}
	code, out, errOut = runCLI(t, "journal", "report", "--data-dir", dir, "--tenant", "acme", "--from", "2026-03-01", "--to", "2026-03-31")
	if code != 0 || !strings.Contains(out, "JURISDICTION") || !strings.Contains(out, "US-") {
		t.Fatalf("report: exit %d, stderr %s, stdout %s", code, errOut, out)
	}
	// Another tenant and another month are empty.
	if _, out, _ = runCLI(t, "journal", "report", "--data-dir", dir, "--tenant", "globex"); !strings.Contains(out, "No transactions were posted in the period.") {
		t.Errorf("another tenant's report: %s", out)
	}
	if _, out, _ = runCLI(t, "journal", "report", "--data-dir", dir, "--tenant", "acme", "--from", "2026-04-01", "--json"); !strings.Contains(out, `"transactions": 0,`) || !strings.Contains(out, `"currencies": []`) {
		t.Errorf("April report: %s", out)
	}
	code, out, errOut = runCLI(t, "journal", "export", "--data-dir", dir, "--tenant", "acme", "--format", "csv", "--progress")
	if code != 0 || !strings.HasPrefix(out, "transactionId,version,postingDate") || !strings.Contains(out, "INV-2026-000481,1,2026-03-14") {
		t.Fatalf("export: exit %d, stderr %s, stdout %.300s", code, errOut, out)
	}
	if !strings.Contains(errOut, "100%  1/1") {
		t.Errorf("progress bar: %q", errOut)
	}
	code, out, _ = runCLI(t, "journal", "export", "--data-dir", dir, "--tenant", "acme")
	if code != 0 || strings.Count(out, "\n") != 1 || !strings.Contains(out, `"transactionId":"INV-2026-000481"`) {
		t.Errorf("JSON lines export: exit %d, %.300s", code, out)
	}
	file := filepath.Join(t.TempDir(), "march.csv")
	code, _, errOut = runCLI(t, "journal", "export", "--data-dir", dir, "--tenant", "acme", "--format", "csv", "--out", file)
	written, err := os.ReadFile(file)
	if code != 0 || err != nil || !strings.Contains(string(written), "INV-2026-000481") || !strings.Contains(errOut, "exported 1 transaction to "+file) {
		t.Errorf("export to a file: exit %d, %v, stderr %q, file %.200s", code, err, errOut, written)
	}
	for _, bad := range [][]string{
		{"journal", "report"},
		{"journal", "report", "--data-dir", dir, "--from", "2026-13-01"},
		{"journal", "report", "--data-dir", dir, "--from", "2026-05-01", "--to", "2026-04-01"},
		{"journal", "export", "--data-dir", dir, "--format", "xml"},
		{"journal", "audit", "--data-dir", dir},
	} {
		if code, _, _ := runCLI(t, bad...); code != 2 {
			t.Errorf("%v: exit %d, want 2", bad, code)
		}
	}
	if code, _, errOut := runCLI(t, "journal", "report", "--data-dir", t.TempDir()); code != 1 || !strings.Contains(errOut, "no tax journal") {
		t.Errorf("empty data directory: exit %d, %s", code, errOut)
	}
}

func TestDataCoverage(t *testing.T) {
	code, out, errOut := runCLI(t, "data", "coverage")
	if code != 0 || !strings.Contains(out, "| TX |") || !strings.Contains(out, "| state | status | sources |") {
		t.Fatalf("exit %d, stderr %s, stdout %.300s", code, errOut, out)
	}
	if !strings.Contains(out, "| IL | Chicago (US-1714000) | Personal Property Lease Transaction Tax | AI_SERVICES, SAAS | 15% | 2026-01-01 |") ||
		!strings.Contains(out, "| IL | Chicago (US-1714000) | Amusement Tax | DIGITAL_STREAMING | 10.25% | 2025-01-01 |") {
		t.Errorf("coverage without Chicago's taxes outside the sales tax: %.300s", out[strings.LastIndex(out, "Local taxes"):])
	}
	// The states' own taxes have a table of their own, charged at the
	// property: Hawaii's is not among the local taxes.
	_, rest, _ := strings.Cut(out, "State taxes outside the sales tax that Levy charges")
	stateTaxes, locals, _ := strings.Cut(rest, "Local taxes outside the sales tax that Levy charges")
	if !strings.Contains(stateTaxes, "| HI | Hawaii (US-HI) | Transient Accommodations Tax | ACCOMMODATION | 11% | 2026-01-01 |") ||
		!strings.Contains(stateTaxes, "| TX | Texas (US-TX) | Hotel Occupancy Tax | ACCOMMODATION | 6% |  |  |") ||
		strings.Contains(locals, "Transient Accommodations Tax") || !strings.Contains(locals, "Chicago") {
		t.Errorf("coverage without the states' taxes apart: %.1500s", stateTaxes)
	}
	// Canada's provincial taxes outside the GST, HST, PST and QST have a
	// table of their own after the local ones, and are in neither.
	_, provinces, _ := strings.Cut(locals, "Canadian provincial taxes outside the GST, HST, PST and QST that Levy charges")
	if !strings.Contains(provinces, "| QC | Quebec (CA-QC) | Tax on Lodging | ACCOMMODATION | 3.5% | 2016-11-01 |") ||
		!strings.Contains(provinces, "| AB | Alberta (CA-AB) | Tourism Levy | ACCOMMODATION | 4% | 2005-04-01 |") ||
		strings.Contains(stateTaxes, "Tax on Lodging") || strings.Contains(locals[:len(locals)-len(provinces)], "Tax on Lodging") {
		t.Errorf("coverage without Canada's provincial taxes apart: %.1500s", provinces)
	}
	if !strings.Contains(out, "| CO | Denver (US-0820000) | Sales and Use Tax | Denver taxes SAAS and AI_SERVICES under its own sales and use tax code | SAAS, AI_SERVICES | start not recorded (in force on 2018-05-05) |") ||
		!strings.Contains(out, "| WA | Washington (US-WA) | Business and Occupation Tax |") {
		t.Errorf("coverage without the taxes Levy knows of and does not compute: %.600s", out[strings.LastIndex(out, "Taxes that Levy knows"):])
	}
	code, out, errOut = runCLI(t, "data", "coverage", "--state", "il")
	if code != 0 || !strings.Contains(out, "Chicago's Amusement Tax on online games") || !strings.Contains(out, "Social Media Amusement Tax") ||
		!strings.Contains(out, "| IL | Chicago (US-1714000) | Personal Property Lease Transaction Tax | Chicago's Personal Property Lease Transaction Tax reaches DATA_PROCESSING and WEB_HOSTING that is a nonpossessory computer lease | DATA_PROCESSING, WEB_HOSTING | 2016-01-01 |") ||
		!strings.Contains(out, "| IL | Chicago (US-1714000) | Social Media Amusement Tax |") || strings.Contains(out, "Denver") {
		t.Errorf("IL coverage does not name the taxes Levy lacks, or names another state's: exit %d, stderr %s, stdout %.300s", code, errOut, out)
	}
	code, out, errOut = runCLI(t, "data", "coverage", "--state", "wa", "--format", "json", "--content", "../../data/content/testdata/zip5-washington.csv")
	var states []struct {
		Code, Status, Content string
		ZIPs                  int
	}
	if code != 0 || json.Unmarshal([]byte(out), &states) != nil || len(states) != 1 || states[0].Status != "loaded content" ||
		states[0].Content != "zip5-washington.csv" || states[0].ZIPs != 5 {
		t.Errorf("WA with content: exit %d, stderr %s, stdout %s", code, errOut, out)
	}
	code, _, errOut = runCLI(t, "data", "coverage", "--content", "../../data/content/testdata/README.md")
	if code != 1 || !strings.Contains(errOut, "README.md:1: not a content file") {
		t.Errorf("a file that is no content: exit %d, %s", code, errOut)
	}
}

func TestDataCoverageTaxability(t *testing.T) {
	code, out, errOut := runCLI(t, "data", "coverage", "--taxability", "--date", "2026-11-02")
	if code != 0 || !strings.Contains(out, "on 2026-11-02") || !strings.Contains(out, "T@80") || !regexp.MustCompile(`(?m)^SAAS +`).MatchString(out) {
		t.Fatalf("exit %d, stderr %s, stdout %.600s", code, errOut, out)
	}
	code, out, errOut = runCLI(t, "data", "coverage", "--taxability", "--state", "il", "--date", "2025-12-31", "--format", "markdown")
	if code != 0 || !strings.Contains(out, "IL on 2025-12-31") || !strings.Contains(out, "- FOOD") || !strings.Contains(out, "R1") {
		t.Errorf("IL on 2025-12-31: exit %d, stderr %s, stdout %.600s", code, errOut, out)
	}
	code, out, errOut = runCLI(t, "data", "coverage", "--taxability", "--state", "il", "--date", "2026-03-02")
	if code != 0 || !strings.Contains(out, "Chicago (US-1714000) Personal Property Lease Transaction Tax: AI_SERVICES at 15%, from 2026-01-01") ||
		!strings.Contains(out, "also SAAS") || !strings.Contains(out, "Amusement Tax: DIGITAL_STREAMING at 10.25%") {
		t.Errorf("IL on 2026-03-02 without Chicago's taxes: exit %d, stderr %s, stdout %s", code, errOut, out[max(0, len(out)-1500):])
	}
	if !strings.Contains(out, "Taxes in IL on 2026-03-02 that Levy knows of and does not compute") ||
		!strings.Contains(out, "Chicago (US-1714000) Personal Property Lease Transaction Tax: from 2016-01-01, named on lines of DATA_PROCESSING, WEB_HOSTING") ||
		!strings.Contains(out, "Chicago (US-1714000) Social Media Amusement Tax: from 2026-01-01, named on no line") {
		t.Errorf("IL on 2026-03-02 without the taxes Levy lacks: %s", out[max(0, len(out)-3000):])
	}
	code, out, errOut = runCLI(t, "data", "coverage", "--taxability", "--state", "il", "--date", "2015-06-01")
	if code != 0 || strings.Contains(out, "named on lines of DATA_PROCESSING") || strings.Contains(out, "Social Media") ||
		!strings.Contains(out, "Personal Property Lease Transaction Tax: in force on 2026-01-01, start not recorded, named on lines of GENERAL") {
		t.Errorf("IL on 2015-06-01: exit %d, stderr %s, stdout %s", code, errOut, out[max(0, len(out)-3000):])
	}
	code, out, errOut = runCLI(t, "data", "coverage", "--taxability", "--state", "co", "--date", "2026-03-02", "--format", "markdown")
	if code != 0 || !strings.Contains(out, "- Denver (US-0820000) Sales and Use Tax: in force on 2018-05-05, start not recorded, named on lines of SAAS, AI_SERVICES") ||
		!strings.Contains(out, "Denver Tax Guide Topic No. 18") {
		t.Errorf("CO on 2026-03-02 without Denver's tax on SaaS: exit %d, stderr %s, stdout %s", code, errOut, out[max(0, len(out)-2000):])
	}
	code, out, errOut = runCLI(t, "data", "coverage", "--taxability", "--format", "json", "--date", "2026-11-02")
	var rows []struct{ State, Class, Citation string }
	if code != 0 || json.Unmarshal([]byte(out), &rows) != nil || len(rows) < 1700 {
		t.Errorf("json: exit %d, stderr %s, %d rows", code, errOut, len(rows))
	}
	// New Hampshire has no sales tax and one class of the matrix, lodging,
	// which its sales tax imposition does not reach: its Meals and Rooms
	// Tax is a state tax of its own, listed apart from the local taxes.
	code, out, errOut = runCLI(t, "data", "coverage", "--taxability", "--state", "nh", "--date", "2026-06-01")
	if code != 0 || !strings.Contains(out, "ACCOMMODATION          -        in force on 2026-11-28, start not recorded (decided)") ||
		!strings.Contains(out, "State taxes outside the sales tax in NH on 2026-06-01") ||
		!strings.Contains(out, "New Hampshire (US-NH) Meals and Rooms Tax: ACCOMMODATION at 8.5%, from 2021-10-01") {
		t.Errorf("NH on 2026-06-01: exit %d, stderr %s, stdout %s", code, errOut, out[:min(len(out), 2500)])
	}
	// Hawaii's transient accommodations tax is the state's, charged at the
	// property: it is not listed among the local taxes charged at the
	// customer's address.
	code, out, errOut = runCLI(t, "data", "coverage", "--taxability", "--state", "hi", "--date", "2026-06-01")
	state, local, _ := strings.Cut(out, "Local taxes outside the sales tax in HI")
	if code != 0 || !strings.Contains(state, "State taxes outside the sales tax in HI on 2026-06-01 (taxes of the state's own jurisdiction") ||
		!strings.Contains(state, "at the property for ACCOMMODATION") ||
		!strings.Contains(state, "Hawaii (US-HI) Transient Accommodations Tax: ACCOMMODATION at 11%, from 2026-01-01") ||
		strings.Contains(local, "Transient Accommodations Tax") {
		t.Errorf("HI on 2026-06-01: exit %d, stderr %s, stdout %s", code, errOut, out[max(0, len(out)-2500):])
	}
	// A state tax without a recorded first day says so.
	code, out, errOut = runCLI(t, "data", "coverage", "--taxability", "--state", "tx", "--date", "2026-06-01")
	if code != 0 || !strings.Contains(out, "Texas (US-TX) Hotel Occupancy Tax: ACCOMMODATION at 6%, start not recorded") {
		t.Errorf("TX on 2026-06-01: exit %d, stderr %s, stdout %s", code, errOut, out[max(0, len(out)-2500):])
	}
	for _, bad := range [][]string{{"--date", "2026-13-01"}, {"--state", "ZZ"}, {"--format", "csv"}} {
		code, _, errOut = runCLI(t, append([]string{"data", "coverage", "--taxability"}, bad...)...)
		if code != 2 || errOut == "" {
			t.Errorf("%v: exit %d, stderr %q, want a usage error", bad, code, errOut)
		}
	}
}

func TestContentFlag(t *testing.T) {
	code, out, errOut := runCLI(t, "lookup", "address", "--city", "Bellevue", "--state", "WA", "--zip", "98004",
		"--content", "zip5:../../data/content/testdata/zip5-washington.csv")
	if code != 0 || !strings.Contains(out, "US-WA-Z-BELLEVUE-CITY") {
		t.Errorf("lookup with content: exit %d, stderr %s, stdout %.400s", code, errOut, out)
	}
	req := `{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"2026-08-01",
		"seller":{"company":"ACME","physicalOrigin":{"city":"Houston","mainDivision":"TX","postalCode":"77002","country":"US"}},
		"customer":{"destination":{"city":"Houston","mainDivision":"TX","postalCode":"77002","country":"US"}},
		"lineItems":[{"lineItemId":"1","product":{"productClass":"GENERAL"},"quantity":{"value":1},"extendedPrice":100.00}]}`
	path := filepath.Join(t.TempDir(), "houston.json")
	if err := os.WriteFile(path, []byte(req), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = runCLI(t, "calc", "sale", "--content", "../../data/content/testdata/levy-texas.csv", path)
	if code != 0 || !strings.Contains(out, `"totalTax": 8.25`) || !strings.Contains(out, "US-TX-DHOUSTON_MTA") {
		t.Errorf("calc with content: exit %d, stderr %s, stdout %.600s", code, errOut, out)
	}
}

// TestCalcReadsPastByteOrderMark calculates a request saved by an editor
// that writes a byte order mark first, and a request with a decimal
// comma, which is refused naming its member and the number JSON wants.
func TestCalcReadsPastByteOrderMark(t *testing.T) {
	body, err := os.ReadFile("../../engine/testdata/golden/sale-us-ca-los-angeles-quotation.request.json")
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "bom.json")
	if err := os.WriteFile(file, append([]byte("\xef\xbb\xbf"), body...), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, out, errOut := runCLI(t, "calc", "sale", file); code != 0 || !strings.Contains(out, `"totalTax"`) {
		t.Errorf("a request after a byte order mark: exit %d, %s %.200s", code, errOut, out)
	}
	comma := filepath.Join(t.TempDir(), "comma.json")
	if err := os.WriteFile(comma, []byte(`{"saleMessageType":"QUOTATION","lineItems":[{"extendedPrice":12,50}]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runCLI(t, "calc", "sale", comma); code == 0 || !strings.Contains(errOut, "lineItems[0].extendedPrice") || !strings.Contains(errOut, "12.50") {
		t.Errorf("a decimal comma: exit %d, %s", code, errOut)
	}
}

// TestStoreCommandsRefuseBothWaysFromTheEnvironment sets LEVY_SERVER and
// LEVY_DATA_DIR together: journal, nexus and profile each refuse rather
// than choose one silently, and a flag on the command line settles it.
func TestStoreCommandsRefuseBothWaysFromTheEnvironment(t *testing.T) {
	t.Setenv(serverEnv, "http://127.0.0.1:1")
	t.Setenv(dataDirEnv, t.TempDir())
	for _, args := range [][]string{{"journal", "report"}, {"nexus", "report"}, {"profile", "list", "customers"}} {
		code, _, errOut := runCLI(t, args...)
		if code != 2 || !strings.Contains(errOut, "are both set") {
			t.Errorf("%v: exit %d, stderr %q; want the usage error that both are set", args, code, errOut)
		}
	}
}

// TestDataCoverageProvince: --state takes a Canadian province's code as
// well as a US state's. Quebec's coverage lists its tax on lodging that
// Levy charges and the regional tax of before November 2016 that it names
// without computing, and no US state's table; a province without taxes of
// its own says so; json, which lists US states, refuses a province; an
// unknown code is refused naming both.
func TestDataCoverageProvince(t *testing.T) {
	code, out, errOut := runCLI(t, "data", "coverage", "--state", "qc")
	if code != 0 || !strings.Contains(out, "Quebec (CA-QC)") ||
		!strings.Contains(out, "| QC | Quebec (CA-QC) | Tax on Lodging | ACCOMMODATION | 3.5% | 2016-11-01 |") ||
		!strings.Contains(out, "| QC | Quebec (CA-QC) | Tax on Lodging | Quebec's tourism regions that asked for it") ||
		strings.Contains(out, "Tourism Levy") || strings.Contains(out, "| state | status | sources |") || strings.Contains(out, "## Brazil") {
		t.Errorf("QC: exit %d, stderr %s, stdout %s", code, errOut, out)
	}
	code, out, errOut = runCLI(t, "data", "coverage", "--state", "NS")
	if code != 0 || !strings.Contains(out, "Nova Scotia (CA-NS)") || !strings.Contains(out, "Levy charges no tax of CA-NS outside the GST, HST, PST and QST") {
		t.Errorf("NS: exit %d, stderr %s, stdout %s", code, errOut, out)
	}
	code, _, errOut = runCLI(t, "data", "coverage", "--state", "qc", "--format", "json")
	if code == 0 || !strings.Contains(errOut, "markdown only") {
		t.Errorf("QC in json: exit %d, stderr %s", code, errOut)
	}
	code, _, errOut = runCLI(t, "data", "coverage", "--state", "zz")
	if code == 0 || !strings.Contains(errOut, `no state or Canadian province "zz"`) {
		t.Errorf("ZZ: exit %d, stderr %s", code, errOut)
	}
}
