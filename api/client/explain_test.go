package client_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api/client"
	"github.com/levytax/levy/wire"
)

// TestExplainSameAsEngine explains every golden request in-process and
// through the client, against the real server on loopback, and expects
// the same response and the same explanation, reasons included.
func TestExplainSameAsEngine(t *testing.T) {
	e, c := setup(t)
	files, _ := filepath.Glob("../../engine/testdata/golden/*.request.json")
	if len(files) == 0 {
		t.Fatal("no golden requests")
	}
	taxes, reasons := 0, 0
	count := func(ex wire.Explanation) {
		for _, l := range ex {
			for _, x := range l.Taxes {
				taxes++
				if x.Reason != "" && x.RuleID != "" {
					reasons++
				}
			}
		}
	}
	for _, f := range files {
		body, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimSuffix(filepath.Base(f), ".request.json")
		switch {
		case strings.HasPrefix(name, "sale-"):
			count(sameExplanation(t, name, body, e.ExplainSale, c.ExplainSale))
		case strings.HasPrefix(name, "purchase-"):
			count(sameExplanation(t, name, body, e.ExplainPurchase, c.ExplainPurchase))
		case strings.HasPrefix(name, "owner-"):
			count(sameExplanation(t, name, body, e.ExplainOwner, c.ExplainOwner))
		}
	}
	// The comparison must have had something to compare.
	if taxes < 50 || reasons < taxes/2 {
		t.Errorf("the golden requests explained %d taxes, %d with a rule and a reason", taxes, reasons)
	}
	t.Logf("%d golden requests, %d taxes explained, %d with a rule and a reason", len(files), taxes, reasons)
}

// sameExplanation decodes body twice, explains it with local and with
// remote, and expects the same response, byte for byte as JSON, and the
// same explanation; it returns the remote explanation.
func sameExplanation[Req, Resp any](t *testing.T, name string, body []byte,
	local, remote func(context.Context, *Req) (*Resp, wire.Explanation, error)) wire.Explanation {
	t.Helper()
	var r1, r2 Req
	if err := json.Unmarshal(body, &r1); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(body, &r2); err != nil {
		t.Fatal(err)
	}
	a, ex1, err1 := local(context.Background(), &r1)
	b, ex2, err2 := remote(context.Background(), &r2)
	if err1 != nil || err2 != nil {
		t.Fatalf("%s: %v / %v", name, err1, err2)
	}
	sameJSON(t, name, a, b)
	if len(ex2) == 0 {
		t.Errorf("%s: the client returned no explained lines", name)
	}
	if !reflect.DeepEqual(ex1, ex2) {
		x1, _ := json.Marshal(ex1)
		x2, _ := json.Marshal(ex2)
		t.Errorf("%s: in-process and remote explanations differ:\n%s\n%s", name, x1, x2)
	}
	return ex2
}

// TestExplainStoresNothingRemotely explains an INVOICE through the
// client: the server stores nothing, and the response keeps the
// request's transactionId; the same invoice through Sale is stored.
func TestExplainStoresNothingRemotely(t *testing.T) {
	_, c := setup(t)
	ctx := context.Background()
	invoice := func() *wire.SaleRequest {
		var req wire.SaleRequest
		body, err := os.ReadFile("../../engine/testdata/sale_invoice.json")
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(body, &req); err != nil {
			t.Fatal(err)
		}
		req.TransactionID = "explained-1"
		return &req
	}
	resp, ex, err := c.ExplainSale(ctx, invoice())
	if err != nil {
		t.Fatal(err)
	}
	if resp.TransactionID != "explained-1" || len(ex) == 0 {
		t.Fatalf("explained invoice: transactionId %q, %d lines", resp.TransactionID, len(ex))
	}
	if ok, err := c.TransactionExists(ctx, "explained-1"); err != nil || ok {
		t.Fatalf("after an explanation, exists = %v %v", ok, err)
	}
	if _, err := c.Sale(ctx, invoice()); err != nil {
		t.Fatal(err)
	}
	if ok, err := c.TransactionExists(ctx, "explained-1"); err != nil || !ok {
		t.Fatalf("after Sale, exists = %v %v", ok, err)
	}
}

