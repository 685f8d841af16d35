package datagen

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/rules"
	"github.com/shopspring/decimal"
)

// US product taxability, state by state and class by class.
//
// Two sources speak: TaxLocus's taxability table (about 43 categories, 46
// states and DC, no dates, no citations but notes) and the OpenSalesTax table
// (six categories, every state, DC and PR, with statutes), corrected by
// internal/datagen/curated/us-taxability-corrections.csv. Each Levy product
// class reads one or more TaxLocus categories and at most one OpenSalesTax
// category. A class's cell of a state follows the sources when they agree;
// where they disagree, where a TaxLocus row needs research or carries a
// condition Levy cannot read alone, and where a state has no TaxLocus row at
// all, the cell needs a decision in internal/datagen/curated/us-taxability:
// its outcome, dates, citation and why. A cell that needs one and has none fails the build.

// usClassSource names the categories of the sources that a product class
// reads.
type usClassSource struct {
	class    string
	taxlocus []string // TaxLocus categories, which must agree; none for a class that only decisions decide
	ost      string   // OpenSalesTax category, "" for none
}

// usClassSources are the sources of every class the US matrix decides.
// SERVICES (services in general) has none: it follows the states'
// general rules for services (see rules.Defaults). ACCOMMODATION reads
// no source (neither table has a category for lodging): a state's cell
// is a row of the decisions, given where the state taxes short-term
// lodging otherwise than its general sales tax (New Hampshire's meals
// and rooms tax, Connecticut's 15% on hotel rooms); a state without one
// has no cell and the class is taxed there as GENERAL.
var usClassSources = []usClassSource{
	{rules.General, []string{"goods.general"}, "general"},
	{rules.Electronics, []string{"goods.electronics"}, ""},
	{rules.Furniture, []string{"goods.furniture"}, ""},
	{rules.Food, []string{"food.grocery"}, "groceries"},
	{rules.PreparedFood, []string{"food.prepared"}, "prepared_food"},
	{rules.Candy, []string{"food.candy", "food.candy_soda"}, ""},
	{rules.SoftDrinks, []string{"food.soft_drinks", "food.candy_soda"}, ""},
	{rules.BottledWater, []string{"food.bottled_water"}, ""},
	{rules.DietarySupplements, []string{"food.dietary_supplements"}, ""},
	{rules.Clothing, []string{"clothing.general"}, "clothing"},
	{rules.ClothingAccessory, []string{"clothing.accessories"}, ""},
	{rules.AthleticClothing, []string{"clothing.athletic"}, ""},
	{rules.FormalClothing, []string{"clothing.formal"}, ""},
	{rules.ProtectiveClothing, []string{"clothing.protective"}, ""},
	{rules.PrescriptionDrugs, []string{"medical.prescription_drugs", "medical.rx"}, "prescription_drugs"},
	{rules.OTCDrugs, []string{"medical.otc_drugs", "medical.otc"}, ""},
	{rules.MedicalEquipment, []string{"medical.equipment"}, ""},
	{rules.MedicalDevices, []string{"medical.devices"}, ""},
	{rules.Diapers, []string{"hygiene.diapers"}, ""},
	{rules.MenstrualProducts, []string{"hygiene.menstrual"}, ""},
	{rules.Books, []string{"publications.books"}, ""},
	{rules.Textbooks, []string{"publications.textbooks"}, ""},
	{rules.Newspapers, []string{"publications.newspapers"}, ""},
	{rules.Magazines, []string{"publications.magazines"}, ""},
	{rules.PrewrittenSoftware, []string{"software.prewritten"}, ""},
	{rules.CustomSoftware, []string{"software.custom"}, ""},
	{rules.SaaS, []string{"software.saas", "digital.saas"}, ""},
	{rules.DigitalGoods, []string{"digital.download"}, "digital_goods"},
	{rules.DigitalStreaming, []string{"digital.streaming", "digital_products.streaming"}, ""},
	{rules.DigitalMusic, []string{"digital_products.music"}, ""},
	{rules.DigitalVideo, []string{"digital_products.video"}, ""},
	{rules.EBooks, []string{"digital_products.ebook"}, ""},
	{rules.ProfessionalServ, []string{"services.professional"}, ""},
	{rules.RepairServices, []string{"services.repair"}, ""},
	{rules.PersonalCare, []string{"services.personal_care"}, ""},
	{rules.DataProcessing, []string{"services.data_processing"}, ""},
	{rules.WebHosting, []string{"services.web_hosting"}, ""},
	{rules.AIServices, []string{"services.ai_api"}, ""},
	{rules.Accommodation, nil, ""},
	{rules.Telecommunications, nil, ""},
}

