package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// indiaGSTCase is one line sold in Mumbai, in rupees: its class, date,
// quantity and amount, and the GST it bears.
type indiaGSTCase struct {
	what, class, date, qty, amount string
	tax, effective                 string
}

// checkIndiaGST quotes each case's line from Mumbai to Mumbai in INR and
// checks its GST and effective rate.
func checkIndiaGST(t *testing.T, cases []indiaGSTCase) {
	t.Helper()
	mumbai := Address("Mumbai", "400001", "IN")
	for _, c := range cases {
		taxes := localQuote(t, mumbai, "INR", c.date, c.class, func(q *wire.SaleRequest) {
			q.LineItems[0].ExtendedPrice = Price(c.amount)
			q.LineItems[0].Quantity = &wire.Measure{Value: Price(c.qty)}
		})
		gst, ok := impositionOf(taxes, "GST")
		if !ok {
			t.Errorf("%s: no GST record in %+v", c.what, taxes)
			continue
		}
		if got := gst.CalculatedTax.String(); !decimal.RequireFromString(got).Equal(decimal.RequireFromString(c.tax)) {
			t.Errorf("%s: GST %s, want %s (rule %s)", c.what, got, c.tax, ruleOf(gst))
		}
		if got := gst.EffectiveRate.String(); !decimal.RequireFromString(got).Equal(decimal.RequireFromString(c.effective)) {
			t.Errorf("%s: effective rate %s, want %s", c.what, got, c.effective)
		}
	}
}

// ruleOf names the rule of a tax record, for a failure's message.
func ruleOf(x wire.Tax) string {
	if x.CalculationRuleID == nil {
		return "none"
	}
	return x.CalculationRuleID.Value
}

// TestIndiaGSTOnGarmentsByPrice: India's GST on apparel depends on the
// sale value of each piece. From July 1, 2017 (Notification No.
// 1/2017-Central Tax (Rate), Schedules I and II) a piece of Rs 1,000 or
// less bears 5% and a dearer one 12% on its whole value; from September
// 22, 2025 (Notification No. 9/2025-Central Tax (Rate), on the 56th GST
// Council's recommendation) the limit is Rs 2,500 and a dearer piece
// bears 18%. The limit weighs each piece, so two shirts of Rs 900 on one
// line stay at 5%. Levy charged the standard 18% on every garment.
func TestIndiaGSTOnGarmentsByPrice(t *testing.T) {
	checkIndiaGST(t, []indiaGSTCase{
		{"a Rs 900 shirt in 2024", "CLOTHING", "2024-06-01", "1", "900", "45", "0.05"},
		{"a Rs 1,000 shirt in 2024, at the limit", "CLOTHING", "2024-06-01", "1", "1000", "50", "0.05"},
		{"a Rs 1,500 shirt in 2024", "CLOTHING", "2024-06-01", "1", "1500", "180", "0.12"},
		{"two Rs 900 shirts on one line in 2024", "CLOTHING", "2024-06-01", "2", "1800", "90", "0.05"},
		{"a Rs 900 child's frock on July 1, 2017", "CHILDRENS_CLOTHING", "2017-07-01", "1", "900", "45", "0.05"},
		{"a Rs 2,000 shirt on September 21, 2025", "CLOTHING", "2025-09-21", "1", "2000", "240", "0.12"},
		{"a Rs 2,000 shirt on October 1, 2025", "CLOTHING", "2025-10-01", "1", "2000", "100", "0.05"},
		{"a Rs 2,500 shirt on October 1, 2025, at the limit", "CLOTHING", "2025-10-01", "1", "2500", "125", "0.05"},
		{"a Rs 3,000 shirt on October 1, 2025", "CLOTHING", "2025-10-01", "1", "3000", "540", "0.18"},
		{"two Rs 2,000 suits on one line in 2026", "FORMAL_CLOTHING", "2026-06-01", "2", "4000", "200", "0.05"},
		{"a Rs 3,000 tracksuit in 2026", "ATHLETIC_CLOTHING", "2026-06-01", "1", "3000", "540", "0.18"},
		{"a general good of Rs 900 in 2024 keeps 18%", "GENERAL", "2024-06-01", "1", "900", "162", "0.18"},
	})
}

