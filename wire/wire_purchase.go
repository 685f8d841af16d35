package wire

import (
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/money"
)

// PurchaseRequest is the body of a purchase calculation, the buyer's view
// of a transaction (the wire's PurchaseRequestType, POST /procurement).
// PurchaseMessageType selects the kind of calculation.
type PurchaseRequest struct {
	PurchaseMessageType PurchaseMessageType `json:"purchaseMessageType,omitempty" check:"required"`
	TransactionType     TransactionType     `json:"transactionType,omitempty" check:"required"`
	DocumentDate        civil.Date          `json:"documentDate,omitzero"`
	// TransactionID is the caller's identifier of the transaction, used to
	// synchronise, reverse and delete it.
	TransactionID              string     `json:"transactionId,omitempty" check:"id,nonblank,max=40"`
	DocumentNumber             string     `json:"documentNumber,omitempty" check:"id,max=50"`
	DocumentSequenceID         string     `json:"documentSequenceId,omitempty" check:"id,max=60"`
	DocumentType               string     `json:"documentType,omitempty" check:"id,max=20"`
	BillingType                string     `json:"billingType,omitempty" check:"id,max=20"`
	OrderType                  string     `json:"orderType,omitempty" check:"id,max=20"`
	LocationCode               string     `json:"locationCode,omitempty" check:"id,max=20"`
	AccumulationCustomerNumber string     `json:"accumulationCustomerNumber,omitempty" check:"id,max=40"`
	AccumulationDocumentNumber string     `json:"accumulationDocumentNumber,omitempty" check:"id,max=40"`
	PaymentDate                civil.Date `json:"paymentDate,omitzero"`
	PostingDate                civil.Date `json:"postingDate,omitzero"`
	TaxPointDate               civil.Date `json:"taxPointDate,omitzero"`
	// RecoverableDate is the date that decides the recoverability of
	// input tax.
	RecoverableDate civil.Date `json:"recoverableDate,omitzero"`

	Buyer  *Buyer  `json:"buyer,omitempty"`
	Vendor *Vendor `json:"vendor,omitempty"`

	// ChargedTax is the tax the vendor charged on the whole document.
	ChargedTax *money.Amount `json:"chargedTax,omitempty"`
	// CalculateVendorTaxIndicator asks for the tax the vendor should have
	// charged.
	CalculateVendorTaxIndicator bool `json:"calculateVendorTaxIndicator,omitempty"`
	// CalculateSelfAccrualIndicator asks for the tax the buyer must accrue.
	CalculateSelfAccrualIndicator bool `json:"calculateSelfAccrualIndicator,omitempty"`

	Currency                  *Currency                  `json:"currency,omitempty"`
	CompanyCodeCurrency       *Currency                  `json:"companyCodeCurrency,omitempty"`
	OriginalCurrency          *Currency                  `json:"originalCurrency,omitempty"`
	CurrencyConversionFactors []CurrencyConversionFactor `json:"currencyConversionFactors,omitempty"`

	// PostToJournal, absent, is true for the kinds that are stored.
	PostToJournal *bool `json:"postToJournal,omitempty"`
	// RoundAtLineLevel, absent, is true: each line's tax is rounded.
	RoundAtLineLevel             *bool `json:"roundAtLineLevel,omitempty"`
	IsTaxOnlyAdjustmentIndicator bool  `json:"isTaxOnlyAdjustmentIndicator,omitempty"`

	Discount                 *Discount                 `json:"discount,omitempty"`
	ExemptOverrides          []Override                `json:"exemptOverrides,omitempty"`
	NonTaxableOverrides      []Override                `json:"nonTaxableOverrides,omitempty"`
	RateOverrides            []RateOverride            `json:"rateOverrides,omitempty"`
	ImpositionInclusions     []ImpositionInclusion     `json:"impositionInclusions,omitempty"`
	SitusOverride            *SitusOverride            `json:"situsOverride,omitempty"`
	TaxOverride              *TaxOverride              `json:"taxOverride,omitempty"`
	DeliveryTerm             DeliveryTerm              `json:"deliveryTerm,omitempty"`
	SimplificationCode       SimplificationCode        `json:"simplificationCode,omitempty"`
	ProratePercentage        *money.Amount             `json:"proratePercentage,omitempty" check:"min=-100000000,max=100000000"`
	TaxabilityCategoryTotals []TaxabilityCategoryTotal `json:"taxabilityCategoryTotals,omitempty"`

	ReturnAssistedParametersIndicator bool `json:"returnAssistedParametersIndicator,omitempty"`
	ReturnGeneratedLineItemsIndicator bool `json:"returnGeneratedLineItemsIndicator,omitempty"`
	ReturnTimeElapsedDetailsIndicator bool `json:"returnTimeElapsedDetailsIndicator,omitempty"`

	// LineItems are the lines of the document; at least one is required.
	LineItems []PurchaseLineItem `json:"lineItems,omitempty"`
}

