package journaladmin_test

import (
	"encoding/csv"
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth/authtest"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/journal/journaltest"
	"github.com/levytax/levy/money"
)

// walkReport reads the report and the CSV export of [from, to] over
// HTTP with token and checks that the report counts transactions, that
// its total tax and the export's tax column both add up to tax, and
// that the export has a row for each tax of those transactions.
func (s *server) walkReport(t *testing.T, token, from, to string, transactions int, tax money.Amount) {
	t.Helper()
	q := "?from=" + from + "&to=" + to
	resp, body := s.send(t, "GET", "/admin/v1/journal/report"+q, token, "")
	if resp.StatusCode != 200 {
		t.Fatalf("report %s..%s: %d %s", from, to, resp.StatusCode, body)
	}
	var rep struct {
		Data journal.Report `json:"data"`
	}
	if err := json.Unmarshal(body, &rep); err != nil {
		t.Fatal(err)
	}
	var reported money.Amount
	for _, c := range rep.Data.Currencies {
		reported = reported.Add(c.Total.Tax)
	}
	resp, body = s.send(t, "GET", "/admin/v1/journal/export"+q+"&format=csv", token, "")
	if resp.StatusCode != 200 {
		t.Fatalf("export %s..%s: %d %s", from, to, resp.StatusCode, body)
	}
	rows, err := csv.NewReader(strings.NewReader(string(body))).ReadAll()
	if err != nil {
		t.Fatalf("export %s..%s: %v", from, to, err)
	}
	col := slices.Index(rows[0], "tax")
	var exported money.Amount
	ids := map[string]bool{}
	for _, r := range rows[1:] {
		a, err := money.Parse(r[col])
		if err != nil {
			t.Fatalf("export %s..%s: tax %q: %v", from, to, r[col], err)
		}
		exported = exported.Add(a)
		ids[r[0]] = true
	}
	if rep.Data.Transactions != transactions || len(ids) != transactions || !reported.Equal(tax) || !exported.Equal(tax) {
		t.Fatalf("%s..%s: the report counts %d transactions of tax %s, the export %d of tax %s; want %d of %s",
			from, to, rep.Data.Transactions, reported, len(ids), exported, transactions, tax)
	}
}

// TestJournalWalkTenants walks one transaction ID through two tenants
// over HTTP, reading each tenant's books through the admin routes after
// each step: acme's invoice of June reversed in July stays in June's
// report, July carries the credit and the two months net to zero;
// globex's invoice of the same ID is deleted by globex alone, and
// neither tenant can reach the other's transactions.
func TestJournalWalkTenants(t *testing.T) {
	s := newServer(t)
	acme := authtest.Token(t, s.iss, "acme", oauth.DefaultAudience)
	globex := authtest.Token(t, s.iss, "globex", oauth.DefaultAudience)
	acmeAdmin := authtest.Token(t, s.iss, "acme", oauth.DefaultAdminAudience)
	globexAdmin := authtest.Token(t, s.iss, "globex", oauth.DefaultAdminAudience)

	body := string(journaltest.Invoice(t, filepath.Join("..", "..", "engine", "testdata", "golden", "sale-us-ca-los-angeles-quotation.request.json"), "WALK-1"))
	var tax money.Amount
	for _, token := range []string{acme, globex} {
		resp, b := s.send(t, "POST", "/api/v2/supplies", token, body)
		if resp.StatusCode != 200 {
			t.Fatalf("posting WALK-1: %d %s", resp.StatusCode, b)
		}
		var answer struct {
			Data struct {
				TotalTax money.Amount `json:"totalTax"`
			} `json:"data"`
		}
		if err := json.Unmarshal(b, &answer); err != nil {
			t.Fatal(err)
		}
		tax = answer.Data.TotalTax
	}
	if tax.Sign() <= 0 {
		t.Fatalf("WALK-1 has no tax: %s", tax)
	}
	s.walkReport(t, acmeAdmin, "2026-06-01", "2026-06-30", 1, tax)
	s.walkReport(t, globexAdmin, "2026-06-01", "2026-06-30", 1, tax)

	// acme reverses its invoice in July.
	if resp, b := s.send(t, "POST", "/api/v2/transactions/WALK-1/reversal", acme, `{"data":{"transactionId":"WALK-1-R","postingDate":"2026-07-01"}}`); resp.StatusCode != 200 {
		t.Fatalf("reversal: %d %s", resp.StatusCode, b)
	}
	s.walkReport(t, acmeAdmin, "2026-06-01", "2026-06-30", 1, tax)
	s.walkReport(t, acmeAdmin, "2026-07-01", "2026-07-31", 1, tax.Neg())
	s.walkReport(t, acmeAdmin, "2026-06-01", "2026-07-31", 2, money.Amount{})
	// globex's invoice of the same ID is not reversed, and acme's
	// reversal is not globex's to delete.
	if resp, b := s.send(t, "DELETE", "/api/v2/transactions/WALK-1-R", globex, ""); resp.StatusCode != 404 || !strings.Contains(string(b), "WALK-1-R") {
		t.Fatalf("globex deleting acme's reversal: %d %s", resp.StatusCode, b)
	}
	s.walkReport(t, globexAdmin, "2026-06-01", "2026-07-31", 1, tax)

	// globex deletes its invoice: acme's books do not move.
	if resp, b := s.send(t, "DELETE", "/api/v2/transactions/WALK-1", globex, ""); resp.StatusCode != 200 {
		t.Fatalf("globex's delete: %d %s", resp.StatusCode, b)
	}
	s.walkReport(t, globexAdmin, "2026-06-01", "2026-07-31", 0, money.Amount{})
	s.walkReport(t, acmeAdmin, "2026-06-01", "2026-06-30", 1, tax)
	s.walkReport(t, acmeAdmin, "2026-06-01", "2026-07-31", 2, money.Amount{})
	if resp, b := s.send(t, "GET", "/api/v2/transaction-exists/WALK-1", acme, ""); resp.StatusCode != 200 || !strings.Contains(string(b), `"transactionExistsIndicator":"true"`) {
		t.Fatalf("acme's WALK-1 after globex's delete: %d %s", resp.StatusCode, b)
	}
}
