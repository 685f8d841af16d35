package datagen

import (
	"cmp"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"testing/fstest"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/internal/binfmt"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/rules"
	"github.com/shopspring/decimal"
)

// The taxability file: its name, binfmt kind and format version. The
// reader in package data must agree.
const (
	taxFile    = "taxability.lvd"
	taxKind    = "taxability"
	taxVersion = 12
)

// The inputs of the taxability step: compiled sources under --src and
// curated tables under internal/datagen/curated.
const (
	taxabilitySrc  = "rates/us-states/taxability.csv"
	holidaysSrc    = "rates/us-states/holidays-2026.csv"
	shippingSrc    = "rates/us-states/shipping.csv"
	taxCorrections = "us-taxability-corrections.csv"
	// holidayFixes corrects rows of holidaysSrc, each with its source.
	holidayFixes   = "us-holiday-corrections.csv"
	productClasses = "vat-product-classes.csv"
)

// usAmountCurrency is the currency of every amount of the US tables
// (the state matrix's thresholds, the holidays' caps per item): their
// sources give them in US dollars, as the states' statutes do. The
// file states it beside each amount, as it states the currency of a
// province's threshold that the curated table names.
const usAmountCurrency = "USD"

// taxNoStart is the source's way of writing "in force as of now, start not
// known"; it becomes the zero Date.
const taxNoStart = "1900-01-01"

// taxRow is one row of state taxability, from the source or a correction.
type taxRow struct {
	state, category string
	taxable         bool
	rate, threshold *decimal.Decimal
	kind            string
	period          civil.Period
	citation        string
	at              lineRef
}

// holidayRow is one sales tax holiday.
type holidayRow struct {
	state, name string
	period      civil.Period
	categories  []string
	max         *decimal.Decimal
	citation    string
	// localNote and notTaking are the holiday's local taxes, from the
	// curated table of holidayLocalsSrc (see holiday_locals.go).
	localNote string
	notTaking []data.HolidayLocality
	at        lineRef
}

// shippingRow is one state's rule for shipping and handling charges.
type shippingRow struct {
	state, rule, handling string
}

// classRow is one row of the curated VAT/GST product class table.
type classRow struct {
	country, class, treatment, category string
	// tax is the provincial tax that a Canadian province's row decides
	// (PST, QST or HST), or the one tax of several of a country that a
	// country's row decides (Malaysia's Sales Tax or Service Tax); "" on
	// a country's row that decides every tax of the country.
	tax  string
	rate *decimal.Decimal
	// threshold, on a province's exempt row, is the per-item price that
	// limits the exemption as thresholdKind says (rules.ThresholdKind):
	// Manitoba's children's clothing of $150 or less; nil without one.
	// thresholdCurrency is the ISO 4217 code of threshold, the
	// province's currency, from the row's threshold_currency column.
	threshold         *decimal.Decimal
	thresholdKind     string
	thresholdCurrency string
	// thresholdRate, on a row whose thresholdKind is up_to_rate, is the
	// rate of an item whose price is at or below threshold, on its whole
	// price; a dearer item bears the row's treatment (India's GST on
	// garments: 5% on a piece of Rs 2,500 or less, 18% above); nil
	// otherwise.
	thresholdRate *decimal.Decimal
	// thresholdWith, on a row whose thresholdKind is
	// document_up_to_exempt, names the classes of which the document
	// must hold a line that the same limit reaches by a row without
	// thresholdWith for a line of this row to count and be exempt (the
	// threshold_with column, classes separated by spaces: Ontario's soft
	// drinks beside PREPARED_FOOD); nil otherwise.
	thresholdWith []string
	// period is when the row is in force; rows of one country and class
	// do not overlap.
	period   civil.Period
	citation string
	at       lineRef
}

