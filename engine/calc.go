package engine

import (
	"context"
	"hash/maphash"
	"math"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/smalldec"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/rules"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// The calculation works on a model of its own, the same for the three
// perspectives: a document (doc) of leaf lines (line), each with its
// resolved places (place) and parties (party). The wire adapters in
// sale.go, purchase.go and owner.go build the model from a request and
// copy the results into the response.

var (
	decimalZero    = decimal.Zero
	decimalOne     = decimal.NewFromInt(1)
	decimalHundred = decimal.NewFromInt(100)
)

// add returns a.Add(b): the sum with the exponent of the finer operand.
// When one operand is a zero no finer than the other, that is the other
// operand itself, which add returns without allocating.
func add(a, b decimal.Decimal) decimal.Decimal {
	switch {
	case b.Sign() == 0 && b.Exponent() >= a.Exponent():
		return a
	case a.Sign() == 0 && a.Exponent() >= b.Exponent():
		return b
	}
	if e, ok := alignSmall(a, b); ok {
		x, y := a.CoefficientInt64()*pow10[a.Exponent()-e], b.CoefficientInt64()*pow10[b.Exponent()-e]
		return smallDecimal(x+y, e)
	}
	return a.Add(b)
}

// The helpers mul, add and roundHalfUp compute what decimal's Mul, Add
// and Round do, in int64 arithmetic when the coefficients are small
// enough, which allocates one big.Int for the result instead of several.
// A coefficient of at most 18 digits fits an int64, as does a sum of two
// and, with at most 18 digits together, a product.

// maxSmallDigits is the most digits of an int64 computation's operands.
const maxSmallDigits = 18

// pow10 are the powers of ten that fit an int64.
var pow10 = func() (p [maxSmallDigits + 1]int64) {
	p[0] = 1
	for i := 1; i < len(p); i++ {
		p[i] = p[i-1] * 10
	}
	return p
}()

// alignSmall returns the finer exponent of a and b when both
// coefficients, scaled to it, fit an int64 of at most 18 digits.
func alignSmall(a, b decimal.Decimal) (exp int32, ok bool) {
	ea, eb := int64(a.Exponent()), int64(b.Exponent())
	e := min(ea, eb)
	return int32(e), ea-e <= maxSmallDigits && eb-e <= maxSmallDigits &&
		int64(a.NumDigits())+ea-e <= maxSmallDigits && int64(b.NumDigits())+eb-e <= maxSmallDigits
}

// addScaled returns x plus the coefficient of d scaled to the exponent
// exp, which is at most d's, and whether that fits: d's coefficient
// scaled has at most 18 digits and the sum does not overflow.
func addScaled(x int64, d decimal.Decimal, exp int32) (int64, bool) {
	s := int64(d.Exponent()) - int64(exp)
	if s < 0 || s > maxSmallDigits || int64(d.NumDigits())+s > maxSmallDigits {
		return 0, false
	}
	v := d.CoefficientInt64() * pow10[s]
	if v > 0 && x > math.MaxInt64-v || v < 0 && x < math.MinInt64-v {
		return 0, false
	}
	return x + v, true
}

// decimalSum adds decimals one after the other as a chain of add
// calls does: the exact sum, with the exponent of the finest operand
// (the start's included). It counts in an int64 while the running sum
// and every operand, scaled to the finest exponent, fit 18 digits, so
// that a document's totals make one decimal instead of one a line; past
// that it adds decimals. While the sum is one of its operands (the
// others zeros no finer than it), it is that operand, as with add,
// and makes no decimal at all.
type decimalSum struct {
	x     int64
	exp   int32
	large bool            // the sum no longer fits: it is in big
	big   decimal.Decimal // the sum, when large
	same  bool            // the sum is op
	op    decimal.Decimal
}

// newDecimalSum returns a sum that starts at start.
func newDecimalSum(start decimal.Decimal) decimalSum {
	if x, ok := addScaled(0, start, start.Exponent()); ok {
		return decimalSum{x: x, exp: start.Exponent(), same: true, op: start}
	}
	return decimalSum{large: true, big: start}
}

// add adds d to the sum.
func (s *decimalSum) add(d decimal.Decimal) {
	if s.large {
		s.big = add(s.big, d)
		return
	}
	x, e := s.x, s.exp
	switch de := d.Exponent(); {
	case d.Sign() == 0 && de >= e: // the sum stays what it is
		return
	case x == 0 && e >= de: // the sum becomes d
		s.same, s.op = true, d
	default:
		s.same, s.op = false, decimal.Decimal{}
	}
	if de := d.Exponent(); de < e {
		k := int64(e) - int64(de)
		if k > maxSmallDigits || x > math.MaxInt64/pow10[k] || x < math.MinInt64/pow10[k] {
			s.toLarge(d)
			return
		}
		x, e = x*pow10[k], de
	}
	x, ok := addScaled(x, d, e)
	if !ok {
		s.toLarge(d)
		return
	}
	s.x, s.exp = x, e
}

// toLarge moves the sum, with d added, to big.
func (s *decimalSum) toLarge(d decimal.Decimal) {
	if s.same {
		s.big = s.op
	} else {
		s.big = add(smallDecimal(s.x, s.exp), d)
	}
	s.large, s.same, s.op = true, false, decimal.Decimal{}
}

// decimal returns the sum.
func (s *decimalSum) decimal() decimal.Decimal {
	switch {
	case s.large:
		return s.big
	case s.same:
		return s.op
	}
	return smallDecimal(s.x, s.exp)
}

// recentResults is the number of results recentProducts and
// recentRoundings remember.
const recentResults = 4

// recentProducts are the last products of a document's taxes, with their
// operands. The taxes of one line share its amount, and the rates of the
// dataset refer to a short list of distinct values, so that the equal
// rates of a place (the districts of a Californian county, 0.5% each) are
// the same decimal: their products are one. Operands are compared as
// values of decimal.Decimal (its coefficient's pointer and exponent), so
// that equal operands are the same number, and the product found, a
// decimal like any other, is never modified.
type recentProducts struct {
	items [recentResults]struct {
		a, b, p decimal.Decimal
		set     bool
	}
	next int
}

// mul returns mul(a, b), the product remembered when a and b are the
// operands of one.
func (r *recentProducts) mul(a, b decimal.Decimal) decimal.Decimal {
	for i := range r.items {
		if it := &r.items[i]; it.set && it.a == a && it.b == b {
			return it.p
		}
	}
	p := mul(a, b)
	it := &r.items[r.next]
	it.a, it.b, it.p, it.set = a, b, p, true
	r.next = (r.next + 1) % recentResults
	return p
}

// recentRoundings are the last roundings of a document's taxes, with
// their operands, compared as recentProducts compares them: the equal
// products of a place's taxes round to one tax.
type recentRoundings struct {
	items [recentResults]struct {
		d, r   decimal.Decimal
		places int32
		mode   money.RoundingMode
		set    bool
	}
	next int
}

// round returns roundTax(d, places, mode), the rounding remembered when
// its operands are those of one.
func (r *recentRoundings) round(d decimal.Decimal, places int32, mode money.RoundingMode) decimal.Decimal {
	for i := range r.items {
		if it := &r.items[i]; it.set && it.d == d && it.places == places && it.mode == mode {
			return it.r
		}
	}
	v := roundTax(d, places, mode)
	it := &r.items[r.next]
	it.d, it.r, it.places, it.mode, it.set = d, v, places, mode, true
	r.next = (r.next + 1) % recentResults
	return v
}

// mul returns a.Mul(b).
func mul(a, b decimal.Decimal) decimal.Decimal {
	e := int64(a.Exponent()) + int64(b.Exponent())
	if e >= math.MinInt32 && e <= math.MaxInt32 && a.NumDigits()+b.NumDigits() <= maxSmallDigits {
		return smallDecimal(a.CoefficientInt64()*b.CoefficientInt64(), int32(e))
	}
	return a.Mul(b)
}

// roundHalfUp returns d.Round(places): d to places decimals, half away
// from zero, with the exponent -places.
func roundHalfUp(d decimal.Decimal, places int32) decimal.Decimal {
	e, t := int64(d.Exponent()), -int64(places)
	switch {
	case e == t:
		return d
	case e > t && e-t <= maxSmallDigits && int64(d.NumDigits())+e-t <= maxSmallDigits:
		return smallDecimal(d.CoefficientInt64()*pow10[e-t], int32(t))
	case e < t && t-e <= maxSmallDigits && d.NumDigits() <= maxSmallDigits:
		c, p := d.CoefficientInt64(), pow10[t-e]
		q, r := c/p, c%p
		if r < 0 {
			r = -r
		}
		if r >= p-r { // r >= p/2, exactly
			if c < 0 {
				q--
			} else {
				q++
			}
		}
		return smallDecimal(q, int32(t))
	}
	return d.Round(places)
}

// smallDecimal returns decimal.New(x, e). A zero of 0 to 8 decimal
// places is one of the shared zeros, which costs no allocation: a
// document's exempt and non-taxable lines have many. Any other value
// costs one allocation (smalldec.New), not decimal.New's two.
func smallDecimal(x int64, e int32) decimal.Decimal {
	if x == 0 && e <= 0 && int(-e) < len(zeros) {
		return zeros[-e].Decimal()
	}
	return smalldec.New(x, e)
}

// mode says who accounts for the tax of a document.
type mode uint8

const (
	// modeSell: the seller charges the tax (quotations, invoices, and
	// the buyer's re-creation of the seller's invoice).
	modeSell mode = iota
	// modeAccrue: the buyer or owner self-assesses consumer use tax.
	modeAccrue
	// modeDistribute: a given total tax is spread over jurisdictions.
	modeDistribute
)

// place is a resolved location: its tax area as of the tax date.
type place struct {
	role        wire.LocationRole
	country     string // ISO alpha-2
	subdivision string // "US-CA", "CA-ON"; "" when the area is a country's
	chain       []wire.Jurisdiction
	taxAreaID   string
	conversion  *wire.CurrencyConversion // filing currency of the location, if sent
	// lookup is the lookup's result that the place was resolved from (nil
	// for a place resolved to its state alone); a response shows its
	// confidence and statuses.
	lookup *wire.LookupResult
	// area is the IDs of the jurisdictions of chain, separated by spaces
	// (rules.Env.Area), built once a document on first use (areaOf).
	area string
	// terrID is the jurisdiction ID of the VAT special territory the
	// place lies in on the document's date (the dataset's
	// jurisdiction.VATGeography.VATTerritory),
	// and terr how it stands to its country's VAT; "" when none. chain
	// then starts at the territory: the country's own VAT does not apply
	// there (the territory's rates replace it, or no VAT does).
	terrID string
	terr   jurisdiction.SpecialTerritory
	// outer is what the place's lookup gave above the special territory
	// and specialTerritory left out of chain (Spain above the Canary
	// Islands, Portugal above Madeira): the place still lies in them, so
	// that a withholding, a rule's within, a registration's or a lacking
	// tax's jurisdictionId that names the country finds it there (see
	// chainJurisdiction); nil when the place lies in no territory.
	outer []wire.Jurisdiction
	// northernIreland says that the place, of country GB, lies in
	// Northern Ireland by the location the request sent
	// (northernIrishPlace): its goods follow the EU's VAT rules from
	// 2021 (place.windsor), though its tax area is the United Kingdom's.
	northernIreland bool
	// envHash is the hash of the members of a tax's rules.Env that are
	// the place's, once envHashed (see calc.envHash).
	envHash   uint64
	envHashed bool
}

// vatArea names the VAT area of a place: its country's, or that of the
// special territory it lies in.
func (p *place) vatArea() string {
	if p.terrID != "" {
		return p.terr.Area
	}
	return p.country
}

// euVAT reports whether the place is in the EU's VAT area on d: its
// country is a member state and it lies in no special territory outside
// that area (the Canary Islands, Martinique).
func (p *place) euVAT(d civil.Date) bool {
	return jurisdiction.EUMember(p.country, d) && (p.terrID == "" || p.terr.EU())
}

// outsideVAT reports whether no VAT that Levy computes applies at the
// place: a special territory such as the Canary Islands or Heligoland.
func (p *place) outsideVAT() bool { return p.terrID != "" && p.terr.Kind == jurisdiction.NoVAT }

// state returns the US state postal code of a place, or "".
func (p *place) state() string {
	if p == nil || p.country != "US" || len(p.subdivision) != 5 {
		return ""
	}
	return p.subdivision[3:]
}

// registration is a party's tax registration, normalised.
type registration struct {
	country, mainDivision, jurisdictionID string
	number                                string
	syntaxValid                           bool
	union                                 bool // an EU Union scheme (OSS) registration
	ioss                                  bool // an EU Import One Stop Shop (IOSS) registration
	nonUnion                              bool // an EU non-Union scheme registration (services to consumers by a seller outside the EU; electronic, telecommunication and broadcasting services alone before 2021-07-01)
	// northernIreland says that the registration, of country GB, was
	// given under Northern Ireland's prefix XI: its number identifies the
	// trader for goods with the EU (jurisdiction.EUNumberState).
	northernIreland bool
	overrides       []wire.NexusOverride
	// imposition is the imposition type the registration names ("" for
	// none), which decides only where a country registers its taxes
	// apart (separatelyRegistered).
	imposition string
}

// party is the seller's or the customer's side of a line.
type party struct {
	regs         []registration
	noNexus      bool // the seller said it has nexus nowhere
	class        string
	business     bool
	exempt       bool
	certificate  string
	exemptReason string
	company      string
	// stored says that regs are the seller's registrations stored in the
	// tenant's profile (saleProfile), which the request did not send.
	stored bool
}

// vatNumberIn reports whether the party holds a VAT number of valid
// syntax in country.
func (p *party) vatNumberIn(country string) bool {
	for _, r := range p.regs {
		if r.country == country && r.number != "" && r.syntaxValid {
			return true
		}
	}
	return false
}

// vatNumber reports whether the party holds any VAT number of valid syntax.
func (p *party) vatNumber() (string, bool) {
	for _, r := range p.regs {
		if r.number != "" && r.syntaxValid {
			return r.country, true
		}
	}
	return "", false
}

// override is an exempt or non-taxable override of a line. Its
// withholding, the selector's impositionType.withholdingType, limits it
// to the taxes withheld under that type (see withholding.go); the
// selectors of the other taxes match only when it is empty.
type override struct {
	amount                           *decimal.Decimal
	impositionType, jurisdictionType string
	jurisdictionID, reasonCode       string
	withholding                      string
}

// rateOverride replaces the rate of matching taxes. at is its index in
// the rateOverrides it came from (the line's, or the document's).
type rateOverride struct {
	impositionType, jurisdictionType, jurisdictionID string
	rate                                             decimal.Decimal
	withholding                                      string
	at                                               int
}

// inclusion limits the taxes of a line.
type inclusion struct {
	impositionType, jurisdictionType, jurisdictionID string
	withholding                                      string
}

// line is one leaf line of a document.
type line struct {
	path string  // JSON path of the wire line, for errors
	in   *lineIn // the view of the wire line it was built from

	qty         decimal.Decimal // 1 when absent
	amount      decimal.Decimal // extended amount after discounts (gross when taxIncluded)
	freight     decimal.Decimal
	taxIncluded bool

	productClass, usage, usageClass, txType string
	unknownClass                            string // the class of the request when no rule knows it ("" otherwise)
	// classFromLineType reports that the line took TELECOMMUNICATIONS
	// from its line type (LineTypeClassRule), and lineTypeSent the class
	// it sent: "" or SERVICES. telecomUnconfirmed names the US state
	// ("US-AL") whose treatment of TELECOMMUNICATIONS Levy's content does
	// not record on the line's date, where a line that sent SERVICES
	// keeps it (telecomFallback).
	classFromLineType  bool
	lineTypeSent       string
	telecomUnconfirmed string
	date               civil.Date
	dateText           string
	// beyond names the date member (documentDate or taxDate) of a line
	// dated after the content's horizon (see Engine.ContentDates), ""
	// otherwise.
	beyond string
	// distance is what decided the EU distance-sales threshold for the
	// line (the figures and the threshold), and distanceRule the rule
	// of the decision, "" when the line took none.
	distance, distanceRule string
	// lowValue is what a country's low-value import limit said of the
	// line, and lowValueRule the rule name of its assisted parameter
	// (lowvalue.go), "" when no limit was weighed.
	lowValue, lowValueRule string
	// domesticRC and domesticRCRule are the situs's (domesticrc.go).
	domesticRC, domesticRCRule string
	// threshold is what a taxability rule's price threshold, or a rate
	// structure's amounts, in another currency than the document's said
	// of the line (thresholdcur.go, structurecur.go), and thresholdRule
	// the rule name of its assisted parameter
	// (ThresholdConvertedRule or ThresholdUnconvertedRule); "" when no
	// such threshold was weighed (computeLine sets them).
	threshold, thresholdRule string
	// docLimit is what a limit on the document's total of the lines of
	// some classes (rules.DocumentUpToExempt: Ontario's rebate on
	// prepared food of $4.00 or less) decided of the line, and
	// docLimitRule the rule name of its assisted parameter
	// (DocumentLimitWithinRule or DocumentLimitAboveRule); "" when no
	// such limit reached the line (computeLine sets them, doclimit.go).
	docLimit, docLimitRule string
	// capCredit says that the line's credits of a jurisdiction, with the
	// document's other returns, go beyond a rate structure's cap on a
	// document's tax (capDocument sets it); "" otherwise.
	capCredit string
	// noPlace: the line has no place that taxes it (no location, or none
	// Levy could place), so no tax was calculated (NoPlaceRule).
	noPlace bool
	// evidence is the destination that the customer's location evidence
	// gave the line, which sent no destination (LocationEvidenceRule);
	// nil otherwise.
	evidence *evidenceUse
	// taxedAt is the place whose jurisdictions tax the line (nil with
	// noPlace); a line that bears no tax record there is in a place that
	// levies no tax Levy knows of (NoTaxRule).
	taxedAt *place
	// lacking are the taxes Levy knows of and does not compute on the
	// line's class, which assisted checks against the line.
	lacking []lackingTax
	// localTax is the sentence of a tax of a VAT special territory (the
	// Canary Islands' IGIC) that the line bears in place of VAT and that
	// Levy does not compute; "" when none (computeLine sets it).
	localTax string
	// territoryRate is the sentence of a line taxed at a VAT special
	// territory's standard rate for want of the territory's own rate of
	// the line's category in the dataset (TerritoryRateRule); "" when
	// none.
	territoryRate string
	// codeParam names the member (product.value or commodityCode) whose
	// code the tenant's profile was asked for the class of a line sent
	// without one, and code is that code; codeMapped says the profile
	// mapped it (to productClass), else the line is taxed as GENERAL
	// (see classFromCode).
	codeParam, code string
	codeMapped      bool
	// certs are the stored exemption certificates of the customer of a
	// sale whose request carries no exemption of its own (see
	// profiles.go), in number order; shared with the profile's snapshot.
	certs []profile.Certificate
	// sentCert is the stored certificate of the number that the request
	// of a sale sends (exemptionCertificate) for its customer, nil when
	// the request sends none or the profile has no certificate of that
	// number for the customer: the request's number exempts the line as
	// it always did, and the line says when the stored certificate would
	// not (sentCertificateParameter).
	sentCert *profile.Certificate
	// flagCerts are the stored exemption certificates of the customer of
	// a sale whose request exempts it by isTaxExempt alone (no number):
	// the flag exempts the line as it always did, and the line says when
	// none of them would have (exemptFlagParameter).
	flagCerts []profile.Certificate
	// sentOther says that sentCert is another customer's certificate of
	// the number, the line's customer holding none of it.
	sentOther bool
	// lostCode is the code of the stored customer that the line's own
	// customer, sent without a customerCode, replaced, and lostPath the
	// path of the line's customer: the line says so
	// (CustomerCodeLostRule).
	lostCode, lostPath string

	dest, origin, adminDest, adminOrigin *place
	situs                                wire.LocationRole // situs override

	// franchiseMiss: the line's franchiseAreaId has no fee in force in
	// the tenant's table (see franchise.go).
	franchiseMiss bool
	// comms are the line types of the line that the communications taxes
	// had no content for (see comms.go).
	comms []commsMiss
	// unitOv are the overrides of the line that reached a charge per
	// unit and did not change it (perunitov.go); nil on most lines.
	unitOv []unitOverride
	// acctTaken is what the line took of its account's limits of lines
	// (calc.acct; see comms.go).
	acctTaken []acctTake

	exemptOv, nonTaxOv []override
	rateOv             []rateOverride
	incl               []inclusion

	seller, customer party

	// br holds the Brazilian drivers of a line whose seller or customer
	// is in Brazil (brazil.go), nil for every other line.
	br *brLine

	inputTax *decimal.Decimal // DISTRIBUTE_TAX
	charged  *decimal.Decimal // tax the vendor charged
	prevPaid decimal.Decimal
	// vendorDue is the tax of an accrual that the vendor, not the buyer,
	// accounts for (the GST/HST of a purchase within Canada;
	// vendorsCanadianTax), unrounded: the vendor's charge pays it before
	// any of the buyer's taxes (credit). Zero on other lines.
	vendorDue decimal.Decimal

	// envHash is the hash of the members of a tax's rules.Env that are
	// the line's, once envHashed (see calc.envHash).
	envHash   uint64
	envHashed bool

	// results
	taxes    []taxOut
	net      decimal.Decimal // amount net of tax
	totalTax decimal.Decimal
	// computedNet is the net that a tax-included line's taxes were
	// computed on (backCalculate), when the gross less its rounded
	// taxes, which net then is, is another; zero otherwise. The
	// explanation of a tax whose taxable amount moved to net says so.
	computedNet decimal.Decimal
	// includedRates is the combined rate of a tax-included line's VATs
	// or GSTs when they are the gross's shares (includedShares), zero
	// otherwise: its taxes are the gross times each rate over one plus
	// it, not a rate of computedNet.
	includedRates decimal.Decimal
}

// currencyAmount takes v to the minor units of the document's currency,
// half up (away from zero).
func (d *doc) currencyAmount(v decimal.Decimal) decimal.Decimal {
	return roundHalfUp(v, int32(max(d.currency.MinorUnits, 0)))
}

// doc is one document being calculated.
type doc struct {
	perspective string
	message     string
	mode        mode
	// accrueWithoutNexus makes the buyer accrue consumer use tax where the
	// vendor has no nexus (ERS, purchase orders).
	accrueWithoutNexus bool
	// selfAssess makes the buyer account for a reverse charge on a kind
	// calculated as the vendor charges (PURCHASE_ORDER,
	// INVOICE_VERIFICATION, ERS, APINVOICE_SYNC, CONDITIONAL_PROCUREMENT):
	// the tax is calculated, input and output, rather than the 0.00 that
	// the vendor charges.
	selfAssess  bool
	taxOnly     bool
	date        civil.Date
	currency    money.Currency
	roundAtLine bool
	lines       []*line
	dateText    string         // date as YYYY-MM-DD, for the rules, once needed
	company     *wire.Currency // company code currency, if any
	factors     []wire.CurrencyConversionFactor
	// transactionID is the request's transactionId, which a
	// single-purchase certificate must name.
	transactionID string
}

// chargedSide is the inputOutputType of a tax that the seller charges,
// from the document's perspective: the seller's output tax on a sale
// (and on an owner's movement that Brazil taxes as the sender's), the
// buyer's input tax on a purchase, which it deducts or pays with the
// vendor's invoice. A tax the buyer accounts for itself is INPUT (use
// tax) or INPUT_OUTPUT (a reverse charge) on any side.
func (d *doc) chargedSide() wire.InputOutputType {
	if d.perspective == "BUYER" {
		return wire.InputOutputTypeInput
	}
	return wire.InputOutputTypeOutput
}

// taxOut is one computed tax of a line before it becomes a wire Tax.
type taxOut struct {
	j          *wire.Jurisdiction // in the chain of the situs place
	imposition jurisdiction.Tax
	category   string
	taxType    wire.TaxType
	situs      wire.LocationRole
	result     wire.TaxResult
	taxable    decimal.Decimal
	nonTaxable decimal.Decimal
	exempt     decimal.Decimal
	raw        decimal.Decimal // unrounded tax
	tax        decimal.Decimal // rounded tax
	rate       decimal.Decimal // nominal rate
	// rare holds the members few taxes have (taxRare); nil for none.
	rare       *taxRare
	ruleID     string
	ruleReason string
	holiday    bool
	// freight reports whether the line's freight is in taxable (it fits
	// in the padding after holiday).
	freight bool
	// basisCapped reports that the structure's maximum basis per item
	// (Tennessee's local tax on the first 1,600.00) took part of the
	// taxable amount out of the tax: the record names the structure as
	// its maxTaxRuleId then only (padding after freight, too).
	basisCapped   bool
	structure     *rules.Structure
	infoOnly      bool
	collectedFrom wire.TaxCollectedFromParty
	reasonCode    string
	notRegistered bool
	maxTax        bool
	conversion    *wire.CurrencyConversion
	inputOutput   wire.InputOutputType
	mode          money.RoundingMode
	zeroCharge    bool // calculated for information, charged 0 (reverse charge)
	certificate   string
	refused       refusals // why the line's stored certificates did not exempt the tax
	br            *brTax   // what a Brazilian tax adds for the NF-e (brazil_out.go)
	// withholding is the withholdingType of a tax the buyer withholds
	// (see withholding.go), "" for the others.
	withholding string
	// impType names the imposition type of a tax that is not one of the
	// dataset's impositions (see extras.go), "" for the others.
	impType string
	// outcome and noRate are what the rules decided of a plain tax, from
	// which planAmounts computes its amounts (see template.go).
	outcome rules.Taxability
	noRate  bool
	// origin is where the rate of a jurisdiction's tax came from, for
	// its explanation; zero when no rate of the content priced the tax
	// (an override's rate, a rule's). It fits in the padding after
	// noRate: a taxOut is no larger for it.
	origin rateOrigin
}

// taxRare is the members of a tax that few taxes have, kept apart so
// that a taxOut, which templates copy to their lines and the end of a
// calculation clears, is smaller and holds fewer pointers for the
// collector's write barrier to visit. A taxRare is never changed once a
// tax points to it (taxOut.setRare gives the tax a copy), so that the
// taxes copied from a template may share one.
type taxRare struct {
	// includes names the tax of the line whose amount is in this tax's
	// base (rules.Rule.RateIncludes), ownRate the jurisdiction's rate the
	// tax bears on that base; see baseIncludes.
	includes jurisdiction.Tax
	ownRate  decimal.Decimal
	// basisPercent is the part of the base that is taxed, when a rule
	// gives one.
	basisPercent *decimal.Decimal
	// capped is the rule that lowered the rate to the state's local cap.
	capped string
	// original is the tax before a credit for tax paid elsewhere, and
	// creditRule the credit's rule.
	original   *decimal.Decimal
	creditRule string
	// capNote is what a rate structure's cap on a document's tax
	// (maxTaxPerDocument) made of the tax, for its explanation: the cap
	// and the document's tax it spread, uncapped being the tax's share
	// of that before the cap; or that the document's credits go beyond
	// the cap (uncapped zero). "" when no cap reached the tax.
	capNote  string
	uncapped decimal.Decimal
	// threshold is how the price threshold of the rule that decided the
	// tax weighed the line in the threshold's currency, when it is not
	// the document's (thresholdExempt), for its explanation; "" for the
	// others.
	threshold string
	// source is where the rate of a tax that a table gives outright came
	// from (a franchise fee's table), for its explanation; nil for the
	// others, whose rates say it in taxOut.origin.
	source *wire.RateSource
	// docCap is the maxTaxPerDocument of the tax's rate structure in the
	// document's currency, when the structure's is another and the
	// request converts it (structurecur.go); nil for the others, whose
	// cap is the structure's own.
	docCap *decimal.Decimal
}

// setRare gives t a copy of its rare members (zero when it has none) for
// the caller to change.
func (t *taxOut) setRare() *taxRare {
	r := &taxRare{}
	if t.rare != nil {
		*r = *t.rare
	}
	t.rare = r
	return r
}

// originalTax is the tax before a credit, nil when there is none.
func (t *taxOut) originalTax() *decimal.Decimal {
	if t.rare == nil {
		return nil
	}
	return t.rare.original
}

// counted reports whether the tax enters totals: neither information
// only nor withheld by the buyer.
func (t *taxOut) counted() bool { return !t.infoOnly && t.withholding == "" }

// reverseCharged reports whether the tax is a reverse charge that the
// buyer or owner accrues (INPUT_OUTPUT): its own VAT on an acquisition or
// a service from abroad, which no vendor's charge nor tax paid elsewhere
// pays (credit).
func (t *taxOut) reverseCharged() bool { return t.inputOutput == wire.InputOutputTypeInputOutput }

// calc holds the state of one calculation. It is part of a scratch
// (see pool.go): every member but wireBlock and partBlock, which the
// response's taxes are carved from, is reused by later calculations.
type calc struct {
	w    *scratch // the scratch c is part of
	ctx  context.Context
	s    *snapshot
	d    *doc
	envs []*decided // decisions already made in this document
	// blocks that the lines' taxes, lines, wire line views and places are
	// carved from (scratch, reused)
	taxBlock   []taxOut
	lineBlock  []line
	inBlock    []lineIn
	placeBlock []place
	used       usage // the items carved from them
	// blocks that the response's taxes are carved from (never reused:
	// the response holds them)
	wireBlock []wire.Tax
	partBlock []taxParts
	wireDone  int // the taxes carved from them so far
	// extBlock is the block that the response lines' extended prices are
	// carved from (never reused), extDone the prices carved so far
	extBlock []money.Amount
	extDone  int
	// loan, when not nil, gives the first blocks of wireBlock and
	// partBlock, which the caller reclaims once done with the response
	// (lend.go)
	loan *taxLoan
	// places merged by mixed sourcing in this document, by their origin
	// and destination
	mixed docMemo[[2]*place, mixedPlace]
	// capUsed is the local rate a line has used of its state's local cap
	capUsed decimal.Decimal
	// acct is the document's account: the lines each fee with a limit
	// of lines per account has been charged on (comms.go).
	acct accountLines
	// commsPend holds a line's communications taxes before they are
	// taken, when commsSplit: the line's overrides give amounts, which
	// its taxes of one imposition share (commsTaxes).
	commsPend  []extraTax
	commsSplit bool
	// strict: the tenant's address check is AddressStrict
	strict bool
	// set is the settings of the calculation: the snapshot's, or the
	// tenant's policy over them.
	set *Settings
	// prof is the tenant's tax profile, nil when the engine applies none.
	prof *profile.Snapshot
	// notes are the sentences of the certificates' refusals said so far
	// in the document (see refusal).
	notes []refusalNote
	// dists are the document's EU distance sales, one per seller
	// company, each read once (distanceSales).
	dists []distanceMemo
	// consignments memoizes the document's consignments by seller
	// company and country of arrival (lowvalue.go): each line of a long
	// document would otherwise add up every line again.
	consignments []consignment
	// docLimits memoizes the limits on the document's total weighed so
	// far, and weighing is the one being weighed, nil when none
	// (doclimit.go).
	docLimits []*docLimit
	weighing  *docLimit
	// docRounded is what rounding the document's tax once did, a
	// jurisdiction's and imposition's taxes at a time; nil when it is
	// rounded line by line (document.go).
	docRounded []docRounding
	// req is the request calculated, for the members Levy does not act
	// on (see wirefields.go); docFlags are the parameters of its own
	// members, read once (docFlagged) for every line.
	req        wireReq
	docFlagged bool
	docFlags   []wire.AssistedParameter
	// storing: the calculation is of a kind that is stored; leaves are
	// then the leaves of its response lines (see intrastat.go).
	storing bool
	leaves  map[any]*line
	// tmpls are the templates of the document's plain lines, copied to
	// tmplTaxes; plain says that the line being computed is plain so far
	// (see template.go).
	tmpls     []lineTemplate
	tmplTaxes []taxOut
	plain     bool
	// products and rounded are the document's last products and
	// roundings of taxes, which taxes of equal operands share (see
	// recentResults).
	products recentProducts
	rounded  recentRoundings
}

// defaultRule applies when no rule of a table does. It is never modified.
var defaultRule = rules.Rule{ID: "taxable", Outcome: rules.Taxable}

// maxDecisions bounds the decisions a document remembers.
const maxDecisions = 64

// decide returns the taxability rule and the rate structure of env on
// date d; h is envHash's hash of env. The document's own short list is
// consulted before the snapshot's cache, and both compare the hash
// before the environment.
func (c *calc) decide(env *rules.Env, d civil.Date, h uint64) (*rules.Rule, *rules.Structure, error) {
	h = dateHash(h, d)
	for _, e := range c.envs {
		if e.hash == h && e.is(env, d) {
			return e.rule, e.structure, nil
		}
	}
	dd, err := c.s.decide(c.ctx, env, d, h)
	if err != nil {
		return nil, nil, err
	}
	if len(c.envs) < maxDecisions {
		c.envs = append(c.envs, dd)
	}
	return dd.rule, dd.structure, nil
}

// The environments of a line's taxes differ only in their place's and
// jurisdiction's members: envHash hashes the line's members once a line
// (line.envHash), the place's once a place (place.envHash), and the
// jurisdiction's and the imposition's for each tax. Each string member is
// hashed by hash/maphash with the snapshot's seed, the jurisdiction's
// type by its number, and the hashes are mixed in order. The caches key
// decisions by the hash and compare the whole environment on a hit, so
// that two environments with one hash only miss each other.
const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// envHash returns the hash of env, the environment of the tax of
// jurisdiction j at place p of line l.
func (c *calc) envHash(l *line, p *place, j *wire.Jurisdiction, env *rules.Env) uint64 {
	seed := c.s.seed
	if !l.envHashed {
		h := uint64(fnvOffset)
		for _, s := range [...]string{env.Perspective, env.MessageType, env.TransactionType, env.ProductClass,
			env.CustomerClass, env.Usage, env.UsageClass, env.Date} {
			h = mixHash(h, maphash.String(seed, s))
		}
		if env.BusinessCustomer {
			h = mixHash(h, 1)
		}
		l.envHash, l.envHashed = h, true
	}
	if !p.envHashed {
		// Once the place's area is set (computeTax): its members do not
		// change after.
		h := uint64(fnvOffset)
		for _, s := range [...]string{env.Country, env.Subdivision, env.Area} {
			h = mixHash(h, maphash.String(seed, s))
		}
		p.envHash, p.envHashed = h, true
	}
	h := mixHash(l.envHash, p.envHash)
	h = mixHash(h, maphash.String(seed, env.JurisdictionID))
	h = mixHash(h, uint64(j.JurisdictionType))
	return mixHash(h, maphash.String(seed, env.Tax))
}

// mixHash adds x, the hash of the next member, to the hash h: the order
// of members counts, so that a class in the place of a usage hashes
// apart.
func mixHash(h, x uint64) uint64 {
	h = (h ^ x) * fnvPrime
	return h ^ h>>29
}

// dateHash adds d to the hash h.
func dateHash(h uint64, d civil.Date) uint64 {
	return (h ^ uint64(d.Year)<<16 ^ uint64(d.Month)<<8 ^ uint64(d.Day)) * fnvPrime
}

// decisionKey identifies a decision in the snapshot's cache.
type decisionKey struct {
	env  rules.Env
	date civil.Date
}

// decided is a taxability decision and rate structure, with its key and
// the key's hash (envHash, dateHash). It is never modified once made:
// the snapshot's cache and the documents share it.
type decided struct {
	key       decisionKey
	hash      uint64
	rule      *rules.Rule
	structure *rules.Structure
}

// is reports whether dd is the decision of env on d.
func (dd *decided) is(env *rules.Env, d civil.Date) bool {
	return dd.key.date == d && dd.key.env == *env
}

// maxCachedDecisions bounds the decisions a snapshot remembers. Rules are
// pure functions of their environment and date, so a decision holds for
// as long as the snapshot; the bound keeps a stream of unusual
// environments from growing the cache without end.
const maxCachedDecisions = 1 << 16

// decisionCache is the snapshot's cache of decisions (a readMostly map):
// a lookup is keyed by the hash of the decision's environment and date
// (envHash, dateHash), and compares the key it finds with its own (a
// sync.Map hashes an interface, and a map keyed by the environment hashes
// its fourteen strings, each several times slower). Of two keys with one
// hash, the first is cached. A cache that holds maxCachedDecisions
// starts again, so that a long-running server's past dates do not keep
// today's decisions out.
type decisionCache struct {
	readMostly[uint64, decided]
}

// load returns the cached decision of env on d, whose hash is h, or nil.
func (c *decisionCache) load(h uint64, env *rules.Env, d civil.Date) *decided {
	if dd := c.get(h); dd != nil && dd.is(env, d) {
		return dd
	}
	return nil
}

// store caches the decision dd, whose key's hash is h, unless another key
// has the hash.
func (c *decisionCache) store(h uint64, dd *decided) { c.put(h, dd, maxCachedDecisions) }

// decide consults the host's table, then the defaults, and finds the
// rate structure, remembering the outcome for later documents.
func (s *snapshot) decide(ctx context.Context, env *rules.Env, d civil.Date, h uint64) (*decided, error) {
	if dd := s.decisions.load(h, env, d); dd != nil {
		return dd, nil
	}
	// The tables hand their environment to rule programs as an
	// interface, so the compiler must assume that it escapes: give them a
	// copy, so that the caller's env can stay on its stack when the
	// decision is cached.
	own := new(rules.Env)
	*own = *env
	r, ok, err := s.hostTable.Decide(ctx, own, d)
	if err == nil && !ok {
		r, ok, err = s.table.Decide(ctx, own, d)
	}
	if err != nil {
		return nil, err
	}
	if !ok {
		r = &defaultRule
	}
	st, _ := s.structure(env, d)
	dd := &decided{key: decisionKey{*env, d}, hash: h, rule: r, structure: st}
	s.decisions.store(h, dd)
	return dd, nil
}

// decideOutsideHolidays returns the rule that decides env on date d when
// the sales tax holidays' rules are passed over, the host's table first
// (rules.Table.DecideOutsideHolidays): the rule of a day of no holiday,
// which names an item a holiday's cap leaves out. Such items are few, and
// their decisions are not cached.
func (s *snapshot) decideOutsideHolidays(ctx context.Context, env *rules.Env, d civil.Date) (*rules.Rule, error) {
	own := new(rules.Env)
	*own = *env
	r, ok, err := s.hostTable.DecideOutsideHolidays(ctx, own, d)
	if err == nil && !ok {
		r, ok, err = s.table.DecideOutsideHolidays(ctx, own, d)
	}
	if err != nil {
		return nil, err
	}
	if !ok {
		r = &defaultRule
	}
	return r, nil
}

// ratesOn returns the rates of a jurisdiction on d, the dataset's and the
// host's, with whether each is information only and where it comes from
// (rateMeta). They are the same for every document of the snapshot: the
// snapshot keeps them (rateMemo), and they must not be modified.
func (c *calc) ratesOn(id string, d civil.Date) ([]jurisdiction.Rate, []rateMeta) {
	k := rateKey{id, d}
	if r := c.s.ratesMemo.load(k); r != nil {
		return r.rates, r.meta
	}
	r := &ratesOnDate{}
	r.rates, r.meta = c.s.ratesInto(id, d, nil, nil)
	c.s.ratesMemo.store(k, r)
	return r.rates, r.meta
}

// rateMeta is what a rate of ratesOn carries beside its value: whether
// it is information only, and its origin, which an explanation reads
// (rateTable.origin).
type rateMeta struct {
	origin rateOrigin
	info   bool
}

// ratesInto appends the rates of a jurisdiction on d to rates, and what
// each carries beside its value to meta (see calc.ratesOn).
func (s *snapshot) ratesInto(id string, d civil.Date, rates []jurisdiction.Rate, meta []rateMeta) ([]jurisdiction.Rate, []rateMeta) {
	start := len(rates)
	us := s.ratesOf(id)
	for i := range us {
		u := &us[i]
		if u.period.Contains(d) {
			rates = append(rates, s.rates.rate(id, u))
			meta = append(meta, rateMeta{origin: u.origin(), info: u.informationOnly})
		}
	}
	if t, ok := s.vat.VATTerritory(id, d); ok && t.KeepsReduced {
		// Jungholz's own rate is the standard one: the country's other
		// rates apply there as they are.
		own := rates[start:]
		parent := s.ratesOf(id[:2])
		for i := range parent {
			u := &parent[i]
			if !u.period.Contains(d) {
				continue
			}
			pr := s.rates.rate(id[:2], u)
			if hasRate(own, pr.Tax, pr.Category) {
				continue
			}
			pr.Jurisdiction = id
			rates = append(rates, pr)
			meta = append(meta, rateMeta{origin: u.origin(), info: u.informationOnly})
		}
	}
	return rates, meta
}

// rateKey names the rates of a jurisdiction on a date.
type rateKey struct {
	id string
	d  civil.Date
}

// ratesOnDate are the rates of a jurisdiction on a date, with what each
// carries beside its value. They are never modified once made.
type ratesOnDate struct {
	rates []jurisdiction.Rate
	meta  []rateMeta
}

// maxMemoRates bounds the jurisdictions and dates whose rates a snapshot
// keeps (a few MB): when a new one would pass it, the memo starts again
// empty, so that the jurisdictions and dates in use (documents of today,
// of a new day) fill it, and a stream of unusual dates can not grow it.
const maxMemoRates = 1 << 14

// rateMemo is the snapshot's memo of ratesOn (a readMostly map of at
// most maxMemoRates entries).
type rateMemo struct {
	readMostly[rateKey, ratesOnDate]
}

// load returns the rates of k, or nil.
func (m *rateMemo) load(k rateKey) *ratesOnDate { return m.get(k) }

// store keeps r as the rates of k, unless the memo has them.
func (m *rateMemo) store(k rateKey, r *ratesOnDate) { m.put(k, r, maxMemoRates) }

// hasRatesOn reports whether a jurisdiction has a rate on d.
func (s *snapshot) hasRatesOn(id string, d civil.Date) bool {
	rates := s.ratesOf(id)
	for i := range rates {
		if rates[i].period.Contains(d) {
			return true
		}
	}
	return false
}

// firstRateAfter returns the first day of the jurisdiction id's rates
// when every one of them starts after d (d is before all the rates Levy
// holds for it), and false when it has none or one that starts on or
// before d.
func (s *snapshot) firstRateAfter(id string, d civil.Date) (civil.Date, bool) {
	var first civil.Date
	for _, u := range s.ratesOf(id) {
		if !u.period.Effective.After(d) {
			return civil.Date{}, false
		}
		if first.IsZero() || u.period.Effective.Before(first) {
			first = u.period.Effective
		}
	}
	return first, !first.IsZero()
}

// ratesOf returns the rates of the jurisdiction id, none for an unknown
// one.
func (s *snapshot) ratesOf(id string) []userRate {
	i, ok := s.jur.Index(id)
	if !ok {
		return nil
	}
	return s.rates.of(i)
}

// taxTypeOf returns the wire tax type of an imposition for the mode and
// whether the sale crosses a state line. The taxes charged at every stage
// with a credit for the tax on inputs are of type VAT, whatever their
// name (Japan's consumption tax among them); a single-stage tax, as
// Malaysia's sales tax and service tax, is a sales tax (or the buyer's
// use tax when the buyer accrues it), as Brazil's ISS is.
func taxTypeOf(t jurisdiction.Tax, accrue, interstate bool) wire.TaxType {
	switch t {
	case jurisdiction.VAT, jurisdiction.GST, jurisdiction.HST, jurisdiction.QST, jurisdiction.ConsumptionTax:
		return wire.TaxTypeVAT
	}
	switch {
	case accrue:
		return wire.TaxTypeConsumersUse
	case interstate:
		return wire.TaxTypeSellerUse
	}
	return wire.TaxTypeSales
}

// matchesSel reports whether an override's selectors accept a tax.
func matchesSel(impositionType, jurisdictionType, jurisdictionID string, j *wire.Jurisdiction, imp jurisdiction.Tax) bool {
	if jurisdictionID != "" && jurisdictionID != j.JurisdictionID {
		return false
	}
	if jurisdictionType != "" && !strings.EqualFold(jurisdictionType, j.JurisdictionType.String()) {
		return false
	}
	if impositionType != "" && !strings.EqualFold(impositionType, string(imp)) && !strings.EqualFold(impositionType, impositionTypeName(imp)) &&
		!formerlyVAT(imp, impositionType) {
		return false
	}
	return true
}

// formerlyVAT reports whether a selector names imp by the name Levy gave
// it before it was named as its law names it: Japan's consumption tax and
// Malaysia's sales tax and service tax were reported as the VAT ("VAT",
// "Value Added Tax"), so an override that a host wrote for them then
// still selects them rather than leaving the tax charged.
func formerlyVAT(imp jurisdiction.Tax, name string) bool {
	switch imp {
	case jurisdiction.ConsumptionTax, jurisdiction.GoodsSalesTax, jurisdiction.ServiceTax:
		return strings.EqualFold(name, string(jurisdiction.VAT)) || strings.EqualFold(name, impositionTypeName(jurisdiction.VAT))
	}
	return false
}

// impositionTypeName is the name of an imposition's type on the wire.
func impositionTypeName(t jurisdiction.Tax) string {
	switch t {
	case jurisdiction.SalesTax:
		return "General Sales and Use Tax"
	case jurisdiction.VAT:
		return "Value Added Tax"
	case jurisdiction.GST:
		return "Goods and Services Tax"
	case jurisdiction.HST:
		return "Harmonized Sales Tax"
	case jurisdiction.PST:
		return "Provincial Sales Tax"
	case jurisdiction.QST:
		return "Quebec Sales Tax"
	case jurisdiction.ConsumptionTax:
		return "Consumption Tax"
	case jurisdiction.GoodsSalesTax:
		return "Sales Tax"
	case jurisdiction.ServiceTax:
		return "Service Tax"
	}
	return string(t)
}

// structure finds the rate structure of env: the host's first.
func (s *snapshot) structure(env *rules.Env, d civil.Date) (*rules.Structure, bool) {
	if st, ok := s.hostStruct.Find(env, d); ok {
		return st, true
	}
	return s.structures.Find(env, d)
}
