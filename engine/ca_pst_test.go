package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

// Canadian places of the tests: the seller's office in Toronto (an HST
// province) and customers in each province with a sales tax of its own,
// and in Nova Scotia (HST).
var (
	toronto   = func() *wire.Location { return Address("Toronto", "M5V 3L9", "CA") }
	vancouver = func() *wire.Location { return Address("Vancouver", "V6B 1A1", "CA") }
	regina    = func() *wire.Location { return Address("Regina", "S4P 3Y2", "CA") }
	winnipeg  = func() *wire.Location { return Address("Winnipeg", "R3C 4T3", "CA") }
	montreal  = func() *wire.Location { return Address("Montreal", "H2Y 1C6", "CA") }
	halifax   = func() *wire.Location { return Address("Halifax", "B3H 1A1", "CA") }
)

// caSale sends a quotation in Canadian dollars of one line of class for
// 100.00 from seller to a customer at dest, and returns the line's taxes.
func caSale(t *testing.T, e *Engine, ctx context.Context, seller *wire.Seller, dest *wire.Location, date, class string) []wire.Tax {
	t.Helper()
	q := Quotation(date, seller, CustomerAt(dest), Line("l", class, "100.00"))
	q.Currency = CurrencyCode("CAD")
	r, err := e.Sale(ctx, q)
	if err != nil {
		t.Fatalf("%s to %s: %v", class, dest.City, err)
	}
	return r.LineItems[0].Taxes
}

// torontoSeller returns a seller in Toronto with registrations regs.
func torontoSeller(regs ...wire.TaxRegistration) *wire.Seller {
	s := SellerAt(toronto())
	s.TaxRegistrations = regs
	return s
}

// wantCharged checks that the record of id is taxable and charges tax.
func wantCharged(t *testing.T, what string, taxes []wire.Tax, id, tax string) {
	t.Helper()
	x := taxOf(t, taxes, id)
	if x.TaxResult != wire.TaxResultTaxable || x.NotRegisteredIndicator || x.CalculatedTax.String() != tax {
		t.Errorf("%s: %s is %s, tax %s, not registered %v; want TAXABLE, %s charged", what, id, x.TaxResult, x.CalculatedTax, x.NotRegisteredIndicator, tax)
	}
}

// wantNotRegistered checks that the record of id charges nothing and
// says that the seller is not registered, as a US state's or an EU
// member state's tax does.
func wantNotRegistered(t *testing.T, what string, taxes []wire.Tax, id string) {
	t.Helper()
	x := taxOf(t, taxes, id)
	if x.TaxResult != wire.TaxResultNoTax || !x.NotRegisteredIndicator || !x.CalculatedTax.IsZero() {
		t.Errorf("%s: %s is %s, tax %s, not registered %v; want NO_TAX, not registered", what, id, x.TaxResult, x.CalculatedTax, x.NotRegisteredIndicator)
	}
}

// TestCanadaGSTRegistrationLeavesProvincialTaxes: a seller in Ontario that
// lists only its GST/HST registration (country CA, no province) charges
// the GST, and the HST of an HST province, but not the PST of British
// Columbia, Saskatchewan or Manitoba nor Quebec's QST: each of those is a
// registration with the province (Provincial Sales Tax Act of B.C., The
// Provincial Sales Tax Act of Saskatchewan, The Retail Sales Tax Act of
// Manitoba, the Act respecting the Québec sales tax). The line's record of
// the provincial tax says so: NO_TAX and notRegisteredIndicator.
func TestCanadaGSTRegistrationLeavesProvincialTaxes(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	gstOnly := torontoSeller(wire.TaxRegistration{ISOCountryCode: "CA", TaxRegistrationNumber: "123456789RT0001"})
	for _, c := range []struct {
		dest     *wire.Location
		province string
	}{{vancouver(), "CA-BC"}, {regina(), "CA-SK"}, {winnipeg(), "CA-MB"}, {montreal(), "CA-QC"}} {
		taxes := caSale(t, e, ctx, gstOnly, c.dest, "2026-06-01", "GENERAL")
		what := "GST/HST registration only, GENERAL to " + c.dest.City
		wantCharged(t, what, taxes, "CA", "5.00")
		wantNotRegistered(t, what, taxes, c.province)
	}
	// The HST is the GST at the harmonized rate: the one registration.
	taxes := caSale(t, e, ctx, gstOnly, halifax(), "2026-06-01", "GENERAL")
	wantCharged(t, "GST/HST registration only, GENERAL to Halifax", taxes, "CA", "5.00")
	wantCharged(t, "GST/HST registration only, GENERAL to Halifax", taxes, "CA-NS", "9.00")
}

