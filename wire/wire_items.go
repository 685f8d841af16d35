package wire

import (
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/money"
)

// The wire types of this file are the members that documents and lines of
// all three perspectives share.

// Product is what a sale line sells: a product code and the class that
// groups products of like taxability.
type Product struct {
	ProductClass string `json:"productClass,omitempty" check:"id,max=40"`
	Value        string `json:"value,omitempty" check:"id,max=40"`
}

// Purchase is what a purchase or owner line buys or moves: a purchase
// code and the class that groups purchases of like taxability.
type Purchase struct {
	PurchaseClass string `json:"purchaseClass,omitempty" check:"id,max=40"`
	Value         string `json:"value,omitempty" check:"id,max=40"`
}

// Measure is a quantity, volume or weight (the wire's MeasureType). In
// requests the value must be greater than 0.
type Measure struct {
	Value *money.Amount `json:"value,omitempty" check:"gt=0"`
	// UnitOfMeasure is a code of at most 3 characters, such as "EA" or
	// "KGM".
	UnitOfMeasure string `json:"unitOfMeasure,omitempty" check:"id,max=3"`
}

// Discount lowers the taxable amount of a document or line. Its single
// value is either a percentage or an amount, as DiscountType says, so a
// discount is never both.
type Discount struct {
	DiscountType DiscountType `json:"discountType,omitempty"`
	// DiscountValue is a percentage from 0 to 100 (10 means 10 %) when
	// DiscountType is DiscountPercent, and an amount of at least 0 when it
	// is DiscountAmount.
	DiscountValue           *money.Amount `json:"discountValue,omitempty"`
	UserDefinedDiscountCode string        `json:"userDefinedDiscountCode,omitempty" check:"id,max=20"`
}

// Override makes the tax of the matching jurisdictions and impositions
// exempt or nontaxable: it is the item of both exemptOverrides and
// nonTaxableOverrides. An override set on a request replaces the exemptions
// and overrides configured in Levy for what it matches.
type Override struct {
	// Amount is the part of the taxable amount affected; absent means all
	// of it.
	Amount           *money.Amount     `json:"amount,omitempty"`
	ImpositionType   *ImpositionType   `json:"impositionType,omitempty"`
	JurisdictionType jurisdiction.Type `json:"jurisdictionType,omitempty"`
	JurisdictionID   string            `json:"jurisdictionId,omitempty" check:"id"`
	// ReasonCode explains the override. A standard one-digit code is sent
	// padded to four digits ("0004"); Levy keeps the code as sent.
	ReasonCode string `json:"reasonCode,omitempty" check:"id"`
}

// RateOverride replaces the rate of the matching jurisdictions and
// impositions.
type RateOverride struct {
	ImpositionType   *ImpositionType   `json:"impositionType,omitempty"`
	JurisdictionType jurisdiction.Type `json:"jurisdictionType,omitempty"`
	JurisdictionID   string            `json:"jurisdictionId,omitempty" check:"id"`
	// Rate is a fraction from 0 to 1: 0.0725 is 7.25 %.
	Rate *money.Amount `json:"rate,omitempty" check:"required,min=0,max=1"`
}

// ImpositionInclusion limits the taxes calculated to those of the listed
// jurisdiction and imposition types.
type ImpositionInclusion struct {
	ImpositionType   *ImpositionType   `json:"impositionType,omitempty"`
	JurisdictionType jurisdiction.Type `json:"jurisdictionType,omitempty"`
	JurisdictionID   string            `json:"jurisdictionId,omitempty" check:"id"`
}

// CitationOverride replaces the legal citation Levy reports for the
// matching jurisdictions and impositions.
type CitationOverride struct {
	ImpositionType   *ImpositionType   `json:"impositionType,omitempty"`
	JurisdictionType jurisdiction.Type `json:"jurisdictionType,omitempty"`
	JurisdictionID   string            `json:"jurisdictionId,omitempty" check:"id"`
	Citation         string            `json:"citation,omitempty" check:"max=512,lines"`
}

