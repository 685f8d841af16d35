package journal

import (
	"time"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// MaxIDLength is the most characters a transaction ID may have: the
// wire format's limit, which requests are validated against.
const MaxIDLength = wire.MaxTransactionIDLength

// Transaction is one version of a stored transaction: what the engine
// calculated for a document, in the amounts a remittance report needs.
type Transaction struct {
	// TransactionID identifies the transaction within its tenant (1 to 40
	// characters), as the host system sent it.
	TransactionID string `json:"transactionId"`
	// Version is the number of this version, from 1; Post assigns it.
	Version int `json:"version"`
	// Perspective is SELLER, BUYER or OWNER, and MessageType the kind of
	// calculation (INVOICE, ACCRUAL, ARBILLING_SYNC, ...).
	Perspective string `json:"perspective"`
	MessageType string `json:"messageType"`
	// DocumentNumber and DocumentDate are the host's; PostingDate is the
	// date the transaction counts for in reports (the document date when
	// the request names none).
	DocumentNumber string     `json:"documentNumber,omitempty"`
	DocumentDate   civil.Date `json:"documentDate"`
	PostingDate    civil.Date `json:"postingDate"`
	// PostedAt is when this version was stored; Post sets it.
	PostedAt time.Time `json:"postedAt"`
	// Currency is the ISO 4217 code of the document's amounts.
	Currency string `json:"currency,omitempty"`
	// TaxOnly marks a tax-only adjustment (DISTRIBUTE_TAX without revenue).
	TaxOnly bool `json:"taxOnly,omitempty"`
	// Sync marks a version written by a sync kind; Rollback undoes the
	// last one.
	Sync bool `json:"sync,omitempty"`
	// DocumentCharge is, on a sync that is posted, the tax the vendor
	// charged on the whole document (an ACCRUAL_SYNC's chargedTax, sent
	// on no line) that its lines shared and credited; zero when the
	// lines credited their own charges or none. Post refuses it over a
	// stored version whose lines the sync leaves in place (see
	// checkDocumentCharge): the charge is the whole invoice's, but only
	// the lines sent took a share. It is not stored: the versions as
	// stored hold it as zero.
	DocumentCharge money.Amount `json:"-"`
	// RollbackOf is the version this one restores, when Rollback wrote it.
	RollbackOf int `json:"rollbackOf,omitempty"`
	// Restarts marks a version posted under the ID of a deleted
	// transaction: it starts the transaction anew, so that Rollback has
	// no earlier state of it to return to. The store sets it.
	Restarts bool `json:"restarts,omitempty"`
	// SupersededReversal is, on a version posted while a reversal stood
	// against the version before it, that reversal's ID: Rollback does
	// not restore a version that a reversal still takes back. The store
	// sets it.
	SupersededReversal string `json:"supersededReversal,omitempty"`
	// ReversalOf is the ID of the transaction this one reverses, and
	// ReversalOfVersion the version of it that this one takes back (its
	// latest when the reversal was stored), which stays for audit
	// whatever becomes of the ID since (see Original); zero in reversals
	// stored before the journal kept it.
	ReversalOf        string `json:"reversalOf,omitempty"`
	ReversalOfVersion int    `json:"reversalOfVersion,omitempty"`
	// RestoresReversed marks the reversal of a reversal (one that is not
	// itself marked): it restores what the first reversal took back, and
	// counts in the sales figures as the transaction it restores did
	// (transactionCount); the reversal of a marked one is a plain
	// reversal again.
	RestoresReversed bool `json:"restoresReversed,omitempty"`
	// Company is the seller's (buyer's, owner's) company code, as the
	// request named it; the sales figures are kept per company.
	Company string `json:"company,omitempty"`
	// Marketplace marks a sale made through a marketplace facilitator
	// (the request's marketplaceFacilitated), which the sales figures
	// count apart.
	Marketplace bool `json:"marketplace,omitempty"`
	// SubTotal, TotalTax and Total are the document's totals.
	SubTotal money.Amount `json:"subTotal"`
	TotalTax money.Amount `json:"totalTax"`
	Total    money.Amount `json:"total"`
	Lines    []Line       `json:"lines"`
	// Seller and Customer are the document's parties as the request
	// named them, for the e-invoice of a sale (see Party); nil in
	// transactions stored before the journal kept them.
	Seller   *Party `json:"seller,omitempty"`
	Customer *Party `json:"customer,omitempty"`
	// ProfileVersion is the version of the tenant's tax profile (its
	// customers, certificates, products and policy) that the calculation
	// which wrote this version read, so that an audit looks the
	// profile up as it then stood rather than as of PostedAt (on a
	// cluster, a node's copy of the profile may lag a change made on
	// another). Zero when the engine applied no profile, when the tenant
	// had none yet, and in transactions stored before the journal kept
	// it. A reversal keeps its original's (it negates the original's
	// taxes, and calculates nothing); a rollback the restored version's;
	// a sync the sync's own, though the lines it left untouched were
	// calculated by an earlier version (see Versions).
	ProfileVersion uint64 `json:"profileVersion,omitempty"`
}

// Line is one calculated line of a stored transaction.
type Line struct {
	// LineItemID matches the line with the host system's line in a sync;
	// LineItemNumber is the host's ordering, or the number the engine
	// gave a line sent without one (see wire.SaleLineItem).
	LineItemID     string `json:"lineItemId,omitempty"`
	LineItemNumber int    `json:"lineItemNumber,omitempty"`
	ProductClass   string `json:"productClass,omitempty"`
	// LocationCode is the retail location whose returns report the
	// line's taxes, in jurisdictions that file per location: the request
	// line's locationCode, else the document's, else the locationCode of
	// the tenant's own location on the line (a sale's seller's physical,
	// then administrative, origin; a purchase's buyer's destination, then
	// administrative destination; the owner's physical origin, then
	// destination). Empty when the request sent none, and in lines
	// stored before the journal kept it.
	LocationCode string `json:"locationCode,omitempty"`
	// Origin and Destination are where the line's goods leave and
	// arrive: the state or province ("US-TX", "CA-ON") where the tax
	// area lies in one, else the ISO 3166 country ("DE"); empty in lines
	// stored before the journal kept them.
	Origin      string `json:"origin,omitempty"`
	Destination string `json:"destination,omitempty"`
	// EUDistanceSale marks a line that counts toward the seller's EU
	// distance sales: goods or electronic services sold to a consumer
	// (no VAT number, not a business) in another EU member state than the
	// one they leave from.
	EUDistanceSale bool `json:"euDistanceSale,omitempty"`
	// Company is the seller company code of a sale's line whose seller
	// is not the transaction's (a line's own seller.company); empty, the
	// line is the transaction's Company's. The sales figures count the
	// line under it.
	Company string `json:"company,omitempty"`
	// NoCompany marks a sale's line whose own seller names no company
	// code while the transaction's seller names one: the engine decides
	// the line's tax as company ""'s (its stored registrations, its EU
	// distance sales), a line seller replacing the document's whole, and
	// the sales figures count the line under "" too. Company is then
	// empty. Lines stored before the journal kept it count under the
	// transaction's Company.
	NoCompany bool `json:"noCompany,omitempty"`
	// Factors are the rates from the transaction's currency into
	// other currencies that the calculation of the line read from the
	// request's currencyConversionFactors (a factor whose
	// sourceCurrency is the document's currency), for the currencies the
	// sales figures are kept in (FigureCurrencies): a line in euros sold
	// into Texas counts in US dollars at the document's factor when no
	// tax of the line has a filing conversion into them. Nil when the
	// request sent none, and in lines stored before the journal kept
	// them.
	Factors []Factor `json:"factors,omitempty"`
	// SyncType is what a sync version does with the stored line of the
	// same LineItemID: ADD, UPDATE or DELETE ("" adds or replaces). Stored
	// lines never carry it.
	SyncType string `json:"syncType,omitempty"`
	// Amount is the line's net amount (extended price after discounts),
	// without its freight.
	Amount money.Amount `json:"amount"`
	// Freight is the line's freight, which the calculation's subTotal
	// counts beside Amount (see Subtotal); zero in lines stored before
	// the journal kept it, whose freight only a sale's Item holds.
	Freight  money.Amount `json:"freight,omitzero"`
	TotalTax money.Amount `json:"totalTax"`
	Taxes    []Tax        `json:"taxes,omitempty"`
	// Item is what an e-invoice shows of the line (see Item); Seller and
	// Customer are the line's own parties, when the request gave the line
	// others than the document's. All are nil in lines stored before the
	// journal kept them.
	Item     *Item  `json:"item,omitempty"`
	Seller   *Party `json:"seller,omitempty"`
	Customer *Party `json:"customer,omitempty"`
	// Intrastat is what the line keeps for Intrastat declarations (see
	// IntrastatLine and Intrastat), nil for a line that has nothing to
	// declare or was stored before the journal kept it.
	Intrastat *IntrastatLine `json:"intrastat,omitempty"`
}

// Subtotal returns what the line adds to its document's SubTotal: its
// Amount and its freight (Freight, or in a line stored before the
// journal kept that, its Item's).
func (l *Line) Subtotal() money.Amount { return l.Amount.Add(l.freight()) }

// freight returns the line's freight as Subtotal counts it: Freight, or
// in a line stored before the journal kept that, its Item's.
func (l *Line) freight() money.Amount {
	if l.Freight.IsZero() && l.Item != nil {
		return l.Item.Freight
	}
	return l.Freight
}

// Factor is a conversion factor that converts an amount in a
// transaction's currency into Currency: the amount × Rate.
type Factor struct {
	Currency string       `json:"currency"`
	Rate     money.Amount `json:"rate"`
}

// FigureCurrencies are the currencies the sales figures are kept in: US
// dollars for the US states, euros for the EU, Canadian dollars for
// Canada. A line keeps the document's conversion factors into these
// alone (Line.Factors).
var FigureCurrencies = [...]string{"USD", "EUR", "CAD"}

// Tax is one tax of a line: a jurisdiction's imposition with its amounts.
type Tax struct {
	JurisdictionID   string `json:"jurisdictionId"`
	JurisdictionType string `json:"jurisdictionType,omitempty"`
	JurisdictionName string `json:"jurisdictionName,omitempty"`
	Imposition       string `json:"imposition,omitempty"`
	ImpositionType   string `json:"impositionType,omitempty"`
	TaxType          string `json:"taxType,omitempty"`
	TaxResult        string `json:"taxResult,omitempty"`
	Situs            string `json:"situs,omitempty"`
	// CollectedFrom says who pays the tax to the jurisdiction: SELLER for
	// collected tax, BUYER for accrued use tax and reverse charges.
	CollectedFrom string       `json:"collectedFrom,omitempty"`
	Taxable       money.Amount `json:"taxable"`
	Exempt        money.Amount `json:"exempt"`
	NonTaxable    money.Amount `json:"nonTaxable"`
	Tax           money.Amount `json:"tax"`
	Rate          money.Amount `json:"rate"`
	// InformationOnly taxes are recorded but never remitted.
	InformationOnly bool   `json:"informationOnly,omitempty"`
	RuleID          string `json:"ruleId,omitempty"`
	// CertificateNumber is the exemption certificate that exempted the
	// tax (the request's, or one stored in the tenant's profile), and
	// ReasonCode the reason of its exemption or override, as the
	// response gave them; empty when none did.
	CertificateNumber string `json:"certificateNumber,omitempty"`
	ReasonCode        string `json:"reasonCode,omitempty"`
	// CreditRuleID names the credit that took tax off the calculated
	// tax, as the response's creditRuleId: previous-tax-paid for tax
	// paid elsewhere (a sale's or an owner's previousTaxPaid) or to the
	// vendor (an accrual's chargedTax), credited. Empty when no credit
	// applied, and in a tax stored before the journal kept it.
	CreditRuleID string `json:"creditRuleId,omitempty"`
	// Withheld marks a tax that the buyer withholds from what it pays the
	// seller and pays to the jurisdiction itself (its CollectedFrom is
	// BUYER), under WithholdingType; the document's TotalTax leaves it
	// out. A transaction stored before the journal kept withholdings has
	// none.
	Withheld        bool   `json:"withheld,omitempty"`
	WithholdingType string `json:"withholdingType,omitempty"`
	// Filing holds the amounts in the jurisdiction's filing currency when
	// it differs from the document's.
	Filing *Filing `json:"filing,omitempty"`
}

// Filing is a tax's amounts converted to the filing currency: each
// amount is the tax's amount × Rate, rounded to the filing currency.
type Filing struct {
	Currency string `json:"currency"`
	// Rate is the conversion rate the request gave; zero in a tax stored
	// before the journal kept it.
	Rate    money.Amount `json:"rate,omitzero"`
	Taxable money.Amount `json:"taxable"`
	Exempt  money.Amount `json:"exempt"`
	Tax     money.Amount `json:"tax"`
}

// Head is what a store knows of a transaction ID besides its versions.
type Head struct {
	// Latest is the number of the newest version.
	Latest int `json:"latest"`
	// Deleted transactions do not exist for Get, Exists and reports; their
	// versions stay for audit until a new post revives the ID.
	Deleted bool `json:"deleted,omitempty"`
	// ReversedBy is the ID of the reversal of this transaction, if any.
	ReversedBy string `json:"reversedBy,omitempty"`
	// PostingDate is the latest version's, which files it in the period
	// index.
	PostingDate civil.Date `json:"postingDate"`
}

// Reversal asks for the reversal of a transaction: a new transaction with
// the ID given (a generated one when empty), the posting date given (the
// day of the reversal when zero) and the document number given (the
// original's when empty).
type Reversal struct {
	TransactionID  string
	PostingDate    civil.Date
	DocumentNumber string
}