// The TaxLocus taxability table and the decisions.
const (
	taxlocusTaxability = "rates/us-local/taxlocus/taxability.csv"
	taxDecisions       = "us-taxability"
)

// The local outcomes of a cell.
const (
	localSame    = "same"    // local taxes follow the state's outcome, at their own rates
	localTaxable = "taxable" // local taxes apply though the state exempts, or at their own rates where the state's is reduced
	localExempt  = "exempt"  // local taxes do not apply though the state taxes
	localElected = "elected" // local taxes follow the state only where a locality elected it (us-local-elections.csv), elsewhere taxable in full
)

// taxSpec is what a cell says: how the state taxes a class, and how its
// local taxes do.
type taxSpec struct {
	taxable   bool
	rate      *decimal.Decimal // replacement state rate, as a fraction
	basis     *decimal.Decimal // share of the price taxed, as a fraction
	threshold *decimal.Decimal
	kind      string
	local     string
	buyer     string     // "", buyerBusinessExempt or buyerConsumerExempt
	until     civil.Date // the last day of a temporary outcome; zero for none
	follows   string     // the class whose spec this one takes (TaxLocus "basis"); "" for none
	// localCategory is the rate category of the local taxes where they
	// apply though the state's outcome differs: "food" for the food
	// classes (local food rates where a jurisdiction has one, its general
	// rate otherwise), "" for the general rate.
	localCategory string
}

// The local rate categories that apply only where a jurisdiction has a
// rate of the category: a jurisdiction without one does not tax the class.
const (
	localFoodOnly  = "food_only"
	localDrugsOnly = "drugs_only"
)

// The buyers a class may be exempt for.
const (
	buyerBusinessExempt = "business_exempt" // exempt when bought for use in a business
	buyerConsumerExempt = "consumer_exempt" // taxable only when bought for use in a business
)

// equal reports whether two specs say the same.
func (a taxSpec) equal(b taxSpec) bool {
	eq := func(x, y *decimal.Decimal) bool { return x == nil && y == nil || x != nil && y != nil && x.Equal(*y) }
	return a.taxable == b.taxable && eq(a.rate, b.rate) && eq(a.basis, b.basis) && eq(a.threshold, b.threshold) &&
		a.kind == b.kind && a.local == b.local && a.buyer == b.buyer && a.until == b.until && a.follows == b.follows &&
		a.localCategory == b.localCategory
}

// agreesOnState reports whether two specs agree on the state's outcome,
// rate and threshold: what the OpenSalesTax table can say.
func (a taxSpec) agreesOnState(b taxSpec) bool {
	eq := func(x, y *decimal.Decimal) bool { return x == nil && y == nil || x != nil && y != nil && x.Equal(*y) }
	// A state rate of 0% with local taxes is a state exemption with local
	// taxes.
	zero := func(s taxSpec) bool {
		return s.local == localTaxable && (!s.taxable || s.rate != nil && s.rate.IsZero())
	}
	if zero(a) && zero(b) && a.threshold == nil && b.threshold == nil {
		return true
	}
	return a.taxable == b.taxable && eq(a.rate, b.rate) && eq(a.threshold, b.threshold) && a.kind == b.kind
}

// String writes a spec for people.
func (a taxSpec) String() string {
	var b strings.Builder
	if a.taxable {
		b.WriteString("taxable")
	} else {
		b.WriteString("exempt")
	}
	if a.rate != nil {
		fmt.Fprintf(&b, " at %s%%", a.rate.Shift(2))
	}
	if a.basis != nil {
		fmt.Fprintf(&b, " on %s%% of the price", a.basis.Shift(2))
	}
	if a.threshold != nil {
		fmt.Fprintf(&b, " with a %s threshold of %s", a.kind, a.threshold)
	}
	if a.local != localSame && a.local != "" {
		fmt.Fprintf(&b, ", local taxes %s", a.local)
	}
	switch a.buyer {
	case buyerBusinessExempt:
		b.WriteString(", exempt for business use")
	case buyerConsumerExempt:
		b.WriteString(", taxable for business use only")
	}
	if !a.until.IsZero() {
		b.WriteString(" until " + a.until.String())
	}
	if a.follows != "" {
		b.WriteString(" as " + a.follows)
	}
	return b.String()
}

// tlTaxRow is a row of the TaxLocus taxability table.
type tlTaxRow struct {
	at              lineRef
	state, category string
	taxable         bool
	treatment       string
	conditions      map[string]json.RawMessage
}