// errorFields lists an error's code and field, one per error it holds.
func errorFields(err error) []string {
	var out []string
	var list levy.Errors
	var one *levy.Error
	switch {
	case errors.As(err, &list):
		for _, x := range list {
			out = append(out, x.Code+" "+x.Field+" "+x.Message)
		}
	case errors.As(err, &one):
		out = append(out, one.Code+" "+one.Field+" "+one.Message)
	}
	return out
}

// TestExplainSameErrors sends bad requests to the explain routes through
// the client and expects the errors that Sale, Purchase and Owner give
// through the client and that the engine's Explain methods give
// in-process: the same codes, fields and messages.
func TestExplainSameErrors(t *testing.T) {
	e, c := setup(t)
	ctx := context.Background()
	sales := map[string]func() *wire.SaleRequest{
		"violations": func() *wire.SaleRequest {
			return &wire.SaleRequest{SaleMessageType: "ESTIMATE", TransactionType: "SALE", DocumentNumber: strings.Repeat("9", 51)}
		},
		"empty": func() *wire.SaleRequest { return &wire.SaleRequest{} },
	}
	for name, bad := range sales {
		_, err1 := c.Sale(ctx, bad())
		_, _, err2 := c.ExplainSale(ctx, bad())
		_, _, err3 := e.ExplainSale(ctx, bad())
		f1, f2, f3 := errorFields(err1), errorFields(err2), errorFields(err3)
		if len(f1) == 0 || !reflect.DeepEqual(f1, f2) || !reflect.DeepEqual(f2, f3) {
			t.Errorf("sale %s: Sale %v, remote ExplainSale %v, in-process ExplainSale %v", name, f1, f2, f3)
		}
		if levy.ErrorCode(err2) != levy.EInvalid {
			t.Errorf("sale %s: code %q, want %q: %v", name, levy.ErrorCode(err2), levy.EInvalid, err2)
		}
	}
	badPurchase := func() *wire.PurchaseRequest {
		return &wire.PurchaseRequest{PurchaseMessageType: "ESTIMATE", TransactionType: "PURCHASE"}
	}
	_, err1 := c.Purchase(ctx, badPurchase())
	_, _, err2 := c.ExplainPurchase(ctx, badPurchase())
	if f1, f2 := errorFields(err1), errorFields(err2); len(f1) == 0 || !reflect.DeepEqual(f1, f2) {
		t.Errorf("purchase: Purchase %v, ExplainPurchase %v", f1, f2)
	}
	badOwner := func() *wire.OwnerRequest { return &wire.OwnerRequest{OwnerMessageType: "ESTIMATE"} }
	_, err1 = c.Owner(ctx, badOwner())
	_, _, err2 = c.ExplainOwner(ctx, badOwner())
	if f1, f2 := errorFields(err1), errorFields(err2); len(f1) == 0 || !reflect.DeepEqual(f1, f2) {
		t.Errorf("owner: Owner %v, ExplainOwner %v", f1, f2)
	}
	// A nil request is refused before it is sent, as Sale refuses it.
	_, err1 = c.Sale(ctx, nil)
	_, _, err2 = c.ExplainSale(ctx, nil)
	if f1, f2 := errorFields(err1), errorFields(err2); len(f1) == 0 || !reflect.DeepEqual(f1, f2) {
		t.Errorf("nil sale: Sale %v, ExplainSale %v", f1, f2)
	}

	dead, _ := client.New("http://127.0.0.1:1/api/v2")
	if _, _, err := dead.ExplainSale(ctx, sales["empty"]()); err == nil || levy.ErrorCode(err) != levy.EUnavailable {
		t.Errorf("unreachable server: %v", err)
	}
}

// TestExplainAnswerWithoutResponse: a server that answers 200 without a
// response gets an error, not a nil response with a nil error.
func TestExplainAnswerWithoutResponse(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"data":{"explanation":[]}}`))
	}))
	t.Cleanup(srv.Close)
	c, err := client.New(srv.URL+"/api/v2", client.WithHTTPClient(srv.Client()))
	if err != nil {
		t.Fatal(err)
	}
	resp, _, err := c.ExplainOwner(context.Background(), &wire.OwnerRequest{})
	if err == nil || resp != nil || !strings.Contains(err.Error(), "/explain/owner") {
		t.Errorf("an answer without a response: %v %v", resp, err)
	}
}
