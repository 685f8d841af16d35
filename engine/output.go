package engine

import (
	"github.com/levytax/levy/money"
	"github.com/shopspring/decimal"
)

// wireTaxes turns a line's computed taxes into wire Tax records.
func (c *calc) wireTaxes(l *line) []Tax {
	if len(l.taxes) == 0 {
		return nil
	}
	out := make([]Tax, len(l.taxes))
	for i := range l.taxes {
		t := &l.taxes[i]
		j := t.j
		w := Tax{
			Jurisdiction:           &j,
			Imposition:             &Imposition{Value: string(t.imposition)},
			ImpositionType:         &ImpositionType{Value: impositionTypeName(t.imposition), InformationOnly: t.infoOnly},
			TaxResult:              t.result,
			TaxType:                t.taxType,
			Situs:                  t.situs,
			TaxCollectedFromParty:  t.collectedFrom,
			InputOutputType:        t.inputOutput,
			CalculatedTax:          money.New(t.tax),
			Taxable:                money.New(t.taxable),
			NonTaxable:             money.New(t.nonTaxable),
			Exempt:                 money.New(t.exempt),
			EffectiveRate:          money.New(effectiveRate(t)),
			MaxTaxIndicator:        t.maxTax,
			NotRegisteredIndicator: t.notRegistered,
			IsService:              serviceClass(l.productClass),
			ReasonCode:             t.reasonCode,
		}
		if t.imposition == "" {
			w.Imposition, w.ImpositionType = nil, nil
		}
		if t.result == TaxResultTaxable || !t.rate.IsZero() {
			nr := money.New(t.rate)
			w.NominalRate = &nr
		}
		if t.ruleID != "" {
			w.CalculationRuleID = &RuleRef{Value: t.ruleID, SalesTaxHolidayIndicator: t.holiday}
		}
		if t.structure != nil {
			w.TaxStructure = TaxStructure(t.structure.Kind)
			if t.maxTax || t.structure.MaxBasisPerItem != nil {
				w.MaxTaxRuleID = &RuleRef{Value: t.structure.ID}
			}
		} else if t.result == TaxResultTaxable {
			w.TaxStructure = TaxStructureSingleRate
		}
		if t.basisPercent != nil {
			bp := money.New(t.basisPercent.Mul(decimalHundred))
			w.BasisReductionPercentage = &bp
		}
		if t.original != nil {
			o := money.New(*t.original)
			w.OriginalTax = &o
			w.CreditRuleID = &RuleRef{Value: t.creditRule}
		}
		if t.certificate != "" {
			w.CertificateNumber = &CertificateNumber{Value: t.certificate}
		}
		if t.conversion != nil {
			w.FilingCurrencyAmounts = c.filing(t)
		}
		out[i] = w
	}
	return out
}

// amount shows d with at least the currency's minor units (0 as 0.00),
// keeping any finer digits it has.
func (c *calc) amount(d decimal.Decimal) money.Amount {
	places := int32(max(c.d.currency.MinorUnits, 0))
	if -d.Exponent() < places {
		return money.New(d).Round(places, money.HalfUp)
	}
	return money.New(d)
}

// effectiveRate is the tax over the taxable amount, to six decimals; the
// nominal rate when nothing is taxable.
func effectiveRate(t *taxOut) decimal.Decimal {
	if t.taxable.Sign() == 0 || t.zeroCharge || t.notRegistered {
		if t.zeroCharge || t.notRegistered || t.result != TaxResultTaxable {
			return decimal.Zero
		}
		return t.rate
	}
	basis := t.raw
	if t.original != nil {
		basis = *t.original
	}
	r := basis.DivRound(t.taxable, 6)
	if r.Equal(t.rate.Round(6)) {
		return t.rate
	}
	return r
}

// filing converts a tax's amounts to the filing currency of its location.
func (c *calc) filing(t *taxOut) *FilingCurrencyAmounts {
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
	return &FilingCurrencyAmounts{
		CurrencyConversion:  conv,
		FilingCalculatedTax: f(t.tax),
		FilingTaxable:       f(t.taxable),
		FilingNonTaxable:    f(t.nonTaxable),
		FilingExempt:        f(t.exempt),
	}
}

// currency finds a wire currency in the dataset's ISO 4217 table.
func (s *snapshot) currency(c *Currency) (money.Currency, bool) {
	if c == nil {
		return money.Currency{}, false
	}
	if c.ISOCurrencyCodeAlpha != "" {
		return s.currencies.ByAlpha(c.ISOCurrencyCodeAlpha)
	}
	if c.ISOCurrencyCodeNum != nil {
		return s.currencies.ByNumeric(int(*c.ISOCurrencyCodeNum))
	}
	return money.Currency{}, false
}

// wireCurrency returns the response's copy of a currency with its name.
func wireCurrency(c money.Currency) *Currency {
	n := int32(c.Numeric)
	out := &Currency{ISOCurrencyCodeAlpha: c.Alpha, ISOCurrencyName: c.Name}
	if n != 0 {
		out.ISOCurrencyCodeNum = &n
	}
	return out
}
