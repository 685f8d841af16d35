package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// vatClassCase is a domestic sale of one product class in a VAT country on
// a day, with the rate its VAT must have.
type vatClassCase struct {
	city, postalCode, country string
	date, class, rate         string
}

// checkVATClassRates sends each case as a domestic quotation of 100.00 in
// euros and checks the rate of the line's one VAT record.
func checkVATClassRates(t *testing.T, cases []vatClassCase) {
	t.Helper()
	e := testEngine(t)
	for _, c := range cases {
		at := Address(c.city, c.postalCode, c.country)
		q := Quotation(c.date, SellerAt(at), CustomerAt(at), Line("l", c.class, "100.00"))
		q.Currency = CurrencyCode("EUR")
		resp, err := e.Sale(context.Background(), q)
		if err != nil {
			t.Errorf("%s %s on %s: %v", c.country, c.class, c.date, err)
			continue
		}
		taxes := resp.LineItems[0].Taxes
		if len(taxes) != 1 {
			t.Errorf("%s %s on %s: %d tax records, want 1", c.country, c.class, c.date, len(taxes))
			continue
		}
		if got := taxes[0].EffectiveRate.Decimal(); !got.Equal(decimal.RequireFromString(c.rate)) {
			rule := ""
			if taxes[0].CalculationRuleID != nil {
				rule = taxes[0].CalculationRuleID.Value
			}
			t.Errorf("%s %s on %s: VAT rate %s (rule %s), want %s", c.country, c.class, c.date, got, rule, c.rate)
		}
	}
}

// TestVATClassRatesBeforeAndAfterChanges sends sales of the classes whose
// rate category changed on a known day, on both sides of the change: the
// rate of the day applies, not today's category read on an earlier day.
func TestVATClassRatesBeforeAndAfterChanges(t *testing.T) {
	checkVATClassRates(t, []vatClassCase{
		// Romania: food and medicines 9% until July 31, 2025, then 11%;
		// books 5%, then 11%.
		{"Bucuresti", "010011", "RO", "2025-07-31", "FOOD", "0.09"},
		{"Bucuresti", "010011", "RO", "2025-07-31", "PRESCRIPTION_DRUGS", "0.09"},
		{"Bucuresti", "010011", "RO", "2025-07-31", "BOOKS", "0.05"},
		{"Bucuresti", "010011", "RO", "2025-08-01", "FOOD", "0.11"},
		{"Bucuresti", "010011", "RO", "2025-08-01", "PRESCRIPTION_DRUGS", "0.11"},
		{"Bucuresti", "010011", "RO", "2025-08-01", "BOOKS", "0.11"},
		// Czechia: food 15% and books 10% in 2023; 12% and 0% from 2024.
		{"Praha", "11000", "CZ", "2023-12-31", "FOOD", "0.15"},
		{"Praha", "11000", "CZ", "2023-12-31", "BOOKS", "0.1"},
		{"Praha", "11000", "CZ", "2023-12-31", "PRESCRIPTION_DRUGS", "0.1"},
		{"Praha", "11000", "CZ", "2024-01-01", "FOOD", "0.12"},
		{"Praha", "11000", "CZ", "2024-01-01", "BOOKS", "0"},
		{"Praha", "11000", "CZ", "2024-01-01", "PRESCRIPTION_DRUGS", "0.12"},
		// Finland: books and medicines 10% until 2024, 14% from 2025;
		// food 14% on both sides of the standard rate's rise to 25.5%.
		{"Helsinki", "00100", "FI", "2024-08-31", "FOOD", "0.14"},
		{"Helsinki", "00100", "FI", "2024-09-01", "GENERAL", "0.255"},
		{"Helsinki", "00100", "FI", "2024-09-01", "BOOKS", "0.1"},
		{"Helsinki", "00100", "FI", "2024-12-31", "PRESCRIPTION_DRUGS", "0.1"},
		{"Helsinki", "00100", "FI", "2025-01-01", "BOOKS", "0.14"},
		{"Helsinki", "00100", "FI", "2025-01-01", "PRESCRIPTION_DRUGS", "0.14"},
		{"Helsinki", "00100", "FI", "2025-06-01", "FOOD", "0.14"},
		// Finland's 14% rate lowered to 13.5% from January 1, 2026.
		{"Helsinki", "00100", "FI", "2025-12-31", "FOOD", "0.14"},
		{"Helsinki", "00100", "FI", "2026-01-01", "FOOD", "0.135"},
		{"Helsinki", "00100", "FI", "2026-01-01", "BOOKS", "0.135"},
		{"Helsinki", "00100", "FI", "2026-11-28", "PRESCRIPTION_DRUGS", "0.135"},
		{"Helsinki", "00100", "FI", "2026-11-28", "EBOOKS", "0.135"},
		{"Helsinki", "00100", "FI", "2026-11-28", "GENERAL", "0.255"},
		// Sweden: food 12%, 6% from April 1, 2026 to December 31, 2027.
		{"Stockholm", "111 20", "SE", "2026-03-31", "FOOD", "0.12"},
		{"Stockholm", "111 20", "SE", "2026-04-01", "FOOD", "0.06"},
		{"Stockholm", "111 20", "SE", "2027-12-31", "FOOD", "0.06"},
		{"Stockholm", "111 20", "SE", "2028-01-01", "FOOD", "0.12"},
		{"Stockholm", "111 20", "SE", "2026-04-01", "GENERAL", "0.25"},
		// Estonia: books and medicines 9% through every change of its
		// other rates (2024, January and July 2025); food at the
		// standard rate.
		{"Tallinn", "10111", "EE", "2023-06-01", "BOOKS", "0.09"},
		{"Tallinn", "10111", "EE", "2024-06-01", "BOOKS", "0.09"},
		{"Tallinn", "10111", "EE", "2025-03-01", "PRESCRIPTION_DRUGS", "0.09"},
		{"Tallinn", "10111", "EE", "2025-07-01", "BOOKS", "0.09"},
		{"Tallinn", "10111", "EE", "2025-07-01", "PRESCRIPTION_DRUGS", "0.09"},
		{"Tallinn", "10111", "EE", "2025-07-01", "FOOD", "0.24"},
	})
}

