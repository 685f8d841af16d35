package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/wire"
)

// TestIntrastatGreekPartnerNumber: goods dispatched from Berlin to a
// business in Athens that gives its Greek VAT number under Greece's VAT
// prefix EL (isoCountryCode EL, as VIES names Greece), which the engine
// takes as a number of Greece for the exempt intra-community supply
// (eu-reverse-charge). Germany's dispatch declaration gives that number
// as the partner's VAT number, as it gives a French customer's; before,
// only a registration whose country was written GR was looked for, and
// the partner's number was left empty.
func TestIntrastatGreekPartnerNumber(t *testing.T) {
	store := journal.NewMemory()
	ctx := levy.WithTenant(context.Background(), "acme-de")
	e, err := New(context.Background(), WithJournal(store))
	if err != nil {
		t.Fatal(err)
	}
	for i, cc := range []string{"EL", "GR", "GRC"} {
		req := euDispatch([]string{"GR-1", "GR-2", "GR-3"}[i], "2026-03-02", "FR", goods("1", "100.00", "84713000", 11, 3, 1, "PST", "1", "CHN"))
		req.Customer = &wire.Customer{Destination: &wire.Location{City: "Athens", PostalCode: "10552", Country: "GR"},
			TaxRegistrations: []wire.TaxRegistration{{ISOCountryCode: cc, TaxRegistrationNumber: "EL094012834"}}}
		r, err := e.Sale(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		if x := r.LineItems[0].Taxes[0]; x.CalculationRuleID == nil || x.CalculationRuleID.Value != "eu-reverse-charge" {
			t.Fatalf("%s: rule %v, want eu-reverse-charge", cc, x.CalculationRuleID)
		}
	}
	d, err := journal.Intrastat(ctx, store, "acme-de", journal.IntrastatQuery{From: civil.MustParse("2026-03-01"), To: civil.MustParse("2026-03-31"),
		MemberState: "DE", Flow: journal.Dispatches}, e.IntrastatCodes())
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Items) != 1 || d.Items[0].PartnerCountry != "GR" || d.Items[0].Lines != 3 {
		t.Fatalf("items %+v refused %+v, want the three lines to Greece in one", d.Items, d.Refused)
	}
	if got := d.Items[0].PartnerVAT; got != "EL094012834" {
		t.Errorf("the Greek partner's VAT number is %q, want EL094012834", got)
	}
}

// TestGreekRegistrationUnderEL: a seller in Athens whose registration
// names Greece by its VAT prefix EL (as VIES and Greek invoices do), with
// or without the prefix on the number, is registered in Greece: it
// charges Greece's 24% (24.00 on 100.00) on a sale in Athens, as one that
// writes GR does. Before, the registration's country EL matched no
// place, and the seller, which lists registrations, was taken to be
// registered nowhere (NO_TAX, not registered).
func TestGreekRegistrationUnderEL(t *testing.T) {
	e := testEngine(t)
	for _, reg := range []wire.TaxRegistration{
		{ISOCountryCode: "EL", TaxRegistrationNumber: "EL094012834"},
		{ISOCountryCode: "EL", TaxRegistrationNumber: "094012834"},
		{ISOCountryCode: "GR", TaxRegistrationNumber: "EL094012834"},
	} {
		r := localSaleBy(t, e, athens, "EUR", reg)
		wantCharged(t, "a seller in Athens registered as "+reg.ISOCountryCode+" "+reg.TaxRegistrationNumber, r.LineItems[0].Taxes, "GR", "24.00")
	}
}

// TestNorthernIrishRegistrationUnderXI: a seller in Belfast whose
// registration names Northern Ireland's prefix XI (the United Kingdom
// VAT registration a Northern Irish trader quotes for goods with the EU)
// is registered for the United Kingdom's VAT: it charges 20% (20.00 on
// 100.00) on a sale in Belfast, as one that writes GB does. Before, the
// registration's country XI matched no place and the seller was taken
// to be registered nowhere (NO_TAX, not registered). An XI number of a
// customer still identifies it for goods from 2021 (the intra-EU tests).
func TestNorthernIrishRegistrationUnderXI(t *testing.T) {
	e := testEngine(t)
	belfast := &wire.Location{City: "Belfast", PostalCode: "BT1 5GS", Country: "GB"}
	for _, reg := range []wire.TaxRegistration{
		{ISOCountryCode: "XI", TaxRegistrationNumber: "000472631"},
		{ISOCountryCode: "XI", TaxRegistrationNumber: "XI000472631"},
		{ISOCountryCode: "GB", TaxRegistrationNumber: "GB000472631"},
	} {
		r := localSaleBy(t, e, belfast, "GBP", reg)
		wantCharged(t, "a seller in Belfast registered as "+reg.ISOCountryCode+" "+reg.TaxRegistrationNumber, r.LineItems[0].Taxes, "GB", "20.00")
		if vr := r.Seller.TaxRegistrations[0].ValidationResult; vr == nil || vr.IsSyntaxValid == nil || !*vr.IsSyntaxValid {
			t.Errorf("%s %s: validation %+v, want valid syntax", reg.ISOCountryCode, reg.TaxRegistrationNumber, vr)
		}
	}
}

// localSaleBy invoices 100.00 of GENERAL goods in currency from a seller
// at place, registered as reg, to a customer at the same place.
func localSaleBy(t *testing.T, e *Engine, at *wire.Location, currency string, reg wire.TaxRegistration) *wire.SaleResponse {
	t.Helper()
	r, err := e.Sale(context.Background(), &wire.SaleRequest{SaleMessageType: wire.SaleInvoice, TransactionType: wire.TransactionTypeSale,
		DocumentDate: civil.MustParse("2026-06-01"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: currency},
		Seller:    &wire.Seller{PhysicalOrigin: at, TaxRegistrations: []wire.TaxRegistration{reg}},
		Customer:  &wire.Customer{Destination: at},
		LineItems: []wire.SaleLineItem{{Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt("100.00")}}})
	if err != nil {
		t.Fatal(err)
	}
	return r
}
