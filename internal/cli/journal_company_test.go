package cli

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/journal/journaltest"
)

// serveCompanies starts levy serve over dir and posts the sales of
// postCompanies through it; stop stops the server (once, however often
// it is called), and the test stops it when it ends if it has not.
func serveCompanies(t *testing.T, dir string) (base string, stop func() error) {
	t.Helper()
	base, stopServe, _, devToken := startServe(t, dir, serveConfig{})
	var once sync.Once
	var err error
	stop = func() error {
		once.Do(func() { err = stopServe() })
		return err
	}
	t.Cleanup(func() { _ = stop() })
	postCompanies(t, base, devToken)
	return base, stop
}

// postCompanies posts the calculations of journaltest.Companies, and
// the reversal that follows them, through the API of the server at base
// with token.
func postCompanies(t *testing.T, base, token string) {
	t.Helper()
	for _, c := range journaltest.Companies() {
		resp := authed(t, "POST", base+"/api/v2"+c.Path, token, strings.NewReader(string(c.Body)))
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("posting %s: %d", c.ID, resp.StatusCode)
		}
	}
	rv := journaltest.CompanyReversal
	resp := authed(t, "POST", base+"/api/v2/transactions/"+rv.Of+"/reversal", token,
		strings.NewReader(fmt.Sprintf(`{"data":{"transactionId":%q,"postingDate":%q}}`, rv.ID, rv.PostingDate)))
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("reversing %s: %d", rv.Of, resp.StatusCode)
	}
}

// TestJournalReportCompanyFlag runs levy serve on a Badger data
// directory, posts the sales of two companies of one tenant (and a
// purchase, an owner's movement and a reversal) through its API, and
// asks levy journal report for each company with --company, in both
// views, as text and JSON: through the running server (which sends
// ?company=) and from the data directory once it has stopped, which
// give the same. Without --company the report has every company with
// each one's subtotals. A --company that is no company code, or given
// twice, or to intrastat, is refused naming --company.
func TestJournalReportCompanyFlag(t *testing.T) {
	dir := t.TempDir()
	admin := createCredential(t, dir, "default", "levy://admin")
	base, stop := serveCompanies(t, dir)

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
		{"twice", []string{"journal", "report", "--data-dir", dir, "--company", "EAST", "--company", "WEST"}, `--company "WEST": given a second time`},
		{"too long on intrastat", []string{"journal", "intrastat", "--data-dir", dir, "--company", strings.Repeat("X", 41), "--from", "2026-06-01",
			"--to", "2026-06-30", "--member-state", "DE", "--flow", "dispatch"}, "--company"},
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
	for _, args := range commands {
		code, out, errOut := runCLI(t, append(args, "--data-dir", dir)...)
		if code != 0 || out != through[strings.Join(args, " ")] {
			t.Errorf("%q --data-dir: exit %d, %s\n%s\nthrough the server:\n%s", args, code, errOut, out, through[strings.Join(args, " ")])
		}
	}
}

