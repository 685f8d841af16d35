package wire

import (
	"github.com/levytax/levy/money"
)

// Tax is one tax of a line in a response: the tax of one imposition of
// one jurisdiction (the wire's TaxesType). CalculatedTax, Taxable,
// NonTaxable, Exempt and EffectiveRate are always present.
type Tax struct {
	Jurisdiction   *Jurisdiction   `json:"jurisdiction,omitempty"`
	Imposition     *Imposition     `json:"imposition,omitempty"`
	ImpositionType *ImpositionType `json:"impositionType,omitempty"`
	TaxResult      TaxResult       `json:"taxResult,omitempty"`
	TaxType        TaxType         `json:"taxType,omitempty"`
	// Situs is the location whose jurisdictions tax the line.
	Situs                 LocationRole          `json:"situs,omitempty"`
	TaxCollectedFromParty TaxCollectedFromParty `json:"taxCollectedFromParty,omitempty"`
	TaxStructure          TaxStructure          `json:"taxStructure,omitempty"`
	InputOutputType       InputOutputType       `json:"inputOutputType,omitempty"`

	CalculatedTax money.Amount `json:"calculatedTax"`
	Taxable       money.Amount `json:"taxable"`
	NonTaxable    money.Amount `json:"nonTaxable"`
	Exempt        money.Amount `json:"exempt"`
	// EffectiveRate is CalculatedTax over the taxable amount, a fraction.
	EffectiveRate money.Amount `json:"effectiveRate"`
	// NominalRate is the rate of the rule, a fraction.
	NominalRate *money.Amount `json:"nominalRate,omitempty"`
	// IncludedTax is the part of a tax-included price that is tax.
	IncludedTax *money.Amount `json:"includedTax,omitempty"`
	// OriginalTax is the tax before a maximum or a credit applied.
	OriginalTax              *money.Amount `json:"originalTax,omitempty"`
	BasisReductionPercentage *money.Amount `json:"basisReductionPercentage,omitempty"`
	ReportingBasis           *money.Amount `json:"reportingBasis,omitempty"`
	MarkUpRate               *money.Amount `json:"markUpRate,omitempty"`
	TaxApportionmentRate     *money.Amount `json:"taxApportionmentRate,omitempty"`

	// The input tax members: how much of the tax the buyer may recover.
	RecoverableAmount               *money.Amount `json:"recoverableAmount,omitempty"`
	RecoverablePercent              *money.Amount `json:"recoverablePercent,omitempty"`
	UnrecoverableAmount             *money.Amount `json:"unrecoverableAmount,omitempty"`
	BlockingRecoverablePercent      *money.Amount `json:"blockingRecoverablePercent,omitempty"`
	PartialExemptRecoverablePercent *money.Amount `json:"partialExemptRecoverablePercent,omitempty"`

	TaxableMeasure    *Measure `json:"taxableMeasure,omitempty"`
	NonTaxableMeasure *Measure `json:"nonTaxableMeasure,omitempty"`
	ExemptMeasure     *Measure `json:"exemptMeasure,omitempty"`

	// MaxTaxIndicator says a maximum tax capped the tax.
	MaxTaxIndicator bool `json:"maxTaxIndicator,omitempty"`
	// NotRegisteredIndicator says the seller is not registered where the
	// tax is due.
	NotRegisteredIndicator bool `json:"notRegisteredIndicator,omitempty"`
	// IsService says the line was taxed as a service.
	IsService bool `json:"isService,omitempty"`

	// The rules that decided the tax, each named by its identifier.
	CalculationRuleID               *RuleRef `json:"calculationRuleId,omitempty"`
	BasisRuleID                     *RuleRef `json:"basisRuleId,omitempty"`
	BasisApportionmentRuleID        *RuleRef `json:"basisApportionmentRuleId,omitempty"`
	MaxTaxRuleID                    *RuleRef `json:"maxTaxRuleId,omitempty"`
	InclusionRuleID                 *RuleRef `json:"inclusionRuleId,omitempty"`
	CreditRuleID                    *RuleRef `json:"creditRuleId,omitempty"`
	AccumulationRuleID              *RuleRef `json:"accumulationRuleId,omitempty"`
	PostCalculationEvaluationRuleID *RuleRef `json:"postCalculationEvaluationRuleId,omitempty"`
	RecoverableRuleID               *RuleRef `json:"recoverableRuleId,omitempty"`
	ReportingBasisRuleID            *RuleRef `json:"reportingBasisRuleId,omitempty"`
	TaxApportionmentRuleID          *RuleRef `json:"taxApportionmentRuleId,omitempty"`
	TaxRateAdjustmentRuleID         *RuleRef `json:"taxRateAdjustmentRuleId,omitempty"`
	TelecomUnitConversionRuleID     *RuleRef `json:"telecomUnitConversionRuleId,omitempty"`

	// The accumulation members: where the tax is reported when it is
	// reported under another jurisdiction, imposition or line type.
	AccumulateAsJurisdiction   *Jurisdiction         `json:"accumulateAsJurisdiction,omitempty"`
	AccumulateAsImposition     *Imposition           `json:"accumulateAsImposition,omitempty"`
	AccumulateAsImpositionType *ImpositionType       `json:"accumulateAsImpositionType,omitempty"`
	AccumulateAsLineType       *AccumulateAsLineType `json:"accumulateAsLineType,omitempty"`

	// The registration numbers of the parties that the tax relied on.
	BuyerRegistrationID      string `json:"buyerRegistrationId,omitempty"`
	SellerRegistrationID     string `json:"sellerRegistrationId,omitempty"`
	DispatcherRegistrationID string `json:"dispatcherRegistrationId,omitempty"`
	RecipientRegistrationID  string `json:"recipientRegistrationId,omitempty"`
	OwnerRegistrationID      string `json:"ownerRegistrationId,omitempty"`

	CertificateNumber  *CertificateNumber `json:"certificateNumber,omitempty"`
	FilingCategoryCode *int32             `json:"filingCategoryCode,omitempty"`
	// ReasonCode is the reason of an exemption or override.
	ReasonCode            string                 `json:"reasonCode,omitempty"`
	RateClassification    string                 `json:"rateClassification,omitempty"`
	TaxCode               string                 `json:"taxCode,omitempty"`
	SummaryInvoiceText    string                 `json:"summaryInvoiceText,omitempty"`
	InvoiceTextCodes      []int32                `json:"invoiceTextCodes,omitempty"`
	InvoiceTexts          []InvoiceText          `json:"invoiceTexts,omitempty"`
	FilingCurrencyAmounts *FilingCurrencyAmounts `json:"filingCurrencyAmounts,omitempty"`
	AssistedParameters    []AssistedParameter    `json:"assistedParameters,omitempty"`
}

