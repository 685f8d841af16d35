package render_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/einvoice/render"
	"github.com/levytax/levy/einvoice/ubl"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

// storeNordicSale calculates and stores an INVOICE of 2026-06-01 under
// id, one GENERAL line of 1000.00 in currency from seller to customer,
// and returns the stored transaction.
func storeNordicSale(t *testing.T, id, currency string, seller *wire.Seller, customer *wire.Customer) *journal.Transaction {
	t.Helper()
	e, j := journaledEngine(t)
	ctx := context.Background()
	price := money.MustParse("1000.00")
	r, err := e.Sale(ctx, &wire.SaleRequest{SaleMessageType: wire.SaleInvoice, TransactionType: wire.TransactionTypeSale,
		TransactionID: id, DocumentNumber: id, DocumentDate: civil.MustParse("2026-06-01"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: currency},
		Seller: seller, Customer: customer,
		LineItems: []wire.SaleLineItem{{LineItemID: "1", Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: &price}}})
	if err != nil {
		t.Fatal(err)
	}
	if tx := r.LineItems[0].Taxes[0]; tx.TaxResult != "TAXABLE" || tx.TaxType != "VAT" {
		t.Fatalf("%s: the sale's tax is %s %s, want taxable VAT", id, tx.TaxType, tx.TaxResult)
	}
	stored, err := j.Get(ctx, levy.DefaultTenant, r.TransactionID)
	if err != nil {
		t.Fatal(err)
	}
	return stored
}

// renderChecked renders tx with o and reads the document back, failing
// the test when Render refuses it or when Levy's rules (Peppol BIS's
// national rules among them, for a Peppol document) find a fatal fault.
func renderChecked(t *testing.T, tx *journal.Transaction, o render.Options) *ubl.Document {
	t.Helper()
	out, err := render.Render(tx, o)
	if err != nil {
		t.Fatalf("%s, %s: %v", tx.TransactionID, o.Syntax, err)
	}
	d, err := ubl.Read(out.Content)
	if err != nil {
		t.Fatal(err)
	}
	if ps := d.Check(); ubl.HasFatal(ps) {
		t.Fatalf("%s, %s: %v", tx.TransactionID, o.Syntax, ps)
	}
	return d
}

var (
	copenhagen = &wire.Location{StreetAddress1: "Vesterbrogade 1", City: "København V", PostalCode: "1620", Country: "DK"}
	aarhus     = &wire.Location{StreetAddress1: "Åboulevarden 2", City: "Aarhus C", PostalCode: "8000", Country: "DK"}
	reykjavik  = &wire.Location{StreetAddress1: "Laugavegur 1", City: "Reykjavík", PostalCode: "101", Country: "IS"}
	akureyri   = &wire.Location{StreetAddress1: "Hafnarstræti 2", City: "Akureyri", PostalCode: "600", Country: "IS"}
)