// TestVATEBooksAtTheBookRate sends sales of e-books (class EBOOKS) in the
// countries that tax them as printed books, after and before the day
// they began to.
func TestVATEBooksAtTheBookRate(t *testing.T) {
	checkVATClassRates(t, []vatClassCase{
		{"Berlin", "10115", "DE", "2026-06-01", "EBOOKS", "0.07"},
		{"Berlin", "10115", "DE", "2019-12-17", "EBOOKS", "0.19"},
		{"Wien", "1010", "AT", "2026-06-01", "EBOOKS", "0.1"},
		{"Madrid", "28001", "ES", "2026-06-01", "EBOOKS", "0.04"},
		{"Paris", "75001", "FR", "2026-06-01", "EBOOKS", "0.055"},
		{"Roma", "00100", "IT", "2026-06-01", "EBOOKS", "0.04"},
		{"Amsterdam", "1011 AB", "NL", "2026-06-01", "EBOOKS", "0.09"},
		{"Stockholm", "111 20", "SE", "2026-06-01", "EBOOKS", "0.06"},
		{"London", "SW1A 1AA", "GB", "2026-06-01", "EBOOKS", "0"},
		{"London", "SW1A 1AA", "GB", "2020-04-30", "EBOOKS", "0.2"},
		{"Helsinki", "00100", "FI", "2024-06-01", "EBOOKS", "0.1"},
		{"Helsinki", "00100", "FI", "2025-06-01", "EBOOKS", "0.14"},
		// Before Ireland's 9% for e-books (2019) they took its
		// standard rate.
		{"Dublin", "D02 X285", "IE", "2018-06-01", "EBOOKS", "0.23"},
	})
}

// TestUnionSchemeChargesTheCustomersVAT sends a German seller's sales to
// consumers in France and Italy: with a Union scheme (OSS) registration it
// charges each customer's member state's VAT, which it declares through
// the scheme; with its German VAT registration alone it is not registered
// there and charges none.
func TestUnionSchemeChargesTheCustomersVAT(t *testing.T) {
	e := testEngine(t)
	vat := wire.TaxRegistration{ISOCountryCode: "DE", TaxRegistrationNumber: "DE136695976", TaxRegistrationType: wire.TaxRegistrationTypeVAT}
	oss := wire.TaxRegistration{ISOCountryCode: "DE", TaxRegistrationNumber: "DE136695976", TaxRegistrationType: wire.TaxRegistrationTypeUnionScheme}
	sale := func(regs ...wire.TaxRegistration) *wire.SaleResponse {
		t.Helper()
		q := Quotation("2026-06-01", SellerAt(Address("Berlin", "10115", "DE")), nil,
			Line("fr-goods", "GENERAL", "100.00"), Line("fr-ebook", "EBOOKS", "100.00"), Line("it-saas", "SAAS", "100.00"))
		q.Currency = CurrencyCode("EUR")
		q.Seller.TaxRegistrations = regs
		for i := range q.LineItems {
			at := Address("Paris", "75001", "FR")
			if i == 2 {
				at = Address("Roma", "00100", "IT")
			}
			q.LineItems[i].Customer = CustomerAt(at)
		}
		resp, err := e.Sale(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	want := map[string]struct{ country, rate, tax string }{
		"fr-goods": {"FR", "0.2", "20"}, "fr-ebook": {"FR", "0.055", "5.5"}, "it-saas": {"IT", "0.22", "22"},
	}
	for _, l := range sale(vat, oss).LineItems {
		w := want[l.LineItemID]
		if len(l.Taxes) != 1 {
			t.Fatalf("%s: %d taxes", l.LineItemID, len(l.Taxes))
		}
		x := l.Taxes[0]
		if x.Jurisdiction.JurisdictionID != w.country || x.TaxResult != wire.TaxResultTaxable || x.NotRegisteredIndicator ||
			!x.EffectiveRate.Decimal().Equal(decimal.RequireFromString(w.rate)) || !x.CalculatedTax.Decimal().Equal(decimal.RequireFromString(w.tax)) {
			t.Errorf("%s with OSS: %s %s rate %s tax %s not registered %v; want %s at %s, tax %s",
				l.LineItemID, x.Jurisdiction.JurisdictionID, x.TaxResult, x.EffectiveRate, x.CalculatedTax, x.NotRegisteredIndicator, w.country, w.rate, w.tax)
		}
	}
	for _, l := range sale(vat).LineItems {
		if x := l.Taxes[0]; !x.NotRegisteredIndicator || !x.CalculatedTax.Decimal().IsZero() {
			t.Errorf("%s without OSS: tax %s, not registered %v; want none, not registered", l.LineItemID, x.CalculatedTax, x.NotRegisteredIndicator)
		}
	}
}