// genTaxability builds taxability.lvd: the US matrix of states and
// product classes (see taxability_us.go), the 2026 sales tax holidays, the
// states' rules for shipping charges and the VAT/GST treatment of Levy's
// product classes. It reads jurisdictions.lvd, written by an earlier step,
// to check the rate categories that the product classes name.
func genTaxability(g *gen) error {
	states := usTaxStates()
	rows, fixes, notes, err := usTaxRows(g)
	if err != nil {
		return err
	}
	for _, n := range notes {
		g.log.Info("taxability correction", "change", n)
	}
	cells, open, err := usMatrix(g, rows)
	if err != nil {
		return err
	}
	if len(open) > 0 {
		return errors.New(formatDisagreements(open))
	}
	holidays, err := readHolidays(g.srcFile(holidaysSrc), holidaysSrc, states)
	if err != nil {
		return err
	}
	fixedHolidays, err := readHolidays(g.curatedFile(holidayFixes), curatedRef+holidayFixes, states)
	if err != nil {
		return err
	}
	if holidays, err = correctHolidays(holidays, fixedHolidays); err != nil {
		return err
	}
	shipping, err := readShipping(g.srcFile(shippingSrc), shippingSrc, states)
	if err != nil {
		return err
	}
	for _, r := range rows {
		if _, ok := shipping[r.state]; !ok {
			return fmt.Errorf("%s: no row for %s, which %s has", shippingSrc, r.state, taxabilitySrc)
		}
	}
	juris, err := emittedJurisdictions(g)
	if err != nil {
		return err
	}
	classes, standard, err := readProductClasses(g.curatedFile(productClasses), curatedRef+productClasses, juris)
	if err != nil {
		return err
	}
	currencies, err := codesReadCurrencies(g.path(codesCurrenciesFile))
	if err != nil {
		return err
	}
	if err := checkThresholdCurrencies(classes, currencies); err != nil {
		return err
	}
	taxRows, err := readLocalTaxes(g)
	if err != nil {
		return err
	}
	caRows, err := readCAProvincialTaxes(g)
	if err != nil {
		return err
	}
	// The Canadian provinces' taxes are records of the same list, after
	// the US ones (localTaxRecords sorts by jurisdiction).
	local, err := localTaxRecords(append(slices.Clone(taxRows), caRows...), func(id string) (string, bool) {
		j, ok := juris.ByID(id)
		return j.Name, ok
	})
	if err != nil {
		return err
	}
	if err := checkLocalTaxRates(local, juris); err != nil {
		return err
	}
	if err := checkStateLevelTaxes(local, cells); err != nil {
		return err
	}
	elections, err := readLocalElections(g)
	if err != nil {
		return err
	}
	if cells, err = attachElections(cells, elections, namedIn(juris)); err != nil {
		return err
	}
	holidayLocals, err := readHolidayLocals(g)
	if err != nil {
		return err
	}
	if holidays, err = attachHolidayLocals(holidays, holidayLocals, namedIn(juris), func(id string, d civil.Date) (decimal.Decimal, bool) {
		for _, r := range juris.RatesOn(id, d) {
			if r.Tax == jurisdiction.SalesTax && r.Category == jurisdiction.General {
				return r.Value, true
			}
		}
		return decimal.Decimal{}, false
	}); err != nil {
		return err
	}
	lacking, err := readLacking(g, juris)
	if err != nil {
		return err
	}
	if err := checkLacking(lacking, taxRows, cells); err != nil {
		return err
	}
	caLacking, err := readCAProvincialLacking(g, juris)
	if err != nil {
		return err
	}
	if err := checkLacking(caLacking, caRows, nil); err != nil {
		return err
	}
	lacking = sortLacking(append(lacking, caLacking...))
	out, err := encodeTaxability(cells, holidays, shipping, classes, local, lackingRecords(lacking))
	if err != nil {
		return err
	}
	g.emit(taxFile, out)
	doc, err := taxabilityMarkdown(out)
	if err != nil {
		return fmt.Errorf("read back %s: %w", taxFile, err)
	}
	g.doc("TAXABILITY.md", doc)
	g.log.Info("taxability", "state cells", len(cells), "corrections", len(fixes), "holidays", len(holidays),
		"shipping rules", len(shipping), "product class rules", len(classes), "standard rows", standard, "local tax rows", len(local),
		"lacking tax rows", len(lacking))

	g.addSource(Source{
		Key:   "us-taxability",
		Files: taxabilitySrc,
		What: "whether each state (50, DC and PR) taxes six product categories (general, groceries, prepared_food, clothing, prescription_drugs, digital_goods), " +
			"replacement state rates in percent (stored as fractions), per-item clothing thresholds with their semantics and the statutes cited. " +
			"The source's start date 1900-01-01 (\"as of now\") is stored as no start; citations are tidied (cut-off fragments, repeated parts, " +
			"stray trailing punctuation and unbalanced parentheses dropped). Rows that the curated corrections replace are not taken",
		From:    "OpenSalesTax compilation of the states' statutes and revenue department publications",
		Licence: "Apache-2.0 (compilation of public facts)",
	})
	g.addSource(Source{
		Key:   "us-taxability-taxlocus",
		Files: taxlocusTaxability,
		What: "whether each state with a sales tax (45 and DC) taxes about 43 product categories, with a treatment (taxable, exempt, reduced_rate, " +
			"conditional, needs_research) and conditions; read into the US matrix of Levy's product classes as internal/datagen/curated/us-taxability/README.md says. " +
			"The rows carry no dates: a cell read from them is recorded as in force on the refresh (its as-of day), its start not known",
		From:        "TaxLocus open sales-tax dataset (taxlocus.com, Ringzero787/taxlocus-data), refresh of 2026-08-18",
		Licence:     "CC BY 4.0",
		Attribution: "Sales-tax data by TaxLocus (https://taxlocus.com), licensed under CC BY 4.0.",
	})
	g.addSource(Source{
		Key:   "us-taxability-decisions",
		Files: curatedRef + taxDecisions + "/*.csv",
		What: fmt.Sprintf("the cells of the US matrix that the sources leave open or disagree on, each decided from the state's statute or revenue department "+
			"publication, with its dates, citation and the reason; %d cells decided, %d listed as unsettled", countStatus(cells, statusDecided), countStatus(cells, statusUnsettled)),
		From:    "the statutes and publications cited in each row (curated by the Levy project)",
		Licence: "public government information",
	})
	g.addSource(Source{
		Key:   "us-local-elections",
		Files: curatedRef + localElectionsSrc,
		What: fmt.Sprintf("the local jurisdictions whose taxes follow a state's exemption where the state lets each county or city choose "+
			"(New York's clothing and footwear under $110, Tax Law 1210(a)), with the classes, the period and the publication that lists them; %d rows", len(elections)),
		From:    "the department publications and local laws cited in each row (curated by the Levy project)",
		Licence: "public government information",
	})
	g.addSource(Source{
		Key:   "us-tax-holidays-locals",
		Files: curatedRef + holidayLocalsSrc,
		What: "how the local sales taxes of each state's holidays take part: a note per state on its law (localities opt in, may opt out, or follow by law) " +
			"and the localities whose sales tax goes on applying to a holiday's goods, in whole or in part, each with the publication that lists it and its day; " +
			holidayLocalsSummary(holidayLocals),
		From:    "the revenue department publications and statutes cited in each row, secondary sources flagged as such (curated by the Levy project)",
		Licence: "public government information",
	})
	g.addSource(Source{
		Key:     "us-taxability-corrections",
		Files:   curatedRef + taxCorrections,
		What:    "corrections of " + taxabilitySrc + " rows that are out of date or wrong, each row with the statute it follows: " + strings.Join(notes, "; "),
		From:    "the statutes and public acts cited in each row (curated by the Levy project)",
		Licence: "public government information",
	})
	g.addSource(Source{
		Key:     "us-tax-holidays-2026",
		Files:   holidaysSrc,
		What:    "the 2026 sales tax holidays: state, name, first and last day, the product categories covered, the per-item cap and the statute cited",
		From:    "OpenSalesTax compilation of the states' revenue department announcements",
		Licence: "Apache-2.0 (compilation of public facts)",
	})
	g.addSource(Source{
		Key:   "us-tax-holidays-corrections",
		Files: curatedRef + holidayFixes,
		What: "corrections of " + holidaysSrc + ": a row of the same state and name replaces the compiled one, a new name adds a holiday, " +
			"a row whose categories are " + holidayNotHeld + " drops a compiled holiday that does not take place; " +
			"a row with no categories is a holiday over most goods (Massachusetts's), which Levy applies to the built-in goods classes that its state taxes at its general rate, on the whole price or on the excess over a per-item exemption (Massachusetts's clothing, whose year-round rule an item above the holiday's cap keeps); " +
			"a cap written \"less than\" in the statute is the cent below it, since a holiday's cap is inclusive",
		From:    "the statutes and revenue department publications cited in each row (curated by the Levy project)",
		Licence: "public government information",
	})
	g.addSource(Source{
		Key:     "us-shipping",
		Files:   shippingSrc,
		What:    "how each state taxes shipping charges (none, exempt_if_separately_stated, conditional, always_taxable) and handling charges where they differ",
		From:    "OpenSalesTax compilation of the states' revenue department publications",
		Licence: "Apache-2.0 (compilation of public facts)",
	})
	g.addSource(Source{
		Key:   "us-local-lacking",
		Files: curatedRef + lackingSrc,
		What: "the taxes of US jurisdictions that Levy knows of and does not compute (Denver's sales and use tax on software used remotely, " +
			"Chicago's lease tax on data processing, hosting and leases of goods, its amusement tax on online games and paid television, its social media tax, " +
			"Washington's and Seattle's business and occupation taxes): the classes and transactions each reaches, its period, what Levy does instead " +
			"and the ordinance, code or publication cited; responses name the tax on the lines it reaches",
		From:    "the ordinances, codes and department publications cited in each row (curated by the Levy project)",
		Licence: "public government information",
	})
	g.addSource(Source{
		Key:   "vat-product-classes",
		Files: curatedRef + productClasses,
		What: "the VAT/GST treatment (reduced rate category, a rate of its own, zero-rated or exempt) of Levy's product classes in the EU-27, GB, the Isle of Man, Switzerland, Liechtenstein, Norway, Iceland, Japan, Canada, Australia, New Zealand, Mexico and Korea, " +
			"India (before and after its rate rationalisation of 2025-09-22), China, Vietnam, Russia, Turkey, South Africa, Indonesia, Saudi Arabia, the UAE, " +
			"the Philippines, Thailand, Singapore, Argentina, Chile, Colombia, Nigeria, Ukraine, Kazakhstan, Serbia, North Macedonia, Costa Rica, Peru, the Dominican Republic, Kenya and Ecuador, " +
			"and the classes, mostly services, that the provincial sales taxes of British Columbia, Saskatchewan and Manitoba leave out (nontaxable) or exempt, " +
			"with a per-item price limit where the province gives one (Manitoba's children's clothing of $150 or less) and a rate of the province's own " +
			"where its tax has one for the class (British Columbia's PST of 8% on accommodation), " +
			"the goods whose HST provincial part Ontario, Nova Scotia, New Brunswick, Newfoundland and Labrador, Prince Edward Island and British Columbia (2010-2013) rebate at the point of sale (rows with tax HST), " +
			"each row with the statute or tax authority page it follows and, where the treatment changed, its period (Romania's food at 9% until 2025-07-31 and 11% after, " +
			"Czechia's and Finland's classes before and after their reforms of 2024 and 2025); the rate category of every reduced row is checked against the rates of the dataset " +
			"on the row's last day (or among the current rates), and that rate against the table's rate where one is given; a row with a rate of its own stands for a reduced rate " +
			"that the rate sources give under no stable category (Estonia's 9%) and for every reduced rate outside the EU (Switzerland's 2.5% and 2.6%). Rows with the standard rate document what was checked and are not stored",
		From:    "the statutes and tax authority pages cited in each row (curated by the Levy project)",
		Licence: "public government information",
	})
	return nil
}

// lineRef names a line of an input file in errors and notes.
type lineRef struct {
	file string
	line int
}

func (l lineRef) String() string { return fmt.Sprintf("%s:%d", l.file, l.line) }

// errorf returns an error that names the line.
func (l lineRef) errorf(format string, args ...any) error {
	return fmt.Errorf("%s: %s", l, fmt.Sprintf(format, args...))
}

