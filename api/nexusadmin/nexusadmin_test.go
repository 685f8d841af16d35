package nexusadmin_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/levytax/levy/api"
	"github.com/levytax/levy/api/nexusadmin"
	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth"
	"github.com/levytax/levy/auth/authtest"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/nexus"
)

// server is the API over an engine and a Badger journal on disk, with
// the token routes and the nexus report's admin route, on loopback. The
// engine decides the EU threshold from the journal's figures.
type server struct {
	url   string
	store journal.Store
	iss   *auth.Issuer
	api   string // an API token of tenant acme
	admin string // an admin token of tenant acme
}

func newServer(t *testing.T) *server {
	t.Helper()
	return newServerWith(t, nil)
}

// newServerWith is newServer whose report reads the tenants' tax
// profiles from profiles (nil: none).
func newServerWith(t *testing.T, profiles nexus.Profiles) *server {
	t.Helper()
	ctx := context.Background()
	quiet := slog.New(slog.DiscardHandler)
	store, err := badger.OpenJournal(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = store.Close() })
	e, err := engine.New(ctx, engine.WithJournal(store), engine.WithLogger(quiet), engine.WithDistanceSales(nexus.NewEUSource(store, nil)))
	if err != nil {
		t.Fatal(err)
	}
	rules, err := data.Default().Nexus()
	if err != nil {
		t.Fatal(err)
	}
	iss := authtest.Issuer(t, auth.Config{NoActivationDelay: true})
	tokens := oauth.New(iss, oauth.WithLogger(quiet))
	opts := append([]api.Option{api.WithLogger(quiet), api.WithAuthenticator(tokens.Authenticator())}, tokens.Mounts()...)
	opts = append(opts, nexusadmin.New(store, rules, tokens.AdminAuthenticator(), nexusadmin.WithProfiles(profiles)).Mounts()...)
	srv, err := api.New(e, opts...)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	return &server{url: ts.URL, store: store, iss: iss,
		api: authtest.Token(t, iss, "acme", oauth.DefaultAudience), admin: authtest.Token(t, iss, "acme", oauth.DefaultAdminAudience)}
}

// send sends a request with a bearer token and returns the answer.
func (s *server) send(t *testing.T, method, path, token, body string) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, s.url+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+token)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, b
}

// The destinations of the tests' sales.
var places = map[string]string{
	"CA": `{"city":"Los Angeles","mainDivision":"CA","postalCode":"90012","country":"US"}`,
	"GA": `{"city":"Atlanta","mainDivision":"GA","postalCode":"30303","country":"US"}`,
	"TN": `{"city":"Nashville","mainDivision":"TN","postalCode":"37203","country":"US"}`,
	"NY": `{"city":"New York","mainDivision":"NY","postalCode":"10118","country":"US"}`,
	"IL": `{"city":"Springfield","mainDivision":"IL","postalCode":"62701","country":"US"}`,
	"OH": `{"city":"Columbus","mainDivision":"OH","postalCode":"43215","country":"US"}`,
	"TX": `{"city":"Houston","mainDivision":"TX","postalCode":"77002","country":"US"}`,
	"WA": `{"city":"Seattle","mainDivision":"WA","postalCode":"98101","country":"US"}`,
}

// sale posts through the API an INVOICE of company, dated date, of one
// line of amount delivered to state from Portland, Oregon, and returns
// the response.
func (s *server) sale(t *testing.T, id, company, date, state, amount string, marketplace bool) []byte {
	t.Helper()
	mp := ""
	if marketplace {
		mp = `"marketplaceFacilitated":true,`
	}
	body := fmt.Sprintf(`{"saleMessageType":"INVOICE","transactionType":"SALE","transactionId":%q,"documentDate":%q,%s
		"seller":{"company":%q,"physicalOrigin":{"city":"Portland","mainDivision":"OR","postalCode":"97201","country":"US"}},
		"customer":{"destination":%s},
		"lineItems":[{"lineItemId":"1","product":{"productClass":"GENERAL"},"extendedPrice":%s}]}`,
		id, date, mp, company, places[state], amount)
	code, b := s.send(t, "POST", "/api/v2/supplies", s.api, body)
	if code != 200 {
		t.Fatalf("posting %s: %d %s", id, code, b)
	}
	return b
}

