package render_test

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/einvoice/render"
	"github.com/levytax/levy/einvoice/ubl"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// The walk: business sales calculated by the engine, stored by the
// journal and rendered from it, in each syntax, checked by Levy's rules
// and against the facts a business expects on the invoice.

var (
	walkLeipzig = &wire.Seller{Company: "Lindenlicht GmbH",
		PhysicalOrigin:   &wire.Location{StreetAddress1: "Lampestrasse 4", City: "Leipzig", PostalCode: "04109", Country: "DE"},
		TaxRegistrations: []wire.TaxRegistration{{ISOCountryCode: "DE", TaxRegistrationNumber: "DE813495721", TaxRegistrationType: wire.TaxRegistrationTypeVAT}}}
	walkHamburg = &wire.Customer{CustomerName: "Hanse Kontor GmbH", CustomerCode: &wire.CustomerCode{Value: "HK", IsBusinessIndicator: true},
		Destination:      &wire.Location{StreetAddress1: "Ballindamm 1", City: "Hamburg", PostalCode: "20095", Country: "DE"},
		TaxRegistrations: []wire.TaxRegistration{{ISOCountryCode: "DE", TaxRegistrationNumber: "DE136695976", TaxRegistrationType: wire.TaxRegistrationTypeVAT}}}
	walkParis = &wire.Customer{CustomerName: "Atelier Lumière SARL", CustomerCode: &wire.CustomerCode{Value: "AL", IsBusinessIndicator: true},
		Destination:      &wire.Location{StreetAddress1: "12 rue de Rivoli", City: "Paris", PostalCode: "75001", Country: "FR"},
		TaxRegistrations: []wire.TaxRegistration{{ISOCountryCode: "FR", TaxRegistrationNumber: "FR40303265045", TaxRegistrationType: wire.TaxRegistrationTypeVAT}}}
	walkBrussels = &wire.Customer{CustomerName: "Brabant Handel NV", CustomerCode: &wire.CustomerCode{Value: "BH", IsBusinessIndicator: true},
		Destination:      &wire.Location{StreetAddress1: "Rue Neuve 1", City: "Bruxelles", PostalCode: "1000", Country: "BE"},
		TaxRegistrations: []wire.TaxRegistration{{ISOCountryCode: "BE", TaxRegistrationNumber: "BE0403019261", TaxRegistrationType: wire.TaxRegistrationTypeVAT}}}
	walkNewYork = &wire.Customer{CustomerName: "Hudson Lighting Inc.", CustomerCode: &wire.CustomerCode{Value: "HL", IsBusinessIndicator: true},
		Destination: &wire.Location{StreetAddress1: "1 Main St", City: "New York", PostalCode: "10001", Country: "US", MainDivision: "NY"}}
)

// walkLine is a line of a walk sale: its ID, product class and extended price.
type walkLine struct{ id, class, price string }

// walkSale calculates an INVOICE of 2026-09-01 from seller to customer
// with an engine over journal j and returns the stored transaction.
func walkSale(t *testing.T, e *engine.Engine, j journal.Store, id, currency string, seller *wire.Seller, customer *wire.Customer, mod func(*wire.SaleRequest), lines ...walkLine) *journal.Transaction {
	t.Helper()
	ctx := levy.WithTenant(context.Background(), levy.DefaultTenant)
	req := &wire.SaleRequest{SaleMessageType: wire.SaleInvoice, TransactionType: wire.TransactionTypeSale,
		TransactionID: id, DocumentNumber: id, DocumentDate: civil.MustParse("2026-09-01"),
		Currency: &wire.Currency{ISOCurrencyCodeAlpha: currency}, Seller: seller, Customer: customer}
	for _, l := range lines {
		p := money.MustParse(l.price)
		req.LineItems = append(req.LineItems, wire.SaleLineItem{LineItemID: l.id, LineItemDescription: "item " + l.id,
			Product: &wire.Product{ProductClass: l.class}, ExtendedPrice: &p})
	}
	if mod != nil {
		mod(req)
	}
	if _, err := e.Sale(ctx, req); err != nil {
		t.Fatalf("%s: %v", id, err)
	}
	tx, err := j.Get(ctx, levy.DefaultTenant, id)
	if err != nil {
		t.Fatal(err)
	}
	return tx
}

