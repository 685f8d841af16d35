// Package scenario lists the sales whose e-invoices Levy renders in its
// tests and in the conformance command (einvoice/ubl/internal/conformance):
// the golden EU calculations of the engine (engine/testdata/golden,
// sale-de-* and sale-eu-*), each split into one sale per customer, since
// an e-invoice has one buyer, and completed with what an e-invoice needs
// that the goldens leave out (the seller's VAT registrations, the
// customers' names); and sales of Levy's own with EU VAT that reach every
// VAT category: S, Z, E (an exemption certificate and an exempt override
// with a VATEX code), AE, K, G and O, a reversal, a DISTRIBUTE_TAX credit,
// freight, quantities, and VAT filed in another currency; document
// discounts (in percent and in an amount) and a line discount; returned
// lines on an invoice (beside sold ones, alone, beside a reverse charge,
// on an export in Swiss francs); free lines; a unit price that does not
// divide its line; and a dollar invoice with VAT in euro, a discount and a
// returned cent.
//
// Run calculates them with an engine into its journal and renders each
// stored transaction in three variants: UBL (EN 16931), UBL for Peppol
// BIS Billing 3.0 (with the parties' electronic addresses and what Peppol
// and its German rules need) and CII.
package scenario

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/einvoice/render"
	"github.com/levytax/levy/einvoice/ubl"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

func amt(s string) money.Amount { return money.MustParse(s) }

func levyDate(s string) civil.Date { return civil.MustParse(s) }

// Tenant is the tenant the sales are calculated for.
const Tenant = "scenario"

// Sale is a sale to calculate and render.
type Sale struct {
	Name    string
	Request *wire.SaleRequest
	// Refused, when not "", is part of the reason Render gives for
	// refusing the sale's e-invoice.
	Refused string
	// Reverses names the sale whose stored transaction this one reverses
	// (a reversal in the journal, not a calculation).
	Reverses string
}

// Result is one rendering of a sale.
type Result struct {
	Sale    string
	Variant string
	Options render.Options
	// Rendered is the document, or Err why it was refused.
	Rendered *render.Rendered
	Err      error
	// Refused is the sale's expected reason of refusal.
	Refused string
}

// Name is the result's name: the sale's and the variant's.
func (r Result) Name() string { return r.Sale + "." + r.Variant }

// completions are what the goldens' parties lack for an e-invoice.
var completions = map[string]func(*wire.SaleRequest){
	"sale-de-tax-included-invoice": func(r *wire.SaleRequest) {
		r.Seller.TaxRegistrations = []wire.TaxRegistration{vat("DE", "DE811907980")}
		r.Customer.CustomerName = "Hanse Kontor GmbH"
	},
	"sale-eu-b2c-destination": func(r *wire.SaleRequest) {
		// The seller charges the VAT of each member state it sells to,
		// so it is registered in each, and its invoice of a state's VAT
		// names its number there: Peppol's rules of that state apply to
		// it (Italy's want the seller's street, IT-R-002).
		r.Seller.TaxRegistrations = []wire.TaxRegistration{vat("DE", "DE136695976"), vat("FR", "FR27851542013"), vat("IT", "IT01234567897"), vat("AT", "ATU13585627")}
		origin := *r.Seller.PhysicalOrigin
		origin.StreetAddress1 = "Marienplatz 8"
		r.Seller.PhysicalOrigin = &origin
	},
}

// customerNames name the goldens' customers, by their city.
var customerNames = map[string]string{
	"Paris": "Atelier Lumière SARL", "Lyon": "Camille Martin", "Roma": "Giulia Rossi", "Wien": "Wiener Werkstatt",
	"Boston": "Beacon Imports Inc.", "Hamburg": "Hanse Kontor GmbH",
}

func vat(country, number string) wire.TaxRegistration {
	return wire.TaxRegistration{ISOCountryCode: country, TaxRegistrationNumber: number, TaxRegistrationType: wire.TaxRegistrationTypeVAT}
}

// Sales returns the sales: the goldens of goldenDir split and completed,
// then Levy's own.
func Sales(goldenDir string) ([]Sale, error) {
	files, err := filepath.Glob(filepath.Join(goldenDir, "sale-*.request.json"))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	var out []Sale
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".request.json")
		if !strings.HasPrefix(name, "sale-de-") && !strings.HasPrefix(name, "sale-eu-") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		var req wire.SaleRequest
		if err := json.Unmarshal(data, &req); err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		if c := completions[name]; c != nil {
			c(&req)
		}
		out = append(out, perCustomer(name, &req)...)
	}
	return append(out, own()...), nil
}