// readTaxlocusTaxability reads the TaxLocus taxability table, by state
// and category.
func readTaxlocusTaxability(path file) (map[string]map[string]tlTaxRow, error) {
	t, err := readLineTable(path, taxlocusTaxability, "state", "category", "taxable", "treatment", "conditions")
	if err != nil {
		return nil, err
	}
	out := map[string]map[string]tlTaxRow{}
	for i := range t.rows {
		r := tlTaxRow{at: t.refs[i], state: t.get(i, "state"), category: t.get(i, "category"), treatment: t.get(i, "treatment")}
		switch v := t.get(i, "taxable"); v {
		case "True":
			r.taxable = true
		case "False":
		default:
			return nil, r.at.errorf("taxable is %q, want True or False", v)
		}
		if c := t.get(i, "conditions"); c != "" {
			if err := json.Unmarshal([]byte(c), &r.conditions); err != nil {
				return nil, r.at.errorf("conditions: %v", err)
			}
		}
		if out[r.state] == nil {
			out[r.state] = map[string]tlTaxRow{}
		}
		if _, dup := out[r.state][r.category]; dup {
			return nil, r.at.errorf("%s %s twice", r.state, r.category)
		}
		out[r.state][r.category] = r
	}
	return out, nil
}

// conditionReading says what one key of a TaxLocus row's conditions
// means for a class: it changes the spec, or says why the row needs a
// decision. Keys that only qualify another key (a cap's amount beside its
// basis) read as nothing.
type conditionReading func(s *taxSpec, v json.RawMessage, class string) string

// conditionReadings are the condition keys Levy reads. A row with any
// other key needs a decision.
var conditionReadings = map[string]conditionReading{
	"note": nil, "tax_holiday": nil, "scope": nil,
	// Companions of the keys below.
	"price_cap_cents": nil, "exemption_above_cap": nil, "excess_taxable": nil, "prewritten_software_taxable": nil,
	"sport_specific_taxable": nil, "b2c_taxable": nil, "b2b_taxable": nil, "data_processing_exempt_share": nil,
	"fur_taxable": nil, "period_underwear_excluded": nil, "hot_prepared_taxable": nil, "carbonated_beverages_taxable": nil,
	"local_taxable": nil, "local_may_tax": nil, "reduced_rate": nil,
	// Exempt only on a prescription, or when bought for use in
	// manufacturing (protective gear): taxable otherwise, which is what a
	// seller charges without the prescription or the buyer's exemption
	// certificate.
	"prescription_required": nil, "prescribed_dme_exempt": nil, "business_use_exempt": nil,
	"b2b_exempt": func(s *taxSpec, v json.RawMessage, _ string) string {
		if isTrue(v) {
			s.taxable, s.buyer = true, buyerBusinessExempt
		}
		return ""
	},
	"b2c_exempt": func(s *taxSpec, v json.RawMessage, _ string) string {
		if isTrue(v) {
			s.taxable, s.buyer = true, buyerConsumerExempt
		}
		return ""
	},
	// Exempt when the seller or the buyer is of a kind (a school's
	// bookstore, a student with an ID): taxable for other sales; the
	// exemption is the host's to claim with an exemption certificate.
	"exempt_if": func(s *taxSpec, _ json.RawMessage, _ string) string {
		if !s.taxable {
			return "exempt_if on a row marked not taxable"
		}
		return ""
	},
	// Exempt from the state's tax, taxable by local taxes.
	"state_exempt": func(s *taxSpec, v json.RawMessage, _ string) string {
		if isTrue(v) {
			s.taxable, s.local = false, localTaxable
		}
		return ""
	},
	"temporary_until": expiresOn,
	"sunset":          expiresOn,
	// A per-item clothing cap.
	"cap_basis": func(s *taxSpec, v json.RawMessage, _ string) string {
		return "" // read with the row, which holds the cap (see read)
	},
	// Follows another class of the state: read after the others.
	"basis": func(s *taxSpec, v json.RawMessage, _ string) string {
		var b string
		_ = json.Unmarshal(v, &b)
		if basisClass[b] == "" {
			return "follows " + string(v) + ", which Levy does not read"
		}
		s.follows = basisClass[b]
		return ""
	},
	// Texas's data processing: 20% of the price is exempt.
	"data_processing_rate": func(s *taxSpec, v json.RawMessage, _ string) string {
		d, err := decimal.NewFromString(strings.Trim(string(v), `"`))
		if err != nil || !d.IsPositive() || d.GreaterThan(decimal.NewFromInt(1)) {
			return "data_processing_rate " + string(v) + " unreadable"
		}
		d = money.TrimZeros(d)
		s.taxable, s.basis = true, &d
		return ""
	},
	// Digital products other than software are exempt: DIGITAL_GOODS is
	// exempt, software downloads are PREWRITTEN_SOFTWARE.
	"other_digital_exempt": exemptIf(rules.DigitalGoods),
	// Everyday athletic wear is exempt clothing; sport-specific gear is
	// PROTECTIVE_CLOTHING.
	"everyday_use_exempt":     exemptIf(rules.AthleticClothing),
	"day_evening_wear_exempt": exemptIf(rules.FormalClothing),
	// Over-the-counter drugs.
	"common_household_remedies_exempt": exemptIf(rules.OTCDrugs),
	"otc_with_drug_facts_label_exempt": exemptIf(rules.OTCDrugs),
	// The candy and soft drink rows of a state that treats them apart.
	"candy_exempt":            exemptIf(rules.Candy),
	"candy_treated_as_food":   exemptIf(rules.Candy),
	"candy_taxable":           taxableIf(rules.Candy),
	"soft_drinks_taxable":     taxableIf(rules.SoftDrinks),
	"soda_taxable":            taxableIf(rules.SoftDrinks),
	"carbonated_soda_taxable": taxableIf(rules.SoftDrinks),
}

