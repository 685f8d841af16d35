package engine_test

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

func price(s string) *money.Amount {
	a, err := money.Parse(s)
	if err != nil {
		panic(err)
	}
	return &a
}

// The first quotation of the README: an engine, and a sale quoted with
// the constructors of the request's common parts. The README's program is
// this function's body as it stands (TestReadmeExample keeps them equal).
func Example_readme() {
	ctx := context.Background()
	e, err := engine.New(ctx) // loads the dataset and compiles the rules once
	if err != nil {
		panic(err)
	}
	resp, err := e.Sale(ctx, engine.Quotation("2026-06-01",
		engine.SellerAt(engine.USAddress("", "Seattle", "WA", "98101")),
		engine.CustomerAt(engine.USAddress("", "Boston", "MA", "02108")),
		engine.Line("coat", "CLOTHING", "200.00"),
		engine.Line("lamp", "GENERAL", "40.00")))
	if err != nil {
		panic(err)
	}
	fmt.Println("total tax", resp.TotalTax, "total", resp.Total)
	// Output:
	// total tax 4.06 total 244.06
}

// An application builds one Engine at start-up and calls it from any
// goroutine.
func Example() {
	e, err := engine.New(context.Background())
	if err != nil {
		panic(err)
	}
	resp, err := e.Sale(context.Background(), &wire.SaleRequest{
		SaleMessageType: wire.SaleQuotation,
		TransactionType: wire.TransactionTypeSale,
		DocumentDate:    civil.MustParse("2026-06-01"),
		Seller:          &wire.Seller{PhysicalOrigin: &wire.Location{City: "Seattle", MainDivision: "WA", PostalCode: "98101", Country: "US"}},
		Customer:        &wire.Customer{Destination: &wire.Location{City: "Boston", MainDivision: "MA", PostalCode: "02108", Country: "US"}},
		LineItems: []wire.SaleLineItem{
			{LineItemID: "coat", Product: &wire.Product{ProductClass: "CLOTHING"}, ExtendedPrice: price("200.00")},
			{LineItemID: "lamp", Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: price("40.00")},
		},
	})
	if err != nil {
		panic(err)
	}
	for _, l := range resp.LineItems {
		for _, t := range l.Taxes {
			fmt.Println(l.LineItemID, t.Jurisdiction.JurisdictionID, "taxable", t.Taxable, "tax", t.CalculatedTax, "rule", t.CalculationRuleID.Value)
		}
	}
	fmt.Println("total tax", resp.TotalTax, "total", resp.Total)
	// Output:
	// coat US-MA taxable 25.00 tax 1.56 rule us-ma-clothing
	// lamp US-MA taxable 40.00 tax 2.50 rule us-ma-general
	// total tax 4.06 total 244.06
}

// A price that includes VAT is split into net and tax; the two add up to
// the price exactly.
func ExampleEngine_Sale_taxIncluded() {
	e, err := engine.New(context.Background())
	if err != nil {
		panic(err)
	}
	resp, err := e.Sale(context.Background(), &wire.SaleRequest{
		SaleMessageType: wire.SaleInvoice,
		TransactionType: wire.TransactionTypeSale,
		DocumentDate:    civil.MustParse("2026-03-01"),
		Currency:        &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
		Seller:          &wire.Seller{PhysicalOrigin: &wire.Location{City: "Paris", PostalCode: "75001", Country: "FR"}},
		Customer:        &wire.Customer{Destination: &wire.Location{City: "Lyon", PostalCode: "69001", Country: "FR"}},
		LineItems: []wire.SaleLineItem{
			{Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: price("59.99"), TaxIncludedIndicator: true},
		},
	})
	if err != nil {
		panic(err)
	}
	l := resp.LineItems[0]
	fmt.Println("net", *l.ExtendedPrice, "VAT", l.TotalTax, "rate", l.Taxes[0].EffectiveRate)
	// Output:
	// net 49.99 VAT 10.00 rate 0.2
}