// lineTable is a CSV file with a header, read whole, that remembers the
// line of each record.
type lineTable struct {
	name string
	cols map[string]int
	rows [][]string
	refs []lineRef
}

// readLineTable reads a CSV file with a header row and checks that it has
// the wanted columns; name is how errors call the file.
func readLineTable(path file, name string, want ...string) (*lineTable, error) {
	f, err := path.fsys.Open(path.name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := csv.NewReader(f)
	head, err := r.Read()
	if err != nil {
		return nil, fmt.Errorf("%s: header: %w", name, err)
	}
	t := &lineTable{name: name, cols: map[string]int{}}
	for i, h := range head {
		t.cols[strings.TrimPrefix(strings.TrimSpace(h), "\ufeff")] = i
	}
	for _, w := range want {
		if _, ok := t.cols[w]; !ok {
			return nil, fmt.Errorf("%s: no column %q", name, w)
		}
	}
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		line, _ := r.FieldPos(0)
		t.rows = append(t.rows, rec)
		t.refs = append(t.refs, lineRef{name, line})
	}
	return t, nil
}

// get returns column col of record i, trimmed.
func (t *lineTable) get(i int, col string) string {
	return strings.TrimSpace(t.rows[i][t.cols[col]])
}

// opt returns column col of record i, trimmed, or "" when the table has
// no such column.
func (t *lineTable) opt(i int, col string) string {
	k, ok := t.cols[col]
	if !ok {
		return ""
	}
	return strings.TrimSpace(t.rows[i][k])
}

// usTaxStates returns the postal codes of the US states, DC and
// territories.
func usTaxStates() map[string]jurisdiction.Subdivision { return subdivisionsOf("US") }

// subdivisionsOf returns the subdivisions of country by their codes: the
// US states, DC and territories by postal code, Canada's provinces and
// territories ("QC").
func subdivisionsOf(country string) map[string]jurisdiction.Subdivision {
	out := map[string]jurisdiction.Subdivision{}
	for _, s := range jurisdiction.Subdivisions() {
		if s.Country == country {
			out[s.Code] = s
		}
	}
	return out
}

// usTaxCategory reports whether c is a product category of the state
// taxability table.
func usTaxCategory(c string) bool {
	switch c {
	case "general", "groceries", "prepared_food", "clothing", "prescription_drugs", "digital_goods":
		return true
	}
	return false
}

// readTaxRows reads the source taxability table or the curated
// corrections, which have the same columns. Corrections must cite their
// source; the compiled source's citations are tidied.
func readTaxRows(path file, name string, states map[string]jurisdiction.Subdivision, curated bool) ([]taxRow, error) {
	t, err := readLineTable(path, name, "state", "category", "is_taxable", "rate_modifier", "threshold",
		"threshold_semantic", "effective_from", "effective_to", "citation")
	if err != nil {
		return nil, err
	}
	out := make([]taxRow, 0, len(t.rows))
	for i := range t.rows {
		at := t.refs[i]
		r := taxRow{state: t.get(i, "state"), category: t.get(i, "category"), kind: t.get(i, "threshold_semantic"), at: at}
		if _, ok := states[r.state]; !ok {
			return nil, at.errorf("unknown state code %q", r.state)
		}
		if !usTaxCategory(r.category) {
			return nil, at.errorf("unknown category %q", r.category)
		}
		switch v := t.get(i, "is_taxable"); v {
		case "true":
			r.taxable = true
		case "false":
		default:
			return nil, at.errorf("is_taxable is %q, want true or false", v)
		}
		if v := t.get(i, "rate_modifier"); v != "" {
			d, err := ratePercent(v)
			if err != nil {
				return nil, at.errorf("%v", err)
			}
			if d.IsNegative() || d.GreaterThan(decimal.NewFromInt(1)) {
				return nil, at.errorf("rate_modifier %s%% is out of range", v)
			}
			if !r.taxable {
				return nil, at.errorf("rate_modifier on a row that is not taxable")
			}
			d = money.TrimZeros(d)
			r.rate = &d
		}
		if v := t.get(i, "threshold"); v != "" {
			d, err := decimal.NewFromString(v)
			if err != nil || !d.IsPositive() {
				return nil, at.errorf("bad threshold %q", v)
			}
			d = money.TrimZeros(d)
			r.threshold = &d
		}
		switch {
		case r.threshold != nil && r.kind == "":
			return nil, at.errorf("threshold without a threshold_semantic")
		case r.threshold == nil && r.kind != "":
			return nil, at.errorf("threshold_semantic %q without a threshold", r.kind)
		case r.kind != "" && r.kind != "below_exempt" && r.kind != "above_excess":
			return nil, at.errorf("threshold_semantic is %q, want below_exempt or above_excess", r.kind)
		case r.threshold != nil && !r.taxable:
			return nil, at.errorf("threshold on a row that is not taxable")
		}
		if v := t.get(i, "effective_from"); v != "" && v != taxNoStart {
			if r.period.Effective, err = civil.Parse(v); err != nil {
				return nil, at.errorf("effective_from: %v", err)
			}
		}
		if r.period.Expiration, err = ParseDate(t.get(i, "effective_to")); err != nil {
			return nil, at.errorf("effective_to: %v", err)
		}
		if !r.period.Effective.IsZero() && !r.period.Expiration.IsZero() && r.period.Expiration.Before(r.period.Effective) {
			return nil, at.errorf("ends on %s before it starts on %s", r.period.Expiration, r.period.Effective)
		}
		r.citation = t.get(i, "citation")
		if curated {
			if r.citation == "" {
				return nil, at.errorf("a correction needs a citation")
			}
		} else {
			r.citation = cleanCitation(r.citation)
		}
		out = append(out, r)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no rows", name)
	}
	return out, nil
}

// taxKey is a state and a product category.
type taxKey struct{ state, category string }

// sameTaxValues reports whether two rows say the same thing, dates and
// citations aside.
func sameTaxValues(a, b taxRow) bool {
	eq := func(x, y *decimal.Decimal) bool { return x == nil && y == nil || x != nil && y != nil && x.Equal(*y) }
	return a.taxable == b.taxable && eq(a.rate, b.rate) && eq(a.threshold, b.threshold) && a.kind == b.kind
}

// applyTaxCorrections replaces, for every state and category that the
// corrections name, the source rows by the correction rows. Every
// correction must overlap a source row of its state and category, and the
// corrections must span those source rows without gaps, so nothing is
// dropped silently. It returns the rows and a note for each correction
// that says which source row it ends or replaces.
func applyTaxCorrections(rows, fixes []taxRow) ([]taxRow, []string, error) {
	bySource := map[taxKey][]taxRow{}
	for _, r := range rows {
		k := taxKey{r.state, r.category}
		bySource[k] = append(bySource[k], r)
	}
	byFix := map[taxKey][]taxRow{}
	var order []taxKey
	for _, f := range fixes {
		k := taxKey{f.state, f.category}
		if _, ok := byFix[k]; !ok {
			order = append(order, k)
		}
		byFix[k] = append(byFix[k], f)
	}
	var notes []string
	for _, k := range order {
		src := bySource[k]
		if len(src) == 0 {
			return nil, nil, byFix[k][0].at.errorf("%s %s: no source row to correct", k.state, k.category)
		}
		for _, f := range byFix[k] {
			var hit []taxRow
			for _, s := range src {
				if s.period.Overlaps(f.period) {
					hit = append(hit, s)
				}
			}
			if len(hit) == 0 {
				return nil, nil, f.at.errorf("%s %s: the correction overlaps no source row", k.state, k.category)
			}
			for _, s := range hit {
				verb := "replaces " + s.at.String()
				if sameTaxValues(s, f) && !f.period.Expiration.IsZero() {
					verb = "ends " + s.at.String() + " on " + f.period.Expiration.String()
				} else if !f.period.Effective.IsZero() {
					verb += " from " + f.period.Effective.String()
				}
				notes = append(notes, fmt.Sprintf("%s %s: line %d %s", k.state, k.category, f.at.line, verb))
			}
		}
		if err := checkCoverage(k, src, byFix[k]); err != nil {
			return nil, nil, err
		}
	}
	out := make([]taxRow, 0, len(rows)+len(fixes))
	for _, r := range rows {
		if _, fixed := byFix[taxKey{r.state, r.category}]; !fixed {
			out = append(out, r)
		}
	}
	out = append(out, fixes...)
	slices.SortStableFunc(out, func(a, b taxRow) int {
		return cmp.Or(strings.Compare(a.state, b.state), strings.Compare(a.category, b.category), a.period.Effective.Compare(b.period.Effective))
	})
	return out, notes, nil
}

