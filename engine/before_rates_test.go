package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestBeforeTheFirstRateSaysSo: a line dated before every rate Levy holds
// for its country bears no tax record and says that Levy calculated none
// before the first day of those rates (BeforeRatesRule), not that the
// country levies nothing: Iran's VAT began in 2008 at rates the sources
// read do not agree on, and Levy's rates of Iran begin on March 21, 2015;
// Malaysia's sales and service taxes of 1972 and 1975 came before the GST
// of April 1, 2015. A batch flags the line. A country that levies no tax
// at all on the day (Kuwait, Hong Kong) still says so with NoTaxRule,
// which a batch does not flag. Before, the Iranian and Malaysian lines
// said that no tax was due.
func TestBeforeTheFirstRateSaysSo(t *testing.T) {
	e := testEngine(t)
	for _, c := range []struct {
		city, postal, country, currency, date string
		rule, first                           string
	}{
		{"Tehran", "", "IR", "IRR", "2015-03-20", BeforeRatesRule, "2015-03-21"},
		{"Tehran", "", "IR", "IRR", "2010-06-01", BeforeRatesRule, "2015-03-21"},
		{"Kuala Lumpur", "50000", "MY", "MYR", "2015-03-31", BeforeRatesRule, "2015-04-01"},
		{"Tokyo", "100-0001", "JP", "JPY", "1989-03-31", BeforeRatesRule, "1989-04-01"},
		{"Kuwait City", "13001", "KW", "KWD", "2026-06-01", NoTaxRule, ""},
		{"Hong Kong", "", "HK", "HKD", "2026-06-01", NoTaxRule, ""},
	} {
		at := Address(c.city, c.postal, c.country)
		q := Quotation(c.date, SellerAt(at), CustomerAt(at), Line("l", "GENERAL", "100"))
		q.Currency = CurrencyCode(c.currency)
		resp, err := e.Sale(context.Background(), q)
		if err != nil {
			t.Fatalf("%s on %s: %v", c.country, c.date, err)
		}
		l := resp.LineItems[0]
		var said []wire.AssistedParameter
		for _, p := range l.AssistedParameters {
			if p.RuleName == NoTaxRule || p.RuleName == BeforeRatesRule {
				said = append(said, p)
			}
		}
		what := c.country + " on " + c.date
		switch {
		case len(l.Taxes) != 0 || !l.TotalTax.IsZero():
			t.Errorf("%s: %d tax records, total tax %s; want none", what, len(l.Taxes), l.TotalTax)
		case len(said) != 1:
			t.Errorf("%s: parameters %+v; want one %s", what, l.AssistedParameters, c.rule)
		case said[0].RuleName != c.rule || said[0].OriginalValue != c.country || said[0].ParamName != "destination":
			t.Errorf("%s: %+v; want %s naming %s", what, said[0], c.rule, c.country)
		case c.first != "" && (!strings.Contains(said[0].Value, c.first) || strings.Contains(said[0].Value, "no tax is due")):
			t.Errorf("%s: %q does not name %s as the first day of Levy's rates, or says no tax is due", what, said[0].Value, c.first)
		}
	}
	if Explains(BeforeRatesRule) {
		t.Errorf("Explains(%q) = true: a batch would not flag a line whose tax Levy did not calculate", BeforeRatesRule)
	}
}

// TestBeforeASubdivisionsFirstRateSaysSo: a line taxed in a US state and
// dated before the first day of the rates Levy holds for the state says
// so, naming the state and that day, even when it bears taxes of places
// within the state whose rates Levy holds from earlier. Levy's California
// rates begin on 2017-01-01 (its 7.25% of that day), while Los Angeles
// County's transit taxes go back further: a Los Angeles sale of June 2016
// bore 0.90 of them and nothing else, without a word, where the county's
// rate was then 9%; one of 1950 said that the US levies no tax. Texas,
// whose rates Levy holds from before 2016, says nothing on that day, nor
// does California on a day of its rates.
func TestBeforeASubdivisionsFirstRateSaysSo(t *testing.T) {
	e := testEngine(t)
	for _, c := range []struct {
		name, street, city, state, zip, date string
		first                                string // "" when the line says nothing
		taxed                                bool   // the line bears taxes of places within the state
	}{
		{"Los Angeles 2016", "200 N Spring St", "Los Angeles", "CA", "90012", "2016-06-01", "2017-01-01", true},
		{"Los Angeles 1950", "200 N Spring St", "Los Angeles", "CA", "90012", "1950-06-01", "2017-01-01", false},
		{"Los Angeles 2026", "200 N Spring St", "Los Angeles", "CA", "90012", "2026-06-01", "", true},
		{"Austin 2016", "1100 Congress Ave", "Austin", "TX", "78701", "2016-06-01", "", true},
	} {
		req := usSale(c.street, c.city, c.state, c.zip, "GENERAL", "100")
		req.DocumentDate = civil.MustParse(c.date)
		resp, err := e.Sale(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		l := resp.LineItems[0]
		var said []wire.AssistedParameter
		for _, p := range l.AssistedParameters {
			if p.RuleName == NoTaxRule || p.RuleName == BeforeRatesRule {
				said = append(said, p)
			}
		}
		if c.taxed == l.TotalTax.IsZero() {
			t.Errorf("%s: total tax %s; want it %s", c.name, l.TotalTax, map[bool]string{true: "above zero", false: "zero"}[c.taxed])
		}
		switch {
		case c.first == "" && len(said) != 0:
			t.Errorf("%s: %+v; want no word on the first rates", c.name, said)
		case c.first == "":
		case len(said) != 1:
			t.Errorf("%s: parameters %+v; want one %s", c.name, l.AssistedParameters, BeforeRatesRule)
		case said[0].RuleName != BeforeRatesRule || said[0].OriginalValue != "US-"+c.state || said[0].ParamName != "destination" ||
			!strings.Contains(said[0].Value, c.first):
			t.Errorf("%s: %+v; want %s naming US-%s and %s", c.name, said[0], BeforeRatesRule, c.state, c.first)
		}
	}
}
