package einvoicing

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/einvoice/webhook"
)

// TestEveryEventCarriesIssueDate replays the review's finding Low 11: the
// first event of a document, Pending, had no issueDate, which the event's
// interface lists, since only pre-processing read the date. Documents
// are submitted over HTTP and their events received by a receiver built
// with package webhook on loopback: every event of every kind (Pending,
// In Progress, Completed; Processing Issue; Error) carries the
// document's issue date, as its record does from the answer to the
// submission on. A document without a readable issue date has none on
// any event.
func TestEveryEventCarriesIssueDate(t *testing.T) {
	h := newHarness(t, einvoice.Config{})
	var mu sync.Mutex
	raws := map[string][][]byte{} // the bodies of the events, by document ID
	mux := http.NewServeMux()
	rcvSrv := httptest.NewServer(mux)
	t.Cleanup(rcvSrv.Close)
	targetURL := rcvSrv.URL + "/levy-events"
	rcv, err := webhook.NewReceiver([]byte(secret), targetURL, func(_ context.Context, ev webhook.Event, raw []byte) error {
		mu.Lock()
		raws[ev.DocumentID] = append(raws[ev.DocumentID], bytes.Clone(raw))
		mu.Unlock()
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	mux.Handle("/levy-events", rcv)
	for _, meta := range []string{"true", "false"} {
		conn := `{"targetUrl":"` + targetURL + `","secretKey":"` + secret + `","events":"all","includeMetadata":` + meta + `}`
		if a := h.do("POST", "/einvoicing/v1/webhooks", "acme", []byte(conn), "Content-Type", "application/json"); a.status != 201 {
			t.Fatalf("create webhook: %d %s", a.status, a.body)
		}
	}
	doc := invoice(t)
	for _, tc := range []struct {
		name     string
		content  []byte
		statuses []string
		date     string
	}{
		{"a valid invoice", doc, []string{"Pending", "In Progress", "Completed"}, "2026-11-20"},
		{"an invoice without its currency", bytes.Replace(doc, []byte("<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>"), nil, 1),
			[]string{"Pending", "In Progress", "Error"}, "2026-11-20"},
		{"an invoice with an amount that is no number", bytes.Replace(doc, []byte(`<cbc:PayableAmount currencyID="EUR">281.25<`), []byte(`<cbc:PayableAmount currencyID="EUR">281,25<`), 1),
			[]string{"Pending", "Processing Issue"}, "2026-11-20"},
		{"an invoice with a bad GLN", bytes.Replace(doc, []byte("5790000435975"), []byte("5790000435976"), 1),
			[]string{"Pending", "In Progress", "Error"}, "2026-11-20"},
		{"an invoice without an issue date", bytes.Replace(doc, []byte("<cbc:IssueDate>2026-11-20</cbc:IssueDate>"), nil, 1),
			[]string{"Pending", "In Progress", "Error"}, ""},
		{"an invoice with an issue date that is no date", bytes.Replace(doc, []byte("2026-11-20</cbc:IssueDate>"), []byte("2026-02-30</cbc:IssueDate>"), 1),
			[]string{"Pending", "In Progress", "Error"}, ""},
	} {
		a := h.do("POST", "/einvoicing/v1/documents", "acme", tc.content, "Content-Type", "application/xml")
		d := data[einvoice.Document](t, a)
		if a.status != http.StatusAccepted {
			t.Fatalf("%s: submitted %d %s", tc.name, a.status, a.body)
		}
		if d.IssueDate != tc.date {
			t.Errorf("%s: the answer to the submission has issue date %q, want %q", tc.name, d.IssueDate, tc.date)
		}
		final := h.waitDocument(t, "acme", d.DocumentID)
		if final.Status != tc.statuses[len(tc.statuses)-1] || final.IssueDate != tc.date {
			t.Fatalf("%s: ended %s with issue date %q: %+v", tc.name, final.Status, final.IssueDate, final.ErrorDetail)
		}
		// Two connections, one event of each status for each.
		want := 2 * len(tc.statuses)
		deadline := time.Now().Add(10 * time.Second)
		for {
			mu.Lock()
			n := len(raws[d.DocumentID])
			mu.Unlock()
			if n >= want {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: the receiver accepted %d events, want %d", tc.name, n, want)
			}
			time.Sleep(10 * time.Millisecond)
		}
		mu.Lock()
		var statuses []string
		for _, raw := range raws[d.DocumentID] {
			var ev map[string]any
			if err := json.Unmarshal(raw, &ev); err != nil {
				t.Fatalf("%s: an event is not JSON: %s", tc.name, raw)
			}
			status, _ := ev["status"].(string)
			statuses = append(statuses, status)
			got, has := ev["issueDate"]
			switch {
			case tc.date == "" && has:
				t.Errorf("%s: the %s event has issueDate %v, from a document without a readable one", tc.name, status, got)
			case tc.date != "" && got != tc.date:
				t.Errorf("%s: the %s event has issueDate %v, want %s: %s", tc.name, status, got, tc.date, raw)
			}
		}
		mu.Unlock()
		slices.Sort(statuses)
		wantStatuses := slices.Concat(tc.statuses, tc.statuses)
		slices.Sort(wantStatuses)
		if !slices.Equal(statuses, wantStatuses) {
			t.Errorf("%s: events %v, want %v", tc.name, statuses, wantStatuses)
		}
	}
}