// checkCoverage checks that the corrections of a state and category follow
// each other without gaps and span every day of the source rows they
// replace, so that no day loses its row.
func checkCoverage(k taxKey, src, fixes []taxRow) error {
	fx := slices.Clone(fixes)
	slices.SortStableFunc(fx, func(a, b taxRow) int { return a.period.Effective.Compare(b.period.Effective) })
	for i := 1; i < len(fx); i++ {
		p, f := fx[i-1].period, fx[i].period
		if p.Expiration.IsZero() || p.Expiration.AddDays(1) != f.Effective {
			return fx[i].at.errorf("%s %s: does not start the day after %s ends", k.state, k.category, fx[i-1].at)
		}
	}
	first, last := fx[0].period, fx[len(fx)-1].period
	for _, s := range src {
		if !first.Effective.IsZero() && (s.period.Effective.IsZero() || s.period.Effective.Before(first.Effective)) {
			return s.at.errorf("%s %s: corrected from %s only, which leaves earlier days of this row without a row", k.state, k.category, first.Effective)
		}
		if !last.Expiration.IsZero() && (s.period.Expiration.IsZero() || s.period.Expiration.After(last.Expiration)) {
			return s.at.errorf("%s %s: corrected until %s only, which leaves later days of this row without a row", k.state, k.category, last.Expiration)
		}
	}
	return nil
}

// checkTaxRows checks the sorted final rows: no two rows of a state and
// category overlap, and every state and DC has a general row.
func checkTaxRows(rows []taxRow, states map[string]jurisdiction.Subdivision) error {
	general := map[string]bool{}
	for i, r := range rows {
		if r.category == "general" {
			general[r.state] = true
		}
		if i == 0 {
			continue
		}
		p := rows[i-1]
		if p.state == r.state && p.category == r.category && p.period.Overlaps(r.period) {
			return r.at.errorf("%s %s: duplicate row, overlaps %s", r.state, r.category, p.at)
		}
	}
	for code, s := range states {
		if s.Type == jurisdiction.State && !general[code] {
			return fmt.Errorf("%s: no general row for %s", taxabilitySrc, code)
		}
	}
	return nil
}

// holidayCategory matches a category of a holiday.
var holidayCategory = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

// readHolidays reads the sales tax holidays, sorted by state, first day
// and name.
func readHolidays(path file, name string, states map[string]jurisdiction.Subdivision) ([]holidayRow, error) {
	t, err := readLineTable(path, name, "state", "name", "starts_on", "ends_on", "categories", "max_amount_per_item", "citation")
	if err != nil {
		return nil, err
	}
	seen := map[string]lineRef{}
	var out []holidayRow
	for i := range t.rows {
		at := t.refs[i]
		h := holidayRow{state: t.get(i, "state"), name: strings.Join(strings.Fields(t.get(i, "name")), " "), at: at}
		if _, ok := states[h.state]; !ok {
			return nil, at.errorf("unknown state code %q", h.state)
		}
		if h.name == "" {
			return nil, at.errorf("holiday without a name")
		}
		if prev, dup := seen[h.state+"|"+h.name]; dup {
			return nil, at.errorf("duplicate holiday %s %q (also %s)", h.state, h.name, prev)
		}
		seen[h.state+"|"+h.name] = at
		if h.period.Effective, err = civil.Parse(t.get(i, "starts_on")); err != nil {
			return nil, at.errorf("starts_on: %v", err)
		}
		if h.period.Expiration, err = civil.Parse(t.get(i, "ends_on")); err != nil {
			return nil, at.errorf("ends_on: %v", err)
		}
		if h.period.Expiration.Before(h.period.Effective) {
			return nil, at.errorf("ends on %s before it starts on %s", h.period.Expiration, h.period.Effective)
		}
		if v := t.get(i, "categories"); v != "" {
			for _, c := range strings.Split(v, "|") {
				c = strings.TrimSpace(c)
				if !holidayCategory.MatchString(c) {
					return nil, at.errorf("bad category %q", c)
				}
				if slices.Contains(h.categories, c) {
					return nil, at.errorf("category %q listed twice", c)
				}
				h.categories = append(h.categories, c)
			}
		}
		if v := t.get(i, "max_amount_per_item"); v != "" {
			d, err := decimal.NewFromString(v)
			if err != nil || !d.IsPositive() {
				return nil, at.errorf("bad max_amount_per_item %q", v)
			}
			d = money.TrimZeros(d)
			h.max = &d
		}
		h.citation = cleanCitation(t.get(i, "citation"))
		out = append(out, h)
	}
	slices.SortFunc(out, func(a, b holidayRow) int {
		return cmp.Or(strings.Compare(a.state, b.state), a.period.Effective.Compare(b.period.Effective), strings.Compare(a.name, b.name))
	})
	return out, nil
}

// holidayNotHeld is the categories of a correction that drops a compiled
// holiday: the holiday does not take place in the year (its law was
// repealed, or it was enacted for earlier years only).
const holidayNotHeld = "not_held"

// correctHolidays applies the curated corrections to the compiled
// holidays: a correction of the same state and name replaces the row, one
// of a new name adds a holiday, and one whose categories are
// holidayNotHeld drops the compiled row of its state and name (there must
// be one). Every correction must cite its source, and no compiled row may
// use holidayNotHeld. The result is sorted as readHolidays sorts.
func correctHolidays(holidays, fixes []holidayRow) ([]holidayRow, error) {
	at := make(map[string]int, len(holidays))
	for i, h := range holidays {
		if slices.Contains(h.categories, holidayNotHeld) {
			return nil, h.at.errorf("%s %q: category %s is only for a correction that drops a holiday", h.state, h.name, holidayNotHeld)
		}
		at[h.state+"|"+h.name] = i
	}
	out := slices.Clone(holidays)
	drop := map[int]bool{}
	for _, f := range fixes {
		if f.citation == "" {
			return nil, f.at.errorf("a correction of a holiday needs the citation of its source")
		}
		i, ok := at[f.state+"|"+f.name]
		switch {
		case slices.Contains(f.categories, holidayNotHeld) && len(f.categories) > 1:
			return nil, f.at.errorf("%s %q: %s drops the holiday and goes alone, not with other categories", f.state, f.name, holidayNotHeld)
		case slices.Contains(f.categories, holidayNotHeld) && !ok:
			return nil, f.at.errorf("%s %q: no compiled holiday of that state and name to drop", f.state, f.name)
		case slices.Contains(f.categories, holidayNotHeld):
			drop[i] = true
		case ok:
			out[i] = f
		default:
			out = append(out, f)
		}
	}
	kept := out[:0:0]
	for i, h := range out {
		if !drop[i] {
			kept = append(kept, h)
		}
	}
	slices.SortFunc(kept, func(a, b holidayRow) int {
		return cmp.Or(strings.Compare(a.state, b.state), a.period.Effective.Compare(b.period.Effective), strings.Compare(a.name, b.name))
	})
	return kept, nil
}

// shippingRule reports whether r is a rule for shipping charges.
func shippingRule(r string) bool {
	switch r {
	case "none", "exempt_if_separately_stated", "conditional", "always_taxable":
		return true
	}
	return false
}