// walkRender renders tx with o in UBL and in CII, requires Levy's rules
// to accept each, and returns both documents read back, UBL first.
func walkRender(t *testing.T, tx *journal.Transaction, o render.Options) []*ubl.Document {
	t.Helper()
	var docs []*ubl.Document
	for _, s := range []ubl.Syntax{ubl.SyntaxUBL, ubl.SyntaxCII} {
		if s == ubl.SyntaxCII && o.SellerEndpoint != "" {
			continue // Peppol BIS is UBL
		}
		o.Syntax = s
		out, err := render.Render(tx, o)
		if err != nil {
			t.Fatalf("%s, %s: %v", tx.TransactionID, s, err)
		}
		d, err := ubl.Read(out.Content)
		if err != nil {
			t.Fatal(err)
		}
		if ps := d.Check(); ubl.HasFatal(ps) {
			t.Fatalf("%s, %s: %v\n%s", tx.TransactionID, s, ps, out.Content)
		}
		docs = append(docs, d)
	}
	return docs
}

// breakdown is a document's VAT breakdown (BG-23) as sorted
// "category rate: taxable tax" strings, the rate left out when absent.
func breakdown(d *ubl.Document) string {
	var out []string
	for _, tt := range d.TaxTotals {
		if tt.TaxAmount.Currency != d.Currency {
			continue
		}
		for _, s := range tt.Subtotals {
			c := s.Category.ID
			if s.Category.Percent.Present {
				c += " " + s.Category.Percent.Value.String()
			}
			out = append(out, fmt.Sprintf("%s: %s %s", c, s.TaxableAmount.Value.StringFixed(2), s.TaxAmount.Value.StringFixed(2)))
		}
	}
	sort.Strings(out)
	return strings.Join(out, "; ")
}

// totals is BT-106, BT-109, BT-110, BT-112 and BT-115 of d.
func totals(d *ubl.Document) string {
	return fmt.Sprintf("%s %s %s %s %s", d.Totals.LineExtensionAmount.Value.StringFixed(2), d.Totals.TaxExclusiveAmount.Value.StringFixed(2),
		d.VATTotal().Value.StringFixed(2), d.Totals.TaxInclusiveAmount.Value.StringFixed(2), d.Totals.PayableAmount.Value.StringFixed(2))
}

