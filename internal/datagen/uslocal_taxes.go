package datagen

import (
	"cmp"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/money"
	"github.com/shopspring/decimal"
)

// US local taxes outside the sales tax: a city's tax on some product classes
// only, such as Chicago's Personal Property Lease Transaction Tax on software
// used remotely and its Amusement Tax on streaming. Each row of
// internal/datagen/curated/us-local-taxes.csv gives one rate period of one tax
// with the classes it reaches. The rates step adds the rates to the
// jurisdiction (imposition Tax, category Category, source srcLocalTaxes); the
// taxability step writes the classes as rows of the taxability file, from which
// the default rules tax those classes at the category's rate and no other class
// at all.

// The curated table of local taxes outside the sales tax, and its source
// key.
const (
	localTaxesSrc = "us-local-taxes.csv"
	srcLocalTaxes = "us-local-taxes"
)

// localTaxRow is one row of the table.
type localTaxRow struct {
	state, juris, key, tax, category string
	classes                          []string
	rate                             decimal.Decimal
	period                           civil.Period
	citation, decision               string
	at                               lineRef
}

// localTaxKey and localTaxCategory are the forms of a tax's key and of a
// rate category of the table.
var (
	localTaxKey      = regexp.MustCompile(`^[a-z][a-z0-9]*(-[a-z0-9]+)*$`)
	localTaxCategory = regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`)
)

// salesCategories are the rate categories of the sales taxes and VATs,
// which a local tax outside them may not use.
var salesCategories = []string{jurisdiction.General, jurisdiction.Reduced, jurisdiction.Reduced2, jurisdiction.SuperReduced,
	jurisdiction.Parking, jurisdiction.Food, jurisdiction.Drugs}

// readLocalTaxes reads and checks the table: known states and classes, a
// first day, a citation, one key and one category per tax, and no two
// rows of a jurisdiction, tax and class that overlap.
func readLocalTaxes(g *gen) ([]localTaxRow, error) {
	return readTaxTable(g, localTaxesSrc, "US", "state")
}

// readTaxTable reads a table of taxes outside the sales tax of country (US
// or CA), whose rows name their state or province in column place: the US
// table of local and state taxes, or Canada's table of provincial taxes
// (ca-provincial-taxes.csv), whose rows are levied by the province's own
// jurisdiction only, since Levy knows no Canadian municipality.
func readTaxTable(g *gen, file, country, place string) ([]localTaxRow, error) {
	name := curatedRef + file
	t, err := readLineTable(g.curatedFile(file), name,
		place, "jurisdiction", "key", "tax", "category", "classes", "rate", "effective", "expiration", "citation", "decision")
	if err != nil {
		return nil, err
	}
	states := subdivisionsOf(country)
	keyOf := map[string]string{}      // jurisdiction + tax -> key
	categoryOf := map[string]string{} // jurisdiction + tax -> category
	var out []localTaxRow
	for i := range t.rows {
		at := t.refs[i]
		r := localTaxRow{state: t.get(i, place), juris: t.get(i, "jurisdiction"), key: t.get(i, "key"), tax: t.get(i, "tax"),
			category: t.get(i, "category"), classes: strings.Fields(t.get(i, "classes")), citation: t.get(i, "citation"),
			decision: t.get(i, "decision"), at: at}
		if _, ok := states[r.state]; !ok {
			return nil, at.errorf("unknown %s %q", place, r.state)
		}
		if !strings.HasPrefix(r.juris, country+"-") {
			return nil, at.errorf("jurisdiction %q is not a %s jurisdiction ID", r.juris, country)
		}
		if country != "US" && r.juris != country+"-"+r.state {
			return nil, at.errorf("jurisdiction %q: a row of %s is levied by the %s's own jurisdiction, %s-%s", r.juris, file, place, country, r.state)
		}
		if !localTaxKey.MatchString(r.key) {
			return nil, at.errorf("key %q is not lower-case words joined by -", r.key)
		}
		if r.tax == "" || r.tax == string(jurisdiction.SalesTax) {
			return nil, at.errorf("tax %q: a local tax of this table is an imposition of its own, not the sales tax", r.tax)
		}
		if !localTaxCategory.MatchString(r.category) || slices.Contains(salesCategories, r.category) {
			return nil, at.errorf("category %q: a local tax has a category of its own (lower-case words joined by _), not a sales tax category", r.category)
		}
		id := r.juris + "\x00" + r.tax
		if k, ok := keyOf[id]; ok && k != r.key {
			return nil, at.errorf("%s %s has key %q and %q", r.juris, r.tax, k, r.key)
		}
		if c, ok := categoryOf[id]; ok && c != r.category {
			return nil, at.errorf("%s %s has category %q and %q", r.juris, r.tax, c, r.category)
		}
		keyOf[id], categoryOf[id] = r.key, r.category
		if len(r.classes) == 0 {
			return nil, at.errorf("no classes: the tax reaches no product class")
		}
		for _, c := range r.classes {
			if !productClass(c) {
				return nil, at.errorf("unknown product class %q", c)
			}
		}
		if r.rate, err = RateFraction(t.get(i, "rate")); err != nil {
			return nil, at.errorf("%v", err)
		}
		if r.rate.IsNegative() || r.rate.GreaterThan(decimal.NewFromInt(1)) {
			return nil, at.errorf("rate %s is not a fraction between 0 and 1", r.rate)
		}
		r.rate = money.TrimZeros(r.rate)
		// A state's own tax may lack its first day (a tax older than the
		// sources found): the row applies to every earlier day, as a row
		// of the matrix without one does. A local tax needs it.
		stateTax := r.juris == country+"-"+r.state
		if r.period.Effective, err = ParseDate(t.get(i, "effective")); err != nil || r.period.Effective.IsZero() && !stateTax {
			return nil, at.errorf("effective %q: a local tax row needs its first day (YYYY-MM-DD)", t.get(i, "effective"))
		}
		if r.period.Expiration, err = ParseDate(t.get(i, "expiration")); err != nil {
			return nil, at.errorf("expiration: %v", err)
		}
		if !r.period.Expiration.IsZero() && r.period.Expiration.Before(r.period.Effective) {
			return nil, at.errorf("expiration %s is before effective %s", r.period.Expiration, r.period.Effective)
		}
		if r.citation == "" {
			return nil, at.errorf("no citation")
		}
		out = append(out, r)
	}
	for i, a := range out {
		for _, b := range out[:i] {
			if a.juris == b.juris && a.tax == b.tax && a.period.Overlaps(b.period) {
				for _, c := range a.classes {
					if slices.Contains(b.classes, c) {
						return nil, a.at.errorf("%s %s %s overlaps %s", a.juris, a.tax, c, b.at)
					}
				}
			}
		}
	}
	return out, nil
}

// addLocalTaxes adds the rates of the table to the jurisdictions of the
// local content: each jurisdiction must be one that its state's builder
// defined.
func (L *usLocal) addLocalTaxes(rows []localTaxRow) error {
	for _, r := range rows {
		s := L.states[r.state]
		// The state's own jurisdiction may levy a tax of the table too (a
		// statewide tax on lodging on top of the sales tax); its rates are
		// the state's, beside its sales tax.
		if s == nil || !s.juris[r.juris] && r.juris != "US-"+r.state {
			return r.at.errorf("%s is neither %s nor a local jurisdiction of its content", r.juris, r.state)
		}
		err := L.b.addRate(jurisdiction.Rate{Jurisdiction: r.juris, Tax: jurisdiction.Tax(r.tax), Category: r.category,
			Value: r.rate, Period: r.period, Source: srcLocalTaxes})
		if err != nil {
			return r.at.errorf("%v", err)
		}
	}
	L.localTaxes = rows
	L.g.addSource(Source{
		Key:   srcLocalTaxes,
		Files: curatedRef + localTaxesSrc,
		What: "US taxes outside the sales tax that reach some product classes only: the states' own taxes on lodging (Hawaii's " +
			"Transient Accommodations Tax, New Hampshire's Meals and Rooms Tax, the Texas Hotel Occupancy Tax and others) and the cities' " +
			"(Chicago's Personal Property Lease Transaction Tax on software used remotely, its Amusement Tax on streaming): their rates by " +
			"period, the classes they reach, each row with the statute, ordinance, ruling or department publication it follows and the " +
			"exemptions left to the user",
		From:    "the statutes, ordinances, rulings and department publications cited in each row (curated by the Levy project)",
		Licence: "public government information",
	})
	return nil
}

// localTaxRecords expands the rows into one record per class, named by
// the jurisdictions' names, sorted as the taxability file keeps them.
func localTaxRecords(rows []localTaxRow, name func(id string) (string, bool)) ([]data.LocalTax, error) {
	var out []data.LocalTax
	for _, r := range rows {
		n, ok := name(r.juris)
		if !ok {
			return nil, r.at.errorf("no jurisdiction %s in the dataset", r.juris)
		}
		for _, c := range r.classes {
			out = append(out, data.LocalTax{State: r.state, Jurisdiction: r.juris, Name: n, Key: r.key, Tax: r.tax,
				Category: r.category, Class: c, Rate: r.rate, Period: r.period, Citation: r.citation, Decision: r.decision})
		}
	}
	slices.SortFunc(out, func(a, b data.LocalTax) int {
		return cmp.Or(strings.Compare(a.Jurisdiction, b.Jurisdiction), strings.Compare(a.Tax, b.Tax),
			strings.Compare(a.Class, b.Class), a.Effective.Compare(b.Effective))
	})
	return out, nil
}

// checkLocalTaxRates checks the records against the rates of the emitted
// jurisdictions file: the jurisdiction has a rate of the tax and category
// for exactly the record's period, at the record's rate.
func checkLocalTaxRates(recs []data.LocalTax, juris *data.Jurisdictions) error {
	for _, x := range recs {
		found := false
		for _, r := range juris.Rates(x.Jurisdiction) {
			if string(r.Tax) == x.Tax && r.Category == x.Category && r.Period == x.Period {
				if !r.Value.Equal(x.Rate) {
					return fmt.Errorf("%s %s %s from %s: the table says %s, the jurisdictions file %s", x.Jurisdiction, x.Tax, x.Class, x.Effective, x.Rate, r.Value)
				}
				found = true
			}
		}
		if !found {
			return fmt.Errorf("%s %s %s from %s: no rate of category %s for the period in the jurisdictions file", x.Jurisdiction, x.Tax, x.Class, x.Effective, x.Category)
		}
	}
	return nil
}

// localTaxNames lists what the table holds, for the generator's log.
func localTaxNames(rows []localTaxRow) string {
	set := map[string]bool{}
	for _, r := range rows {
		set[r.juris+" "+r.tax] = true
	}
	return strings.Join(slices.Sorted(maps.Keys(set)), "; ")
}

// checkStateLevelTaxes refuses a tax of the table levied by a state's own
// jurisdiction (Hawaii's transient accommodations tax) on a class whose
// cell of the US matrix gives the state a rate of its own: the state's
// rule with that rate decides every imposition of the state's
// jurisdiction, and would charge it in place of the tax's own rate.
func checkStateLevelTaxes(recs []data.LocalTax, cells []usCell) error {
	for _, x := range recs {
		if !x.StateTax() {
			continue
		}
		for _, c := range cells {
			if c.state == x.State && c.class == x.Class && c.spec.rate != nil && c.period.Overlaps(x.Period) {
				return fmt.Errorf("%s %s %s from %s: the state's cell of %s gives a rate of its own (%s), which would replace the tax's",
					x.Jurisdiction, x.Tax, x.Class, x.Effective, x.Class, c.sources)
			}
		}
	}
	return nil
}
