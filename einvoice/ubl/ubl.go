package ubl

import (
	"fmt"
	"strings"

	"github.com/shopspring/decimal"
)

// Namespaces of the UBL 2.1 documents and components that Levy reads.
const (
	NamespaceInvoice    = "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
	NamespaceCreditNote = "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"
	NamespaceCBC        = "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"
	NamespaceCAC        = "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
	NamespaceEXT        = "urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2"
)

// Document kinds.
const (
	KindInvoice    = "Invoice"
	KindCreditNote = "CreditNote"
)

// Limits that keep Parse and Check bounded whatever the input.
const (
	// MaxProblems is the most problems Parse or Check lists; when there
	// are more, a last problem with code "TRUNCATED" counts the rest.
	MaxProblems = 100
	// MaxDepth is the deepest element nesting Parse accepts. A UBL
	// invoice, signature extensions included, stays far below it.
	MaxDepth = 64
	// MaxElements is the most elements Parse reads. It bounds Parse's
	// memory whatever the input: a document of empty elements (<a/>
	// repeated) costs far more to read than its size: about 400 bytes
	// allocated, 150 of them held in the tree, per 4 bytes of input. A
	// real invoice has one element per 50 bytes or so (one per 30 without
	// indentation), so a document of 4 MiB, the default limit of Levy's
	// e-invoicing, stays below 150,000.
	MaxElements = 200_000
	// MaxAttributes is the most attributes one element may have, namespace
	// declarations included.
	MaxAttributes = 256
	// MaxDigits is the most digits an amount, quantity or percentage may
	// have, integer and fraction digits together.
	MaxDigits = 30
)

// Problem is one thing wrong with a document.
type Problem struct {
	// Code is the official rule ID, of EN 16931 ("BR-CO-15", "BR-CL-14",
	// "UBL-SR-48") or of Peppol BIS Billing 3.0 ("PEPPOL-EN16931-R010",
	// "PEPPOL-COMMON-R040", "NL-R-003"), or a Levy code for what keeps the
	// document from being read: "XML" (not well-formed), "ROOT" (not a UBL
	// Invoice or CreditNote), "PROFILE" (a CII document of the Factur-X or
	// ZUGFeRD profile MINIMUM or BASIC WL, not an EN 16931 invoice),
	// "FORMAT" (a DOCTYPE, nesting too deep, a
	// number that is not a plain decimal; an element the UBL or CII schema
	// allows once, repeated; or, outside Peppol, a date that is not a
	// date),
	// "MISSING" (a Document that Parse did not read), or
	// "TRUNCATED" (more problems than MaxProblems; the message counts them).
	Code string
	// Message is plain English; it names the element and the values
	// involved.
	Message string
	// Location is the path of the element, such as
	// "/Invoice/cac:InvoiceLine[2]/cbc:LineExtensionAmount". Elements that
	// may repeat carry their 1-based index; the prefixes are always cbc:
	// and cac:, whatever prefixes the document declares.
	Location string
	// Flag is Fatal or Warning, the flag of the official rule. Only fatal
	// problems refuse a document; every Levy code is fatal but
	// PROFILE-XMP, the warning of a Factur-X PDF whose XMP metadata names
	// another profile than its XML.
	Flag Flag
}

// String returns the problem on one line.
func (p Problem) String() string {
	if p.Location == "" {
		return p.Code + ": " + p.Message
	}
	return p.Code + " at " + p.Location + ": " + p.Message
}

// FormatError is what Parse returns for input that is badly formatted. It
// lists every problem found, up to MaxProblems (then a "TRUNCATED" entry).
type FormatError struct {
	Problems []Problem
}

// Error returns the first problem and the number of others.
func (e *FormatError) Error() string {
	switch len(e.Problems) {
	case 0:
		return "ubl: badly formatted document"
	case 1:
		return "ubl: " + e.Problems[0].String()
	}
	return fmt.Sprintf("ubl: %s (and %d more problems)", e.Problems[0], len(e.Problems)-1)
}

// Number is an optional decimal number, such as a percentage.
type Number struct {
	Value   decimal.Decimal
	Present bool
}

// Amount is a monetary amount (a UBL AmountType) with its currencyID.
// Present is false when the optional element is absent; Value is then 0.
type Amount struct {
	Value    decimal.Decimal
	Currency string // the currencyID attribute
	Present  bool
}

// Quantity is a quantity (a UBL QuantityType) with its unitCode.
type Quantity struct {
	Value    decimal.Decimal
	UnitCode string
	Present  bool
}

