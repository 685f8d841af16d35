package engine

import (
	"context"
	"testing"
)

// TestSaleToAPostalNameOfACity: Angels Camp, California (ZIP 95222) is
// the Census's city of Angels, whose district tax the CDTFA's rate table
// adds (8.75% in all); a sale there was taxed as Calaveras County outside
// its cities (8.25%).
func TestSaleToAPostalNameOfACity(t *testing.T) {
	e := testEngine(t)
	got, err := e.Sale(context.Background(), usSale("", "Angels Camp", "CA", "95222", "GENERAL", "100.00"))
	if err != nil {
		t.Fatal(err)
	}
	if got.TotalTax.String() != "8.75" {
		t.Errorf("Angels Camp, CA 95222: tax %s on 100.00, want 8.75", got.TotalTax)
	}
}
