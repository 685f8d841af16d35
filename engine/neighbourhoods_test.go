package engine

import (
	"context"
	"testing"
)

// TestSaleToANeighbourhoodOfACity: Cordova, Tennessee (ZIP 38016) is a
// neighbourhood of Memphis that no source lists under the city; a sale
// there was taxed as Shelby County outside its cities (9.25%), and is now
// taxed first at Memphis's rate (9.75%: the state's 7%, and 2.75% local),
// as a sale addressed to Memphis in the same ZIP code is.
func TestSaleToANeighbourhoodOfACity(t *testing.T) {
	e := testEngine(t)
	got, err := e.Sale(context.Background(), usSale("", "Cordova", "TN", "38016", "GENERAL", "100.00"))
	if err != nil {
		t.Fatal(err)
	}
	memphis, err := e.Sale(context.Background(), usSale("", "Memphis", "TN", "38016", "GENERAL", "100.00"))
	if err != nil {
		t.Fatal(err)
	}
	if got.TotalTax.String() != memphis.TotalTax.String() {
		t.Errorf("Cordova, TN 38016: tax %s on 100.00, Memphis in the same ZIP code %s", got.TotalTax, memphis.TotalTax)
	}
	if got.TotalTax.String() != "9.75" {
		t.Errorf("Cordova, TN 38016: tax %s on 100.00, want 9.75", got.TotalTax)
	}
	found := false
	for _, tx := range got.LineItems[0].Taxes {
		if tx.Jurisdiction.JurisdictionID == "US-4748000" {
			found = true
		}
	}
	if !found {
		t.Errorf("Cordova, TN 38016: no tax of Memphis (US-4748000) among %+v", got.LineItems[0].Taxes)
	}
}
