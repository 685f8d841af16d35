package engine

import (
	"context"
	"slices"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestQuebecGSTAndQSTOnTheTaxOnLodgingCharged sells a night of 200.00 at
// a hotel in Montreal. Quebec's operator charges the GST and the QST on
// the price including the tax on lodging (Revenu Québec, Tax on
// Lodging), so they reach the tax on lodging only when the line bears
// it: a hotel registered for the GST alone, or a stay that an exemption
// override takes out of the tax on lodging (a camp site, a stay of more
// than 31 days), bears the GST and QST at their own rates on the price.
// Figures by hand (5% and 9.975%, half up):
//
//   - registered for everything, 2026-06-01: tax on lodging 3.5% of
//     200.00 = 7.00; GST 5% of 207.00 = 10.35; QST 9.975% of 207.00 =
//     20.64825, 20.65; 38.00 in all. The GST's rate shown is 5.175%, the
//     QST's 10.324125% (the tax over the price).
//   - the GST/HST registration alone: GST 5% of 200.00 = 10.00; the QST
//     and the tax on lodging not charged; 10.00.
//   - the tax on lodging exempted by an override: GST 10.00, QST 9.975%
//     of 200.00 = 19.95; 29.95.
//   - 100.00 of the price exempted from the tax on lodging by an override
//     of that amount: tax on lodging 3.5% of 100.00 = 3.50; GST 5% of
//     203.50 = 10.175, 10.18; QST 9.975% of 203.50 = 20.299125, 20.30;
//     33.98.
//   - the QST exempted by an override: tax on lodging 7.00, GST 10.35;
//     17.35 (the exempt QST shows its own rate, as any exemption).
//   - 2016-10-31, before the tax on lodging of 3.5%: GST 10.00, QST
//     19.95; 29.95, as before.
func TestQuebecGSTAndQSTOnTheTaxOnLodgingCharged(t *testing.T) {
	gst := wire.TaxRegistration{ISOCountryCode: "CA", TaxRegistrationNumber: "123456789RT0001"}
	lodging := &wire.ImpositionType{Value: "Tax on Lodging"}
	for _, c := range []struct {
		what  string
		date  string
		regs  []wire.TaxRegistration
		ov    []wire.Override
		want  []string
		total string
	}{
		{"registered for everything", "2026-06-01", nil, nil,
			[]string{"CA GST TAXABLE 10.35 0.05175", "CA-QC QST TAXABLE 20.65 0.10324125", "CA-QC Tax on Lodging TAXABLE 7.00 0.035"}, "38.00"},
		{"the GST/HST registration alone", "2026-06-01", []wire.TaxRegistration{gst}, nil,
			[]string{"CA GST TAXABLE 10.00 0.05", "CA-QC QST NO_TAX 0.00 0.09975", "CA-QC Tax on Lodging NO_TAX 0.00 0.035"}, "10.00"},
		{"the tax on lodging exempted", "2026-06-01", nil,
			[]wire.Override{{ImpositionType: lodging, JurisdictionID: "CA-QC", ReasonCode: "CAMPSITE"}},
			[]string{"CA GST TAXABLE 10.00 0.05", "CA-QC QST TAXABLE 19.95 0.09975", "CA-QC Tax on Lodging EXEMPT 0.00 0.035"}, "29.95"},
		{"100.00 exempted from the tax on lodging", "2026-06-01", nil,
			[]wire.Override{{ImpositionType: lodging, JurisdictionID: "CA-QC", Amount: amt("100.00")}},
			[]string{"CA GST TAXABLE 10.18 0.050875", "CA-QC QST TAXABLE 20.30 0.101495625", "CA-QC Tax on Lodging TAXABLE 3.50 0.035"}, "33.98"},
		{"the QST exempted", "2026-06-01", nil,
			[]wire.Override{{ImpositionType: &wire.ImpositionType{Value: "QST"}, JurisdictionID: "CA-QC"}},
			[]string{"CA GST TAXABLE 10.35 0.05175", "CA-QC QST EXEMPT 0.00 0.09975", "CA-QC Tax on Lodging TAXABLE 7.00 0.035"}, "17.35"},
		{"the day before the tax on lodging of 3.5%", "2016-10-31", nil, nil,
			[]string{"CA GST TAXABLE 10.00 0.05", "CA-QC QST TAXABLE 19.95 0.09975"}, "29.95"},
	} {
		req := hotelInvoice(c.date, "ACCOMMODATION", "CAD", hotelMontreal(), toronto(), false)
		req.Seller.TaxRegistrations = c.regs
		req.LineItems[0].ExtendedPrice = amt("200.00")
		req.LineItems[0].ExemptOverrides = c.ov
		resp, err := testEngine(t).Sale(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", c.what, err)
		}
		l := resp.LineItems[0]
		var got []string
		for _, x := range l.Taxes {
			rate := "?"
			if x.NominalRate != nil {
				rate = x.NominalRate.String()
			}
			got = append(got, x.Jurisdiction.JurisdictionID+" "+x.Imposition.Value+" "+string(x.TaxResult)+" "+x.CalculatedTax.String()+" "+rate)
		}
		slices.Sort(got)
		want := slices.Sorted(slices.Values(c.want))
		if !slices.Equal(got, want) || l.TotalTax.String() != c.total {
			t.Errorf("%s on %s: a night of 200.00 bears %q, %s in all; want %q, %s", c.what, c.date, got, l.TotalTax, want, c.total)
		}
	}
}

// TestQuebecNightTaxIncluded sells nights in Montreal at prices that
// include the tax: the net is the price over one plus the rates the line
// bears, the effective ones when it bears the tax on lodging. Figures by
// hand: 238.00 registered for everything is 200.00 and 38.00 of tax
// (1 + 0.035 + 0.05175 + 0.10324125 = 1.19, and 238.00 / 1.19 = 200.00);
// 210.00 with the GST/HST registration alone is 200.00 and the GST of
// 10.00 (5% on the price alone).
func TestQuebecNightTaxIncluded(t *testing.T) {
	gst := wire.TaxRegistration{ISOCountryCode: "CA", TaxRegistrationNumber: "123456789RT0001"}
	for _, c := range []struct {
		what, gross string
		regs        []wire.TaxRegistration
		total       string
	}{
		{"registered for everything", "238.00", nil, "38.00"},
		{"the GST/HST registration alone", "210.00", []wire.TaxRegistration{gst}, "10.00"},
	} {
		req := hotelInvoice("2026-06-01", "ACCOMMODATION", "CAD", hotelMontreal(), toronto(), false)
		req.Seller.TaxRegistrations = c.regs
		req.LineItems[0].ExtendedPrice = amt(c.gross)
		req.LineItems[0].TaxIncludedIndicator = true
		resp, err := testEngine(t).Sale(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", c.what, err)
		}
		if l := resp.LineItems[0]; l.TotalTax.String() != c.total {
			t.Errorf("%s: a night of %s with its tax bears %s of tax; want %s", c.what, c.gross, l.TotalTax, c.total)
		}
	}
}