// saleOf posts through the API an INVOICE of company, dated date, of one
// line of quantity items of product class, amount in all, delivered to
// state from Portland, Oregon.
func (s *server) saleOf(t *testing.T, id, company, date, state, class, amount string, quantity int) {
	t.Helper()
	body := fmt.Sprintf(`{"saleMessageType":"INVOICE","transactionType":"SALE","transactionId":%q,"documentDate":%q,
		"seller":{"company":%q,"physicalOrigin":{"city":"Portland","mainDivision":"OR","postalCode":"97201","country":"US"}},
		"customer":{"destination":%s},
		"lineItems":[{"lineItemId":"1","product":{"productClass":%q},"quantity":{"value":%d},"extendedPrice":%s}]}`,
		id, date, company, places[state], class, quantity, amount)
	if code, b := s.send(t, "POST", "/api/v2/supplies", s.api, body); code != 200 {
		t.Fatalf("posting %s: %d %s", id, code, b)
	}
}

// report reads the report of company on asOf through the admin route.
func (s *server) report(t *testing.T, company, asOf string) map[string]nexus.Row {
	t.Helper()
	code, b := s.send(t, "GET", "/admin/v1/nexus/report?company="+company+"&asOf="+asOf, s.admin, "")
	if code != 200 {
		t.Fatalf("report: %d %s", code, b)
	}
	var answer struct {
		Data nexus.Report `json:"data"`
	}
	if err := json.Unmarshal(b, &answer); err != nil {
		t.Fatal(err)
	}
	out := map[string]nexus.Row{}
	for _, r := range answer.Data.Rows {
		out[r.State] = r
	}
	return out
}

// want fails unless row has status, crossed on crossed and collectible
// from collect (empty: none).
func want(t *testing.T, what string, r nexus.Row, status, crossed, collect string) {
	t.Helper()
	got := func(d *civil.Date) string {
		if d == nil {
			return ""
		}
		return d.String()
	}
	if r.Status != status || got(r.CrossedOn) != crossed || got(r.CollectFrom) != collect {
		t.Errorf("%s: %s crossed %q collect %q, want %s %q %q\n%s", what, r.Status, got(r.CrossedOn), got(r.CollectFrom), status, crossed, collect, r.Explanation)
	}
	if r.Explanation == "" || r.Citation == "" {
		t.Errorf("%s: the row does not explain itself: %+v", what, r)
	}
}