// perCustomer splits a sale into one sale per customer: the lines of each
// customer, with it as the document's customer.
func perCustomer(name string, req *wire.SaleRequest) []Sale {
	type group struct {
		customer *wire.Customer
		lines    []wire.SaleLineItem
		ids      []string
	}
	var groups []*group
	byKey := map[string]*group{}
	for _, l := range req.LineItems {
		c := req.Customer
		if l.Customer != nil {
			c = l.Customer
		}
		b, _ := json.Marshal(c)
		g := byKey[string(b)]
		if g == nil {
			g = &group{customer: c}
			byKey[string(b)] = g
			groups = append(groups, g)
		}
		l.Customer = nil
		g.lines = append(g.lines, l)
		g.ids = append(g.ids, l.LineItemID)
	}
	var out []Sale
	for i, g := range groups {
		r := *req
		c := *g.customer
		if c.CustomerName == "" && c.Destination != nil {
			c.CustomerName = customerNames[c.Destination.City]
		}
		r.Customer, r.LineItems = &c, g.lines
		r.TransactionID = fmt.Sprintf("%s-%d", strings.TrimPrefix(name, "sale-"), i+1)
		s := Sale{Name: name, Request: &r}
		if len(groups) > 1 {
			s.Name = name + "." + strings.Join(g.ids, "+")
		}
		s.Refused = refusals[s.Name]
		out = append(out, s)
	}
	return out
}

// refusals are the expected refusals of the goldens' sales: the consumer
// sales of a seller registered in its own member state only, which owe
// the VAT of another that the engine does not charge.
var refusals = map[string]string{
	"sale-eu-reverse-charge-and-b2c.b2c-fr-goods+b2c-fr-books": "the seller is not registered there",
	"sale-eu-reverse-charge-and-b2c.b2c-it-saas":               "the seller is not registered there",
	"sale-eu-reverse-charge-and-b2c.bad-vat-number":            "the seller is not registered there",
}

