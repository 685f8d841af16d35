package data

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/binfmt"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/money"
	"github.com/shopspring/decimal"
)

// The generated taxability file; internal/datagen/taxability.go writes it.
const (
	taxFile    = "taxability.lvd"
	taxKind    = "taxability"
	taxVersion = 12
)

// Taxability holds how product classes are taxed: the US matrix of
// states and classes, the US sales tax holidays, the states' rules for shipping
// charges, the VAT/GST treatment of Levy's product classes and the US
// local taxes outside the sales tax that reach only some classes. It is
// immutable and safe for concurrent use; every method returns fresh values,
// so callers may change what they get without affecting the table.
type Taxability struct {
	states   []StateTaxability   // sorted by state, category, effective
	byState  map[string][2]int32 // state -> states[lo:hi]
	holidays []Holiday           // sorted by state, first day, name
	shipping map[string]Shipping
	classes  []ProductClassRule // sorted by country, product class, tax, effective
	local    []LocalTax         // sorted by jurisdiction, tax, class, effective
	lacking  []LackingTax       // sorted by state, jurisdiction, tax, effective
}

// LocalTax says that a US local jurisdiction levies a tax outside the
// sales tax on a product class over a period: Chicago's Personal Property
// Lease Transaction Tax on software used remotely, its Amusement Tax on
// streaming. A US state's own tax of this kind (Hawaii's transient
// accommodations tax) and a Canadian province's (Quebec's tax on lodging,
// beside the GST and QST) are rows too, levied by the state's or the
// province's jurisdiction (StateTax). The tax's rates are rates of the jurisdiction, of imposition
// Tax and category Category, in the jurisdictions part; a class that no
// row names is not reached by the tax. Rows of one jurisdiction, tax and
// class do not overlap.
type LocalTax struct {
	// State is the postal code of the state: "IL"; for a Canadian
	// province's tax, the province's code: "QC".
	State string `json:"state"`
	// Jurisdiction is the ID of the jurisdiction that levies the tax
	// ("US-1714000", Chicago), and Name its name.
	Jurisdiction string `json:"jurisdiction"`
	Name         string `json:"name"`
	// Key names the tax in rule IDs: "chicago-lease-tax".
	Key string `json:"key"`
	// Tax is the imposition, as responses name it: "Personal Property
	// Lease Transaction Tax".
	Tax string `json:"tax"`
	// Category is the rate category of the tax that applies to the class:
	// "computer_lease".
	Category string `json:"category"`
	// Class is the product class the tax reaches: "SAAS".
	Class string `json:"class"`
	// Rate is the rate of the period, as a fraction (0.15 for 15%), as
	// the jurisdiction's rate of Category gives it.
	Rate decimal.Decimal `json:"rate"`
	// Period is when the row applies. Effective is set, except on a row
	// of a state's own tax (Jurisdiction is the state's) whose first day
	// is not recorded: such a row applies to every earlier day, as a row
	// of the matrix without a first day does.
	civil.Period
	// Citation names the ordinance, ruling or department publication the
	// row follows; Decision says how the class was read into the tax and
	// which exemptions Levy leaves to the user.
	Citation string `json:"citation"`
	Decision string `json:"decision,omitempty"`
}

// StateTax reports whether the tax is the state's own (Hawaii's
// transient accommodations tax, a tax of US-HI beside its general excise
// tax) or a Canadian province's (Quebec's tax on lodging, of CA-QC),
// rather than a city's or county's.
func (x *LocalTax) StateTax() bool {
	return x.Jurisdiction == "US-"+x.State || x.Jurisdiction == "CA-"+x.State
}

// Country returns the ISO code of the country whose state or province
// levies the tax: "US", or "CA" for a Canadian province's tax.
func (x *LocalTax) Country() string {
	c, _, _ := strings.Cut(x.Jurisdiction, "-")
	return c
}

// LackingTax is a tax that a US jurisdiction (or a Canadian province, or
// a municipality of one, named at the province: British Columbia's
// MRDT, Winnipeg's accommodation tax) levies and Levy knows of but does
// not compute: Denver's sales and use tax on software used
// remotely (Colorado's, which Levy's local taxes follow, does not reach
// it), Chicago's lease tax on leases of goods, Washington's business and
// occupation taxes on the seller's receipts. Levy charges no guessed
// rate for it. Where Classes names the class of a line, the tax falls
// where the customer is, and the line's customer (for ACCOMMODATION, the
// property) is in Jurisdiction on the line's date, the engine names the
// tax on the response line (see Notice); `levy data coverage` lists
// every row.
type LackingTax struct {
	// State is the postal code of the state: "CO"; or the Canadian
	// province's code: "BC".
	State string `json:"state"`
	// Jurisdiction is the ID of the jurisdiction that levies the tax, as
	// Levy names it ("US-0820000", the city of Denver, which carries its
	// rates), and Name its name.
	Jurisdiction string `json:"jurisdiction"`
	Name         string `json:"name"`
	// Tax is the tax's name, as responses name the imposition where Levy
	// has its rates: "Sales and Use Tax", "Personal Property Lease
	// Transaction Tax".
	Tax string `json:"tax"`
	// Classes are the product classes the tax reaches that Levy does not
	// tax with it; none where the tax reaches no class of Levy's (a tax
	// owed by the seller or a platform, not charged on a sale, or on
	// things Levy has no class for), which only the coverage report
	// names.
	Classes []string `json:"classes,omitempty"`
	// Transactions limits the row to lines of these transaction types
	// (LEASE, RENTAL); none for every type.
	Transactions []string `json:"transactions,omitempty"`
	// Period is when the tax is known to apply. A zero Effective means
	// the start is not known: AsOf is then a day on which the citation
	// attests the tax, and the row applies on every day up to
	// Expiration.
	civil.Period
	AsOf civil.Date `json:"asOf,omitzero"`
	// Note says in a few words what the jurisdiction taxes, "{class}"
	// standing for the line's class: "Denver taxes {class} under its own
	// sales and use tax code". Reference is the short form of the
	// citation that responses quote ("Denver Tax Guide Topic No. 18"),
	// Citation the full one.
	Note      string `json:"note"`
	Reference string `json:"reference"`
	// Instead says what Levy does in place of the tax, and how the
	// classes were read into it.
	Instead  string `json:"instead"`
	Citation string `json:"citation"`
}

