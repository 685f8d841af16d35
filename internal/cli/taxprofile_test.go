package cli

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/internal/pgtest"
	"github.com/levytax/levy/internal/profilecase"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/postgres"
	"github.com/levytax/levy/wire"
)

// loadProfiles stores the example's profiles (package profilecase)
// where levy reads them: a data directory that no process holds, or a
// database (a postgres:// URL).
func loadProfiles(t *testing.T, where string) {
	t.Helper()
	ctx := context.Background()
	if strings.HasPrefix(where, "postgres://") {
		db, err := postgres.Open(ctx, where)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		profilecase.Load(t, db.Profile())
		return
	}
	s, err := badger.OpenProfile(ctx, profileDir(where))
	if err != nil {
		t.Fatal(err)
	}
	profilecase.Load(t, s)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
}

// storedInvoice returns the example's stored invoice from the journal of
// a data directory that no process holds, or of a database.
func storedInvoice(t *testing.T, where string) *journal.Transaction {
	t.Helper()
	ctx := context.Background()
	j, closeJournal := openJournalAt(t, where)
	defer closeJournal()
	tx, err := j.Get(ctx, profilecase.Tenant, profilecase.InvoiceID)
	if err != nil {
		t.Fatal(err)
	}
	return tx
}

// calcCase sends a case of the example to a running levy serve with the
// token of its tenant and returns the response.
func calcCase(t *testing.T, c consoleClient, token string, cs profilecase.Case) *wire.SaleResponse {
	t.Helper()
	var body struct{ Data wire.SaleResponse }
	c.must(http.StatusOK, "POST", "/api/v2/supplies", token, "application/json", []byte(cs.Request), &body)
	return &body.Data
}

