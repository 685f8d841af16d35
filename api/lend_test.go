package api

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/wire"
)

// quotationBody is the README's golden QUOTATION with message type
// message, transaction ID id and n copies of its lines.
func quotationBody(t testing.TB, message, id string, n int) []byte {
	t.Helper()
	body, err := os.ReadFile("../engine/testdata/golden/sale-us-ca-los-angeles-quotation.request.json")
	if err != nil {
		t.Fatal(err)
	}
	var req wire.SaleRequest
	if err := json.Unmarshal(body, &req); err != nil {
		t.Fatal(err)
	}
	req.SaleMessageType, req.TransactionID = wire.SaleMessageType(message), id
	lines := req.LineItems
	req.LineItems = nil
	for i := range n {
		for _, l := range lines {
			l.LineItemID = strconv.Itoa(i) + "-" + l.LineItemID
			req.LineItems = append(req.LineItems, l)
		}
	}
	out, err := json.Marshal(&req)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestStoredInvoiceKeepsItsAnswer sends an INVOICE, which the journal
// stores, then QUOTATIONs, whose taxes the engine reuses once answered:
// the stored transaction is still the INVOICE's answer.
func TestStoredInvoiceKeepsItsAnswer(t *testing.T) {
	h, store := explainHarness(t)
	a := h.do(http.MethodPost, "/api/v2/supplies", bytes.NewReader(quotationBody(t, "INVOICE", "INV-LEND-1", 3)))
	var answered wire.SaleResponse
	if err := json.Unmarshal(rawData(t, a), &answered); err != nil {
		t.Fatal(err)
	}
	for i := range 12 {
		q := h.do(http.MethodPost, "/api/v2/supplies", bytes.NewReader(quotationBody(t, "QUOTATION", "Q-"+strconv.Itoa(i), 1+i%4)))
		if q.status != http.StatusOK {
			t.Fatalf("quotation %d: %d %s", i, q.status, q.body)
		}
	}
	tx, err := store.Get(context.Background(), levy.DefaultTenant, "INV-LEND-1")
	if err != nil {
		t.Fatal(err)
	}
	if len(tx.Lines) != len(answered.LineItems) || len(tx.Lines) == 0 {
		t.Fatalf("stored %d lines, answered %d", len(tx.Lines), len(answered.LineItems))
	}
	for i, l := range tx.Lines {
		taxes := answered.LineItems[i].Taxes
		if len(l.Taxes) != len(taxes) || len(taxes) == 0 {
			t.Fatalf("line %d: stored %d taxes, answered %d", i, len(l.Taxes), len(taxes))
		}
		for k, st := range l.Taxes {
			w := taxes[k]
			if st.JurisdictionID != w.Jurisdiction.JurisdictionID || !st.Tax.Equal(w.CalculatedTax) || !st.Taxable.Equal(w.Taxable) ||
				st.Imposition != w.Imposition.Value || st.RuleID != w.CalculationRuleID.Value {
				t.Errorf("line %d tax %d: stored %+v, answered %+v", i, k, st, w)
			}
		}
	}
	if !tx.TotalTax.Equal(answered.TotalTax) || !tx.Total.Equal(answered.Total) {
		t.Errorf("stored totals %v %v, answered %v %v", tx.TotalTax, tx.Total, answered.TotalTax, answered.Total)
	}
}

// TestLentAnswersOverHTTP sends QUOTATIONs of 1 to 40 lines, alone and
// from several clients at once (go test -race): each answer's data is
// the response that Sale hands over to keep, encoded, though the engine
// reuses the taxes of one answer for the next.
func TestLentAnswersOverHTTP(t *testing.T) {
	h := newHarness(t)
	sizes := []int{1, 7, 40, 2, 13}
	bodies := make([][]byte, len(sizes))
	want := make([]string, len(sizes))
	for i, n := range sizes {
		bodies[i] = quotationBody(t, "QUOTATION", "Q-"+strconv.Itoa(n), n)
		kept, err := keptAnswer(testEngine(t), (*engine.Engine).Sale)(levy.DefaultTenant, bodies[i])
		if err != nil {
			t.Fatal(err)
		}
		want[i] = kept
		if alone := string(rawData(t, h.do(http.MethodPost, "/api/v2/supplies", bytes.NewReader(bodies[i])))); alone != want[i] {
			t.Fatalf("%d lines alone: lent\n%s\nkept\n%s", n, alone, want[i])
		}
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range 5 * len(sizes) {
				k := (i*(g+1) + g) % len(sizes)
				resp, err := h.srv.Client().Post(h.srv.URL+"/api/v2/supplies", "application/json", bytes.NewReader(bodies[k]))
				if err != nil {
					t.Error(err)
					return
				}
				b, err := io.ReadAll(resp.Body)
				resp.Body.Close()
				if err != nil {
					t.Error(err)
					return
				}
				var env struct {
					Data json.RawMessage `json:"data"`
				}
				if err := json.Unmarshal(b, &env); err != nil || resp.StatusCode != http.StatusOK {
					t.Errorf("%d lines: %d %v %s", sizes[k], resp.StatusCode, err, b)
					continue
				}
				if got := string(env.Data); got != want[k] {
					t.Errorf("%d lines: got\n%s\nwant\n%s", sizes[k], got, want[k])
				}
			}
		})
	}
	wg.Wait()
	if strings.Contains(h.logs.String(), `"level":"ERROR"`) {
		t.Errorf("the server logged errors: %s", h.logs.String())
	}
}