// conditioning are the keys that say what a conditional row depends on.
var conditioning = map[string]bool{
	"tax_holiday": true, "prescription_required": true, "prescribed_dme_exempt": true, "business_use_exempt": true,
	"b2b_exempt": true, "b2c_exempt": true, "exempt_if": true, "state_exempt": true, "cap_basis": true,
	"data_processing_rate": true, "other_digital_exempt": true, "everyday_use_exempt": true, "day_evening_wear_exempt": true,
	"common_household_remedies_exempt": true, "otc_with_drug_facts_label_exempt": true, "candy_exempt": true,
	"candy_treated_as_food": true, "candy_taxable": true, "soft_drinks_taxable": true, "soda_taxable": true,
	"carbonated_soda_taxable": true,
}

// foodClass are the classes whose local taxes, where the state's outcome
// differs, apply at the local food rates.
var foodClass = map[string]bool{rules.Food: true, rules.Candy: true, rules.SoftDrinks: true, rules.BottledWater: true}

// basisClass names the class whose outcome a "basis" condition follows.
var basisClass = map[string]string{
	"clothing": rules.Clothing, "wearing_apparel": rules.Clothing, "food_and_food_ingredients": rules.Food, "food": rules.Food,
}

// exemptIf reads a key that makes class exempt.
func exemptIf(class string) conditionReading {
	return func(s *taxSpec, v json.RawMessage, c string) string {
		if c == class && isTrue(v) {
			s.taxable = false
		}
		return ""
	}
}

// taxableIf reads a key that makes class taxable.
func taxableIf(class string) conditionReading {
	return func(s *taxSpec, v json.RawMessage, c string) string {
		if c == class && isTrue(v) {
			s.taxable = true
		}
		return ""
	}
}

// expiresOn reads the last day of a temporary exemption.
func expiresOn(s *taxSpec, v json.RawMessage, _ string) string {
	var d string
	_ = json.Unmarshal(v, &d)
	day, err := civil.Parse(d)
	if err != nil {
		return "end " + string(v) + " unreadable"
	}
	s.until = day
	return ""
}

// isTrue reports whether a condition's value is JSON true.
func isTrue(v json.RawMessage) bool {
	var b bool
	return json.Unmarshal(v, &b) == nil && b
}

// read turns a TaxLocus row into the spec of class, or says why it
// cannot.
func (r tlTaxRow) read(class string) (taxSpec, string) {
	s := taxSpec{taxable: r.taxable, local: localSame}
	keys := slices.Sorted(maps.Keys(r.conditions))
	for _, k := range keys {
		if _, ok := conditionReadings[k]; !ok {
			return s, fmt.Sprintf("its condition %q needs a reading", k)
		}
	}
	switch r.treatment {
	case "taxable":
		if !r.taxable {
			return s, "treatment taxable on a row marked not taxable"
		}
	case "exempt":
		if r.taxable {
			return s, "treatment exempt on a row marked taxable"
		}
		if isTrue(r.conditions["local_taxable"]) {
			s.local = localTaxable
		}
	case "reduced_rate":
		raw, ok := r.conditions["reduced_rate"]
		if !ok {
			// The state's reduced rate for food, which the row does not
			// repeat (bottled water, or Virginia's hygiene products, at
			// the grocery rate).
			s.taxable, s.follows = true, rules.Food
			if class == rules.Food {
				return s, "a reduced rate without its rate"
			}
			break
		}
		d, err := decimal.NewFromString(strings.Trim(string(raw), `"`))
		if err != nil {
			return s, "reduced rate " + string(raw) + " unreadable"
		}
		d = money.TrimZeros(d)
		s.taxable, s.rate, s.local = true, &d, localTaxable
	case "conditional":
		if !slices.ContainsFunc(keys, func(k string) bool { return conditioning[k] }) {
			return s, "conditional on something Levy does not read"
		}
		if _, ok := r.conditions["cap_basis"]; ok {
			var basis string
			var cents int64
			_ = json.Unmarshal(r.conditions["cap_basis"], &basis)
			if err := json.Unmarshal(r.conditions["price_cap_cents"], &cents); err != nil || cents <= 0 {
				return s, "a price cap without its amount"
			}
			cap := decimal.New(cents, -2)
			cap = money.TrimZeros(cap)
			switch basis {
			case "excess_over_cap":
				s.kind = "above_excess"
			case "per_item":
				s.kind = "below_exempt"
			default:
				return s, "cap basis " + basis + " unknown"
			}
			s.taxable, s.threshold = true, &cap
		}
	case "needs_research":
		return s, "TaxLocus marks it as needing research"
	default:
		return s, "unknown treatment " + r.treatment
	}
	for _, k := range keys {
		if f := conditionReadings[k]; f != nil {
			if why := f(&s, r.conditions[k], class); why != "" {
				return s, why
			}
		}
	}
	if isTrue(r.conditions["local_may_tax"]) {
		return s, "local taxes may apply"
	}
	return s, ""
}