// checkCasesOverHTTP runs every case of the example through a running
// levy serve, each with the token of its tenant.
func checkCasesOverHTTP(t *testing.T, c consoleClient, tokens map[string]string) {
	t.Helper()
	for _, cs := range profilecase.Cases() {
		t.Run(cs.Name, func(t *testing.T) {
			c := consoleClient{t, c.base}
			if err := cs.Check(calcCase(t, c, tokens[cs.Tenant], cs)); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestTaxProfileServe runs the example through levy serve over a Badger
// data directory: the profiles imported before the server starts apply
// to each tenant's calculations over HTTP, and the journal keeps the
// certificate of the stored invoice.
func TestTaxProfileServe(t *testing.T) {
	dir := t.TempDir()
	acme := createCredential(t, dir, profilecase.Tenant, "verx://migration-api")
	beta := createCredential(t, dir, profilecase.Other, "verx://migration-api")
	loadProfiles(t, dir)
	base, stop, _, _ := startServe(t, dir, serveConfig{})
	c := consoleClient{t, base}
	tokens := map[string]string{profilecase.Tenant: c.token(acme.ClientID, acme.ClientSecret, "verx://migration-api"),
		profilecase.Other: c.token(beta.ClientID, beta.ClientSecret, "verx://migration-api")}
	checkCasesOverHTTP(t, c, tokens)
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	if err := profilecase.CheckJournal(storedInvoice(t, dir)); err != nil {
		t.Error(err)
	}
}

// TestTaxProfileServeDatabase runs two levy serve nodes over one
// PostgreSQL database. Both calculate for acme before it has a profile;
// the profiles are then written into the database, as an offline import
// on any node would, and each node's calculations apply them once its
// cache has followed the change (it looks every second). Then every case
// of the example runs through the second node, and the journal keeps the
// certificate.
func TestTaxProfileServeDatabase(t *testing.T) {
	nodes, db := startCluster(t, 2)
	creds := map[string]credential{}
	for _, tenant := range []string{profilecase.Tenant, profilecase.Other} {
		code, out, errOut := runCLI(t, "clients", "create", "--database", db, "--tenant", tenant, "--audience", "verx://migration-api", "--active-now")
		var cr credential
		if code != 0 || json.Unmarshal([]byte(out), &cr) != nil {
			t.Fatalf("clients create: %d %s %s", code, out, errOut)
		}
		creds[tenant] = cr
	}
	covered := profilecase.Cases()[0]
	if covered.Name != "dallas-covered" {
		t.Fatalf("the first case is %s", covered.Name)
	}
	tokens := make([]map[string]string, len(nodes))
	for i, n := range nodes {
		c := consoleClient{t, n.base}
		tokens[i] = map[string]string{}
		for tenant, cr := range creds {
			tokens[i][tenant] = c.token(cr.ClientID, cr.ClientSecret, "verx://migration-api")
		}
		if r := calcCase(t, c, tokens[i][profilecase.Tenant], covered); r.TotalTax.IsZero() {
			t.Fatalf("node %d: exempt before the profile exists", i)
		}
	}
	loadProfiles(t, db)
	for i, n := range nodes {
		c := consoleClient{t, n.base}
		for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
			err := covered.Check(calcCase(t, c, tokens[i][profilecase.Tenant], covered))
			if err == nil {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("node %d never applied the stored profile: %v", i, err)
			}
		}
	}
	checkCasesOverHTTP(t, consoleClient{t, nodes[1].base}, tokens[1])
	if err := profilecase.CheckJournal(storedInvoice(t, db)); err != nil {
		t.Error(err)
	}
}

// TestTaxProfileBatch runs the example through levy batch over a Badger
// data directory and a PostgreSQL database: each tenant's run (--tenant)
// applies its own profile, and the journal keeps the certificate of the
// stored invoice.
func TestTaxProfileBatch(t *testing.T) {
	for _, store := range []string{"badger", "postgres"} {
		t.Run(store, func(t *testing.T) {
			dir := t.TempDir()
			where, flag := dir, "--data-dir"
			if store == "postgres" {
				where, flag = pgtest.URL(t), "--database"
			}
			loadProfiles(t, where)
			for _, tenant := range []string{profilecase.Tenant, profilecase.Other} {
				var cases []profilecase.Case
				var lines []string
				for _, cs := range profilecase.Cases() {
					if cs.Tenant == tenant {
						cases = append(cases, cs)
						lines = append(lines, cs.Request)
					}
				}
				in, out := filepath.Join(dir, tenant+".jsonl"), filepath.Join(dir, tenant+".out.jsonl")
				if err := os.WriteFile(in, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
					t.Fatal(err)
				}
				code, _, errOut := runCLI(t, "batch", "sale", flag, where, "--tenant", tenant, "--in", in, "--out", out, "--quiet")
				if code != 0 {
					t.Fatalf("levy batch for %s: exit %d: %s", tenant, code, errOut)
				}
				got, err := os.ReadFile(out)
				if err != nil {
					t.Fatal(err)
				}
				answers := strings.Split(strings.TrimSuffix(string(got), "\n"), "\n")
				if len(answers) != len(cases) {
					t.Fatalf("%s: %d answers for %d requests", tenant, len(answers), len(cases))
				}
				for i, cs := range cases {
					var r wire.SaleResponse
					if err := json.Unmarshal([]byte(answers[i]), &r); err != nil {
						t.Fatalf("%s: %v: %s", cs.Name, err, answers[i])
					}
					if err := cs.Check(&r); err != nil {
						t.Errorf("%s: %v", cs.Name, err)
					}
				}
			}
			if err := profilecase.CheckJournal(storedInvoice(t, where)); err != nil {
				t.Error(err)
			}
			checkProfileCSV(t, dir, flag, where)
		})
	}
}

// checkProfileCSV runs a CSV input through levy batch for acme: the tax
// rows of the Dallas sale name the stored certificate, the sale of
// 2027-01-05 says that it expired (a warning), and the SKU mapped to
// SAAS gives its line that class, untaxed in Los Angeles.
func checkProfileCSV(t *testing.T, dir, flag, where string) {
	t.Helper()
	const from = "ACME,Seattle,WA,98101,US"
	const dallas = "1500 Marilla St,Dallas,TX,75201,US"
	input := "document_number,document_date,message_type,company,origin_city,origin_region,origin_postal_code,origin_country," +
		"dest_street,dest_city,dest_region,dest_postal_code,dest_country,customer_code,product_class,product_code,extended_price\n" +
		"D-1,2026-06-01,QUOTATION," + from + "," + dallas + ",C-1,GENERAL,,100\n" +
		"D-2,2027-01-05,QUOTATION," + from + "," + dallas + ",C-1,GENERAL,,100\n" +
		"D-3,2026-06-01,QUOTATION," + from + ",200 N Spring St,Los Angeles,CA,90012,US,,," + profilecase.SaaSSKU + ",100\n"
	in, out := filepath.Join(dir, "in.csv"), filepath.Join(dir, "out.csv")
	if err := os.WriteFile(in, []byte(input), 0o600); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runCLI(t, "batch", "sale", flag, where, "--tenant", profilecase.Tenant, "--in", in, "--out", out, "--quiet")
	if code != 0 {
		t.Fatalf("levy batch --format csv: exit %d: %s", code, errOut)
	}
	recs, col := csvOutput(t, out)
	taxes := map[string]int{}
	for _, r := range recs {
		get := func(name string) string { return r[col[name]] }
		doc := get("document_number")
		switch {
		case get("record") == "total" && doc == "D-2":
			if get("status") != "warning" || !strings.Contains(get("assisted_parameters"), "certificate-expired exemptionCertificate "+profilecase.Resale+": ") {
				t.Errorf("D-2's total row: status %s, assisted %q", get("status"), get("assisted_parameters"))
			}
		case get("record") != "tax":
		case doc == "D-1":
			taxes[doc]++
			if get("certificate_number") != profilecase.Resale || get("tax_result") != "EXEMPT" || get("reason_code") != profilecase.ResaleReason {
				t.Errorf("D-1: %v", r)
			}
		case doc == "D-2":
			taxes[doc]++
			if get("certificate_number") != "" || get("tax_result") != "TAXABLE" {
				t.Errorf("D-2: %v", r)
			}
		case doc == "D-3":
			taxes[doc]++
			if get("product_class") != "SAAS" || get("tax") != "0.00" || !strings.Contains(get("assisted_parameters"), "product-code-class product.value: "+profilecase.SaaSSKU+" -> SAAS") {
				t.Errorf("D-3: %v", r)
			}
		}
	}
	if taxes["D-1"] < 2 || taxes["D-2"] < 2 || taxes["D-3"] < 2 {
		t.Errorf("tax rows per document: %v", taxes)
	}
}

// TestTaxProfileCalc runs a case of the example through levy calc with
// --data-dir and --tenant: the tenant's stored certificate applies, and
// another tenant's run of the same request is taxed.
func TestTaxProfileCalc(t *testing.T) {
	dir := t.TempDir()
	loadProfiles(t, dir)
	covered := profilecase.Cases()[0]
	file := filepath.Join(dir, "sale.json")
	if err := os.WriteFile(file, []byte(covered.Request), 0o600); err != nil {
		t.Fatal(err)
	}
	for tenant, exempt := range map[string]bool{profilecase.Tenant: true, profilecase.Other: false, "nobody": false} {
		code, out, errOut := runCLI(t, "calc", "sale", "--data-dir", dir, "--tenant", tenant, file)
		var r wire.SaleResponse
		if code != 0 || json.Unmarshal([]byte(out), &r) != nil {
			t.Fatalf("%s: exit %d %s %s", tenant, code, out, errOut)
		}
		if err := covered.Check(&r); (err == nil) != exempt {
			t.Errorf("%s: exempt %v, want %v (%v)", tenant, err == nil, exempt, err)
		}
	}
	// Without a data directory no profile applies.
	code, out, _ := runCLI(t, "calc", "sale", file)
	var r wire.SaleResponse
	if code != 0 || json.Unmarshal([]byte(out), &r) != nil || r.TotalTax.IsZero() {
		t.Errorf("without --data-dir: exit %d, total tax %s", code, r.TotalTax)
	}
}