// mixedDoc is one request of a mixed load: the tenant that sends it, its
// route, and its body with the placeholder mixedID where each sending
// puts a transaction ID of its own.
type mixedDoc struct {
	name, tenant, path string
	body               []byte
	want               string // the data of the answer, the ID put back to mixedID
}

// keptAnswer is the data of the answer to body, the request of a route
// that calculates with calc, sent by tenant: the response of the
// engine's method that hands it over to keep (Sale, Purchase, Owner),
// encoded by its AppendJSON as the route encodes it.
func keptAnswer[Q, S any](e *engine.Engine, calc func(*engine.Engine, context.Context, *Q) (*S, error)) func(tenant string, body []byte) (string, error) {
	return func(tenant string, body []byte) (string, error) {
		req := new(Q)
		if err := json.Unmarshal(body, req); err != nil {
			return "", err
		}
		resp, err := calc(e, levy.WithTenant(context.Background(), tenant), req)
		if err != nil {
			return "", err
		}
		b, err := any(resp).(jsonAppender).AppendJSON(nil)
		return string(b), err
	}
}

// explainedAnswer is keptAnswer for an explanation's route.
func explainedAnswer[Q, S any](e *engine.Engine, explain func(*engine.Engine, context.Context, *Q) (*S, wire.Explanation, error)) func(tenant string, body []byte) (string, error) {
	return keptAnswer(e, func(e *engine.Engine, ctx context.Context, req *Q) (*Explained[S], error) {
		resp, ex, err := explain(e, ctx, req)
		return &Explained[S]{Response: resp, Explanation: ex}, err
	})
}

// mixedID stands in a mixedDoc's body and answers for the transaction ID
// of one sending.
const mixedID = "LENDMIX-ID"

// mixedBody reads the engine's golden request golden and gives it the
// transaction ID mixedID and n copies of its lines (scaledBody).
func mixedBody(t *testing.T, golden string, n int, set map[string]any) []byte {
	t.Helper()
	raw, err := os.ReadFile("../engine/testdata/golden/" + golden + ".request.json")
	if err != nil {
		t.Fatal(err)
	}
	return scaledBody(t, raw, n, set)
}