// CommodityCode is a code of a commodity scheme, such as an HS or UNSPSC
// code. Responses also tell which code Levy used.
type CommodityCode struct {
	CommodityCodeType string `json:"commodityCodeType,omitempty" check:"id,max=60"`
	Value             string `json:"value,omitempty" check:"id,max=40"`
	// UsedCommodityCode and UserDefined are filled in responses.
	UsedCommodityCode string `json:"usedCommodityCode,omitempty" check:"id,max=40"`
	UserDefined       bool   `json:"userDefined,omitempty"`
}

// FlexibleFields carries user data that rules may test and the journal
// records.
type FlexibleFields struct {
	FlexibleCodeFields    []FlexibleCodeField    `json:"flexibleCodeFields,omitempty"`
	FlexibleNumericFields []FlexibleNumericField `json:"flexibleNumericFields,omitempty"`
	FlexibleDateFields    []FlexibleDateField    `json:"flexibleDateFields,omitempty"`
}

// FlexibleCodeField is a string flexible field, numbered 1 to 100.
type FlexibleCodeField struct {
	FieldID *int32 `json:"fieldId,omitempty" check:"required,min=1,max=100"`
	Value   string `json:"value,omitempty" check:"required,max=250"`
}

// FlexibleNumericField is a numeric flexible field, numbered 1 to 50.
type FlexibleNumericField struct {
	FieldID *int32        `json:"fieldId,omitempty" check:"required,min=1,max=50"`
	Value   *money.Amount `json:"value,omitempty" check:"required"`
}

// FlexibleDateField is a date flexible field, numbered 1 to 10.
type FlexibleDateField struct {
	FieldID *int32     `json:"fieldId,omitempty" check:"required,min=1,max=10"`
	Value   civil.Date `json:"value,omitzero" check:"required"`
}

// LineType describes a telecommunications line.
type LineType struct {
	AccumulationLocation string `json:"accumulationLocation,omitempty" check:"max=40"`
	Content              string `json:"content,omitempty" check:"max=40"`
	Direction            string `json:"direction,omitempty" check:"max=40"`
	Status               string `json:"status,omitempty" check:"max=40"`
	Value                string `json:"value,omitempty" check:"max=40"`
}

// LineTypeSet is one of several telecommunications line types of a line,
// with its count.
type LineTypeSet struct {
	AccumulationLocation string        `json:"accumulationLocation,omitempty" check:"max=40"`
	Basis                string        `json:"basis,omitempty" check:"max=40"`
	Content              string        `json:"content,omitempty" check:"max=40"`
	Direction            string        `json:"direction,omitempty" check:"max=40"`
	Status               string        `json:"status,omitempty" check:"max=40"`
	Value                string        `json:"value,omitempty" check:"max=40"`
	Count                *money.Amount `json:"count,omitempty"`
	LineTypeNumber       *int64        `json:"lineTypeNumber,omitempty" check:"min=0,max=999999999999"`
}

// ReturnsFields carries values the tax returns need and Levy passes
// through to the journal.
type ReturnsFields struct {
	ReturnsCodeFields      []ReturnsCodeField      `json:"returnsCodeFields,omitempty"`
	ReturnsDateFields      []ReturnsDateField      `json:"returnsDateFields,omitempty"`
	ReturnsIndicatorFields []ReturnsIndicatorField `json:"returnsIndicatorFields,omitempty"`
	ReturnsNumericFields   []ReturnsNumericField   `json:"returnsNumericFields,omitempty"`
}

// ReturnsCodeField is a named string value for the returns.
type ReturnsCodeField struct {
	Name  string `json:"name,omitempty"`
	Value string `json:"value,omitempty"`
}

// ReturnsDateField is a named date for the returns.
type ReturnsDateField struct {
	Name  string     `json:"name,omitempty"`
	Value civil.Date `json:"value,omitzero"`
}

// ReturnsIndicatorField is a named flag for the returns.
type ReturnsIndicatorField struct {
	Name  string `json:"name,omitempty"`
	Value *bool  `json:"value,omitempty"`
}

// ReturnsNumericField is a named number for the returns.
type ReturnsNumericField struct {
	Name  string        `json:"name,omitempty"`
	Value *money.Amount `json:"value,omitempty"`
}

