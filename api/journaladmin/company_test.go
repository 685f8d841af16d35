package journaladmin_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth/authtest"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/journal/journaltest"
)

// postCompanies posts the calculations of journaltest.Companies through
// the API with token, and the reversal that follows them.
func (s *server) postCompanies(t *testing.T, token string) {
	t.Helper()
	for _, c := range journaltest.Companies() {
		if resp, b := s.send(t, "POST", "/api/v2"+c.Path, token, string(c.Body)); resp.StatusCode != 200 {
			t.Fatalf("posting %s: %d %s", c.ID, resp.StatusCode, b)
		}
	}
	rv := journaltest.CompanyReversal
	body := fmt.Sprintf(`{"data":{"transactionId":%q,"postingDate":%q}}`, rv.ID, rv.PostingDate)
	if resp, b := s.send(t, "POST", "/api/v2/transactions/"+rv.Of+"/reversal", token, body); resp.StatusCode != 200 {
		t.Fatalf("reversing %s: %d %s", rv.Of, resp.StatusCode, b)
	}
}

// TestJournalReportCompany asks the report route of a tenant with two
// companies for each company's report (?company=EAST, ?company=WEST,
// and ?company= for the transactions stored without a company code)
// over real HTTP: each is the one the journal gives in-process, and the
// report without the parameter has every company with its subtotals. A
// company parameter that is no company code, given twice, or given to
// the export is refused with 400 naming company.
func TestJournalReportCompany(t *testing.T) {
	s := newServer(t)
	apiToken := authtest.Token(t, s.iss, "acme", oauth.DefaultAudience)
	admin := authtest.Token(t, s.iss, "acme", oauth.DefaultAdminAudience)
	s.postCompanies(t, apiToken)
	ctx := context.Background()
	from, to := civil.MustParse("2026-06-01"), civil.MustParse("2026-06-30")

	report := func(query string) journal.Report {
		t.Helper()
		resp, body := s.send(t, "GET", "/admin/v1/journal/report?from=2026-06-01&to=2026-06-30"+query, admin, "")
		if resp.StatusCode != 200 {
			t.Fatalf("report%s: %d %s", query, resp.StatusCode, body)
		}
		var got struct {
			Data journal.Report `json:"data"`
		}
		if err := json.Unmarshal(body, &got); err != nil {
			t.Fatal(err)
		}
		return got.Data
	}
	for _, c := range []struct {
		company string
		txs     int
	}{{"EAST", 3}, {"WEST", 5}, {"", 1}, {"NORTH", 0}} {
		got := report("&company=" + url.QueryEscape(c.company))
		want, err := journal.SummarizeCompany(ctx, s.store, "acme", c.company, from, to)
		if err != nil {
			t.Fatal(err)
		}
		gotJSON, _ := json.Marshal(got)
		wantJSON, _ := json.Marshal(want)
		if !bytes.Equal(gotJSON, wantJSON) || got.Company == nil || *got.Company != c.company || got.Transactions != c.txs {
			t.Errorf("company %q over HTTP:\n%s\nin-process:\n%s", c.company, gotJSON, wantJSON)
		}
	}
	all := report("")
	if all.Company != nil || all.Transactions != 9 || len(all.Companies) != 3 {
		t.Errorf("the report of every company: company %v, %d transactions, %d subtotals; want none, 9, 3", all.Company, all.Transactions, len(all.Companies))
	}

	for _, c := range []struct {
		name, path, target, message string
	}{
		{"a company code too long", "/admin/v1/journal/report?company=" + strings.Repeat("X", journal.MaxCompanyLength+1), "company", "at most 40"},
		{"a line break", "/admin/v1/journal/report?company=EA%0AST", "company", "control characters"},
		{"a bidirectional override", "/admin/v1/journal/report?company=EAST%E2%80%AE", "company", "bidirectional"},
		{"not UTF-8", "/admin/v1/journal/report?company=%FF", "company", "UTF-8"},
		{"a company twice", "/admin/v1/journal/report?company=EAST&company=WEST", "company", "once"},
		{"a company for the export", "/admin/v1/journal/export?company=EAST", "company", "not a parameter"},
	} {
		resp, body := s.send(t, "GET", c.path, admin, "")
		var e struct {
			Errors []struct{ Code, Message, Target string } `json:"errors"`
		}
		if err := json.Unmarshal(body, &e); err != nil || resp.StatusCode != 400 || len(e.Errors) == 0 ||
			e.Errors[0].Target != c.target || !strings.Contains(e.Errors[0].Message, c.message) {
			t.Errorf("%s: %d %s; want 400 naming %q with %q", c.name, resp.StatusCode, body, c.target, c.message)
		}
	}
}
