package stress

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"sync"

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

// Acknowledged collects what the server acknowledged during a run: the
// transaction IDs of the invoices it answered 200 and the e-invoicing
// documents it answered 202. It is safe for concurrent use.
type Acknowledged struct {
	mu        sync.Mutex
	Invoices  []string
	Documents []string
}

func (a *Acknowledged) invoice(sent []byte, status int, _ []byte) {
	if status != http.StatusOK {
		return
	}
	id, _, _ := bytes.Cut(bytes.TrimPrefix(sent, []byte(invoicePrefix)), []byte(`"`))
	a.mu.Lock()
	a.Invoices = append(a.Invoices, string(id))
	a.mu.Unlock()
}

func (a *Acknowledged) document(_ []byte, status int, body []byte) {
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
	a.mu.Unlock()
}

// Snapshot returns copies of the lists.
func (a *Acknowledged) Snapshot() (invoices, documents []string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]string(nil), a.Invoices...), append([]string(nil), a.Documents...)
}

// Mix is the realistic mix of a run against s with token: for every 12
// requests, 4 quotations, 2 invoices (each with a transaction ID of its
// own), 2 address and 1 coordinate lookups, 1 token request and 2
// e-invoice submissions (UBL 2.1, each with an invoice number of its
// own). run names the run, so that its IDs are unique.
func Mix(s *Server, token, run string, ubl []byte, ack *Acknowledged) []loadgen.Request {
	auth := http.Header{"Authorization": {"Bearer " + token}, "Content-Type": {"application/json"}}
	xml := http.Header{"Authorization": {"Bearer " + token}, "Content-Type": {"application/xml"}}
	form := http.Header{"Content-Type": {"application/x-www-form-urlencoded"}}
	q := loadgen.Request{Name: "quotation", Method: "POST", URL: s.Base + "/api/v2/supplies", Header: auth, Body: []byte(quotation)}
	inv := loadgen.Request{Name: "invoice", Method: "POST", URL: s.Base + "/api/v2/supplies", Header: auth, Record: ack.invoice,
		BodyFunc: func(seq int64) []byte {
			return []byte(invoicePrefix + run + "-" + strconv.FormatInt(seq, 10) + invoiceSuffix)
		}}
	addr := loadgen.Request{Name: "address lookup", Method: "POST", URL: s.Base + "/api/v2/address-lookup", Header: auth, Body: []byte(addressLookup)}
	pt := loadgen.Request{Name: "coordinates lookup", Method: "POST", URL: s.Base + "/api/v2/coordinates-lookup", Header: auth, Body: []byte(coordinatesLookup)}
	tok := loadgen.Request{Name: "token", Method: "POST", URL: s.Base + "/oauth/token", Header: form, Body: s.TokenForm()}
	doc := loadgen.Request{Name: "e-invoice", Method: "POST", URL: s.Base + "/einvoicing/v1/documents", Header: xml, Want: http.StatusAccepted,
		Record: ack.document, BodyFunc: func(seq int64) []byte {
			return bytes.Replace(ubl, []byte("<cbc:ID>LVY-2026-0042</cbc:ID>"), fmt.Appendf(nil, "<cbc:ID>%s-%d</cbc:ID>", run, seq), 1)
		}}
	return []loadgen.Request{q, inv, addr, doc, q, pt, tok, q, inv, addr, doc, q}
}

// Connect adds a webhook connection of every status to sink.
func Connect(s *Server, token string, sink *Sink) error {
	body := fmt.Sprintf(`{"targetUrl":%q,"secretKey":%q,"events":"all"}`, sink.URL, sink.Secret)
	req, _ := http.NewRequest("POST", s.Base+"/einvoicing/v1/webhooks", bytes.NewReader([]byte(body)))
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		return fmt.Errorf("webhook connection: %s", resp.Status)
	}
	return nil
}
