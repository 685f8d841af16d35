package engine

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

// Registrations of the tests of identity numbers (identityType).
var (
	copenhagen = &wire.Location{City: "København", PostalCode: "1050", Country: "DK"}
	// dkCVR is a Danish company's CVR number, valid as the digits of a
	// Danish VAT number (DK13585628) too, sent as what it is here: the
	// company's number in the register of companies.
	dkCVR    = wire.TaxRegistration{ISOCountryCode: "DK", TaxRegistrationNumber: "13585628", TaxRegistrationType: wire.TaxRegistrationTypeCommercialRegistration}
	dkVAT    = wire.TaxRegistration{ISOCountryCode: "DK", TaxRegistrationNumber: "13585628", TaxRegistrationType: wire.TaxRegistrationTypeVAT}
	dkUntyed = wire.TaxRegistration{ISOCountryCode: "DK", TaxRegistrationNumber: "13585628"}
	usFEIN   = wire.TaxRegistration{ISOCountryCode: "US", TaxRegistrationNumber: "12-3456789", TaxRegistrationType: wire.TaxRegistrationTypeFEIN}
	usSSN    = wire.TaxRegistration{ISOCountryCode: "US", TaxRegistrationNumber: "123-45-6789", TaxRegistrationType: wire.TaxRegistrationTypeSSN}
	usTIN    = wire.TaxRegistration{ISOCountryCode: "US", TaxRegistrationNumber: "12-3456789", TaxRegistrationType: wire.TaxRegistrationTypeTIN}
)

