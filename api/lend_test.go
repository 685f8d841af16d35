package api

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/levytax/levy"
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

// TestLentAnswersOverHTTP sends QUOTATIONs of 1 to 40 lines from several
// clients at once (go test -race): each answer's data is the one the
// same request got alone, though the engine reuses the taxes of one
// answer for the next.
func TestLentAnswersOverHTTP(t *testing.T) {
	h := newHarness(t)
	sizes := []int{1, 7, 40, 2, 13}
	bodies := make([][]byte, len(sizes))
	want := make([]string, len(sizes))
	for i, n := range sizes {
		bodies[i] = quotationBody(t, "QUOTATION", "Q-"+strconv.Itoa(n), n)
		want[i] = string(rawData(t, h.do(http.MethodPost, "/api/v2/supplies", bytes.NewReader(bodies[i]))))
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