// taxDecision is a row of the decisions: the spec of a state's class
// over a period, with its citation and what was decided and why.
type taxDecision struct {
	at           lineRef
	state, class string // class "*": every class of the state that no other row decides
	spec         taxSpec
	period       civil.Period
	asOf         civil.Date // when the start is not known: the day the citation attests the outcome
	status       string     // statusDecided or statusUnsettled
	citation     string
	decision     string
}

// The statuses of a cell of the matrix.
const (
	statusSources   = "sources"   // the sources agree
	statusDecided   = "decided"   // the sources disagreed or left it open; the state's publication decided it
	statusUnsettled = "unsettled" // could not be settled: the decision says what Levy does meanwhile
)

// taxDecisionColumns are the columns of a decisions file.
var taxDecisionColumns = []string{"state", "class", "taxable", "rate_pct", "basis_pct", "threshold", "threshold_kind",
	"local", "local_category", "buyer", "effective", "expiration", "as_of", "status", "citation", "decision"}

// readTaxDecisions reads the decision files of a folder (every *.csv,
// in name order), by state and class.
func readTaxDecisions(fsys fs.FS, dir string) (map[taxKey][]taxDecision, error) {
	names, err := fs.Glob(fsys, dir+"/*.csv")
	if err != nil {
		return nil, err
	}
	slices.Sort(names)
	out := map[taxKey][]taxDecision{}
	for _, name := range names {
		if err := readTaxDecisionFile(file{fsys, name}, curatedRef+taxDecisions+"/"+path.Base(name), out); err != nil {
			return nil, err
		}
	}
	for k, ds := range out {
		slices.SortFunc(ds, func(a, b taxDecision) int { return a.period.Effective.Compare(b.period.Effective) })
		for i := 1; i < len(ds); i++ {
			if ds[i-1].period.Overlaps(ds[i].period) {
				return nil, ds[i].at.errorf("%s %s: overlaps %s", k.state, k.category, ds[i-1].at)
			}
		}
	}
	return out, nil
}

