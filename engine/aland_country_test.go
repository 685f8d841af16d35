package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/wire"
)

// TestAlandWrittenAsCountry: an address written as the country AX,
// Åland, is in Finland's special territory FI-01, where Finland's VAT
// applies (taxarea: ISO 3166-2:FI gives Åland the code FI-01 too). A
// sale within Åland between addresses written AX bore no tax at all; it
// bears Finland's 25.5% under FI-01, as between addresses written FI
// 22100 and FI 22150. Goods from Helsinki to Mariehamn written AX cross
// Finland's tax border: an export, as before.
func TestAlandWrittenAsCountry(t *testing.T) {
	e := testEngine(t)
	const today = "2026-06-01"
	mariehamn := &wire.Location{City: "Mariehamn", PostalCode: "22100", Country: "AX"}
	jomala := &wire.Location{City: "Jomala", PostalCode: "22150", Country: "AX"}
	helsinki := &wire.Location{City: "Helsinki", PostalCode: "00100", Country: "FI"}
	sale := func(date, class string, from, to *wire.Location) *wire.SaleRequest {
		r := euSale(date, class, to, false)
		r.Seller = &wire.Seller{PhysicalOrigin: from, TaxRegistrations: []wire.TaxRegistration{{ISOCountryCode: "FI"}}}
		return r
	}
	cases := []placeCase{
		{"goods within Åland written AX", sale(today, "GENERAL", mariehamn, jomala),
			placeTax{"FI-01", "255.00", "domestic-supply", wire.TaxResultTaxable}},
		{"goods within Åland written AX in 2023", sale("2023-06-01", "GENERAL", mariehamn, jomala),
			placeTax{"FI-01", "240.00", "domestic-supply", wire.TaxResultTaxable}},
		{"goods from Helsinki to Mariehamn written AX: an export", sale(today, "GENERAL", helsinki, mariehamn),
			placeTax{"FI", "0.00", "export-zero-rated", wire.TaxResultTaxable}},
		{"consultancy from Helsinki to a consumer in Mariehamn written AX", sale(today, "PROFESSIONAL_SERVICES", helsinki, mariehamn),
			placeTax{"FI", "255.00", "services-origin", wire.TaxResultTaxable}},
	}
	checkPlaceCases(t, e, cases)
}

// TestAlandWrittenAsCountryStored: a stored sale keeps the country of an
// address written AX, though Levy taxes it as Finland's FI-01: the
// e-invoice of a sale to Mariehamn says AX, as before, and not FI, which
// would make goods sent there from Helsinki a domestic sale.
func TestAlandWrittenAsCountryStored(t *testing.T) {
	e, j := journalEngine(t)
	ctx := levy.WithTenant(context.Background(), "acme")
	r := euSale("2026-06-01", "GENERAL", &wire.Location{City: "Mariehamn", PostalCode: "22100", Country: "AX"}, false)
	r.Seller = &wire.Seller{PhysicalOrigin: &wire.Location{City: "Helsinki", PostalCode: "00100", Country: "FI"},
		TaxRegistrations: []wire.TaxRegistration{{ISOCountryCode: "FI"}}}
	r.TransactionID = "AX-1"
	if _, err := e.Sale(ctx, r); err != nil {
		t.Fatal(err)
	}
	tx, err := j.Get(ctx, "acme", "AX-1")
	if err != nil {
		t.Fatal(err)
	}
	if c := tx.Customer; c == nil || c.Address == nil || c.Address.Country != "AX" {
		t.Errorf("customer %+v, want the address's country AX", c)
	}
	if s := tx.Seller; s == nil || s.Address == nil || s.Address.Country != "FI" {
		t.Errorf("seller %+v, want the address's country FI", s)
	}
}
