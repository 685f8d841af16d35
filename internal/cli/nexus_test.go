package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/data"
)

// TestNexusCommands stores invoices with levy calc over a data
// directory, then reads the statuses with levy nexus report in each
// format and checks the figures with levy nexus rebuild.
func TestNexusCommands(t *testing.T) {
	dir := t.TempDir()
	for i, amount := range []string{"70000.00", "40000.00"} {
		req := fmt.Sprintf(`{"saleMessageType":"INVOICE","transactionType":"SALE","transactionId":"WA-%d","documentDate":"2026-03-0%d",
			"seller":{"company":"ACME","physicalOrigin":{"city":"Portland","mainDivision":"OR","postalCode":"97201","country":"US"}},
			"customer":{"destination":{"city":"Seattle","mainDivision":"WA","postalCode":"98101","country":"US"}},
			"lineItems":[{"product":{"productClass":"GENERAL"},"extendedPrice":%s}]}`, i, i+1, amount)
		file := filepath.Join(dir, fmt.Sprintf("req%d.json", i))
		if err := os.WriteFile(file, []byte(req), 0o600); err != nil {
			t.Fatal(err)
		}
		if code, _, errOut := runCLI(t, "calc", "sale", "--data-dir", dir, "--tenant", "acme", file); code != 0 {
			t.Fatalf("calc: exit %d, %s", code, errOut)
		}
	}
	code, out, errOut := runCLI(t, "nexus", "report", "--data-dir", dir, "--tenant", "acme", "--as-of", "2026-03-31", "--format", "json")
	if code != 0 {
		t.Fatalf("report: exit %d, %s", code, errOut)
	}
	var wa map[string]any
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var r map[string]any
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		if r["state"] == "WA" {
			wa = r
		}
	}
	if wa == nil || wa["status"] != "exceeded" || wa["crossed_on"] != "2026-03-02" || wa["collect_from"] != "2026-04-01" ||
		wa["sales"] != 110000.0 || wa["transactions"] != 2.0 || wa["sales_threshold"] != 100000.0 || wa["transaction_threshold"] != nil ||
		wa["period_start"] != "2026-01-01" || wa["period_end"] != "2026-03-31" || wa["company"] != "ACME" {
		t.Fatalf("Washington: %v", wa)
	}
	code, out, _ = runCLI(t, "nexus", "report", "--data-dir", dir, "--tenant", "acme", "--as-of", "2026-03-31", "--format", "csv")
	if code != 0 || !strings.Contains(out, "\nACME,WA,exceeded,110000.00,2,100000,,sales,2026-01-01,2026-03-31,2026-03-02,2026-04-01,") {
		t.Fatalf("csv: exit %d\n%s", code, out)
	}
	code, out, _ = runCLI(t, "nexus", "report", "--data-dir", dir, "--tenant", "acme", "--as-of", "2026-03-31")
	if code != 0 || !strings.Contains(out, "ACME WA: exceeded: $110000.00 of gross sales") {
		t.Fatalf("text: exit %d\n%s", code, out)
	}
	// A registration from a list makes it registered; an unknown state in
	// the list is named.
	list := filepath.Join(dir, "regs.csv")
	if err := os.WriteFile(list, []byte("state,company,effective\nWA,ACME,2026-03-15\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	code, out, _ = runCLI(t, "nexus", "report", "--data-dir", dir, "--tenant", "acme", "--as-of", "2026-03-31", "--format", "json", "--registrations", list)
	if code != 0 || !strings.Contains(out, `"state":"WA","status":"registered"`) {
		t.Fatalf("registered: exit %d\n%s", code, out)
	}
	if err := os.WriteFile(list, []byte("state\nWA\nXX\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = runCLI(t, "nexus", "report", "--data-dir", dir, "--tenant", "acme", "--registrations", list)
	if code == 0 || !strings.Contains(errOut, "registrations[1].state") {
		t.Fatalf("an unknown state: exit %d, %s", code, errOut)
	}
	for _, args := range [][]string{
		{"--format", "xml"}, {"--as-of", "2026-02-30"}, {"--as-of", "1850-01-01"}, {"--share", "2"},
		{"--company", strings.Repeat("C", 41)}, {"--company", "ACME\tUS"},
	} {
		code, _, errOut := runCLI(t, append([]string{"nexus", "report", "--data-dir", dir}, args...)...)
		if code != 2 || !strings.Contains(errOut, strings.TrimPrefix(args[0], "--")) {
			t.Errorf("%v: exit %d, %s", args, code, errOut)
		}
	}
	code, out, errOut = runCLI(t, "nexus", "rebuild", "--data-dir", dir, "--tenant", "acme")
	if code != 0 || !strings.Contains(out, "agree with the journal") {
		t.Fatalf("rebuild: exit %d, %s %s", code, out, errOut)
	}
	// A journal whose figures are gone (one written before Levy kept
	// them): rebuild names the differences, --repair replaces them.
	j, err := badger.OpenJournal(context.Background(), journalDir(dir))
	if err != nil {
		t.Fatal(err)
	}
	if err := j.ReplaceFigures(context.Background(), "acme", nil); err != nil {
		t.Fatal(err)
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	code, out, _ = runCLI(t, "nexus", "rebuild", "--data-dir", dir, "--tenant", "acme")
	if code != 1 || !strings.Contains(out, "ACME US-WA 2026-03-02: stored direct 0.00 in 0, marketplace 0.00 in 0, journal direct 40000.00 in 1") {
		t.Fatalf("rebuild of a journal without figures: exit %d\n%s", code, out)
	}
	if code, out, _ = runCLI(t, "nexus", "rebuild", "--data-dir", dir, "--tenant", "acme", "--repair"); code != 0 || !strings.Contains(out, "replaced") {
		t.Fatalf("repair: exit %d\n%s", code, out)
	}
	if code, out, _ = runCLI(t, "nexus", "rebuild", "--data-dir", dir, "--tenant", "acme"); code != 0 || !strings.Contains(out, "agree") {
		t.Fatalf("after the repair: exit %d\n%s", code, out)
	}
}

// TestNexusReportThroughServer reads the report through a running levy
// serve, which holds the data directory, with an admin credential: the
// same rows as the data directory gives once the server stopped.
func TestNexusReportThroughServer(t *testing.T) {
	dir := t.TempDir()
	admin := createCredential(t, dir, "default", "levy://admin")
	base, stop, _, devToken := startServe(t, dir, serveConfig{})
	stopped := false
	defer func() {
		if !stopped {
			_ = stop()
		}
	}()
	postInvoice(t, base, devToken, "sale-us-ca-los-angeles-quotation", "INV-CA-1")
	remote := []string{"--server", base, "--client-id", admin.ClientID, "--client-secret", admin.ClientSecret}
	code, through, errOut := runCLI(t, append([]string{"nexus", "report", "--as-of", "2026-12-31", "--format", "json"}, remote...)...)
	// A row for each jurisdiction and scheme with a threshold (the US
	// states, DC and Puerto Rico, Canada's six) and the EU's;
	// California's is "CA", Canada's "CAN".
	rules, err := data.Default().Nexus()
	if err != nil {
		t.Fatal(err)
	}
	if code != 0 || strings.Count(through, "\n") != len(rules.Keys())+1 || !strings.Contains(through, `"state":"CA","status":"none"`) ||
		!strings.Contains(through, `"state":"CAN","scheme":"small-supplier","status":"none","currency":"CAD"`) {
		t.Fatalf("report through the server: exit %d, %s\n%s", code, errOut, through)
	}
	code, text, _ := runCLI(t, append([]string{"nexus", "report", "--as-of", "2026-12-31"}, remote...)...)
	if code != 0 || !strings.Contains(text, "Where must I register? Tenant default on 2026-12-31") {
		t.Fatalf("text through the server: exit %d\n%s", code, text)
	}
	if code, _, errOut := runCLI(t, append([]string{"nexus", "report", "--registrations", "x.csv"}, remote...)...); code != 2 || !strings.Contains(errOut, "--registrations") {
		t.Errorf("--registrations with --server: exit %d, %s", code, errOut)
	}
	stopped = true
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	code, local, errOut := runCLI(t, "nexus", "report", "--data-dir", dir, "--as-of", "2026-12-31", "--format", "json")
	if code != 0 || local != through {
		t.Errorf("the data directory's report differs from the server's: exit %d, %s\n%s\n%s", code, errOut, local, through)
	}
}
