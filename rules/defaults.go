package rules

import (
	"fmt"
	"strings"

	"github.com/levytax/levy/data"
	"github.com/levytax/levy/jurisdiction"
	"github.com/shopspring/decimal"
)

// servicesTaxed are the states whose sales tax reaches services in
// general (a gross receipts style base); elsewhere services are outside
// the sales tax unless a host's rule says otherwise.
var servicesTaxed = map[string]string{
	"HI": "Haw. Rev. Stat. section 237-13 (general excise tax on services)",
	"NM": "N.M. Stat. section 7-9-4 (gross receipts tax on services)",
	"SD": "S.D. Codified Laws section 10-45-4 (services)",
	"WV": "W. Va. Code section 11-15-3 (services)",
}

// baseIncludes names the province's own tax that is in the base of the
// GST and of the provincial sales tax of a class in the province, so that
// the province's "rate" row of the class is their effective rate on a
// price that bears that tax in full (Rule.RateIncludes), or "". Quebec's
// operator of a sleeping-accommodation establishment charges the GST and
// the QST on the price including the tax on lodging (Revenu Québec, Tax
// on Lodging): the rows CA-QC GST and QST ACCOMMODATION of
// vat-product-classes.csv are 5% and 9.975% of 103.5%.
func baseIncludes(province, class string) string {
	if province == "CA-QC" && class == "ACCOMMODATION" {
		return "Tax on Lodging"
	}
	return ""
}

// Defaults builds Levy's default rule and structure tables from the
// dataset's taxability part: the US matrix of states and product classes
// (exemptions, reduced state rates, bases, clothing thresholds, the local
// taxes where they differ from the state's and exemptions by buyer), the 2026 sales tax holidays
// (over the state's sales tax and its local ones, but for the localities
// whose tax stays out of a holiday in whole or in part; see
// holidayLocalRules),
// services in the US, the reduced, zero and exempt classes of the VAT and
// GST countries, the classes that Canada's provincial sales taxes leave
// out, exempt (up to a price per item where the row gives one) or tax at
// a rate of their own, and the goods whose HST provincial part a province rebates
// at the point of sale, the US local taxes outside the sales tax on the classes
// they reach (see localTaxRules), Tennessee's single-article tax and
// Florida's surtax limit, the rates by price of a country's or a
// province's classes (a BRACKET structure for each row with an
// up_to_rate threshold: India's garments), and a last rule that makes
// everything else taxable. t must not be nil: the engine passes the
// dataset's table, and a nil one is a programming error that panics.
func Defaults(t *data.Taxability) ([]Rule, []Structure) {
	var out []Rule
	structures := defaultStructures()
	for _, row := range t.States() {
		out = append(out, stateRules(row)...)
	}
	for st, cite := range servicesTaxed {
		out = append(out, Rule{ID: "us-" + strings.ToLower(st) + "-services", Jurisdiction: "US-" + st + "*",
			ProductClass: Services, Outcome: Taxable, Reason: cite})
	}
	out = append(out, Rule{ID: "us-services", Jurisdiction: "US-*", ProductClass: Services, Outcome: NonTaxable,
		Reason: "services are outside most states' sales tax base unless a statute enumerates them"})
	ids := map[string]int{}
	for _, h := range t.Holidays() {
		classes, yearRound := holidayClasses(h.Categories), map[string]*Threshold(nil)
		if len(h.Categories) == 0 {
			classes, yearRound = generalHolidayClasses(t, h)
		}
		for _, pc := range classes {
			// Two holidays of a state may start on one day and cover one
			// class (New Mexico's computers and their peripherals).
			id := fmt.Sprintf("us-%s-holiday-%s-%s", strings.ToLower(h.State), h.Effective, strings.ToLower(pc))
			if ids[id]++; ids[id] > 1 {
				id += fmt.Sprintf("-%d", ids[id])
			}
			r := Rule{
				ID:           id,
				Jurisdiction: "US-" + h.State + "*",
				ProductClass: pc,
				// The tax selector makes a holiday as specific as a
				// class's rule for the state's tax alone, which its
				// priority then beats.
				Tax:        string(jurisdiction.SalesTax),
				Effective:  h.Effective,
				Expiration: h.Expiration,
				Priority:   10,
				Outcome:    Exempt,
				Holiday:    true,
				Reason:     strings.TrimSpace(h.Name + ". " + h.Citation),
			}
			if h.MaxPerItem != nil {
				r.Outcome = Taxable
				r.Threshold = &Threshold{Amount: *h.MaxPerItem, Kind: UpToExempt, Currency: h.Currency, Beyond: yearRound[pc]}
			}
			if h.LocalNote != "" {
				r.Reason += ". Local taxes: " + h.LocalNote
			}
			out = append(out, r)
			out = append(out, holidayLocalRules(h, r)...)
		}
	}
	for _, p := range t.ProductClasses() {
		where, tax, id := p.Country+"*", "", fmt.Sprintf("%s-%s", strings.ToLower(p.Country), strings.ToLower(p.ProductClass))
		if len(p.Country) > 2 {
			// A Canadian province's rule decides one provincial tax:
			// its exact ID, not the GST of a place in it, and that tax
			// alone, the province's own PST or QST, or the provincial
			// part of its HST (a point-of-sale rebate, "ca-on-books-hst-
			// 2010-07-01"), which leaves the GST's record alone. The
			// dataset names it on every province's rule.
			where, tax = p.Country, p.Tax
			switch tax {
			case string(jurisdiction.HST):
				id += "-hst"
			case string(jurisdiction.GST):
				// A rate of the GST of its own in the province alone
				// (Quebec's accommodation, whose GST base includes the
				// tax on lodging): the GST is the country's, so the
				// rule selects it through the place's subdivision.
				where = p.Country + "*"
				id += "-gst"
			}
		} else if p.Tax != "" {
			// A country's rule that decides one of its taxes alone
			// (Malaysia's sales tax, "my-saas-sales-tax"), which leaves
			// the others to their own rules.
			tax = p.Tax
			id += "-" + strings.ReplaceAll(strings.ToLower(p.Tax), " ", "-")
		}
		r := Rule{
			ID:           id,
			Jurisdiction: where,
			Tax:          tax,
			ProductClass: p.ProductClass,
			Effective:    p.Effective,
			Expiration:   p.Expiration,
			Outcome:      Taxable,
			Reason:       p.Citation,
		}
		if !p.Effective.IsZero() {
			// A class whose treatment changed has a rule per period.
			r.ID += "-" + p.Effective.String()
		}
		switch p.Treatment {
		case "reduced":
			r.RateCategory = p.Category
		case "rate":
			rate := *p.Rate
			r.Rate = &rate
			if len(p.Country) > 2 {
				r.RateIncludes = baseIncludes(p.Country, p.ProductClass)
			}
		case "zero":
			zero := decimal.Zero
			r.Rate = &zero
		case "exempt":
			r.Outcome = Exempt
			if p.Threshold != nil {
				// A province's exemption limited by price (Manitoba's
				// children's clothing of $150 or less): the rule taxes
				// the class and its threshold exempts the items within
				// the limit.
				r.Outcome = Taxable
				r.Threshold = &Threshold{Amount: *p.Threshold, Kind: ThresholdKind(p.ThresholdKind), Currency: p.ThresholdCurrency,
					With: p.ThresholdWith}
			}
		case "nontaxable":
			r.Outcome = NonTaxable
		}
		out = append(out, r)
		if p.ThresholdKind == string(UpToRate) {
			structures = append(structures, byPriceStructure(r, p))
		}
	}
	out = append(out, localTaxRules(t.LocalTaxes())...)
	out = append(out, tnSurchargeRules()...)
	out = append(out, inheritedRules(out)...)
	out = append(out, Rule{ID: "taxable", Outcome: Taxable, Reason: "taxable unless a rule says otherwise"})
	return out, structures
}

