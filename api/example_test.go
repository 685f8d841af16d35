package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/levytax/levy/api"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/wire"
)

// A host serves one engine over HTTP: New wraps it, and its Handler goes
// on any listener (here a loopback test server). A client posts a sale
// to /api/v2/supplies and reads the answer from the envelope's data.
func ExampleNew() {
	e, err := engine.New(context.Background())
	if err != nil {
		panic(err)
	}
	s, err := api.New(e, api.WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		panic(err)
	}
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()

	body := `{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"2026-06-01",
	 "seller":{"physicalOrigin":{"city":"Seattle","mainDivision":"WA","postalCode":"98101","country":"US"}},
	 "customer":{"destination":{"city":"Boston","mainDivision":"MA","postalCode":"02108","country":"US"}},
	 "lineItems":[{"lineItemId":"coat","product":{"productClass":"CLOTHING"},"extendedPrice":200},
	              {"lineItemId":"lamp","extendedPrice":40}]}`
	resp, err := srv.Client().Post(srv.URL+"/api/v2/supplies", "application/json", strings.NewReader(body))
	if err != nil {
		panic(err)
	}
	defer resp.Body.Close()
	var answer struct{ Data wire.SaleResponse }
	if err := json.NewDecoder(resp.Body).Decode(&answer); err != nil {
		panic(err)
	}
	fmt.Println(resp.StatusCode, http.StatusText(resp.StatusCode))
	for _, l := range answer.Data.LineItems {
		for _, t := range l.Taxes {
			fmt.Println(l.LineItemID, t.Jurisdiction.JurisdictionID, "tax", t.CalculatedTax, "rule", t.CalculationRuleID.Value)
		}
	}
	fmt.Println("total tax", answer.Data.TotalTax)
	// Output:
	// 200 OK
	// coat US-MA tax 1.56 rule us-ma-clothing
	// lamp US-MA tax 2.50 rule us-ma-general
	// total tax 4.06
}

// A request that the engine refuses is answered with an ErrorBody whose
// targets name the offending members, so that a client can point at them.
func ExampleNew_refused() {
	e, err := engine.New(context.Background())
	if err != nil {
		panic(err)
	}
	s, err := api.New(e, api.WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		panic(err)
	}
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()

	body := `{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"2026-06-01",
	 "customer":{"destination":{"city":"Boston","mainDivision":"MA","postalCode":"02108","country":"US"}},
	 "lineItems":[{"lineItemId":"coat","quantity":{"value":-1},"unitPrice":200}]}`
	resp, err := srv.Client().Post(srv.URL+"/api/v2/supplies", "application/json", strings.NewReader(body))
	if err != nil {
		panic(err)
	}
	defer resp.Body.Close()
	var answer api.ErrorBody
	if err := json.NewDecoder(resp.Body).Decode(&answer); err != nil {
		panic(err)
	}
	fmt.Println(resp.StatusCode)
	for _, item := range answer.Errors {
		fmt.Println(item.Code, item.Target)
	}
	// Output:
	// 400
	// invalid lineItems[0].quantity.value
}