// TestCanadaProvincialRegistrationCharges: the same seller with a
// registration naming British Columbia (by code, by name, or as the
// jurisdiction ID) charges B.C.'s PST; a seller that lists no
// registration is registered everywhere, as before, and charges every
// provincial tax; a registration in B.C. alone still leaves Quebec's QST
// out, and covers the GST (any registration in a country does) and so the
// HST.
func TestCanadaProvincialRegistrationCharges(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	gst := wire.TaxRegistration{ISOCountryCode: "CA", TaxRegistrationNumber: "123456789RT0001"}
	for _, bc := range []wire.TaxRegistration{
		{ISOCountryCode: "CA", MainDivision: "BC", TaxRegistrationNumber: "PST-1234-5678"},
		{ISOCountryCode: "CA", MainDivision: "British Columbia"},
		{ISOCountryCode: "CA", JurisdictionID: "CA-BC"},
	} {
		what := "GST/HST and B.C. registrations (" + bc.MainDivision + bc.JurisdictionID + "), GENERAL to Vancouver"
		taxes := caSale(t, e, ctx, torontoSeller(gst, bc), vancouver(), "2026-06-01", "GENERAL")
		wantCharged(t, what, taxes, "CA", "5.00")
		wantCharged(t, what, taxes, "CA-BC", "7.00")
	}

	none := torontoSeller()
	for _, c := range []struct {
		dest          *wire.Location
		province, tax string
	}{{vancouver(), "CA-BC", "7.00"}, {regina(), "CA-SK", "6.00"}, {winnipeg(), "CA-MB", "7.00"}, {montreal(), "CA-QC", "9.98"}, {halifax(), "CA-NS", "9.00"}} {
		taxes := caSale(t, e, ctx, none, c.dest, "2026-06-01", "GENERAL")
		what := "no registrations listed, GENERAL to " + c.dest.City
		wantCharged(t, what, taxes, "CA", "5.00")
		wantCharged(t, what, taxes, c.province, c.tax)
	}

	bcOnly := torontoSeller(wire.TaxRegistration{ISOCountryCode: "CA", MainDivision: "BC"})
	wantNotRegistered(t, "B.C. registration only, GENERAL to Montreal", caSale(t, e, ctx, bcOnly, montreal(), "2026-06-01", "GENERAL"), "CA-QC")
	taxes := caSale(t, e, ctx, bcOnly, halifax(), "2026-06-01", "GENERAL")
	wantCharged(t, "B.C. registration only, GENERAL to Halifax", taxes, "CA", "5.00")
	wantCharged(t, "B.C. registration only, GENERAL to Halifax", taxes, "CA-NS", "9.00")
}