// A cart sold in Germany: the constructors build it, and the currency is
// named, since a request without one is in US dollars.
func ExampleAddress() {
	ctx := context.Background()
	e, err := engine.New(ctx)
	if err != nil {
		panic(err)
	}
	q := engine.Quotation("2026-06-01",
		engine.SellerAt(engine.Address("Berlin", "10115", "DE")),
		engine.CustomerAt(engine.Address("München", "80331", "DE")),
		engine.Line("book", "BOOKS", "20.00"),
		engine.Line("lamp", "GENERAL", "40.00"))
	q.Currency = engine.CurrencyCode("EUR")
	resp, err := e.Sale(ctx, q)
	if err != nil {
		panic(err)
	}
	for _, l := range resp.LineItems {
		fmt.Println(l.LineItemID, l.Taxes[0].Jurisdiction.JurisdictionID, "rate", l.Taxes[0].EffectiveRate, "tax", l.TotalTax)
	}
	fmt.Println(resp.Currency.ISOCurrencyCodeAlpha, "total tax", resp.TotalTax, "total", resp.Total)
	// Output:
	// book DE rate 0.07 tax 1.40
	// lamp DE rate 0.19 tax 7.60
	// EUR total tax 9.00 total 69.00
}

// A batch program calculates many requests on every core and reads the
// answers in the order of its requests; a bad request gets its error and
// the run goes on.
func ExampleEngine_Sales() {
	ctx := context.Background()
	e, err := engine.New(ctx)
	if err != nil {
		panic(err)
	}
	carts := func(yield func(*wire.SaleRequest) bool) {
		for _, zip := range []string{"98101", "02108", "", "10118"} {
			q := engine.Quotation("2026-06-01",
				engine.SellerAt(engine.USAddress("", "Seattle", "WA", "98101")),
				engine.CustomerAt(engine.USAddress("", "", "", zip)),
				engine.Line("1", "GENERAL", "100.00"))
			if zip == "" {
				q.LineItems = nil // a request without lines is refused
			}
			if !yield(q) {
				return
			}
		}
	}
	n := 0
	for resp, err := range e.Sales(ctx, carts, engine.Batch{Workers: 2}) {
		n++
		if err != nil {
			fmt.Println(n, "error:", err)
			continue
		}
		fmt.Println(n, "tax", resp.TotalTax)
	}
	// Output:
	// 1 tax 10.55
	// 2 tax 6.25
	// 3 error: invalid: lineItems: is required: a request has at least one line item
	// 4 tax 8.88
}

// A caller that is done with an answer once it has encoded it, as an
// HTTP handler is, calculates with SaleWith: the answer, and its taxes
// above all, is valid only while the function runs, after which the
// engine reuses their memory for another answer. What the caller keeps
// is what it copied there: here the answer's JSON and its taxes' names.
func ExampleEngine_SaleWith() {
	ctx := context.Background()
	e, err := engine.New(ctx)
	if err != nil {
		panic(err)
	}
	q := engine.Quotation("2026-06-01",
		engine.SellerAt(engine.USAddress("", "Seattle", "WA", "98101")),
		engine.CustomerAt(engine.USAddress("", "Boston", "MA", "02108")),
		engine.Line("lamp", "GENERAL", "40.00"))
	var body []byte
	var names []string
	err = e.SaleWith(ctx, q, func(resp *wire.SaleResponse) error {
		for _, t := range resp.LineItems[0].Taxes {
			names = append(names, t.Jurisdiction.Value) // a string: safe to keep
		}
		var err error
		body, err = resp.AppendJSON(body) // bytes of its own
		return err
	})
	if err != nil {
		panic(err)
	}
	fmt.Println(names, json.Valid(body))
	// Output:
	// [Massachusetts] true
}

// ExampleRuleRef_String prints the rule of a tax, as a log line or a
// test failure shows it.
func ExampleRuleRef_String() {
	fmt.Println(&wire.RuleRef{Value: "us-il-saas"})
	fmt.Printf("%v\n", &wire.RuleRef{Value: "holiday-tx-clothing", SalesTaxHolidayIndicator: true})
	var none *wire.RuleRef
	fmt.Println(none)
	// Output:
	// us-il-saas
	// holiday-tx-clothing (sales tax holiday)
	// <none>
}