// sendMixed sends d as its tenant with the transaction ID id and returns
// the status and the data of the answer, id put back to mixedID.
func sendMixed(h *harness, d *mixedDoc, id string) (int, string, error) {
	req, err := http.NewRequest(http.MethodPost, h.srv.URL+d.path, bytes.NewReader(bytes.ReplaceAll(d.body, []byte(mixedID), []byte(id))))
	if err != nil {
		return 0, "", err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+d.tenant)
	resp, err := h.srv.Client().Do(req)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, "", err
	}
	var env struct {
		Data json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(b, &env); err != nil || env.Data == nil {
		return resp.StatusCode, string(b), err
	}
	return resp.StatusCode, strings.ReplaceAll(string(env.Data), id, mixedID), nil
}

// mixedDocs are the documents of the mixed load: tenant-a's and
// tenant-b's differ, and each has documents of one line, of hundreds and
// of thousands (whose taxes are over the bound of a pooled block), of
// every perspective, lent (QUOTATION, an INVOICE not posted, estimates)
// and stored (INVOICE, DISTRIBUTE_TAX, ACCRUAL, ASSET_MOVEMENT), and
// explanations.
func mixedDocs(t *testing.T) []*mixedDoc {
	off := map[string]any{"postToJournal": false}
	quote := map[string]any{"saleMessageType": "QUOTATION"}
	return []*mixedDoc{
		{name: "a-quotation-2", tenant: "tenant-a", path: "/api/v2/supplies", body: mixedBody(t, "sale-us-ca-los-angeles-quotation", 1, nil)},
		{name: "a-quotation-200", tenant: "tenant-a", path: "/api/v2/supplies", body: mixedBody(t, "sale-us-ca-los-angeles-quotation", 100, nil)},
		{name: "a-quotation-2400", tenant: "tenant-a", path: "/api/v2/supplies", body: mixedBody(t, "sale-us-ca-los-angeles-quotation", 1200, nil)},
		{name: "a-invoice-100", tenant: "tenant-a", path: "/api/v2/supplies", body: mixedBody(t, "sale-us-ca-los-angeles-quotation", 50, map[string]any{"saleMessageType": "INVOICE"})},
		{name: "a-invoice-unposted-60", tenant: "tenant-a", path: "/api/v2/supplies", body: mixedBody(t, "sale-us-ca-los-angeles-quotation", 30, map[string]any{"saleMessageType": "INVOICE", "postToJournal": false})},
		{name: "a-distribute-2", tenant: "tenant-a", path: "/api/v2/supplies", body: mixedBody(t, "sale-us-distribute-tax", 1, nil)},
		{name: "a-distribute-unposted-80", tenant: "tenant-a", path: "/api/v2/supplies", body: mixedBody(t, "sale-us-distribute-tax", 40, off)},
		{name: "a-purchase-accrual-40", tenant: "tenant-a", path: "/api/v2/procurement", body: mixedBody(t, "purchase-us-accrual", 20, nil)},
		{name: "a-purchase-verification", tenant: "tenant-a", path: "/api/v2/procurement", body: mixedBody(t, "purchase-us-invoice-verification", 1, nil)},
		{name: "a-owner-40", tenant: "tenant-a", path: "/api/v2/owner", body: mixedBody(t, "owner-us-asset-movement", 20, nil)},
		{name: "a-owner-unposted-2", tenant: "tenant-a", path: "/api/v2/owner", body: mixedBody(t, "owner-us-asset-movement", 1, off)},
		{name: "a-explain-20", tenant: "tenant-a", path: "/api/v2/explain/supplies", body: mixedBody(t, "sale-us-ca-los-angeles-quotation", 10, nil)},
		{name: "b-eu-quotation-4", tenant: "tenant-b", path: "/api/v2/supplies", body: mixedBody(t, "sale-eu-b2c-destination", 1, quote)},
		{name: "b-ca-quotation-300", tenant: "tenant-b", path: "/api/v2/supplies", body: mixedBody(t, "sale-ca-on-hst-and-qc-gst-qst", 100, quote)},
		{name: "b-ny-multicomponent-invoice", tenant: "tenant-b", path: "/api/v2/supplies", body: mixedBody(t, "sale-us-ny-multicomponent-document-rounding", 1, nil)},
		{name: "b-ny-multicomponent-unposted-60", tenant: "tenant-b", path: "/api/v2/supplies", body: mixedBody(t, "sale-us-ny-multicomponent-document-rounding", 20, off)},
		{name: "b-br-quotation-1", tenant: "tenant-b", path: "/api/v2/supplies", body: mixedBody(t, "sale-br-sp-to-ba-non-contributor-difal-fcp", 1, quote)},
		{name: "b-br-quotation-big", tenant: "tenant-b", path: "/api/v2/supplies", body: mixedBody(t, "sale-br-sp-to-ba-non-contributor-difal-fcp", 1500, quote)},
		{name: "b-jp-invoice-200", tenant: "tenant-b", path: "/api/v2/supplies", body: mixedBody(t, "sale-jp-consumption-tax", 100, nil)},
		{name: "b-purchase-br-accrual", tenant: "tenant-b", path: "/api/v2/procurement", body: mixedBody(t, "purchase-br-accrual", 1, nil)},
		{name: "b-purchase-br-verification-100", tenant: "tenant-b", path: "/api/v2/procurement", body: mixedBody(t, "purchase-br-invoice-verification", 100, nil)},
		{name: "b-owner-br", tenant: "tenant-b", path: "/api/v2/owner", body: mixedBody(t, "owner-br-asset-movement", 1, nil)},
		{name: "b-explain-purchase", tenant: "tenant-b", path: "/api/v2/explain/procurement", body: mixedBody(t, "purchase-us-invoice-verification", 5, nil)},
	}
}

