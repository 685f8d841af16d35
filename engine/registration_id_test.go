package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestCanadaRegistrationByJurisdictionID: a registration that names a
// province by its jurisdictionId alone ("CA-BC") is the registration in
// that province that mainDivision "BC", or a profile's registration
// stored for CA-BC, is: it covers B.C.'s PST, and the GST and the HST
// everywhere in Canada, which any Canadian registration covers. Before,
// it only narrowed a registration to the places in B.C., so that the
// same seller charged no GST or HST in Halifax. The ID is read as the
// engine writes IDs, whatever its case and surrounding spaces, and names
// its country when isoCountryCode is left out: {jurisdictionId: "ca-qc"}
// registers the seller for Quebec's QST (9.975% of 100.00, 9.98) and the
// GST, where before it registered the seller nowhere.
func TestCanadaRegistrationByJurisdictionID(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	for _, bc := range []wire.TaxRegistration{
		{ISOCountryCode: "CA", JurisdictionID: "CA-BC"},
		{JurisdictionID: "CA-BC"},
		{ISOCountryCode: "CAN", JurisdictionID: " ca-bc "},
	} {
		what := "registration by jurisdictionId " + bc.ISOCountryCode + "/" + bc.JurisdictionID
		taxes := caSale(t, e, ctx, torontoSeller(bc), vancouver(), "2026-06-01", "GENERAL")
		wantCharged(t, what+", GENERAL to Vancouver", taxes, "CA", "5.00")
		wantCharged(t, what+", GENERAL to Vancouver", taxes, "CA-BC", "7.00")
		taxes = caSale(t, e, ctx, torontoSeller(bc), halifax(), "2026-06-01", "GENERAL")
		wantCharged(t, what+", GENERAL to Halifax", taxes, "CA", "5.00")
		wantCharged(t, what+", GENERAL to Halifax", taxes, "CA-NS", "9.00")
		taxes = caSale(t, e, ctx, torontoSeller(bc), montreal(), "2026-06-01", "GENERAL")
		wantCharged(t, what+", GENERAL to Montreal", taxes, "CA", "5.00")
		wantNotRegistered(t, what+", GENERAL to Montreal", taxes, "CA-QC")
	}
	for _, qc := range []wire.TaxRegistration{{JurisdictionID: "ca-qc"}, {ISOCountryCode: "CA", JurisdictionID: "ca-qc"}} {
		what := "registration by jurisdictionId " + qc.ISOCountryCode + "/" + qc.JurisdictionID + ", GENERAL to Montreal"
		taxes := caSale(t, e, ctx, torontoSeller(qc), montreal(), "2026-06-01", "GENERAL")
		wantCharged(t, what, taxes, "CA", "5.00")
		wantCharged(t, what, taxes, "CA-QC", "9.98")
	}
}
