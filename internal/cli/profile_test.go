package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/levytax/levy/api/profileadmin"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/einvoice/webhook"
	"github.com/levytax/levy/internal/pgtest"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/profile/profilecsv"
	"github.com/shopspring/decimal"
)

// The import files of the tests: the Texas resale certificate.
const (
	customersFile = "customer_code,class_code,is_business,name\nC-1,RESELLER,yes,Alpha Supply\nC-2,,no,Beta Stores\n"
	certsHeader   = "certificate_number,customer_code,jurisdictions,reason_code,product_classes,effective_date,expiration_date,transaction_id,status\n"
	certsFile     = certsHeader + "TX-1,C-1,TX,G,,2026-01-01,2026-12-31,,active\nSP-1,C-2,US-CA;US-NV,E,CLOTHING,2026-01-01,,INV-7,active\n"
	productsFile  = "product_code,product_class\nSKU-1,SAAS\n"
	regsFile      = "company_code,jurisdiction,registration_number,effective_date,end_date,physical_presence\nACME,TX,32000000001,2025-01-01,,true\n"
)

// serveAsAdmin starts levy serve on dir until the test ends, with a
// credential of the admin audience of tenant in the environment that
// levy profile --server reads, and returns the server's base URL.
func serveAsAdmin(t *testing.T, dir, tenant string) string {
	t.Helper()
	admin := createCredential(t, dir, tenant, "levy://admin")
	base, stop, _, _ := startServe(t, dir, serveConfig{})
	t.Cleanup(func() {
		if err := stop(); err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	t.Setenv(clientIDEnv, admin.ClientID)
	t.Setenv(clientSecretEnv, admin.ClientSecret)
	return base
}

// showCertificate runs levy profile show on dir for the certificate
// number of customer of tenant and returns what it prints.
func showCertificate(t *testing.T, dir, tenant, customer, number string) profileadmin.CertificateDetail {
	t.Helper()
	out, _ := profileCLI(t, 0, "show", "--data-dir", dir, "--tenant", tenant, "certificate", customer, number)
	var cert profileadmin.CertificateDetail
	if err := json.Unmarshal([]byte(out), &cert); err != nil || cert.Certificate == nil {
		t.Fatalf("show certificate: %v %s", err, out)
	}
	return cert
}

// writeFiles writes files (name, content, ...) into a new directory and
// returns their paths.
func writeFiles(t *testing.T, files ...string) []string {
	t.Helper()
	dir := t.TempDir()
	var paths []string
	for i := 0; i < len(files); i += 2 {
		p := filepath.Join(dir, files[i])
		if err := os.WriteFile(p, []byte(files[i+1]), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	return paths
}

// profileCLI runs levy profile and fails unless it exits want.
func profileCLI(t *testing.T, want int, args ...string) (string, string) {
	t.Helper()
	code, out, errOut := runCLI(t, append([]string{"profile"}, args...)...)
	if code != want {
		t.Fatalf("levy profile %s: exit %d, want %d\nstdout: %s\nstderr: %s", strings.Join(args, " "), code, want, out, errOut)
	}
	return out, errOut
}

// TestProfileCommandOffline imports the four files into a data directory
// that no server holds, lists, shows and exports what it stored, refuses
// a file with bad rows naming each by file, line and column and storing
// nothing, and then serves the directory: the server's routes answer the
// imported records, and the command works through --server while the
// server holds the directory.
func TestProfileCommandOffline(t *testing.T) {
	dir := t.TempDir()
	files := writeFiles(t, "customers.csv", customersFile, "certificates.csv", certsFile, "products.csv", productsFile, "registrations.csv", regsFile)
	out, _ := profileCLI(t, 0, append([]string{"import", "--data-dir", dir, "--tenant", "acme"}, files...)...)
	if !strings.Contains(out, "2 customers, 2 certificates, 1 registration, 1 product") || !strings.Contains(out, "version is 1") {
		t.Errorf("import printed %q", out)
	}

	out, errOut := profileCLI(t, 0, "list", "--data-dir", dir, "--tenant", "acme", "certificates", "--jurisdiction", "TX")
	if !strings.Contains(out, "TX-1") || strings.Contains(out, "SP-1") || !strings.Contains(errOut, "1 of 1") {
		t.Errorf("list certificates --jurisdiction TX:\n%s%s", out, errOut)
	}
	out, _ = profileCLI(t, 0, "list", "--data-dir", dir, "--tenant", "acme", "certificates", "--expiring-before", "2027-01-01", "--json")
	var page profileadmin.CertificatePage
	if err := json.Unmarshal([]byte(out), &page); err != nil || page.Total != 1 || page.Items[0].Number != "TX-1" {
		t.Errorf("list --expiring-before --json: %v %s", err, out)
	}
	out, _ = profileCLI(t, 0, "show", "--data-dir", dir, "--tenant", "acme", "certificate", "C-1", "TX-1")
	var cert profileadmin.CertificateDetail
	if err := json.Unmarshal([]byte(out), &cert); err != nil || cert.Certificate == nil || len(cert.Versions) != 1 || cert.Versions[0].By != "cli" {
		t.Errorf("show certificate: %v %s", err, out)
	}
	profileCLI(t, 0, "show", "--data-dir", dir, "--tenant", "acme", "registration", "TX", "32000000001", "--company", "ACME")
	profileCLI(t, 0, "show", "--data-dir", dir, "--tenant", "acme", "product", "SKU-1")
	if _, errOut := profileCLI(t, 1, "show", "--data-dir", dir, "--tenant", "beta", "customer", "C-1"); !strings.Contains(errOut, "not in the tenant's profile") {
		t.Errorf("another tenant's customer: %s", errOut)
	}

	// A file with bad rows: each named, nothing stored, not even the
	// good file beside it.
	bad := writeFiles(t, "more-customers.csv", "customer_code,class_code,is_business,name\nC-3,,no,Gamma\n",
		"certificates.csv", certsHeader+"TX-2,C-3,TX,G,,2026-06-01,2026-05-31,,active\nTX-3,C-404,XX-YY,G,,2026-06-01,,,active\nTX-4,C-3,TX,G,,2026-06-01,,,sometimes\n")
	_, errOut = profileCLI(t, 1, append([]string{"import", "--data-dir", dir, "--tenant", "acme"}, bad...)...)
	for _, want := range []string{"certificates.csv:2:expiration_date: 2026-05-31 is before the effective date", "certificates.csv:3:jurisdictions[0]",
		"certificates.csv:4:status"} {
		if !strings.Contains(errOut, want) && !strings.Contains(strings.ReplaceAll(errOut, "jurisdictions[0]", "jurisdictions"), strings.ReplaceAll(want, "jurisdictions[0]", "jurisdictions")) {
			t.Errorf("the bad import does not say %q:\n%s", want, errOut)
		}
	}
	out, _ = profileCLI(t, 0, "list", "--data-dir", dir, "--tenant", "acme", "customers")
	if strings.Contains(out, "C-3") {
		t.Errorf("the refused import stored a customer:\n%s", out)
	}

	// The exports, imported into another tenant: the same records.
	exp := t.TempDir()
	profileCLI(t, 0, "export", "--data-dir", dir, "--tenant", "acme", "--format", "csv", "--out", exp)
	profileCLI(t, 0, "export", "--data-dir", dir, "--tenant", "acme", "--out", filepath.Join(exp, "profile.json"))
	var csvs []string
	for _, k := range []string{"customers", "certificates", "registrations", "products"} {
		csvs = append(csvs, filepath.Join(exp, k+".csv"))
	}
	profileCLI(t, 0, append([]string{"import", "--data-dir", dir, "--tenant", "beta"}, csvs...)...)
	profileCLI(t, 0, "import", "--data-dir", dir, "--tenant", "gamma", filepath.Join(exp, "profile.json"))
	// acme's own JSON export, imported back, changes nothing.
	if out, _ := profileCLI(t, 0, "import", "--data-dir", dir, "--tenant", "acme", filepath.Join(exp, "profile.json")); !strings.HasPrefix(out,
		"imported into tenant acme: nothing changed, ") || !strings.Contains(out, " records unchanged; the profile's version is ") {
		t.Errorf("acme's JSON export imported back: %q", out)
	}
	jsonOf := func(tenant string) string {
		out, _ := profileCLI(t, 0, "export", "--data-dir", dir, "--tenant", tenant)
		return out
	}
	if a, b, g := jsonOf("acme"), jsonOf("beta"), jsonOf("gamma"); a != b || a != g {
		t.Errorf("the exports differ:\nacme  %s\nbeta  %s\ngamma %s", a, b, g)
	}

	// The server opens the directory: its routes answer the records the
	// command stored, and the command works through it.
	admin := createCredential(t, dir, "acme", "levy://admin")
	betaAdmin := createCredential(t, dir, "beta", "levy://admin")
	base, stop, _, _ := startServe(t, dir, serveConfig{})
	defer func() {
		if err := stop(); err != nil {
			t.Errorf("serve: %v", err)
		}
	}()
	c := consoleClient{t, base}
	tok := c.token(admin.ClientID, admin.ClientSecret, "levy://admin")
	var cust profileadmin.CustomerDetail
	c.must(http.StatusOK, "GET", "/admin/v1/profile/customers/C-1", tok, "", nil, &struct{ Data *profileadmin.CustomerDetail }{&cust})
	if cust.Customer == nil || cust.Customer.Name != "Alpha Supply" || len(cust.Certificates) != 1 {
		t.Errorf("the server's customer C-1: %+v", cust)
	}
	if _, errOut := profileCLI(t, 1, "list", "--data-dir", dir, "--tenant", "acme", "customers"); !strings.Contains(errOut, "--server URL") {
		t.Errorf("--data-dir while the server holds it: %s", errOut)
	}
	t.Setenv(clientIDEnv, admin.ClientID)
	t.Setenv(clientSecretEnv, admin.ClientSecret)
	more := writeFiles(t, "customers.csv", "customer_code,class_code,is_business,name\nC-9,,no,Nine\n")
	out, _ = profileCLI(t, 0, "import", "--server", base, more[0])
	if !strings.Contains(out, "version is 2") {
		t.Errorf("import --server printed %q", out)
	}
	out, _ = profileCLI(t, 0, "list", "--server", base, "customers", "--customer", "C-")
	if !strings.Contains(out, "C-9") || !strings.Contains(out, "Alpha Supply") {
		t.Errorf("list --server:\n%s", out)
	}
	// Every other kind through the server, each from its own route.
	for kind, want := range map[string]string{"certificates": "2 of 2 ", "registrations": "1 of 1 ", "products": "1 of 1 ", "franchises": "0 of 0 "} {
		if _, errOut := profileCLI(t, 0, "list", "--server", base, kind); !strings.HasPrefix(errOut, want) {
			t.Errorf("list --server %s: %s", kind, errOut)
		}
	}
	out, _ = profileCLI(t, 0, "show", "--server", base, "certificate", "C-1", "TX-1")
	if err := json.Unmarshal([]byte(out), &cert); err != nil || cert.Certificate == nil || cert.Certificate.Jurisdictions[0] != "US-TX" {
		t.Errorf("show --server: %v %s", err, out)
	}
	badServer := writeFiles(t, "certificates.csv", certsHeader+"TX-2,C-1,TX,G,,2026-06-01,2026-05-31,,active\n")
	if _, errOut := profileCLI(t, 1, "import", "--server", base, badServer[0]); !strings.Contains(errOut, "certificates.csv:2:expiration_date") {
		t.Errorf("a bad import --server: %s", errOut)
	}
	// A certificate revoked meanwhile is not made active again by the
	// files of before, unless --reinstate-revoked says so.
	revoke := writeFiles(t, "revoke.csv", certsHeader[:len(certsHeader)-1]+",revoked_date\nTX-1,C-1,TX,G,,2026-01-01,2026-12-31,,revoked,2026-03-01\n")
	profileCLI(t, 0, "import", "--server", base, revoke[0])
	if _, errOut := profileCLI(t, 1, "import", "--server", base, files[1]); !strings.Contains(errOut, "certificates.csv:2:status") ||
		!strings.Contains(errOut, "TX-1 of customer C-1 is revoked (from 2026-03-01)") {
		t.Errorf("import --server of a row un-revoking TX-1: %s", errOut)
	}
	profileCLI(t, 0, "import", "--server", base, "--reinstate-revoked", files[1])
	out, _ = profileCLI(t, 0, "show", "--server", base, "certificate", "C-1", "TX-1")
	if err := json.Unmarshal([]byte(out), &cert); err != nil || cert.Certificate == nil || cert.Certificate.Revoked() {
		t.Errorf("TX-1 after import --server --reinstate-revoked: %v %s", err, out)
	}
	srvExp := t.TempDir()
	profileCLI(t, 0, "export", "--server", base, "--format", "csv", "--out", srvExp)
	if b, err := os.ReadFile(filepath.Join(srvExp, "customers.csv")); err != nil || !strings.Contains(string(b), "C-9,,false,Nine") {
		t.Errorf("export --server: %v %s", err, b)
	}
	// The credential's tenant only: another is refused.
	if _, errOut := profileCLI(t, 1, "list", "--server", base, "--tenant", "beta", "customers"); !strings.Contains(errOut, "levy: tenant: this admin token acts on its own tenant, acme, only") {
		t.Errorf("acme's admin naming beta: %s", errOut)
	}
	t.Setenv(clientIDEnv, betaAdmin.ClientID)
	t.Setenv(clientSecretEnv, betaAdmin.ClientSecret)
	if _, errOut := profileCLI(t, 1, "show", "--server", base, "customer", "C-9"); !strings.Contains(errOut, "levy: code: customer C-9 is not in the tenant's profile") {
		t.Errorf("beta's admin showing acme's C-9: %s", errOut)
	}
}

// TestProfileCommandUsage checks the command line before anything runs.
// TestProfileImportKeepsRevocations imports the files into a data
// directory, revokes TX-1 with a file of its own, and imports the first
// files again: their row of TX-1, status active, is refused naming the
// file, the row and the certificate, and nothing is stored; with
// --reinstate-revoked TX-1 is active again.
func TestProfileImportKeepsRevocations(t *testing.T) {
	dir := t.TempDir()
	files := writeFiles(t, "customers.csv", customersFile, "certificates.csv", certsFile)
	profileCLI(t, 0, append([]string{"import", "--data-dir", dir, "--tenant", "acme"}, files...)...)
	// The same files again change nothing.
	if out, _ := profileCLI(t, 0, append([]string{"import", "--data-dir", dir, "--tenant", "acme"}, files...)...); out !=
		"imported into tenant acme: nothing changed, 4 records unchanged; the profile's version is 1\n" {
		t.Errorf("the same files again: %q", out)
	}
	revoke := writeFiles(t, "revoke.csv", certsHeader[:len(certsHeader)-1]+",revoked_date\nTX-1,C-1,TX,G,,2026-01-01,2026-12-31,,revoked,2026-03-01\n")
	profileCLI(t, 0, "import", "--data-dir", dir, "--tenant", "acme", revoke[0])
	show := func() profileadmin.CertificateDetail { return showCertificate(t, dir, "acme", "C-1", "TX-1") }
	before := show()

	_, errOut := profileCLI(t, 1, append([]string{"import", "--data-dir", dir, "--tenant", "acme"}, files...)...)
	if !strings.Contains(errOut, "certificates.csv:2:status") || !strings.Contains(errOut, "TX-1 of customer C-1 is revoked (from 2026-03-01)") ||
		!strings.Contains(errOut, "--reinstate-revoked") {
		t.Errorf("the import un-revoking TX-1: %s", errOut)
	}
	if after := show(); !after.Certificate.Revoked() || len(after.Versions) != len(before.Versions) {
		t.Errorf("TX-1 after the refused import: %+v, %d versions (were %d)", after.Certificate, len(after.Versions), len(before.Versions))
	}

	profileCLI(t, 0, append([]string{"import", "--data-dir", dir, "--tenant", "acme", "--reinstate-revoked"}, files...)...)
	if after := show(); after.Certificate.Revoked() {
		t.Errorf("TX-1 after --reinstate-revoked: %+v", after.Certificate)
	}
	if _, errOut := profileCLI(t, 2, "export", "--data-dir", dir, "--tenant", "acme", "--reinstate-revoked"); !strings.Contains(errOut, "--reinstate-revoked is a flag of levy profile import only") {
		t.Errorf("export --reinstate-revoked: %s", errOut)
	}
}

func TestProfileCommandUsage(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"import", "--data-dir", dir},
		{"import", "--data-dir", dir, "a.json", "b.csv"},
		{"list", "--data-dir", dir},
		{"list", "--data-dir", dir, "items"},
		{"list", "--data-dir", dir, "certificates", "--jurisdiction", "Texas"},
		{"list", "--data-dir", dir, "customers", "--as-of", "0001-01-01T00:00:00Z"},
		{"show", "--data-dir", dir, "customer"},
		{"export", "--data-dir", dir, "--format", "csv"},
		{"export", "--data-dir", dir, "--format", "xml"},
		{"list", "customers"},
		{"list", "--data-dir", dir, "--server", "http://127.0.0.1:1", "customers"},
		{"frobnicate"},
	} {
		if code, _, errOut := runCLI(t, append([]string{"profile"}, args...)...); code != 2 {
			t.Errorf("levy profile %s: exit %d, %s", strings.Join(args, " "), code, errOut)
		}
	}
}

// TestProfileCluster runs two nodes over one PostgreSQL database and
// imports with levy profile --database while they run: both nodes'
// routes answer the import, and the profile caches of two nodes, opened
// as levy serve opens them, load the new version within about a second
// (their Follow), which the test measures.
func TestProfileCluster(t *testing.T) {
	nodes, db := startCluster(t, 2)
	ctx := context.Background()

	// Two nodes' profiles, opened as serve opens them, each caching the
	// tenant before the import.
	var caches []*profile.Cache
	for range 2 {
		st, err := openStorage(ctx, "", db, nil, false)
		if err != nil {
			t.Fatal(err)
		}
		p, err := openProfiles(ctx, st, serveConfig{}, slog.New(slog.DiscardHandler))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = p.Close(); _ = st.Close() })
		if s, err := p.cache.Snapshot(ctx, "default"); err != nil || s.Version() != 0 {
			t.Fatalf("the cache before the import: %v %v", s, err)
		}
		caches = append(caches, p.cache)
	}

	files := writeFiles(t, "customers.csv", customersFile, "certificates.csv", certsFile)
	imported := time.Now()
	profileCLI(t, 0, append([]string{"import", "--database", db, "--tenant", "default"}, files...)...)
	for i, c := range caches {
		for {
			s, err := c.Snapshot(ctx, "default")
			if err != nil {
				t.Fatal(err)
			}
			if s.Version() == 1 {
				if _, ok := s.Customer("C-1"); !ok {
					t.Fatalf("node %d's snapshot has no C-1", i+1)
				}
				t.Logf("node %d's cache has the import %s after the command began (it follows every %s)", i+1,
					time.Since(imported).Round(time.Millisecond), profile.FollowInterval)
				break
			}
			if time.Since(imported) > 15*time.Second {
				t.Fatalf("node %d's cache does not follow the import", i+1)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	// Both nodes' routes answer it, with an operator's credential made in
	// the database.
	code, out, errOut := runCLI(t, "clients", "create", "--database", db, "--operator", "--active-now")
	var op credential
	if code != 0 || json.Unmarshal([]byte(out), &op) != nil {
		t.Fatalf("clients create --operator: %d %s %s", code, out, errOut)
	}
	for i, n := range nodes {
		c := consoleClient{t, n.base}
		tok := c.token(op.ClientID, op.ClientSecret, "levy://operator")
		var page struct{ Data profileadmin.CertificatePage }
		c.must(http.StatusOK, "GET", "/admin/v1/profile/certificates?tenant=default&jurisdiction=US-4819000", tok, "", nil, &page)
		if page.Data.Total != 1 || page.Data.Items[0].Number != "TX-1" {
			t.Errorf("node %d's certificates covering Dallas: %+v", i+1, page.Data)
		}
	}
}

// expiryReceiver is a webhook.Receiver on loopback of the certificates'
// expiry notices.
type expiryReceiver struct {
	url string
	mu  sync.Mutex
	got []webhook.Event
}

const expirySecret = "expiry-notice-secret-0123456789abcdef"

func newExpiryReceiver(t *testing.T) *expiryReceiver {
	t.Helper()
	r := &expiryReceiver{}
	srv := httptest.NewUnstartedServer(nil)
	r.url = "http://" + srv.Listener.Addr().String() + "/events"
	h, err := webhook.NewReceiver([]byte(expirySecret), r.url, func(_ context.Context, ev webhook.Event, _ []byte) error {
		r.mu.Lock()
		defer r.mu.Unlock()
		r.got = append(r.got, ev)
		return nil
	}, webhook.WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		t.Fatal(err)
	}
	srv.Config.Handler = h
	srv.Start()
	t.Cleanup(srv.Close)
	return r
}

func (r *expiryReceiver) events() []webhook.Event {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]webhook.Event(nil), r.got...)
}

// waitOne waits for the first event, then for as many scans again as
// would send a second, and checks that the receiver has exactly one.
func (r *expiryReceiver) waitOne(t *testing.T, every time.Duration) webhook.Event {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for len(r.events()) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("no expiry notice arrived")
		}
		time.Sleep(20 * time.Millisecond)
	}
	time.Sleep(20 * every)
	got := r.events()
	if len(got) != 1 {
		t.Fatalf("the receiver got %d notices, want 1: %+v", len(got), got)
	}
	return got[0]
}

