package cli

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/journal/journaltest"
)

// TestJournalReportCompanyFlag runs levy serve on a Badger data
// directory, posts the sales of two companies of one tenant (and a
// purchase, an owner's movement and a reversal) through its API, and
// asks levy journal report for each company with --company, in both
// views, as text and JSON: through the running server (which sends
// ?company=) and from the data directory once it has stopped, which
// give the same. Without --company the report has every company with
// each one's subtotals. A --company that is no company code, or one
// given to export, is refused naming --company.
func TestJournalReportCompanyFlag(t *testing.T) {
	dir := t.TempDir()
	admin := createCredential(t, dir, "default", "levy://admin")
	base, stop, _, devToken := startServe(t, dir, serveConfig{})
	stopped := false
	defer func() {
		if !stopped {
			_ = stop()
		}
	}()
	for _, c := range journaltest.Companies() {
		resp := authed(t, "POST", base+"/api/v2"+c.Path, devToken, strings.NewReader(string(c.Body)))
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("posting %s: %d", c.ID, resp.StatusCode)
		}
	}
	rv := journaltest.CompanyReversal
	resp := authed(t, "POST", base+"/api/v2/transactions/"+rv.Of+"/reversal", devToken,
		strings.NewReader(fmt.Sprintf(`{"data":{"transactionId":%q,"postingDate":%q}}`, rv.ID, rv.PostingDate)))
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("reversing %s: %d", rv.Of, resp.StatusCode)
	}

	commands := [][]string{
		{"journal", "report", "--company", "EAST"},
		{"journal", "report", "--company", "EAST", "--json"},
		{"journal", "report", "--company", "WEST", "--view", "filing"},
		{"journal", "report", "--company", "WEST", "--view", "filing", "--json"},
		{"journal", "report", "--company", ""},
		{"journal", "report"},
		{"journal", "report", "--view", "filing", "--json"},
	}
	through := map[string]string{}
	for _, args := range commands {
		code, out, errOut := runCLI(t, append(args, "--server", base, "--client-id", admin.ClientID, "--client-secret", admin.ClientSecret)...)
		if code != 0 {
			t.Fatalf("%q --server: exit %d, %s", args, code, errOut)
		}
		through[strings.Join(args, " ")] = out
	}

	if r := through["journal report --company EAST"]; !strings.Contains(r, "Company:       EAST\n") || !strings.Contains(r, "Transactions:  3\n") ||
		!strings.Contains(r, "US-CA") || !strings.Contains(r, "US-WA") || strings.Contains(r, "US-MN") || strings.Contains(r, "Per company") {
		t.Errorf("EAST's report:\n%s", r)
	}
	var east journal.Report
	if err := json.Unmarshal([]byte(through["journal report --company EAST --json"]), &east); err != nil || east.Company == nil ||
		*east.Company != "EAST" || east.Transactions != 3 || east.Companies != nil {
		t.Errorf("EAST's report as JSON (%v):\n%s", err, through["journal report --company EAST --json"])
	}
	if r := through["journal report --company WEST --view filing"]; !strings.Contains(r, "Filing view\n") || !strings.Contains(r, "Company:       WEST\n") ||
		!strings.Contains(r, "total US-CA") || !strings.Contains(r, "total US-WA") || !strings.Contains(r, "total US-MN") {
		t.Errorf("WEST's filing view:\n%s", r)
	}
	var west journal.FilingView
	if err := json.Unmarshal([]byte(through["journal report --company WEST --view filing --json"]), &west); err != nil || west.Company == nil ||
		*west.Company != "WEST" || west.Transactions != 5 || len(west.Currencies) != 1 || len(west.Currencies[0].States) != 3 {
		t.Errorf("WEST's filing view as JSON (%v):\n%s", err, through["journal report --company WEST --view filing --json"])
	}
	if r := through["journal report --company "]; !strings.Contains(r, "Company:       (none)\n") || !strings.Contains(r, "Transactions:  1\n") {
		t.Errorf("the report of the transactions without a company:\n%s", r)
	}
	if r := through["journal report"]; strings.Contains(r, "Company:") || !strings.Contains(r, "Transactions:  9\n") || !strings.Contains(r, "Per company") {
		t.Errorf("the report of every company:\n%s", r)
	}
	var all journal.FilingView
	if err := json.Unmarshal([]byte(through["journal report --view filing --json"]), &all); err != nil || all.Company != nil || len(all.Companies) != 3 {
		t.Errorf("the filing view of every company (%v):\n%s", err, through["journal report --view filing --json"])
	}

	// Refused before anything is read.
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"too long", []string{"journal", "report", "--data-dir", dir, "--company", strings.Repeat("X", 41)}, "--company"},
		{"a line break", []string{"journal", "report", "--data-dir", dir, "--company", "EA\nST"}, "control characters"},
		{"on export", []string{"journal", "export", "--data-dir", dir, "--company", "EAST"}, "--company is a flag of levy journal report only"},
	} {
		code, _, errOut := runCLI(t, c.args...)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("%s: exit %d, %s; want 2 with %q", c.name, code, errOut, c.want)
		}
	}

	// After the server stops, --data-dir gives the same.
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	stopped = true
	for _, args := range commands {
		code, out, errOut := runCLI(t, append(args, "--data-dir", dir)...)
		if code != 0 || out != through[strings.Join(args, " ")] {
			t.Errorf("%q --data-dir: exit %d, %s\n%s\nthrough the server:\n%s", args, code, errOut, out, through[strings.Join(args, " ")])
		}
	}
}