// TestRenderDanishSellerCVR: Peppol BIS's rules DK-R-002 and DK-R-014
// want a Danish seller's legal registration identifier (BT-30), its CVR
// number under scheme 0184. A Danish VAT number is DK and the CVR
// number, so the e-invoice of a seller with a Danish VAT registration
// states that number as its BT-30, in UBL (Peppol BIS and plain EN
// 16931) and in CII; a registration of the type Commercial Registration
// (for a seller whose VAT number is an SE number of its own) gives it
// instead. Before, render wrote no BT-30 and refused every Peppol
// invoice of a Danish seller under DK-R-002.
func TestRenderDanishSellerCVR(t *testing.T) {
	buyer := &wire.Customer{CustomerName: "Jysk Handel A/S", Destination: aarhus, CustomerCode: &wire.CustomerCode{Value: "JH", IsBusinessIndicator: true},
		TaxRegistrations: []wire.TaxRegistration{{ISOCountryCode: "DK", TaxRegistrationNumber: "DK21314900"}}}
	for _, c := range []struct {
		name string
		regs []wire.TaxRegistration
		want string
	}{
		{"VAT registration", []wire.TaxRegistration{{ISOCountryCode: "DK", TaxRegistrationNumber: "DK 13 58 56 28", TaxRegistrationType: wire.TaxRegistrationTypeVAT}}, "13585628"},
		{"VAT number with its prefix only", []wire.TaxRegistration{{TaxRegistrationNumber: "dk13585628"}}, "13585628"},
		{"commercial registration", []wire.TaxRegistration{
			{ISOCountryCode: "DK", TaxRegistrationNumber: "DK32123457"},
			{ISOCountryCode: "DK", TaxRegistrationNumber: "DK 13585628", TaxRegistrationType: wire.TaxRegistrationTypeCommercialRegistration}}, "13585628"},
	} {
		tx := storeNordicSale(t, "DK-1", "DKK", &wire.Seller{Company: "Havn ApS", PhysicalOrigin: copenhagen, TaxRegistrations: c.regs}, buyer)
		for _, o := range []render.Options{
			{Syntax: ubl.SyntaxUBL, SellerEndpoint: "0184:13585628", BuyerEndpoint: "0184:21314900", BuyerReference: "REF-1", DueDate: civil.MustParse("2026-07-01")},
			{Syntax: ubl.SyntaxUBL},
			{Syntax: ubl.SyntaxCII},
		} {
			d := renderChecked(t, tx, o)
			if d.Supplier.LegalID != c.want {
				t.Errorf("%s, %s (Peppol %v): the seller's legal registration identifier is %q, want %q", c.name, o.Syntax, o.SellerEndpoint != "", d.Supplier.LegalID, c.want)
			}
			if d.Customer.LegalID != "" {
				t.Errorf("%s, %s: the buyer's legal registration identifier is %q, want none", c.name, o.Syntax, d.Customer.LegalID)
			}
		}
		out, err := render.Render(tx, render.Options{SellerEndpoint: "0184:13585628", BuyerEndpoint: "0184:21314900", BuyerReference: "REF-1", DueDate: civil.MustParse("2026-07-01")})
		if err != nil {
			t.Fatal(err)
		}
		if want := `<cbc:CompanyID schemeID="0184">` + c.want + `</cbc:CompanyID>`; !strings.Contains(string(out.Content), want) {
			t.Errorf("%s: the Peppol invoice does not hold %s", c.name, want)
		}
	}
}

