package wire

import (
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/money"
)

// SaleRequest is the body of a sale calculation, the seller's view of a
// transaction (the wire's SaleRequestType, POST /supplies).
// SaleMessageType selects the kind of calculation.
type SaleRequest struct {
	SaleMessageType SaleMessageType `json:"saleMessageType,omitempty" check:"required"`
	// TransactionType is SALE, RENTAL or LEASE; lines may override it.
	TransactionType TransactionType `json:"transactionType,omitempty" check:"required,in=SALE|RENTAL|LEASE"`
	// DocumentDate is the date of the document; the rules and rates in
	// force on it apply.
	DocumentDate civil.Date `json:"documentDate,omitzero"`
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

	Seller   *Seller   `json:"seller,omitempty"`
	Customer *Customer `json:"customer,omitempty"`

	Currency                  *Currency                  `json:"currency,omitempty"`
	CompanyCodeCurrency       *Currency                  `json:"companyCodeCurrency,omitempty"`
	OriginalCurrency          *Currency                  `json:"originalCurrency,omitempty"`
	CurrencyConversionFactors []CurrencyConversionFactor `json:"currencyConversionFactors,omitempty"`

	// PostToJournal, absent, is true for the kinds that are stored.
	PostToJournal *bool `json:"postToJournal,omitempty"`
	// RoundAtLineLevel, absent, is true: each line's tax is rounded.
	RoundAtLineLevel *bool `json:"roundAtLineLevel,omitempty"`
	// IsTaxOnlyAdjustmentIndicator marks a document that adjusts tax only,
	// not revenue.
	IsTaxOnlyAdjustmentIndicator bool `json:"isTaxOnlyAdjustmentIndicator,omitempty"`
	// MarketplaceFacilitated is Levy's own member: true marks a sale
	// made through a marketplace facilitator (a platform that collects
	// the tax for the seller). The calculation is the same; the journal
	// keeps the mark, and the seller's sales figures count such sales
	// apart, since some states leave them out of their economic-nexus
	// thresholds (docs/nexus.md). A CSV batch names it in the column
	// marketplace.
	MarketplaceFacilitated bool `json:"marketplaceFacilitated,omitempty"`

	Discount             *Discount             `json:"discount,omitempty"`
	ExemptOverrides      []Override            `json:"exemptOverrides,omitempty"`
	NonTaxableOverrides  []Override            `json:"nonTaxableOverrides,omitempty"`
	RateOverrides        []RateOverride        `json:"rateOverrides,omitempty"`
	ImpositionInclusions []ImpositionInclusion `json:"impositionInclusions,omitempty"`
	SitusOverride        *SitusOverride        `json:"situsOverride,omitempty"`
	TaxOverride          *TaxOverride          `json:"taxOverride,omitempty"`
	DeliveryTerm         DeliveryTerm          `json:"deliveryTerm,omitempty"`
	SimplificationCode   SimplificationCode    `json:"simplificationCode,omitempty"`
	// ProratePercentage scales the document's amounts, from -100000000 to
	// 100000000.
	ProratePercentage *money.Amount `json:"proratePercentage,omitempty" check:"min=-100000000,max=100000000"`

	ReturnAssistedParametersIndicator bool `json:"returnAssistedParametersIndicator,omitempty"`
	ReturnGeneratedLineItemsIndicator bool `json:"returnGeneratedLineItemsIndicator,omitempty"`
	ReturnTimeElapsedDetailsIndicator bool `json:"returnTimeElapsedDetailsIndicator,omitempty"`

	// LineItems are the lines of the document; at least one is required.
	LineItems []SaleLineItem `json:"lineItems,omitempty"`
}

// SaleLineItem is a line of a sale (the wire's SaleRequestLineItemType).
// A line's own seller, customer and other members replace those of the
// document for the line. Child lines in LineItems have the same shape.
type SaleLineItem struct {
	// LineItemNumber orders the line among its list. The response gives
	// the lines of a list sent without one the numbers after the greatest
	// sent in that list, in order (1, 2, 3 when none is sent).
	LineItemNumber *int64 `json:"lineItemNumber,omitempty" check:"min=0"`
	// LineItemID identifies the line for the sync kinds; it is unique
	// within the request.
	LineItemID          string           `json:"lineItemId,omitempty" check:"id,max=40"`
	LineItemDescription string           `json:"lineItemDescription,omitempty" check:"max=512,lines"`
	TransactionType     TransactionType  `json:"transactionType,omitempty" check:"in=SALE|RENTAL|LEASE"`
	SyncType            LineItemSyncType `json:"syncType,omitempty"`

	Seller   *Seller   `json:"seller,omitempty"`
	Customer *Customer `json:"customer,omitempty"`

	Product                 *Product       `json:"product,omitempty"`
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
	FairMarketValue    *money.Amount `json:"fairMarketValue,omitempty"`
	AmountBilledToDate *money.Amount `json:"amountBilledToDate,omitempty"`
	// InputTotalTax is the tax to distribute (DISTRIBUTE_TAX only).
	InputTotalTax *money.Amount `json:"inputTotalTax,omitempty"`
	// PreviousTaxPaid is tax already paid on the asset elsewhere, for
	// reciprocity credits.
	PreviousTaxPaid                  *money.Amount `json:"previousTaxPaid,omitempty"`
	CompanyCodeCurrencyTaxAmount     *money.Amount `json:"companyCodeCurrencyTaxAmount,omitempty"`
	CompanyCodeCurrencyTaxableAmount *money.Amount `json:"companyCodeCurrencyTaxableAmount,omitempty"`
	Discount                         *Discount     `json:"discount,omitempty"`
	// TaxIncludedIndicator says ExtendedPrice includes the tax.
	TaxIncludedIndicator bool `json:"taxIncludedIndicator,omitempty"`
	// IsMulticomponent, on a parent line, makes Levy use the amounts of the
	// child lines and ignore the parent's.
	IsMulticomponent bool `json:"isMulticomponent,omitempty"`
	// TaxDate, absent, is the document date.
	TaxDate civil.Date `json:"taxDate,omitzero"`

	// LineDetails holds the terms, overrides, accounting codes, Intrastat
	// and flexible members, which lines of every perspective share.
	LineDetails

	LineItems []SaleLineItem `json:"lineItems,omitempty"`
}

// SaleResponse is the result of a sale calculation: the request as Levy
// read it, with the lines' taxes and the document's totals.
type SaleResponse struct {
	SaleRequest
	LineItems []SaleResponseLineItem `json:"lineItems,omitempty"`
	// SubTotal is the sum of the lines' amounts before tax.
	SubTotal money.Amount `json:"subTotal"`
	// Total is SubTotal plus TotalTax.
	Total    money.Amount `json:"total"`
	TotalTax money.Amount `json:"totalTax"`
}

// SaleResponseLineItem is a line of a SaleResponse.
type SaleResponseLineItem struct {
	SaleLineItem
	LineItems          []SaleResponseLineItem `json:"lineItems,omitempty"`
	TotalTax           money.Amount           `json:"totalTax"`
	Taxes              []Tax                  `json:"taxes,omitempty"`
	AssistedParameters []AssistedParameter    `json:"assistedParameters,omitempty"`
}
