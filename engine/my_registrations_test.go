package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestMalaysiaRegistrationOfOneTax: Malaysia registers a manufacturer
// for its sales tax and a provider of taxable services for its service
// tax, apart (Sales Tax Act 2018 and Service Tax Act 2018). A seller
// whose registration names the service tax (a caterer, say) charges the
// service tax and not the sales tax on goods it resells; one whose
// registration names the sales tax charges that alone; a registration
// that names no imposition, or the VAT as Levy called Malaysia's tax
// before, covers both, as before. Elsewhere a registration's imposition
// type decides nothing: Canada's GST/HST registration named GST still
// covers the HST.
func TestMalaysiaRegistrationOfOneTax(t *testing.T) {
	kl := Address("Kuala Lumpur", "50000", "MY")
	registered := func(imposition string) func(*wire.SaleRequest) {
		return func(q *wire.SaleRequest) {
			r := wire.TaxRegistration{ISOCountryCode: "MY", TaxRegistrationNumber: "W10-1808-32000001"}
			if imposition != "" {
				r.ImpositionType = &wire.ImpositionType{Value: imposition}
			}
			q.Seller.TaxRegistrations = []wire.TaxRegistration{r}
		}
	}
	brief := func(taxes []wire.Tax) []string {
		var out []string
		for _, x := range taxes {
			if x.Imposition != nil {
				out = append(out, x.Imposition.Value+" "+string(x.TaxResult)+" "+x.CalculatedTax.String())
			}
		}
		return out
	}
	charged := func(taxes []wire.Tax, name string) bool {
		x, ok := impositionOf(taxes, name)
		return ok && x.TaxResult == wire.TaxResultTaxable && x.CalculatedTax.Decimal().IsPositive()
	}
	for _, c := range []struct {
		imposition            string
		goodsTaxed, svcsTaxed bool
	}{
		{"Service Tax", false, true},
		{"service tax", false, true},
		{"Sales Tax", true, false},
		{"", true, true},
		{"VAT", true, true},
	} {
		goods := localQuote(t, kl, "MYR", "2026-06-01", "GENERAL", registered(c.imposition))
		services := localQuote(t, kl, "MYR", "2026-06-01", "PROFESSIONAL_SERVICES", registered(c.imposition))
		if got := charged(goods, "Sales Tax"); got != c.goodsTaxed {
			t.Errorf("registered for %q: goods bear the sales tax %v, want %v: %+v", c.imposition, got, c.goodsTaxed, brief(goods))
		}
		if got := charged(services, "Service Tax"); got != c.svcsTaxed {
			t.Errorf("registered for %q: a professional service bears the service tax %v, want %v: %+v", c.imposition, got, c.svcsTaxed, brief(services))
		}
	}
	toronto := Address("Toronto", "M5V 3L9", "CA")
	taxes := localQuote(t, toronto, "CAD", "2026-06-01", "GENERAL", func(q *wire.SaleRequest) {
		q.Seller.TaxRegistrations = []wire.TaxRegistration{{ISOCountryCode: "CA", TaxRegistrationNumber: "123456789RT0001",
			ImpositionType: &wire.ImpositionType{Value: "GST"}}}
	})
	if !charged(taxes, "HST") || !charged(taxes, "GST") {
		t.Errorf("Ontario, registered for the GST/HST under the name GST: %v", brief(taxes))
	}
}

// TestRegistrationImpositionFlaggedOutsideMalaysia: a registration's
// imposition type acts on a line taxed in Malaysia, which carries no
// not-acted-on parameter for it, and is flagged not acted on in
// Ontario, where it decides nothing.
func TestRegistrationImpositionFlaggedOutsideMalaysia(t *testing.T) {
	flagged := func(at *wire.Location, currency, country string) bool {
		t.Helper()
		q := Quotation("2026-06-01", SellerAt(at), CustomerAt(at), Line("l", "GENERAL", "100.00"))
		q.Currency = CurrencyCode(currency)
		q.Seller.TaxRegistrations = []wire.TaxRegistration{{ISOCountryCode: country, ImpositionType: &wire.ImpositionType{Value: "Sales Tax"}}}
		resp, err := testEngine(t).Sale(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range resp.LineItems[0].AssistedParameters {
			if p.RuleName == NotActedOnRule && strings.HasSuffix(p.ParamName, "taxRegistrations[0].impositionType") {
				return true
			}
		}
		return false
	}
	if flagged(Address("Kuala Lumpur", "50000", "MY"), "MYR", "MY") {
		t.Error("a Malaysian registration's imposition type is flagged not acted on")
	}
	if !flagged(Address("Toronto", "M5V 3L9", "CA"), "CAD", "CA") {
		t.Error("a Canadian registration's imposition type is not flagged not acted on")
	}
}