// readTaxDecisionFile reads one decisions file into out.
func readTaxDecisionFile(path file, name string, out map[taxKey][]taxDecision) error {
	t, err := readLineTable(path, name, taxDecisionColumns...)
	if err != nil {
		return err
	}
	known := map[string]bool{"*": true}
	for _, c := range usClassSources {
		known[c.class] = true
	}
	states := usTaxStates()
	for i := range t.rows {
		at := t.refs[i]
		d := taxDecision{at: at, state: t.get(i, "state"), class: t.get(i, "class"), status: t.get(i, "status"),
			citation: t.get(i, "citation"), decision: t.get(i, "decision")}
		if _, ok := states[d.state]; !ok {
			return at.errorf("unknown state %q", d.state)
		}
		if !known[d.class] {
			return at.errorf("class %q is not one the US matrix decides", d.class)
		}
		switch v := t.get(i, "taxable"); v {
		case "yes":
			d.spec.taxable = true
		case "no":
		default:
			return at.errorf("taxable is %q, want yes or no", v)
		}
		pct := func(col string) (*decimal.Decimal, error) {
			v := t.get(i, col)
			if v == "" {
				return nil, nil
			}
			x, err := ratePercent(v)
			if err != nil || x.IsNegative() || x.GreaterThan(decimal.NewFromInt(1)) {
				return nil, at.errorf("%s %q is not a percentage", col, v)
			}
			x = money.TrimZeros(x)
			return &x, nil
		}
		if d.spec.rate, err = pct("rate_pct"); err != nil {
			return err
		}
		if d.spec.basis, err = pct("basis_pct"); err != nil {
			return err
		}
		if v := t.get(i, "threshold"); v != "" {
			x, err := decimal.NewFromString(v)
			if err != nil || !x.IsPositive() {
				return at.errorf("threshold %q is not a positive amount", v)
			}
			x = money.TrimZeros(x)
			d.spec.threshold = &x
		}
		d.spec.kind = t.get(i, "threshold_kind")
		switch {
		case d.spec.threshold != nil && d.spec.kind != "below_exempt" && d.spec.kind != "above_excess":
			return at.errorf("threshold_kind %q, want below_exempt or above_excess", d.spec.kind)
		case d.spec.threshold == nil && d.spec.kind != "":
			return at.errorf("threshold_kind without a threshold")
		case !d.spec.taxable && (d.spec.rate != nil || d.spec.basis != nil || d.spec.threshold != nil):
			return at.errorf("a rate, basis or threshold on a class that is not taxable")
		}
		d.spec.local = t.get(i, "local")
		switch d.spec.local {
		case localSame, localTaxable, localExempt, localElected:
		default:
			return at.errorf("local %q, want same, taxable, exempt or elected", d.spec.local)
		}
		switch d.spec.localCategory = t.get(i, "local_category"); d.spec.localCategory {
		case "", jurisdiction.Food, localFoodOnly, localDrugsOnly:
		default:
			return at.errorf("local_category %q, want food, %s, %s or nothing (the general rate)", d.spec.localCategory, localFoodOnly, localDrugsOnly)
		}
		switch d.spec.buyer = t.get(i, "buyer"); d.spec.buyer {
		case "", buyerBusinessExempt, buyerConsumerExempt:
		default:
			return at.errorf("buyer %q, want %s, %s or nothing", d.spec.buyer, buyerBusinessExempt, buyerConsumerExempt)
		}
		for col, dst := range map[string]*civil.Date{"effective": &d.period.Effective, "expiration": &d.period.Expiration, "as_of": &d.asOf} {
			if v := t.get(i, col); v != "" {
				if *dst, err = civil.Parse(v); err != nil {
					return at.errorf("%s: %v", col, err)
				}
			}
		}
		switch {
		case !d.period.Effective.IsZero() && !d.period.Expiration.IsZero() && d.period.Expiration.Before(d.period.Effective):
			return at.errorf("ends before it starts")
		case d.period.Effective.IsZero() && d.asOf.IsZero():
			return at.errorf("a decision needs its effective date, or the day its citation attests it (as_of) when the start is not known")
		case d.status != statusDecided && d.status != statusUnsettled:
			return at.errorf("status %q, want %s or %s", d.status, statusDecided, statusUnsettled)
		case d.citation == "":
			return at.errorf("a decision needs its citation (the statute or the department's publication)")
		case d.decision == "":
			return at.errorf("a decision needs its reason")
		}
		k := taxKey{d.state, d.class}
		out[k] = append(out[k], d)
	}
	return nil
}

// usCell is one period of a state's product class: the matrix's row.
type usCell struct {
	state, class string
	spec         taxSpec
	period       civil.Period
	asOf         civil.Date // when the start is not known: the day a source attests the outcome
	status       string
	citation     string
	decision     string // what was decided and why; "" when the sources agree
	sources      string // what the row follows
	// elected are the jurisdictions whose local taxes follow the state's
	// outcome, where spec.local is localElected.
	elected []localElectionRow
}

// disagreement is a cell whose sources disagree, or that a source leaves
// open: it needs a decision.
type disagreement struct {
	state, class, why string
}

// taxlocusAsOf is the day of the TaxLocus refresh, which attests the
// cells that follow it when their start is not known.
var taxlocusAsOf = civil.MustParse("2026-08-18")

