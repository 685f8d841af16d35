package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// importerCase is one sale of goods from abroad for the importer tests:
// one line of price in currency, to a consumer at to (a business when
// business is set, with its registrations customer), by a seller with
// the registrations seller, under the document's delivery term.
type importerCase struct {
	name, date, currency, price, qty string
	from, to                         *wire.Location
	seller, customer                 []wire.TaxRegistration
	business                         bool
	term                             wire.DeliveryTerm
	taxes                            string // jurisdiction:result:tax:rule, one per tax
	// term says what the line's assisted parameters must say of the
	// delivery term: termActs, that it is not reported as not acted on
	// (the decision read it); termIgnored, that it is; "", nothing.
	termSays string
}

// What an importer case's delivery term must be reported as.
const (
	termActs    = "acts"
	termIgnored = "ignored"
)

// run quotes c and checks the line's taxes, and that a delivery term the
// decision read is not reported as not acted on.
func (c importerCase) run(t *testing.T, e *Engine) {
	t.Helper()
	li := wire.SaleLineItem{Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt(c.price)}
	if c.qty != "" {
		li.Quantity = &wire.Measure{Value: amt(c.qty)}
	}
	cust := &wire.Customer{Destination: c.to, TaxRegistrations: c.customer}
	if c.business {
		cust.CustomerCode = &wire.CustomerCode{Value: "B-1", IsBusinessIndicator: true}
	}
	req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
		DocumentDate: civil.MustParse(c.date), Currency: &wire.Currency{ISOCurrencyCodeAlpha: c.currency},
		Seller: &wire.Seller{PhysicalOrigin: c.from, TaxRegistrations: c.seller}, Customer: cust,
		DeliveryTerm: c.term, LineItems: []wire.SaleLineItem{li}}
	r, err := e.Sale(context.Background(), req)
	if err != nil {
		t.Fatalf("%s: %v", c.name, err)
	}
	l := &r.LineItems[0]
	if got, _ := schemeLine(l); got != c.taxes {
		t.Errorf("%s: %s, want %s", c.name, got, c.taxes)
	}
	flagged := false
	for _, p := range l.AssistedParameters {
		if p.ParamName == "deliveryTerm" && p.RuleName == NotActedOnRule {
			flagged = true
		}
	}
	switch {
	case c.termSays == termActs && flagged:
		t.Errorf("%s: the delivery term, which decided the line, said not acted on", c.name)
	case c.termSays == termIgnored && !flagged:
		t.Errorf("%s: the delivery term, which decided nothing, not said to be not acted on", c.name)
	}
}

// Places of the importer tests.
var (
	imNewYork  = &wire.Location{City: "New York", MainDivision: "NY", PostalCode: "10001", Country: "US"}
	imShanghai = &wire.Location{City: "Shanghai", PostalCode: "200000", Country: "CN"}
	imLondon   = &wire.Location{City: "London", PostalCode: "SW1A 1AA", Country: "GB"}
	imBelfast  = &wire.Location{City: "Belfast", PostalCode: "BT1 5GS", Country: "GB"}
	imSydney   = &wire.Location{City: "Sydney", MainDivision: "NSW", PostalCode: "2000", Country: "AU"}
	imAuckland = &wire.Location{City: "Auckland", PostalCode: "1010", Country: "NZ"}
	imOslo     = &wire.Location{City: "Oslo", PostalCode: "0150", Country: "NO"}
	imZurich   = &wire.Location{City: "Zürich", PostalCode: "8001", Country: "CH"}
	imToronto  = &wire.Location{City: "Toronto", MainDivision: "ON", PostalCode: "M5H 2N2", Country: "CA"}
)

