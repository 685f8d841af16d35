package rules

import (
	"fmt"
	"slices"
	"strings"

	"github.com/levytax/levy/data"
)

// stateRules turns a row of the US matrix into rules. A row whose local
// taxes follow the state's outcome at their own rates is one rule for the
// state and its local jurisdictions; otherwise one rule decides the
// state's tax (the state's own jurisdiction) and another the local taxes. A
// buyer condition adds a rule with the condition businessCustomer beside
// each.
func stateRules(row data.StateTaxability) []Rule {
	id := fmt.Sprintf("us-%s-%s", strings.ToLower(row.State), strings.ToLower(row.Class))
	if !row.Effective.IsZero() {
		id += "-" + row.Effective.String()
	}
	reason := row.Citation
	if row.Decision != "" {
		reason += ". Decision: " + row.Decision
	}
	base := Rule{
		Jurisdiction: "US-" + row.State + "*",
		ProductClass: row.Class,
		Effective:    row.Effective,
		Expiration:   row.Expiration,
		Reason:       reason,
	}
	state := base
	state.ID = id
	state.Outcome = NonTaxable
	if row.Taxable {
		state.Outcome = Taxable
		state.Rate = row.Rate
		state.BasisPercent = row.BasisPercent
		if row.Threshold != nil {
			state.Threshold = &Threshold{Amount: *row.Threshold, Kind: ThresholdKind(row.ThresholdKind), Currency: row.ThresholdCurrency}
		}
	}
	out := []Rule{state}
	if row.Local != data.LocalSame || row.Rate != nil {
		// The state's own jurisdiction (a state, DC, or Puerto Rico, a
		// territory): an exact ID, which the priority puts before the
		// local rule of equal specificity.
		out[0].ID += "-state"
		out[0].Jurisdiction = "US-" + row.State
		out[0].Priority = 1
		local := base
		local.ID = id + "-local"
		switch {
		case row.Local == data.LocalElected:
			// Elsewhere than where a locality elected the state's
			// outcome: the local taxes at their own general rate on the
			// whole price.
			local.Outcome = Taxable
			// The state's rule outranks the elections' below, which
			// match the state's own jurisdiction too.
			out[0].Within = out[0].Jurisdiction
			out = append(out, electedRules(base, id, row, state)...)
		case row.Local == data.LocalExempt || row.Local == data.LocalSame && !row.Taxable:
			local.Outcome = NonTaxable
		case row.Local == data.LocalSame:
			// A reduced state rate: the local taxes at their own rates.
			local.Outcome = Taxable
			local.BasisPercent, local.Threshold = state.BasisPercent, state.Threshold
		default:
			local.Outcome = Taxable
			local.RateCategory, local.RateCategoryOnly = row.LocalCategory, row.LocalOnly
			if row.Taxable {
				local.BasisPercent, local.Threshold = state.BasisPercent, state.Threshold
			}
		}
		out = append(out, local)
	}
	switch row.Buyer {
	case data.BuyerBusinessExempt:
		for _, r := range slices.Clone(out) {
			out = append(out, Rule{ID: r.ID + "-business", Jurisdiction: r.Jurisdiction, JurisdictionType: r.JurisdictionType, Within: r.Within,
				ProductClass: r.ProductClass, Effective: r.Effective, Expiration: r.Expiration, When: "businessCustomer",
				Outcome: Exempt, Reason: "exempt when the buyer is a business. " + reason})
		}
	case data.BuyerConsumerExempt:
		for i, r := range slices.Clone(out) {
			business := r
			business.ID += "-business"
			business.When = "businessCustomer"
			business.Reason = "taxable when the buyer is a business. " + reason
			out = append(out, business)
			out[i].Outcome = NonTaxable
			out[i].Rate, out[i].BasisPercent, out[i].Threshold, out[i].RateCategory, out[i].RateCategoryOnly = nil, nil, nil, "", false
			out[i].Reason = "not taxable when the buyer is a consumer. " + reason
		}
	}
	return out
}

// electedRules gives each local jurisdiction of row.Elected a rule over
// the taxes of every jurisdiction of a place within it: they follow the
// state's outcome (state, the state's rule) at their own rates, over the
// days that the row and the election share.
func electedRules(base Rule, id string, row data.StateTaxability, state Rule) []Rule {
	var out []Rule
	for _, e := range row.Elected {
		r := base
		r.ID = id + "-elected-" + strings.ToLower(e.Jurisdiction)
		if !e.Effective.IsZero() {
			r.ID += "-" + e.Effective.String()
		}
		r.Within = e.Jurisdiction
		if e.Effective.After(r.Effective) {
			r.Effective = e.Effective
		}
		if !e.Expiration.IsZero() && (r.Expiration.IsZero() || e.Expiration.Before(r.Expiration)) {
			r.Expiration = e.Expiration
		}
		if !r.Expiration.IsZero() && r.Expiration.Before(r.Effective) {
			continue // the election and the row share no day
		}
		r.Outcome, r.BasisPercent, r.Threshold = state.Outcome, state.BasisPercent, state.Threshold
		r.Reason = "the local taxes follow the state's where " + e.Name + " (" + e.Jurisdiction + ") elected it: " + e.Citation + ". " + base.Reason
		out = append(out, r)
	}
	return out
}