// byPriceStructure is the BRACKET structure of the dataset's row p,
// whose rule is r, with an up_to_rate threshold: an item whose unit
// price is at or below the threshold bears the row's threshold rate on
// its whole price, and a dearer one the rate that r gives (the
// jurisdiction's rate, the rule's own rate or its category's). It
// selects what r selects, over r's period. Its amounts are in the
// row's threshold currency, the country's (INR for India): a line of a
// document in another currency is weighed against them converted.
func byPriceStructure(r Rule, p data.ProductClassRule) Structure {
	upTo, below := *p.Threshold, *p.ThresholdRate
	return Structure{
		ID: r.ID + "-by-price", Jurisdiction: r.Jurisdiction, Tax: r.Tax, ProductClass: r.ProductClass,
		Effective: r.Effective, Expiration: r.Expiration, Kind: Bracket, Currency: p.ThresholdCurrency,
		Tiers: []Tier{{UpTo: &upTo, Rate: &below}, {}},
		Reason: fmt.Sprintf("an item of %s %s or less at %s%%, a dearer one at the class's rate: %s",
			p.ThresholdCurrency, upTo, below.Shift(2), p.Citation),
	}
}

func decimalPtr(s string) *decimal.Decimal {
	d := decimal.RequireFromString(s)
	return &d
}

// usStructureCurrency is the currency of the amounts of the built-in
// structures of the US states: the statutes they cite give them in
// dollars (Tennessee's $1,600 and $3,200, Florida's $5,000).
const usStructureCurrency = "USD"