// TestCanadaProvincialRegistrationFromProfile: registrations stored in
// the tenant's profile feed the same rule as the request's. A profile
// does not name Canada by its bare code ("CA" is read as California, see
// profile.NormalizeJurisdiction) but by "CAN" (TestCountryWhoseCodeIsAStatesFromProfile);
// here a company stores its GST/HST registration as its home province,
// "CA-ON": that covers the GST and
// the HST of every HST province (Nova Scotia's too), but not B.C.'s PST;
// a company that also stores "CA-BC" charges it.
func TestCanadaProvincialRegistrationFromProfile(t *testing.T) {
	store := profile.NewMemory()
	svc := profile.NewService(store, profile.Config{})
	const tenant = "maple"
	since := civil.MustParse("2020-01-01")
	cs := profile.ChangeSet{Registrations: []profile.Registration{
		{CompanyCode: "HST-ONLY", Jurisdiction: "CA-ON", Number: "123456789RT0001", EffectiveDate: since},
		{CompanyCode: "HST-AND-BC", Jurisdiction: "CA-ON", Number: "987654321RT0001", EffectiveDate: since},
		{CompanyCode: "HST-AND-BC", Jurisdiction: "CA-BC", Number: "PST-1234-5678", EffectiveDate: since},
	}}
	if _, err := svc.Apply(context.Background(), tenant, "test", cs); err != nil {
		t.Fatalf("storing the profile: %v", err)
	}
	e, _ := profileEngine(t, store)
	ctx := levy.WithTenant(context.Background(), tenant)

	taxes := caSale(t, e, ctx, torontoCompany("HST-ONLY"), vancouver(), "2026-06-01", "GENERAL")
	wantCharged(t, "stored CA-ON registration only, GENERAL to Vancouver", taxes, "CA", "5.00")
	wantNotRegistered(t, "stored CA-ON registration only, GENERAL to Vancouver", taxes, "CA-BC")
	taxes = caSale(t, e, ctx, torontoCompany("HST-ONLY"), halifax(), "2026-06-01", "GENERAL")
	wantCharged(t, "stored CA-ON registration only, GENERAL to Halifax", taxes, "CA", "5.00")
	wantCharged(t, "stored CA-ON registration only, GENERAL to Halifax", taxes, "CA-NS", "9.00")

	taxes = caSale(t, e, ctx, torontoCompany("HST-AND-BC"), vancouver(), "2026-06-01", "GENERAL")
	wantCharged(t, "stored CA-ON and CA-BC registrations, GENERAL to Vancouver", taxes, "CA", "5.00")
	wantCharged(t, "stored CA-ON and CA-BC registrations, GENERAL to Vancouver", taxes, "CA-BC", "7.00")
}