// TestLentAnswersUnderMixedLoad sends the documents of two tenants, of
// every size and kind, from several clients at once over loopback (go
// test -race): every answer's data is the one the same document got sent
// alone, though lent documents carve their taxes from blocks that other
// documents, of the other tenant too, handed back, and stored ones do
// not.
func TestLentAnswersUnderMixedLoad(t *testing.T) {
	h := newHarness(t, WithAuthenticator(tokenAuth{}))
	docs := mixedDocs(t)
	var sent atomic.Int64
	id := func() string { return "LENDMIX-" + strconv.FormatInt(sent.Add(1), 10) }
	e := testEngine(t)
	kept := map[string]func(tenant string, body []byte) (string, error){
		"/api/v2/supplies":            keptAnswer(e, (*engine.Engine).Sale),
		"/api/v2/procurement":         keptAnswer(e, (*engine.Engine).Purchase),
		"/api/v2/owner":               keptAnswer(e, (*engine.Engine).Owner),
		"/api/v2/explain/supplies":    explainedAnswer(e, (*engine.Engine).ExplainSale),
		"/api/v2/explain/procurement": explainedAnswer(e, (*engine.Engine).ExplainPurchase),
	}
	for _, d := range docs {
		sending := id()
		want, err := kept[d.path](d.tenant, bytes.ReplaceAll(d.body, []byte(mixedID), []byte(sending)))
		if err != nil {
			t.Fatalf("%s kept: %v", d.name, err)
		}
		d.want = strings.ReplaceAll(want, sending, mixedID)
		status, data, err := sendMixed(h, d, id())
		if err != nil || status != http.StatusOK {
			t.Fatalf("%s alone: %d %v %s", d.name, status, err, data)
		}
		if data != d.want {
			t.Errorf("%s alone: lent\n%s\nkept\n%s", d.name, data, d.want)
		}
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(g), 3))
			for range len(docs) {
				d := docs[rng.IntN(len(docs))]
				status, data, err := sendMixed(h, d, id())
				if err != nil || status != http.StatusOK {
					t.Errorf("%s: %d %v %s", d.name, status, err, data)
					continue
				}
				if data != d.want {
					t.Errorf("%s: under load, lent\n%s\nkept\n%s", d.name, data, d.want)
				}
			}
		})
	}
	wg.Wait()
	if strings.Contains(h.logs.String(), `"level":"ERROR"`) {
		t.Errorf("the server logged errors: %s", h.logs.String())
	}
}