// defaultStructures are the built-in rate structures.
func defaultStructures() []Structure {
	tn := "Tenn. Code Ann. section 67-6-702: local tax on the first $1,600 of a single article; state single-article tax of 2.75% on $1,600.01 to $3,200"
	fl := "Fla. Stat. section 212.054(2)(b): the discretionary sales surtax applies to the first $5,000 of a single item"
	out := []Structure{
		{ID: "us-tn-single-article", Jurisdiction: "US-TN", Tax: "Sales and Use Tax", Kind: Tiered, Reason: tn,
			Tiers: []Tier{{UpTo: decimalPtr("1600")}, {UpTo: decimalPtr("3200"), Add: decimalPtr("0.0275")}, {}}},
		{ID: "us-tn-county-single-article", Jurisdiction: "US-TN*", JurisdictionType: "COUNTY", Tax: "Sales and Use Tax", Kind: SingleRate, MaxBasisPerItem: decimalPtr("1600"), Reason: tn},
		{ID: "us-tn-city-single-article", Jurisdiction: "US-TN*", JurisdictionType: "CITY", Tax: "Sales and Use Tax", Kind: SingleRate, MaxBasisPerItem: decimalPtr("1600"), Reason: tn},
		{ID: "us-tn-transit-single-article", Jurisdiction: "US-TN*", JurisdictionType: "TRANSIT_DISTRICT", Tax: "Sales and Use Tax", Kind: SingleRate, MaxBasisPerItem: decimalPtr("1600"),
			Reason: tn + "; a local option transit surcharge is administered as the local tax it is levied on, with its limitations (Tenn. Code Ann. 67-4-3201 et seq.)"},
		{ID: "us-fl-surtax-limit", Jurisdiction: "US-FL*", JurisdictionType: "COUNTY", Tax: "Sales and Use Tax", Kind: SingleRate, MaxBasisPerItem: decimalPtr("5000"), Reason: fl},
	}
	out = append(out, tnFullPriceStructures()...)
	for i := range out {
		out[i].Currency = usStructureCurrency
	}
	return out
}

// tnNotSingleArticle are the product classes that are not single
// articles of tangible personal property in Tennessee: services, custom
// software and specified digital products, whose whole price bears the
// local tax and none of it the state's single-article tax. Remotely
// accessed prewritten software (SAAS, AI_SERVICES) is taxed as the
// software it is and keeps the single-article rules.
var tnNotSingleArticle = []string{CustomSoftware, DigitalGoods, DigitalStreaming, DigitalMusic, DigitalVideo, EBooks,
	Services, ProfessionalServ, RepairServices, PersonalCare, DataProcessing, WebHosting,
	Accommodation}

// tnSurchargeExempt are the classes that a Tennessee local option
// transit surcharge on the local option sales tax does not reach: video
// programming services and specified digital products (digital
// audio-visual works, digital audio works, digital books; Tenn. Code
// Ann. 67-6-102), whether downloaded or streamed. A downloaded game or
// app (DIGITAL_GOODS) is software, which the surcharge reaches.
var tnSurchargeExempt = []string{DigitalStreaming, DigitalMusic, DigitalVideo, EBooks}

// tnSurchargeRules exempt the classes of tnSurchargeExempt from the
// transit surcharges of Tennessee (transit districts of their own in the
// content: Davidson County's 0.5% from 2025-02-01), which otherwise
// follow the local tax they are levied on. Their jurisdiction type makes
// them more specific than the state's rule of the class, which the
// state's and the other local taxes keep: an e-book of 100.00 in
// Nashville bears 7.00 and 2.25, no 0.50.
func tnSurchargeRules() []Rule {
	why := "Tenn. Code Ann. section 67-4-3204(a)(3) and (a)(5): video programming services and specified digital products are exempt " +
		"from a local option transit surcharge on the local option sales tax, which otherwise applies as that tax does (section 67-4-3204(d))"
	out := make([]Rule, 0, len(tnSurchargeExempt))
	for _, pc := range tnSurchargeExempt {
		out = append(out, Rule{ID: "us-tn-transit-surcharge-" + strings.ToLower(pc), Jurisdiction: "US-TN*", JurisdictionType: "TRANSIT_DISTRICT",
			Tax: string(jurisdiction.SalesTax), ProductClass: pc, Outcome: Exempt, Reason: why})
	}
	return out
}

// tnFullPriceStructures are the structures that tax the whole price of
// a Tennessee line of a class in tnNotSingleArticle at the state's and
// each local jurisdiction's own rate: their class makes them more
// specific than the single-article structures, which they replace.
func tnFullPriceStructures() []Structure {
	why := "Tenn. Code Ann. section 67-6-702; Tennessee Department of Revenue, SUT-6 Single Article Tax - Overview and Application " +
		"(revenue.support.tn.gov/hc/en-us/articles/360058138992) and Single Article and Special Tax Rates (tn.gov/revenue): " +
		"the sales price of taxable services, amusements, custom computer software, specified digital products and warranty or " +
		"maintenance contracts is fully taxed at the local rate and bears no additional state single-article tax"
	out := make([]Structure, 0, len(tnNotSingleArticle))
	for _, pc := range tnNotSingleArticle {
		out = append(out, Structure{ID: "us-tn-full-price-" + strings.ToLower(pc), Jurisdiction: "US-TN*", Tax: "Sales and Use Tax",
			ProductClass: pc, Kind: SingleRate, Reason: why})
	}
	return out
}