// TestCanadaProvincialTaxOnServices sends sales of service and digital
// classes from a seller registered everywhere to British Columbia,
// Saskatchewan and Manitoba: each province's own tax reaches the classes
// its act names and leaves the others out (NONTAXABLE) or exempts them,
// while the GST taxes them all. The sources are the rows of
// internal/datagen/curated/vat-product-classes.csv (CA-BC, CA-SK, CA-MB),
// summarised here. The test needs the dataset generated from that table
// (go run ./cmd/levydata --src <sources> --out data).
func TestCanadaProvincialTaxOnServices(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	seller := torontoSeller()
	const out, exempt = "NONTAXABLE", "EXEMPT"
	for _, c := range []struct {
		dest     *wire.Location
		province string
		date     string
		class    string
		want     string // a tax charged, or NONTAXABLE or EXEMPT
		why      string
	}{
		// British Columbia, Provincial Sales Tax Act.
		{vancouver(), "CA-BC", "2026-06-01", "SERVICES", out, "only the services the Act names bear the PST"},
		{vancouver(), "CA-BC", "2026-06-01", "PROFESSIONAL_SERVICES", out, "legal services alone among them (Bulletin PST 106)"},
		{vancouver(), "CA-BC", "2026-06-01", "PERSONAL_CARE_SERVICES", out, "Bulletin PST 138 Personal Services"},
		{vancouver(), "CA-BC", "2026-06-01", "REPAIR_SERVICES", "7.00", "related services, Bulletin PST 301"},
		{vancouver(), "CA-BC", "2026-06-01", "SAAS", "7.00", "software, Bulletin PST 105 and the 2024 amendment"},
		{vancouver(), "CA-BC", "2026-06-01", "DIGITAL_STREAMING", "7.00", "telecommunication services, Bulletin PST 107"},
		{vancouver(), "CA-BC", "2026-06-01", "CUSTOM_SOFTWARE", exempt, "custom software exempt, Bulletin PST 105"},
		{vancouver(), "CA-BC", "2026-06-01", "BOOKS", exempt, "books exempt, Bulletin PST 205"},
		{vancouver(), "CA-BC", "2026-06-01", "TEXTBOOKS", exempt, "educational books exempt, Bulletin PST 205"},
		{vancouver(), "CA-BC", "2026-06-01", "MAGAZINES", exempt, "most magazines exempt, the Ministry's list of April 2013"},
		// Saskatchewan, The Provincial Sales Tax Act.
		{regina(), "CA-SK", "2026-06-01", "SERVICES", out, "only the services the Act names bear the PST"},
		{regina(), "CA-SK", "2026-06-01", "PROFESSIONAL_SERVICES", "6.00", "legal, accounting, architectural, engineering since July 1, 2000"},
		{regina(), "CA-SK", "2000-06-30", "PROFESSIONAL_SERVICES", out, "before July 1, 2000"},
		{regina(), "CA-SK", "2026-06-01", "PERSONAL_CARE_SERVICES", out, "not a service the Act names"},
		{regina(), "CA-SK", "2026-06-01", "REPAIR_SERVICES", "6.00", "repair and installation services"},
		{regina(), "CA-SK", "2026-06-01", "SAAS", "6.00", "computer services, Bulletin PST-7"},
		{regina(), "CA-SK", "2026-06-01", "EBOOKS", exempt, "electronic equivalent of exempt books, Bulletin PST-9"},
		// Manitoba, The Retail Sales Tax Act.
		{winnipeg(), "CA-MB", "2026-06-01", "SERVICES", out, "a service is taxable only when the Act names it, Bulletin No. 030"},
		{winnipeg(), "CA-MB", "2026-06-01", "PROFESSIONAL_SERVICES", out, "not named, Bulletin No. 030"},
		{winnipeg(), "CA-MB", "2026-06-01", "REPAIR_SERVICES", "7.00", "services to goods, Bulletin No. 030"},
		{winnipeg(), "CA-MB", "2021-11-30", "DIGITAL_STREAMING", out, "before December 1, 2021"},
		{winnipeg(), "CA-MB", "2021-12-01", "DIGITAL_STREAMING", "7.00", "Bulletin No. 064 from December 1, 2021"},
		{winnipeg(), "CA-MB", "2012-06-30", "PERSONAL_CARE_SERVICES", out, "before July 1, 2012"},
		{winnipeg(), "CA-MB", "2015-06-01", "PERSONAL_CARE_SERVICES", "8.00", "Bulletin No. 062, July 1, 2012 to November 30, 2021; the RST was 8% from July 1, 2013 to June 30, 2019"},
		{winnipeg(), "CA-MB", "2026-06-01", "PERSONAL_CARE_SERVICES", out, "Bulletin No. 062 of December 2021"},
		{winnipeg(), "CA-MB", "2025-12-31", "SAAS", out, "software used remotely, before January 1, 2026"},
		{winnipeg(), "CA-MB", "2026-01-01", "SAAS", "7.00", "cloud computing services, Bulletin RST 033"},
	} {
		what := c.class + " to " + c.dest.City + " on " + c.date + " (" + c.why + ")"
		taxes := caSale(t, e, ctx, seller, c.dest, c.date, c.class)
		wantCharged(t, what, taxes, "CA", caGST(c.date))
		x := taxOf(t, taxes, c.province)
		switch c.want {
		case out, exempt:
			if string(x.TaxResult) != c.want || !x.CalculatedTax.IsZero() {
				t.Errorf("%s: %s is %s, tax %s; want %s", what, c.province, x.TaxResult, x.CalculatedTax, c.want)
			}
		default:
			if x.TaxResult != wire.TaxResultTaxable || x.CalculatedTax.String() != c.want {
				t.Errorf("%s: %s is %s, tax %s; want TAXABLE, %s", what, c.province, x.TaxResult, x.CalculatedTax, c.want)
			}
		}
	}
	// Quebec's QST and the HST follow the GST: services are taxable.
	for _, c := range []struct {
		dest          *wire.Location
		province, tax string
	}{{montreal(), "CA-QC", "9.98"}, {halifax(), "CA-NS", "9.00"}} {
		for _, class := range []string{"SERVICES", "PROFESSIONAL_SERVICES", "PERSONAL_CARE_SERVICES"} {
			wantCharged(t, class+" to "+c.dest.City, caSale(t, e, ctx, seller, c.dest, "2026-06-01", class), c.province, c.tax)
		}
	}
}

// torontoCompany is a seller in Toronto under company code company, whose
// registrations come from its tenant's profile.
func torontoCompany(company string) *wire.Seller {
	s := SellerAt(toronto())
	s.Company = company
	return s
}