// Notice returns the sentence that names the tax on a line of the class:
// the jurisdiction's ID, the note, the reference and that Levy does not
// compute it. "US-0820000 Denver taxes SAAS under its own sales and use
// tax code (Denver Tax Guide Topic No. 18); Levy does not compute it".
func (x *LackingTax) Notice(class string) string {
	return x.Jurisdiction + " " + strings.ReplaceAll(x.Note, "{class}", class) + " (" + x.Reference + "); Levy does not compute it"
}

// Summary returns the note with the classes of the row in place of
// {class}: "Denver taxes SAAS and AI_SERVICES under its own sales and
// use tax code".
func (x *LackingTax) Summary() string {
	cs := x.Classes
	list := strings.Join(cs, ", ")
	if n := len(cs); n > 1 {
		list = strings.Join(cs[:n-1], ", ") + " and " + cs[n-1]
	}
	return strings.ReplaceAll(x.Note, "{class}", list)
}

// AppliesTo reports whether the row names a line of the class and
// transaction type (empty for a sale) dated day.
func (x *LackingTax) AppliesTo(class, transaction string, day civil.Date) bool {
	if !slices.Contains(x.Classes, class) || !x.Contains(day) {
		return false
	}
	if transaction == "" {
		transaction = "SALE"
	}
	return len(x.Transactions) == 0 || slices.Contains(x.Transactions, transaction)
}

// StateTaxability says how a US state taxes a product class over a
// period: whether the state's sales tax applies, at which rate and on
// which share of the price, and how the local taxes treat the class. Rows
// of one state and class do not overlap.
type StateTaxability struct {
	// State is the postal code of the state, DC or PR: "NY".
	State string
	// Class is the product class: one of rules.ProductClasses.
	Class string
	// Taxable reports whether the state's sales tax applies at all.
	Taxable bool
	// Rate is the state rate that replaces the general state rate for the
	// class, as a fraction (0.04 for Tennessee groceries); nil when the
	// general rate applies.
	Rate *decimal.Decimal
	// BasisPercent is the share of the price that is taxed, as a fraction
	// (0.8 for Texas data processing); nil when all of it is.
	BasisPercent *decimal.Decimal
	// Threshold is a per-item amount in ThresholdCurrency that limits
	// the tax, as ThresholdKind says; nil when there is none.
	Threshold *decimal.Decimal
	// ThresholdCurrency is the ISO 4217 code of Threshold ("USD": the
	// US tables give their amounts in US dollars); "" without a
	// threshold.
	ThresholdCurrency string
	// ThresholdKind is "below_exempt" (an item priced strictly below the
	// threshold is exempt, at or above it fully taxable: New York clothing
	// under $110), "above_excess" (exempt up to and including the
	// threshold, only the excess is taxable: Massachusetts clothing over
	// $175) or "" without a threshold.
	ThresholdKind string
	// Local says how the local taxes treat the class: LocalSame,
	// LocalTaxable, LocalExempt or LocalElected.
	Local string
	// LocalCategory is the rate category of the local taxes where Local is
	// LocalTaxable: "food", "drugs", or "" for the general rate. With
	// LocalOnly, a jurisdiction without a rate of the category does not
	// tax the class; without it, its general rate applies.
	LocalCategory string
	LocalOnly     bool
	// Buyer is BuyerBusinessExempt, BuyerConsumerExempt or "".
	Buyer string
	// Elected, where Local is LocalElected, lists the local jurisdictions
	// whose taxes follow the state's outcome, each over its own period:
	// the taxes of every jurisdiction of a place within one of them do
	// (New York City and the counties of Publication 718-C, and with them
	// the MCTD's tax on their sales, for clothing under $110). Elsewhere
	// the local taxes charge their own rates on the whole price.
	Elected []LocalElection
	// Period is when the row applies. A zero Effective means the start is
	// not known: AsOf is then a day on which the citation attests the row.
	civil.Period
	AsOf civil.Date
	// Status is StatusSources, StatusDecided or StatusUnsettled.
	Status string
	// Citation names the statute, the department's publication or the
	// source the row follows.
	Citation string
	// Decision says, where the sources disagreed or left the cell open,
	// what was decided and why.
	Decision string
}

// LocalElection says that the local taxes of a place within
// Jurisdiction follow the state's outcome for a class over a period,
// where the state lets its localities choose (StateTaxability.Elected).
type LocalElection struct {
	// Jurisdiction is the ID of the local jurisdiction that elected
	// ("US-36079", Putnam County), and Name its name.
	Jurisdiction string
	Name         string
	// Period is when the election applies. A zero Effective means the
	// start is not known: AsOf is then a day on which the citation
	// attests it.
	civil.Period
	AsOf civil.Date
	// Citation names the department's publication or the local law.
	Citation string
}