// readShipping reads the states' rules for shipping and handling charges.
func readShipping(path file, name string, states map[string]jurisdiction.Subdivision) (map[string]shippingRow, error) {
	t, err := readLineTable(path, name, "state", "default_rule", "handling_rule")
	if err != nil {
		return nil, err
	}
	out := map[string]shippingRow{}
	for i := range t.rows {
		at := t.refs[i]
		s := shippingRow{state: t.get(i, "state"), rule: t.get(i, "default_rule"), handling: t.get(i, "handling_rule")}
		if _, ok := states[s.state]; !ok {
			return nil, at.errorf("unknown state code %q", s.state)
		}
		if _, dup := out[s.state]; dup {
			return nil, at.errorf("duplicate row for %s", s.state)
		}
		if !shippingRule(s.rule) {
			return nil, at.errorf("unknown default_rule %q", s.rule)
		}
		if s.handling != "" && !shippingRule(s.handling) {
			return nil, at.errorf("unknown handling_rule %q", s.handling)
		}
		out[s.state] = s
	}
	return out, nil
}

// emittedJurisdictions reads back the jurisdictions file that the rates
// step emitted, through package data.
func emittedJurisdictions(g *gen) (*data.Jurisdictions, error) {
	b, ok := g.files[jurisFile]
	if !ok {
		return nil, errors.New(jurisFile + " has not been generated yet: the rates step must run first")
	}
	return data.Open(fstest.MapFS{jurisFile: &fstest.MapFile{Data: b}}, Version).Jurisdictions()
}

// provincialSalesTax returns the sales tax that Canadian province id
// levies itself in the dataset (PST or QST), "" when it levies none (the
// HST provinces, whose tax is the GST's, and the territories).
func provincialSalesTax(juris *data.Jurisdictions, id string) jurisdiction.Tax {
	for _, r := range juris.Rates(id) {
		if r.Tax == jurisdiction.PST || r.Tax == jurisdiction.QST {
			return r.Tax
		}
	}
	return ""
}

// leviesOver reports why province id does not levy tax over the whole of
// period p in the dataset, "" when it does: the tax must be in force on
// the period's first day (when it has one) and its last (an open end
// needs a rate of the tax without an end), and on some day of it. A
// period without a first day starts when the tax does.
func leviesOver(juris *data.Jurisdictions, id string, tax jurisdiction.Tax, p civil.Period) string {
	var rates []jurisdiction.Rate
	for _, r := range juris.Rates(id) {
		if r.Tax == tax {
			rates = append(rates, r)
		}
	}
	if len(rates) == 0 {
		return fmt.Sprintf("%s levies no %s in the dataset", id, tax)
	}
	on := func(d civil.Date) bool {
		return slices.ContainsFunc(rates, func(r jurisdiction.Rate) bool { return r.Contains(d) })
	}
	switch {
	case !p.Effective.IsZero() && !on(p.Effective):
		return fmt.Sprintf("%s levies no %s on %s, the row's first day", id, tax, p.Effective)
	case !p.Expiration.IsZero() && !on(p.Expiration):
		return fmt.Sprintf("%s levies no %s on %s, the row's last day", id, tax, p.Expiration)
	case p.Expiration.IsZero() && !slices.ContainsFunc(rates, func(r jurisdiction.Rate) bool { return r.Expiration.IsZero() }):
		return fmt.Sprintf("%s levies no %s today, and the row has no last day", id, tax)
	case !slices.ContainsFunc(rates, func(r jurisdiction.Rate) bool {
		return r.Period.Overlaps(p)
	}):
		return fmt.Sprintf("%s levies no %s in the row's period", id, tax)
	}
	return ""
}

// productClass reports whether c is one of Levy's product classes.
func productClass(c string) bool {
	_, ok := rules.ClassOf(c)
	return ok
}

// reducedCategory reports whether c is a rate category that a reduced
// treatment may name.
func reducedCategory(c string) bool {
	switch c {
	case jurisdiction.Reduced, jurisdiction.Reduced2, jurisdiction.SuperReduced, jurisdiction.Parking:
		return true
	}
	return false
}

