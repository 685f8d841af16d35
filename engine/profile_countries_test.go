package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

// TestCountryWhoseCodeIsAStatesFromProfile: a registration stored in the
// tenant's profile for Germany, named DEU (a bare DE is Delaware, see
// profile.NormalizeJurisdiction) and stored as DE, is a German VAT
// registration in the calculation. A Dutch seller without the Union
// scheme sells goods of 1000.00 EUR to a consumer in Berlin, its
// distance sales not known (taken to be above the threshold): the
// supply is taxed in Germany (eu-b2c-destination, 19%: 190.00), which
// the seller registered in Germany charges, while the same seller
// registered in Delaware (DE, stored as US-DE) is not registered there.
// Likewise CAN is a Canadian registration, which covers the GST and the
// HST but not British Columbia's PST; CAN with CA-BC covers it too.
func TestCountryWhoseCodeIsAStatesFromProfile(t *testing.T) {
	store := profile.NewMemory()
	svc := profile.NewService(store, profile.Config{})
	since := civil.MustParse("2020-01-01")
	cs := profile.ChangeSet{Registrations: []profile.Registration{
		{CompanyCode: "NL-DE", Jurisdiction: "NL", Number: "NL004909665B07", Type: "VAT Registration", EffectiveDate: since},
		{CompanyCode: "NL-DE", Jurisdiction: "DEU", Number: "DE136695976", Type: "VAT Registration", EffectiveDate: since},
		{CompanyCode: "NL-DELAWARE", Jurisdiction: "NL", Number: "NL004909665B07", Type: "VAT Registration", EffectiveDate: since},
		{CompanyCode: "NL-DELAWARE", Jurisdiction: "DE", Number: "5551234", EffectiveDate: since},
		{CompanyCode: "GST", Jurisdiction: "CAN", Number: "123456789RT0001", EffectiveDate: since},
		{CompanyCode: "GST-AND-BC", Jurisdiction: "CAN", Number: "987654321RT0001", EffectiveDate: since},
		{CompanyCode: "GST-AND-BC", Jurisdiction: "CA-BC", Number: "PST-1234-5678", EffectiveDate: since},
		{CompanyCode: "CALIFORNIA", Jurisdiction: "CA", Number: "SR-123", EffectiveDate: since},
	}}
	if _, err := svc.Apply(context.Background(), levy.DefaultTenant, "test", cs); err != nil {
		t.Fatalf("storing the profile: %v", err)
	}
	e, _ := profileEngine(t, store)
	ctx := context.Background()

	berlin := &wire.Location{City: "Berlin", PostalCode: "10115", Country: "DE"}
	toBerlin := func(company string) wire.Tax {
		t.Helper()
		req := euSale("2026-06-01", "GENERAL", berlin, false)
		req.Seller.TaxRegistrations = nil // the profile's stand in
		req.Seller.Company = company
		r, err := e.Sale(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		taxes := r.LineItems[0].Taxes
		if len(taxes) != 1 {
			t.Fatalf("%s: %d taxes, want Germany's: %+v", company, len(taxes), taxes)
		}
		return taxes[0]
	}
	de := toBerlin("NL-DE")
	if de.Jurisdiction.JurisdictionID != "DE" || de.CalculatedTax.String() != "190.00" || de.NotRegisteredIndicator ||
		de.CalculationRuleID == nil || de.CalculationRuleID.Value != "eu-b2c-destination" {
		t.Errorf("registered in Germany (DEU): %s %s, not registered %v, rule %v; want DE 190.00 charged under eu-b2c-destination",
			de.Jurisdiction.JurisdictionID, de.CalculatedTax, de.NotRegisteredIndicator, de.CalculationRuleID)
	}
	delaware := toBerlin("NL-DELAWARE")
	if delaware.Jurisdiction.JurisdictionID != "DE" || !delaware.CalculatedTax.IsZero() || !delaware.NotRegisteredIndicator {
		t.Errorf("registered in Delaware (DE): %s %s, not registered %v; want nothing charged, not registered",
			delaware.Jurisdiction.JurisdictionID, delaware.CalculatedTax, delaware.NotRegisteredIndicator)
	}

	taxes := caSale(t, e, ctx, torontoCompany("GST"), vancouver(), "2026-06-01", "GENERAL")
	wantCharged(t, "stored CAN registration, GENERAL to Vancouver", taxes, "CA", "5.00")
	wantNotRegistered(t, "stored CAN registration, GENERAL to Vancouver", taxes, "CA-BC")
	taxes = caSale(t, e, ctx, torontoCompany("GST"), halifax(), "2026-06-01", "GENERAL")
	wantCharged(t, "stored CAN registration, GENERAL to Halifax", taxes, "CA", "5.00")
	wantCharged(t, "stored CAN registration, GENERAL to Halifax", taxes, "CA-NS", "9.00")
	taxes = caSale(t, e, ctx, torontoCompany("GST-AND-BC"), vancouver(), "2026-06-01", "GENERAL")
	wantCharged(t, "stored CAN and CA-BC registrations, GENERAL to Vancouver", taxes, "CA", "5.00")
	wantCharged(t, "stored CAN and CA-BC registrations, GENERAL to Vancouver", taxes, "CA-BC", "7.00")
	// A bare CA is California: no Canadian registration at all.
	taxes = caSale(t, e, ctx, torontoCompany("CALIFORNIA"), vancouver(), "2026-06-01", "GENERAL")
	wantNotRegistered(t, "stored CA (California) registration, GENERAL to Vancouver", taxes, "CA")
}

// TestUSTerritoryByCountryCodeFromProfile: Puerto Rico's ISO country
// code PRI names the territory as Levy taxes it, US-PR, a part of the
// United States (taxarea places San Juan in US, US-PR, US-72127). A
// certificate stored for PRI exempts a sale to San Juan, as one for PR
// does, and a seller whose one registration is stored for PRI charges
// Puerto Rico's sales and use tax there (10.50 state and 1.00 municipal
// on 100.00) instead of being taken as registered in no place Levy
// taxes.
func TestUSTerritoryByCountryCodeFromProfile(t *testing.T) {
	store := profile.NewMemory()
	svc := profile.NewService(store, profile.Config{})
	since := civil.MustParse("2020-01-01")
	cs := profile.ChangeSet{
		Customers: []profile.Customer{{Code: "SJ-PRI"}, {Code: "SJ-PR"}},
		Certificates: []profile.Certificate{
			{Number: "C-PRI", CustomerCode: "SJ-PRI", Jurisdictions: []string{"PRI"}, ReasonCode: "G", EffectiveDate: since},
			{Number: "C-PR", CustomerCode: "SJ-PR", Jurisdictions: []string{"PR"}, ReasonCode: "G", EffectiveDate: since},
		},
		Registrations: []profile.Registration{
			{CompanyCode: "PR-SELLER", Jurisdiction: " pri ", Number: "IVU-1234", EffectiveDate: since},
		},
	}
	if _, err := svc.Apply(context.Background(), levy.DefaultTenant, "test", cs); err != nil {
		t.Fatalf("storing the profile: %v", err)
	}
	e, _ := profileEngine(t, store)
	ctx := context.Background()
	sanJuan := Address("San Juan", "00901", "PR")
	sale := func(company, customer string) []wire.Tax {
		t.Helper()
		s := SellerAt(Address("Dallas", "75201", "US"))
		s.Company = company
		cu := CustomerAt(sanJuan)
		if customer != "" {
			cu.CustomerCode = &wire.CustomerCode{Value: customer}
		}
		r, err := e.Sale(ctx, Quotation("2026-06-01", s, cu, Line("l", "GENERAL", "100.00")))
		if err != nil {
			t.Fatal(err)
		}
		return r.LineItems[0].Taxes
	}
	for _, cust := range []string{"SJ-PRI", "SJ-PR"} {
		for _, x := range sale("", cust) {
			if x.TaxResult != wire.TaxResultExempt || !x.CalculatedTax.IsZero() {
				t.Errorf("certificate of %s: %s is %s, tax %s; want EXEMPT", cust, x.Jurisdiction.JurisdictionID, x.TaxResult, x.CalculatedTax)
			}
		}
	}
	taxes := sale("PR-SELLER", "")
	wantCharged(t, "registration stored for PRI, GENERAL to San Juan", taxes, "US-PR", "10.50")
	wantCharged(t, "registration stored for PRI, GENERAL to San Juan", taxes, "US-72127", "1.00")
}

// TestCertificateOfGermanyOrDelawareFromProfile: a customer's certificate
// stored for DEU (Germany, stored DE) exempts the German VAT of a sale to
// Berlin and not Delaware's tax of a sale to Dover; one stored for a
// bare DE (Delaware, stored US-DE) exempts the Dover sale and leaves the
// Berlin sale's 19% (190.00 on 1000.00) charged.
func TestCertificateOfGermanyOrDelawareFromProfile(t *testing.T) {
	store := profile.NewMemory()
	svc := profile.NewService(store, profile.Config{})
	since := civil.MustParse("2020-01-01")
	cs := profile.ChangeSet{
		Customers: []profile.Customer{{Code: "GERMANY"}, {Code: "DELAWARE"}},
		Certificates: []profile.Certificate{
			{Number: "C-DEU", CustomerCode: "GERMANY", Jurisdictions: []string{"DEU"}, ReasonCode: "G", EffectiveDate: since},
			{Number: "C-DE", CustomerCode: "DELAWARE", Jurisdictions: []string{"DE"}, ReasonCode: "G", EffectiveDate: since},
		},
	}
	if _, err := svc.Apply(context.Background(), levy.DefaultTenant, "test", cs); err != nil {
		t.Fatalf("storing the profile: %v", err)
	}
	e, _ := profileEngine(t, store)
	ctx := context.Background()
	sale := func(customer string, dest *wire.Location) wire.Tax {
		t.Helper()
		req := euSale("2026-06-01", "GENERAL", dest, false)
		req.Customer.CustomerCode = &wire.CustomerCode{Value: customer}
		if dest.Country == "US" {
			req.Seller = SellerAt(Address("Dallas", "75201", "US"))
		}
		r, err := e.Sale(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.LineItems[0].Taxes) != 1 {
			t.Fatalf("%s to %s: %d taxes, want one", customer, dest.City, len(r.LineItems[0].Taxes))
		}
		return r.LineItems[0].Taxes[0]
	}
	berlin := &wire.Location{City: "Berlin", PostalCode: "10115", Country: "DE"}
	dover := Address("Dover", "19901", "US")
	for _, c := range []struct {
		customer string
		dest     *wire.Location
		id       string
		result   wire.TaxResult
		tax      string
	}{
		{"GERMANY", berlin, "DE", wire.TaxResultExempt, "0.00"},
		{"GERMANY", dover, "US-DE", wire.TaxResultTaxable, "0.00"},
		{"DELAWARE", berlin, "DE", wire.TaxResultTaxable, "190.00"},
		{"DELAWARE", dover, "US-DE", wire.TaxResultExempt, "0.00"},
	} {
		x := sale(c.customer, c.dest)
		if x.Jurisdiction.JurisdictionID != c.id || x.TaxResult != c.result || x.CalculatedTax.String() != c.tax {
			t.Errorf("%s to %s: %s %s %s, want %s %s %s", c.customer, c.dest.City, x.Jurisdiction.JurisdictionID, x.TaxResult, x.CalculatedTax, c.id, c.result, c.tax)
		}
	}
}