// TestImporterOfRecordUnitedKingdom: from 2021-01-01 goods sent to Great
// Britain from abroad in a consignment above £135 are supplied outside
// the United Kingdom, and the importer pays the import VAT at the border
// (VAT Act 1994, section 7(7)), unless the supplier imports them itself:
// then its supply is made in the United Kingdom (section 7(6); HMRC, VAT
// Place of Supply (Goods) manual, VATPOSG3600) and, registered there, it
// charges UK VAT on its sale, to a business as to a consumer. A request
// says that the seller imports with the delivery term DDP. Before, Levy
// sent every consignment above £135 to the border, DDP or not: £200
// delivered duty paid by a seller registered in GB was
// GB:NONTAXABLE:0.00:import-at-border. Within £135 nothing changes: the
// seller charges (section 7(5B)), and a UK business that gives its UK VAT
// number accounts for the VAT by reverse charge whatever the term.
// Northern Ireland follows the EU's rule of the importer from 2021-07-01
// (VAT Directive, article 32, second paragraph, under the Windsor
// Framework), which comes to the same: a seller registered in the United
// Kingdom that imports the goods itself charges UK VAT, within £135
// without the Import One Stop Shop as well.
func TestImporterOfRecordUnitedKingdom(t *testing.T) {
	e := testEngine(t)
	gb := []wire.TaxRegistration{{ISOCountryCode: "GB", TaxRegistrationNumber: "GB000472631"}}
	ukBusiness := []wire.TaxRegistration{{ISOCountryCode: "GB", TaxRegistrationNumber: "GB000472631"}}
	for _, c := range []importerCase{
		{name: "£200 to a London consumer, DDP: the seller imports", date: "2026-06-01", currency: "GBP", price: "200.00",
			from: imNewYork, to: imLondon, seller: gb, term: wire.DeliveryTermDDP, taxes: "GB:TAXABLE:40.00:import-registered-seller", termSays: termActs},
		{name: "£200 to a London consumer, DAP: the consumer imports", date: "2026-06-01", currency: "GBP", price: "200.00",
			from: imNewYork, to: imLondon, seller: gb, term: wire.DeliveryTermDAP, taxes: "GB:NONTAXABLE:0.00:import-at-border"},
		{name: "£200 to a London consumer, no term", date: "2026-06-01", currency: "GBP", price: "200.00",
			from: imNewYork, to: imLondon, seller: gb, taxes: "GB:NONTAXABLE:0.00:import-at-border"},
		{name: "£200 from Shanghai, DDP", date: "2026-06-01", currency: "GBP", price: "200.00",
			from: imShanghai, to: imLondon, seller: gb, term: wire.DeliveryTermDDP, taxes: "GB:TAXABLE:40.00:import-registered-seller", termSays: termActs},
		{name: "£200 to a UK business with its UK VAT number, DDP: a supply in the UK, no reverse charge above £135", date: "2026-06-01",
			currency: "GBP", price: "200.00", from: imNewYork, to: imLondon, seller: gb, customer: ukBusiness, business: true,
			term: wire.DeliveryTermDDP, taxes: "GB:TAXABLE:40.00:import-registered-seller", termSays: termActs},
		{name: "£200 to a UK business with its UK VAT number: it imports", date: "2026-06-01",
			currency: "GBP", price: "200.00", from: imNewYork, to: imLondon, seller: gb, customer: ukBusiness, business: true,
			taxes: "GB:NONTAXABLE:0.00:import-at-border"},
		{name: "£100 to a UK business with its UK VAT number, DDP: the reverse charge within £135", date: "2026-06-01",
			currency: "GBP", price: "100.00", from: imNewYork, to: imLondon, seller: gb, customer: ukBusiness, business: true,
			term: wire.DeliveryTermDDP, taxes: "GB:TAXABLE:0.00:import-reverse-charge"},
		{name: "£100 to a London consumer, DAP: within £135 the seller charges", date: "2026-06-01", currency: "GBP", price: "100.00",
			from: imNewYork, to: imLondon, seller: gb, term: wire.DeliveryTermDAP, taxes: "GB:TAXABLE:20.00:import-registered-seller"},
		{name: "£200 DDP by a seller not registered in GB: decided as before", date: "2026-06-01", currency: "GBP", price: "200.00",
			from: imNewYork, to: imLondon, seller: []wire.TaxRegistration{{ISOCountryCode: "US"}}, term: wire.DeliveryTermDDP,
			taxes: "US:NONTAXABLE:0.00:us-export"},
		{name: "£200 to a Belfast consumer, DDP", date: "2026-06-01", currency: "GBP", price: "200.00",
			from: imNewYork, to: imBelfast, seller: gb, term: wire.DeliveryTermDDP, taxes: "GB:TAXABLE:40.00:import-registered-seller", termSays: termActs},
		{name: "£200 to a Belfast consumer: the border", date: "2026-06-01", currency: "GBP", price: "200.00",
			from: imNewYork, to: imBelfast, seller: gb, taxes: "GB:NONTAXABLE:0.00:import-at-border"},
		{name: "£100 to a Belfast consumer, DDP, no IOSS: the seller imports", date: "2026-06-01", currency: "GBP", price: "100.00",
			from: imNewYork, to: imBelfast, seller: gb, term: wire.DeliveryTermDDP, taxes: "GB:TAXABLE:20.00:import-registered-seller", termSays: termActs},
		{name: "£100 to a Belfast consumer, no IOSS: the border", date: "2026-06-01", currency: "GBP", price: "100.00",
			from: imNewYork, to: imBelfast, seller: gb, taxes: "GB:NONTAXABLE:0.00:import-at-border"},
	} {
		c.run(t, e)
	}
}