// PurchaseLineItem is a line of a purchase (the wire's
// PurchaseRequestLineItemType). A line's own buyer, vendor and other
// members replace those of the document for the line.
type PurchaseLineItem struct {
	// LineItemNumber orders the line among its list. The response gives
	// the lines of a list sent without one the numbers after the greatest
	// sent in that list, in order (1, 2, 3 when none is sent).
	LineItemNumber *int64 `json:"lineItemNumber,omitempty" check:"min=0"`
	// LineItemID identifies the line for the sync kinds; it is unique
	// within the request.
	LineItemID          string           `json:"lineItemId,omitempty" check:"id,max=40"`
	LineItemDescription string           `json:"lineItemDescription,omitempty" check:"max=512,lines"`
	TransactionType     TransactionType  `json:"transactionType,omitempty"`
	SyncType            LineItemSyncType `json:"syncType,omitempty"`

	Buyer  *Buyer  `json:"buyer,omitempty"`
	Vendor *Vendor `json:"vendor,omitempty"`

	Purchase                *Purchase      `json:"purchase,omitempty"`
	CommodityCode           *CommodityCode `json:"commodityCode,omitempty"`
	AdditionalCommodityCode *CommodityCode `json:"additionalCommodityCode,omitempty"`
	Quantity                *Measure       `json:"quantity,omitempty"`
	Volume                  *Measure       `json:"volume,omitempty"`
	Weight                  *Measure       `json:"weight,omitempty"`

	UnitPrice          *money.Amount `json:"unitPrice,omitempty"`
	ExtendedPrice      *money.Amount `json:"extendedPrice,omitempty"`
	Freight            *money.Amount `json:"freight,omitempty"`
	Cost               *money.Amount `json:"cost,omitempty"`
	LandedCost         *money.Amount `json:"landedCost,omitempty"`
	AmountBilledToDate *money.Amount `json:"amountBilledToDate,omitempty"`
	InputTotalTax      *money.Amount `json:"inputTotalTax,omitempty"`
	// ChargedTax is the tax the vendor charged on the line.
	ChargedTax *money.Amount `json:"chargedTax,omitempty"`
	// VendorTaxes itemise the tax the vendor charged.
	VendorTaxes []InputTax `json:"vendorTaxes,omitempty"`
	// SpecialTaxBasis replaces the taxable basis.
	SpecialTaxBasis *money.Amount `json:"specialTaxBasis,omitempty"`
	WageBasis       *money.Amount `json:"wageBasis,omitempty"`
	// BlockingOverridePercent and PartialExemptRecoverableOverridePercent
	// are percentages from 0 to 100 of the input tax that is blocked or
	// recoverable.
	BlockingOverridePercent                 *money.Amount `json:"blockingOverridePercent,omitempty" check:"min=0,max=100"`
	PartialExemptRecoverableOverridePercent *money.Amount `json:"partialExemptRecoverableOverridePercent,omitempty" check:"min=0,max=100"`
	CompanyCodeCurrencyTaxAmount            *money.Amount `json:"companyCodeCurrencyTaxAmount,omitempty"`
	CompanyCodeCurrencyTaxableAmount        *money.Amount `json:"companyCodeCurrencyTaxableAmount,omitempty"`
	Discount                                *Discount     `json:"discount,omitempty"`
	TaxIncludedIndicator                    bool          `json:"taxIncludedIndicator,omitempty"`
	IsMulticomponent                        bool          `json:"isMulticomponent,omitempty"`
	TaxDate                                 civil.Date    `json:"taxDate,omitzero"`
	RecoverableDate                         civil.Date    `json:"recoverableDate,omitzero"`

	// LineDetails holds the terms, overrides, accounting codes, Intrastat
	// and flexible members, which lines of every perspective share.
	LineDetails

	LineItems []PurchaseLineItem `json:"lineItems,omitempty"`
}

// PurchaseResponse is the result of a purchase calculation: the request
// as Levy read it, with the lines' taxes, the totals and, for the kinds
// that compare with the vendor's tax, the difference.
type PurchaseResponse struct {
	PurchaseRequest
	LineItems []PurchaseResponseLineItem `json:"lineItems,omitempty"`
	SubTotal  money.Amount               `json:"subTotal"`
	Total     money.Amount               `json:"total"`
	TotalTax  money.Amount               `json:"totalTax"`
	// Variance is the vendor's tax less Levy's.
	Variance *money.Amount `json:"variance,omitempty"`
	// OutsideThreshold says the variance is beyond the configured
	// tolerance.
	OutsideThreshold *bool `json:"outsideThreshold,omitempty"`
	// ProcurementAction is what the rules of a CONDITIONAL_PROCUREMENT
	// calculation chose. It is a Levy extension of the wire format
	// (levy:"own": AppendOptions.OmitLevyMembers leaves it out).
	ProcurementAction *ProcurementAction `json:"procurementAction,omitempty" levy:"own"`
}

// PurchaseResponseLineItem is a line of a PurchaseResponse.
type PurchaseResponseLineItem struct {
	PurchaseLineItem
	LineItems          []PurchaseResponseLineItem `json:"lineItems,omitempty"`
	TotalTax           money.Amount               `json:"totalTax"`
	Taxes              []Tax                      `json:"taxes,omitempty"`
	AssistedParameters []AssistedParameter        `json:"assistedParameters,omitempty"`
	Variance           *money.Amount              `json:"variance,omitempty"`
	OutsideThreshold   *bool                      `json:"outsideThreshold,omitempty"`
}

// The actions of a ProcurementAction.
const (
	// ProcurementAccrue: the buyer accrues the tax the vendor did not
	// charge.
	ProcurementAccrue = "ACCRUE"
	// ProcurementPayVendorTax: the buyer pays the tax the vendor charged.
	ProcurementPayVendorTax = "PAY_VENDOR_TAX"
	// ProcurementHoldForReview: the invoice waits for a person to look at
	// the difference.
	ProcurementHoldForReview = "HOLD_FOR_REVIEW"
)

// ProcurementAction is the decision of a conditional procurement: one of
// ProcurementAccrue, ProcurementPayVendorTax and ProcurementHoldForReview,
// with the reason and the rule that chose it.
type ProcurementAction struct {
	Action string `json:"action"`
	Reason string `json:"reason"`
	RuleID string `json:"ruleId,omitempty"`
	// AccruedTax is the tax accrued by the ACCRUE action.
	AccruedTax *money.Amount `json:"accruedTax,omitempty"`
}