// readProductClasses reads the curated VAT/GST product class table and
// checks it against the dataset's rates: the country must have rates, the
// category of a reduced row must be one the country has now (an open-ended
// rate), and where the table gives a rate the category's current rate must
// equal it. Rows with the standard treatment are checked and counted but
// not returned. A row may name a Canadian province instead of a country:
// it decides one provincial tax alone, the one its tax column names (PST,
// QST or HST; empty for the province's own PST or QST), which the province
// must levy over the row's period (see leviesOver), and its treatment is
// nontaxable (outside the tax, as the services a province does not name),
// exempt (a PST's exemption, or a point-of-sale rebate of the HST's
// provincial part), standard, or rate: a rate of its own for that tax,
// other than the tax's general rate (British Columbia's PST of 8% on
// accommodation). A province's exempt row may give a per-item price
// limit in the threshold and threshold_kind columns (see
// readClassThreshold): Manitoba's children's clothing of $150 or less,
// or a limit on the document's total of the classes that share it
// (document_up_to_exempt): Ontario's prepared food of $4.00 or less. A country's row decides every tax of the
// country, or the one its tax column names, which the country must levy
// over the row's period: Malaysia's sales tax and service tax are two
// taxes that reach different classes, and such a row may be nontaxable
// too. Where the table has a row of a country of taxScopes, the classes
// outside a tax's scope that no row names for the tax get a nontaxable
// row of their own (scopeRows).
func readProductClasses(path file, name string, juris *data.Jurisdictions) ([]classRow, int, error) {
	t, err := readLineTable(path, name, "country", "tax", "product_class", "treatment", "category", "rate", "effective", "expiration", "citation")
	if err != nil {
		return nil, 0, err
	}
	var out []classRow
	var all []classRow // every row, the standard ones too, for the overlap check
	standard := 0
	for i := range t.rows {
		at := t.refs[i]
		c := classRow{
			country: t.get(i, "country"), class: t.get(i, "product_class"), treatment: t.get(i, "treatment"),
			category: t.get(i, "category"), citation: t.get(i, "citation"), at: at, tax: t.get(i, "tax"),
		}
		j, ok := juris.ByID(c.country)
		province := ok && j.Country == "CA" && j.Type != jurisdiction.Country
		levier := c.country // the jurisdiction that levies the tax the row decides
		switch {
		case province && c.tax == "":
			// A Canadian province's row decides its own sales tax alone
			// (the PST of British Columbia, Saskatchewan and Manitoba,
			// Quebec's QST), which reaches fewer services than the GST.
			own := provincialSalesTax(juris, c.country)
			if own == "" {
				return nil, 0, at.errorf("%s has no PST or QST in the dataset: a province's row decides that tax alone (name the HST in the tax column for its provincial part)", c.country)
			}
			c.tax = string(own)
		case province:
			// Or the tax the row names: the HST's provincial part, which
			// a province rebates at the point of sale on some goods.
			switch jurisdiction.Tax(c.tax) {
			case jurisdiction.PST, jurisdiction.QST, jurisdiction.HST:
			case jurisdiction.GST:
				// Or a rate of the GST of its own in the province: the
				// GST's effective rate on a class whose GST base holds a
				// provincial tax (Quebec's tax on lodging).
				if c.treatment != "rate" {
					return nil, 0, at.errorf("%s %s: a province's row of the GST is a rate row (the GST's rate of its own in the province), not %q", c.country, c.class, c.treatment)
				}
				levier = j.Parent
			default:
				return nil, 0, at.errorf("tax: %q is not PST, QST, HST or GST", c.tax)
			}
		case !ok || j.Type != jurisdiction.Country:
			return nil, 0, at.errorf("unknown country %q", c.country)
		}
		switch {
		case province && c.treatment != "nontaxable" && c.treatment != "exempt" && c.treatment != "standard" && c.treatment != "rate":
			return nil, 0, at.errorf("%s %s: a province's row is nontaxable, exempt or standard, or rate (a rate of its own for its tax), not %q", c.country, c.class, c.treatment)
		case !province && c.tax == "" && c.treatment == "nontaxable":
			return nil, 0, at.errorf("%s %s: only a Canadian province's row, or a country's row that names one of its taxes, is nontaxable (outside that tax)", c.country, c.class)
		}
		if !productClass(c.class) {
			return nil, 0, at.errorf("unknown product class %q", c.class)
		}
		if c.citation == "" {
			return nil, 0, at.errorf("%s %s: no citation", c.country, c.class)
		}
		if c.period.Effective, err = ParseDate(t.get(i, "effective")); err != nil {
			return nil, 0, at.errorf("effective: %v", err)
		}
		if c.period.Expiration, err = ParseDate(t.get(i, "expiration")); err != nil {
			return nil, 0, at.errorf("expiration: %v", err)
		}
		if !c.period.Effective.IsZero() && !c.period.Expiration.IsZero() && c.period.Expiration.Before(c.period.Effective) {
			return nil, 0, at.errorf("%s %s: expires %s before it starts %s", c.country, c.class, c.period.Expiration, c.period.Effective)
		}
		if c.tax != "" {
			if why := leviesOver(juris, levier, jurisdiction.Tax(c.tax), c.period); why != "" {
				return nil, 0, at.errorf("tax: %s %s: %s", c.country, c.class, why)
			}
		}
		for _, prev := range all {
			if prev.country == c.country && (prev.tax == c.tax || prev.tax == "" || c.tax == "") && prev.class == c.class && prev.period.Overlaps(c.period) {
				return nil, 0, at.errorf("%s %s: its period overlaps the row at %s", c.country, c.class, prev.at)
			}
		}
		all = append(all, c)
		if v := t.get(i, "rate"); v != "" {
			d, err := RateFraction(v)
			if err != nil {
				return nil, 0, at.errorf("%v", err)
			}
			c.rate = &d
		}
		if err := readClassThreshold(t, i, &c, province); err != nil {
			return nil, 0, err
		}
		// The category's rate is checked on the row's last day, or among
		// the rates still in force for a row without one.
		rates := map[string]decimal.Decimal{}
		for _, r := range juris.Rates(levier) {
			if (!province || levier != c.country) && c.tax != "" && r.Tax != jurisdiction.Tax(c.tax) {
				continue // the rates of the country's other taxes
			}
			if c.period.Expiration.IsZero() && r.Expiration.IsZero() || !c.period.Expiration.IsZero() && r.Contains(c.period.Expiration) {
				rates[r.Category] = r.Value
			}
		}
		if len(rates) == 0 {
			return nil, 0, at.errorf("%s has no rates in the dataset in the row's period", c.country)
		}
		switch c.treatment {
		case "reduced":
			if !reducedCategory(c.category) {
				return nil, 0, at.errorf("%s %s: reduced needs a category (reduced, reduced2, super_reduced or parking), not %q", c.country, c.class, c.category)
			}
			v, ok := rates[c.category]
			if !ok {
				return nil, 0, at.errorf("%s %s: %s has no %s rate in the dataset in the row's period", c.country, c.class, c.country, c.category)
			}
			if c.rate != nil && !c.rate.Equal(v) {
				return nil, 0, at.errorf("%s %s: the table says %s, but the dataset's %s rate of %s in the row's period is %s", c.country, c.class, c.rate, c.category, c.country, v)
			}
		case "rate":
			// A rate of its own, for a reduced rate that the rate sources
			// do not give under a category (Estonia's 9% since July 2025).
			if c.category != "" || c.rate == nil || !c.rate.IsPositive() || c.rate.GreaterThanOrEqual(decimal.NewFromInt(1)) {
				return nil, 0, at.errorf("%s %s: rate takes no category and a rate above 0 and below 1", c.country, c.class)
			}
			if province {
				// A province's rate of its own for the tax it decides
				// (British Columbia's PST of 8% on accommodation) must
				// differ from that tax's general rate on the row's last
				// day, or the row is standard.
				if v, ok := provinceGeneralRate(juris, levier, jurisdiction.Tax(c.tax), c.period); ok && c.rate.Equal(v) {
					return nil, 0, at.errorf("%s %s: rate %s is the general rate of %s in the row's period: the row is standard", c.country, c.class, c.rate, c.tax)
				}
			}
		case "zero", "exempt", "standard", "nontaxable":
			if c.category != "" {
				return nil, 0, at.errorf("%s %s: %s takes no category", c.country, c.class, c.treatment)
			}
			if c.rate != nil && (c.treatment != "zero" || !c.rate.IsZero()) {
				return nil, 0, at.errorf("%s %s: %s takes no rate", c.country, c.class, c.treatment)
			}
		default:
			return nil, 0, at.errorf("%s %s: unknown treatment %q", c.country, c.class, c.treatment)
		}
		if c.treatment == "standard" {
			standard++
			if c.thresholdRate == nil {
				continue
			}
			// A standard row with a rate by price (up_to_rate) is kept:
			// its items at or below the threshold bear another rate.
		}
		if c.treatment != "rate" {
			c.rate = nil // only checked
		}
		out = append(out, c)
	}
	scoped, err := scopeRows(all, juris)
	if err != nil {
		return nil, 0, fmt.Errorf("%s: %w", name, err)
	}
	out = append(out, scoped...)
	slices.SortFunc(out, func(a, b classRow) int {
		return cmp.Or(strings.Compare(a.country, b.country), strings.Compare(a.class, b.class), strings.Compare(a.tax, b.tax),
			a.period.Effective.Compare(b.period.Effective))
	})
	return out, standard, nil
}

// taxScope says that a country's tax reaches goods alone or services
// alone: the classes of the other kind (rules.ClassInfo.Service) are
// outside it.
type taxScope struct {
	country  string
	tax      jurisdiction.Tax
	services bool // the tax reaches services alone; else goods alone
	citation string
}

// taxScopes are the taxes that reach goods alone or services alone, in
// a country that levies another tax on the other kind.
var taxScopes = []taxScope{
	{country: "MY", tax: jurisdiction.GoodsSalesTax, citation: "Sales Tax Act 2018 (Malaysia): the sales tax is a single-stage tax charged on taxable goods manufactured " +
		"in Malaysia by a registered manufacturer and on goods imported; a service is outside it (the service tax reaches the services " +
		"the Service Tax Regulations 2018 prescribe) (PwC Malaysian Tax Booklet, Sales Tax; Royal Malaysian Customs Department, Sales Tax FAQ)"},
	{country: "MY", tax: jurisdiction.ServiceTax, services: true, citation: "Service Tax Act 2018 (Malaysia) with the First Schedule " +
		"of the Service Tax Regulations 2018: the service tax is charged on the taxable services the schedule prescribes, not on goods, " +
		"which the sales tax reaches (secondary: thiangco.com.my, SST: service tax cannot be levied on a service the schedule does not list)"},
}

// scopeRows returns a nontaxable row for each class outside the scope of
// a tax of taxScopes (a service for a tax on goods, goods for a tax on
// services) that no row of the table (all) names for that tax or for
// every tax of the country, when the table has a row of the country at
// all: the country must levy the tax in the dataset.
func scopeRows(all []classRow, juris *data.Jurisdictions) ([]classRow, error) {
	var out []classRow
	for _, sc := range taxScopes {
		if !slices.ContainsFunc(all, func(c classRow) bool { return c.country == sc.country }) {
			continue
		}
		if why := leviesOver(juris, sc.country, sc.tax, civil.Period{}); why != "" {
			return nil, fmt.Errorf("the scope of %s of %s: %s", sc.tax, sc.country, why)
		}
		for _, info := range rules.Classes {
			if info.Service == sc.services || slices.ContainsFunc(all, func(c classRow) bool {
				return c.country == sc.country && c.class == info.Class && (c.tax == "" || c.tax == string(sc.tax))
			}) {
				continue
			}
			kind := "goods"
			if info.Service {
				kind = "a service"
			}
			out = append(out, classRow{country: sc.country, class: info.Class, tax: string(sc.tax), treatment: "nontaxable",
				citation: fmt.Sprintf("%s is %s, outside the %s. %s", info.Class, kind, strings.ToLower(string(sc.tax)), sc.citation)})
		}
	}
	return out, nil
}

// citationCut matches the end of a fragment cut off before its section
// number ("O.C.G.A. sections").
var citationCut = regexp.MustCompile(`(?i)\bsections?$`)