// The local outcomes of a StateTaxability.
const (
	LocalSame    = "same"    // the local taxes follow the state's outcome, at their own rates
	LocalTaxable = "taxable" // the local taxes apply though the state exempts the class or taxes it at a reduced rate
	LocalExempt  = "exempt"  // the local taxes do not apply though the state taxes the class
	// LocalElected: the local taxes follow the state's outcome in the
	// jurisdictions of Elected, and elsewhere tax the class at their own
	// general rate, without the state's threshold or exemption.
	LocalElected = "elected"
)

// The buyers of a StateTaxability.
const (
	BuyerBusinessExempt = "business_exempt" // exempt when the buyer is a business
	BuyerConsumerExempt = "consumer_exempt" // taxable only when the buyer is a business
)

// The statuses of a StateTaxability.
const (
	StatusSources   = "sources"   // the sources agree
	StatusDecided   = "decided"   // the sources disagreed or left it open; Decision says how it was decided
	StatusUnsettled = "unsettled" // could not be settled; Decision says what Levy does meanwhile
)

// Holiday is a US sales tax holiday: sales of goods of the listed
// categories, priced at most MaxPerItem per item, are exempt from the
// state's sales tax over the period.
type Holiday struct {
	State, Name string // postal code, and the holiday's name
	// Period holds the first and last day; Expiration is the last day,
	// inclusive.
	civil.Period
	// Categories are the kinds of goods covered, such as clothing,
	// school_supplies or computers; none when the holiday covers most
	// goods (as Massachusetts' does): the built-in rules then apply it to
	// the goods classes that the state taxes in full.
	Categories []string
	// MaxPerItem is the per-item cap in Currency; nil when uncapped.
	MaxPerItem *decimal.Decimal
	// Currency is the ISO 4217 code of MaxPerItem ("USD"); "" when
	// uncapped.
	Currency string
	// Citation names the statute, when known.
	Citation string
	// LocalNote, when set, says how the state's local sales taxes take
	// part in the holiday and where Levy's list of the localities that
	// do not comes from: the state's law (each locality opts in, or may
	// opt out) and the year of the publication that lists them.
	LocalNote string
	// NotTaking are the local jurisdictions whose own sales tax does not
	// follow the holiday, sorted by jurisdiction ID: every other local
	// tax of the state follows it (version 10).
	NotTaking []HolidayLocality
}

// HolidayLocality is a local jurisdiction that does not take part in a
// sales tax holiday, or takes part for some of its sales tax only: its
// tax goes on applying to the holiday's goods.
type HolidayLocality struct {
	// Jurisdiction is the ID of the local jurisdiction ("US-01073",
	// Jefferson County, Alabama), and Name its name.
	Jurisdiction string
	Name         string
	// Rate, when set, is the part of the jurisdiction's rate that goes
	// on applying (0.01 for 1%: a county that waives its general 1% and
	// keeps a 1% levied for education); nil when its whole rate does.
	Rate *decimal.Decimal
	// Share, with Rate, is the part of the jurisdiction's general rate on
	// the holiday's first day that it waives (1 - Rate / general rate:
	// 0.5 for 1% of 2%): within a holiday's cap per item, that part of
	// the item is exempt from its tax, and a dearer item bears all of it.
	Share *decimal.Decimal
	// AsOf is the day of the publication that lists the jurisdiction:
	// the holiday's own year where it was found, else an earlier year's.
	AsOf civil.Date
	// Citation names the publication.
	Citation string
}

// Shipping says how a state taxes shipping charges: Rule is "none" (no
// sales tax), "exempt_if_separately_stated", "conditional" (taxable when the
// goods shipped are taxable) or "always_taxable". HandlingRule is the rule
// for handling charges where it differs from Rule, else "".
type Shipping struct{ State, Rule, HandlingRule string }

