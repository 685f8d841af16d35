package engine

import (
	"context"
	"reflect"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/wire"
)

// TestVATAreaRowDrivesSales: the VAT areas are data, not code. A row
// that an overlay adds to the dataset's table (data.Overlay.VATAreas)
// puts Jersey, which has a GST of its own, in the United Kingdom's VAT
// area for a test: a sale from London to St Helier is then a domestic
// British one at 20% (100.00 gives 20.00), as one within London is,
// where over the dataset alone it is an export at 0.00.
func TestVATAreaRowDrivesSales(t *testing.T) {
	stHelier := &wire.Location{City: "St Helier", PostalCode: "JE2 3AB", Country: "JE"}
	today := func() civil.Date { return civil.MustParse("2026-06-01") }
	sale := func(e *Engine, to *wire.Location) ([]wire.Tax, string) {
		t.Helper()
		r, err := e.Sale(context.Background(), vaSale("2026-06-01", vaCompany, "GENERAL", vaLondon, to, false, nil, nil))
		if err != nil {
			t.Fatal(err)
		}
		return r.LineItems[0].Taxes, r.LineItems[0].TotalTax.String()
	}
	plain, err := New(context.Background(), WithToday(today))
	if err != nil {
		t.Fatal(err)
	}
	taxes, total := sale(plain, stHelier)
	if got := euLineOutcome(t, "London to St Helier", taxes, total); got.rule != "export-zero-rated" || got.tax != "0.00" {
		t.Fatalf("London to St Helier over the dataset alone: %+v, want an export", got)
	}
	ds, err := data.Default().WithOverlay(&data.Overlay{Name: "test-vat-areas",
		VATAreas: []jurisdiction.VATAreaPeriod{{Place: "JE", Area: "GB", Period: civil.Period{Effective: civil.MustParse("2026-01-01")}}}})
	if err != nil {
		t.Fatal(err)
	}
	e, err := New(context.Background(), WithToday(today), WithDataset(ds))
	if err != nil {
		t.Fatal(err)
	}
	got, total := sale(e, stHelier)
	twin, _ := sale(e, vaLondon)
	if o := euLineOutcome(t, "London to St Helier", got, total); o != (euOutcome{"domestic-supply", "GB", "20.00", "SELLER", false}) {
		t.Errorf("London to St Helier with Jersey in the United Kingdom's VAT area: %+v", o)
	}
	if !reflect.DeepEqual(got, twin) {
		t.Errorf("taxes differ from those of a sale within London:\n%+v\n%+v", got, twin)
	}
}
