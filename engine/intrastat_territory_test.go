package engine

import (
	"context"
	"fmt"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/wire"
)

// TestIntrastatTerritoryWithDetails: a German seller who sends the
// Intrastat members on every line of goods (as a seller that declares
// Intrastat does) invoices the same goods to a business in Paris, one in
// Las Palmas and one in Fort-de-France. Goods sent to the Canary Islands
// or Martinique leave the EU's VAT area: they are exported, declared to
// customs, and are no dispatch of the seller's Intrastat declaration.
// Before, the line's members were kept with the countries of its ends
// (DE to ES, DE to FR) and the declaration counted the three invoices as
// dispatches; the invoice to Paris alone is one. The Intrastat members of
// the exports are still kept on their stored lines.
func TestIntrastatTerritoryWithDetails(t *testing.T) {
	store := journal.NewMemory()
	ctx := levy.WithTenant(context.Background(), "acme-de")
	e, err := New(context.Background(), WithJournal(store))
	if err != nil {
		t.Fatal(err)
	}
	frNum := []wire.TaxRegistration{{ISOCountryCode: "FR", TaxRegistrationNumber: "FR40303265045"}}
	esNum := []wire.TaxRegistration{{ISOCountryCode: "ES", TaxRegistrationNumber: "ESA28015865"}}
	for _, c := range []struct {
		id   string
		to   *wire.Location
		regs []wire.TaxRegistration
	}{
		{"PAR-1", vtParis, frNum},
		{"LPA-1", vtLasPalmas, esNum},
		{"FDF-1", vtFortDeFrance, frNum},
	} {
		req := euDispatch(c.id, "2026-03-10", "FR", goods("1", "100.00", "84713000", 11, 3, 2, "PST", "1", "CHN"))
		req.Customer = &wire.Customer{Destination: c.to, TaxRegistrations: c.regs}
		if _, err := e.Sale(ctx, req); err != nil {
			t.Fatalf("%s: %v", c.id, err)
		}
	}
	d, err := journal.Intrastat(ctx, store, "acme-de", journal.IntrastatQuery{From: civil.MustParse("2026-03-01"), To: civil.MustParse("2026-03-31"),
		MemberState: "DE", Flow: journal.Dispatches}, e.IntrastatCodes())
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, it := range d.Items {
		ids = append(ids, fmt.Sprintf("%s:%s×%d", it.PartnerCountry, it.CommodityCode, it.Lines))
	}
	if len(d.Items) != 1 || d.Items[0].PartnerCountry != "FR" || d.Items[0].Lines != 1 || len(d.Refused) != 0 {
		t.Errorf("items %v, refused %+v; want the dispatch to Paris alone (FR)", ids, d.Refused)
	}
	tx, err := store.Get(ctx, "acme-de", "LPA-1")
	if err != nil {
		t.Fatal(err)
	}
	if x := tx.Lines[0].Intrastat; x == nil || x.CommodityCode != "84713000" {
		t.Errorf("the export's Intrastat members are not kept: %+v", x)
	}
}