// SitusOverride forces the location whose jurisdictions tax the
// transaction.
type SitusOverride struct {
	TaxingLocation LocationRole `json:"taxingLocation,omitempty"`
}

// TaxOverride forces the transaction or line taxable or nontaxable.
type TaxOverride struct {
	OverrideType       OverrideType `json:"overrideType,omitempty"`
	OverrideReasonCode string       `json:"overrideReasonCode,omitempty" check:"id"`
}

// TaxDeferredOverride defers the tax of the matching jurisdictions and
// impositions: it is reported with the result DEFERRED and not charged.
// The sources name this member without its fields; these are Levy's own,
// the same selectors as the other overrides.
type TaxDeferredOverride struct {
	ImpositionType   *ImpositionType   `json:"impositionType,omitempty"`
	JurisdictionType jurisdiction.Type `json:"jurisdictionType,omitempty"`
	JurisdictionID   string            `json:"jurisdictionId,omitempty" check:"id"`
}

// PautaOverrides replaces the Brazilian pautas (reference prices per unit)
// of a line. The sources leave its members unspecified; PautaOverride is
// Levy's name for the list.
type PautaOverrides struct {
	PautaOverride []PautaOverride `json:"pautaOverride,omitempty"`
}

// PautaOverride replaces the pauta of one imposition type.
type PautaOverride struct {
	ImpositionTypeID *int32            `json:"impositionTypeId,omitempty"`
	QuantityType     PautaQuantityType `json:"quantityType,omitempty"`
	// Amount is the reference price per unit of quantity. The sources cut
	// off the name of this member; "amount" is Levy's.
	Amount *money.Amount `json:"amount,omitempty" check:"min=0"`
}

// SupplementaryUnit is the statistical quantity Intrastat reports want
// in addition to the net mass.
type SupplementaryUnit struct {
	UnitType string        `json:"unitType,omitempty" check:"max=20"`
	Value    *money.Amount `json:"value,omitempty"`
}

// InputTax is a tax the vendor charged on a purchase line (the wire's
// InputTaxType, the item of vendorTaxes).
type InputTax struct {
	InputAmount    *money.Amount `json:"inputAmount,omitempty"`
	InvoiceTaxRate *money.Amount `json:"invoiceTaxRate,omitempty"`
	IsImport       bool          `json:"isImport,omitempty"`
	// BlockingOverridePercent and PartialExemptRecoverableOverridePercent
	// are percentages from 0 to 100.
	BlockingOverridePercent                 *money.Amount               `json:"blockingOverridePercent,omitempty" check:"min=0,max=100"`
	PartialExemptRecoverableOverridePercent *money.Amount               `json:"partialExemptRecoverableOverridePercent,omitempty" check:"min=0,max=100"`
	TaxingJurisdictionLocation              *TaxingJurisdictionLocation `json:"taxingJurisdictionLocation,omitempty"`
}

// VendorTax is another name of InputTax, after the member vendorTaxes.
type VendorTax = InputTax

// TaxabilityCategoryTotal is an amount the buyer has already spent in a
// taxability category in a place, for taxes whose rate or cap depends on
// it.
type TaxabilityCategoryTotal struct {
	Country            string              `json:"country,omitempty" check:"max=60"`
	MainDivision       string              `json:"mainDivision,omitempty" check:"max=60"`
	SubDivision        string              `json:"subDivision,omitempty" check:"max=60"`
	City               string              `json:"city,omitempty" check:"max=60"`
	ImpositionType     *ImpositionType     `json:"impositionType,omitempty"`
	TaxImposition      *Imposition         `json:"taxImposition,omitempty"`
	TaxabilityCategory *TaxabilityCategory `json:"taxabilityCategory,omitempty"`
	TotalAmount        *CurrencyAmount     `json:"totalAmount,omitempty"`
}

// TaxabilityCategory names a category of like taxability.
type TaxabilityCategory struct {
	UserDefined bool   `json:"userDefined,omitempty"`
	Value       string `json:"value,omitempty"`
}