// holidayLocalRules gives each local jurisdiction of h.NotTaking a rule
// over its own sales tax on the class of the holiday's rule: over the
// holiday's days it goes on taxing the class at its general rate, or,
// where it waived part of its rate, taxes the part it kept: within the
// holiday's cap per item the waived share of the item is exempt (a
// threshold with a share), and a dearer item bears the whole rate; a
// holiday without a cap taxes the item at the kept rate. An exact
// jurisdiction ID makes the rule more specific than the holiday's, which
// covers the state and every other local tax.
func holidayLocalRules(h data.Holiday, holiday Rule) []Rule {
	out := make([]Rule, 0, len(h.NotTaking))
	for _, l := range h.NotTaking {
		r := Rule{
			ID:           holiday.ID + "-" + strings.ToLower(l.Jurisdiction),
			Jurisdiction: l.Jurisdiction,
			ProductClass: holiday.ProductClass,
			Tax:          holiday.Tax,
			Effective:    holiday.Effective,
			Expiration:   holiday.Expiration,
			Priority:     holiday.Priority,
			Outcome:      Taxable,
		}
		what := "does not take part in the holiday: its sales tax applies to the holiday's goods"
		switch {
		case l.Rate != nil && holiday.Threshold != nil && l.Share != nil:
			// Within the cap the waived share of the item is exempt; a
			// dearer item is no holiday item and bears the whole tax.
			th := *holiday.Threshold
			share := *l.Share
			th.Share = &share
			// A share is not weighed beyond the cap: a dearer item
			// bears the locality's whole tax, as before.
			th.Beyond = nil
			r.Threshold = &th
		case l.Rate != nil:
			rate := *l.Rate
			r.Rate = &rate
		}
		if l.Rate != nil {
			// Part of its tax is waived: the record is a holiday's.
			r.Holiday = true
			what = fmt.Sprintf("takes part in the holiday for part of its sales tax only: %s%% of the price of each of the holiday's goods stays taxed", l.Rate.Shift(2))
		}
		r.Reason = fmt.Sprintf("%s (%s) %s, as listed on %s by %s. %s", l.Name, l.Jurisdiction, what, l.AsOf, l.Citation, h.Name)
		out = append(out, r)
	}
	return out
}

// holidayClasses returns the product classes a holiday's categories
// cover: each category's own name in capitals (a host's class of that
// name) and the built-in classes it holds.
func holidayClasses(categories []string) []string {
	var out []string
	add := func(pc string) {
		if !slices.Contains(out, pc) {
			out = append(out, pc)
		}
	}
	for _, c := range categories {
		add(strings.ToUpper(c))
		for _, pc := range holidayCategoryClasses[c] {
			add(pc)
		}
	}
	return out
}

// generalHolidayClasses lists the built-in classes that a holiday with no
// categories covers: such a holiday (Massachusetts's, M.G.L. c. 64H
// section 6A) reaches most goods rather than a list of them. It covers the
// classes of goods, neither services nor supplied electronically, that the
// state taxes at its general rate on the holiday's first day, on the whole
// price or on the excess over a per-item exemption (Massachusetts's
// clothing, exempt to $175 an item, the excess taxed). yearRound gives
// such a class its year-round threshold, which the holiday's rule keeps
// for an item above the holiday's cap (Threshold.Beyond): the holiday
// exempts a garment within the cap in full and taxes a dearer one as on
// any other day. It leaves out prepared food (the meals that
// Massachusetts's holiday excludes), the classes taxed at a rate or on a
// share of their own, and those exempt below a price only. Where it covers
// GENERAL, it also covers the classes that other holidays' categories
// name and that are not built in (SCHOOL_SUPPLIES, COMPUTERS,
// ENERGY_STAR): the state has no row of them, so on any other day they
// are taxed as general goods, and 830 CMR 64H.1.8(4) leaves none of them
// out of Massachusetts's holiday. A seller's own classes are not covered.
func generalHolidayClasses(t *data.Taxability, h data.Holiday) (classes []string, yearRound map[string]*Threshold) {
	yearRound = map[string]*Threshold{}
	for _, row := range t.State(h.State) {
		c, ok := ClassOf(row.Class)
		if !ok || c.Service || c.Digital || row.Class == PreparedFood || !row.Contains(h.Effective) ||
			!row.Taxable || row.Rate != nil || row.BasisPercent != nil || slices.Contains(classes, row.Class) {
			continue
		}
		if row.Threshold != nil {
			if ThresholdKind(row.ThresholdKind) != AboveExcess || row.ThresholdCurrency != h.Currency {
				continue
			}
			yearRound[row.Class] = &Threshold{Amount: *row.Threshold, Kind: AboveExcess, Currency: row.ThresholdCurrency}
		}
		classes = append(classes, row.Class)
	}
	if !slices.Contains(classes, General) {
		return classes, yearRound
	}
	var named []string
	for _, other := range t.Holidays() {
		for _, pc := range holidayClasses(other.Categories) {
			if _, builtIn := ClassOf(pc); !builtIn && !slices.Contains(classes, pc) && !slices.Contains(named, pc) {
				named = append(named, pc)
			}
		}
	}
	slices.Sort(named)
	return append(classes, named...), yearRound
}