// Party is the seller (AccountingSupplierParty) or the buyer
// (AccountingCustomerParty).
type Party struct {
	EndpointID     string // cbc:EndpointID, the electronic address (BT-34, BT-49)
	EndpointScheme string // its schemeID attribute, an EAS code such as "0088"
	Name           string // PartyLegalEntity/RegistrationName (BT-27, BT-44)
	TradingName    string // PartyName/Name (BT-28, BT-45), may be empty
	CountryCode    string // PostalAddress/Country/IdentificationCode (BT-40, BT-55)
	VATID          string // PartyTaxScheme/CompanyID whose TaxScheme is VAT (BT-31, BT-48)
	LegalID        string // PartyLegalEntity/CompanyID (BT-30, BT-47), may be empty
}

// Address returns the party's electronic address as "scheme:id", such as
// "0088:5790000435975", the form Levy routes a document by; it returns ""
// when the endpoint or its scheme is missing. It does not validate them:
// Check and ValidateParticipant do.
func (p Party) Address() string {
	if p.EndpointID == "" || p.EndpointScheme == "" {
		return ""
	}
	return p.EndpointScheme + ":" + p.EndpointID
}

// TaxCategory is a VAT category: a UNCL 5305 code such as "S" with its rate.
type TaxCategory struct {
	ID                  string // cbc:ID, such as "S", "Z", "E", "AE", "K", "G", "O", "L", "M"
	Percent             Number // cbc:Percent, absent for "O"
	ExemptionReasonCode string
	ExemptionReason     string
	TaxScheme           string // cac:TaxScheme/cbc:ID, normally "VAT"
}

// AllowanceCharge is a document level (BG-20, BG-21) or line level (BG-27,
// BG-28) allowance or charge.
type AllowanceCharge struct {
	Charge           bool // cbc:ChargeIndicator: true for a charge, false for an allowance
	ReasonCode       string
	Reason           string
	MultiplierFactor Number // cbc:MultiplierFactorNumeric, a percentage
	Amount           Amount
	BaseAmount       Amount
	TaxCategory      TaxCategory // document level only
}

// TaxTotal is a cac:TaxTotal: the total VAT (BT-110) with its breakdown, or
// the total VAT in the VAT accounting currency (BT-111) without one.
type TaxTotal struct {
	TaxAmount Amount
	Subtotals []TaxSubtotal
}

// TaxSubtotal is one VAT breakdown (BG-23).
type TaxSubtotal struct {
	TaxableAmount Amount // BT-116
	TaxAmount     Amount // BT-117
	Category      TaxCategory
}

// MonetaryTotal is cac:LegalMonetaryTotal (BG-22).
type MonetaryTotal struct {
	LineExtensionAmount   Amount // BT-106, mandatory
	TaxExclusiveAmount    Amount // BT-109, mandatory
	TaxInclusiveAmount    Amount // BT-112, mandatory
	AllowanceTotalAmount  Amount // BT-107
	ChargeTotalAmount     Amount // BT-108
	PrepaidAmount         Amount // BT-113
	PayableRoundingAmount Amount // BT-114
	PayableAmount         Amount // BT-115, mandatory
}

// Line is a cac:InvoiceLine or cac:CreditNoteLine (BG-25).
type Line struct {
	ID                  string   // BT-126
	Quantity            Quantity // InvoicedQuantity or CreditedQuantity (BT-129, BT-130)
	LineExtensionAmount Amount   // BT-131
	AllowanceCharges    []AllowanceCharge
	ItemName            string      // BT-153
	TaxCategory         TaxCategory // Item/ClassifiedTaxCategory (BT-151, BT-152)
	PriceAmount         Amount      // Price/PriceAmount, the net price (BT-146)
	BaseQuantity        Quantity    // Price/BaseQuantity (BT-149, BT-150)
}