// ProductClassRule is the VAT or GST treatment of one of Levy's product
// classes in a country whose treatment differs from the standard rate.
// Product classes without a rule take the country's standard (general)
// rate. For Canada a rule of the country covers the GST and HST, and the
// provincial taxes (QST, PST) unless a rule of the province decides them;
// its citation says how they treat the class. A province's rule for its
// HST decides the provincial part alone (a point-of-sale rebate), not the
// GST.
type ProductClassRule struct {
	// Country is the ISO 3166-1 alpha-2 code, or a Canadian province
	// (CA-BC, CA-ON, ...), whose rule decides the provincial tax Tax
	// alone; ProductClass is one of Levy's product classes
	// (rules.ProductClasses).
	Country, ProductClass string
	// Tax is the provincial tax that a province's rule decides: PST or
	// QST (the province's own sales tax), or HST (its provincial part,
	// which the province rebates at the point of sale on some goods:
	// printed books in Ontario since 2010-07-01), or GST, a rate of the
	// federal GST of its own for the class in the province alone (the
	// GST's effective rate where a provincial tax is in its base:
	// Quebec's tax on lodging). A country's rule
	// decides every tax of the country ("") or the one it names, in a
	// country with taxes that reach different classes (Malaysia's
	// "Sales Tax" on goods and "Service Tax" on services).
	Tax string
	// Treatment is "reduced" (the country's rate of Category applies),
	// "rate" (Rate applies: a reduced rate that the rate sources give
	// under no category, or a province's rate of its own for the tax it
	// decides, British Columbia's PST of 8% on accommodation), "zero"
	// (taxable at 0%), "exempt" (limited by Threshold where it is set),
	// or, for a
	// province or a country's rule that names its tax, "nontaxable"
	// (outside the tax: a service that the province's act does not
	// name, a service outside Malaysia's sales tax).
	Treatment string
	// Category is the rate category for reduced: reduced, reduced2,
	// super_reduced or parking; "" otherwise.
	Category string
	// Rate is the rate of treatment "rate", a fraction; nil otherwise.
	Rate *decimal.Decimal
	// Threshold, on a province's exempt rule alone, is the per-item price
	// in the province's currency that limits the exemption as
	// ThresholdKind says (below_exempt, up_to_exempt or above_excess, the
	// kinds of rules.ThresholdKind): Manitoba exempts children's clothing
	// of $150 or less from its RST (up_to_exempt), and a dearer item bears
	// it on its whole price; or document_up_to_exempt, a limit on the
	// total of a document's lines of the province's classes that carry
	// it, not on an item (Ontario's rebate of its part of the HST on
	// qualifying prepared food sold together for $4.00 or less).
	// ThresholdCurrency is the ISO 4217 code of
	// Threshold, the province's currency (CAD), which the curated table
	// states on the row. Nil, and ThresholdKind and ThresholdCurrency
	// "", for an exemption without a limit.
	Threshold         *decimal.Decimal
	ThresholdKind     string
	ThresholdCurrency string
	// ThresholdRate, with ThresholdKind "up_to_rate" alone, is the rate
	// of an item whose unit price is at or below Threshold, on its whole
	// price, where a dearer item bears the rule's Treatment: India's GST
	// on garments of a sale value of Rs 2,500 or less a piece at 5%, and
	// the standard 18% above (Treatment "standard", which only such a
	// rule has). Any country's or province's standard, reduced or rate
	// rule may carry it; nil otherwise.
	ThresholdRate *decimal.Decimal
	// ThresholdWith, with ThresholdKind "document_up_to_exempt" alone,
	// names the product classes of which the document must hold a line
	// that the same limit reaches by a row without ThresholdWith for a
	// line of this row to count and be exempt (rules.Threshold.With):
	// Ontario rebates its part of the HST on a soft drink only when it is
	// sold together with qualifying prepared food. Nil otherwise
	// (version 12).
	ThresholdWith []string
	// Effective and Expiration bound the days the rule is in force (zero:
	// open); rules of one country and class do not overlap, so a class
	// whose rate category changed has one rule per period.
	Effective, Expiration civil.Date
	// Citation names the statute or the tax authority's page.
	Citation string
}

// Taxability returns the taxability tables of the dataset, decoding them on
// first use.
func (d *Dataset) Taxability() (*Taxability, error) {
	return part(d, &d.taxes, taxFile, decodeTaxability)
}

// States returns every state row, sorted by state, class and effective
// date.
func (t *Taxability) States() []StateTaxability { return cloneStateRows(t.states) }

// State returns the rows of one state, by postal code ("NY", case
// ignored), sorted by category and effective date; none for an unknown
// code.
func (t *Taxability) State(state string) []StateTaxability {
	span, ok := t.byState[strings.ToUpper(strings.TrimSpace(state))]
	if !ok {
		return nil
	}
	return cloneStateRows(t.states[span[0]:span[1]])
}

// Holidays returns the sales tax holidays, sorted by state, first day and
// name.
func (t *Taxability) Holidays() []Holiday {
	out := slices.Clone(t.holidays)
	for i := range out {
		out[i].Categories = slices.Clone(out[i].Categories)
		out[i].MaxPerItem = cloneDecimal(out[i].MaxPerItem)
		out[i].NotTaking = slices.Clone(out[i].NotTaking)
		for k := range out[i].NotTaking {
			out[i].NotTaking[k].Rate = cloneDecimal(out[i].NotTaking[k].Rate)
			out[i].NotTaking[k].Share = cloneDecimal(out[i].NotTaking[k].Share)
		}
	}
	return out
}

// Shipping returns how the state with the postal code state (case ignored)
// taxes shipping charges.
func (t *Taxability) Shipping(state string) (Shipping, bool) {
	s, ok := t.shipping[strings.ToUpper(strings.TrimSpace(state))]
	return s, ok
}

// ProductClasses returns the VAT/GST product class rules, sorted by country
// and product class.
func (t *Taxability) ProductClasses() []ProductClassRule {
	out := slices.Clone(t.classes)
	for i := range out {
		out[i].Rate = cloneDecimal(out[i].Rate)
		out[i].Threshold = cloneDecimal(out[i].Threshold)
		out[i].ThresholdRate = cloneDecimal(out[i].ThresholdRate)
		out[i].ThresholdWith = slices.Clone(out[i].ThresholdWith)
	}
	return out
}

// LocalTaxes returns the US local taxes outside the sales tax, by
// jurisdiction, tax, class and first day.
func (t *Taxability) LocalTaxes() []LocalTax { return slices.Clone(t.local) }

// LackingTaxes returns the taxes that US jurisdictions levy and Levy
// knows of but does not compute, by state, jurisdiction, tax and first
// day.
func (t *Taxability) LackingTaxes() []LackingTax {
	out := slices.Clone(t.lacking)
	for i := range out {
		out[i].Classes = slices.Clone(out[i].Classes)
		out[i].Transactions = slices.Clone(out[i].Transactions)
	}
	return out
}