// holidayCategoryClasses maps the categories of the holiday table to the
// built-in classes they cover.
var holidayCategoryClasses = map[string][]string{
	"clothing":             {Clothing, AthleticClothing, FormalClothing},
	"clothing_accessories": {ClothingAccessory},
	"books":                {Books, Textbooks},
	"computers":            {Electronics},
	"computer_hardware":    {Electronics},
	"computer_software":    {PrewrittenSoftware},
	"electronic_devices":   {Electronics},
}

// inheritedRules gives a class with a parent (TEXTBOOKS, whose parent is
// BOOKS) a copy of each rule of its parent in a jurisdiction where no rule
// names the class itself: the VAT and GST treatment of books covers
// textbooks.
func inheritedRules(rs []Rule) []Rule {
	own := map[[2]string]bool{}    // a class has a rule in a jurisdiction
	ownTax := map[[3]string]bool{} // ... for a tax ("" for every tax)
	for _, r := range rs {
		own[[2]string{r.ProductClass, r.Jurisdiction}] = true
		ownTax[[3]string{r.ProductClass, r.Jurisdiction, r.Tax}] = true
	}
	// A parent's rule for every tax passes to a class with no rule of
	// its own in the jurisdiction; one for a tax alone (Malaysia's sales
	// tax on BOOKS) passes to a class with no rule of its own for that
	// tax or for every tax, whatever its rules for the country's other
	// taxes (TEXTBOOKS outside the service tax).
	inherits := func(class string, r Rule) bool {
		if r.Tax == "" {
			return !own[[2]string{class, r.Jurisdiction}]
		}
		return !ownTax[[3]string{class, r.Jurisdiction, r.Tax}] && !ownTax[[3]string{class, r.Jurisdiction, ""}]
	}
	var out []Rule
	for _, c := range Classes {
		if c.Parent == "" {
			continue
		}
		for _, r := range rs {
			if r.ProductClass == c.Parent && inherits(c.Class, r) {
				x := r
				x.ID += "-" + strings.ToLower(c.Class)
				x.ProductClass = c.Class
				x.Reason = c.Class + " follows " + c.Parent + ": " + r.Reason
				out = append(out, x)
			}
		}
	}
	return out
}

// localTaxRules turns the US local taxes outside the sales tax, and the
// Canadian provinces' taxes outside the GST, HST, PST and QST, into rules:
// for each class a tax reaches, over each period, the line is taxable at
// the jurisdiction's rate of the tax's category. The rule names the
// jurisdiction and the tax, so it is more specific than the state's rule
// of the class, which decides the sales tax. A class that no row names
// meets the state's rule or the last one, which ask for a category (the
// general rate) that the tax does not have: the engine then leaves the
// tax off the line, so goods bear no lease tax.
func localTaxRules(taxes []data.LocalTax) []Rule {
	out := make([]Rule, 0, len(taxes))
	for _, x := range taxes {
		reason := x.Citation
		if x.Decision != "" {
			reason += ". Decision: " + x.Decision
		}
		// A state's tax without a recorded first day has no date in its
		// ID, as the matrix's rows without one. A Canadian province's tax
		// is named by its country: "ca-qc-lodging-tax-accommodation-...".
		id := fmt.Sprintf("%s-%s-%s-%s", strings.ToLower(x.Country()), strings.ToLower(x.State), x.Key, strings.ToLower(x.Class))
		if !x.Effective.IsZero() {
			id += "-" + x.Effective.String()
		}
		out = append(out, Rule{
			ID:           id,
			Jurisdiction: x.Jurisdiction,
			Tax:          x.Tax,
			ProductClass: x.Class,
			Effective:    x.Effective,
			Expiration:   x.Expiration,
			Outcome:      Taxable,
			RateCategory: x.Category,
			Reason:       reason,
		})
	}
	return out
}