// TestDoneWhen runs the cases, every sale an invoice posted
// through the API and every status read through the admin route.
func TestDoneWhen(t *testing.T) {
	s := newServer(t)

	t.Run("sales alone", func(t *testing.T) {
		// California: more than $500,000, sales alone, collection from
		// the day after.
		s.sale(t, "CA-1", "C1", "2026-02-10", "CA", "300000.00", false)
		rows := s.report(t, "C1", "2026-03-01")
		want(t, "one sale of $300,000", rows["CA"], nexus.StatusNone, "", "")
		s.sale(t, "CA-2", "C1", "2026-03-05", "CA", "250000.00", false)
		rows = s.report(t, "C1", "2026-03-31")
		want(t, "$550,000", rows["CA"], nexus.StatusExceeded, "2026-03-05", "2026-03-06")
		if r := rows["CA"]; r.Sales.String() != "550000.00" || r.Transactions != 2 || r.SalesThreshold.String() != "500000" || r.TransactionThreshold != nil {
			t.Errorf("California's row: %+v", r)
		}
	})

	t.Run("or, on the count alone", func(t *testing.T) {
		// Georgia: more than $100,000 or 200 transactions: 200 sales of
		// $10; collection from the next transaction (the curated row
		// follows Sovos, the only source that gives Georgia's date).
		for i := range 200 {
			s.sale(t, fmt.Sprintf("GA-%d", i), "C2", fmt.Sprintf("2026-04-%02d", 1+i/10), "GA", "10.00", false)
		}
		r := s.report(t, "C2", "2026-05-01")["GA"]
		want(t, "200 sales of $10 in Georgia", r, nexus.StatusExceeded, "2026-04-20", "2026-04-21")
		if r.Transactions != 200 || r.Sales.String() != "2000.00" {
			t.Errorf("Georgia: %d transactions, $%s", r.Transactions, r.Sales)
		}
	})

	t.Run("and, one of the two", func(t *testing.T) {
		// New York: more than $500,000 and more than 100 sales: $600,000
		// in 50 sales is not enough, nor 150 sales of $10.
		for i := range 50 {
			s.sale(t, fmt.Sprintf("NY-A-%d", i), "C3", "2026-04-02", "NY", "12000.00", false)
		}
		for i := range 150 {
			s.sale(t, fmt.Sprintf("NY-B-%d", i), "C4", "2026-04-02", "NY", "10.00", false)
		}
		a := s.report(t, "C3", "2026-04-30")["NY"]
		want(t, "New York, $600,000 in 50 sales", a, nexus.StatusNone, "", "")
		if a.Sales.String() != "600000.00" || a.Transactions != 50 || a.Logic != data.NexusAnd {
			t.Errorf("New York A: %+v", a)
		}
		b := s.report(t, "C4", "2026-04-30")["NY"]
		want(t, "New York, 150 sales of $10", b, nexus.StatusNone, "", "")
		// Both: 60 more sales to the first company.
		for i := range 60 {
			s.sale(t, fmt.Sprintf("NY-C-%d", i), "C3", "2026-05-04", "NY", "10.00", false)
		}
		// The quarter March to May; register within 30 days after it ends
		// and collect 20 days after that.
		want(t, "New York, both", s.report(t, "C3", "2026-05-10")["NY"], nexus.StatusExceeded, "2026-05-04", "2026-07-20")
	})

	t.Run("a transaction test dropped on a date", func(t *testing.T) {
		// Illinois dropped its 200 transactions on 2026-01-01.
		for i := range 200 {
			s.sale(t, fmt.Sprintf("IL-%d", i), "C5", fmt.Sprintf("2025-11-%02d", 1+i/10), "IL", "10.00", false)
		}
		want(t, "Illinois before 2026", s.report(t, "C5", "2025-12-31")["IL"], nexus.StatusExceeded, "2025-11-20", "2026-01-01")
		r := s.report(t, "C5", "2026-01-02")["IL"]
		want(t, "Illinois from 2026", r, nexus.StatusNone, "", "")
		if r.TransactionThreshold != nil || r.Logic != data.NexusSales {
			t.Errorf("Illinois from 2026 still has a transaction test: %+v", r)
		}
	})

	t.Run("marketplace sales", func(t *testing.T) {
		// Ohio leaves marketplace sales out, Texas counts them.
		s.sale(t, "OH-M", "C6", "2026-03-02", "OH", "150000.00", true)
		s.sale(t, "TX-M", "C6", "2026-03-02", "TX", "600000.00", true)
		rows := s.report(t, "C6", "2026-03-31")
		oh := rows["OH"]
		want(t, "Ohio, marketplace sales", oh, nexus.StatusNone, "", "")
		if oh.Sales.String() != "0.00" || oh.MarketplaceSales.String() != "150000.00" || oh.MarketplaceTransactions != 1 {
			t.Errorf("Ohio counts marketplace sales apart: %+v", oh)
		}
		// The first day of the fourth month after the month of crossing.
		want(t, "Texas, marketplace sales", rows["TX"], nexus.StatusExceeded, "2026-03-02", "2026-07-01")
	})

	t.Run("a reversal back under", func(t *testing.T) {
		// Washington: more than $100,000.
		s.sale(t, "WA-1", "C7", "2026-02-02", "WA", "60000.00", false)
		s.sale(t, "WA-2", "C7", "2026-02-03", "WA", "60000.00", false)
		// Crossed on February 3: the first month that starts at least 30
		// days later is April (March 1 is only 26 days on).
		want(t, "Washington, $120,000", s.report(t, "C7", "2026-02-10")["WA"], nexus.StatusExceeded, "2026-02-03", "2026-04-01")
		if code, b := s.send(t, "POST", "/api/v2/transactions/WA-2/reversal", s.api,
			`{"data":{"transactionId":"WA-2-R","postingDate":"2026-02-11"}}`); code != 200 {
			t.Fatalf("reversal: %d %s", code, b)
		}
		r := s.report(t, "C7", "2026-02-12")["WA"]
		want(t, "Washington after the reversal", r, nexus.StatusNone, "", "")
		if r.Sales.String() != "60000.00" || r.Transactions != 1 {
			t.Errorf("Washington after the reversal: $%s in %d", r.Sales, r.Transactions)
		}
	})

	t.Run("exempt products are retail sales", func(t *testing.T) {
		// Tennessee counts retail sales ($100,000 or more in the twelve
		// months) and its holiday of 2026-07-31 to 2026-08-02 exempts
		// clothing of $100 or less an item: 2,001 shirts of $50 take a
		// seller over its threshold all the same.
		s.saleOf(t, "TN-SHIRTS", "C8", "2026-08-01", "TN", "CLOTHING", "100050.00", 2001)
		if tx, err := s.store.Get(context.Background(), "acme", "TN-SHIRTS"); err != nil || tx.Lines[0].Taxes[0].Exempt.String() != "100050.00" {
			t.Fatalf("the holiday did not exempt the shirts: %+v %v", tx, err)
		}
		r := s.report(t, "C8", "2026-08-10")["TN"]
		want(t, "Tennessee, $100,050 of shirts on its holiday", r, nexus.StatusExceeded, "2026-08-01", "2026-11-01")
		// Tennessee's retail sales leave out resales alone (the dataset's
		// rule: retail-but-resale); the shirts count either way.
		rules, err := data.Default().Nexus()
		if err != nil {
			t.Fatal(err)
		}
		tn, _ := rules.On("TN", civil.MustParse("2026-08-10"))
		if r.Counts != tn.Counts || r.Counts != "retail-but-resale" || r.Sales.String() != "100050.00" {
			t.Errorf("Tennessee, shirts: $%s of %s sales (the dataset's rule counts %s)", r.Sales, r.Counts, tn.Counts)
		}
	})

	// The figures agree with the journal after all of it.
	res, err := nexus.Rebuild(context.Background(), s.store, "acme", false)
	if err != nil || len(res.Differences) != 0 {
		t.Fatalf("rebuild: %+v %v", res, err)
	}
}

