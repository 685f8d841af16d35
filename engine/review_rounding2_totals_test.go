package engine

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// TestReviewRounding2TotalsAddUp calculates random invoices of sales and
// returns, with unit prices of more decimals than the currency,
// tax-included prices, freight, line and document discounts of both
// kinds, rounded at the line and over the document, in US and EU places:
// the document's totalTax is always the sum of its lines', each line's
// the sum of its counted taxes, the subTotal the sum of the lines'
// extended prices and freight, the total the two added; the journal's
// transaction keeps the same totals, and its lines' taxes add up to them.
func TestReviewRounding2TotalsAddUp(t *testing.T) {
	places := []*wire.Location{
		{StreetAddress1: "200 N Spring St", City: "Los Angeles", MainDivision: "CA", PostalCode: "90012", Country: "US"},
		{StreetAddress1: "901 Bagby St", City: "Houston", MainDivision: "TX", PostalCode: "77002", Country: "US"},
		{StreetAddress1: "350 5th Ave", City: "New York", MainDivision: "NY", PostalCode: "10118", Country: "US"},
		{StreetAddress1: "Unter den Linden 1", City: "Berlin", PostalCode: "10117", Country: "DE"},
	}
	classes := []string{"GENERAL", "CLOTHING", "FOOD", "BOOKS"}
	r := rand.New(rand.NewPCG(29, 31))
	e := testEngine(t)
	cents := func(scale int64) *decimal.Decimal {
		d := decimal.New(1+r.Int64N(scale), -2)
		return &d
	}
	for iter := range 120 {
		at := places[iter%len(places)]
		atLine := r.IntN(2) == 0
		req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
			DocumentDate: civil.MustParse("2026-06-15"), RoundAtLineLevel: &atLine,
			Seller: &wire.Seller{Company: "ACME", PhysicalOrigin: at}, Customer: &wire.Customer{Destination: at}}
		if at.Country == "DE" {
			req.Currency = &wire.Currency{ISOCurrencyCodeAlpha: "EUR"}
		}
		n := 1 + r.IntN(12)
		allReturns := r.IntN(5) == 0
		for i := range n {
			li := wire.SaleLineItem{LineItemID: fmt.Sprint(i + 1), Product: &wire.Product{ProductClass: classes[r.IntN(len(classes))]}}
			ret := allReturns || r.IntN(4) == 0
			if r.IntN(3) == 0 {
				q := decimal.New(1+r.Int64N(5), 0)
				u := decimal.New(1+r.Int64N(200000), -3) // up to 200.000
				if ret {
					u = u.Neg()
				}
				li.Quantity, li.UnitPrice = &wire.Measure{Value: amt(q.String())}, amt(u.String())
			} else {
				p := *cents(30000)
				if ret {
					p = p.Neg()
				}
				li.ExtendedPrice = amt(p.StringFixed(2))
			}
			li.TaxIncludedIndicator = r.IntN(4) == 0
			if r.IntN(4) == 0 {
				li.Freight = amt(cents(2000).StringFixed(2))
				if ret {
					li.Freight = amt(cents(2000).Neg().StringFixed(2))
				}
			}
			if r.IntN(5) == 0 {
				li.Discount = &wire.Discount{DiscountType: wire.DiscountPercent, DiscountValue: amt(fmt.Sprint(1 + r.IntN(30)))}
			}
			req.LineItems = append(req.LineItems, li)
		}
		switch r.IntN(4) {
		case 0:
			req.Discount = &wire.Discount{DiscountType: wire.DiscountPercent, DiscountValue: amt(fmt.Sprint(1 + r.IntN(20)))}
		case 1:
			req.Discount = &wire.Discount{DiscountType: wire.DiscountAmount, DiscountValue: amt("0.05")}
		}
		name := fmt.Sprintf("document %d (%d lines in %s, at line %v)", iter, n, at.City, atLine)
		req.SaleMessageType = wire.SaleInvoice
		resp, tx, err := e.PrepareSale(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		checkTotalsAddUp(t, name, resp)
		// The journal keeps the response's totals, and its lines' taxes
		// add up to them.
		if tx == nil {
			t.Fatalf("%s: an invoice prepared no transaction", name)
		}
		if !tx.SubTotal.Equal(resp.SubTotal) || !tx.TotalTax.Equal(resp.TotalTax) || !tx.Total.Equal(resp.Total) {
			t.Errorf("%s: the journal keeps %s + %s = %s, the response says %s + %s = %s", name,
				tx.SubTotal, tx.TotalTax, tx.Total, resp.SubTotal, resp.TotalTax, resp.Total)
		}
		kept := decimal.Zero
		for _, l := range tx.Lines {
			own := decimal.Zero
			for _, x := range l.Taxes {
				if !x.InformationOnly && !x.Withheld {
					own = own.Add(x.Tax.Decimal())
				}
			}
			if !own.Equal(l.TotalTax.Decimal()) {
				t.Errorf("%s: the journal's line %s keeps totalTax %s, its taxes add up to %s", name, l.LineItemID, l.TotalTax, own)
			}
			kept = kept.Add(l.TotalTax.Decimal())
		}
		if !kept.Equal(tx.TotalTax.Decimal()) {
			t.Errorf("%s: the journal's lines keep %s of tax, its total is %s", name, kept, tx.TotalTax)
		}
	}
}

// checkTotalsAddUp checks that a sale's totals are the sums of its lines.
func checkTotalsAddUp(t *testing.T, name string, r *wire.SaleResponse) {
	t.Helper()
	tax, sub := decimal.Zero, decimal.Zero
	for _, l := range r.LineItems {
		own := decimal.Zero
		for _, x := range l.Taxes {
			if x.ImpositionType != nil && (x.ImpositionType.InformationOnly || x.ImpositionType.WithholdingType != "") {
				continue
			}
			own = own.Add(x.CalculatedTax.Decimal())
		}
		if !own.Equal(l.TotalTax.Decimal()) {
			t.Errorf("%s: line %s totalTax %s, its taxes add up to %s", name, l.LineItemID, l.TotalTax, own)
		}
		tax = tax.Add(l.TotalTax.Decimal())
		if l.ExtendedPrice != nil {
			sub = sub.Add(l.ExtendedPrice.Decimal())
		}
		if l.Freight != nil {
			sub = sub.Add(l.Freight.Decimal())
		}
	}
	if !tax.Equal(r.TotalTax.Decimal()) {
		t.Errorf("%s: totalTax %s, the lines' add up to %s", name, r.TotalTax, tax)
	}
	if !sub.Equal(r.SubTotal.Decimal()) {
		t.Errorf("%s: subTotal %s, the lines' extended prices and freight add up to %s", name, r.SubTotal, sub)
	}
	if !r.SubTotal.Decimal().Add(r.TotalTax.Decimal()).Equal(r.Total.Decimal()) {
		t.Errorf("%s: total %s is not subTotal %s plus totalTax %s", name, r.Total, r.SubTotal, r.TotalTax)
	}
}