// cloneStateRows copies rows and the decimals they point to.
func cloneStateRows(rows []StateTaxability) []StateTaxability {
	if len(rows) == 0 {
		return nil
	}
	out := slices.Clone(rows)
	for i := range out {
		out[i].Rate = cloneDecimal(out[i].Rate)
		out[i].BasisPercent = cloneDecimal(out[i].BasisPercent)
		out[i].Threshold = cloneDecimal(out[i].Threshold)
		out[i].Elected = slices.Clone(out[i].Elected)
	}
	return out
}

func cloneDecimal(d *decimal.Decimal) *decimal.Decimal {
	if d == nil {
		return nil
	}
	c := *d
	return &c
}

// shippingRule reports whether r is a rule for shipping charges.
func shippingRule(r string) bool {
	switch r {
	case "none", "exempt_if_separately_stated", "conditional", "always_taxable":
		return true
	}
	return false
}

// isCountryRuleTax reports whether a country's product class rule may
// name tax as the one it decides (ProductClassRule.Tax): a country's own
// taxes, never a province's nor the US sales tax.
func isCountryRuleTax(tax string) bool {
	switch jurisdiction.Tax(tax) {
	case jurisdiction.VAT, jurisdiction.GST, jurisdiction.ConsumptionTax, jurisdiction.GoodsSalesTax, jurisdiction.ServiceTax:
		return true
	}
	return false
}