// TestJournalExportCompanyFlag runs levy serve on a Badger data
// directory, posts the transactions of two companies of one tenant
// through its API, and runs levy journal export --company for each
// company (and a code without transactions, and "" for those stored
// without one), as JSON lines and CSV: through the running server (which
// sends ?company=) and from the data directory once it has stopped,
// which give the same, each with that company's transactions only, and
// its progress bar counting them. Without --company the export has every
// company. Another tenant's credential exports its own tenant only. A
// --company that is no company code, or given twice, is refused before
// anything is read.
func TestJournalExportCompanyFlag(t *testing.T) {
	dir := t.TempDir()
	admin := createCredential(t, dir, "default", "levy://admin")
	other := createCredential(t, dir, "beta", "levy://admin")
	base, stop := serveCompanies(t, dir)

	period := []string{"journal", "export", "--from", "2026-06-01", "--to", "2026-06-30"}
	cases := []struct {
		args    []string
		company string // the company of every row; "*" for any
		txs     int
	}{
		{[]string{"--company", "EAST"}, "EAST", 3},
		{[]string{"--company", "EAST", "--format", "csv"}, "EAST", 3},
		{[]string{"--company", "WEST"}, "WEST", 5},
		{[]string{"--company", "WEST", "--format", "csv"}, "WEST", 5},
		{[]string{"--company", ""}, "", 1},
		{[]string{"--company", "NORTH"}, "NORTH", 0},
		{nil, "*", 9},
	}
	// check checks the output of case c.
	check := func(how string, c int, out string) {
		t.Helper()
		want := cases[c]
		if slices.Contains(want.args, "csv") {
			recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
			if err != nil || len(recs) == 0 {
				t.Fatalf("%s %q: %v\n%s", how, want.args, err, out)
			}
			col, idCol := slices.Index(recs[0], "company"), slices.Index(recs[0], "transactionId")
			ids := map[string]bool{}
			for _, rec := range recs[1:] {
				ids[rec[idCol]] = true
				if want.company != "*" && rec[col] != want.company {
					t.Errorf("%s %q: a row of %s, company %q", how, want.args, rec[idCol], rec[col])
				}
			}
			if len(ids) != want.txs {
				t.Errorf("%s %q: rows of %d transactions, want %d", how, want.args, len(ids), want.txs)
			}
			return
		}
		n := 0
		for line := range strings.Lines(out) {
			n++
			var tx journal.Transaction
			if err := json.Unmarshal([]byte(line), &tx); err != nil || want.company != "*" && tx.Company != want.company {
				t.Errorf("%s %q: a line of company %q (%v): %s", how, want.args, tx.Company, err, line)
			}
		}
		if n != want.txs {
			t.Errorf("%s %q: %d transactions, want %d", how, want.args, n, want.txs)
		}
	}
	server := []string{"--server", base, "--client-id", admin.ClientID, "--client-secret", admin.ClientSecret}
	through := make([]string, len(cases))
	for i, c := range cases {
		code, out, errOut := runCLI(t, slices.Concat(period, c.args, server)...)
		if code != 0 {
			t.Fatalf("%q --server: exit %d, %s", c.args, code, errOut)
		}
		check("--server", i, out)
		through[i] = out
	}
	// The progress bar counts the company's transactions, through the
	// server as from the data directory below.
	progress := func(how string, where ...string) {
		t.Helper()
		file := filepath.Join(t.TempDir(), "east.jsonl")
		code, _, errOut := runCLI(t, slices.Concat(period, []string{"--company", "EAST", "--out", file, "--progress"}, where)...)
		b, err := os.ReadFile(file)
		if code != 0 || err != nil || !strings.Contains(errOut, "100%  3/3") || !strings.Contains(errOut, "exported 3 transactions") {
			t.Fatalf("%s --out --progress: exit %d, %v, %s", how, code, err, errOut)
		}
		check(how+" --out", 0, string(b))
	}
	progress("--server", server...)

	// beta's credential reads beta's journal, which has no EAST, and is
	// refused the default tenant's.
	betaServer := []string{"--server", base, "--client-id", other.ClientID, "--client-secret", other.ClientSecret}
	if code, out, errOut := runCLI(t, slices.Concat(period, []string{"--company", "EAST"}, betaServer)...); code != 0 || out != "" {
		t.Errorf("beta's export of EAST: exit %d, %s\n%s", code, errOut, out)
	}
	if code, out, errOut := runCLI(t, slices.Concat(period, []string{"--company", "EAST", "--tenant", "default"}, betaServer)...); code == 0 || out != "" ||
		!strings.Contains(errOut, "403") || !strings.Contains(errOut, "own tenant, beta") {
		t.Errorf("beta's export of the default tenant's EAST: exit %d, %s\n%s", code, errOut, out)
	}

	// Refused before anything is read.
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"too long", []string{"--company", strings.Repeat("X", 41)}, "--company"},
		{"a line break", []string{"--company", "EA\nST"}, "control characters"},
		{"a bidirectional override", []string{"--company", "EAST\u202e"}, "bidirectional"},
		{"twice", []string{"--company", "EAST", "--company", "WEST"}, `--company "WEST": given a second time`},
		{"empty then named", []string{"--company", "", "--company", "EAST"}, `--company "EAST": given a second time`},
	} {
		for _, where := range [][]string{server, {"--data-dir", dir}} {
			code, out, errOut := runCLI(t, slices.Concat(period, c.args, where)...)
			if code != 2 || out != "" || !strings.Contains(errOut, c.want) {
				t.Errorf("%s (%s): exit %d, %s; want 2 with %q", c.name, where[0], code, errOut, c.want)
			}
		}
	}

	// After the server stops, --data-dir gives the same.
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	for i, c := range cases {
		code, out, errOut := runCLI(t, slices.Concat(period, c.args, []string{"--data-dir", dir})...)
		if code != 0 || out != through[i] {
			t.Errorf("%q --data-dir: exit %d, %s\n%s\nthrough the server:\n%s", c.args, code, errOut, out, through[i])
		}
	}
	progress("--data-dir", "--data-dir", dir)
}