// TestImporterOfRecordAustraliaNorway: Australia and Norway tax goods
// sent from abroad at the border unless the supplier imports them.
// Australia: a supply of goods brought to Australia is connected with it
// (and taxable for a registered supplier) when the supplier imports them
// (A New Tax System (Goods and Services Tax) Act 1999, section 9-25(3)),
// else the recipient's importation is a taxable importation (Division
// 13), on every date, save low value goods within Subdivision 84-C from
// 2018-07-01. Norway: a supplier that imports goods and delivers them in
// Norway sells them within Norway (merverdiavgiftsloven § 3-1), while
// goods the customer imports bear the import VAT (§ 3-29); a VOEC seller
// charges VAT only on items under NOK 3,000 sold to consumers, never to
// businesses (Skatteetaten, "Buying from foreign enterprises in the VOEC
// scheme"). Before, above the limits Levy sent DDP consignments to the
// border too (A$1,200 and an item of NOK 4,000 delivered duty paid:
// NONTAXABLE, import-at-border), and where no limit decided (Australia
// before 2018-07-01, Norway before 2020-04-01, a Norwegian business) a
// registered seller charged GST or VAT whether or not it imported; now
// those goods are the customer's to import, which a line from New York
// says as any export from the United States does (us-export: no tax the
// seller charges), as for goods into the EU.
func TestImporterOfRecordAustraliaNorway(t *testing.T) {
	e := testEngine(t)
	au := []wire.TaxRegistration{{ISOCountryCode: "AU"}}
	abn := []wire.TaxRegistration{{ISOCountryCode: "AU", TaxRegistrationNumber: "51 824 753 556"}}
	no := []wire.TaxRegistration{{ISOCountryCode: "NO"}}
	for _, c := range []importerCase{
		{name: "A$1,200 to a Sydney consumer, DDP: the seller imports", date: "2026-06-01", currency: "AUD", price: "1200.00",
			from: imNewYork, to: imSydney, seller: au, term: wire.DeliveryTermDDP, taxes: "AU:TAXABLE:120.00:import-registered-seller", termSays: termActs},
		{name: "A$1,200 to a Sydney consumer: the border", date: "2026-06-01", currency: "AUD", price: "1200.00",
			from: imNewYork, to: imSydney, seller: au, taxes: "AU:NONTAXABLE:0.00:import-at-border"},
		{name: "A$1,200 to a Sydney business with its ABN, DDP", date: "2026-06-01", currency: "AUD", price: "1200.00",
			from: imNewYork, to: imSydney, seller: au, customer: abn, business: true, term: wire.DeliveryTermDDP,
			taxes: "AU:TAXABLE:120.00:import-registered-seller", termSays: termActs},
		{name: "A$800 to a Sydney consumer, DAP: within the limit the seller charges", date: "2026-06-01", currency: "AUD", price: "800.00",
			from: imNewYork, to: imSydney, seller: au, term: wire.DeliveryTermDAP, taxes: "AU:TAXABLE:80.00:import-registered-seller"},
		{name: "A$800 in 2017, before the limit: the consumer imports", date: "2017-06-01", currency: "AUD", price: "800.00",
			from: imNewYork, to: imSydney, seller: au, taxes: "US:NONTAXABLE:0.00:us-export"},
		{name: "A$800 in 2017, DDP: the seller imports", date: "2017-06-01", currency: "AUD", price: "800.00",
			from: imNewYork, to: imSydney, seller: au, term: wire.DeliveryTermDDP, taxes: "AU:TAXABLE:80.00:import-registered-seller", termSays: termActs},
		{name: "an item of NOK 4,000 to an Oslo consumer, DDP", date: "2026-06-01", currency: "NOK", price: "4000.00",
			from: imNewYork, to: imOslo, seller: no, term: wire.DeliveryTermDDP, taxes: "NO:TAXABLE:1000.00:import-registered-seller", termSays: termActs},
		{name: "an item of NOK 4,000 to an Oslo consumer: the border", date: "2026-06-01", currency: "NOK", price: "4000.00",
			from: imNewYork, to: imOslo, seller: no, taxes: "NO:NONTAXABLE:0.00:import-at-border"},
		{name: "an item of NOK 2,000 to an Oslo consumer: VOEC, the seller charges", date: "2026-06-01", currency: "NOK", price: "2000.00",
			from: imNewYork, to: imOslo, seller: no, taxes: "NO:TAXABLE:500.00:import-registered-seller"},
		{name: "an item of NOK 2,000 to an Oslo business: it imports", date: "2026-06-01", currency: "NOK", price: "2000.00",
			from: imNewYork, to: imOslo, seller: no, business: true, taxes: "US:NONTAXABLE:0.00:us-export"},
		{name: "an item of NOK 2,000 to an Oslo business, DDP: the seller imports", date: "2026-06-01", currency: "NOK", price: "2000.00",
			from: imNewYork, to: imOslo, seller: no, business: true, term: wire.DeliveryTermDDP, taxes: "NO:TAXABLE:500.00:import-registered-seller", termSays: termActs},
		{name: "NOK 2,000 in 2019, before VOEC: the consumer imports", date: "2019-06-01", currency: "NOK", price: "2000.00",
			from: imNewYork, to: imOslo, seller: no, taxes: "US:NONTAXABLE:0.00:us-export"},
		{name: "NOK 2,000 in 2019, DDP: the seller imports", date: "2019-06-01", currency: "NOK", price: "2000.00",
			from: imNewYork, to: imOslo, seller: no, term: wire.DeliveryTermDDP, taxes: "NO:TAXABLE:500.00:import-registered-seller", termSays: termActs},
	} {
		c.run(t, e)
	}
}