// TestWalkBusinessInvoices renders sales of a Leipzig business as its
// buyers receive them: each document, in UBL and CII, passes Levy's rules
// and states the VAT breakdown, the totals and the parties the sale has.
func TestWalkBusinessInvoices(t *testing.T) {
	e, j := journaledEngine(t)
	for _, c := range []struct {
		name, currency string
		customer       *wire.Customer
		lines          []walkLine
		opts           render.Options
		mod            func(*wire.SaleRequest)
		breakdown      string // in the document's currency
		totals         string // BT-106 BT-109 BT-110 BT-112 BT-115
		buyerVAT       string
		exemption      bool // every breakdown states an exemption reason
		taxCurrency    string
	}{
		{name: "de-b2b-19-and-7", currency: "EUR", customer: walkHamburg,
			lines:     []walkLine{{"1", "GENERAL", "100.00"}, {"2", "BOOKS", "50.00"}},
			breakdown: "S 19: 100.00 19.00; S 7: 50.00 3.50", totals: "150.00 150.00 22.50 172.50 172.50", buyerVAT: "DE136695976"},
		{name: "intra-eu-goods-and-service", currency: "EUR", customer: walkParis,
			lines:     []walkLine{{"1", "GENERAL", "180.00"}, {"2", "SAAS", "1200.00"}},
			breakdown: "AE 0: 1200.00 0.00; K 0: 180.00 0.00", totals: "1380.00 1380.00 0.00 1380.00 1380.00", buyerVAT: "FR40303265045", exemption: true},
		{name: "export-to-us", currency: "EUR", customer: walkNewYork,
			lines:     []walkLine{{"1", "GENERAL", "2500.00"}},
			breakdown: "G 0: 2500.00 0.00", totals: "2500.00 2500.00 0.00 2500.00 2500.00", exemption: true},
		// Books and food leave Germany zero-rated as the lamp does: an
		// export (G) with its exemption reason, not a zero-rated supply
		// (Z), which Germany's 7% for them is not.
		{name: "export-reduced-rate-goods", currency: "EUR", customer: walkNewYork,
			lines:     []walkLine{{"1", "GENERAL", "100.00"}, {"2", "BOOKS", "10.00"}, {"3", "FOOD", "5.00"}},
			breakdown: "G 0: 115.00 0.00", totals: "115.00 115.00 0.00 115.00 115.00", exemption: true},
		{name: "rounding-per-line", currency: "EUR", customer: walkHamburg,
			lines:     []walkLine{{"1", "GENERAL", "0.33"}, {"2", "GENERAL", "0.33"}, {"3", "GENERAL", "0.33"}},
			breakdown: "S 19: 0.99 0.18", totals: "0.99 0.99 0.18 1.17 1.17", buyerVAT: "DE136695976"},
		{name: "rounding-per-document", currency: "EUR", customer: walkHamburg,
			lines:     []walkLine{{"1", "GENERAL", "0.33"}, {"2", "GENERAL", "0.33"}, {"3", "GENERAL", "0.33"}},
			mod:       func(r *wire.SaleRequest) { r.RoundAtLineLevel = ptr(false) },
			breakdown: "S 19: 0.99 0.19", totals: "0.99 0.99 0.19 1.18 1.18", buyerVAT: "DE136695976"},
		{name: "zero-invoice", currency: "EUR", customer: walkHamburg,
			lines:     []walkLine{{"1", "GENERAL", "0.00"}},
			breakdown: "S 19: 0.00 0.00", totals: "0.00 0.00 0.00 0.00 0.00", buyerVAT: "DE136695976"},
		{name: "peppol-belgian-buyer", currency: "EUR", customer: walkBrussels,
			lines: []walkLine{{"1", "SAAS", "400.00"}},
			opts: render.Options{SellerEndpoint: "9930:DE813495721", BuyerEndpoint: "0208:0403019261", BuyerReference: "PO-88",
				DueDate: civil.MustParse("2026-10-01")},
			breakdown: "AE 0: 400.00 0.00", totals: "400.00 400.00 0.00 400.00 400.00", buyerVAT: "BE0403019261", exemption: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			tx := walkSale(t, e, j, "W-"+c.name, c.currency, walkLeipzig, c.customer, c.mod, c.lines...)
			for _, d := range walkRender(t, tx, c.opts) {
				if got := breakdown(d); got != c.breakdown {
					t.Errorf("%s: breakdown %q, want %q", d.Syntax, got, c.breakdown)
				}
				if got := totals(d); got != c.totals {
					t.Errorf("%s: totals %q, want %q", d.Syntax, got, c.totals)
				}
				if d.Kind != ubl.KindInvoice || d.TypeCode != "380" || d.ID != tx.TransactionID || d.IssueDate != "2026-09-01" {
					t.Errorf("%s: %s %s %s of %s", d.Syntax, d.Kind, d.TypeCode, d.ID, d.IssueDate)
				}
				if d.Supplier.VATID != "DE813495721" || d.Customer.VATID != c.buyerVAT {
					t.Errorf("%s: seller VAT %q, buyer VAT %q, want %q", d.Syntax, d.Supplier.VATID, d.Customer.VATID, c.buyerVAT)
				}
				if c.exemption {
					for _, s := range d.TaxTotals[0].Subtotals {
						if s.Category.ExemptionReasonCode == "" && s.Category.ExemptionReason == "" {
							t.Errorf("%s: %s without an exemption reason", d.Syntax, s.Category.ID)
						}
					}
				}
				if c.opts.BuyerEndpoint != "" && (!d.IsPeppol() || d.Customer.Address() != c.opts.BuyerEndpoint || d.BuyerReference != "PO-88") {
					t.Errorf("%s: Peppol %v, buyer's address %q, reference %q", d.Syntax, d.IsPeppol(), d.Customer.Address(), d.BuyerReference)
				}
				if len(d.Lines) != len(c.lines) {
					t.Errorf("%s: %d lines, want %d", d.Syntax, len(d.Lines), len(c.lines))
				}
			}
		})
	}
}