// TestEUThresholdFollowsTheJournal: a seller in Austria selling goods to
// consumers in Germany charges Austrian VAT while its distance sales this
// year and last are within EUR 10,000, and German VAT from the sale that
// takes the year over it (Article 59c(2) of the VAT directive), counted
// with the journal's figures; an invoice posted again under its ID is
// not counted twice; another seller company is counted apart.
func TestEUThresholdFollowsTheJournal(t *testing.T) {
	s := newServer(t)
	sale := func(id, company, amount string) string { return s.euSale(t, "INVOICE", id, company, amount) }
	if got := sale("EU-1", "SMALL", "9000.00"); got != "AT" {
		t.Errorf("the first sale is taxed in %s, want AT (no distance sales yet)", got)
	}
	if got := sale("EU-1", "SMALL", "9000.00"); got != "AT" {
		t.Errorf("the first sale posted again is taxed in %s, want AT (it replaces itself: EUR 9,000 with it)", got)
	}
	if got := s.euSale(t, "QUOTATION", "Q-1", "SMALL", "1000.00"); got != "AT" {
		t.Errorf("a quotation of EUR 1,000 is taxed in %s, want AT (EUR 10,000 with it is within)", got)
	}
	if got := sale("EU-2", "SMALL", "2000.00"); got != "DE" {
		t.Errorf("the second sale is taxed in %s, want DE (it takes the year to EUR 11,000)", got)
	}
	if got := sale("EU-3", "SMALL", "100.00"); got != "DE" {
		t.Errorf("the third sale is taxed in %s, want DE (EUR 11,000 before it)", got)
	}
	if got := sale("EU-4", "OTHER", "100.00"); got != "AT" {
		t.Errorf("another company's sale is taxed in %s, want AT", got)
	}
	r := s.report(t, "SMALL", "2026-06-30")["EU"]
	want(t, "the EU row", r, nexus.StatusExceeded, "2026-06-01", "2026-06-01")
	if r.Sales.String() != "11100.00" || r.Transactions != 3 {
		t.Errorf("the EU row: EUR %s in %d", r.Sales, r.Transactions)
	}
}

