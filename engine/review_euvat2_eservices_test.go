package engine

import (
	"testing"

	"github.com/levytax/levy/wire"
)

// TestEUElectronicServicesToConsumersBefore2015: until 2014-12-31
// article 58 of the VAT Directive (2006/112/EC) put electronically
// supplied services to a consumer in a member state where the consumer
// lives only when the supplier was established outside the Community;
// one established in a member state supplied them, as any service to a
// consumer, where it was established (article 45). Council Directive
// 2008/8/EC, article 5, extended article 58 to every supplier, and the
// mini one stop shop with it, from 2015-01-01. So SaaS from Amsterdam to
// a consumer in Paris bore the Netherlands' 21% (21% of 1,000.00 =
// 210.00) in 2014, with or without any scheme, and France's 20% (200.00)
// from 2015 under the scheme (NO_TAX, not registered, without it). Levy
// charged France's VAT in 2014 as in 2015. Other services to consumers,
// and goods, follow their own rules as before.
func TestEUElectronicServicesToConsumersBefore2015(t *testing.T) {
	e := testEngine(t)
	paris := &wire.Location{City: "Paris", PostalCode: "75001", Country: "FR"}
	withNumberOnly := func(r *wire.SaleRequest) *wire.SaleRequest {
		r.Seller.TaxRegistrations = []wire.TaxRegistration{nlNumber}
		return r
	}
	origin := placeTax{"NL", "210.00", "eu-b2c-services", wire.TaxResultTaxable}
	checkPlaceCases(t, e, []placeCase{
		{"SaaS to a consumer in Paris on 2014-12-31", withNumberOnly(euSale("2014-12-31", "SAAS", paris, false)), origin},
		{"SaaS to a consumer in Paris on 2014-06-01, a Union scheme registration sent", euSale("2014-06-01", "SAAS", paris, false), origin},
		{"streaming to a consumer in Paris on 2010-03-01", withNumberOnly(euSale("2010-03-01", "DIGITAL_STREAMING", paris, false)),
			placeTax{"NL", "190.00", "eu-b2c-services", wire.TaxResultTaxable}},
		{"SaaS to a consumer in Paris on 2015-01-01, under the scheme", euSale("2015-01-01", "SAAS", paris, false),
			placeTax{"FR", "200.00", "eu-b2c-destination", wire.TaxResultTaxable}},
		{"SaaS to a consumer in Paris on 2015-01-01, no scheme", withNumberOnly(euSale("2015-01-01", "SAAS", paris, false)),
			placeTax{"FR", "0.00", "eu-b2c-destination", wire.TaxResultNoTax}},
		{"SaaS to a business in Paris on 2014-12-31, as before", euSale("2014-12-31", "SAAS", paris, true, frNumber),
			placeTax{"FR", "0.00", "eu-reverse-charge", wire.TaxResultTaxable}},
	})
}
