package engine

import (
	"errors"
	"fmt"
	"slices"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// wireTaxes turns a line's computed taxes into wire Tax records.
func (c *calc) wireTaxes(l *line) []wire.Tax {
	if len(l.taxes) == 0 {
		return nil
	}
	out, block := c.wireFor(len(l.taxes))
	service := serviceClass(l.productClass)
	for i := range l.taxes {
		t := &l.taxes[i]
		p := &block[i]
		p.j = *t.j
		p.imp = wire.Imposition{Value: string(t.imposition)}
		p.impType = wire.ImpositionType{Value: impositionTypeName(t.imposition), InformationOnly: t.infoOnly, WithholdingType: t.withholding}
		if t.impType != "" {
			p.impType.Value = t.impType
		}
		// The block is zero: set the members that are not, in place.
		w := &out[i]
		w.Jurisdiction = &p.j
		if t.imposition != "" {
			w.Imposition, w.ImpositionType = &p.imp, &p.impType
		}
		w.TaxResult, w.TaxType, w.Situs = t.result, t.taxType, t.situs
		w.TaxCollectedFromParty, w.InputOutputType = t.collectedFrom, t.inputOutput
		w.CalculatedTax, w.Taxable = c.amount(t.tax), c.amount(t.taxable)
		w.NonTaxable, w.Exempt = c.amount(t.nonTaxable), c.amount(t.exempt)
		w.EffectiveRate = money.New(effectiveRate(t))
		w.MaxTaxIndicator, w.NotRegisteredIndicator = t.maxTax, t.notRegistered
		w.IsService = service
		w.ReasonCode = t.reasonCode
		if t.result == wire.TaxResultTaxable || !t.rate.IsZero() {
			p.rate = money.New(t.rate)
			w.NominalRate = &p.rate
		}
		if t.ruleID != "" {
			p.rule = wire.RuleRef{Value: t.ruleID, SalesTaxHolidayIndicator: t.holiday}
			w.CalculationRuleID = &p.rule
		}
		if t.structure != nil {
			w.TaxStructure = wire.TaxStructure(t.structure.Kind)
			if t.maxTax || t.basisCapped {
				w.MaxTaxRuleID = &wire.RuleRef{Value: t.structure.ID}
			}
		} else if t.result == wire.TaxResultTaxable {
			w.TaxStructure = wire.TaxStructureSingleRate
		}
		if r := t.rare; r != nil {
			if r.capped != "" && w.MaxTaxRuleID == nil {
				w.MaxTaxRuleID = &wire.RuleRef{Value: r.capped}
			}
			if r.basisPercent != nil {
				bp := money.New(r.basisPercent.Mul(decimalHundred))
				w.BasisReductionPercentage = &bp
			}
			if r.original != nil {
				o := money.New(*r.original)
				w.OriginalTax = &o
				w.CreditRuleID = &wire.RuleRef{Value: r.creditRule}
			}
		}
		if t.certificate != "" {
			w.CertificateNumber = &wire.CertificateNumber{Value: t.certificate}
		}
		if t.conversion != nil {
			w.FilingCurrencyAmounts = c.filing(t)
		}
		if t.br != nil {
			c.brazilWire(t, w) // brazil_out.go
		}
	}
	return out
}

// taxParts are the small members of a wire Tax, allocated with others.
type taxParts struct {
	j       wire.Jurisdiction
	imp     wire.Imposition
	impType wire.ImpositionType
	rule    wire.RuleRef
	rate    money.Amount
}

// wireFor returns n wire taxes and their parts, carved from blocks shared
// by the document's lines: a block has room for the taxes of the lines
// not yet written (the lines' taxes are all computed by then), so that a
// document allocates one block of each kind, of the size it needs (or
// carves from a loan's, lend.go).
func (c *calc) wireFor(n int) ([]wire.Tax, []taxParts) {
	if cap(c.wireBlock)-len(c.wireBlock) < n {
		size := 0
		for _, l := range c.d.lines {
			size += len(l.taxes)
		}
		size = max(size-c.wireDone, n)
		c.wireBlock, c.partBlock = c.newWireBlocks(size) // lend.go
	}
	c.wireDone += n
	if l := c.loan; l != nil && !l.done {
		l.used += n
	}
	i := len(c.wireBlock)
	c.wireBlock, c.partBlock = c.wireBlock[:i+n], c.partBlock[:i+n]
	return c.wireBlock[i : i+n : i+n], c.partBlock[i : i+n : i+n]
}

// zeros are 0 with 0, 1, 2, ... decimal places. Decimals are immutable,
// so responses can share them.
var zeros = func() (z [9]money.Amount) {
	for i := range z {
		z[i] = money.Zero().Round(int32(i), money.HalfUp)
	}
	return z
}()

// amount shows d with at least the currency's minor units (0 as 0.00),
// keeping any finer digits it has.
func (c *calc) amount(d decimal.Decimal) money.Amount {
	places := int32(max(c.d.currency.MinorUnits, 0))
	if -d.Exponent() >= places {
		return money.New(d)
	}
	if d.Sign() == 0 {
		if int(places) < len(zeros) {
			return zeros[places]
		}
		return money.Zero().Round(places, money.HalfUp)
	}
	return money.New(roundHalfUp(d, places))
}

// effectiveRate is the tax over the taxable amount, to six decimals; the
// nominal rate when nothing is taxable.
func effectiveRate(t *taxOut) decimal.Decimal {
	if t.taxable.Sign() == 0 || t.zeroCharge || t.notRegistered {
		if t.zeroCharge || t.notRegistered || t.result != wire.TaxResultTaxable {
			return decimal.Zero
		}
		return t.rate
	}
	original := t.originalTax()
	if t.structure == nil && original == nil && !t.maxTax {
		return t.rate // tax = taxable x rate before rounding
	}
	basis := t.raw
	if original != nil {
		basis = *original
	}
	r := basis.DivRound(t.taxable, 6)
	if r.Equal(t.rate.Round(6)) {
		return t.rate
	}
	return r
}

// filing converts a tax's amounts to the filing currency of its location.
func (c *calc) filing(t *taxOut) *wire.FilingCurrencyAmounts {
	conv := t.conversion
	if conv.Rate == nil {
		return nil
	}
	places := int32(2)
	if conv.Currency != nil {
		if cur, ok := c.s.currency(conv.Currency); ok && cur.MinorUnits >= 0 {
			places = int32(cur.MinorUnits)
		}
	}
	r := conv.Rate.Decimal()
	f := func(d decimal.Decimal) *money.Amount {
		a := money.New(d.Mul(r)).Round(places, t.mode)
		return &a
	}
	if named := c.s.named(conv.Currency); named != conv.Currency {
		cp := *conv
		cp.Currency = named
		conv = &cp
	}
	return &wire.FilingCurrencyAmounts{
		CurrencyConversion:  conv,
		FilingCalculatedTax: f(t.tax),
		FilingTaxable:       f(t.taxable),
		FilingNonTaxable:    f(t.nonTaxable),
		FilingExempt:        f(t.exempt),
	}
}

// currency finds a wire currency in the dataset's ISO 4217 table, as
// checkCurrency does; ok is false for nil or a currency it refuses.
func (s *snapshot) currency(c *wire.Currency) (money.Currency, bool) {
	if c == nil {
		return money.Currency{}, false
	}
	cur, err := s.checkCurrency("", c)
	return cur, err == nil
}

// checkCurrency finds the currency a request names at JSON path field:
// an ISO 4217 code, alphabetic or numeric, that the dataset knows; when
// both are sent they must name the same currency. Its error names the
// member at fault.
func (s *snapshot) checkCurrency(field string, c *wire.Currency) (money.Currency, error) {
	var byAlpha, byNum money.Currency
	var okAlpha, okNum bool
	if c.ISOCurrencyCodeAlpha != "" {
		if byAlpha, okAlpha = s.currencies.ByAlpha(c.ISOCurrencyCodeAlpha); !okAlpha {
			return money.Currency{}, levy.Invalid(field+".isoCurrencyCodeAlpha", "%q is not an ISO 4217 currency", c.ISOCurrencyCodeAlpha)
		}
	}
	if c.ISOCurrencyCodeNum != nil {
		if byNum, okNum = s.currencies.ByNumeric(int(*c.ISOCurrencyCodeNum)); !okNum {
			return money.Currency{}, levy.Invalid(field+".isoCurrencyCodeNum", "%d is not an ISO 4217 currency", *c.ISOCurrencyCodeNum)
		}
	}
	// A number that a withdrawn currency passed on to its successor
	// names either (ANG's 532, now XCG's): the alphabetic code says which.
	switch {
	case okAlpha && okNum && byAlpha.Alpha != byNum.Alpha && byAlpha.Numeric != int(*c.ISOCurrencyCodeNum):
		return money.Currency{}, levy.Invalid(field+".isoCurrencyCodeNum", "%d is %s, but isoCurrencyCodeAlpha is %s", *c.ISOCurrencyCodeNum, byNum.Alpha, byAlpha.Alpha)
	case okAlpha:
		return byAlpha, nil
	case okNum:
		return byNum, nil
	}
	return money.Currency{}, levy.Invalid(field, "needs isoCurrencyCodeAlpha or isoCurrencyCodeNum")
}

// checkAmountCurrency is checkCurrency for a currency that amounts are
// stated and rounded in (the document's, the company code's and a
// location's filing currency): it also
// refuses one that ISO 4217 gives no minor unit ("N.A.": gold, the SDR,
// XTS, XXX), as no amount can be rounded to it. Its error names the
// member sent, the alphabetic code when both are.
func (s *snapshot) checkAmountCurrency(field string, c *wire.Currency) (money.Currency, error) {
	cur, err := s.checkCurrency(field, c)
	if err != nil || cur.MinorUnits >= 0 {
		return cur, err
	}
	member := ".isoCurrencyCodeAlpha"
	if c.ISOCurrencyCodeAlpha == "" {
		member = ".isoCurrencyCodeNum"
	}
	return money.Currency{}, levy.Invalid(field+member, "%s (%s) has no minor unit in ISO 4217, so no amount can be rounded in it; state the amounts in a currency such as USD", cur.Alpha, cur.Name)
}

// checkInUse refuses the currency cur that the request sent as c at
// field when it was withdrawn by d, the date of the document whose amounts
// are in it or converted into it (the kuna from 2023-01-01, when the euro
// replaced it), or not yet introduced on d (the Caribbean guilder before
// 2025-03-31). Its error names the member sent, the alphabetic code when
// both are, and the successor of a withdrawn currency.
func checkInUse(field string, c *wire.Currency, cur money.Currency, d civil.Date) error {
	if cur.InUseOn(d) {
		return nil
	}
	member := ".isoCurrencyCodeAlpha"
	if c.ISOCurrencyCodeAlpha == "" {
		member = ".isoCurrencyCodeNum"
	}
	if !cur.Introduced.IsZero() && d.Before(cur.Introduced) {
		return levy.Invalid(field+member, "%s (%s) came into use on %s, and the document is dated %s; state the amounts in a currency in use then",
			cur.Alpha, cur.Name, dateString(cur.Introduced), dateString(d))
	}
	instead := "a currency in use then"
	if cur.Successor != "" {
		instead = cur.Successor + ", which replaced it"
	}
	return levy.Invalid(field+member, "%s (%s) was withdrawn on %s, and the document is dated %s; state the amounts in %s",
		cur.Alpha, cur.Name, dateString(cur.Withdrawn), dateString(d), instead)
}

// refuseCurrency appends to errs the refusal of currency c at field
// (checkCurrency, and checkInUse on d), if c is not nil and refused.
func (s *snapshot) refuseCurrency(errs levy.Errors, field string, c *wire.Currency, d civil.Date) levy.Errors {
	if c == nil {
		return errs
	}
	var e *levy.Error
	cur, err := s.checkCurrency(field, c)
	if err == nil {
		err = checkInUse(field, c, cur, d)
	}
	if errors.As(err, &e) {
		errs = append(errs, e)
	}
	return errs
}

// coded returns c when it is sent with a code, else nil: a currency
// sent without any is taken as not sent.
func coded(c *wire.Currency) *wire.Currency {
	if c == nil || c.ISOCurrencyCodeAlpha == "" && c.ISOCurrencyCodeNum == nil {
		return nil
	}
	return c
}

// checkConversions checks the company code currency and the conversion
// factors of a request, which the company code amounts are computed
// with: each currency sent with a code (coded)
// must be one the dataset knows and in use on the document's date d
// (checkInUse), and the company code currency one with
// minor units (checkAmountCurrency). A factor from a currency to itself
// must be 1, and two factors between one pair of currencies must agree,
// as only one of them could be used.
func (s *snapshot) checkConversions(company *wire.Currency, factors []wire.CurrencyConversionFactor, d civil.Date) error {
	var errs levy.Errors
	if company := coded(company); company != nil {
		var e *levy.Error
		cur, err := s.checkAmountCurrency("companyCodeCurrency", company)
		if err == nil {
			err = checkInUse("companyCodeCurrency", company, cur, d)
		}
		if errors.As(err, &e) {
			errs = append(errs, e)
		}
	}
	type pair struct{ src, dst string }
	var seen map[pair]int
	for i := range factors {
		f := &factors[i]
		p := fmt.Sprintf("currencyConversionFactors[%d].", i)
		n := len(errs)
		errs = s.refuseCurrency(errs, p+"sourceCurrency", coded(f.SourceCurrency), d)
		errs = s.refuseCurrency(errs, p+"targetCurrency", coded(f.TargetCurrency), d)
		src, ok1 := s.currency(f.SourceCurrency)
		dst, ok2 := s.currency(f.TargetCurrency)
		if len(errs) > n || !ok1 || !ok2 || f.ConversionFactor == nil {
			continue
		}
		k := f.ConversionFactor.Decimal()
		if src.Alpha == dst.Alpha {
			if !k.Equal(decimalOne) {
				errs = append(errs, levy.Invalid(p+"conversionFactor", "%s converts %s into itself, so it must be 1", f.ConversionFactor, src.Alpha))
			}
			continue
		}
		key := pair{src.Alpha, dst.Alpha}
		if j, ok := seen[key]; ok {
			if prev := factors[j].ConversionFactor; !prev.Decimal().Equal(k) {
				errs = append(errs, levy.Invalid(p+"conversionFactor", "%s converts %s into %s, but currencyConversionFactors[%d] does so at %s; send one factor per pair of currencies", f.ConversionFactor, src.Alpha, dst.Alpha, j, prev))
			}
			continue
		}
		if seen == nil {
			seen = make(map[pair]int)
		}
		seen[key] = i
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// named returns the response's copy of a currency the request sent: with
// its name and both codes when the dataset knows it, else as sent.
func (s *snapshot) named(w *wire.Currency) *wire.Currency {
	if w == nil {
		return nil
	}
	cur, ok := s.currency(w)
	if !ok || w.ISOCurrencyName == cur.Name && w.ISOCurrencyCodeAlpha != "" && w.ISOCurrencyCodeNum != nil {
		return w
	}
	return wireCurrency(cur)
}

// namedFactors returns the response's copy of conversion factors, their
// currencies named; the request's slice when none needs a name.
func (s *snapshot) namedFactors(fs []wire.CurrencyConversionFactor) []wire.CurrencyConversionFactor {
	var out []wire.CurrencyConversionFactor
	for i := range fs {
		src, dst := s.named(fs[i].SourceCurrency), s.named(fs[i].TargetCurrency)
		if src == fs[i].SourceCurrency && dst == fs[i].TargetCurrency {
			continue
		}
		if out == nil {
			out = slices.Clone(fs)
		}
		out[i].SourceCurrency, out[i].TargetCurrency = src, dst
	}
	if out == nil {
		return fs
	}
	return out
}

// wireCurrency returns the response's copy of a currency with its name.
func wireCurrency(c money.Currency) *wire.Currency {
	// One allocation for the currency and its number.
	out := &struct {
		c wire.Currency
		n int32
	}{wire.Currency{ISOCurrencyCodeAlpha: c.Alpha, ISOCurrencyName: c.Name}, int32(c.Numeric)}
	if out.n != 0 {
		out.c.ISOCurrencyCodeNum = &out.n
	}
	return &out.c
}

// companyAmounts converts a line's tax and taxable amount into the
// company code currency, when the request names that currency and a
// conversion factor from the transaction currency to it (companyFactor).
// Without one they are left out, and companyParameter says so on the
// line.
func (c *calc) companyAmounts(l *line) (tax, taxable *money.Amount) {
	target, ok := c.s.currency(c.d.company)
	if !ok {
		return nil, nil
	}
	places := int32(max(target.MinorUnits, 0))
	if target.Alpha == c.d.currency.Alpha {
		// The document's own currency: its amounts as they are.
		a := money.New(l.totalTax).Round(places, money.HalfUp)
		b := money.New(l.companyBase()).Round(places, money.HalfUp)
		return &a, &b
	}
	i := c.companyFactor(c.d.currency.Alpha, target.Alpha)
	if i < 0 {
		return nil, nil
	}
	k := c.d.factors[i].ConversionFactor.Decimal()
	a := money.New(l.totalTax.Mul(k)).Round(places, money.HalfUp)
	b := money.New(l.companyBase().Mul(k)).Round(places, money.HalfUp)
	return &a, &b
}

// companyFactor returns the index of the first currencyConversionFactors
// entry with a factor that converts currency src into dst, or -1.
func (c *calc) companyFactor(src, dst string) int {
	for i := range c.d.factors {
		f := &c.d.factors[i]
		if f.ConversionFactor == nil {
			continue
		}
		from, ok1 := c.s.currency(f.SourceCurrency)
		to, ok2 := c.s.currency(f.TargetCurrency)
		if ok1 && ok2 && from.Alpha == src && to.Alpha == dst {
			return i
		}
	}
	return -1
}

// CompanyUnconvertedRule is the rule name of the assisted parameter
// (paramName companyCodeCurrency, originalValue its code) on each line
// of a request whose companyCodeCurrency is not the document's currency
// and whose currencyConversionFactors hold no factor from the document's
// currency into it: the line's companyCodeCurrencyTaxAmount and
// companyCodeCurrencyTaxableAmount are left out. A factor in the other
// direction, from the company code currency into the document's, is not
// inverted: the wire format defines a conversion factor as the
// multiplier from its sourceCurrency to its targetCurrency, and Levy
// converts in the direction a factor states only, as it does for price
// thresholds and low-value limits (conversionTo); the sentence names
// such a factor and the one to send.
const CompanyUnconvertedRule = "company-code-unconverted"

// companyParameter appends to out the assisted parameter of
// CompanyUnconvertedRule, for a line whose company code amounts
// companyAmounts leaves out though the request names a company code
// currency.
func (c *calc) companyParameter(out []wire.AssistedParameter) []wire.AssistedParameter {
	target, ok := c.s.currency(c.d.company)
	doc := c.d.currency.Alpha
	if !ok || target.Alpha == doc || c.companyFactor(doc, target.Alpha) >= 0 {
		return out
	}
	note := fmt.Sprintf("the company code currency is %s and the document's currency %s, and no currencyConversionFactors entry converts %s into %s: "+
		"the line's companyCodeCurrencyTaxAmount and companyCodeCurrencyTaxableAmount are left out", target.Alpha, doc, doc, target.Alpha)
	if i := c.companyFactor(target.Alpha, doc); i >= 0 {
		note += fmt.Sprintf("; currencyConversionFactors[%d] converts %s into %s (factor %s), the other way, and a factor is used only in the direction it states: "+
			"send the factor from %s (sourceCurrency) to %s (targetCurrency)", i, target.Alpha, doc, c.d.factors[i].ConversionFactor, doc, target.Alpha)
	}
	return append(out, wire.AssistedParameter{ParamName: "companyCodeCurrency", Phase: wire.PhasePost, RuleName: CompanyUnconvertedRule,
		OriginalValue: target.Alpha, Value: note})
}

// companyBase is the taxable amount that the company code currency
// states for line l: the largest taxable amount of its counted taxes.
func (l *line) companyBase() decimal.Decimal {
	base := decimalZero
	for i := range l.taxes {
		if l.taxes[i].counted() && l.taxes[i].taxable.GreaterThan(base) {
			base = l.taxes[i].taxable
		}
	}
	return base
}

// leafOut is what every perspective's response line takes from a
// calculated leaf: its taxes, its net extended price and its amounts in
// the company code currency (nil when not asked for).
func (c *calc) leafOut(l *line) (taxes []wire.Tax, ext, companyTax, companyTaxable *money.Amount) {
	companyTax, companyTaxable = c.companyAmounts(l)
	return c.wireTaxes(l), c.extendedPrice(c.amount(l.net)), companyTax, companyTaxable
}

// extendedPrice returns a pointer to net, carved from a block shared by
// the document's response lines (never reused: the response holds it),
// so that a document allocates one block of them instead of one amount
// a line.
func (c *calc) extendedPrice(net money.Amount) *money.Amount {
	if len(c.extBlock) == cap(c.extBlock) {
		c.extBlock = make([]money.Amount, 0, max(len(c.d.lines)-c.extDone, 1))
	}
	c.extBlock = append(c.extBlock, net)
	c.extDone++
	return &c.extBlock[len(c.extBlock)-1]
}