// euSale calculates a sale of message type msg of goods from Vienna to a
// consumer in Berlin and returns the jurisdiction of its first tax.
func (s *server) euSale(t *testing.T, msg, id, company, amount string) string {
	t.Helper()
	body := fmt.Sprintf(`{"saleMessageType":%q,"transactionType":"SALE","transactionId":%q,"documentDate":"2026-06-01",
		"currency":{"isoCurrencyCodeAlpha":"EUR"},
		"seller":{"company":%q,"physicalOrigin":{"city":"Wien","postalCode":"1010","country":"AT"}},
		"customer":{"destination":{"city":"Berlin","postalCode":"10115","country":"DE"}},
		"lineItems":[{"lineItemId":"1","product":{"productClass":"GENERAL"},"extendedPrice":%s}]}`, msg, id, company, amount)
	code, b := s.send(t, "POST", "/api/v2/supplies", s.api, body)
	if code != 200 {
		t.Fatalf("posting %s: %d %s", id, code, b)
	}
	var resp struct {
		Data struct {
			LineItems []struct {
				Taxes []struct {
					Jurisdiction struct {
						JurisdictionID string `json:"jurisdictionId"`
					} `json:"jurisdiction"`
				} `json:"taxes"`
			} `json:"lineItems"`
		} `json:"data"`
	}
	if err := json.Unmarshal(b, &resp); err != nil || len(resp.Data.LineItems) == 0 || len(resp.Data.LineItems[0].Taxes) == 0 {
		t.Fatalf("posting %s: %v %s", id, err, b)
	}
	return resp.Data.LineItems[0].Taxes[0].Jurisdiction.JurisdictionID
}