// TestRenderIcelandicKennitala: Peppol BIS's rule IS-R-002 wants an
// Icelandic seller's kennitala as its legal registration identifier
// (BT-30, scheme 0196), and IS-R-004 the Icelandic buyer's (BT-47). The
// kennitala is not the VAT number (VSK-númer), so it comes from a
// registration of the type Commercial Registration, stored with the
// calculation as the parties' VAT registrations are. Before, render
// wrote none and refused every Peppol invoice of an Icelandic seller
// under IS-R-002; now a party without one is refused with the hint of
// what to store.
func TestRenderIcelandicKennitala(t *testing.T) {
	seller := &wire.Seller{Company: "Jökull ehf", PhysicalOrigin: reykjavik, TaxRegistrations: []wire.TaxRegistration{
		{ISOCountryCode: "IS", TaxRegistrationNumber: "123456"},
		{ISOCountryCode: "IS", TaxRegistrationNumber: "550500-3530", TaxRegistrationType: wire.TaxRegistrationTypeCommercialRegistration}}}
	buyer := &wire.Customer{CustomerName: "Kaupandi hf", Destination: akureyri, CustomerCode: &wire.CustomerCode{Value: "K", IsBusinessIndicator: true},
		TaxRegistrations: []wire.TaxRegistration{{ISOCountryCode: "IS", TaxRegistrationNumber: "654321"},
			{ISOCountryCode: "IS", TaxRegistrationNumber: "4107992759", TaxRegistrationType: wire.TaxRegistrationTypeCommercialRegistration}}}
	peppol := render.Options{SellerEndpoint: "0196:5505003530", BuyerEndpoint: "0196:4107992759", BuyerReference: "REF-1", DueDate: civil.MustParse("2026-07-01")}
	tx := storeNordicSale(t, "IS-1", "ISK", seller, buyer)
	for _, syntax := range []ubl.Syntax{ubl.SyntaxUBL, ubl.SyntaxCII} {
		o := peppol
		o.Syntax = syntax
		d := renderChecked(t, tx, o)
		if d.Supplier.LegalID != "5505003530" || d.Customer.LegalID != "4107992759" {
			t.Errorf("%s: the legal registration identifiers are %q and %q, want 5505003530 and 4107992759", syntax, d.Supplier.LegalID, d.Customer.LegalID)
		}
		if d.Supplier.VATID != "IS123456" {
			t.Errorf("%s: the seller's VAT identifier is %q, want IS123456", syntax, d.Supplier.VATID)
		}
	}
	out, err := render.Render(tx, peppol)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<cbc:CompanyID schemeID="0196">5505003530</cbc:CompanyID>`, `<cbc:CompanyID schemeID="0196">4107992759</cbc:CompanyID>`} {
		if !strings.Contains(string(out.Content), want) {
			t.Errorf("the Peppol invoice does not hold %s", want)
		}
	}

	// Without the parties' kennitala: refused, with the rule and the hint.
	for _, c := range []struct {
		name   string
		seller *wire.Seller
		buyer  *wire.Customer
		rule   string
	}{
		{"no seller kennitala", &wire.Seller{Company: "Jökull ehf", PhysicalOrigin: reykjavik, TaxRegistrations: seller.TaxRegistrations[:1]}, buyer, "IS-R-002"},
		{"no buyer kennitala", seller, &wire.Customer{CustomerName: "Kaupandi hf", Destination: akureyri, TaxRegistrations: buyer.TaxRegistrations[:1]}, "IS-R-004"},
	} {
		tx := storeNordicSale(t, "IS-2", "ISK", c.seller, c.buyer)
		_, err := render.Render(tx, peppol)
		if err == nil || !strings.Contains(err.Error(), c.rule) || !strings.Contains(err.Error(), "Commercial Registration") {
			t.Errorf("%s: the error is %v, want a refusal under %s saying to store a Commercial Registration", c.name, err, c.rule)
		}
	}
}

// TestRenderLegalRegistrationNotANumber: a Danish or Icelandic party's
// registration of the type Commercial Registration that is not a CVR
// number (8 digits) or a kennitala (10 digits, the last its century) is
// refused, naming it,
// rather than stated under a scheme it does not belong to.
func TestRenderLegalRegistrationNotANumber(t *testing.T) {
	for _, c := range []struct {
		name, currency string
		seller         *wire.Seller
		buyer          *wire.Customer
		number         string
	}{
		{"Danish", "DKK", &wire.Seller{Company: "Havn ApS", PhysicalOrigin: copenhagen, TaxRegistrations: []wire.TaxRegistration{
			{ISOCountryCode: "DK", TaxRegistrationNumber: "DK13585628"},
			{ISOCountryCode: "DK", TaxRegistrationNumber: "1358562", TaxRegistrationType: wire.TaxRegistrationTypeCommercialRegistration}}},
			&wire.Customer{CustomerName: "Jysk Handel A/S", Destination: aarhus}, "1358562"},
		{"Icelandic", "ISK", &wire.Seller{Company: "Jökull ehf", PhysicalOrigin: reykjavik, TaxRegistrations: []wire.TaxRegistration{
			{ISOCountryCode: "IS", TaxRegistrationNumber: "123456"},
			{ISOCountryCode: "IS", TaxRegistrationNumber: "KT-55050035", TaxRegistrationType: wire.TaxRegistrationTypeCommercialRegistration}}},
			&wire.Customer{CustomerName: "Buyer Ltd", Destination: &wire.Location{City: "London", PostalCode: "EC1A 1BB", Country: "GB"}}, "KT-55050035"},
		// Ten digits, but the last is no century (8, 9 or 0).
		{"Icelandic of no century", "ISK", &wire.Seller{Company: "Jökull ehf", PhysicalOrigin: reykjavik, TaxRegistrations: []wire.TaxRegistration{
			{ISOCountryCode: "IS", TaxRegistrationNumber: "123456"},
			{ISOCountryCode: "IS", TaxRegistrationNumber: "550500-3535", TaxRegistrationType: wire.TaxRegistrationTypeCommercialRegistration}}},
			&wire.Customer{CustomerName: "Buyer Ltd", Destination: &wire.Location{City: "London", PostalCode: "EC1A 1BB", Country: "GB"}}, "550500-3535"},
	} {
		tx := storeNordicSale(t, "BAD-1", c.currency, c.seller, c.buyer)
		_, err := render.Render(tx, render.Options{Syntax: ubl.SyntaxCII})
		var le *levy.Error
		if !errors.As(err, &le) || le.Code != levy.EConflict || !strings.Contains(le.Message, c.number) || !strings.Contains(le.Message, "BT-30") {
			t.Errorf("%s: the error is %v, want a conflict naming the registration %q and BT-30", c.name, err, c.number)
		}
	}
}

// TestRenderOtherSellersNoLegalRegistration: only the countries whose
// Peppol rules want a legal registration identifier get one: a German
// seller's registration of the type Commercial Registration (its
// Handelsregister number) leaves its e-invoice as it was, without BT-30.
func TestRenderOtherSellersNoLegalRegistration(t *testing.T) {
	berlin := &wire.Location{StreetAddress1: "Unter den Linden 1", City: "Berlin", PostalCode: "10117", Country: "DE"}
	tx := storeNordicSale(t, "DE-1", "EUR", &wire.Seller{Company: "Spree GmbH", PhysicalOrigin: berlin, TaxRegistrations: []wire.TaxRegistration{
		{ISOCountryCode: "DE", TaxRegistrationNumber: "DE136695976"},
		{ISOCountryCode: "DE", TaxRegistrationNumber: "HRB 12345", TaxRegistrationType: wire.TaxRegistrationTypeCommercialRegistration}}},
		&wire.Customer{CustomerName: "Max Mustermann", Destination: berlin})
	for _, syntax := range []ubl.Syntax{ubl.SyntaxUBL, ubl.SyntaxCII} {
		if d := renderChecked(t, tx, render.Options{Syntax: syntax}); d.Supplier.LegalID != "" {
			t.Errorf("%s: the German seller's legal registration identifier is %q, want none", syntax, d.Supplier.LegalID)
		}
	}
}

// TestRenderDanishOutsideScope: an invoice outside the scope of VAT
// names no VAT identifier (BR-O-02), so a seller was named by its
// company code (BT-29), which has no identifier scheme, for BR-CO-26;
// between Danish parties Peppol's rule DK-R-013 wants a scheme on every
// party identifier, so such a Peppol invoice of a Danish seller was
// refused even once it stated the seller's CVR number. The CVR number
// (BT-30) satisfies BR-CO-26, so the company code is left out and the
// invoice passes.
func TestRenderDanishOutsideScope(t *testing.T) {
	e, j := journaledEngine(t)
	ctx := context.Background()
	price := money.MustParse("1000.00")
	req := &wire.SaleRequest{SaleMessageType: wire.SaleInvoice, TransactionType: wire.TransactionTypeSale,
		TransactionID: "DK-O-1", DocumentNumber: "DK-O-1", DocumentDate: civil.MustParse("2026-06-01"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "DKK"},
		Seller:              &wire.Seller{Company: "Havn ApS", PhysicalOrigin: copenhagen, TaxRegistrations: []wire.TaxRegistration{{ISOCountryCode: "DK", TaxRegistrationNumber: "DK13585628"}}},
		Customer:            &wire.Customer{CustomerName: "Jysk Handel A/S", Destination: aarhus, CustomerCode: &wire.CustomerCode{Value: "JH", IsBusinessIndicator: true}},
		LineItems:           []wire.SaleLineItem{{LineItemID: "1", Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: &price}},
		NonTaxableOverrides: []wire.Override{{ImpositionType: &wire.ImpositionType{Value: "Value Added Tax"}, ReasonCode: "OUTSIDE"}}}
	r, err := e.Sale(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	tx, err := j.Get(ctx, levy.DefaultTenant, r.TransactionID)
	if err != nil {
		t.Fatal(err)
	}
	d := renderChecked(t, tx, render.Options{SellerEndpoint: "0184:13585628", BuyerEndpoint: "0184:21314900", BuyerReference: "REF-1", DueDate: civil.MustParse("2026-07-01")})
	if got := d.TaxTotals[0].Subtotals[0].Category.ID; got != "O" {
		t.Fatalf("the category is %s, want O", got)
	}
	if d.Supplier.LegalID != "13585628" || d.Supplier.VATID != "" {
		t.Errorf("the seller's legal registration identifier is %q and its VAT identifier %q, want 13585628 and none", d.Supplier.LegalID, d.Supplier.VATID)
	}
}

// TestRenderIcelandicKennitalaFromProfile: the seller's kennitala can be
// stored once in the tenant's profile, as a registration of the type
// Commercial Registration beside its VAT registration: a sale that sends
// no registrations takes both, and its Peppol invoice states the
// kennitala as the seller's legal registration identifier (BT-30).
func TestRenderIcelandicKennitalaFromProfile(t *testing.T) {
	ctx := context.Background()
	store := profile.NewMemory()
	cs := profile.ChangeSet{Registrations: []profile.Registration{
		{CompanyCode: "JOKULL", Jurisdiction: "ISL", Number: "123456", Type: wire.TaxRegistrationTypeVAT},
		{CompanyCode: "JOKULL", Jurisdiction: "ISL", Number: "550500-3530", Type: wire.TaxRegistrationTypeCommercialRegistration},
	}}
	if _, err := profile.NewService(store, profile.Config{}).Apply(ctx, levy.DefaultTenant, "test", cs); err != nil {
		t.Fatal(err)
	}
	j := journal.NewMemory()
	e, err := engine.New(ctx, engine.WithProfileStore(store), engine.WithJournal(j))
	if err != nil {
		t.Fatal(err)
	}
	price := money.MustParse("1000.00")
	r, err := e.Sale(ctx, &wire.SaleRequest{SaleMessageType: wire.SaleInvoice, TransactionType: wire.TransactionTypeSale,
		TransactionID: "IS-P-1", DocumentNumber: "IS-P-1", DocumentDate: civil.MustParse("2026-06-01"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "ISK"},
		Seller:    &wire.Seller{Company: "JOKULL", PhysicalOrigin: reykjavik},
		Customer:  &wire.Customer{CustomerName: "Buyer Ltd", Destination: &wire.Location{StreetAddress1: "1 Main St", City: "London", PostalCode: "EC1A 1BB", Country: "GB"}},
		LineItems: []wire.SaleLineItem{{LineItemID: "1", Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: &price}}})
	if err != nil {
		t.Fatal(err)
	}
	tx, err := j.Get(ctx, levy.DefaultTenant, r.TransactionID)
	if err != nil {
		t.Fatal(err)
	}
	d := renderChecked(t, tx, render.Options{SellerEndpoint: "0196:5505003530", BuyerEndpoint: "0088:4000002000004", BuyerReference: "REF-1", DueDate: civil.MustParse("2026-07-01")})
	if d.Supplier.LegalID != "5505003530" {
		t.Errorf("the seller's legal registration identifier is %q, want 5505003530 (the profile's)", d.Supplier.LegalID)
	}
}