// buildUSMatrix decides every state's product classes: from the
// decisions, or from the sources where they agree. It returns the cells,
// sorted by state, class and start, and the cells that need a decision
// and have none.
func buildUSMatrix(tl map[string]map[string]tlTaxRow, ost []taxRow, decisions map[taxKey][]taxDecision) ([]usCell, []disagreement, error) {
	ostBy := map[taxKey][]taxRow{}
	states := map[string]bool{}
	for _, r := range ost {
		ostBy[taxKey{r.state, r.category}] = append(ostBy[taxKey{r.state, r.category}], r)
		states[r.state] = true
	}
	for st := range tl {
		if !states[st] {
			return nil, nil, fmt.Errorf("%s: state %s has no row in %s", taxlocusTaxability, st, taxabilitySrc)
		}
	}
	for k, ds := range decisions {
		if !states[k.state] {
			return nil, nil, ds[0].at.errorf("state %s has no row in %s", k.state, taxabilitySrc)
		}
	}
	var cells []usCell
	var open []disagreement
	for _, st := range slices.Sorted(maps.Keys(states)) {
		var stateCells []usCell
		for _, src := range usClassSources {
			ds, ok := decisions[taxKey{st, src.class}]
			if !ok {
				ds, ok = decisions[taxKey{st, "*"}]
			}
			if ok {
				for _, d := range ds {
					stateCells = append(stateCells, usCell{state: st, class: src.class, spec: d.spec, period: d.period, asOf: d.asOf,
						status: d.status, citation: d.citation, decision: d.decision, sources: "decision " + d.at.String()})
				}
				continue
			}
			if isNoTaxState(ost, st) {
				continue // no sales tax: nothing to decide
			}
			if len(src.taxlocus) == 0 {
				continue // decided only where a row says so: taxed as GENERAL elsewhere
			}
			c, why := sourceCells(st, src, tl[st], ostBy)
			if why != "" {
				open = append(open, disagreement{st, src.class, why})
				continue
			}
			stateCells = append(stateCells, c...)
		}
		followed, unresolved := resolveFollows(stateCells)
		cells = append(cells, followed...)
		open = append(open, unresolved...)
	}
	slices.SortStableFunc(cells, func(a, b usCell) int {
		return cmp.Or(strings.Compare(a.state, b.state), strings.Compare(a.class, b.class), a.period.Effective.Compare(b.period.Effective))
	})
	return cells, open, nil
}

// sourceCells reads the cells of a state's class from the sources, or
// says why they need a decision.
func sourceCells(st string, src usClassSource, rows map[string]tlTaxRow, ostBy map[taxKey][]taxRow) ([]usCell, string) {
	if rows == nil {
		return nil, "TaxLocus has no row for the state"
	}
	// The TaxLocus reading: every category of the class must read, and
	// read alike.
	var spec taxSpec
	var notes []string
	for i, cat := range src.taxlocus {
		r, ok := rows[cat]
		if !ok {
			if i > 0 {
				continue // a shared category that the state lacks
			}
			return nil, "TaxLocus has no " + cat + " row"
		}
		s, why := r.read(src.class)
		switch {
		case why != "":
			return nil, fmt.Sprintf("TaxLocus %s (%s): %s", cat, r.at, why)
		case i > 0 && !s.equal(spec):
			return nil, fmt.Sprintf("TaxLocus says %s in %s but %s in %s", spec, src.taxlocus[0], s, cat)
		}
		if i == 0 {
			spec = s
		}
		if n := noteOf(r); n != "" && !slices.Contains(notes, n) {
			notes = append(notes, n)
		}
	}
	if spec.local == localTaxable && foodClass[src.class] {
		spec.localCategory = jurisdiction.Food
	}
	cite := "TaxLocus taxability table (refresh of 2026-08-18), " + strings.Join(src.taxlocus, " and ")
	if len(notes) > 0 {
		cite += ": " + strings.Join(notes, " ")
	}
	base := usCell{state: st, class: src.class, spec: spec, asOf: taxlocusAsOf, status: statusSources, citation: cite, sources: "taxlocus"}
	if !spec.until.IsZero() {
		base.period.Expiration = spec.until
	}
	if src.ost == "" {
		return []usCell{base}, ""
	}
	// The OpenSalesTax reading, period by period: the current period must
	// agree with TaxLocus on the state's outcome; the periods carry the
	// dates and statutes, and TaxLocus's reading of the local taxes and
	// the buyer.
	periods := ostBy[taxKey{st, src.ost}]
	if len(periods) == 0 {
		return []usCell{base}, ""
	}
	var out []usCell
	for _, p := range periods {
		s := ostSpec(p)
		if p.period.Expiration.IsZero() {
			if !s.agreesOnState(spec) {
				return nil, fmt.Sprintf("TaxLocus says %s, OpenSalesTax (%s) %s", spec, p.at, s)
			}
			s.local, s.buyer, s.basis, s.follows, s.localCategory = spec.local, spec.buyer, spec.basis, spec.follows, spec.localCategory
		}
		if s.local == localTaxable && foodClass[src.class] {
			s.localCategory = jurisdiction.Food
		}
		c := base
		c.spec, c.period = s, p.period
		if !p.period.Effective.IsZero() {
			c.asOf = civil.Date{}
		}
		if p.citation != "" {
			c.citation = p.citation + " (OpenSalesTax); " + cite
		}
		c.sources = "taxlocus, opensalestax " + p.at.String()
		out = append(out, c)
	}
	return out, ""
}

