package console_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api"
	"github.com/levytax/levy/api/console"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// fixture is a server with the console mounted over an engine that
// stores its calculations in a journal, without an authenticator (every
// request belongs to levy.DefaultTenant).
type fixture struct {
	srv     *httptest.Server
	engine  *engine.Engine
	journal journal.Store
}

var (
	shared     *fixture
	sharedErr  error
	sharedOnce sync.Once
)

// newFixture starts the server once for the package's tests: loading the
// engine is most of their time.
func newFixture(t *testing.T) *fixture {
	t.Helper()
	sharedOnce.Do(func() {
		j := journal.NewMemory()
		e, err := engine.New(context.Background(), engine.WithJournal(j))
		if err != nil {
			sharedErr = err
			return
		}
		quiet := slog.New(slog.DiscardHandler)
		opts := append([]api.Option{api.WithLogger(quiet)}, console.New(e, console.WithJournal(j), console.WithLogger(quiet)).Mounts()...)
		s, err := api.New(e, opts...)
		if err != nil {
			sharedErr = err
			return
		}
		shared = &fixture{srv: httptest.NewServer(s.Handler()), engine: e, journal: j}
	})
	if sharedErr != nil {
		t.Fatal(sharedErr)
	}
	return shared
}

// get answers GET path with its status, headers and body.
func (f *fixture) get(t *testing.T, path string, header ...string) (int, http.Header, []byte) {
	t.Helper()
	req, err := http.NewRequest("GET", f.srv.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	// The transport would ask for gzip and undo it itself; the tests say
	// what they accept.
	tr := &http.Transport{DisableCompression: true}
	defer tr.CloseIdleConnections()
	resp, err := (&http.Client{Transport: tr}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, resp.Header, body
}

// refused checks that path answers status with an error naming target.
func (f *fixture) refused(t *testing.T, path string, status int, target string) {
	t.Helper()
	got, _, body := f.get(t, path)
	var e struct {
		Errors []struct{ Code, Message, Target string }
	}
	if err := json.Unmarshal(body, &e); err != nil || got != status || len(e.Errors) != 1 || e.Errors[0].Target != target {
		t.Errorf("GET %s: %d %s; want %d naming %q", path, got, body, status, target)
	}
}

type geoJSON struct {
	Type     string
	Features []struct {
		ID         string
		Properties struct {
			Layer, Jurisdiction, Name string
			TaxAreaIDs                []string
		}
		BBox     []float64
		Geometry struct {
			Type        string
			Coordinates [][][][2]float64
		}
	}
}

// vertices counts the positions of a collection and checks its rings.
func vertices(t *testing.T, fc geoJSON) int {
	t.Helper()
	n := 0
	for _, f := range fc.Features {
		if f.Geometry.Type != "MultiPolygon" || len(f.Geometry.Coordinates) == 0 {
			t.Fatalf("%s: geometry %s with %d polygons", f.ID, f.Geometry.Type, len(f.Geometry.Coordinates))
		}
		for _, poly := range f.Geometry.Coordinates {
			for _, ring := range poly {
				if len(ring) < 4 || ring[0] != ring[len(ring)-1] {
					t.Fatalf("%s: a ring of %d positions, closed %v", f.ID, len(ring), ring[0] == ring[len(ring)-1])
				}
				n += len(ring)
			}
		}
	}
	return n
}

func TestGeoLayersSimplifyPerZoom(t *testing.T) {
	f := newFixture(t)
	layer := func(path string) (geoJSON, []byte) {
		t.Helper()
		status, h, body := f.get(t, path)
		if status != 200 || h.Get("Content-Type") != "application/geo+json" {
			t.Fatalf("GET %s: %d %s %.200s", path, status, h.Get("Content-Type"), body)
		}
		var fc geoJSON
		if err := json.Unmarshal(body, &fc); err != nil {
			t.Fatalf("GET %s: %v", path, err)
		}
		return fc, body
	}
	coarse, body := layer("/console/api/geo/counties?zoom=3")
	fine, _ := layer("/console/api/geo/counties?zoom=14")
	vc, vf := vertices(t, coarse), vertices(t, fine)
	t.Logf("US counties: %d features and %d positions at zoom 3 (%d bytes), %d and %d at zoom 14", len(coarse.Features), vc, len(body), len(fine.Features), vf)
	if len(fine.Features) < 3000 || vc*2 > vf {
		t.Errorf("zoom 3 keeps %d positions of %d; zoom 14 has %d counties", vc, vf, len(fine.Features))
	}

	// A county lists its own tax area first, then those within it (its
	// cities and districts), which the highlight of the changed areas
	// looks for.
	var la []string
	for _, ft := range fine.Features {
		if ft.ID == "US-06037" && ft.Properties.Name == "Los Angeles" {
			la = ft.Properties.TaxAreaIDs
		}
	}
	if len(la) < 50 {
		t.Fatalf("Los Angeles County lists %d tax areas", len(la))
	}
	own, err := f.engine.Resolver().LookupTaxAreaID(context.Background(), wire.TaxAreaIDLookupRequest{TaxAreaID: la[0]})
	if err != nil {
		t.Fatal(err)
	}
	if js := own.LookupResults[0].Jurisdictions; js[len(js)-1].JurisdictionID != "US-06037" {
		t.Errorf("the first tax area of Los Angeles County is that of %+v", js)
	}

	// gzip when asked, the same document.
	_, h, zipped := f.get(t, "/console/api/geo/counties?zoom=3", "Accept-Encoding", "gzip")
	zr, err := gzip.NewReader(bytes.NewReader(zipped))
	if err != nil || h.Get("Content-Encoding") != "gzip" {
		t.Fatalf("gzip: %v %q", err, h.Get("Content-Encoding"))
	}
	plain, err := io.ReadAll(zr)
	if err != nil || !bytes.Equal(plain, body) {
		t.Errorf("the gzipped layer differs from the plain one (%v)", err)
	}

	// The places come by box: those of a box around downtown Los Angeles.
	places, _ := layer("/console/api/geo/places?zoom=9&bbox=-118.3,34.0,-118.2,34.1")
	names := map[string]bool{}
	for _, ft := range places.Features {
		names[ft.Properties.Name] = true
		if ft.BBox[0] > -118.2 || ft.BBox[2] < -118.3 || ft.BBox[1] > 34.1 || ft.BBox[3] < 34.0 {
			t.Errorf("place %s (%v) lies outside the box", ft.Properties.Name, ft.BBox)
		}
	}
	if !names["Los Angeles"] {
		t.Errorf("the box holds no place named Los Angeles: %v", names)
	}
}

func TestConsoleRoutesRefuseBadInput(t *testing.T) {
	f := newFixture(t)
	f.refused(t, "/console/api/geo/oceans?zoom=3", 404, "layer")
	f.refused(t, "/console/api/geo/counties", 400, "zoom")
	f.refused(t, "/console/api/geo/counties?zoom=-1", 400, "zoom")
	f.refused(t, "/console/api/geo/counties?zoom=3&bbox=1,2,3", 400, "bbox")
	f.refused(t, "/console/api/geo/counties?zoom=3&bbox=10,2,3,4", 400, "bbox")
	f.refused(t, "/console/api/geo/counties?zoom=3&bbox=1,2,NaN,4", 400, "bbox")
	f.refused(t, "/console/api/geo/places?zoom=12", 400, "zoom")
	f.refused(t, "/console/api/geo/places?zoom=5&bbox=-118.3,34.0,-118.2,34.1", 400, "zoom")
	f.refused(t, "/console/api/rules/no-such-rule", 404, "id")
	f.refused(t, "/console/api/journal/summary?to=2026-06-30", 400, "from")
	f.refused(t, "/console/api/journal/summary?from=2026-06-31&to=2026-06-30", 400, "from")
	// A day that does not exist is told apart from a text of another form.
	for path, want := range map[string]string{
		"/console/api/journal/summary?from=2026-06-31&to=2026-07-30": `"2026-06-31" is not a day of the calendar: June 2026 has 30 days`,
		"/console/api/journal/summary?from=01.06.2026&to=2026-07-30": `"01.06.2026" is not a date of the form YYYY-MM-DD`,
	} {
		if _, _, body := f.get(t, path); !strings.Contains(string(body), strings.ReplaceAll(want, `"`, `\"`)) {
			t.Errorf("GET %s: %s; want it to say %s", path, body, want)
		}
	}
	f.refused(t, "/console/api/journal/series?from=2026-07-01&to=2026-06-30", 400, "to")
	f.refused(t, "/console/api/journal/export?from=2026-06-01&to=2026-06-30&format=xlsx", 400, "format")
	f.refused(t, "/console/api/journal/transactions/NOPE", 404, "id")
	f.refused(t, "/console/api/nothing", 404, "")
}

func TestConsolePages(t *testing.T) {
	f := newFixture(t)
	status, h, body := f.get(t, "/console/")
	// The first paint, before the script builds the page, shows the
	// sign-in card, not a bare top bar.
	if !strings.Contains(string(body), `<section id="signin" class="card narrow" aria-labelledby="signin-title">`) {
		t.Error("the sign-in card is hidden until the script runs")
	}
	if status != 200 || !strings.Contains(string(body), `<script type="module" src="js/app.js">`) ||
		!strings.Contains(h.Get("Content-Security-Policy"), "default-src 'self'") {
		t.Errorf("GET /console/: %d %v %.100s", status, h, body)
	}
	for _, js := range []string{"app", "session", "dom", "playground", "map", "charts", "journal", "einvoicing", "credentials"} {
		status, h, _ := f.get(t, "/console/js/"+js+".js")
		if status != 200 || !strings.HasPrefix(h.Get("Content-Type"), "text/javascript") {
			t.Errorf("%s.js: %d %s", js, status, h.Get("Content-Type"))
		}
	}
	status, _, body = f.get(t, "/console/api/config")
	var cfg struct {
		Data struct{ TokenPath, Audience, AdminAudience string }
	}
	if err := json.Unmarshal(body, &cfg); err != nil || status != 200 || cfg.Data.Audience != console.DefaultAudience || cfg.Data.TokenPath != "/cached/oauth/token" {
		t.Errorf("config: %d %s", status, body)
	}
	resp, err := http.Post(f.srv.URL+"/console/", "text/plain", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 405 || resp.Header.Get("Allow") != "GET, HEAD" {
		t.Errorf("POST /console/: %d, Allow %q", resp.StatusCode, resp.Header.Get("Allow"))
	}
}

func TestRuleDefinition(t *testing.T) {
	f := newFixture(t)
	status, _, body := f.get(t, "/console/api/rules/us-ca-general")
	var a struct {
		Data struct {
			ID    string
			Rules []struct{ ID, Jurisdiction, ProductClass, Outcome, Reason string }
		}
	}
	if err := json.Unmarshal(body, &a); err != nil || status != 200 || len(a.Data.Rules) != 1 {
		t.Fatalf("%d %s", status, body)
	}
	if r := a.Data.Rules[0]; r.ID != "us-ca-general" || r.Jurisdiction != "US-CA*" || r.Outcome != "TAXABLE" || r.Reason == "" {
		t.Errorf("the rule reads %+v", r)
	}
}

func TestJournalReports(t *testing.T) {
	f := newFixture(t)
	ctx := levy.WithTenant(context.Background(), levy.DefaultTenant)
	post := func(id, date, zip, city, state, amount string) {
		t.Helper()
		var req wire.SaleRequest
		body := `{"saleMessageType":"INVOICE","transactionType":"SALE","documentDate":"` + date + `","transactionId":"` + id + `",
			"currency":{"isoCurrencyCodeAlpha":"USD"},
			"seller":{"physicalOrigin":{"city":"Seattle","mainDivision":"WA","postalCode":"98109","country":"US"}},
			"customer":{"destination":{"city":"` + city + `","mainDivision":"` + state + `","postalCode":"` + zip + `","country":"US"}},
			"lineItems":[{"lineItemId":"1","product":{"productClass":"GENERAL"},"quantity":{"value":1},"extendedPrice":` + amount + `}]}`
		if err := json.Unmarshal([]byte(body), &req); err != nil {
			t.Fatal(err)
		}
		if _, err := f.engine.Sale(ctx, &req); err != nil {
			t.Fatal(err)
		}
	}
	post("J-1", "2025-03-01", "90012", "Los Angeles", "CA", "100.00")
	post("J-2", "2025-03-02", "98101", "Seattle", "WA", "200.00")
	post("J-3", "2025-03-02", "98101", "Seattle", "WA", "50.00")
	if err := f.journal.Delete(ctx, levy.DefaultTenant, "J-3"); err != nil {
		t.Fatal(err)
	}
	from, to := civil.MustParse("2025-03-01"), civil.MustParse("2025-03-31")
	rep, err := journal.Summarize(ctx, f.journal, levy.DefaultTenant, from, to)
	if err != nil {
		t.Fatal(err)
	}
	var want []journal.SummaryRow
	for _, c := range rep.Currencies {
		want = append(want, c.Rows...)
	}
	var summary struct{ Data []journal.SummaryRow }
	_, _, body := f.get(t, "/console/api/journal/summary?from=2025-03-01&to=2025-03-31")
	if err := json.Unmarshal(body, &summary); err != nil || len(summary.Data) != len(want) || len(want) == 0 {
		t.Fatalf("summary: %s", body)
	}
	for i := range want {
		if summary.Data[i].JurisdictionID != want[i].JurisdictionID || summary.Data[i].Tax.String() != want[i].Tax.String() {
			t.Errorf("row %d: %+v, want %+v", i, summary.Data[i], want[i])
		}
	}

	var series struct {
		Data []struct {
			Date         string
			TotalTax     json.Number
			Transactions int
		}
	}
	_, _, body = f.get(t, "/console/api/journal/series?from=2025-03-01&to=2025-03-31")
	if err := json.Unmarshal(body, &series); err != nil || len(series.Data) != 2 || series.Data[0].Date != "2025-03-01" || series.Data[1].Transactions != 1 {
		t.Fatalf("series: %s", body)
	}
	tx, err := f.journal.Get(ctx, levy.DefaultTenant, "J-2")
	if err != nil {
		t.Fatal(err)
	}
	if series.Data[1].TotalTax.String() != tx.TotalTax.String() {
		t.Errorf("the tax of 2025-03-02 is %s, J-2's %s", series.Data[1].TotalTax, tx.TotalTax)
	}

	var list struct {
		Data struct {
			Transactions []struct {
				TransactionID   string
				JurisdictionTax *json.Number
			}
		}
	}
	_, _, body = f.get(t, "/console/api/journal/transactions?from=2025-03-01&to=2025-03-31&jurisdiction=US-CA")
	if err := json.Unmarshal(body, &list); err != nil || len(list.Data.Transactions) != 1 || list.Data.Transactions[0].TransactionID != "J-1" ||
		list.Data.Transactions[0].JurisdictionTax == nil {
		t.Errorf("the transactions of US-CA: %s", body)
	}

	var hist struct {
		Data struct {
			Live     bool
			Versions []journal.Transaction
		}
	}
	_, _, body = f.get(t, "/console/api/journal/transactions/J-3")
	if err := json.Unmarshal(body, &hist); err != nil || hist.Data.Live || len(hist.Data.Versions) != 1 {
		t.Errorf("the deleted J-3: %s", body)
	}

	status, h, csv := f.get(t, "/console/api/journal/export?from=2025-03-01&to=2025-03-31&format=csv")
	if status != 200 || !strings.HasPrefix(h.Get("Content-Type"), "text/csv") || !strings.Contains(h.Get("Content-Disposition"), "attachment") ||
		!strings.HasPrefix(string(csv), "transactionId,") || strings.Contains(string(csv), "J-3") || !strings.Contains(string(csv), "J-2") {
		t.Errorf("csv export: %d %v\n%s", status, h, csv)
	}
	var buf bytes.Buffer
	if _, err := journal.Export(ctx, f.journal, levy.DefaultTenant, from, to, journal.JSONLines, &buf, nil); err != nil {
		t.Fatal(err)
	}
	if _, _, lines := f.get(t, "/console/api/journal/export?from=2025-03-01&to=2025-03-31&format=jsonl"); !bytes.Equal(lines, buf.Bytes()) {
		t.Errorf("the JSON lines export differs from journal.Export:\n%s", lines)
	}
}

// TestTransactionsOfASummaryRow lists, for every row of the remittance
// summary, the transactions with the row's parameters: the list holds as
// many transactions as the row counts, and their jurisdictionTax adds
// up to the row's tax. Washington's tax in US dollars and in Canadian
// dollars are two rows; the list of one used to hold the transactions
// of both, its count and tax the jurisdiction's in every currency.
func TestTransactionsOfASummaryRow(t *testing.T) {
	f := newFixture(t)
	ctx := levy.WithTenant(context.Background(), levy.DefaultTenant)
	post := func(id, currency, amount string) {
		t.Helper()
		var req wire.SaleRequest
		body := `{"saleMessageType":"INVOICE","transactionType":"SALE","documentDate":"2025-04-01","transactionId":"` + id + `",
			"currency":{"isoCurrencyCodeAlpha":"` + currency + `"},
			"seller":{"physicalOrigin":{"city":"Seattle","mainDivision":"WA","postalCode":"98109","country":"US"}},
			"customer":{"destination":{"city":"Seattle","mainDivision":"WA","postalCode":"98101","country":"US"}},
			"lineItems":[{"lineItemId":"1","product":{"productClass":"GENERAL"},"quantity":{"value":1},"extendedPrice":` + amount + `}]}`
		if err := json.Unmarshal([]byte(body), &req); err != nil {
			t.Fatal(err)
		}
		if _, err := f.engine.Sale(ctx, &req); err != nil {
			t.Fatal(err)
		}
	}
	post("R-USD-1", "USD", "100.00")
	post("R-USD-2", "USD", "20.00")
	post("R-CAD-1", "CAD", "10.00")

	var summary struct {
		Data []struct {
			Currency string
			journal.SummaryRow
		}
	}
	_, _, body := f.get(t, "/console/api/journal/summary?from=2025-04-01&to=2025-04-30")
	if err := json.Unmarshal(body, &summary); err != nil || len(summary.Data) == 0 {
		t.Fatalf("summary: %s", body)
	}
	wa := 0
	for _, row := range summary.Data {
		q := url.Values{"from": {"2025-04-01"}, "to": {"2025-04-30"}, "jurisdiction": {row.JurisdictionID}, "currency": {row.Currency},
			"imposition": {row.Imposition}, "collectedFrom": {row.CollectedFrom}, "zeroTaxReason": {string(row.ZeroTaxReason)},
			"withheld": {string(row.Withheld)}, "paidToVendor": {strconv.FormatBool(row.PaidToVendor)}}
		var list struct {
			Data struct {
				Transactions []struct {
					TransactionID   string
					Currency        string
					JurisdictionTax *money.Amount
				}
			}
		}
		_, _, body := f.get(t, "/console/api/journal/transactions?"+q.Encode())
		if err := json.Unmarshal(body, &list); err != nil {
			t.Fatalf("%s: %v", body, err)
		}
		sum := money.Zero()
		for _, tx := range list.Data.Transactions {
			if tx.Currency != row.Currency || tx.JurisdictionTax == nil {
				t.Errorf("row %s %s: transaction %s in %s, tax %v", row.JurisdictionID, row.Currency, tx.TransactionID, tx.Currency, tx.JurisdictionTax)
				continue
			}
			sum = sum.Add(*tx.JurisdictionTax)
		}
		if len(list.Data.Transactions) != row.Transactions || sum.String() != row.Tax.String() {
			t.Errorf("row %s %s %s: %d transactions of tax %s listed, the row counts %d of tax %s",
				row.JurisdictionID, row.Imposition, row.Currency, len(list.Data.Transactions), sum, row.Transactions, row.Tax)
		}
		if row.JurisdictionID == "US-WA" {
			wa++
		}
	}
	if wa != 2 {
		t.Errorf("Washington has %d rows, want one per currency", wa)
	}
	f.refused(t, "/console/api/journal/transactions?from=2025-04-01&to=2025-04-30&jurisdiction=US-WA&paidToVendor=maybe", 400, "paidToVendor")
}