// cleanCitation tidies a citation of the compiled source: it drops
// fragments cut off before their section number and repeated parts (also
// those repeated behind a prefix), and
// trims trailing punctuation and unbalanced closing parentheses from each
// part ("Tex. Tax Code section 151.314)." becomes "Tex. Tax Code section
// 151.314").
func cleanCitation(s string) string {
	var parts []string
	for _, p := range strings.Split(s, ";") {
		p = strings.Join(strings.Fields(p), " ")
		for {
			q := strings.TrimRight(p, " .,:")
			if strings.HasSuffix(q, ")") && strings.Count(q, ")") > strings.Count(q, "(") {
				q = q[:len(q)-1]
			}
			if q == p {
				break
			}
			p = q
		}
		if p == "" || citationCut.MatchString(p) || slices.Contains(parts, p) {
			continue
		}
		parts = append(parts, p)
	}
	// A part that only adds a prefix to another ("Nevada. NRS section
	// 372.085" beside "NRS section 372.085") repeats it.
	var out []string
	for _, p := range parts {
		if !slices.ContainsFunc(parts, func(q string) bool { return strings.HasSuffix(p, " "+q) }) {
			out = append(out, p)
		}
	}
	return strings.Join(out, "; ")
}

// writeOptDecimal writes 0 for nil, else 1, the coefficient and the
// exponent.
func writeOptDecimal(w *binfmt.Writer, d *decimal.Decimal) error {
	if d == nil {
		w.Uvarint(0)
		return nil
	}
	coef := d.Coefficient()
	if !coef.IsInt64() {
		return fmt.Errorf("%s does not fit the format", d)
	}
	w.Uvarint(1)
	w.Varint(coef.Int64())
	w.Int(int(d.Exponent()))
	return nil
}

// encodeTaxability writes the file. Layout (version 10):
//
//	state rows, sorted by state, class, effective: count, then
//	    state, class, taxable (bool), rate, basis, threshold, threshold
//	    kind, threshold currency (version 9: USD with a threshold, else
//	    ""), local outcome, local category, local only (bool), buyer,
//	    effective, expiration, as-of day, status, citation, decision,
//	    and (version 6) the elections of local outcome "elected": count,
//	    then jurisdiction, name, effective, expiration, as-of day,
//	    citation
//	holidays, sorted by state, first day, name: count, then
//	    state, name, first day, last day, category count, categories,
//	    cap per item, its currency (version 9: USD with a cap, else ""),
//	    citation, and (version 10) the local note, then the localities
//	    whose sales tax still applies, sorted by jurisdiction: count,
//	    then jurisdiction, name, kept rate and the share of the general
//	    rate waived (both absent when the whole rate applies), as-of
//	    day, citation
//	shipping, sorted by state: count, then state, rule, handling rule
//	product classes, sorted by country, class, tax, effective: count,
//	    then country, class, tax (version 7: the provincial tax a
//	    Canadian province's row decides, PST, QST or HST; "" for a
//	    country), treatment, category, rate (version 5: the rate of
//	    treatment "rate", else absent), threshold and threshold kind
//	    (version 8: a province's exempt row limited to items at or
//	    below a price, else absent and ""), threshold currency (version
//	    9: the ISO 4217 code of the threshold, else ""), effective,
//	    expiration
//	    (version 5), citation
//	local taxes outside the sales tax, sorted by jurisdiction, tax,
//	    class, effective (version 3): count, then state, jurisdiction,
//	    name, key, tax, category, class, rate, effective, expiration,
//	    citation, decision
//	taxes Levy knows of and does not compute, sorted by state,
//	    jurisdiction, tax, effective (version 4): count, then state,
//	    jurisdiction, name, tax, class count, classes, transaction
//	    count, transactions, effective, expiration, as-of day, note,
//	    reference, instead, citation
//
// Decimals (rate, basis, threshold, cap) are 0 when absent, else 1,
// coefficient (varint) and exponent (varint). Dates are uvarints: 0 for
// the zero Date, else days since 1970 + 2^20.
func encodeTaxability(cells []usCell, holidays []holidayRow, shipping map[string]shippingRow, classes []classRow, local []data.LocalTax,
	lacking []data.LackingTax) ([]byte, error) {
	w := binfmt.NewWriter(taxKind, taxVersion)
	w.Uvarint(uint64(len(cells)))
	for _, c := range cells {
		w.String(c.state)
		w.String(c.class)
		w.Bool(c.spec.taxable)
		for _, d := range []*decimal.Decimal{c.spec.rate, c.spec.basis, c.spec.threshold} {
			if err := writeOptDecimal(w, d); err != nil {
				return nil, fmt.Errorf("%s %s: %v", c.state, c.class, err)
			}
		}
		w.String(c.spec.kind)
		if c.spec.threshold != nil {
			w.String(usAmountCurrency)
		} else {
			w.String("")
		}
		w.String(c.spec.local)
		cat, only := c.spec.localCategory, false
		switch cat {
		case localFoodOnly:
			cat, only = jurisdiction.Food, true
		case localDrugsOnly:
			cat, only = jurisdiction.Drugs, true
		}
		w.String(cat)
		w.Bool(only)
		w.String(c.spec.buyer)
		writeRateDate(w, c.period.Effective)
		writeRateDate(w, c.period.Expiration)
		writeRateDate(w, c.asOf)
		w.String(c.status)
		w.String(c.citation)
		w.String(c.decision)
		els := electionRecords(c)
		w.Uvarint(uint64(len(els)))
		for _, e := range els {
			w.String(e.Jurisdiction)
			w.String(e.Name)
			writeRateDate(w, e.Effective)
			writeRateDate(w, e.Expiration)
			writeRateDate(w, e.AsOf)
			w.String(e.Citation)
		}
	}
	w.Uvarint(uint64(len(holidays)))
	for _, h := range holidays {
		w.String(h.state)
		w.String(h.name)
		writeRateDate(w, h.period.Effective)
		writeRateDate(w, h.period.Expiration)
		w.Uvarint(uint64(len(h.categories)))
		for _, c := range h.categories {
			w.String(c)
		}
		if err := writeOptDecimal(w, h.max); err != nil {
			return nil, h.at.errorf("max_amount_per_item: %v", err)
		}
		if h.max != nil {
			w.String(usAmountCurrency)
		} else {
			w.String("")
		}
		w.String(h.citation)
		w.String(h.localNote)
		w.Uvarint(uint64(len(h.notTaking)))
		for _, l := range h.notTaking {
			w.String(l.Jurisdiction)
			w.String(l.Name)
			for _, d := range []*decimal.Decimal{l.Rate, l.Share} {
				if err := writeOptDecimal(w, d); err != nil {
					return nil, h.at.errorf("%s kept_rate: %v", l.Jurisdiction, err)
				}
			}
			writeRateDate(w, l.AsOf)
			w.String(l.Citation)
		}
	}
	codes := make([]string, 0, len(shipping))
	for code := range shipping {
		codes = append(codes, code)
	}
	slices.Sort(codes)
	w.Uvarint(uint64(len(codes)))
	for _, code := range codes {
		s := shipping[code]
		w.String(s.state)
		w.String(s.rule)
		w.String(s.handling)
	}
	w.Uvarint(uint64(len(classes)))
	for _, c := range classes {
		w.String(c.country)
		w.String(c.class)
		w.String(c.tax)
		w.String(c.treatment)
		w.String(c.category)
		if err := writeOptDecimal(w, c.rate); err != nil {
			return nil, c.at.errorf("rate: %v", err)
		}
		if err := writeOptDecimal(w, c.threshold); err != nil {
			return nil, c.at.errorf("threshold: %v", err)
		}
		w.String(c.thresholdKind)
		w.String(c.thresholdCurrency)
		if err := writeOptDecimal(w, c.thresholdRate); err != nil {
			return nil, c.at.errorf("threshold_rate: %v", err)
		}
		w.Uvarint(uint64(len(c.thresholdWith)))
		for _, class := range c.thresholdWith {
			w.String(class)
		}
		writeRateDate(w, c.period.Effective)
		writeRateDate(w, c.period.Expiration)
		w.String(c.citation)
	}
	w.Uvarint(uint64(len(local)))
	for _, x := range local {
		for _, s := range []string{x.State, x.Jurisdiction, x.Name, x.Key, x.Tax, x.Category, x.Class} {
			w.String(s)
		}
		if err := writeOptDecimal(w, &x.Rate); err != nil {
			return nil, fmt.Errorf("%s %s %s: %v", x.Jurisdiction, x.Tax, x.Class, err)
		}
		writeRateDate(w, x.Effective)
		writeRateDate(w, x.Expiration)
		w.String(x.Citation)
		w.String(x.Decision)
	}
	w.Uvarint(uint64(len(lacking)))
	for _, x := range lacking {
		for _, s := range []string{x.State, x.Jurisdiction, x.Name, x.Tax} {
			w.String(s)
		}
		for _, ws := range [][]string{x.Classes, x.Transactions} {
			w.Uvarint(uint64(len(ws)))
			for _, s := range ws {
				w.String(s)
			}
		}
		writeRateDate(w, x.Effective)
		writeRateDate(w, x.Expiration)
		writeRateDate(w, x.AsOf)
		for _, s := range []string{x.Note, x.Reference, x.Instead, x.Citation} {
			w.String(s)
		}
	}
	return w.Finish()
}