// resolveFollows gives the cells of a state that follow another class
// (TaxLocus's "basis": diapers taxed as clothing) the spec of that class,
// period by period. A cell whose class has no cell needs a decision.
func resolveFollows(cells []usCell) ([]usCell, []disagreement) {
	var out []usCell
	var open []disagreement
	for _, c := range cells {
		if c.spec.follows == "" {
			out = append(out, c)
			continue
		}
		n := 0
		for _, f := range cells {
			if f.class != c.spec.follows {
				continue
			}
			if f.spec.follows != "" {
				continue
			}
			x := c
			x.spec, x.period, x.asOf = f.spec, f.period, f.asOf
			x.citation = c.citation + " (taxed as " + f.class + ": " + f.citation + ")"
			out = append(out, x)
			n++
		}
		if n == 0 {
			open = append(open, disagreement{c.state, c.class, "taxed as " + c.spec.follows + ", which needs a decision first"})
		}
	}
	return out, open
}

// noteOf returns a TaxLocus row's note, if any.
func noteOf(r tlTaxRow) string {
	var n string
	_ = json.Unmarshal(r.conditions["note"], &n)
	return strings.TrimSpace(n)
}

// ostSpec reads an OpenSalesTax row (corrected) as a spec of the state's
// outcome.
func ostSpec(r taxRow) taxSpec {
	s := taxSpec{taxable: r.taxable, rate: r.rate, threshold: r.threshold, kind: r.kind, local: localSame}
	if s.rate != nil {
		s.local = localTaxable
	}
	return s
}

// isNoTaxState reports whether a state has no sales tax: its general row
// in the OpenSalesTax table is not taxable.
func isNoTaxState(ost []taxRow, st string) bool {
	for _, r := range ost {
		if r.state == st && r.category == "general" && r.period.Expiration.IsZero() {
			return !r.taxable
		}
	}
	return false
}

// formatDisagreements writes the open cells for the build's error.
func formatDisagreements(open []disagreement) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d product classes of states need a decision in internal/datagen/curated/%s:", len(open), taxDecisions)
	for i, d := range open {
		if i == 40 {
			b.WriteString("\n  and " + strconv.Itoa(len(open)-40) + " more")
			break
		}
		fmt.Fprintf(&b, "\n  %s %s: %s", d.state, d.class, d.why)
	}
	return b.String()
}

// usMatrix reads the sources and decisions of the US matrix and builds
// it. rows are the OpenSalesTax rows with their corrections.
func usMatrix(g *gen, rows []taxRow) ([]usCell, []disagreement, error) {
	tl, err := readTaxlocusTaxability(g.srcFile(taxlocusTaxability))
	if err != nil {
		return nil, nil, err
	}
	decisions, err := readTaxDecisions(g.curated, taxDecisions)
	if err != nil {
		return nil, nil, err
	}
	return buildUSMatrix(tl, rows, decisions)
}

// usTaxRows reads the OpenSalesTax taxability rows with their
// corrections applied, and the notes of the corrections.
func usTaxRows(g *gen) ([]taxRow, []taxRow, []string, error) {
	states := usTaxStates()
	rows, err := readTaxRows(g.srcFile(taxabilitySrc), taxabilitySrc, states, false)
	if err != nil {
		return nil, nil, nil, err
	}
	fixes, err := readTaxRows(g.curatedFile(taxCorrections), curatedRef+taxCorrections, states, true)
	if err != nil {
		return nil, nil, nil, err
	}
	rows, notes, err := applyTaxCorrections(rows, fixes)
	if err != nil {
		return nil, nil, nil, err
	}
	if err := checkTaxRows(rows, states); err != nil {
		return nil, nil, nil, err
	}
	return rows, fixes, notes, nil
}

// printOpenCells writes the cells of the US matrix that need a decision,
// of the states listed (all when none), one a line: the command behind
// `go run ./cmd/levydata -taxability-open`.
func printOpenCells(g *gen, w io.Writer, states []string) error {
	rows, _, _, err := usTaxRows(g)
	if err != nil {
		return err
	}
	cells, open, err := usMatrix(g, rows)
	if err != nil {
		return err
	}
	n := 0
	for _, d := range open {
		if len(states) == 0 || slices.Contains(states, d.state) {
			fmt.Fprintf(w, "%s %s: %s\n", d.state, d.class, d.why)
			n++
		}
	}
	fmt.Fprintf(w, "%d cells need a decision (%d decided or read from the sources)\n", n, len(cells))
	return nil
}

// countStatus counts the cells of a status.
func countStatus(cells []usCell, status string) int {
	n := 0
	for _, c := range cells {
		if c.status == status {
			n++
		}
	}
	return n
}