// TestIndiaGSTOnHotelRoomsByTariff: India's GST on hotel accommodation
// depends on the value of a unit a day. From July 18, 2022, when the
// exemption of rooms of Rs 1,000 or less ended (Notification No.
// 4/2022-Central Tax (Rate)), a room of Rs 7,500 or less a night bore 12%
// and a dearer one 18%; from September 22, 2025 the cheaper rooms bear 5%
// (without input tax credit). The line's quantity is the room-nights.
// Levy charged the standard 18% on every room.
func TestIndiaGSTOnHotelRoomsByTariff(t *testing.T) {
	checkIndiaGST(t, []indiaGSTCase{
		{"a Rs 5,000 room for one night in 2024", "ACCOMMODATION", "2024-06-01", "1", "5000", "600", "0.12"},
		{"a Rs 9,000 room for one night in 2024", "ACCOMMODATION", "2024-06-01", "1", "9000", "1620", "0.18"},
		{"three nights at Rs 7,000 in 2024", "ACCOMMODATION", "2024-06-01", "3", "21000", "2520", "0.12"},
		{"a Rs 5,000 room for one night on October 1, 2025", "ACCOMMODATION", "2025-10-01", "1", "5000", "250", "0.05"},
		{"a Rs 7,500 room on October 1, 2025, at the limit", "ACCOMMODATION", "2025-10-01", "1", "7500", "375", "0.05"},
		{"a Rs 9,000 room for one night on October 1, 2025", "ACCOMMODATION", "2025-10-01", "1", "9000", "1620", "0.18"},
	})
}

// TestIndiaGarmentExportZeroRated: a garment exported from Mumbai is
// zero-rated, whatever its price: its rate by price (5% on a piece of Rs
// 1,000 or less) gives way to the zero rate, as the class's own rate
// does. A rate structure's tier that carries its own rate used to tax
// the export at 5%.
func TestIndiaGarmentExportZeroRated(t *testing.T) {
	mumbai, berlin := Address("Mumbai", "400001", "IN"), Address("Berlin", "10115", "DE")
	for _, c := range []struct{ date, amount string }{{"2024-06-01", "900"}, {"2024-06-01", "1500"}, {"2025-10-01", "2000"}} {
		q := Quotation(c.date, SellerAt(mumbai), CustomerAt(berlin), Line("l", "CLOTHING", c.amount))
		q.Currency = CurrencyCode("INR")
		resp, err := testEngine(t).Sale(context.Background(), q)
		if err != nil {
			t.Fatalf("a Rs %s shirt to Berlin on %s: %v", c.amount, c.date, err)
		}
		gst, ok := impositionOf(resp.LineItems[0].Taxes, "GST")
		if !ok {
			t.Errorf("a Rs %s shirt to Berlin on %s: no GST record", c.amount, c.date)
			continue
		}
		if !gst.CalculatedTax.IsZero() || !gst.EffectiveRate.IsZero() {
			t.Errorf("a Rs %s shirt to Berlin on %s: GST %s at %s, want 0 (zero-rated export)", c.amount, c.date, gst.CalculatedTax, gst.EffectiveRate)
		}
	}
}

// TestIndiaGarmentInDollars: the rupee limits of India's apparel rates are
// in INR, so a shirt invoiced in dollars is weighed at the document's
// conversion into rupees. A USD 100.00 shirt at 88 rupees to the dollar
// is Rs 8,800, above the Rs 2,500 of 2025-09-22, and bears 18%; it bore
// 5%, its 100 taken for 100 rupees. A USD 20.00 shirt (Rs 1,760) bears
// 5%; with nothing to convert dollars into rupees the amount is weighed as
// it is, and the line says so.
func TestIndiaGarmentInDollars(t *testing.T) {
	mumbai := Address("Mumbai", "400001", "IN")
	for _, c := range []struct {
		what, amount, factor, tax, rule string
	}{
		{"a USD 100.00 shirt at 88", "100.00", "88", "18.00", ThresholdConvertedRule},
		{"a USD 20.00 shirt at 88", "20.00", "88", "1.00", ThresholdConvertedRule},
		{"a USD 100.00 shirt with no conversion", "100.00", "", "5.00", ThresholdUnconvertedRule},
	} {
		resp, err := testEngine(t).Sale(context.Background(), func() *wire.SaleRequest {
			q := Quotation("2025-10-01", SellerAt(mumbai), CustomerAt(mumbai), Line("l", "CLOTHING", c.amount))
			q.Currency = CurrencyCode("USD")
			q.LineItems[0].Quantity = &wire.Measure{Value: Price("1")}
			if c.factor != "" {
				q.CurrencyConversionFactors = []wire.CurrencyConversionFactor{{ConversionFactor: Price(c.factor),
					SourceCurrency: CurrencyCode("USD"), TargetCurrency: CurrencyCode("INR")}}
			}
			return q
		}())
		if err != nil {
			t.Fatalf("%s: %v", c.what, err)
		}
		line := resp.LineItems[0]
		gst, ok := impositionOf(line.Taxes, "GST")
		if !ok {
			t.Fatalf("%s: no GST record in %+v", c.what, line.Taxes)
		}
		if !gst.CalculatedTax.Decimal().Equal(decimal.RequireFromString(c.tax)) {
			t.Errorf("%s: GST %s, want %s (rule %s)", c.what, gst.CalculatedTax, c.tax, ruleOf(gst))
		}
		said := false
		for _, p := range line.AssistedParameters {
			said = said || p.RuleName == c.rule
		}
		if !said {
			t.Errorf("%s: no assisted parameter %s in %+v", c.what, c.rule, line.AssistedParameters)
		}
	}
}