// decodeTaxability reads the file written by the generator (see
// encodeTaxability in internal/datagen/taxability.go for the layout).
func decodeTaxability(file []byte) (*Taxability, error) {
	r, err := binfmt.Open(file, taxKind, taxVersion)
	if err != nil {
		return nil, err
	}
	t := &Taxability{byState: map[string][2]int32{}, shipping: map[string]Shipping{}}

	n := r.Count(16)
	t.states = make([]StateTaxability, n)
	for i := range t.states {
		x := &t.states[i]
		if err := readStateRow(r, x); err != nil {
			return nil, err
		}
		if i > 0 {
			p := &t.states[i-1]
			if c := strings.Compare(p.State, x.State); c > 0 || c == 0 && (p.Class > x.Class ||
				p.Class == x.Class && p.Effective.Compare(x.Effective) > 0) {
				return nil, fmt.Errorf("%w: state rows not sorted at %s %s", binfmt.ErrCorrupt, x.State, x.Class)
			}
		}
		span := t.byState[x.State]
		if span[1] == 0 {
			span[0] = int32(i)
		} else if span[1] != int32(i) {
			return nil, fmt.Errorf("%w: rows of %s are not together", binfmt.ErrCorrupt, x.State)
		}
		span[1] = int32(i) + 1
		t.byState[x.State] = span
	}

	n = r.Count(8)
	t.holidays = make([]Holiday, n)
	for i := range t.holidays {
		h := &t.holidays[i]
		h.State = r.String()
		h.Name = r.String()
		h.Effective = readJurisDate(r)
		h.Expiration = readJurisDate(r)
		if nc := r.Count(1); nc > 0 {
			h.Categories = make([]string, nc)
			for k := range h.Categories {
				h.Categories[k] = r.String()
			}
		}
		h.MaxPerItem = readOptDecimal(r)
		h.Currency = r.String()
		h.Citation = r.String()
		h.LocalNote = r.String()
		if nl := r.Count(4); nl > 0 {
			h.NotTaking = make([]HolidayLocality, nl)
			for k := range h.NotTaking {
				l := &h.NotTaking[k]
				l.Jurisdiction = r.String()
				l.Name = r.String()
				l.Rate = readOptDecimal(r)
				l.Share = readOptDecimal(r)
				l.AsOf = readJurisDate(r)
				l.Citation = r.String()
				if r.Err() != nil {
					return nil, r.Err()
				}
				if err := checkHolidayLocality(h, k); err != nil {
					return nil, err
				}
			}
		}
		if r.Err() != nil {
			return nil, r.Err()
		}
		if h.Effective.IsZero() || h.Expiration.Before(h.Effective) {
			return nil, fmt.Errorf("%w: holiday %s %q has period %s..%s", binfmt.ErrCorrupt, h.State, h.Name, h.Effective, h.Expiration)
		}
		if !amountCurrency(h.MaxPerItem, h.Currency) {
			return nil, fmt.Errorf("%w: holiday %s %q has cap %v in currency %q", binfmt.ErrCorrupt, h.State, h.Name, h.MaxPerItem, h.Currency)
		}
	}

	n = r.Count(3)
	for range n {
		s := Shipping{State: r.String(), Rule: r.String(), HandlingRule: r.String()}
		if r.Err() != nil {
			return nil, r.Err()
		}
		if !shippingRule(s.Rule) || s.HandlingRule != "" && !shippingRule(s.HandlingRule) {
			return nil, fmt.Errorf("%w: shipping of %s has rules %q and %q", binfmt.ErrCorrupt, s.State, s.Rule, s.HandlingRule)
		}
		if _, dup := t.shipping[s.State]; dup {
			return nil, fmt.Errorf("%w: shipping of %s twice", binfmt.ErrCorrupt, s.State)
		}
		t.shipping[s.State] = s
	}

	n = r.Count(5)
	t.classes = make([]ProductClassRule, n)
	for i := range t.classes {
		c := &t.classes[i]
		c.Country = r.String()
		c.ProductClass = r.String()
		c.Tax = r.String()
		c.Treatment = r.String()
		c.Category = r.String()
		c.Rate = readOptDecimal(r)
		c.Threshold = readOptDecimal(r)
		c.ThresholdKind = r.String()
		c.ThresholdCurrency = r.String()
		c.ThresholdRate = readOptDecimal(r)
		if nw := r.Count(1); nw > 0 {
			c.ThresholdWith = make([]string, nw)
			for k := range c.ThresholdWith {
				c.ThresholdWith[k] = r.String()
			}
		}
		c.Effective = readJurisDate(r)
		c.Expiration = readJurisDate(r)
		c.Citation = r.String()
		if r.Err() != nil {
			return nil, r.Err()
		}
		switch {
		case c.Treatment == "reduced" && c.Category != "" && c.Rate == nil,
			c.Treatment == "rate" && c.Category == "" && c.Rate != nil,
			c.Treatment == "standard" && c.Category == "" && c.Rate == nil && c.ThresholdRate != nil,
			(c.Treatment == "zero" || c.Treatment == "exempt" || c.Treatment == "nontaxable") && c.Category == "" && c.Rate == nil:
		default:
			return nil, fmt.Errorf("%w: %s %s has treatment %q with category %q and rate %v", binfmt.ErrCorrupt, c.Country, c.ProductClass, c.Treatment, c.Category, c.Rate)
		}
		if !c.Effective.IsZero() && !c.Expiration.IsZero() && c.Expiration.Before(c.Effective) {
			return nil, fmt.Errorf("%w: %s %s has period %s..%s", binfmt.ErrCorrupt, c.Country, c.ProductClass, c.Effective, c.Expiration)
		}
		// A price limit belongs to a province's exemption, and comes
		// with its kind; or it divides a taxable rule's items between
		// two rates (up_to_rate), in any country.
		switch {
		case c.Threshold == nil && c.ThresholdKind == "" && c.ThresholdCurrency == "" && c.ThresholdRate == nil:
		case c.ThresholdKind == "up_to_rate":
			if c.Threshold == nil || !c.Threshold.IsPositive() || !amountCurrency(c.Threshold, c.ThresholdCurrency) ||
				c.Treatment != "standard" && c.Treatment != "reduced" && c.Treatment != "rate" ||
				c.ThresholdRate == nil || c.ThresholdRate.IsNegative() || !c.ThresholdRate.LessThan(decimal.NewFromInt(1)) {
				return nil, fmt.Errorf("%w: %s %s has treatment %q with threshold %v %q at rate %v", binfmt.ErrCorrupt, c.Country, c.ProductClass, c.Treatment,
					c.Threshold, c.ThresholdCurrency, c.ThresholdRate)
			}
		case c.ThresholdRate != nil, c.Threshold == nil || !c.Threshold.IsPositive() || len(c.Country) <= 2 || c.Treatment != "exempt" ||
			c.ThresholdKind != "below_exempt" && c.ThresholdKind != "up_to_exempt" && c.ThresholdKind != "above_excess" &&
				c.ThresholdKind != "document_up_to_exempt" ||
			!amountCurrency(c.Threshold, c.ThresholdCurrency):
			return nil, fmt.Errorf("%w: %s %s has treatment %q with threshold %v %q of kind %q", binfmt.ErrCorrupt, c.Country, c.ProductClass, c.Treatment,
				c.Threshold, c.ThresholdCurrency, c.ThresholdKind)
		}
		// The classes a document limit needs beside it belong to that
		// kind alone, each named once.
		if len(c.ThresholdWith) > 0 && c.ThresholdKind != "document_up_to_exempt" {
			return nil, fmt.Errorf("%w: %s %s has threshold classes %q beside kind %q", binfmt.ErrCorrupt, c.Country, c.ProductClass, c.ThresholdWith, c.ThresholdKind)
		}
		for k, w := range c.ThresholdWith {
			if w == "" || slices.Contains(c.ThresholdWith[:k], w) {
				return nil, fmt.Errorf("%w: %s %s has threshold classes %q", binfmt.ErrCorrupt, c.Country, c.ProductClass, c.ThresholdWith)
			}
		}
		// A province's rule (CA-ON) names the provincial tax it decides;
		// a country's names none (it decides every tax of the country) or
		// the one of its taxes it decides (Malaysia's Sales Tax or Service
		// Tax), never a provincial one.
		switch province := len(c.Country) > 2; {
		case !province && c.Tax != "" && !isCountryRuleTax(c.Tax),
			province && c.Tax != "PST" && c.Tax != "QST" && c.Tax != "HST" && (c.Tax != "GST" || c.Treatment != "rate"):
			return nil, fmt.Errorf("%w: %s %s decides tax %q", binfmt.ErrCorrupt, c.Country, c.ProductClass, c.Tax)
		case !province && c.Tax == "" && c.Treatment == "nontaxable":
			return nil, fmt.Errorf("%w: %s %s is nontaxable without naming the tax it is outside", binfmt.ErrCorrupt, c.Country, c.ProductClass)
		}
		if i > 0 {
			p := &t.classes[i-1]
			if p.Country == c.Country && p.ProductClass == c.ProductClass && p.Tax == c.Tax && (p.Expiration.IsZero() || !p.Expiration.Before(c.Effective)) {
				return nil, fmt.Errorf("%w: rules of %s %s %s overlap or are not sorted", binfmt.ErrCorrupt, c.Country, c.ProductClass, c.Tax)
			}
		}
	}

	n = r.Count(11)
	t.local = make([]LocalTax, n)
	for i := range t.local {
		x := &t.local[i]
		if err := readLocalTax(r, x); err != nil {
			return nil, err
		}
		if i > 0 {
			p := &t.local[i-1]
			if cmp.Or(strings.Compare(p.Jurisdiction, x.Jurisdiction), strings.Compare(p.Tax, x.Tax), strings.Compare(p.Class, x.Class)) == 0 &&
				(p.Expiration.IsZero() || !p.Expiration.Before(x.Effective)) {
				return nil, fmt.Errorf("%w: local tax rows of %s %s %s overlap or are not sorted", binfmt.ErrCorrupt, x.Jurisdiction, x.Tax, x.Class)
			}
		}
	}

	n = r.Count(13)
	t.lacking = make([]LackingTax, n)
	for i := range t.lacking {
		x := &t.lacking[i]
		if err := readLackingTax(r, x); err != nil {
			return nil, err
		}
		if i > 0 {
			p := &t.lacking[i-1]
			if cmp.Or(strings.Compare(p.State, x.State), strings.Compare(p.Jurisdiction, x.Jurisdiction), strings.Compare(p.Tax, x.Tax),
				p.Effective.Compare(x.Effective)) > 0 {
				return nil, fmt.Errorf("%w: lacking tax rows not sorted at %s %s", binfmt.ErrCorrupt, x.Jurisdiction, x.Tax)
			}
		}
	}
	if err := r.Done(); err != nil {
		return nil, err
	}
	return t, nil
}

