package stress

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/levytax/levy/benchmarks/loadgen"
)

// quotation is a two-line sale from Seattle to Los Angeles.
const quotation = `{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"2026-06-01",
 "seller":{"company":"ACME","physicalOrigin":{"city":"Seattle","mainDivision":"WA","postalCode":"98101","country":"US"}},
 "customer":{"customerCode":{"value":"C-1"},"destination":{"streetAddress1":"200 N Spring St","city":"Los Angeles","mainDivision":"CA","postalCode":"90012","country":"US"}},
 "lineItems":[{"lineItemId":"1","product":{"productClass":"GENERAL","value":"SKU-1"},"quantity":{"value":2},"unitPrice":19.99},
  {"lineItemId":"2","product":{"productClass":"CLOTHING","value":"SKU-2"},"quantity":{"value":1},"unitPrice":50}]}`

// invoicePrefix and invoiceSuffix surround an invoice's transaction ID.
const (
	invoicePrefix = `{"saleMessageType":"INVOICE","transactionId":"`
	invoiceSuffix = `","transactionType":"SALE","documentDate":"2026-06-01",
 "seller":{"company":"ACME","physicalOrigin":{"city":"Seattle","mainDivision":"WA","postalCode":"98101","country":"US"}},
 "customer":{"customerCode":{"value":"C-1"},"destination":{"streetAddress1":"350 5th Ave","city":"New York","mainDivision":"NY","postalCode":"10118","country":"US"}},
 "lineItems":[{"lineItemId":"1","product":{"productClass":"GENERAL","value":"SKU-1"},"quantity":{"value":3},"unitPrice":12.5}]}`
)

const (
	addressLookup     = `{"postalAddress":{"streetAddress1":"350 5th Ave","city":"New York","mainDivision":"NY","postalCode":"10118"},"asOfDate":"2026-06-01"}`
	coordinatesLookup = `{"coordinates":{"latitude":34.0522,"longitude":-118.2437}}`
)

// The kinds of request of the mix, as loadgen.Result.Kinds names them.
const (
	KindQuotation   = "quotation"
	KindInvoice     = "invoice"
	KindAddress     = "address lookup"
	KindCoordinates = "coordinates lookup"
	KindToken       = "token"
	KindEInvoice    = "e-invoice"
)

// Kinds lists every kind of request of the mix.
var Kinds = []string{KindQuotation, KindInvoice, KindAddress, KindCoordinates, KindToken, KindEInvoice}

// Acknowledged collects what the servers acknowledged during a run: the
// transaction IDs of the invoices they answered 200 and the e-invoicing
// documents they answered 202, with when each document was sent and
// when its answer came. It is safe for concurrent use.
type Acknowledged struct {
	mu        sync.Mutex
	Invoices  []string
	Documents []string
	times     map[string]span // by document ID
}

// span is when a request was sent and when its answer came, in
// nanoseconds of the wall clock, the clock the servers on the same
// machine use.
type span struct{ sent, answered int64 }

func (a *Acknowledged) invoice(sent []byte, _ time.Time, status int, _ []byte) {
	if status != http.StatusOK {
		return
	}
	id, _, _ := bytes.Cut(bytes.TrimPrefix(sent, []byte(invoicePrefix)), []byte(`"`))
	a.mu.Lock()
	a.Invoices = append(a.Invoices, string(id))
	a.mu.Unlock()
}

func (a *Acknowledged) document(_ []byte, at time.Time, status int, body []byte) {
	answered := time.Now().UnixNano()
	if status != http.StatusAccepted {
		return
	}
	var ans struct {
		Data struct {
			DocumentID string `json:"documentId"`
		} `json:"data"`
	}
	if json.Unmarshal(body, &ans) != nil || ans.Data.DocumentID == "" {
		return
	}
	a.mu.Lock()
	a.Documents = append(a.Documents, ans.Data.DocumentID)
	if a.times == nil {
		a.times = map[string]span{}
	}
	a.times[ans.Data.DocumentID] = span{at.UnixNano(), answered}
	a.mu.Unlock()
}

// Snapshot returns copies of the lists.
func (a *Acknowledged) Snapshot() (invoices, documents []string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]string(nil), a.Invoices...), append([]string(nil), a.Documents...)
}

// submitted returns when a document was sent and when it was
// acknowledged, if it was.
func (a *Acknowledged) submitted(documentID string) (span, bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	s, ok := a.times[documentID]
	return s, ok
}