// readClassThreshold reads the threshold, threshold_kind and
// threshold_currency columns of record i into c; a table without them
// has no thresholds. A threshold is a positive per-item price in the
// currency its row names (the province's: CAD), with a kind of
// rules.ThresholdKind; only a Canadian province's exempt row has one,
// and it limits the exemption: Manitoba exempts children's clothing of
// $150 or less (up_to_exempt), and a dearer item bears the RST on its
// whole price. A document_up_to_exempt threshold limits the total of a
// document's lines of every class whose row carries the same limit, not
// an item: Ontario rebates its part of the HST on qualifying prepared
// food and beverages sold together for $4.00 or less. The currency is checked against the ISO 4217 list by
// checkThresholdCurrencies.
//
// A threshold of kind up_to_rate, on a standard, reduced or rate row of
// any country or province, gives the rate of the threshold_rate column
// to an item whose price per item is at or below the threshold, on its
// whole price, and leaves a dearer item to the row's treatment: India
// taxes a garment of a sale value of Rs 1,000 or less a piece at 5% and
// a dearer one at 12% (rules.UpToRate).
func readClassThreshold(t *lineTable, i int, c *classRow, province bool) error {
	at := t.refs[i]
	v, kind, cur, rate := t.opt(i, "threshold"), t.opt(i, "threshold_kind"), t.opt(i, "threshold_currency"), t.opt(i, "threshold_rate")
	if v == "" && kind == "" && cur == "" && rate == "" {
		if with := t.opt(i, "threshold_with"); with != "" {
			return at.errorf("%s %s: threshold_with %q without a threshold", c.country, c.class, with)
		}
		return nil
	}
	switch {
	case v == "" || kind == "" || cur == "":
		return at.errorf("%s %s: threshold, threshold_kind and threshold_currency go together (got %q, %q and %q)", c.country, c.class, v, kind, cur)
	case (kind == string(rules.UpToRate)) != (rate != ""):
		return at.errorf("%s %s: threshold_rate goes with threshold_kind up_to_rate alone (got %q and %q)", c.country, c.class, rate, kind)
	case kind == string(rules.UpToRate):
		if c.treatment != "standard" && c.treatment != "reduced" && c.treatment != "rate" {
			return at.errorf("%s %s: threshold_kind up_to_rate: only a standard, reduced or rate row has a rate by price, not a %s row", c.country, c.class, c.treatment)
		}
		d, err := RateFraction(rate)
		if err != nil || d.IsNegative() || d.GreaterThanOrEqual(decimal.NewFromInt(1)) {
			return at.errorf("%s %s: threshold_rate %q is not a rate of at least 0 and below 1", c.country, c.class, rate)
		}
		c.thresholdRate = &d
	case !province || c.treatment != "exempt":
		return at.errorf("%s %s: threshold: only a Canadian province's exempt row has a price limit, not a %s row", c.country, c.class, c.treatment)
	}
	switch rules.ThresholdKind(kind) {
	case rules.BelowExempt, rules.UpToExempt, rules.AboveExcess, rules.DocumentUpToExempt, rules.UpToRate:
	default:
		return at.errorf("%s %s: threshold_kind %q is not below_exempt, up_to_exempt, above_excess, document_up_to_exempt or up_to_rate", c.country, c.class, kind)
	}
	if !money.IsCodeForm(cur) {
		return at.errorf("%s %s: threshold_currency %q is not an ISO 4217 alphabetic code (three capital letters: CAD)", c.country, c.class, cur)
	}
	d, err := decimal.NewFromString(v)
	if err != nil || !d.IsPositive() {
		return at.errorf("%s %s: threshold %q is not a positive amount", c.country, c.class, v)
	}
	c.threshold, c.thresholdKind, c.thresholdCurrency = &d, kind, cur
	return readClassThresholdWith(t, i, c)
}

// readClassThresholdWith reads the threshold_with column of record i
// into c, whose threshold is read: the product classes, separated by
// spaces, of which the document must hold a line that the same
// document_up_to_exempt limit reaches by a row of its own without
// threshold_with, for a line of c's class to count towards the limit
// and be exempt (Ontario's soft drinks, rebated only when sold together
// with qualifying prepared food). Each class is one of the catalogue
// (rules.ClassOf), named once, and not c's own.
func readClassThresholdWith(t *lineTable, i int, c *classRow) error {
	at, with := t.refs[i], strings.Fields(t.opt(i, "threshold_with"))
	if len(with) == 0 {
		return nil
	}
	if c.thresholdKind != string(rules.DocumentUpToExempt) {
		return at.errorf("%s %s: threshold_with goes with threshold_kind document_up_to_exempt alone (got %q)", c.country, c.class, c.thresholdKind)
	}
	for k, class := range with {
		if _, ok := rules.ClassOf(class); !ok {
			return at.errorf("%s %s: threshold_with: %q is not a product class of the catalogue", c.country, c.class, class)
		}
		if class == c.class || slices.Contains(with[:k], class) {
			return at.errorf("%s %s: threshold_with: %q is the row's own class or is given twice", c.country, c.class, class)
		}
	}
	c.thresholdWith = with
	return nil
}

// checkThresholdCurrencies refuses a product class row whose threshold
// is in a currency that the ISO 4217 list (known) does not hold.
func checkThresholdCurrencies(classes []classRow, known []codesCurrency) error {
	for _, c := range classes {
		if c.threshold == nil {
			continue
		}
		if !slices.ContainsFunc(known, func(k codesCurrency) bool { return k.alpha == c.thresholdCurrency }) {
			return c.at.errorf("%s %s: threshold_currency %q is not an ISO 4217 currency (%s)", c.country, c.class, c.thresholdCurrency, codesCurrenciesFile)
		}
	}
	return nil
}

// provinceGeneralRate returns the general rate of province id's tax on
// the last day of period p, or among the rates without an end for a
// period without one.
func provinceGeneralRate(juris *data.Jurisdictions, id string, tax jurisdiction.Tax, p civil.Period) (decimal.Decimal, bool) {
	for _, r := range juris.Rates(id) {
		if r.Tax != tax || r.Category != jurisdiction.General {
			continue
		}
		if p.Expiration.IsZero() && r.Expiration.IsZero() || !p.Expiration.IsZero() && r.Contains(p.Expiration) {
			return r.Value, true
		}
	}
	return decimal.Decimal{}, false
}

// namedIn returns the name and parent of a jurisdiction of juris, by ID,
// as the checks of localities' rows (attachElections,
// attachHolidayLocals) ask for them.
func namedIn(juris *data.Jurisdictions) func(id string) (name, parent string, ok bool) {
	return func(id string) (string, string, bool) {
		j, ok := juris.ByID(id)
		return j.Name, j.Parent, ok
	}
}