// Document is a parsed e-invoice: a UBL Invoice or CreditNote (Parse) or
// a UN/CEFACT CrossIndustryInvoice (ParseCII); Read reads either. Its
// fields are the same business terms of EN 16931 in both syntaxes; Check
// applies the business rules of the document's syntax to it. A Document
// built by hand can be checked too: Check never panics, whatever the
// fields hold.
type Document struct {
	// Syntax is SyntaxUBL or SyntaxCII.
	Syntax           Syntax
	Kind             string // KindInvoice or KindCreditNote
	CustomizationID  string // BT-24
	ProfileID        string // BT-23
	ID               string // BT-1, the invoice number
	IssueDate        string // BT-2, YYYY-MM-DD
	DueDate          string // BT-9, YYYY-MM-DD or ""
	TypeCode         string // InvoiceTypeCode or CreditNoteTypeCode (BT-3)
	Currency         string // DocumentCurrencyCode (BT-5)
	TaxCurrency      string // TaxCurrencyCode (BT-6), may be empty
	BuyerReference   string // BT-10
	Supplier         Party
	Customer         Party
	AllowanceCharges []AllowanceCharge // document level
	TaxTotals        []TaxTotal
	Totals           MonetaryTotal
	Lines            []Line

	// tree is the XML Parse read, which the rules apply to.
	tree *node
	// notes are the warnings found while reading, which Check reports
	// after the rules' problems: PROFILE-XMP.
	notes []Problem
}

// Receiver returns the buyer, the party the document is delivered to.
func (d *Document) Receiver() Party { return d.Customer }

// Sender returns the seller, the party that issued the document.
func (d *Document) Sender() Party { return d.Supplier }

// VATTotal returns the invoice total VAT amount (BT-110): the tax amount of
// the cac:TaxTotal in the document currency, preferring the one with a VAT
// breakdown. The amount is not Present when there is no such TaxTotal.
func (d *Document) VATTotal() Amount {
	i := d.vatTotalIndex()
	if i < 0 {
		return Amount{}
	}
	return d.TaxTotals[i].TaxAmount
}

// vatTotalIndex is the index of the TaxTotal that VATTotal returns, or -1.
func (d *Document) vatTotalIndex() int {
	found := -1
	for i, t := range d.TaxTotals {
		if !t.TaxAmount.Present || t.TaxAmount.Currency != d.Currency {
			continue
		}
		if len(t.Subtotals) > 0 {
			return i
		}
		if found < 0 {
			found = i
		}
	}
	return found
}

// lineElement returns the local name of a line element: InvoiceLine or
// CreditNoteLine.
func (d *Document) lineElement() string {
	if d.Kind == KindCreditNote {
		return "CreditNoteLine"
	}
	return "InvoiceLine"
}

// quantityElement returns InvoicedQuantity or CreditedQuantity.
func (d *Document) quantityElement() string {
	if d.Kind == KindCreditNote {
		return "CreditedQuantity"
	}
	return "InvoicedQuantity"
}

// collector gathers problems up to MaxProblems.
type collector struct {
	problems     []Problem
	omitted      int
	omittedFatal bool
}

// full reports whether no more problems can be listed; the caller counts
// the one it drops with add anyway.
func (c *collector) full() bool { return len(c.problems) >= MaxProblems }

func (c *collector) add(code, location, format string, args ...any) {
	c.addFlag(code, Fatal, location, format, args...)
}

func (c *collector) addFlag(code string, flag Flag, location, format string, args ...any) {
	if c.full() {
		c.omitted++
		c.omittedFatal = c.omittedFatal || flag == Fatal
		return
	}
	c.problems = append(c.problems, Problem{Code: code, Message: fmt.Sprintf(format, args...), Location: location, Flag: flag})
}

// result returns the problems, with a TRUNCATED entry if some were dropped.
func (c *collector) result() []Problem {
	if c.omitted > 0 {
		flag := Warning
		if c.omittedFatal {
			flag = Fatal
		}
		return append(c.problems, Problem{
			Code:    "TRUNCATED",
			Message: fmt.Sprintf("%d more problems are not listed", c.omitted),
			Flag:    flag,
		})
	}
	return c.problems
}

// quote shows a value from the document in a message, shortened if long.
func quote(s string) string {
	const max = 100
	if len(s) > max {
		cut := max
		for cut > 0 && !utf8Start(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	return fmt.Sprintf("%q", s)
}

func utf8Start(b byte) bool { return b&0xC0 != 0x80 }

// fmtNum shows a number with at least two decimals, and with all those it
// is written with: 29.500 stays 29.500.
func fmtNum(v decimal.Decimal) string {
	if exp := v.Exponent(); exp < -2 {
		return v.StringFixed(-exp)
	}
	return v.StringFixed(2)
}

// fmtCalc shows a computed number without trailing zeros beyond two
// decimals: 244.0000 is shown 244.00.
func fmtCalc(v decimal.Decimal) string {
	s := v.String()
	if i := strings.IndexByte(s, '.'); i < 0 || len(s)-i-1 < 2 {
		return v.StringFixed(2)
	}
	return s
}

// fmtPlain shows a number such as a quantity or a rate without padding.
func fmtPlain(v decimal.Decimal) string { return v.String() }