// Target is where the requests of a mix go, and with what credentials.
type Target struct {
	// Bases are the base URLs of the nodes (http://127.0.0.1:PORT). Each
	// client sends its requests to them in turn.
	Bases []string
	// Token is the bearer token of every request but the token requests.
	Token string
	// TokenForm makes the body of a token request from its sequence
	// number in the run.
	TokenForm func(seq int64) []byte
	// Tokens, when set, receives the answers of the token requests, and
	// refusals (400 and 429) count as answers, not errors: it sorts them
	// out itself. Without it, only a token counts as an answer.
	Tokens func(sent []byte, at time.Time, status int, body []byte)
}

// Mix is the realistic mix of a run against t: for every 12 requests,
// 4 quotations, 2 invoices (each with a transaction ID of its own), 2
// address and 1 coordinate lookups, 1 token request and 2 e-invoice
// submissions (UBL 2.1, each with an invoice number of its own). run
// names the run, so that its IDs are unique. With kinds, only those
// kinds of request are kept (KindQuotation, ...). With several nodes,
// the mix holds each of its requests once for each node, in an order
// that sends a client's successive requests to successive nodes.
func Mix(t Target, run string, ubl []byte, ack *Acknowledged, kinds ...string) []loadgen.Request {
	auth := http.Header{"Authorization": {"Bearer " + t.Token}, "Content-Type": {"application/json"}}
	xml := http.Header{"Authorization": {"Bearer " + t.Token}, "Content-Type": {"application/xml"}}
	form := http.Header{"Content-Type": {"application/x-www-form-urlencoded"}}
	q := loadgen.Request{Name: KindQuotation, Method: "POST", URL: "/api/v2/supplies", Header: auth, Body: []byte(quotation)}
	inv := loadgen.Request{Name: KindInvoice, Method: "POST", URL: "/api/v2/supplies", Header: auth, Record: ack.invoice,
		BodyFunc: func(seq int64) []byte {
			return []byte(invoicePrefix + run + "-" + strconv.FormatInt(seq, 10) + invoiceSuffix)
		}}
	addr := loadgen.Request{Name: KindAddress, Method: "POST", URL: "/api/v2/address-lookup", Header: auth, Body: []byte(addressLookup)}
	pt := loadgen.Request{Name: KindCoordinates, Method: "POST", URL: "/api/v2/coordinates-lookup", Header: auth, Body: []byte(coordinatesLookup)}
	tok := loadgen.Request{Name: KindToken, Method: "POST", URL: "/oauth/token", Header: form, BodyFunc: t.TokenForm}
	if t.Tokens != nil {
		tok.Record, tok.Also = t.Tokens, []int{http.StatusBadRequest, http.StatusTooManyRequests}
	}
	doc := loadgen.Request{Name: KindEInvoice, Method: "POST", URL: "/einvoicing/v1/documents", Header: xml, Want: http.StatusAccepted,
		Record: ack.document, BodyFunc: func(seq int64) []byte {
			return bytes.Replace(ubl, []byte("<cbc:ID>LVY-2026-0042</cbc:ID>"), fmt.Appendf(nil, "<cbc:ID>%s-%d</cbc:ID>", run, seq), 1)
		}}
	mix := []loadgen.Request{q, inv, addr, doc, q, pt, tok, q, inv, addr, doc, q}
	if len(kinds) > 0 {
		mix = slices.DeleteFunc(mix, func(r loadgen.Request) bool { return !slices.Contains(kinds, r.Name) })
	}
	return spread(mix, t.Bases)
}

// spread makes the requests of mix, whose URLs are paths, go to every
// base: request j of the result is request j of the mix (cyclically) at
// base (j + j/len(mix)) mod len(bases), so that successive requests go
// to successive bases and each request of the mix goes to every base.
func spread(mix []loadgen.Request, bases []string) []loadgen.Request {
	if len(mix) == 0 {
		return nil
	}
	out := make([]loadgen.Request, 0, len(mix)*len(bases))
	for j := range len(mix) * len(bases) {
		r := mix[j%len(mix)]
		r.URL = bases[(j+j/len(mix))%len(bases)] + r.URL
		out = append(out, r)
	}
	return out
}

// Connect adds a webhook connection of every status to each URL of the
// sink, through the node at base.
func Connect(ctx context.Context, base, token string, sink *Sink) error {
	for _, u := range sink.URLs {
		body := fmt.Sprintf(`{"targetUrl":%q,"secretKey":%q,"events":"all"}`, u, sink.Secret)
		req, err := http.NewRequestWithContext(ctx, "POST", base+"/einvoicing/v1/webhooks", bytes.NewReader([]byte(body)))
		if err != nil {
			return err
		}
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return fmt.Errorf("webhook connection: %w", err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusCreated {
			return fmt.Errorf("webhook connection: %s", resp.Status)
		}
	}
	return nil
}