// TestCancelledCalculationIsNoFault sends calculations whose client has
// gone (the request's context cancelled) to each calculation route: the
// engine stops with the context's error, which is the client's doing and
// not a fault of the server, so it is logged without an ERROR, counted
// as 499 (client closed request) and not as a 500; and the answers after
// it are the kept ones.
func TestCancelledCalculationIsNoFault(t *testing.T) {
	h := newHarness(t)
	bodies := map[string][]byte{
		"/api/v2/supplies":    mixedBody(t, "sale-us-ca-los-angeles-quotation", 50, nil),
		"/api/v2/procurement": mixedBody(t, "purchase-us-invoice-verification", 50, nil),
		"/api/v2/owner":       mixedBody(t, "owner-us-asset-movement", 50, map[string]any{"postToJournal": false}),
	}
	for path, body := range bodies {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		req := httptest.NewRequestWithContext(ctx, http.MethodPost, path, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		h.api.Handler().ServeHTTP(rec, req)
		if rec.Code != 499 {
			t.Errorf("%s cancelled: status %d, want 499: %s", path, rec.Code, rec.Body)
		}
	}
	logs := h.logs.String()
	if strings.Contains(logs, `"level":"ERROR"`) || strings.Contains(logs, `"status":500`) {
		t.Errorf("a cancelled calculation was logged as the server's fault:\n%s", logs)
	}
	if n := strings.Count(logs, `"status":499`); n != len(bodies) {
		t.Errorf("%d cancelled calculations logged with status 499, want %d:\n%s", n, len(bodies), logs)
	}
	want, err := keptAnswer(testEngine(t), (*engine.Engine).Sale)(levy.DefaultTenant, bodies["/api/v2/supplies"])
	if err != nil {
		t.Fatal(err)
	}
	if got := string(rawData(t, h.do(http.MethodPost, "/api/v2/supplies", bytes.NewReader(bodies["/api/v2/supplies"])))); got != want {
		t.Errorf("after cancelled calculations: lent\n%s\nkept\n%s", got, want)
	}
}

// TestClientGoneMidCalculation sends a large QUOTATION over a raw
// connection and closes it without reading the answer, so that the
// server sees its client gone while it calculates or writes: nothing is
// logged as the server's fault, whichever of the two it was, and the
// answers after it, on the same engine, are the kept ones.
func TestClientGoneMidCalculation(t *testing.T) {
	h := newHarness(t)
	body := mixedBody(t, "sale-us-ca-los-angeles-quotation", 1200, nil)
	const sent = 3
	var handled sync.WaitGroup
	handled.Add(sent)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer handled.Done()
		h.api.Handler().ServeHTTP(w, r)
	}))
	defer srv.Close()
	for range sent {
		conn, err := net.Dial("tcp", srv.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(conn, "POST /api/v2/supplies HTTP/1.1\r\nHost: levy\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", len(body))
		if _, err := conn.Write(body); err != nil {
			t.Fatal(err)
		}
		conn.Close()
	}
	handled.Wait()
	logs := h.logs.String()
	if strings.Contains(logs, `"level":"ERROR"`) || strings.Contains(logs, `"status":500`) {
		t.Errorf("a client gone mid-calculation was logged as the server's fault:\n%s", logs)
	}
	if n := strings.Count(logs, `"route":"POST /api/v2/supplies"`); n != sent {
		t.Errorf("%d calculations logged, want %d:\n%s", n, sent, logs)
	}
	want, err := keptAnswer(testEngine(t), (*engine.Engine).Sale)(levy.DefaultTenant, body)
	if err != nil {
		t.Fatal(err)
	}
	if got := string(rawData(t, h.do(http.MethodPost, "/api/v2/supplies", bytes.NewReader(body)))); got != want {
		t.Errorf("after clients gone: lent\n%s\nkept\n%s", got, want)
	}
}
