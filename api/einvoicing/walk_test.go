package einvoicing

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/einvoice/ubl"
	"github.com/levytax/levy/einvoice/webhook"
	"github.com/levytax/levy/wire"
)

// walkSaleBody returns germanSale under id with a second line of books at 7%, to a Belgian
// business in Brussels (an intra-community supply of goods) when belgian.
func walkSaleBody(id string, belgian bool) string {
	s := strings.Replace(germanSale, "%s", id, 1)
	s = strings.Replace(s, `"extendedPrice": 180.00}]`, `"extendedPrice": 180.00}, {"lineItemId": "2", "lineItemDescription": "Manual", "product": {"productClass": "BOOKS"}, "extendedPrice": 20.00}]`, 1)
	if belgian {
		s = strings.NewReplacer(`"customerName": "Stadtwerke Halle GmbH"`, `"customerCode": {"value": "BH", "isBusinessIndicator": true}, "customerName": "Brabant Handel NV", "taxRegistrations": [{"isoCountryCode": "BE", "taxRegistrationNumber": "BE0403019261", "taxRegistrationType": "VAT Registration"}]`,
			`"streetAddress1": "Bornknechtstrasse 5", "city": "Halle", "postalCode": "06108", "country": "DE"`, `"streetAddress1": "Rue Neuve 1", "city": "Bruxelles", "postalCode": "1000", "country": "BE"`).Replace(s)
	}
	return s
}

