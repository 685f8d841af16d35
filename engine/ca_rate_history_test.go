package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestBritishColumbiaHSTBefore2013: from July 1, 2010 to March 31, 2013
// British Columbia took part in the HST (12%: the GST's 5% and a
// provincial part of 7%) instead of levying its PST. The HST is charged
// under the GST/HST registration, so a Toronto seller registered for the
// GST alone charges it on a Vancouver sale of 2012 (7.00 of provincial
// HST on 100.00), services included: the province's rows that leave
// services out of its PST do not reach the HST. The world rates file
// gives B.C. a PST of 7% on every date; the rate corrections date it.
func TestBritishColumbiaHSTBefore2013(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	gst := torontoSeller(wire.TaxRegistration{ISOCountryCode: "CA", TaxRegistrationNumber: "123456789RT0001"})
	taxes := caSale(t, e, ctx, gst, vancouver(), "2012-06-01", "GENERAL")
	wantCharged(t, "GST/HST registration, GENERAL to Vancouver in 2012", taxes, "CA-BC", "7.00")
	if x := taxOf(t, taxes, "CA-BC"); x.Imposition.Value != "HST" {
		t.Errorf("B.C.'s tax in 2012 is %s, want the HST", x.Imposition.Value)
	}
	taxes = caSale(t, e, ctx, gst, vancouver(), "2012-06-01", "SERVICES")
	wantCharged(t, "GST/HST registration, SERVICES to Vancouver in 2012", taxes, "CA-BC", "7.00")
	// From April 1, 2013 the PST is back, and leaves services out.
	taxes = caSale(t, e, ctx, torontoSeller(), vancouver(), "2013-04-01", "GENERAL")
	wantCharged(t, "GENERAL to Vancouver on 2013-04-01", taxes, "CA-BC", "7.00")
	if x := taxOf(t, taxes, "CA-BC"); x.Imposition.Value != "PST" {
		t.Errorf("B.C.'s tax on 2013-04-01 is %s, want the PST", x.Imposition.Value)
	}
}

// TestManitobaRetailSalesTaxAt8Percent: Manitoba's retail sales tax was
// 8% from July 1, 2013 to June 30, 2019 (7% before and after). The
// dataset gives 7% on every date.
func TestManitobaRetailSalesTaxAt8Percent(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	for date, tax := range map[string]string{"2013-06-30": "7.00", "2013-07-01": "8.00", "2019-06-30": "8.00", "2019-07-01": "7.00"} {
		wantCharged(t, "GENERAL to Winnipeg on "+date, caSale(t, e, ctx, torontoSeller(), winnipeg(), date, "GENERAL"), "CA-MB", tax)
	}
}