// readLackingTax reads one row of the taxes Levy lacks and checks it.
func readLackingTax(r *binfmt.Reader, x *LackingTax) error {
	x.State = r.String()
	x.Jurisdiction = r.String()
	x.Name = r.String()
	x.Tax = r.String()
	x.Classes = readWords(r)
	x.Transactions = readWords(r)
	x.Effective = readJurisDate(r)
	x.Expiration = readJurisDate(r)
	x.AsOf = readJurisDate(r)
	x.Note = r.String()
	x.Reference = r.String()
	x.Instead = r.String()
	x.Citation = r.String()
	if r.Err() != nil {
		return r.Err()
	}
	switch {
	case x.State == "" || x.Jurisdiction == "" || x.Tax == "" || x.Note == "" || x.Reference == "" || x.Citation == "":
		return fmt.Errorf("%w: lacking tax row %s %s lacks a field", binfmt.ErrCorrupt, x.Jurisdiction, x.Tax)
	case x.Effective.IsZero() && x.AsOf.IsZero(),
		!x.Expiration.IsZero() && x.Expiration.Before(x.Effective):
		return fmt.Errorf("%w: lacking tax row %s %s has period %s..%s (as of %s)", binfmt.ErrCorrupt, x.Jurisdiction, x.Tax, x.Effective, x.Expiration, x.AsOf)
	}
	return nil
}

// readWords reads a count and as many strings, or nil for none.
func readWords(r *binfmt.Reader) []string {
	n := r.Count(1)
	if n == 0 {
		return nil
	}
	out := make([]string, n)
	for i := range out {
		out[i] = r.String()
	}
	return out
}

// readLocalTax reads one local tax row and checks it.
func readLocalTax(r *binfmt.Reader, x *LocalTax) error {
	x.State = r.String()
	x.Jurisdiction = r.String()
	x.Name = r.String()
	x.Key = r.String()
	x.Tax = r.String()
	x.Category = r.String()
	x.Class = r.String()
	rate := readOptDecimal(r)
	x.Effective = readJurisDate(r)
	x.Expiration = readJurisDate(r)
	x.Citation = r.String()
	x.Decision = r.String()
	if r.Err() != nil {
		return r.Err()
	}
	switch {
	case x.State == "" || x.Jurisdiction == "" || x.Key == "" || x.Tax == "" || x.Category == "" || x.Class == "" || x.Citation == "":
		return fmt.Errorf("%w: local tax row %s %s %s lacks a field", binfmt.ErrCorrupt, x.Jurisdiction, x.Tax, x.Class)
	case rate == nil || rate.IsNegative() || rate.GreaterThan(decimal.NewFromInt(1)):
		return fmt.Errorf("%w: local tax row %s %s %s has rate %v", binfmt.ErrCorrupt, x.Jurisdiction, x.Tax, x.Class, rate)
	case x.Effective.IsZero() && !x.StateTax() || !x.Expiration.IsZero() && x.Expiration.Before(x.Effective):
		return fmt.Errorf("%w: local tax row %s %s %s has period %s..%s", binfmt.ErrCorrupt, x.Jurisdiction, x.Tax, x.Class, x.Effective, x.Expiration)
	}
	x.Rate = *rate
	return nil
}