// TestWalkSubmitJournaledSales: a business submits the e-invoices of its
// journaled sales while its webhook receiver is down, then up again.
// The German invoice (19% and 7%) and the Peppol invoice to a Belgian
// buyer (0208) are delivered, their events reach the receiver signed
// and in the order of their statuses after the retries, and the content
// Levy answers is the rendered document with its VAT breakdown. The same
// e-invoice submitted again answers the first document; a credit note of
// the reversed invoice is a document of its own, type 381.
func TestWalkSubmitJournaledSales(t *testing.T) {
	j, e := journaledEngine(t)
	h := newStrictHarness(t, einvoice.Config{AllowPrivateTargets: true, MinBackoff: 10 * time.Millisecond, MaxBackoff: 40 * time.Millisecond, MaxAttempts: 20}, WithJournal(j))
	calcSale(t, e, "acme", walkSaleBody("DE-1", false))
	calcSale(t, e, "acme", walkSaleBody("BE-1", true))

	// The receiver refuses the first 4 requests with 503, then verifies
	// each event's signature and keeps it.
	var mu sync.Mutex
	var got []webhook.Event
	var refused atomic.Int32
	mux := http.NewServeMux()
	srv := httptest.NewServer(mux)
	defer srv.Close()
	targetURL := srv.URL + "/events"
	rcv, err := webhook.NewReceiver([]byte(secret), targetURL, func(_ context.Context, ev webhook.Event, _ []byte) error {
		mu.Lock()
		got = append(got, ev)
		mu.Unlock()
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	mux.HandleFunc("/events", func(w http.ResponseWriter, r *http.Request) {
		if refused.Add(1) <= 4 {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		rcv.ServeHTTP(w, r)
	})
	conn := `{"targetUrl":"` + targetURL + `","secretKey":"` + secret + `","events":"all"}`
	if a := h.do("POST", "/einvoicing/v1/webhooks", "acme", []byte(conn), "Content-Type", "application/json"); a.status != 201 {
		t.Fatalf("create webhook: %d %s", a.status, a.body)
	}

	submit := func(id, opts string) (answer, einvoice.Document) {
		t.Helper()
		a := h.do("POST", "/einvoicing/v1/transactions/"+id+"/submit", "acme", []byte(opts), "Content-Type", "application/json")
		if a.status != 202 && a.status != 200 {
			t.Fatalf("submit %s: %d %s", id, a.status, a.body)
		}
		return a, data[einvoice.Document](t, a)
	}
	peppol := `{"sellerEndpoint":"9930:DE813495721","buyerEndpoint":"0208:0403019261","buyerReference":"PO-88","dueDate":"2026-10-01"}`
	a, de := submit("DE-1", `{}`)
	if a.status != 202 {
		t.Errorf("DE-1 submitted: %d", a.status)
	}
	a, be := submit("BE-1", peppol)
	if a.status != 202 {
		t.Errorf("BE-1 submitted: %d", a.status)
	}
	if again, doc := submit("DE-1", `{}`); again.status != 200 || doc.DocumentID != de.DocumentID {
		t.Errorf("DE-1 submitted again: %d, document %s, want %s", again.status, doc.DocumentID, de.DocumentID)
	}

	for _, c := range []struct {
		doc       einvoice.Document
		breakdown map[string]string // category and rate: taxable, tax
		peppol    bool
	}{
		{de, map[string]string{"S 19": "180.00 34.20", "S 7": "20.00 1.40"}, false},
		{be, map[string]string{"K 0": "200.00 0.00"}, true},
	} {
		if final := h.waitFinal(c.doc.DocumentID); final.Status != "Completed" {
			t.Fatalf("%s: %s %+v", c.doc.DocumentNumber, final.Status, final.ErrorDetail)
		}
		a := h.do("GET", "/einvoicing/v1/documents/"+c.doc.DocumentID+"/content", "acme", nil)
		d, err := ubl.Read(a.body)
		if a.status != 200 || err != nil {
			t.Fatalf("content: %d %v", a.status, err)
		}
		if ps := d.Check(); ubl.HasFatal(ps) || d.IsPeppol() != c.peppol {
			t.Errorf("%s: Peppol %v, %v", d.ID, d.IsPeppol(), ps)
		}
		got := map[string]string{}
		for _, s := range d.TaxTotals[0].Subtotals {
			got[s.Category.ID+" "+s.Category.Percent.Value.String()] = s.TaxableAmount.Value.StringFixed(2) + " " + s.TaxAmount.Value.StringFixed(2)
		}
		if len(got) != len(c.breakdown) {
			t.Errorf("%s: breakdown %v, want %v", d.ID, got, c.breakdown)
		}
		for k, v := range c.breakdown {
			if got[k] != v {
				t.Errorf("%s: breakdown %v, want %v", d.ID, got, c.breakdown)
			}
		}
		if c.peppol && (d.Customer.Address() != "0208:0403019261" || d.Customer.VATID != "BE0403019261") {
			t.Errorf("%s: buyer %+v", d.ID, d.Customer)
		}
	}

	// The credit note of the reversed German invoice.
	ctx := levy.WithTenant(context.Background(), "acme")
	if _, err := e.ReverseTransaction(ctx, "DE-1", wire.ReversalRequest{TransactionID: "DE-1-CN", DocumentNumber: "GS-2026-1", PostingDate: civil.MustParse("2026-09-20")}); err != nil {
		t.Fatal(err)
	}
	_, cn := submit("DE-1-CN", `{}`)
	if cn.DocumentID == de.DocumentID {
		t.Fatal("the credit note answered the invoice's document")
	}
	if final := h.waitFinal(cn.DocumentID); final.Status != "Completed" {
		t.Fatalf("credit note: %s %+v", final.Status, final.ErrorDetail)
	}
	a = h.do("GET", "/einvoicing/v1/documents/"+cn.DocumentID+"/content", "acme", nil)
	d, err := ubl.Read(a.body)
	if err != nil || d.Kind != ubl.KindCreditNote || d.TypeCode != "381" || d.ID != "GS-2026-1" || !strings.Contains(string(a.body), "<cbc:ID>2026-0815</cbc:ID>") {
		t.Errorf("credit note %v: %s %s %s\n%s", err, d.Kind, d.TypeCode, d.ID, a.body)
	}

	// Every event arrives, signed, once the receiver is up; each
	// document's first receipts are in the order of its statuses.
	waitFor(t, "9 events", func() bool {
		mu.Lock()
		defer mu.Unlock()
		firsts := map[string]bool{}
		for _, ev := range got {
			firsts[ev.DocumentID+ev.Status] = true
		}
		return len(firsts) == 9
	})
	if refused.Load() < 5 {
		t.Errorf("the receiver was asked %d times", refused.Load())
	}
	mu.Lock()
	defer mu.Unlock()
	seen := map[string][]string{}
	for _, ev := range got {
		if s := seen[ev.DocumentID]; len(s) == 0 || s[len(s)-1] != ev.Status {
			seen[ev.DocumentID] = append(s, ev.Status)
		}
	}
	for _, id := range []string{de.DocumentID, be.DocumentID, cn.DocumentID} {
		if strings.Join(seen[id], ",") != "Pending,In Progress,Completed" {
			t.Errorf("document %s: events %v", id, seen[id])
		}
	}
	if dl := data[[]einvoice.DeadLetter](t, h.do("GET", "/admin/v1/einvoicing/dead-letters?tenant=acme", "admin", nil)); len(dl) != 0 {
		t.Errorf("dead letters %+v", dl)
	}
}