// own returns Levy's own sales with EU VAT.
func own() []Sale {
	berlin := func() *wire.Seller {
		return &wire.Seller{Company: "BERLIN-SHOP", PhysicalOrigin: &wire.Location{StreetAddress1: "Invalidenstrasse 117", City: "Berlin", PostalCode: "10115", Country: "DE"},
			TaxRegistrations: []wire.TaxRegistration{vat("DE", "DE811907980")}}
	}
	hamburg := func() *wire.Customer {
		return &wire.Customer{CustomerName: "Hanse Kontor GmbH", CustomerCode: &wire.CustomerCode{Value: "HK-1", IsBusinessIndicator: true},
			Destination:      &wire.Location{StreetAddress1: "Ballindamm 40", City: "Hamburg", PostalCode: "20095", Country: "DE"},
			TaxRegistrations: []wire.TaxRegistration{vat("DE", "DE118716290")}}
	}
	line := func(id, class, amount string) wire.SaleLineItem {
		a := amt(amount)
		return wire.SaleLineItem{LineItemID: id, Product: &wire.Product{ProductClass: class}, ExtendedPrice: &a}
	}
	sale := func(id string, seller *wire.Seller, customer *wire.Customer, lines ...wire.SaleLineItem) *wire.SaleRequest {
		return &wire.SaleRequest{SaleMessageType: wire.SaleInvoice, TransactionType: wire.TransactionTypeSale, DocumentDate: levyDate("2026-09-01"),
			TransactionID: id, DocumentNumber: "R-" + id, Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"}, Seller: seller, Customer: customer, LineItems: lines}
	}
	var out []Sale
	// Standard and reduced rates, quantities, a unit price, freight.
	lamp := line("1", "GENERAL", "100.00")
	q, up, fr := amt("4"), amt("25.00"), amt("9.90")
	lamp.Quantity, lamp.UnitPrice, lamp.Freight, lamp.LineItemDescription = &wire.Measure{Value: &q, UnitOfMeasure: "H87"}, &up, &fr, "Desk lamp"
	lamp.Product.Value = "LAMP-9"
	out = append(out, Sale{Name: "own-de-standard-and-reduced", Request: sale("own-1", berlin(), hamburg(), lamp, line("2", "BOOKS", "28.00"), line("3", "FOOD", "12.40"))})
	// An exemption certificate (E) and an exempt override with a VATEX
	// code.
	exempt := hamburg()
	exempt.CustomerName, exempt.IsTaxExempt = "Klinik Nord gGmbH", true
	exempt.ExemptionCertificate = &wire.ExemptionCertificate{ExemptionCertificateNumber: "EX-2026-17"}
	out = append(out, Sale{Name: "own-de-exempt-certificate", Request: sale("own-2", berlin(), exempt, line("1", "GENERAL", "250.00"))})
	ov := sale("own-3", berlin(), hamburg(), line("1", "GENERAL", "80.00"))
	ov.ExemptOverrides = []wire.Override{{ImpositionType: &wire.ImpositionType{Value: "Value Added Tax"}, ReasonCode: "VATEX-EU-132-1B"}}
	out = append(out, Sale{Name: "own-de-exempt-override", Request: ov})
	// A reverse charge of services (AE) and of goods (K).
	paris := &wire.Customer{CustomerName: "Atelier Lumière SARL", CustomerCode: &wire.CustomerCode{Value: "AL-7", IsBusinessIndicator: true},
		Destination:      &wire.Location{StreetAddress1: "12 rue de Rivoli", City: "Paris", PostalCode: "75001", Country: "FR"},
		TaxRegistrations: []wire.TaxRegistration{vat("FR", "FR40303265045")}}
	out = append(out, Sale{Name: "own-de-fr-services", Request: sale("own-4", berlin(), paris, line("1", "SAAS", "1200.00"))})
	out = append(out, Sale{Name: "own-de-fr-goods", Request: sale("own-5", berlin(), paris, line("1", "GENERAL", "640.00"), line("2", "GENERAL", "60.00"))})
	// Zero-rated food and books in Ireland (Z) beside the standard rate.
	dublin := &wire.Seller{Company: "DUBLIN-LTD", PhysicalOrigin: &wire.Location{City: "Dublin", PostalCode: "D02 X285", Country: "IE"},
		TaxRegistrations: []wire.TaxRegistration{vat("IE", "IE6388047V")}}
	cork := &wire.Customer{CustomerName: "Cork Foods Ltd", Destination: &wire.Location{City: "Cork", PostalCode: "T12 RX2F", Country: "IE"}}
	out = append(out, Sale{Name: "own-ie-zero-rated", Request: sale("own-6", dublin, cork, line("1", "FOOD", "100.00"), line("2", "BOOKS", "10.00"), line("3", "GENERAL", "20.00"))})
	// An export outside the EU (G).
	zurich := &wire.Customer{CustomerName: "Limmat Handels AG", Destination: &wire.Location{City: "Zürich", PostalCode: "8001", Country: "CH"}}
	out = append(out, Sale{Name: "own-de-export", Request: sale("own-7", berlin(), zurich, line("1", "GENERAL", "3400.00"))})
	// Outside the scope of VAT (O): a non-taxable override.
	outside := sale("own-8", berlin(), hamburg(), line("1", "GENERAL", "75.00"))
	outside.NonTaxableOverrides = []wire.Override{{ImpositionType: &wire.ImpositionType{Value: "Value Added Tax"}, ReasonCode: "OUTSIDE"}}
	out = append(out, Sale{Name: "own-de-outside-scope", Request: outside})
	// A reversal of the first sale, rendered as a credit note.
	out = append(out, Sale{Name: "own-de-reversal", Reverses: "own-1"})
	// A DISTRIBUTE_TAX credit.
	credit := sale("own-9", berlin(), hamburg(), line("1", "GENERAL", "-100.00"))
	credit.SaleMessageType = wire.SaleDistributeTax
	in := amt("-19.00")
	credit.LineItems[0].InputTotalTax = &in
	out = append(out, Sale{Name: "own-de-distribute-tax-credit", Request: credit})
	// VAT filed in another currency (BT-6): an invoice in US dollars.
	usd := sale("own-10", berlin(), hamburg(), line("1", "GENERAL", "500.00"))
	usd.Currency = &wire.Currency{ISOCurrencyCodeAlpha: "USD"}
	rate := amt("0.9238")
	usd.Customer.Destination.CurrencyConversion = &wire.CurrencyConversion{Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"}, Rate: &rate}
	out = append(out, Sale{Name: "own-de-usd-vat-in-euro", Request: usd})
	// Discounts: a document discount in percent over three rates, one in
	// an amount, and a line discount below quantity times unit price.
	pctOff := sale("own-13", berlin(), hamburg(), line("1", "GENERAL", "100.00"), line("2", "BOOKS", "50.00"), line("3", "FOOD", "33.33"))
	ten := amt("10")
	pctOff.Discount = &wire.Discount{DiscountType: wire.DiscountPercent, DiscountValue: &ten}
	out = append(out, Sale{Name: "own-de-document-discount-percent", Request: pctOff})
	amtOff := sale("own-14", berlin(), hamburg(), line("1", "GENERAL", "100.00"), line("2", "BOOKS", "50.00"))
	off := amt("7.77")
	amtOff.Discount = &wire.Discount{DiscountType: wire.DiscountAmount, DiscountValue: &off}
	out = append(out, Sale{Name: "own-de-document-discount-amount", Request: amtOff})
	pens := line("1", "GENERAL", "29.97")
	pq, pup, poff := amt("3"), amt("9.99"), amt("2.97")
	pens.Quantity, pens.UnitPrice = &wire.Measure{Value: &pq, UnitOfMeasure: "H87"}, &pup
	pens.Discount = &wire.Discount{DiscountType: wire.DiscountAmount, DiscountValue: &poff}
	out = append(out, Sale{Name: "own-de-line-discount", Request: sale("own-15", berlin(), hamburg(), pens)})
	// Returns on an invoice: a returned line beside a sold one, an invoice
	// of returns only, a reverse charge (AE) beside a returned line of
	// goods (K), and an export in Swiss francs with a returned line.
	out = append(out, Sale{Name: "own-de-return-line", Request: sale("own-16", berlin(), hamburg(), line("1", "GENERAL", "100.00"), line("2", "GENERAL", "-30.00"))})
	out = append(out, Sale{Name: "own-de-returns-only", Request: sale("own-17", berlin(), hamburg(), line("1", "GENERAL", "-100.00"), line("2", "BOOKS", "-20.00"))})
	out = append(out, Sale{Name: "own-de-fr-services-and-return", Request: sale("own-18", berlin(), paris, line("1", "SAAS", "100.00"), line("2", "GENERAL", "-40.00"))})
	chf := sale("own-19", berlin(), zurich, line("1", "GENERAL", "-50.00"), line("2", "GENERAL", "80.00"))
	chf.Currency = &wire.Currency{ISOCurrencyCodeAlpha: "CHF"}
	out = append(out, Sale{Name: "own-de-export-chf-return", Request: chf})
	// Lines of nothing: a free line beside a paid one, and an invoice of
	// a free line only.
	out = append(out, Sale{Name: "own-de-free-line", Request: sale("own-20", berlin(), hamburg(), line("1", "GENERAL", "0.00"), line("2", "GENERAL", "10.00"))})
	out = append(out, Sale{Name: "own-de-free-only", Request: sale("own-21", berlin(), hamburg(), line("1", "GENERAL", "0.00"))})
	// A unit price that does not divide the line (3 at 0.3333 for 1.00).
	third := line("1", "GENERAL", "1.00")
	tq, tup := amt("3"), amt("0.3333")
	third.Quantity, third.UnitPrice = &wire.Measure{Value: &tq}, &tup
	out = append(out, Sale{Name: "own-de-unit-price-thirds", Request: sale("own-22", berlin(), hamburg(), third)})
	// Dollars with VAT filed in euro, a document discount and a returned
	// cent.
	usdOff := sale("own-23", berlin(), hamburg(), line("1", "GENERAL", "333.33"), line("2", "BOOKS", "-0.01"))
	usdOff.Currency = &wire.Currency{ISOCurrencyCodeAlpha: "USD"}
	usdRate, five := amt("0.9238"), amt("5")
	usdOff.Customer.Destination.CurrencyConversion = &wire.CurrencyConversion{Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"}, Rate: &usdRate}
	usdOff.Discount = &wire.Discount{DiscountType: wire.DiscountPercent, DiscountValue: &five}
	out = append(out, Sale{Name: "own-de-usd-discount-and-return", Request: usdOff})
	// Refusals: US sales tax, and lines for two customers.
	la := &wire.Seller{Company: "LA-SHOP", PhysicalOrigin: &wire.Location{City: "Los Angeles", MainDivision: "CA", PostalCode: "90012", Country: "US"}}
	us := &wire.Customer{CustomerName: "Angel Goods", Destination: &wire.Location{StreetAddress1: "200 N Spring St", City: "Los Angeles", MainDivision: "CA", PostalCode: "90012", Country: "US"}}
	usSale := sale("own-11", la, us, line("1", "GENERAL", "100.00"))
	usSale.Currency = &wire.Currency{ISOCurrencyCodeAlpha: "USD"}
	out = append(out, Sale{Name: "own-us-sales-tax", Request: usSale, Refused: "EN 16931 e-invoice carries VAT only"})
	two := sale("own-12", berlin(), hamburg(), line("1", "GENERAL", "10.00"), line("2", "GENERAL", "20.00"))
	two.LineItems[1].Customer = zurich
	out = append(out, Sale{Name: "own-two-customers", Request: two, Refused: "2 customers"})
	return out
}

// Variant is a way to render a sale.
type Variant struct {
	Name    string
	Options render.Options
}

// Variants returns the three variants of a sale: UBL, UBL for Peppol and
// CII (with the electronic addresses).
func Variants(tx *journal.Transaction) []Variant {
	// Peppol applies BR-CO-25 to invoices: an amount due needs a due date,
	// thirty days after the issue date (a reversal's credit note is
	// issued on its posting date).
	issued := tx.DocumentDate
	if tx.ReversalOf != "" && tx.PostingDate.After(issued) {
		issued = tx.PostingDate
	}
	peppol := render.Options{SellerEndpoint: "0088:" + gln("400000100000"), BuyerEndpoint: "0088:" + gln("400000200000"), BuyerReference: "PO-" + tx.TransactionID,
		DueDate: issued.AddDays(30)}
	if tx.Seller != nil && tx.Seller.Address != nil && tx.Seller.Address.Country == "DE" {
		// Peppol's German rules, between German parties: payment
		// instructions and the seller's contact.
		peppol.IBAN, peppol.ContactName, peppol.ContactPhone, peppol.ContactEmail = "DE89370400440532013000", "Jana Roth", "+49 30 555 0100", "rechnung@seller.example"
	}
	cii := peppol
	cii.Syntax = ubl.SyntaxCII
	return []Variant{{"ubl", render.Options{}}, {"peppol", peppol}, {"cii", cii}}
}

// gln completes a GLN of twelve digits with its GS1 check digit.
func gln(twelve string) string {
	sum := 0
	for i := len(twelve) - 1; i >= 0; i-- {
		d := int(twelve[i] - '0')
		if (len(twelve)-1-i)%2 == 0 {
			d *= 3
		}
		sum += d
	}
	return twelve + fmt.Sprint((10-sum%10)%10)
}

// Run calculates the sales of goldenDir with e, which stores them in j,
// and renders each stored transaction in each variant.
func Run(ctx context.Context, e *engine.Engine, j journal.Store, goldenDir string) ([]Result, error) {
	sales, err := Sales(goldenDir)
	if err != nil {
		return nil, err
	}
	ctx = levy.WithTenant(ctx, Tenant)
	var out []Result
	for _, s := range sales {
		var id string
		if s.Reverses != "" {
			id = s.Reverses + "-reversal"
			// Reversed two weeks after Levy's own sales' date, the day
			// its credit note is issued.
			if _, err := j.Reverse(ctx, Tenant, s.Reverses, journal.Reversal{TransactionID: id, PostingDate: levyDate("2026-09-15")}); err != nil {
				return nil, fmt.Errorf("%s: %w", s.Name, err)
			}
		} else {
			resp, err := e.Sale(ctx, s.Request)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", s.Name, err)
			}
			id = resp.TransactionID
		}
		tx, err := j.Get(ctx, Tenant, id)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", s.Name, err)
		}
		var original *journal.Transaction
		if tx.ReversalOf != "" {
			if original, err = journal.Original(ctx, j, Tenant, tx); err != nil {
				return nil, fmt.Errorf("%s: %w", s.Name, err)
			}
		}
		for _, v := range Variants(tx) {
			v.Options.Original = original
			r, err := render.Render(tx, v.Options)
			out = append(out, Result{Sale: s.Name, Variant: v.Name, Options: v.Options, Rendered: r, Err: err, Refused: s.Refused})
		}
	}
	return out, nil
}