// TestReportRouteRefuses: the route names what is wrong, answers another
// tenant 403 and a token of the API's audience 403 (it is an admin
// route), and gives the CSV and JSON lines forms.
func TestReportRouteRefuses(t *testing.T) {
	s := newServer(t)
	for _, c := range []struct{ query, field string }{
		{"asOf=2026-13-01", "asOf"},
		{"asOf=1850-01-01", "asOf"},
		{"share=1.5", "share"},
		{"format=xml", "format"},
		{"colour=red", "colour"},
		{"company=" + strings.Repeat("C", 41), "company"},
		{"company=ACME%09US", "company"},
		// A value of 40 KB is quoted cut, not sent back whole.
		{"asOf=" + strings.Repeat("2", 40000), "asOf"},
		{"share=" + strings.Repeat("2", 40000), "share"},
		{"format=" + strings.Repeat("x", 40000), "format"},
	} {
		code, b := s.send(t, "GET", "/admin/v1/nexus/report?"+c.query, s.admin, "")
		if code != 400 || !strings.Contains(string(b), `"target":"`+c.field+`"`) {
			t.Errorf("%.60s: %d %.400s, want 400 naming %s", c.query, code, b, c.field)
		}
		if len(b) > 1024 {
			t.Errorf("%.60s: the refusal has %d bytes, quoting the value back", c.query, len(b))
		}
	}
	if code, _ := s.send(t, "GET", "/admin/v1/nexus/report?tenant=globex", s.admin, ""); code != 403 {
		t.Errorf("another tenant: %d, want 403", code)
	}
	if code, _ := s.send(t, "GET", "/admin/v1/nexus/report", s.api, ""); code != 401 && code != 403 {
		t.Errorf("an API token: %d, want 401 or 403", code)
	}
	code, b := s.send(t, "GET", "/admin/v1/nexus/report?asOf=2026-06-01&format=csv", s.admin, "")
	if code != 200 || !strings.HasPrefix(string(b), strings.Join(nexus.CSVColumns, ",")+"\n") {
		t.Errorf("csv: %d %.200s", code, b)
	}
	code, b = s.send(t, "GET", "/admin/v1/nexus/report?asOf=2026-06-01&format=jsonl", s.admin, "")
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	// A row for each jurisdiction and scheme with a threshold (the US
	// states, DC and Puerto Rico; Canada's four provinces and the
	// GST/HST's two schemes) and the EU's.
	rules, err := data.Default().Nexus()
	if err != nil {
		t.Fatal(err)
	}
	if code != 200 || len(lines) != len(rules.Keys())+1 {
		t.Fatalf("jsonl: %d, %d lines, want %d", code, len(lines), len(rules.Keys())+1)
	}
	var first map[string]any
	if err := json.Unmarshal([]byte(lines[0]), &first); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"state", "status", "sales", "transactions", "sales_threshold", "transaction_threshold", "period_start", "period_end", "crossed_on", "collect_from"} {
		if _, ok := first[k]; !ok {
			t.Errorf("a JSON line lacks %s: %s", k, lines[0])
		}
	}
}

// TestCompanyCodeRefusesControlCharacters posts sales whose seller
// company code holds a terminal escape, a line break or a
// bidirectional override: each is refused 400 naming seller.company
// (the line's seller too), and nothing reaches the sales figures, which
// the report prints per company code on an administrator's terminal.
// Levy stored them, and levy nexus report printed the escape as it was.
func TestCompanyCodeRefusesControlCharacters(t *testing.T) {
	s := newServer(t)
	for i, company := range []string{`\u001b[31mACME`, `ACME\n=1+1`, `\u202eEMCA`} {
		for _, where := range []string{"seller", "line"} {
			seller := fmt.Sprintf(`{"company":"%s","physicalOrigin":{"city":"Portland","mainDivision":"OR","postalCode":"97201","country":"US"}}`, company)
			lineSeller, target := "", "seller.company"
			if where == "line" {
				lineSeller, target = `"seller":`+seller+`,`, "lineItems[0].seller.company"
				seller = `{"physicalOrigin":{"city":"Portland","mainDivision":"OR","postalCode":"97201","country":"US"}}`
			}
			body := fmt.Sprintf(`{"saleMessageType":"INVOICE","transactionType":"SALE","transactionId":"ESC-%d-%s","documentDate":"2026-03-02",
				"seller":%s,"customer":{"destination":%s},
				"lineItems":[{"lineItemId":"1",%s"product":{"productClass":"GENERAL"},"extendedPrice":100}]}`, i, where, seller, places["TX"], lineSeller)
			code, b := s.send(t, "POST", "/api/v2/supplies", s.api, body)
			if code != 400 || !strings.Contains(string(b), `"target":"`+target+`"`) {
				t.Errorf("company %s on the %s: %d %s, want 400 naming %s", company, where, code, b, target)
			}
		}
	}
	figs, err := s.store.Figures(context.Background(), "acme", civil.Date{}, civil.Date{})
	if err != nil {
		t.Fatal(err)
	}
	if len(figs) != 0 {
		t.Errorf("figures stored: %+v", figs)
	}
}