// RuleRef names a rule that contributed to a tax (the wire's RuleType).
type RuleRef struct {
	Value       string `json:"value,omitempty"`
	UserDefined bool   `json:"userDefined,omitempty"`
	// SalesTaxHolidayIndicator says the rule belongs to a sales tax
	// holiday.
	SalesTaxHolidayIndicator bool `json:"salesTaxHolidayIndicator,omitempty"`
}

// String returns the rule's ID, marked "(user-defined)" for a rule of the
// caller's rule files and "(sales tax holiday)" for a holiday's rule, so
// that a tax printed with %v names its rule; a nil rule is "<none>".
func (r *RuleRef) String() string {
	if r == nil {
		return "<none>"
	}
	s := r.Value
	if r.UserDefined {
		s += " (user-defined)"
	}
	if r.SalesTaxHolidayIndicator {
		s += " (sales tax holiday)"
	}
	return s
}

// AccumulateAsLineType names the line type a tax is reported under.
type AccumulateAsLineType struct {
	Value       string `json:"value,omitempty"`
	UserDefined bool   `json:"userDefined,omitempty"`
}

// CertificateNumber is the exemption certificate a tax relied on.
type CertificateNumber struct {
	CertificateType string `json:"certificateType,omitempty"`
	Value           string `json:"value,omitempty"`
}

// FilingCurrencyAmounts are the amounts of a tax in the filing currency.
type FilingCurrencyAmounts struct {
	CurrencyConversion        *CurrencyConversion `json:"currencyConversion,omitempty"`
	FilingCalculatedTax       *money.Amount       `json:"filingCalculatedTax,omitempty"`
	FilingTaxable             *money.Amount       `json:"filingTaxable,omitempty"`
	FilingNonTaxable          *money.Amount       `json:"filingNonTaxable,omitempty"`
	FilingExempt              *money.Amount       `json:"filingExempt,omitempty"`
	FilingRecoverableAmount   *money.Amount       `json:"filingRecoverableAmount,omitempty"`
	FilingUnrecoverableAmount *money.Amount       `json:"filingUnrecoverableAmount,omitempty"`
}

// InvoiceText is a text the law requires on the invoice for a tax.
type InvoiceText struct {
	Code              string `json:"code,omitempty"`
	Text              string `json:"text,omitempty"`
	InvoiceTextRuleID string `json:"invoiceTextRuleId,omitempty"`
	UserDefined       bool   `json:"userDefined,omitempty"`
}

// AssistedParameter records a value of the request that a rule changed
// before or after the calculation.
type AssistedParameter struct {
	ParamName     string `json:"paramName,omitempty"`
	Phase         Phase  `json:"phase,omitempty"`
	RuleName      string `json:"ruleName,omitempty"`
	OriginalValue string `json:"originalValue,omitempty"`
	Value         string `json:"value,omitempty"`
}
