package engine

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// TestEUGoodsDistanceSalesBeforeJuly2021: before 2021-07-01 a distance
// sale of goods to a consumer in another member state was taxed where
// the goods arrived only when the seller's sales to that member state
// passed its own threshold (VAT Directive 2006/112/EC, articles 33 and
// 34 as in force until 2021-06-30: EUR 100,000 a calendar year, or EUR
// 35,000 where the member state chose it, or the same in its national
// currency; the threshold of article 58(2), EUR 10,000 from 2019, was
// for electronic services only; Council Directive (EU) 2017/2455 and
// Council Decision (EU) 2020/1109 made EUR 10,000 union-wide one for
// goods from 2021-07-01). Member states' thresholds on 2021-02-08
// (simplyvat.com, "EU Distance Selling Thresholds"; the Commission's
// "VAT in the European Union" annex gives them too): France EUR 35,000,
// Germany and the Netherlands EUR 100,000, Poland PLN 160,000 (about EUR
// 35,663), the lowest Hungary's HUF 8,800,000 (about EUR 24,560) and
// Romania's RON 118,000 (about EUR 24,202).
//
// Levy knows a seller's EU-wide distance sales only, which bound its
// sales to any one member state. A seller with EUR 8,000 of them (this
// year and last), plus this sale's EUR 1,000, sold at most EUR 9,000 to
// France or Poland, under either state's threshold: the Netherlands' VAT
// applies, 21% of 1,000.00 = 210.00. Levy charged France's or Poland's
// VAT in 2018 (no union threshold then: NO_TAX, the seller not registered
// there) for every seller. One with EUR 20,000 (21,000 with this sale)
// sold at most that to France, under France's EUR 35,000 that a member
// state of the euro area cannot go below (article 34(2)): 210.00 of
// Dutch VAT; Levy weighed it against the EUR 10,000 of electronic
// services and charged France's. Above EUR 35,000 the sales to France are
// not known, and to Poland, whose threshold is in zlotys, above EUR
// 10,000: Levy keeps taking the member state of arrival. From 2021-07-01,
// and for electronic services (article 58(2)) from 2019, the union-wide
// EUR 10,000 decides, as before.
func TestEUGoodsDistanceSalesBeforeJuly2021(t *testing.T) {
	paris := &wire.Location{City: "Paris", PostalCode: "75001", Country: "FR"}
	warsaw := &wire.Location{City: "Warszawa", PostalCode: "00-001", Country: "PL"}
	type want struct{ juris, tax, rule string }
	nl := want{"NL", "210.00", DistanceWithinRule}
	for _, c := range []struct {
		name    string
		figures int64
		date    string
		class   string
		dest    *wire.Location
		want    want
		says    string
	}{
		{"2018, EUR 8,000, goods to Paris", 8000, "2018-06-01", "GENERAL", paris, nl, "EUR 35000, the least threshold of article 34 that FR"},
		{"2020, EUR 8,000, goods to Paris", 8000, "2020-06-01", "GENERAL", paris, nl, "EUR 35000, the least threshold of article 34 that FR"},
		{"2020, EUR 20,000, goods to Paris", 20000, "2020-06-01", "GENERAL", paris, nl, "EUR 35000, the least threshold of article 34 that FR"},
		{"2021-06-30, EUR 34,000, goods to Paris", 34000, "2021-06-30", "GENERAL", paris, nl, "EUR 35000, the least threshold of article 34 that FR"},
		{"2020, EUR 34,001, goods to Paris: not known, arrival", 34001, "2020-06-01", "GENERAL", paris, want{"FR", "0.00", DistanceAboveRule}, "alone are not known): taken to be above"},
		{"2018, EUR 8,000, goods to Warsaw", 8000, "2018-06-01", "GENERAL", warsaw, nl, "EUR 10000, the least threshold of article 34 that PL"},
		{"2020, EUR 20,000, goods to Warsaw: not known, arrival", 20000, "2020-06-01", "GENERAL", warsaw, want{"PL", "0.00", DistanceAboveRule}, "alone are not known): taken to be above"},
		{"2021-07-01, EUR 20,000, goods to Paris, as before", 20000, "2021-07-01", "GENERAL", paris, want{"FR", "0.00", DistanceAboveRule}, "above the EU threshold of EUR 10000"},
		{"2020, EUR 20,000, SaaS to Paris, as before", 20000, "2020-06-01", "SAAS", paris, want{"FR", "0.00", DistanceAboveRule}, "above the EU threshold of EUR 10000"},
		{"2020, EUR 8,000, SaaS to Paris, as before", 8000, "2020-06-01", "SAAS", paris, nl, "within the EU threshold of EUR 10000"},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := decimal.NewFromInt(c.figures)
			e, err := New(context.Background(), WithDistanceSales(fixedDistance{"": {Current: f, Previous: f, Source: "test"}}))
			if err != nil {
				t.Fatal(err)
			}
			req := euSale(c.date, c.class, c.dest, false)
			req.Seller.TaxRegistrations = []wire.TaxRegistration{nlNumber}
			r, err := e.Sale(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			l := r.LineItems[0]
			if len(l.Taxes) != 1 {
				t.Fatalf("%d taxes, want one: %+v", len(l.Taxes), l.Taxes)
			}
			tx := l.Taxes[0]
			got := want{tx.Jurisdiction.JurisdictionID, tx.CalculatedTax.String(), ""}
			for _, a := range l.AssistedParameters {
				if a.ParamName == "seller.company" {
					got.rule = a.RuleName
				}
			}
			if got != c.want {
				t.Errorf("got %+v, want %+v", got, c.want)
			}
			if b, _ := json.Marshal(l); !strings.Contains(string(b), c.says) {
				t.Errorf("the line does not say %q: %s", c.says, b)
			}
		})
	}
}
