package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/wire"
)

// caLine sends a quotation in Canadian dollars of one line of class, of
// qty items (1 when qty is "") for price together, from a seller at
// origin to a customer at dest, and returns the line's taxes.
func caLine(t *testing.T, e *Engine, origin, dest *wire.Location, date, class, price, qty string) []wire.Tax {
	t.Helper()
	l := Line("l", class, price)
	if qty != "" {
		l.Quantity = &wire.Measure{Value: Price(qty)}
	}
	q := Quotation(date, SellerAt(origin), CustomerAt(dest), l)
	q.Currency = CurrencyCode("CAD")
	r, err := e.Sale(context.Background(), q)
	if err != nil {
		t.Fatalf("%s of %s to %s: %v", class, price, dest.City, err)
	}
	return r.LineItems[0].Taxes
}

// TestManitobaChildrensClothingUpTo150 sells children's clothing in
// Winnipeg. Manitoba's RST exempts children's clothing and footwear
// priced at $150 or less per item, and taxes a dearer item on its whole
// price (Bulletin No. 001 Clothing, Footwear and Accessories, Section 2;
// the CA-MB CHILDRENS_CLOTHING row of vat-product-classes.csv, threshold
// 150, up_to_exempt). A kids' jacket of 100.00 bears no RST and the GST
// of 5.00; one of 200.00 bears the RST of 7%, 14.00, and the GST of
// 10.00; 150.00 is within the limit, 150.01 is not (10.50); two jackets
// of 150.00 each (300.00) are both exempt. An adult's coat (CLOTHING,
// the parent class) keeps the RST at any price. Figures by hand.
func TestManitobaChildrensClothingUpTo150(t *testing.T) {
	e := testEngine(t)
	const day = "2026-06-01"
	for _, c := range []struct {
		what, class, price, qty string
		exempt                  bool
		rst, gst                string
	}{
		{"a kids' jacket of 100.00", "CHILDRENS_CLOTHING", "100.00", "", true, "0", "5.00"},
		{"a kids' jacket of 200.00", "CHILDRENS_CLOTHING", "200.00", "", false, "14.00", "10.00"},
		{"a kids' jacket of 150.00, at the limit", "CHILDRENS_CLOTHING", "150.00", "", true, "0", "7.50"},
		{"a kids' jacket of 150.01, past the limit", "CHILDRENS_CLOTHING", "150.01", "", false, "10.50", "7.50"},
		{"two kids' jackets of 150.00 each", "CHILDRENS_CLOTHING", "300.00", "2", true, "0", "15.00"},
		{"two kids' jackets of 200.00 each", "CHILDRENS_CLOTHING", "400.00", "2", false, "28.00", "20.00"},
		{"an adult's coat of 100.00", "CLOTHING", "100.00", "", false, "7.00", "5.00"},
	} {
		taxes := caLine(t, e, winnipeg(), winnipeg(), day, c.class, c.price, c.qty)
		mb := taxOf(t, taxes, "CA-MB")
		switch {
		case c.exempt && (mb.TaxResult != wire.TaxResultExempt || !mb.CalculatedTax.IsZero() || mb.Exempt.String() != c.price):
			t.Errorf("%s in Winnipeg: RST %s, tax %s, exempt %s; want EXEMPT, no tax, %s exempt", c.what, mb.TaxResult, mb.CalculatedTax, mb.Exempt, c.price)
		case !c.exempt && (mb.TaxResult != wire.TaxResultTaxable || mb.CalculatedTax.String() != c.rst || !mb.Exempt.IsZero()):
			t.Errorf("%s in Winnipeg: RST %s, tax %s, exempt %s; want TAXABLE, %s, nothing exempt", c.what, mb.TaxResult, mb.CalculatedTax, mb.Exempt, c.rst)
		}
		wantCharged(t, c.what+" in Winnipeg", taxes, "CA", c.gst)
	}
}