// TestExpiryNoticeThroughServe runs levy serve with a tenant whose
// policy asks for a notice 30 days before a certificate expires, and a
// webhook connection that lists the certificates' notices: the
// certificate that expires in 20 days is notified once, signed, to a
// receiver on loopback, and not again after a restart.
func TestExpiryNoticeThroughServe(t *testing.T) {
	const every = 50 * time.Millisecond
	dir := t.TempDir()
	rcv := newExpiryReceiver(t)
	today := civil.Today()
	expires := today.AddDays(20)
	files := writeFiles(t, "customers.csv", customersFile, "certificates.csv",
		certsHeader+fmt.Sprintf("TX-1,C-1,TX,G,,2026-01-01,%s,,active\nTX-2,C-1,TX,G,,2026-01-01,%s,,active\n", expires, today.AddDays(90)),
		"policy.json", `{"policy":{"expiryNoticeDays":30}}`)
	profileCLI(t, 0, "import", "--data-dir", dir, files[0], files[1])
	admin := createCredential(t, dir, "default", "levy://admin")

	// The connection first, then the policy that makes TX-1 due: the
	// server scans at once and every 50 ms.
	base, stop, _, tok := startServe(t, dir, serveConfig{noticeEvery: every})
	c := consoleClient{t, base}
	c.must(http.StatusCreated, "POST", "/einvoicing/v1/webhooks", tok, "application/json",
		[]byte(`{"targetUrl":"`+rcv.url+`","secretKey":"`+expirySecret+`","events":["Certificate Expiring"]}`), nil)
	t.Setenv(clientIDEnv, admin.ClientID)
	t.Setenv(clientSecretEnv, admin.ClientSecret)
	profileCLI(t, 0, "import", "--server", base, files[2])
	ev := rcv.waitOne(t, every)
	if ev.Status != webhook.EventCertificateExpiring || ev.Certificate == nil || ev.Certificate.Number != "TX-1" ||
		ev.Certificate.CustomerName != "Alpha Supply" || ev.Certificate.ExpirationDate != expires.String() ||
		ev.Certificate.NoticeDate != expires.AddDays(-30).String() || ev.Certificate.DaysBefore != 30 || ev.TenantID == "" || ev.DocumentID != "" {
		t.Errorf("the notice: %+v %+v", ev, ev.Certificate)
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	_, stop, _, _ = startServe(t, dir, serveConfig{noticeEvery: every})
	defer func() {
		if err := stop(); err != nil {
			t.Errorf("serve: %v", err)
		}
	}()
	time.Sleep(20 * every)
	if n := len(rcv.events()); n != 1 {
		t.Errorf("after a restart the receiver has %d notices, want 1", n)
	}
}

// TestExpiryNoticeOnceInACluster runs two nodes over one database, each
// scanning for notices: the receiver gets the notice once.
func TestExpiryNoticeOnceInACluster(t *testing.T) {
	const every = 50 * time.Millisecond
	rcv := newExpiryReceiver(t)
	expires := civil.Today().AddDays(5)
	nodes, db := startClusterWith(t, 2, serveConfig{noticeEvery: every})
	files := writeFiles(t, "customers.csv", customersFile, "certificates.csv",
		certsHeader+fmt.Sprintf("TX-1,C-1,TX,G,,2026-01-01,%s,,active\n", expires))
	c := consoleClient{t, nodes[0].base}
	c.must(http.StatusCreated, "POST", "/einvoicing/v1/webhooks", nodes[0].token, "application/json",
		[]byte(`{"targetUrl":"`+rcv.url+`","secretKey":"`+expirySecret+`","events":["Certificate Expiring"]}`), nil)
	profileCLI(t, 0, append([]string{"import", "--database", db, "--tenant", "default"}, files...)...)
	policy := writeFiles(t, "policy.json", `{"policy":{"expiryNoticeDays":10}}`)
	profileCLI(t, 0, "import", "--database", db, "--tenant", "default", policy[0])
	ev := rcv.waitOne(t, every)
	if ev.Certificate == nil || ev.Certificate.Number != "TX-1" || ev.Certificate.DaysBefore != 10 {
		t.Errorf("the notice: %+v", ev)
	}
}

// startClusterWith is startCluster with the nodes' configuration c.
func startClusterWith(t *testing.T, n int, c serveConfig) ([]node, string) {
	t.Helper()
	db := pgtest.URL(t)
	nodes := make([]node, n)
	for i := range nodes {
		dir := filepath.Join(t.TempDir(), "node")
		base, stop, _, token := startServe(t, dir, c, "--database", db)
		t.Cleanup(func() {
			if err := stop(); err != nil {
				t.Errorf("node %d: %v", i, err)
			}
		})
		nodes[i] = node{base: base, token: token}
	}
	return nodes, db
}

// TestProfileRoutesStayInTheirTenant sends every profile route of a
// running server with acme's admin token: with beta's name (403), and
// with the keys of beta's records in acme's own scope (404, as unknown
// ones), and checks that beta's profile is as it was; acme's console
// token reads and writes nothing.
func TestProfileRoutesStayInTheirTenant(t *testing.T) {
	f := startTenants(t)
	c, acme := f.c, f.acmeAdminTok
	const p = "/admin/v1/profile"
	pdf := "%PDF-1.7\n% beta's scan\n%%EOF\n"
	// beta's profile, made by the operator.
	op := f.opTok
	c.must(http.StatusCreated, "POST", p+"/customers?tenant=beta", op, "application/json", []byte(`{"code":"B-1","name":"Beta's customer"}`), nil)
	c.must(http.StatusCreated, "POST", p+"/customers/B-1/certificates?tenant=beta", op, "application/json",
		[]byte(`{"number":"TX-1","jurisdictions":["TX"],"reasonCode":"G","effectiveDate":"2026-01-01","expirationDate":"2026-12-31"}`), nil)
	c.must(http.StatusOK, "PUT", p+"/customers/B-1/certificates/TX-1/document?tenant=beta", op, "application/pdf", []byte(pdf), nil)
	c.must(http.StatusCreated, "POST", p+"/registrations?tenant=beta", op, "application/json", []byte(`{"jurisdiction":"TX","number":"B-REG"}`), nil)
	c.must(http.StatusCreated, "POST", p+"/products?tenant=beta", op, "application/json", []byte(`{"code":"B-SKU","class":"SAAS"}`), nil)
	c.must(http.StatusOK, "PUT", p+"/policy?tenant=beta", op, "application/json", []byte(`{"expiryNoticeDays":9}`), nil)
	snapshot := func() string {
		_, b := c.do("GET", p+"/export?tenant=beta", op, "", nil)
		return string(b)
	}
	before := snapshot()
	doc := profile.Digest([]byte(pdf))

	reads := []string{"/customers", "/customers/B-1", "/certificates", "/customers/B-1/certificates/TX-1",
		"/customers/B-1/certificates/TX-1/document", "/registrations", "/registrations/TX/B-REG", "/products",
		"/products/SKU/B-SKU", "/policy", "/documents/" + doc, "/export", "/export/customers"}
	writes := []struct{ method, path, ctype, body string }{
		{"POST", "/customers", "application/json", `{"code":"X"}`},
		{"PUT", "/customers/B-1", "application/json", `{"name":"acme was here"}`},
		{"DELETE", "/customers/B-1", "", ""},
		{"POST", "/customers/B-1/certificates", "application/json", `{"number":"X","jurisdictions":["TX"],"reasonCode":"G","effectiveDate":"2026-01-01"}`},
		{"PUT", "/customers/B-1/certificates/TX-1", "application/json", `{"jurisdictions":["US"],"reasonCode":"G","effectiveDate":"2000-01-01"}`},
		{"DELETE", "/customers/B-1/certificates/TX-1", "", ""},
		{"POST", "/customers/B-1/certificates/TX-1/revoke", "", ""},
		{"PUT", "/customers/B-1/certificates/TX-1/document", "application/pdf", "%PDF-1.7\nacme's\n"},
		{"POST", "/registrations", "application/json", `{"jurisdiction":"CA","number":"X"}`},
		{"PUT", "/registrations/TX/B-REG", "application/json", `{"physicalPresence":true}`},
		{"DELETE", "/registrations/TX/B-REG", "", ""},
		{"POST", "/products", "application/json", `{"code":"X","class":"GENERAL"}`},
		{"PUT", "/products/SKU/B-SKU", "application/json", `{"class":"GENERAL"}`},
		{"DELETE", "/products/SKU/B-SKU", "", ""},
		{"PUT", "/policy", "application/json", `{"expiryNoticeDays":1}`},
		{"POST", "/documents", "application/pdf", "%PDF-1.7\nacme's\n"},
		{"POST", "/import", "application/json", `{"customers":[{"code":"X"}]}`},
		{"POST", "/import/files", "text/csv", "product_code,product_class\nX,GENERAL\n"},
	}
	join := func(path, q string) string {
		if strings.Contains(path, "?") {
			return path + "&" + q
		}
		return path + "?" + q
	}
	for _, path := range reads {
		if st, out := c.do("GET", join(p+path, "tenant=beta"), acme, "", nil); st != http.StatusForbidden || !strings.Contains(string(out), `"target":"tenant"`) {
			t.Errorf("GET %s?tenant=beta with acme's admin token: %d %s", path, st, out)
		}
		st, out := c.do("GET", p+path, acme, "", nil)
		if strings.Contains(string(out), "Beta's customer") || strings.Contains(string(out), "beta's scan") ||
			strings.Contains(string(out), `"expiryNoticeDays":9`) {
			t.Errorf("GET %s with acme's admin token shows beta's records: %d %s", path, st, out)
		}
		if strings.Contains(path, "B-") || strings.Contains(path, "/documents/") {
			if st != http.StatusNotFound {
				t.Errorf("GET %s (beta's key) with acme's admin token: %d %s", path, st, out)
			}
		}
	}
	for _, w := range writes {
		if st, out := c.do(w.method, join(p+w.path, "tenant=beta"), acme, w.ctype, []byte(w.body)); st != http.StatusForbidden {
			t.Errorf("%s %s?tenant=beta with acme's admin token: %d %s", w.method, w.path, st, out)
		}
		if st, out := c.do(w.method, p+w.path, f.acmeConsoleTok, w.ctype, []byte(w.body)); st != http.StatusForbidden || !strings.Contains(string(out), "read-only") {
			t.Errorf("%s %s with acme's console token: %d %s", w.method, w.path, st, out)
		}
		if w.method != "POST" || strings.Contains(w.path, "/B-1/") {
			st, out := c.do(w.method, p+w.path, acme, w.ctype, []byte(w.body))
			if st != http.StatusNotFound && !(w.path == "/policy" && st == http.StatusOK) &&
				!(w.path == "/customers/B-1/certificates" && st == http.StatusBadRequest) {
				t.Errorf("%s %s (beta's key) with acme's admin token: %d %s", w.method, w.path, st, out)
			}
		}
	}
	if after := snapshot(); after != before {
		t.Errorf("acme's requests changed beta's profile:\nbefore %s\nafter  %s", before, after)
	}
}

// TestProfileCSVExportImportsBack exports, as CSV files, a profile that
// has customers and nothing else, and imports the files into another
// data directory: the profile comes back the same. The export writes a
// file of a header alone for each kind without records, which the
// import refused ("the file has a header and no rows") before.
func TestProfileCSVExportImportsBack(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "customers.csv")
	if err := os.WriteFile(in, []byte("customer_code,class_code,is_business,name\nC-1,RESELLER,yes,Alpha Supply\nC-2,,no,Beta\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	from, to, out := filepath.Join(dir, "from"), filepath.Join(dir, "to"), filepath.Join(dir, "export")
	if code, _, errOut := runCLI(t, "profile", "import", "--data-dir", from, in); code != 0 {
		t.Fatalf("import: %d %s", code, errOut)
	}
	if code, _, errOut := runCLI(t, "profile", "export", "--data-dir", from, "--format", "csv", "--out", out); code != 0 {
		t.Fatalf("export: %d %s", code, errOut)
	}
	files, err := filepath.Glob(filepath.Join(out, "*.csv"))
	if err != nil || len(files) < 4 {
		t.Fatalf("the export wrote %v (%v)", files, err)
	}
	if code, _, errOut := runCLI(t, append([]string{"profile", "import", "--data-dir", to}, files...)...); code != 0 {
		t.Fatalf("importing the export: %d %s", code, errOut)
	}
	list := func(d string) string {
		code, stdout, errOut := runCLI(t, "profile", "list", "customers", "--data-dir", d, "--json")
		if code != 0 {
			t.Fatalf("list: %d %s", code, errOut)
		}
		var page struct {
			Items []json.RawMessage `json:"items"`
		}
		if err := json.Unmarshal([]byte(stdout), &page); err != nil || len(page.Items) != 2 {
			t.Fatalf("list: %v %s", err, stdout)
		}
		b, _ := json.Marshal(page.Items)
		return string(b)
	}
	if a, b := list(from), list(to); a != b {
		t.Errorf("the customers differ after the round trip:\n%s\n%s", a, b)
	}
}

// TestProfileCommandCountryWhoseCodeIsAStates imports a registration in
// Germany (DEU) and one in Delaware (DE), and lists each apart by
// --jurisdiction, offline and through --server (which sends the filter
// as a request names it: DE stored is Germany, a DE sent Delaware); the
// JSON export imports back into another tenant as the same records.
func TestProfileCommandCountryWhoseCodeIsAStates(t *testing.T) {
	dir := t.TempDir()
	files := writeFiles(t, "registrations.csv", "company_code,jurisdiction,registration_number,effective_date,end_date,physical_presence\n"+
		"EU-1,DEU,DE136695976,2025-01-01,,false\nEU-1,DE,5551234,2025-01-01,,false\n")
	profileCLI(t, 0, append([]string{"import", "--data-dir", dir, "--tenant", "acme"}, files...)...)
	list := func(where ...string) func(jurisdiction string) string {
		return func(jurisdiction string) string {
			t.Helper()
			out, _ := profileCLI(t, 0, append(append([]string{"list"}, where...), "registrations", "--jurisdiction", jurisdiction, "--json")...)
			var page profileadmin.RegistrationPage
			if err := json.Unmarshal([]byte(out), &page); err != nil {
				t.Fatalf("%v: %s", err, out)
			}
			var got []string
			for _, g := range page.Items {
				got = append(got, g.Jurisdiction+" "+g.Number)
			}
			return strings.Join(got, ", ")
		}
	}
	check := func(what string, list func(string) string) {
		t.Helper()
		for jurisdiction, want := range map[string]string{"DEU": "DE DE136695976", "DE": "US-DE 5551234", "US-DE": "US-DE 5551234"} {
			if got := list(jurisdiction); got != want {
				t.Errorf("%s --jurisdiction %s: %q, want %q", what, jurisdiction, got, want)
			}
		}
	}
	check("offline", list("--data-dir", dir, "--tenant", "acme"))
	exp := filepath.Join(t.TempDir(), "profile.json")
	profileCLI(t, 0, "export", "--data-dir", dir, "--tenant", "acme", "--out", exp)
	profileCLI(t, 0, "import", "--data-dir", dir, "--tenant", "beta", exp)
	check("the JSON export imported back", list("--data-dir", dir, "--tenant", "beta"))

	base := serveAsAdmin(t, dir, "acme")
	check("--server", list("--server", base))
}

// TestProfileValidatorCurrencies: the validator of levy serve and levy
// profile knows the dataset's currencies, for the currency of a
// franchise fee: EUR is one, XTQ is not.
func TestProfileValidatorCurrencies(t *testing.T) {
	v, err := profileValidator(data.Default(), nil)
	if err != nil {
		t.Fatal(err)
	}
	amount := decimal.RequireFromString("0.40")
	fee := func(cur string) *profile.ChangeSet {
		return &profile.ChangeSet{Franchises: []profile.Franchise{{AreaID: "BER-1", Name: "Fee", Amount: &amount, Currency: cur}}}
	}
	if err := v.Check(fee("eur")); err != nil {
		t.Fatalf("EUR: %v", err)
	}
	err = v.Check(fee("XTQ"))
	if err == nil || !strings.Contains(err.Error(), "franchises[0].currency") {
		t.Fatalf("XTQ: %v, want an error of franchises[0].currency", err)
	}
}

// TestProfileHelpNamesEveryFileAndColumn: the help of levy profile names
// every kind of import file with each of its columns, and the --format
// flag names every file that export --format csv writes. Before, the
// help left out the optional columns (revoked_date, registration_type,
// code_type, a franchise's currency) and the flag spoke of "the four
// import files" while export wrote five.
func TestProfileHelpNamesEveryFileAndColumn(t *testing.T) {
	code, out, errOut := runCLI(t, "profile", "export", "-h")
	if code != 0 {
		t.Fatalf("levy profile export -h: exit %d, %s", code, errOut)
	}
	text, flags, ok := strings.Cut(out, "\nflags:\n")
	if !ok {
		t.Fatalf("levy profile export -h lists no flags:\n%s", out)
	}
	_, format, _ := strings.Cut(flags, "  --format string\n")
	format, _, _ = strings.Cut(format, "\n")
	for _, k := range profilecsv.Kinds {
		file := string(k) + ".csv"
		if !strings.Contains(text, file) {
			t.Errorf("the help does not name %s", file)
		}
		for _, c := range k.Columns() {
			if !strings.Contains(text, c) {
				t.Errorf("the help does not name the column %s of %s", c, file)
			}
		}
		if !strings.Contains(format, file) {
			t.Errorf("--format does not name %s, which export --format csv writes: %q", file, format)
		}
	}
}

// TestProfileImportOfNothing imports, offline, the export of a kind the
// tenant has no record of (franchises.csv, its header alone) as the only
// file, and the JSON export of a tenant without records: each stores
// nothing and says so, as docs/profiles.md promises of an export's
// files. Both were refused before ("the change set is empty").
func TestProfileImportOfNothing(t *testing.T) {
	dir := t.TempDir()
	files := writeFiles(t, "customers.csv", "customer_code,class_code,is_business,name\nC-1,,yes,Alpha\n")
	profileCLI(t, 0, append([]string{"import", "--data-dir", dir, "--tenant", "acme"}, files...)...)
	exp := t.TempDir()
	profileCLI(t, 0, "export", "--data-dir", dir, "--tenant", "acme", "--format", "csv", "--out", exp)
	profileCLI(t, 0, "export", "--data-dir", dir, "--tenant", "beta", "--out", filepath.Join(exp, "beta.json"))
	out, _ := profileCLI(t, 0, "import", "--data-dir", dir, "--tenant", "acme", filepath.Join(exp, "franchises.csv"))
	if want := "imported into tenant acme: nothing changed; the profile's version is 1\n"; out != want {
		t.Errorf("franchises.csv of a header alone: %q, want %q", out, want)
	}
	out, _ = profileCLI(t, 0, "import", "--data-dir", dir, "--tenant", "beta", filepath.Join(exp, "beta.json"))
	if want := "imported into tenant beta: nothing changed; the profile's version is 0\n"; out != want {
		t.Errorf("beta's JSON export of no record: %q, want %q", out, want)
	}
}