// TestWalkForeignCurrency: a Leipzig business invoices a Hamburg
// business in US dollars. The invoice states its amounts in dollars and
// its VAT also in euro, the currency Germany's VAT is accounted in
// (BT-6 and BT-111), at the rate of conversion the sale's locations
// gave: 174.80.
func TestWalkForeignCurrency(t *testing.T) {
	e, j := journaledEngine(t)
	rate := money.MustParse("0.92")
	conv := &wire.CurrencyConversion{Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"}, Rate: &rate}
	seller, customer := *walkLeipzig, *walkHamburg
	origin, dest := *seller.PhysicalOrigin, *customer.Destination
	origin.CurrencyConversion, dest.CurrencyConversion = conv, conv
	seller.PhysicalOrigin, customer.Destination = &origin, &dest
	tx := walkSale(t, e, j, "W-USD", "USD", &seller, &customer, nil, walkLine{"1", "GENERAL", "1000.00"})
	for _, d := range walkRender(t, tx, render.Options{}) {
		if d.Currency != "USD" || breakdown(d) != "S 19: 1000.00 190.00" || totals(d) != "1000.00 1000.00 190.00 1190.00 1190.00" {
			t.Errorf("%s: %s, %s, %s", d.Syntax, d.Currency, breakdown(d), totals(d))
		}
		if d.TaxCurrency != "EUR" || len(d.TaxTotals) != 2 || d.TaxTotals[1].TaxAmount.Currency != "EUR" || d.TaxTotals[1].TaxAmount.Value.StringFixed(2) != "174.80" {
			t.Errorf("%s: VAT accounting currency %q, totals %+v", d.Syntax, d.TaxCurrency, d.TaxTotals)
		}
	}
}

// TestWalkReversalCreditNote: the German B2B invoice with lines at 19%
// and 7% is reversed in the journal on 2026-09-20. Its e-invoice is a
// credit note (type 381) of the same amounts, positive as a credit note
// states them, that refers to the invoice it corrects (BT-25, with its
// date BT-26).
func TestWalkReversalCreditNote(t *testing.T) {
	e, j := journaledEngine(t)
	orig := walkSale(t, e, j, "W-INV", "EUR", walkLeipzig, walkHamburg, nil, walkLine{"1", "GENERAL", "100.00"}, walkLine{"2", "BOOKS", "50.00"})
	rev, err := j.Reverse(context.Background(), levy.DefaultTenant, "W-INV", journal.Reversal{TransactionID: "W-CN", DocumentNumber: "GS-1",
		PostingDate: civil.MustParse("2026-09-20")})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range walkRender(t, rev, render.Options{Original: orig}) {
		if d.Kind != ubl.KindCreditNote || d.TypeCode != "381" || d.ID != "GS-1" || d.IssueDate != "2026-09-20" {
			t.Errorf("%s: %s %s %s of %s, want credit note 381 GS-1 of 2026-09-20", d.Syntax, d.Kind, d.TypeCode, d.ID, d.IssueDate)
		}
		if got := breakdown(d); got != "S 19: 100.00 19.00; S 7: 50.00 3.50" {
			t.Errorf("%s: breakdown %q", d.Syntax, got)
		}
		if got := totals(d); got != "150.00 150.00 22.50 172.50 172.50" {
			t.Errorf("%s: totals %q", d.Syntax, got)
		}
	}
	for _, s := range []ubl.Syntax{ubl.SyntaxUBL, ubl.SyntaxCII} {
		out, err := render.Render(rev, render.Options{Syntax: s, Original: orig})
		if err != nil {
			t.Fatal(err)
		}
		ref := "<cbc:ID>W-INV</cbc:ID>\n      <cbc:IssueDate>2026-09-01</cbc:IssueDate>"
		if s == ubl.SyntaxCII {
			ref = "<ram:IssuerAssignedID>W-INV</ram:IssuerAssignedID>"
		}
		if !strings.Contains(string(out.Content), ref) {
			t.Errorf("%s: the credit note does not refer to the invoice with %q:\n%s", s, ref, out.Content)
		}
	}
}

// TestWalkUSSaleRefused: a New York shop's sale to a New York consumer
// bears sales tax, which no EN 16931 invoice can carry: render refuses it
// and names the line and the tax, in either syntax.
func TestWalkUSSaleRefused(t *testing.T) {
	e, j := journaledEngine(t)
	shop := &wire.Seller{Company: "Gotham Lamps LLC",
		PhysicalOrigin: &wire.Location{StreetAddress1: "350 5th Ave", City: "New York", PostalCode: "10118", Country: "US", MainDivision: "NY"}}
	buyer := &wire.Customer{CustomerName: "Jane Roe", Destination: walkNewYork.Destination}
	tx := walkSale(t, e, j, "W-US", "USD", shop, buyer, nil, walkLine{"lamp", "GENERAL", "100.00"})
	if tx.TotalTax.IsZero() {
		t.Fatalf("the sale bears no tax: %+v", tx)
	}
	for _, s := range []ubl.Syntax{ubl.SyntaxUBL, ubl.SyntaxCII} {
		out, err := render.Render(tx, render.Options{Syntax: s})
		if err == nil {
			t.Fatalf("%s: rendered\n%s", s, out.Content)
		}
		if msg := err.Error(); !strings.Contains(msg, "lamp") || !strings.Contains(strings.ToLower(msg), "sales") {
			t.Errorf("%s: %v", s, err)
		}
	}
}