// TestBritishColumbiaAccommodationAt8 sells a night at a Vancouver
// hotel: British Columbia's PST on accommodation is 8%, not the general
// 7% (Provincial Sales Tax Act, tax on accommodation, since April 1,
// 2013; Bulletin PST 120 Accommodation; the CA-BC ACCOMMODATION row of
// vat-product-classes.csv, rate 0.08). A night of 200.00 bears PST of
// 16.00 and GST of 10.00; a lamp of 200.00 sold in Vancouver on the same
// day keeps the general 7% (14.00). The municipal and regional district
// tax is not modelled. Figures by hand.
func TestBritishColumbiaAccommodationAt8(t *testing.T) {
	e := testEngine(t)
	const day = "2026-06-01"
	taxes := caLine(t, e, vancouver(), vancouver(), day, "ACCOMMODATION", "200.00", "")
	wantCharged(t, "a hotel night of 200.00 in Vancouver", taxes, "CA-BC", "16.00")
	wantCharged(t, "a hotel night of 200.00 in Vancouver", taxes, "CA", "10.00")
	if bc := taxOf(t, taxes, "CA-BC"); bc.EffectiveRate.String() != "0.08" {
		t.Errorf("a hotel night in Vancouver: PST effective rate %s, want 0.08", bc.EffectiveRate)
	}
	taxes = caLine(t, e, vancouver(), vancouver(), day, "GENERAL", "200.00", "")
	wantCharged(t, "a lamp of 200.00 in Vancouver", taxes, "CA-BC", "14.00")
	wantCharged(t, "a lamp of 200.00 in Vancouver", taxes, "CA", "10.00")
}

// TestManitobaChildrensClothingReturns returns children's clothing in
// Winnipeg: a return is weighed against the $150 limit by its size, as
// its sale was. The return of a kids' jacket of 200.00 credits the RST
// of 14.00 its sale bore, two of 200.00 each credit 28.00, and the
// return of one of 100.00 is exempt. Before, every negative price was
// "within $150": the return of the 200.00 jacket was exempt and credited
// no RST. Figures by hand.
func TestManitobaChildrensClothingReturns(t *testing.T) {
	e := testEngine(t)
	for _, c := range []struct {
		what, price, qty, result, rst, taxable, exempt string
	}{
		{"a kids' jacket of 200.00", "-200.00", "", "TAXABLE", "-14.00", "-200.00", "0"},
		{"two kids' jackets of 200.00 each", "-400.00", "2", "TAXABLE", "-28.00", "-400.00", "0"},
		{"a kids' jacket of 100.00", "-100.00", "", "EXEMPT", "0", "0", "-100.00"},
		{"two kids' jackets of 150.00 each", "-300.00", "2", "EXEMPT", "0", "0", "-300.00"},
	} {
		mb := taxOf(t, caLine(t, e, winnipeg(), winnipeg(), "2026-06-01", "CHILDRENS_CLOTHING", c.price, c.qty), "CA-MB")
		if string(mb.TaxResult) != c.result || !mb.CalculatedTax.Equal(*Price(c.rst)) || !mb.Taxable.Equal(*Price(c.taxable)) || !mb.Exempt.Equal(*Price(c.exempt)) {
			t.Errorf("the return of %s in Winnipeg: RST %s, tax %s, taxable %s, exempt %s; want %s, %s, %s, %s",
				c.what, mb.TaxResult, mb.CalculatedTax, mb.Taxable, mb.Exempt, c.result, c.rst, c.taxable, c.exempt)
		}
	}
}

// TestManitobaChildrensClothingTaxIncluded sells a kids' jacket in
// Winnipeg at a tax-included price. At 155.00 the gross is above the
// $150 limit and the net is not: the jacket is 147.62 before tax, exempt
// from the RST, and bears the GST of 7.38 (155.00 / 1.05). Before, Levy
// divided the gross by the 12% of both taxes that the gross met, and
// charged the GST on 138.39 (6.92) while it showed 148.08 taxable. At
// 179.20 the jacket is 160.00 before tax, above the limit: RST 11.20 and
// GST 8.00. Figures by hand.
func TestManitobaChildrensClothingTaxIncluded(t *testing.T) {
	e := testEngine(t)
	for _, c := range []struct {
		gross, net, rst, gst string
	}{
		{"155.00", "147.62", "0", "7.38"},
		{"179.20", "160.00", "11.20", "8.00"},
	} {
		l := Line("l", "CHILDRENS_CLOTHING", c.gross)
		l.TaxIncludedIndicator = true
		q := Quotation("2026-06-01", SellerAt(winnipeg()), CustomerAt(winnipeg()), l)
		q.Currency = CurrencyCode("CAD")
		r, err := e.Sale(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		li := r.LineItems[0]
		gst, mb := taxOf(t, li.Taxes, "CA"), taxOf(t, li.Taxes, "CA-MB")
		if !gst.CalculatedTax.Equal(*Price(c.gst)) || !mb.CalculatedTax.Equal(*Price(c.rst)) || !gst.Taxable.Equal(*Price(c.net)) {
			t.Errorf("a kids' jacket of %s tax included in Winnipeg: GST %s on %s, RST %s %s; want GST %s on %s, RST %s",
				c.gross, gst.CalculatedTax, gst.Taxable, mb.TaxResult, mb.CalculatedTax, c.gst, c.net, c.rst)
		}
	}
}