// checkHolidayLocality checks the k-th locality of h.NotTaking as read:
// a local jurisdiction of h's state (not the state itself), after the
// one before it in ID order, with a citation, and either no kept rate
// and no waived share or both, each a fraction above 0 and below 1. Its
// error names the holiday, the locality and the field at fault.
func checkHolidayLocality(h *Holiday, k int) error {
	l := &h.NotTaking[k]
	fraction := func(d *decimal.Decimal) bool { return d.IsPositive() && d.LessThan(decimal.NewFromInt(1)) }
	var fault string
	switch {
	case !strings.HasPrefix(l.Jurisdiction, "US-") || l.Jurisdiction == "US-"+h.State:
		fault = "jurisdiction is not a local jurisdiction of the state"
	case k > 0 && h.NotTaking[k-1].Jurisdiction >= l.Jurisdiction:
		fault = fmt.Sprintf("jurisdiction is not after %q: the localities are sorted by ID, each once", h.NotTaking[k-1].Jurisdiction)
	case l.Citation == "":
		fault = "citation is empty"
	case (l.Rate == nil) != (l.Share == nil):
		fault = fmt.Sprintf("kept rate %v and waived share %v: a locality has both or neither", l.Rate, l.Share)
	case l.Rate != nil && !fraction(l.Rate):
		fault = fmt.Sprintf("kept rate %s is not a fraction above 0 and below 1", l.Rate)
	case l.Share != nil && !fraction(l.Share):
		fault = fmt.Sprintf("waived share %s is not a fraction above 0 and below 1", l.Share)
	default:
		return nil
	}
	return fmt.Errorf("%w: holiday %s %q: locality %d %q: %s", binfmt.ErrCorrupt, h.State, h.Name, k, l.Jurisdiction, fault)
}

// readStateRow reads one state row and checks it.
func readStateRow(r *binfmt.Reader, x *StateTaxability) error {
	x.State = r.String()
	x.Class = r.String()
	x.Taxable = r.Bool()
	x.Rate = readOptDecimal(r)
	x.BasisPercent = readOptDecimal(r)
	x.Threshold = readOptDecimal(r)
	x.ThresholdKind = r.String()
	x.ThresholdCurrency = r.String()
	x.Local = r.String()
	x.LocalCategory = r.String()
	x.LocalOnly = r.Bool()
	x.Buyer = r.String()
	x.Effective = readJurisDate(r)
	x.Expiration = readJurisDate(r)
	x.AsOf = readJurisDate(r)
	x.Status = r.String()
	x.Citation = r.String()
	x.Decision = r.String()
	if n := r.Count(5); n > 0 {
		x.Elected = make([]LocalElection, n)
		for i := range x.Elected {
			e := &x.Elected[i]
			e.Jurisdiction = r.String()
			e.Name = r.String()
			e.Effective = readJurisDate(r)
			e.Expiration = readJurisDate(r)
			e.AsOf = readJurisDate(r)
			e.Citation = r.String()
		}
	}
	if r.Err() != nil {
		return r.Err()
	}
	bad := func(what string, v any) error {
		return fmt.Errorf("%w: %s %s has %s %v", binfmt.ErrCorrupt, x.State, x.Class, what, v)
	}
	switch {
	case x.Class == "":
		return bad("class", `""`)
	case x.ThresholdKind != "" && x.ThresholdKind != "below_exempt" && x.ThresholdKind != "above_excess",
		(x.Threshold == nil) != (x.ThresholdKind == ""), !amountCurrency(x.Threshold, x.ThresholdCurrency):
		return bad("threshold", fmt.Sprintf("%v %q of kind %q", x.Threshold, x.ThresholdCurrency, x.ThresholdKind))
	case x.Local != LocalSame && x.Local != LocalTaxable && x.Local != LocalExempt && x.Local != LocalElected:
		return bad("local outcome", x.Local)
	case (x.Local == LocalElected) != (len(x.Elected) > 0):
		return bad("elections", fmt.Sprintf("%d with local outcome %s", len(x.Elected), x.Local))
	case x.LocalCategory != "" && x.LocalCategory != "food" && x.LocalCategory != "drugs":
		return bad("local category", x.LocalCategory)
	case x.Buyer != "" && x.Buyer != BuyerBusinessExempt && x.Buyer != BuyerConsumerExempt:
		return bad("buyer", x.Buyer)
	case x.Status != StatusSources && x.Status != StatusDecided && x.Status != StatusUnsettled:
		return bad("status", x.Status)
	case x.Effective.IsZero() && x.AsOf.IsZero():
		return bad("period", "without a start or a day that attests it")
	}
	for _, e := range x.Elected {
		switch {
		case e.Jurisdiction == "" || e.Citation == "":
			return bad("election", fmt.Sprintf("%q without its jurisdiction or citation", e.Jurisdiction))
		case e.Effective.IsZero() && e.AsOf.IsZero(),
			!e.Effective.IsZero() && !e.Expiration.IsZero() && e.Expiration.Before(e.Effective):
			return bad("election period", fmt.Sprintf("%s %s..%s", e.Jurisdiction, e.Effective, e.Expiration))
		}
	}
	return nil
}

// amountCurrency reports whether an optional amount and the currency
// it is in go together: no amount and no currency, or an amount and the
// ISO 4217 alphabetic code of its currency (three capital letters).
func amountCurrency(amount *decimal.Decimal, currency string) bool {
	if amount == nil {
		return currency == ""
	}
	return money.IsCodeForm(currency)
}

// readOptDecimal reads a decimal written by the generator, or nil.
func readOptDecimal(r *binfmt.Reader) *decimal.Decimal {
	switch r.Uvarint() {
	case 0:
		return nil
	case 1:
		coef := r.Varint()
		exp := r.Int()
		d := decimal.New(coef, int32(exp))
		return &d
	}
	if r.Err() == nil {
		// Only 0 and 1 are written; poison the reader so that the caller
		// sees a corrupt file.
		r.Raw(-1)
	}
	return nil
}
