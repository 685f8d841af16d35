package wire

import (
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/money"
)

// OwnerRequest is the body of an owner calculation: the tax on goods or
// assets a business moves or takes for its own use (the wire's
// OwnerRequestType, POST /owner). OwnerMessageType selects the kind of
// calculation.
type OwnerRequest struct {
	OwnerMessageType OwnerMessageType `json:"ownerMessageType,omitempty" check:"required"`
	MovementMethod   MovementMethod   `json:"movementMethod,omitempty"`
	DocumentDate     civil.Date       `json:"documentDate,omitzero"`
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
	RecoverableDate            civil.Date `json:"recoverableDate,omitzero"`

	Owner *Owner `json:"owner,omitempty"`

	Currency                  *Currency                  `json:"currency,omitempty"`
	CompanyCodeCurrency       *Currency                  `json:"companyCodeCurrency,omitempty"`
	OriginalCurrency          *Currency                  `json:"originalCurrency,omitempty"`
	CurrencyConversionFactors []CurrencyConversionFactor `json:"currencyConversionFactors,omitempty"`

	// PostToJournal, absent, is true for the kinds that are stored.
	PostToJournal *bool `json:"postToJournal,omitempty"`
	// RoundAtLineLevel, absent, is true: each line's tax is rounded.
	RoundAtLineLevel             *bool `json:"roundAtLineLevel,omitempty"`
	IsTaxOnlyAdjustmentIndicator bool  `json:"isTaxOnlyAdjustmentIndicator,omitempty"`

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
	LineItems []OwnerLineItem `json:"lineItems,omitempty"`
}

// OwnerLineItem is a line of an owner calculation (the wire's
// OwnerRequestLineItemType). A line's own owner and other members replace
// those of the document for the line.
type OwnerLineItem struct {
	// LineItemNumber orders the line among its list. The response gives
	// the lines of a list sent without one the numbers after the greatest
	// sent in that list, in order (1, 2, 3 when none is sent).
	LineItemNumber *int64 `json:"lineItemNumber,omitempty" check:"min=0"`
	// LineItemID identifies the line for the sync kinds; it is unique
	// within the request.
	LineItemID          string           `json:"lineItemId,omitempty" check:"id,max=40"`
	LineItemDescription string           `json:"lineItemDescription,omitempty" check:"max=512,lines"`
	MovementMethod      MovementMethod   `json:"movementMethod,omitempty"`
	SyncType            LineItemSyncType `json:"syncType,omitempty"`

	Owner *Owner `json:"owner,omitempty"`

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
	TotalCost          *money.Amount `json:"totalCost,omitempty"`
	NetBookValue       *money.Amount `json:"netBookValue,omitempty"`
	LandedCost         *money.Amount `json:"landedCost,omitempty"`
	FairMarketValue    *money.Amount `json:"fairMarketValue,omitempty"`
	FairRentalValue    *money.Amount `json:"fairRentalValue,omitempty"`
	AmountBilledToDate *money.Amount `json:"amountBilledToDate,omitempty"`
	// PreviousTaxPaid is tax already paid on the asset elsewhere, for
	// reciprocity credits.
	PreviousTaxPaid *money.Amount `json:"previousTaxPaid,omitempty"`
	SpecialTaxBasis *money.Amount `json:"specialTaxBasis,omitempty"`
	WageBasis       *money.Amount `json:"wageBasis,omitempty"`
	// BlockingOverridePercent and PartialExemptRecoverableOverridePercent
	// are percentages from 0 to 100.
	BlockingOverridePercent                 *money.Amount `json:"blockingOverridePercent,omitempty" check:"min=0,max=100"`
	PartialExemptRecoverableOverridePercent *money.Amount `json:"partialExemptRecoverableOverridePercent,omitempty" check:"min=0,max=100"`
	CompanyCodeCurrencyTaxAmount            *money.Amount `json:"companyCodeCurrencyTaxAmount,omitempty"`
	CompanyCodeCurrencyTaxableAmount        *money.Amount `json:"companyCodeCurrencyTaxableAmount,omitempty"`
	TaxIncludedIndicator                    bool          `json:"taxIncludedIndicator,omitempty"`
	IsMulticomponent                        bool          `json:"isMulticomponent,omitempty"`
	TaxDate                                 civil.Date    `json:"taxDate,omitzero"`
	RecoverableDate                         civil.Date    `json:"recoverableDate,omitzero"`

	// LineDetails holds the terms, overrides, accounting codes, Intrastat
	// and flexible members, which lines of every perspective share.
	LineDetails

	LineItems []OwnerLineItem `json:"lineItems,omitempty"`
}

// OwnerResponse is the result of an owner calculation: the request as
// Levy read it, with the lines' taxes and the totals.
type OwnerResponse struct {
	OwnerRequest
	LineItems []OwnerResponseLineItem `json:"lineItems,omitempty"`
	SubTotal  money.Amount            `json:"subTotal"`
	Total     money.Amount            `json:"total"`
	TotalTax  money.Amount            `json:"totalTax"`
	// TransactionType and Variance are members of the wire's
	// OwnerResponseType that Levy leaves out: an owner's request names no
	// transaction type (its lines take the rules that name none), and an
	// owner's movement has no vendor's tax to compare (the variance of an
	// invoice verification, PurchaseResponse.Variance).
	TransactionType TransactionType `json:"transactionType,omitempty"`
	Variance        *money.Amount   `json:"variance,omitempty"`
}

// OwnerResponseLineItem is a line of an OwnerResponse.
type OwnerResponseLineItem struct {
	OwnerLineItem
	LineItems          []OwnerResponseLineItem `json:"lineItems,omitempty"`
	TotalTax           money.Amount            `json:"totalTax"`
	Taxes              []Tax                   `json:"taxes,omitempty"`
	AssistedParameters []AssistedParameter     `json:"assistedParameters,omitempty"`
	OutsideThreshold   *bool                   `json:"outsideThreshold,omitempty"`
}