// TestImporterOfRecordUnchanged holds what the importer rule leaves as it
// was. New Zealand deems a non-resident's supply of goods that are
// outside New Zealand when supplied to be made outside it (Goods and
// Services Tax Act 1985, section 8(2)), whoever imports them: above
// NZ$1,000 GST is collected at the border (section 12) even delivered
// duty paid. Switzerland places a delivery from abroad in Switzerland
// when the supplier imports in its own name under the ESTV's permit
// (Unterstellungserklärung, MWSTG article 7(3)(a), MWSTV article 3) and,
// for all its deliveries from abroad, when it is a mail-order seller
// registered under article 7(3)(b) (MWSTV article 4a(2)), which must then
// import in its own name: a seller registered in Switzerland charges
// Swiss VAT whatever the term says, as Levy cannot tell the two
// registrations apart. Canada taxes a supply of goods delivered or made
// available in Canada (Excise Tax Act, section 142(1)), whoever is the
// importer of record: a registered non-resident charges GST/HST on goods
// delivered in Toronto, DAP or DDP.
func TestImporterOfRecordUnchanged(t *testing.T) {
	e := testEngine(t)
	nz := []wire.TaxRegistration{{ISOCountryCode: "NZ"}}
	ch := []wire.TaxRegistration{{ISOCountryCode: "CH"}}
	ca := []wire.TaxRegistration{{ISOCountryCode: "CA"}}
	for _, c := range []importerCase{
		{name: "NZ$1,200 to an Auckland consumer, DDP: outside New Zealand, GST at the border", date: "2026-06-01", currency: "NZD", price: "1200.00",
			from: imNewYork, to: imAuckland, seller: nz, term: wire.DeliveryTermDDP, taxes: "NZ:NONTAXABLE:0.00:import-at-border", termSays: termIgnored},
		{name: "NZ$500 to an Auckland consumer, DAP: within the limit", date: "2026-06-01", currency: "NZD", price: "500.00",
			from: imNewYork, to: imAuckland, seller: nz, term: wire.DeliveryTermDAP, taxes: "NZ:TAXABLE:75.00:import-registered-seller"},
		{name: "CHF 200 to a Zürich consumer, DDP", date: "2026-06-01", currency: "CHF", price: "200.00",
			from: imNewYork, to: imZurich, seller: ch, term: wire.DeliveryTermDDP, taxes: "CH:TAXABLE:16.20:import-registered-seller", termSays: termIgnored},
		{name: "CHF 200 to a Zürich consumer, no term", date: "2026-06-01", currency: "CHF", price: "200.00",
			from: imNewYork, to: imZurich, seller: ch, taxes: "CH:TAXABLE:16.20:import-registered-seller"},
		{name: "CAD 200 to a Toronto consumer, DAP", date: "2026-06-01", currency: "CAD", price: "200.00",
			from: imNewYork, to: imToronto, seller: ca, term: wire.DeliveryTermDAP, taxes: "CA:TAXABLE:10.00:import-registered-seller CA-ON:TAXABLE:16.00:import-registered-seller"},
	} {
		c.run(t, e)
	}
}