// TestCommercialRegistrationIsNoVATNumber: goods of EUR 1000.00 sent
// from Amsterdam to Copenhagen by a Dutch seller registered for the Union
// scheme, to a customer whose only registration is its company number in
// Denmark's register (taxRegistrationType "Commercial Registration"),
// which has the digits of a valid Danish VAT number. A company number is
// no VAT identification number: the exemption of an intra-Community
// supply needs the customer's VAT number (VAT Directive, article
// 138(1)(b)), so the consumer's goods bear Denmark's 25% through the
// Union scheme (250.00), and a business's (isBusinessIndicator) the
// Netherlands' 21% (210.00, EUBusinessNoNumberRule). Before, the company
// number counted as a Danish VAT number: the supply was reverse charged
// (0.00, the customer's). The same number sent as a "VAT Registration",
// or with no type, is reverse charged as before.
func TestCommercialRegistrationIsNoVATNumber(t *testing.T) {
	e := testEngine(t)
	const today = "2026-06-01"
	for _, c := range []struct {
		name string
		req  *wire.SaleRequest
		want euOutcome
	}{
		{"a consumer with a company number", euSale(today, "GENERAL", copenhagen, false, dkCVR),
			euOutcome{"eu-b2c-destination", "DK", "250.00", "SELLER", false}},
		{"a business with a company number", euSale(today, "GENERAL", copenhagen, true, dkCVR),
			euOutcome{EUBusinessNoNumberRule, "NL", "210.00", "SELLER", false}},
		{"a company number and a German VAT number", euSale(today, "GENERAL", copenhagen, false, dkCVR, deNumber),
			euOutcome{"eu-reverse-charge", "DK", "0.00", "BUYER", true}},
		{"a VAT registration, as before", euSale(today, "GENERAL", copenhagen, false, dkVAT),
			euOutcome{"eu-reverse-charge", "DK", "0.00", "BUYER", true}},
		{"a registration without a type, as before", euSale(today, "GENERAL", copenhagen, false, dkUntyed),
			euOutcome{"eu-reverse-charge", "DK", "0.00", "BUYER", true}},
	} {
		r, err := e.Sale(context.Background(), c.req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		l := &r.LineItems[0]
		if got := euLineOutcome(t, c.name, l.Taxes, l.TotalTax.String()); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
		// The number is still validated and reported as sent: a company
		// number as a CVR number (TestIdentityNumberIsNotValidatedAsVAT),
		// a VAT number as a VAT number.
		norm := "DK13585628"
		if c.req.Customer.TaxRegistrations[0].TaxRegistrationType.Identity() {
			norm = "13585628"
		}
		if vr := r.Customer.TaxRegistrations[0].ValidationResult; vr == nil || vr.TaxRegistrationNumberNormalized != norm {
			t.Errorf("%s: validation result %+v, want the number normalised %s", c.name, vr, norm)
		}
	}
}

// usGoodsSale returns a sale of goods of USD 100.00 sent from Berlin to a
// consumer in New York by a seller with the registrations regs.
func usGoodsSale(regs ...wire.TaxRegistration) *wire.SaleRequest {
	return &wire.SaleRequest{SaleMessageType: wire.SaleInvoice, TransactionType: wire.TransactionTypeSale,
		DocumentDate: civil.MustParse("2026-06-01"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "USD"},
		Seller:    &wire.Seller{PhysicalOrigin: &wire.Location{City: "Berlin", PostalCode: "10115", Country: "DE"}, TaxRegistrations: regs},
		Customer:  &wire.Customer{Destination: guestNY},
		LineItems: []wire.SaleLineItem{{Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt("100.00")}}}
}

// TestFEINRegistersNowhere: a German seller registered for VAT in
// Germany that also sends its United States employer number (FEIN), or a
// Social Security or Tax Identification Number of the United States,
// sells goods from Berlin to a consumer in New York. None of those
// numbers registers it for New York's sales tax: the goods are a
// zero-rated export from Germany (0.00). Before, the number was read as a
// registration in the United States that covered every state, and the
// seller charged New York's sales tax. A state's own registration
// ("State Identification Number" for NY) still does, and so does a FEIN
// sent for New York (mainDivision NY): the seller says it is registered
// there under that number.
func TestFEINRegistersNowhere(t *testing.T) {
	e := testEngine(t)
	ny := wire.TaxRegistration{ISOCountryCode: "US", MainDivision: "NY", TaxRegistrationNumber: "123456789",
		TaxRegistrationType: wire.TaxRegistrationTypeStateIdentification}
	for _, c := range []struct {
		name          string
		regs          []wire.TaxRegistration
		country, rule string // rule "": any
		charged       bool
	}{
		{"a FEIN", []wire.TaxRegistration{deNumber, usFEIN}, "DE", "export-zero-rated", false},
		{"a Social Security Number", []wire.TaxRegistration{deNumber, usSSN}, "DE", "export-zero-rated", false},
		{"a Tax Identification Number", []wire.TaxRegistration{deNumber, usTIN}, "DE", "export-zero-rated", false},
		{"a New York registration", []wire.TaxRegistration{deNumber, usFEIN, ny}, "US", "", true},
		// A FEIN sent for New York is a registration there under it.
		{"a FEIN for New York", []wire.TaxRegistration{deNumber, {ISOCountryCode: "US", MainDivision: "NY", TaxRegistrationNumber: "12-3456789",
			TaxRegistrationType: wire.TaxRegistrationTypeFEIN}}, "US", "", true},
	} {
		r, err := e.Sale(context.Background(), usGoodsSale(c.regs...))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		l := &r.LineItems[0]
		if len(l.Taxes) == 0 {
			t.Fatalf("%s: no taxes", c.name)
		}
		for _, x := range l.Taxes {
			rule := ""
			if x.CalculationRuleID != nil {
				rule = x.CalculationRuleID.Value
			}
			if country := x.Jurisdiction.JurisdictionID[:2]; country != c.country || c.rule != "" && rule != c.rule {
				t.Errorf("%s: %s rule %s, want %s of %s", c.name, x.Jurisdiction.JurisdictionID, rule, c.rule, c.country)
			}
		}
		if charged := l.TotalTax.String() != "0.00"; charged != c.charged {
			t.Errorf("%s: total tax %s, want charged %v", c.name, l.TotalTax, c.charged)
		}
	}
}

// TestStoredRegistrationsBesideAnIdentityNumber: a seller that sends only
// its FEIN sends no registration for a tax, so the registrations its
// tenant's profile stores apply, as when it sends none; and a stored
// number that only identifies a company (a "Commercial Registration") is
// no stored registration. Goods of EUR 100.00 sold from Berlin to a
// consumer in Munich:
//
//   - company STORED stores its German VAT registration; the request sends
//     only its FEIN: Germany's 19% (19.00). Before, the FEIN was the
//     seller's one registration, in the United States, and the sale bore
//     no German VAT (NO_TAX);
//   - company TRADE stores a French VAT registration and its German
//     trade register number: not registered in Germany, no German VAT
//     (NO_TAX, 0.00). Before, the trade register number registered it in
//     Germany (19.00).
func TestStoredRegistrationsBesideAnIdentityNumber(t *testing.T) {
	store := profile.NewMemory()
	svc := profile.NewService(store, profile.Config{})
	since := civil.MustParse("2021-01-01")
	cs := profile.ChangeSet{Registrations: []profile.Registration{
		{CompanyCode: "STORED", Jurisdiction: "DEU", Number: "DE136695976", Type: wire.TaxRegistrationTypeVAT, EffectiveDate: since},
		{CompanyCode: "TRADE", Jurisdiction: "FR", Number: "FR40303265045", Type: wire.TaxRegistrationTypeVAT, EffectiveDate: since},
		{CompanyCode: "TRADE", Jurisdiction: "DEU", Number: "HRB 86891", Type: wire.TaxRegistrationTypeCommercialRegistration, EffectiveDate: since},
	}}
	if _, err := svc.Apply(context.Background(), levy.DefaultTenant, "test", cs); err != nil {
		t.Fatal(err)
	}
	e, _ := profileEngine(t, store)
	for _, c := range []struct {
		company string
		regs    []wire.TaxRegistration
		want    string
	}{
		{"STORED", []wire.TaxRegistration{usFEIN}, "DE:TAXABLE:19.00:domestic-supply"},
		{"STORED", nil, "DE:TAXABLE:19.00:domestic-supply"},
		{"TRADE", nil, "DE:NO_TAX:0.00:domestic-supply"},
	} {
		r, err := e.Sale(context.Background(), &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
			DocumentDate: civil.MustParse("2026-06-01"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
			Seller: &wire.Seller{Company: c.company, PhysicalOrigin: &wire.Location{City: "Berlin", PostalCode: "10115", Country: "DE"},
				TaxRegistrations: c.regs},
			Customer:  &wire.Customer{Destination: &wire.Location{City: "München", PostalCode: "80331", Country: "DE"}},
			LineItems: []wire.SaleLineItem{{Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt("100.00")}}})
		if err != nil {
			t.Fatalf("%s: %v", c.company, err)
		}
		if got, _ := schemeLine(&r.LineItems[0]); got != c.want {
			t.Errorf("%s: %s, want %s", c.company, got, c.want)
		}
	}
}

// TestJournalKeepsAnIdentityNumberBesideStoredRegistrations: a seller
// whose German VAT registration is stored in the tenant's profile sends
// only its trade register number ("Commercial Registration", which an
// e-invoice states as the seller's legal registration identifier). The
// calculation charges Germany's 19% under the stored registration, and
// the journal keeps both: the stored registration, then the number the
// request sent. Without the second, the journal would keep the stored
// registration alone and the e-invoice would lose the number the request
// sent.
func TestJournalKeepsAnIdentityNumberBesideStoredRegistrations(t *testing.T) {
	store := profile.NewMemory()
	cs := profile.ChangeSet{Registrations: []profile.Registration{
		{CompanyCode: "MUNICH", Jurisdiction: "DEU", Number: "DE136695976", Type: wire.TaxRegistrationTypeVAT, EffectiveDate: civil.MustParse("2020-01-01")},
	}}
	if _, err := profile.NewService(store, profile.Config{}).Apply(context.Background(), levy.DefaultTenant, "test", cs); err != nil {
		t.Fatal(err)
	}
	e, j := profileEngine(t, store)
	ctx := context.Background()
	r, err := e.Sale(ctx, &wire.SaleRequest{SaleMessageType: wire.SaleInvoice, TransactionType: wire.TransactionTypeSale,
		TransactionID: "CR-1", DocumentNumber: "CR-1",
		DocumentDate: civil.MustParse("2026-05-04"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
		Seller: &wire.Seller{Company: "MUNICH", PhysicalOrigin: &wire.Location{City: "München", PostalCode: "80331", Country: "DE"},
			TaxRegistrations: []wire.TaxRegistration{{ISOCountryCode: "DE", TaxRegistrationNumber: "HRB 86891",
				TaxRegistrationType: wire.TaxRegistrationTypeCommercialRegistration}}},
		Customer:  &wire.Customer{Destination: &wire.Location{City: "Berlin", PostalCode: "10117", Country: "DE"}},
		LineItems: []wire.SaleLineItem{{Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt("100.00")}}})
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := schemeLine(&r.LineItems[0]); got != "DE:TAXABLE:19.00:domestic-supply" {
		t.Fatalf("taxes %s, want Germany's 19.00 charged", got)
	}
	tx, err := j.Get(ctx, levy.DefaultTenant, "CR-1")
	if err != nil {
		t.Fatal(err)
	}
	want := []journal.Registration{{Country: "DE", Number: "DE136695976", Type: "VAT Registration"},
		{Country: "DE", Number: "HRB 86891", Type: "Commercial Registration"}}
	if tx.Seller == nil || !reflect.DeepEqual(tx.Seller.Registrations, want) {
		t.Fatalf("the journal's seller %+v, want %+v", tx.Seller, want)
	}
}

// TestIntrastatPartnerVATIsAVATNumber: goods dispatched from Berlin to
// a Danish business (isBusinessIndicator) that gives only its company
// number (a "Commercial Registration", digits that pass as a Danish VAT
// number), and to one that gives it as its "VAT Registration". Germany's
// dispatch declaration names the partner's VAT identification number,
// which the first has not given: its line is refused for want of it (the
// journal's reason names the acquirer's VAT number), and the second's
// item declares DK13585628. Before, the company number was declared as
// the partner's VAT number of both.
func TestIntrastatPartnerVATIsAVATNumber(t *testing.T) {
	store := journal.NewMemory()
	ctx := levy.WithTenant(context.Background(), "acme-de")
	e, err := New(context.Background(), WithJournal(store))
	if err != nil {
		t.Fatal(err)
	}
	for i, reg := range []wire.TaxRegistration{dkCVR, dkVAT} {
		req := euDispatch([]string{"DK-1", "DK-2"}[i], []string{"2026-03-02", "2026-03-03"}[i], "FR",
			goods("1", "100.00", []string{"84713000", "85171300"}[i], 11, 3, 1, "PST", "1", "CHN"))
		req.Customer = &wire.Customer{Destination: copenhagen, CustomerCode: &wire.CustomerCode{IsBusinessIndicator: true},
			TaxRegistrations: []wire.TaxRegistration{reg}}
		if _, err := e.Sale(ctx, req); err != nil {
			t.Fatal(err)
		}
	}
	d, err := journal.Intrastat(ctx, store, "acme-de", journal.IntrastatQuery{From: civil.MustParse("2026-03-01"), To: civil.MustParse("2026-03-31"),
		MemberState: "DE", Flow: journal.Dispatches}, e.IntrastatCodes())
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Items) != 1 || d.Items[0].CommodityCode != "85171300" || d.Items[0].PartnerVAT != "DK13585628" {
		t.Errorf("items %+v, want the VAT registration's line alone, partner DK13585628", d.Items)
	}
	if len(d.Refused) != 1 || d.Refused[0].TransactionID != "DK-1" || !strings.Contains(d.Refused[0].Reason, "no VAT number of the acquirer") {
		t.Errorf("refused %+v, want the company number's line, for want of the acquirer's VAT number", d.Refused)
	}
}

// TestSSNIsNoVATNumber: a German seller's service (SERVICES) of EUR
// 100.00 to a consumer in New York who gives the seller its US Social
// Security Number. The number identifies a person and is no VAT number:
// the consumer is no business, and the service bears Germany's 19%
// where the supplier is established (VAT Directive, article 45: 19.00,
// services-origin), as without the number. Before, the number, which
// Levy cannot check, counted as a VAT number of valid syntax, the
// consumer as a business, and the service was a zero-rated export
// (0.00, export-zero-rated).
func TestSSNIsNoVATNumber(t *testing.T) {
	e := testEngine(t)
	for _, c := range []struct {
		name string
		regs []wire.TaxRegistration
		want string
	}{
		{"a Social Security Number", []wire.TaxRegistration{usSSN}, "DE:TAXABLE:19.00:services-origin"},
		{"no number", nil, "DE:TAXABLE:19.00:services-origin"},
	} {
		r, err := e.Sale(context.Background(), &wire.SaleRequest{SaleMessageType: wire.SaleInvoice, TransactionType: wire.TransactionTypeSale,
			DocumentDate: civil.MustParse("2026-06-01"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
			Seller: &wire.Seller{PhysicalOrigin: &wire.Location{City: "Berlin", PostalCode: "10115", Country: "DE"},
				TaxRegistrations: []wire.TaxRegistration{deNumber}},
			Customer:  &wire.Customer{Destination: guestNY, TaxRegistrations: c.regs},
			LineItems: []wire.SaleLineItem{{Product: &wire.Product{ProductClass: "SERVICES"}, ExtendedPrice: amt("100.00")}}})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got, _ := schemeLine(&r.LineItems[0]); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}
