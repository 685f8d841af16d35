package render

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/einvoice/ubl"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/jurisdiction/taxreg"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/rules"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// Specification and profile identifiers.
const (
	// CustomizationEN16931 is the specification identifier (BT-24) of a
	// document that follows EN 16931 itself.
	CustomizationEN16931 = "urn:cen.eu:en16931:2017"
	// CustomizationPeppol is that of Peppol BIS Billing 3.0.
	CustomizationPeppol = "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0"
	// ProfilePeppol is the business process (BT-23) of Peppol BIS
	// Billing 3.0.
	ProfilePeppol = "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0"
)

// FieldTransactionID is the field of the errors about the transaction
// itself: what keeps it from becoming an e-invoice.
const FieldTransactionID = "transactionId"

// maxOption bounds the text options.
const maxOption = 200

// MaxLines is the most lines of a transaction Render renders: a CII
// document of 2,500 lines has about 3 MB with short descriptions, below
// the 4 MiB that Levy's e-invoicing takes by default, but more with
// descriptions of hundreds of characters (4.4 MB at 512 each): a
// document over the server's limit is refused when it is submitted.
const MaxLines = 2500

// Options choose the syntax and give what the journal does not keep.
type Options struct {
	// Syntax is ubl.SyntaxUBL (the default) or ubl.SyntaxCII, in any
	// case ("ubl", "cii").
	Syntax ubl.Syntax `json:"syntax,omitempty"`
	// SellerEndpoint and BuyerEndpoint are the parties' electronic
	// addresses (BT-34, BT-49) as "scheme:id", such as
	// "0088:5790000435975" or "9930:DE136695976"; with both, a UBL
	// document is Peppol BIS Billing 3.0.
	SellerEndpoint string `json:"sellerEndpoint,omitempty"`
	BuyerEndpoint  string `json:"buyerEndpoint,omitempty"`
	// SellerName and BuyerName (BT-27, BT-44) replace the names of the
	// journal: the seller's company code, the customer's name or code.
	SellerName string `json:"sellerName,omitempty"`
	BuyerName  string `json:"buyerName,omitempty"`
	// BuyerReference (BT-10) is the buyer's reference, such as the
	// Leitweg-ID of a German public buyer; Peppol requires it or an
	// OrderReference (BT-13).
	BuyerReference string `json:"buyerReference,omitempty"`
	OrderReference string `json:"orderReference,omitempty"`
	// IBAN is the account to pay to (BT-84): payment by SEPA credit
	// transfer (code 58).
	IBAN string `json:"iban,omitempty"`
	// DueDate is the payment due date (BT-9), not before the issue date:
	// the transaction's document date, or a reversal's posting date.
	DueDate civil.Date `json:"dueDate,omitzero"`
	// ContactName, ContactPhone and ContactEmail are the seller's contact
	// (BG-6), which German buyers require.
	ContactName  string `json:"contactName,omitempty"`
	ContactPhone string `json:"contactPhone,omitempty"`
	ContactEmail string `json:"contactEmail,omitempty"`
	// Original is the transaction that the transaction to render
	// reverses, when it is a reversal: its credit note refers to the
	// original's invoice (BG-3). Callers load it (journal.Original);
	// without it the reference is the original's transaction ID, and a
	// reversal with a document number is refused, since that number
	// may be the invoice's, which the credit note must not repeat.
	Original *journal.Transaction `json:"-"`
	// VATGeography says which countries are in another's VAT area
	// (Monaco in France's): that of the dataset the transaction was
	// calculated with. Nil stands for the embedded default dataset's
	// (data.Default).
	VATGeography *jurisdiction.VATGeography `json:"-"`
}

// Rendered is an e-invoice that Render wrote.
type Rendered struct {
	// Content is the XML document.
	Content []byte
	Syntax  ubl.Syntax
	// Peppol is true for a UBL document of Peppol BIS Billing 3.0.
	Peppol bool
	// Number is the invoice number (BT-1), Kind Invoice or CreditNote.
	Number string
	Kind   string
	// Warnings are the problems flagged warning by the rules: the document
	// passed them.
	Warnings []ubl.Problem
}

var ibanRE = regexp.MustCompile(`^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$`)

// Check validates the options, naming the field of each fault.
func (o Options) Check() error {
	var errs levy.Errors
	switch o.Syntax {
	case "", ubl.SyntaxUBL, ubl.SyntaxCII:
	default:
		errs = append(errs, levy.Invalid("syntax", "the syntax is %q; it is ubl or cii", string(o.Syntax)))
	}
	for _, f := range []struct{ field, v string }{{"sellerEndpoint", o.SellerEndpoint}, {"buyerEndpoint", o.BuyerEndpoint}} {
		if f.v == "" {
			continue
		}
		scheme, id, ok := strings.Cut(f.v, ":")
		if !ok || scheme == "" || id == "" {
			errs = append(errs, levy.Invalid(f.field, "%q is not an electronic address of the form scheme:id, such as 0088:5790000435975", f.v))
			continue
		}
		if err := ubl.ValidateParticipant(scheme, id); err != nil {
			errs = append(errs, levy.Invalid(f.field, "%s", err.Error()))
		}
	}
	for _, f := range []struct{ field, v string }{{"sellerName", o.SellerName}, {"buyerName", o.BuyerName}, {"buyerReference", o.BuyerReference},
		{"orderReference", o.OrderReference}, {"contactName", o.ContactName}, {"contactPhone", o.ContactPhone}, {"contactEmail", o.ContactEmail},
		{"sellerEndpoint", o.SellerEndpoint}, {"buyerEndpoint", o.BuyerEndpoint}} {
		if len(f.v) > maxOption {
			errs = append(errs, levy.Invalid(f.field, "has %d bytes, at most %d are allowed", len(f.v), maxOption))
		} else if strings.ContainsFunc(f.v, func(r rune) bool { return r < ' ' || r == 0x7f }) {
			errs = append(errs, levy.Invalid(f.field, "holds a control character"))
		}
	}
	if o.IBAN != "" && !ibanRE.MatchString(o.IBAN) {
		errs = append(errs, levy.Invalid("iban", "%q is not an IBAN: two letters, two check digits and 11 to 30 letters or digits, without spaces", o.IBAN))
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// refuse is the error of a transaction that cannot become an e-invoice.
func refuse(tx *journal.Transaction, format string, args ...any) error {
	return &levy.Error{Code: levy.EConflict, Field: FieldTransactionID, Message: fmt.Sprintf("transaction %s: ", tx.TransactionID) + fmt.Sprintf(format, args...)}
}

// Render writes the e-invoice of a stored sale and checks it with Levy's
// rules of EN 16931 (and Peppol BIS for a Peppol document). The error is
// a *levy.Error (or levy.Errors): EInvalid about an option, EConflict
// about the transaction, which cannot become an e-invoice, or whose
// document would break the rules named.
func Render(tx *journal.Transaction, o Options) (*Rendered, error) {
	o.Syntax = ubl.Syntax(strings.ToUpper(string(o.Syntax)))
	if err := o.Check(); err != nil {
		return nil, err
	}
	if o.Syntax == "" {
		o.Syntax = ubl.SyntaxUBL
	}
	if tx == nil {
		return nil, levy.Invalid(FieldTransactionID, "no transaction")
	}
	if o.VATGeography == nil {
		j, err := data.Default().Jurisdictions()
		if err != nil {
			return nil, fmt.Errorf("render: the VAT areas of the default dataset: %w", err)
		}
		o.VATGeography = j.VATGeography()
	}
	d, err := build(tx, o)
	if err != nil {
		return nil, err
	}
	var content []byte
	if o.Syntax == ubl.SyntaxCII {
		content = writeCII(d)
	} else {
		content = writeUBL(d)
	}
	parsed, err := ubl.Read(content)
	if err != nil {
		return nil, refuse(tx, "its e-invoice cannot be read back: %v", err)
	}
	// Check applies to a Peppol invoice Peppol's copy of the EN 16931
	// rules, BR-CO-25 among them: an invoice whose amount is due needs a
	// due date, since Levy writes no payment terms (BT-20).
	problems := parsed.Check()
	if ubl.HasFatal(problems) {
		var errs levy.Errors
		for _, p := range problems {
			if p.Flag != ubl.Fatal {
				continue
			}
			msg := fmt.Sprintf("transaction %s: its e-invoice would break %s: %s", tx.TransactionID, p.Code, p.Message)
			h := hints[p.Code]
			switch {
			case p.Code == "BR-CO-26" && d.outsideScope:
				h = outsideScopeSellerHint
			case p.Code == "BR-CO-26" && d.seller.vatID == "" && d.taxRep != nil:
				h = representedSellerHint
			}
			if h != "" {
				msg += " (" + h + ")"
			}
			errs = append(errs, &levy.Error{Code: levy.EConflict, Field: FieldTransactionID, Message: msg})
		}
		return nil, errs
	}
	r := &Rendered{Content: content, Syntax: o.Syntax, Peppol: d.peppol, Number: d.number, Kind: ubl.KindInvoice}
	if d.credit {
		r.Kind = ubl.KindCreditNote
	}
	r.Warnings = problems
	return r, nil
}

// roundingHint is the hint of the rules that a category's VAT is its
// taxable amount times its rate (within 1): the VAT of a calculation
// rounded line by line drifts from it by up to half a cent a line.
const roundingHint = "a calculation that rounds its VAT line by line (roundAtLineLevel, true when absent) drifts so over many lines: " +
	"calculate it again with roundAtLineLevel false, which rounds the VAT once over the invoice and spreads it over the lines"

// sellerVATHint is the hint of the rules that want the seller's VAT
// identifier: the calculation stores the seller's registrations that it
// used, the request's or, when it sends none, those of the tenant's
// profile, so a registration added since needs the sale calculated again.
const sellerVATHint = "store the seller's VAT registration with the calculation (seller.taxRegistrations, or the registrations of seller.company in the tenant's profile when the request sends none) and calculate it again"

// outsideScopeSellerHint is the hint of BR-CO-26 for an invoice whose
// lines are all outside the scope of VAT: it names no VAT identifier
// (BR-O-02), whatever the seller's registrations, so only the seller's
// company code names the seller (BT-29).
const outsideScopeSellerHint = "outside the scope of VAT the e-invoice names no VAT identifier (BR-O-02), so the seller's company code (seller.company) identifies it: calculate the sale again with one"

// representedSellerHint is the hint of BR-CO-26 for an invoice whose
// seller charges the VAT through its tax representative without a VAT
// number of its own (representedOnly): the representative's VAT
// identifier (BT-63) stands in for the seller's under BR-S-02 and its
// kind, but not as the seller's identifier, so only the seller's company
// code names the seller (BT-29).
const representedSellerHint = "the seller charges the VAT through its tax representative, without a VAT number of its own, and the representative's VAT identifier (BT-63) does not identify the seller: " +
	"calculate the sale again with the seller's company code (seller.company)"

// hints say what would satisfy the rules that the data of a calculation
// most often misses.
var hints = map[string]string{
	"BR-S-02":             sellerVATHint,
	"BR-Z-02":             sellerVATHint,
	"BR-E-02":             sellerVATHint,
	"BR-G-02":             sellerVATHint,
	"BR-AE-02":            "store both parties' VAT registrations with the calculation (taxRegistrations)",
	"BR-IC-02":            "store both parties' VAT registrations with the calculation (taxRegistrations)",
	"BR-CO-26":            sellerVATHint,
	"BR-O-02":             "a sale outside the scope of VAT may name no VAT identifier",
	"BR-O-11":             "an invoice with lines outside the scope of VAT may have no other VAT category: invoice them apart",
	"BR-CO-25":            "give the payment due date (dueDate)",
	"BR-CO-17":            roundingHint,
	"BR-S-09":             roundingHint,
	"BR-CL-23":            "send the quantity's unitOfMeasure as a UN/ECE Recommendation 20 code, such as C62 (one), H87 (piece) or HUR (hour)",
	"PEPPOL-EN16931-R003": "give the buyer's reference (buyerReference) or an order reference (orderReference)",
	"DE-R-001":            "give the account to pay to (iban)",
	"DE-R-002":            "give the seller's contact (contactName, contactPhone, contactEmail)",
	"DE-R-005":            "give the seller's contact name (contactName)",
	"DE-R-006":            "give the seller's contact phone (contactPhone)",
	"DE-R-007":            "give the seller's contact e-mail (contactEmail)",
	"DE-R-015":            "give the buyer's reference, such as the Leitweg-ID (buyerReference)",
	"DE-R-003":            "store the seller's city with the calculation",
	"DE-R-004":            "store the seller's postal code with the calculation",
	"DE-R-008":            "store the customer's city with the calculation",
	"DE-R-009":            "store the customer's postal code with the calculation",
	"DK-R-002": "store the seller's CVR number with the calculation: a Danish registration of the type " + typeCommercial +
		" (among seller.taxRegistrations, or stored for seller.company in the tenant's profile), which a seller whose Danish VAT number is an SE number of its own needs," +
		" or its Danish VAT registration (DK and the 8 digits of the CVR number), and calculate it again",
	"IS-R-002": "store the seller's kennitala with the calculation: an Icelandic registration of the type " + typeCommercial +
		" (among seller.taxRegistrations, or stored for seller.company in the tenant's profile), and calculate it again",
	"IS-R-004": "store the buyer's kennitala with the calculation: an Icelandic registration of the type " + typeCommercial + " among customer.taxRegistrations, and calculate it again",
	"IS-R-003": "store the seller's street and postal code with the calculation",
	"IS-R-005": "store the customer's street and postal code with the calculation",
	"NL-R-006": "store the tax representative's street, city and postal code with the calculation (the address of the fiscalRepresentative of the seller's registration)",
}

// document is the e-invoice, syntax aside.
type document struct {
	peppol, credit    bool
	number            string
	issueDate         civil.Date
	supplyDate        civil.Date // of the supply (BT-72 of an intra-community one): the transaction's document date
	dueDate           civil.Date
	currency          string
	taxCurrency       string
	buyerReference    string
	orderReference    string
	precedingNumber   string
	precedingDate     civil.Date
	seller, buyer     party
	taxRep            *party // the seller's tax representative (BG-11), nil when the document names none
	contact           contact
	iban              string
	deliveryCountry   string // for an intra-community supply: the country delivered to
	lines             []line
	breakdown         []group
	lineTotal         decimal.Decimal
	taxTotal          decimal.Decimal
	taxInTaxCurrency  decimal.Decimal
	grandTotal        decimal.Decimal
	sellerIdentifiers bool // name the seller by its code (BT-29), when it has no VAT identifier
	outsideScope      bool // every line is outside the scope of VAT (O): no VAT identifiers
}

type party struct {
	name, code                 string
	endpointScheme, endpointID string
	street1, street2, city     string
	postalCode, subdivision    string
	country                    string
	vatID                      string
	// legalID is the legal registration identifier (BT-30, BT-47) under
	// the identifier scheme legalScheme (an ISO 6523 ICD: 0184 for a
	// Danish CVR number, 0196 for an Icelandic kennitala); "" when the
	// document states none.
	legalID, legalScheme string
}

type contact struct{ name, phone, email string }

type line struct {
	id, name, sellerItemID string
	quantity               decimal.Decimal
	unit                   string
	price                  decimal.Decimal
	freight                decimal.Decimal // a charge (above 0) or an allowance (below) of the line
	net                    decimal.Decimal // BT-131, freight included
	cat                    category
}

// category is a VAT category with its rate (percent, nil for O) and the
// exemption reason of its breakdown.
type category struct {
	code       string
	percent    *decimal.Decimal
	reason     string
	reasonCode string
}

// key identifies a breakdown: its code, and its rate for S.
func (c category) key() string {
	if c.code == "S" && c.percent != nil {
		return "S " + c.percent.String()
	}
	return c.code
}

type group struct {
	cat          category
	taxable, tax decimal.Decimal
	// reasons are the lines' exemption reasons, each once; coded are
	// the same with each line's reason code, for a breakdown that cannot
	// state one code for all its lines.
	reasons, coded []string
	codes          []string
	// uncoded is whether a line of the breakdown has no reason code.
	uncoded bool
}

// exemption decides the exemption reason (BT-120) and code (BT-121) of
// the breakdown of g: the one code of its lines when they all have it,
// with their reasons; otherwise no code, for no code is true of every
// line (EN 16931 has one breakdown per category and rate, BR-E-10
// wanting a reason or a code for it), and the reasons of its lines each
// with its own code, so that none is lost and none is stated of a line
// it is not true of.
func (g *group) exemption() (reason, code string) {
	if len(g.codes) == 1 && !g.uncoded {
		return strings.Join(g.reasons, "; "), g.codes[0]
	}
	return strings.Join(g.coded, "; "), ""
}

var hundred = decimal.NewFromInt(100)

// build decides the document of tx.
func build(tx *journal.Transaction, o Options) (*document, error) {
	switch {
	case tx.Perspective != "SELLER" || tx.MessageType != "INVOICE" && tx.MessageType != "DISTRIBUTE_TAX":
		return nil, refuse(tx, "it is a %s %s calculation; Levy renders the e-invoices of the seller's INVOICE and DISTRIBUTE_TAX calculations", tx.Perspective, tx.MessageType)
	case tx.Seller == nil:
		return nil, refuse(tx, "it was stored before the journal kept the parties of a sale; calculate it again to render its e-invoice")
	case tx.TaxOnly:
		return nil, refuse(tx, "it is a tax-only adjustment: an e-invoice states the VAT of taxable amounts, which it has none of")
	case tx.Currency == "":
		return nil, refuse(tx, "it has no currency")
	case len(tx.Lines) == 0:
		return nil, refuse(tx, "it has no lines")
	case len(tx.Lines) > MaxLines:
		return nil, refuse(tx, "it has %d lines; Levy renders e-invoices of at most %d", len(tx.Lines), MaxLines)
	}
	issued := issueDate(tx)
	if !o.DueDate.IsZero() && o.DueDate.Before(issued) {
		// Such as 0000-01-01, which is not even a date of the schemas'
		// XML Schema 1.0 (it has no year 0).
		return nil, levy.Invalid("dueDate", "%s is before the invoice's issue date %s; the payment cannot be due before the invoice is issued", o.DueDate, issued)
	}
	d := &document{issueDate: issued, supplyDate: tx.DocumentDate, dueDate: o.DueDate, currency: tx.Currency, buyerReference: strings.TrimSpace(o.BuyerReference),
		orderReference: strings.TrimSpace(o.OrderReference), iban: o.IBAN,
		contact: contact{strings.TrimSpace(o.ContactName), strings.TrimSpace(o.ContactPhone), strings.TrimSpace(o.ContactEmail)}}
	sign := decimal.NewFromInt(1)
	if total := tx.Total.Decimal(); total.Sign() < 0 || total.IsZero() && tx.SubTotal.Sign() < 0 {
		d.credit, sign = true, sign.Neg()
	}
	// The number; a reversal's credit note refers to the original.
	d.number = strings.TrimSpace(tx.DocumentNumber)
	if tx.ReversalOf != "" {
		d.precedingNumber = tx.ReversalOf
		if orig := o.Original; orig != nil {
			if n := strings.TrimSpace(orig.DocumentNumber); n != "" {
				d.precedingNumber = n
			}
			d.precedingDate = issueDate(orig) // a reversal's credit note, reversed in its turn, was issued when made
			if d.number == strings.TrimSpace(orig.DocumentNumber) {
				d.number = ""
			}
		} else if d.number != "" {
			// A reversal keeps the invoice's number unless it was given
			// one of its own (journal.Reversal): without the
			// original, that number may be the invoice's, and a credit
			// note under it would be a second document with the
			// invoice's number (BT-1).
			return nil, refuse(tx, "it reverses transaction %q, which the options do not give (Original): Levy cannot tell whether its document number %q is its own or that of the invoice it reverses; give the original (journal.Original), which the credit note refers to", tx.ReversalOf, d.number)
		}
	}
	if d.number == "" {
		d.number = tx.TransactionID
	}
	// What keeps a line from becoming an e-invoice line is said first:
	// no option mends a sales tax that is not VAT, while a missing name
	// can be given (sellerName, buyerName). The countries decide only
	// between K and AE, which the lines' own pass below does.
	for i := range tx.Lines {
		if _, _, err := lineCategory(o.VATGeography, tx, i, &tx.Lines[i], "", ""); err != nil {
			return nil, err
		}
	}
	// The parties: one seller, one buyer.
	customer, err := theCustomer(tx)
	if err != nil {
		return nil, err
	}
	d.seller, err = makeParty(tx, tx.Seller, "seller", o.SellerName, tx.Seller.Code, o.SellerEndpoint)
	if err != nil {
		return nil, err
	}
	// A blank buyerName gives no name: the stored one stays, as a blank
	// sellerName leaves the seller's code.
	buyerName := strings.TrimSpace(o.BuyerName)
	if buyerName == "" {
		buyerName = customer.Name
	}
	d.buyer, err = makeParty(tx, customer, "buyer", buyerName, customer.Code, o.BuyerEndpoint)
	if err != nil {
		return nil, err
	}
	d.peppol = o.Syntax != ubl.SyntaxCII && o.SellerEndpoint != "" && o.BuyerEndpoint != ""
	// The lines and their VAT.
	groups := map[string]*group{}
	var order []string
	taxCountries := map[string]bool{}
	charged := map[string]bool{} // the countries whose VAT the seller charges, not the buyer
	var lineSum, taxSum, filingSum decimal.Decimal
	filingCurrency := ""
	// unfiled is the first line whose VAT, not zero, has no amount in a
	// filing currency: whichever line comes first, the VAT in the VAT
	// accounting currency (BT-111) would leave it out.
	unfiled := -1
	allO := true
	ids := lineIDs(tx)
	for i := range tx.Lines {
		l := &tx.Lines[i]
		cat, vat, err := lineCategory(o.VATGeography, tx, i, l, d.seller.country, d.buyer.country)
		if err != nil {
			return nil, err
		}
		allO = allO && cat.code == "O"
		ln := makeLine(i, l, sign)
		ln.id = ids[i]
		ln.cat = cat
		d.lines = append(d.lines, ln)
		lineSum = lineSum.Add(ln.net)
		g := groups[cat.key()]
		if g == nil {
			g = &group{cat: cat}
			groups[cat.key()] = g
			order = append(order, cat.key())
		}
		if vat != nil {
			tax := vat.Tax.Decimal().Mul(sign)
			g.tax = g.tax.Add(tax)
			taxSum = taxSum.Add(tax)
			if j := vat.JurisdictionID; len(j) == 2 {
				taxCountries[strings.ToUpper(j)] = true
				if vat.CollectedFrom != "BUYER" {
					charged[strings.ToUpper(j)] = true
				}
			}
			switch f := vat.Filing; {
			case f != nil && f.Currency != tx.Currency:
				if filingCurrency != "" && filingCurrency != f.Currency {
					return nil, refuse(tx, "its VAT is filed in two currencies (%s and %s); an e-invoice states its VAT in one VAT accounting currency (BT-6)", filingCurrency, f.Currency)
				}
				filingCurrency = f.Currency
				filingSum = filingSum.Add(f.Tax.Decimal().Mul(sign))
			case unfiled < 0 && !tax.IsZero():
				// A VAT of zero is zero in any currency.
				unfiled = i
			}
		}
		if cat.reason != "" && !contains(g.reasons, cat.reason) {
			g.reasons = append(g.reasons, cat.reason)
		}
		if c := cat.reason; c != "" {
			if cat.reasonCode != "" {
				c += " (" + cat.reasonCode + ")"
			}
			if !contains(g.coded, c) {
				g.coded = append(g.coded, c)
			}
		}
		if cat.reasonCode == "" {
			g.uncoded = true
		} else if !contains(g.codes, cat.reasonCode) {
			g.codes = append(g.codes, cat.reasonCode)
		}
	}
	if sub := tx.SubTotal.Decimal().Mul(sign); !sub.Equal(lineSum) {
		return nil, refuse(tx, "its lines add up to %s but its subtotal is %s", lineSum.Mul(sign).StringFixed(2), tx.SubTotal)
	}
	// The document states amounts in cents: each line's net amount is
	// rounded so that the lines add up to the subtotal rounded (BR-CO-10),
	// and each breakdown's taxable amount adds up its lines (BR-S-08).
	lineTotal := roundLines(d.lines, lineSum)
	for _, ln := range d.lines {
		g := groups[ln.cat.key()]
		g.taxable = g.taxable.Add(ln.net)
	}
	for _, k := range order {
		g := groups[k]
		g.cat.reason, g.cat.reasonCode = g.exemption()
		d.breakdown = append(d.breakdown, *g)
		if g.cat.code == "K" {
			d.deliveryCountry = d.buyer.country
		}
	}
	sort.SliceStable(d.breakdown, func(i, j int) bool { return d.breakdown[i].cat.key() < d.breakdown[j].cat.key() })
	if tt := tx.TotalTax.Decimal().Mul(sign); !tt.Equal(taxSum) {
		return nil, refuse(tx, "its VAT adds up to %s but its total tax is %s", taxSum.Mul(sign).StringFixed(2), tx.TotalTax)
	}
	// The VAT is stated in cents too: the breakdowns' VAT add up to the
	// invoice's (BR-CO-14), each within a cent of the calculation's.
	taxTotal := roundTaxes(d.breakdown, taxSum)
	d.lineTotal, d.taxTotal, d.grandTotal = lineTotal, taxTotal, lineTotal.Add(taxTotal)
	if filingCurrency != "" && unfiled >= 0 {
		return nil, refuse(tx, "%s has no VAT in the filing currency %s, which other lines have: an e-invoice states the VAT of all its lines in one VAT accounting currency (BT-111)",
			lineName(unfiled, &tx.Lines[unfiled]), filingCurrency)
	}
	if filingCurrency != "" {
		d.taxCurrency, d.taxInTaxCurrency = filingCurrency, filingSum
	}
	// VAT identifiers: none at all outside the scope of VAT (BR-O-02).
	d.outsideScope = allO
	if allO {
		d.seller.vatID, d.buyer.vatID = "", ""
	} else {
		reg := vatRegistration(tx.Seller.Registrations, charged, taxCountries, d.seller.country)
		if reg != nil {
			d.seller.vatID = withPrefix(*reg)
			d.taxRep = taxRepresentative(reg, taxCountries)
		}
		if d.taxRep == nil {
			d.taxRep = representedOnly(tx.Seller.Registrations, taxCountries)
		}
		buyerRegs := customer.Registrations
		if d.deliveryCountry != "" {
			buyerRegs = intraCommunityNumbers(buyerRegs, d.seller.country, tx.DocumentDate)
		}
		d.buyer.vatID = vatID(buyerRegs, nil, nil, d.buyer.country)
	}
	// Legal registration identifiers, which Peppol BIS's national rules
	// of Denmark and Iceland require (DK-R-002, IS-R-002, IS-R-004).
	if d.seller.legalID, d.seller.legalScheme, err = legalRegistration(tx, tx.Seller.Registrations, d.seller.country, "seller", d.seller.vatID); err != nil {
		return nil, err
	}
	if d.seller.country == "IS" && d.buyer.country == "IS" {
		if d.buyer.legalID, d.buyer.legalScheme, err = legalRegistration(tx, customer.Registrations, d.buyer.country, "buyer", ""); err != nil {
			return nil, err
		}
	}
	// The seller's code (BT-29, without a scheme) identifies a seller
	// that the document names by neither its VAT identifier nor its legal
	// registration identifier (BR-CO-26); between Danish parties Peppol
	// wants a scheme for it (DK-R-013), which a company code has none of.
	d.sellerIdentifiers = d.seller.vatID == "" && d.seller.legalID == "" && d.seller.code != ""
	return d, nil
}

// typeCommercial is the type of the registration that gives a party's
// legal registration identifier (BT-30, BT-47): the wire's
// taxRegistrationType "Commercial Registration".
const typeCommercial = string(wire.TaxRegistrationTypeCommercialRegistration)

// legalRegistration returns the legal registration identifier (BT-30,
// BT-47) of a party whose address is in country, with its identifier
// scheme, from its stored registrations, for the countries whose Peppol
// BIS national rules require it; "" for the others, whose documents stay
// as they were.
//
// Denmark (DK-R-002, DK-R-014: the CVR number, scheme 0184): the number
// of the party's Danish registration of the type Commercial Registration,
// else the CVR number that its Danish VAT number is (DK and the 8 digits
// of the CVR number), the one of vatID, its VAT identifier, first. A
// Danish VAT number may be an SE number of its own, of the same form,
// which no check tells from a CVR number: the Commercial Registration,
// which the engine keeps from the request or from the tenant's profile
// (sellerParty), comes first so that such a seller's BT-30 is its CVR
// number.
// Iceland (IS-R-002, IS-R-004: the kennitala, scheme 0196), whose VAT
// number (VSK-númer) is not the kennitala: the number of its Icelandic
// registration of the type Commercial Registration. A Commercial
// Registration that is not a CVR number of 8 digits (with or without DK)
// or a kennitala of 10 digits whose last is its century (8, 9 or 0;
// taxreg.ValidateIdentity) is refused, naming it; a kennitala may be
// written with its dash (DDMMYY-NNNN).
func legalRegistration(tx *journal.Transaction, regs []journal.Registration, country, role, vatID string) (id, scheme string, err error) {
	var digits int
	switch country {
	case "DK":
		scheme, digits = "0184", 8
	case "IS":
		scheme, digits = "0196", 10
	default:
		return "", "", nil
	}
	for _, r := range regs {
		if r.Type != typeCommercial || registrationCountry(r) != country || strings.TrimSpace(r.Number) == "" {
			continue
		}
		n := strings.ToUpper(strings.Map(func(c rune) rune {
			if c == ' ' || c == '-' || c == '.' || c == '/' {
				return -1
			}
			return c
		}, r.Number))
		if country == "DK" {
			n = strings.TrimPrefix(n, "DK")
		}
		bad := len(n) != digits || strings.ContainsFunc(n, func(c rune) bool { return c < '0' || c > '9' })
		if country == "IS" {
			// The kennitala as taxreg checks it: its form and its
			// century digit; its ninth digit is no check digit since
			// February 2026.
			bad = !taxreg.ValidateIdentity(taxreg.KindCommercialRegistration, "IS", n).IsSyntaxValid
		}
		if bad {
			what := map[string]string{"DK": "a Danish CVR number of 8 digits, with or without DK",
				"IS": "an Icelandic kennitala of 10 digits, the last its century (8, 9 or 0)"}[country]
			return "", "", refuse(tx, "the %s's registration %q of the type %s is its legal registration identifier (BT-%s), which is %s",
				role, r.Number, typeCommercial, map[string]string{"seller": "30", "buyer": "47"}[role], what)
		}
		return n, scheme, nil
	}
	if country != "DK" {
		return "", "", nil
	}
	var cvr string
	for _, r := range regs {
		if r.Type != "" && r.Type != string(wire.TaxRegistrationTypeVAT) || registrationCountry(r) != "DK" {
			continue
		}
		res := taxreg.Validate("DK", r.Number)
		if !res.IsSyntaxValid || len(res.Normalized) != 10 {
			continue
		}
		if res.Normalized == vatID {
			return res.Normalized[2:], scheme, nil
		}
		if cvr == "" {
			cvr = res.Normalized[2:]
		}
	}
	if cvr == "" {
		return "", "", nil
	}
	return cvr, scheme, nil
}

// issueDate returns the issue date (BT-2) of tx's e-invoice: its
// document date, except for a reversal, which keeps the document date of
// the transaction it reverses (journal.Negated) and whose credit note is
// issued when it was made, its posting date (the day it was reversed, or
// the date its caller gave), when that is later.
func issueDate(tx *journal.Transaction) civil.Date {
	if tx.ReversalOf != "" && tx.PostingDate.After(tx.DocumentDate) {
		return tx.PostingDate
	}
	return tx.DocumentDate
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// theCustomer returns the one customer of the transaction's lines: a
// line's own, else the document's. A line may repeat the document's
// seller (the same party, as the journal keeps it), not name another.
func theCustomer(tx *journal.Transaction) (*journal.Party, error) {
	var found *journal.Party
	seen := map[string]bool{}
	var names []string
	seller, _ := json.Marshal(tx.Seller)
	for i := range tx.Lines {
		l := &tx.Lines[i]
		if l.Seller != nil {
			if b, _ := json.Marshal(l.Seller); string(b) != string(seller) {
				return nil, refuse(tx, "%s names a seller of its own (%s), not the document's (%s); an e-invoice has one seller",
					lineName(i, l), describeParty(l.Seller), describeParty(tx.Seller))
			}
		}
		c := l.Customer
		if c == nil {
			c = tx.Customer
		}
		if c == nil {
			return nil, refuse(tx, "%s has no customer: an e-invoice needs the buyer's name and address", lineName(i, l))
		}
		b, _ := json.Marshal(c)
		k := string(b)
		if !seen[k] {
			seen[k] = true
			names = append(names, describeParty(c))
		}
		if found == nil {
			found = c
		}
	}
	if len(seen) > 1 {
		return nil, refuse(tx, "its lines have %d customers (%s); an e-invoice has one buyer: calculate each customer's invoice apart", len(seen), strings.Join(names, "; "))
	}
	return found, nil
}

// describeParty names a party in a message.
func describeParty(p *journal.Party) string {
	var parts []string
	for _, s := range []string{p.Name, p.Code} {
		if s != "" {
			parts = append(parts, s)
		}
	}
	if a := p.Address; a != nil {
		parts = append(parts, strings.TrimSpace(a.City+" "+a.Country))
	}
	if len(parts) == 0 {
		return "unnamed"
	}
	return strings.Join(parts, ", ")
}

// makeParty returns the seller or buyer of the document.
func makeParty(tx *journal.Transaction, p *journal.Party, role, name, code, endpoint string) (party, error) {
	out := party{name: strings.TrimSpace(name), code: strings.TrimSpace(code)}
	if out.name == "" {
		out.name = out.code
	}
	if out.name == "" {
		return out, refuse(tx, "the %s has no name: give one (%sName), or store the %s's %s with the calculation", role, role, role,
			map[string]string{"seller": "company code (seller.company)", "buyer": "name (customer.customerName) or code"}[role])
	}
	if a := p.Address; a != nil {
		out.street1, out.street2, out.city = strings.TrimSpace(a.Street1), strings.TrimSpace(a.Street2), strings.TrimSpace(a.City)
		out.postalCode, out.subdivision, out.country = strings.TrimSpace(a.PostalCode), strings.TrimSpace(a.MainDivision), a.Country
	}
	if len(out.country) != 2 {
		return out, refuse(tx, "the %s's address has no country (%q): an e-invoice needs it", role, out.country)
	}
	if endpoint != "" {
		out.endpointScheme, out.endpointID, _ = strings.Cut(endpoint, ":")
	}
	return out, nil
}

// vatID chooses a party's VAT identifier (BT-31, BT-48) among its VAT
// registrations: the one of its address's country unless the seller
// charges the VAT of other countries only (charged: a seller registered
// where it charges the VAT supplies under that country's number, VAT
// Directive article 226(3), as a Dutch seller charging Germany's VAT on
// a distance sale to Berlin does under its German number), else the one
// of a country it charges the VAT of, else that of its address's
// country, else the one of a country whose VAT the invoice names
// (taxCountries: the VAT that the buyer accounts for too), else the
// first; "" when it has none. The VAT the buyer accounts for (K, AE)
// leaves the address's country first: an intra-community supply from
// Amsterdam is made under the Dutch number.
// The identifier is the number in its canonical form (taxreg.Validate:
// its country's VAT prefix, EL for Greece, and the number without
// separators) when it is a valid number of its registration's country,
// which may be stored by its alpha-2 or alpha-3 code.
func vatID(regs []journal.Registration, charged, taxCountries map[string]bool, country string) string {
	if r := vatRegistration(regs, charged, taxCountries, country); r != nil {
		return withPrefix(*r)
	}
	return ""
}

// vatRegistration returns the VAT registration whose number vatID
// states, nil when the party has none.
func vatRegistration(regs []journal.Registration, charged, taxCountries map[string]bool, country string) *journal.Registration {
	var vat []*journal.Registration
	for i := range regs {
		if r := &regs[i]; (r.Type == "" || r.Type == "VAT Registration") && strings.TrimSpace(r.Number) != "" {
			vat = append(vat, r)
		}
	}
	pick := func(want func(journal.Registration) bool) *journal.Registration {
		for _, r := range vat {
			if want(*r) {
				return r
			}
		}
		return nil
	}
	if len(charged) == 0 || charged[country] {
		if r := pick(func(r journal.Registration) bool { return registrationCountry(r) == country }); r != nil {
			return r
		}
	}
	if r := pick(func(r journal.Registration) bool { return charged[registrationCountry(r)] }); r != nil {
		return r
	}
	if r := pick(func(r journal.Registration) bool { return registrationCountry(r) == country }); r != nil {
		return r
	}
	if r := pick(func(r journal.Registration) bool { return taxCountries[registrationCountry(r)] }); r != nil {
		return r
	}
	return pick(func(journal.Registration) bool { return true })
}

// taxRepresentative returns the seller's tax representative (BG-11) that
// the e-invoice names: the fiscal representative of reg, the registration
// whose number is the seller's VAT identifier (BT-31), when the invoice
// carries the VAT of reg's country (taxCountries: the representative
// acts in the registering country, whose invoices name it). It is nil
// when the registration has none, and when the representative lacks what
// BG-11 requires: a name (BT-62, BR-18), a VAT number (BT-63, BR-56) or
// its address's country as an ISO 3166 code, alpha-2 or alpha-3 (BT-69,
// BR-19, BR-20; a code outside ISO 3166 would break BR-CL-14), which
// a request may leave out since the wire's fiscalRepresentative requires
// none of them. BT-63 is the representative's number in canonical form
// with its country's prefix (withPrefix), read as a number of reg's
// country unless it is written with another's prefix.
func taxRepresentative(reg *journal.Registration, taxCountries map[string]bool) *party {
	rep := reg.Representative
	if rep == nil || rep.Address == nil || !taxCountries[registrationCountry(*reg)] {
		return nil
	}
	name, number := strings.TrimSpace(rep.Name), strings.TrimSpace(rep.Number)
	country := strings.ToUpper(strings.TrimSpace(rep.Address.Country))
	if a2, ok := jurisdiction.CountryAlpha2(country); ok {
		country = a2
	}
	if _, iso := jurisdiction.CountryAlpha3(country); name == "" || number == "" || !iso {
		return nil
	}
	regCountry := registrationCountry(*reg)
	if c := taxreg.PrefixCountry(number); c != "" {
		regCountry = c
	}
	a := rep.Address
	return &party{name: name, street1: strings.TrimSpace(a.Street1), street2: strings.TrimSpace(a.Street2), city: strings.TrimSpace(a.City),
		postalCode: strings.TrimSpace(a.PostalCode), subdivision: strings.TrimSpace(a.MainDivision), country: country,
		vatID: withPrefix(journal.Registration{Country: regCountry, Number: number})}
}

// representedOnly returns the tax representative (BG-11) of the first of
// the seller's VAT registrations without a number of their own
// (journal.Registration.Number "") whose representative taxRepresentative
// names, nil when none does: a seller that charges a country's VAT
// through its representative there, without a number of its own in that
// country, is named on the invoice by the representative's VAT
// identifier (BT-63), which stands in for the seller's (BR-S-02,
// BR-Z-02, BR-E-02 and their kind take either). It serves when the
// registration that gives the seller's VAT identifier (vatRegistration)
// names no representative for a country whose VAT the invoice carries.
func representedOnly(regs []journal.Registration, taxCountries map[string]bool) *party {
	for i := range regs {
		r := &regs[i]
		if strings.TrimSpace(r.Number) != "" || r.Type != "" && r.Type != "VAT Registration" {
			continue
		}
		if p := taxRepresentative(r, taxCountries); p != nil {
			return p
		}
	}
	return nil
}

// intraCommunityNumbers returns the buyer's registrations that an
// intra-community supply of goods from departure can be exempt on, on
// date d: those of a member state other than departure (Article 138(1)
// of the VAT directive; Greece's under EL, Northern Ireland's under XI
// from 2021), which the invoice must state as the customer's number
// (Article 226(4)). A German number of a buyer that also gave the Dutch
// one of the goods' departure state is the one shown. A United Kingdom
// registration whose number is written with Northern Ireland's prefix XI
// is Northern Ireland's, as the engine reads it. It returns regs when it
// finds none.
func intraCommunityNumbers(regs []journal.Registration, departure string, d civil.Date) []journal.Registration {
	var out []journal.Registration
	for _, r := range regs {
		c := strings.ToUpper(strings.TrimSpace(r.Country))
		if a2, ok := jurisdiction.CountryAlpha2(c); ok {
			c = a2
		}
		n := strings.ToUpper(strings.TrimLeft(strings.TrimSpace(r.Number), " .-/"))
		switch {
		case c == "" && len(n) > 2:
			c = n[:2] // a number written with its prefix
		case c == "GB" && strings.HasPrefix(n, jurisdiction.NorthernIrelandCode):
			c = jurisdiction.NorthernIrelandCode
		}
		if state, ok := jurisdiction.EUNumberState(c, d); ok && state != departure {
			out = append(out, r)
		}
	}
	if len(out) == 0 {
		return regs
	}
	return out
}

// registrationCountry returns the ISO 3166-1 alpha-2 code of a stored
// registration's country, which the request may have given as its
// alpha-3 code and in any case, or for Greece as its VAT prefix EL (as
// the engine reads a registration, GR). A registration that names no
// country is the country of the VAT prefix its number is written with
// (taxreg.PrefixCountry), as the engine reads it.
func registrationCountry(r journal.Registration) string {
	c := strings.ToUpper(strings.TrimSpace(r.Country))
	if c == "" {
		c = taxreg.PrefixCountry(r.Number)
	}
	if a2, ok := jurisdiction.CountryAlpha2(c); ok {
		return a2
	}
	if c == "EL" {
		return "GR"
	}
	return c
}

// withPrefix returns a VAT number with its country prefix: a valid
// number of its registration's country in its canonical form
// (taxreg.Validate), any other as it was written, without white space,
// with the country's prefix when it has none. A United Kingdom number
// keeps the prefix it was written with, GB or Northern Ireland's XI. A
// Norwegian VAT number is the organisation number followed by MVA, which
// a registration may leave out: Peppol BIS's rule NO-R-001 refuses a
// Norwegian seller's VAT identifier without it.
func withPrefix(r journal.Registration) string {
	country := registrationCountry(r)
	n := strings.ToUpper(strings.Join(strings.Fields(r.Number), ""))
	if (country == "GB" || country == jurisdiction.NorthernIrelandCode) && len(n) >= 2 &&
		(n[:2] == "GB" || n[:2] == jurisdiction.NorthernIrelandCode) {
		country = n[:2]
	}
	if res := taxreg.Validate(country, r.Number); res.IsSyntaxValid {
		if country == "NO" && !strings.HasSuffix(res.Normalized, "MVA") {
			return res.Normalized + "MVA"
		}
		return res.Normalized
	}
	if len(n) >= 2 && n[0] >= 'A' && n[0] <= 'Z' && n[1] >= 'A' && n[1] <= 'Z' {
		return n
	}
	prefix := country
	if prefix == "GR" {
		prefix = "EL"
	}
	return prefix + n
}

// lineCategory returns the VAT category of line i and the VAT tax it
// carries (nil for none), or why it has none Levy can state.
func lineCategory(geo *jurisdiction.VATGeography, tx *journal.Transaction, i int, l *journal.Line, sellerCountry, buyerCountry string) (category, *journal.Tax, error) {
	var vat []*journal.Tax
	for k := range l.Taxes {
		t := &l.Taxes[k]
		if t.InformationOnly {
			continue
		}
		if t.Withheld {
			return category{}, nil, refuse(tx, "%s carries %s of %s, which the buyer withholds (withholdingType %s): EN 16931 has no element for a tax the buyer withholds, and its VAT breakdown carries VAT only, so Levy renders no e-invoice of a sale that bears one",
				lineName(i, l), t.Imposition, jurisdictionName(t), t.WithholdingType)
		}
		if t.TaxType != "VAT" {
			// A tax without a tax type (a franchise fee) is named by its
			// imposition type.
			what := t.TaxType + " tax"
			switch {
			case t.TaxType != "":
			case t.ImpositionType != "":
				what = "a " + t.ImpositionType
			default:
				what = "a tax of unknown type"
			}
			return category{}, nil, refuse(tx, "%s carries %s (%s) of %s: an EN 16931 e-invoice carries VAT only, and taxes that are not VAT cannot be shown as its VAT breakdown",
				lineName(i, l), what, t.Imposition, jurisdictionName(t))
		}
		vat = append(vat, t)
	}
	if len(vat) == 0 {
		return category{code: "O", reason: "Not subject to VAT", reasonCode: "VATEX-EU-O"}, nil, nil
	}
	if len(vat) > 1 {
		names := make([]string, len(vat))
		for k, t := range vat {
			names[k] = taxName(t)
		}
		return category{}, nil, refuse(tx, "%s carries %d taxes of the type VAT (%s); an e-invoice line has one VAT category", lineName(i, l), len(vat), strings.Join(names, ", "))
	}
	t := vat[0]
	rate := t.Rate.Decimal().Mul(hundred)
	switch {
	case t.TaxResult == "NO_TAX":
		return category{}, nil, refuse(tx, "%s owes the VAT of %s but the seller is not registered there, and the calculation charged none: Levy cannot state a VAT category for it; register the seller there (its taxRegistrations) and calculate again",
			lineName(i, l), jurisdictionName(t))
	case t.CollectedFrom == "BUYER":
		date := tx.DocumentDate
		goods := true
		if c, ok := rules.ClassOf(l.ProductClass); ok && c.Service {
			goods = false
		}
		// The countries whose VAT areas the addresses are in: goods sent
		// from Germany to a business in Monaco are an intra-community
		// supply to France.
		from, to := geo.InVATArea(sellerCountry, date), geo.InVATArea(buyerCountry, date)
		if x := l.Intrastat; x != nil && (x.Dispatch == jurisdiction.NorthernIrelandCode || x.Arrival == jurisdiction.NorthernIrelandCode) {
			// Goods sent to or from Northern Ireland, whose addresses are
			// GB's: the engine said where they went, Northern Ireland
			// standing as the member state XI under the Windsor Framework
			// (jurisdiction.EUGoodsMember).
			from, to = x.Dispatch, x.Arrival
		}
		if goods && from != to && jurisdiction.EUGoodsMember(from, date) && jurisdiction.EUGoodsMember(to, date) {
			return category{code: "K", percent: pct(decimal.Zero), reason: "Intra-Community supply", reasonCode: "VATEX-EU-IC"}, t, nil
		}
		return category{code: "AE", percent: pct(decimal.Zero), reason: "Reverse charge", reasonCode: "VATEX-EU-AE"}, t, nil
	case t.TaxResult == "EXEMPT":
		if t.Taxable.Sign() != 0 || t.NonTaxable.Sign() != 0 {
			return category{}, nil, refuse(tx, "%s is part exempt and part taxed or not taxable; an e-invoice line has one VAT category: split the line", lineName(i, l))
		}
		return category{code: "E", percent: pct(decimal.Zero), reason: exemptionReason(t), reasonCode: exemptionCode(t)}, t, nil
	case t.TaxResult == "NONTAXABLE":
		return category{code: "O", reason: "Not subject to VAT", reasonCode: "VATEX-EU-O"}, t, nil
	case t.TaxResult != "TAXABLE":
		return category{}, nil, refuse(tx, "%s has the VAT result %s of %s, which has no VAT category of EN 16931", lineName(i, l), t.TaxResult, jurisdictionName(t))
	case t.Exempt.Sign() != 0 || t.NonTaxable.Sign() != 0:
		return category{}, nil, refuse(tx, "%s is part taxed and part exempt or not taxable; an e-invoice line has one VAT category: split the line", lineName(i, l))
	case rate.Sign() > 0:
		return category{code: "S", percent: pct(rate)}, t, nil
	case t.RuleID == "export-zero-rated":
		return category{code: "G", percent: pct(decimal.Zero), reason: "Export outside the EU", reasonCode: "VATEX-EU-G"}, t, nil
	}
	return category{code: "Z", percent: pct(decimal.Zero)}, t, nil
}

// pct returns a rate to keep in a category.
func pct(d decimal.Decimal) *decimal.Decimal { return &d }

// lineName names line i in a message: its position, and its ID.
func lineName(i int, l *journal.Line) string {
	if l.LineItemID != "" {
		return fmt.Sprintf("line %d (%s)", i+1, l.LineItemID)
	}
	return fmt.Sprintf("line %d", i+1)
}

// jurisdictionName names a tax's jurisdiction in a message.
func jurisdictionName(t *journal.Tax) string {
	switch {
	case t.JurisdictionName != "" && t.JurisdictionID != "":
		return t.JurisdictionName + " (" + t.JurisdictionID + ")"
	case t.JurisdictionName != "":
		return t.JurisdictionName
	}
	return t.JurisdictionID
}

// taxName names a tax in a message: its imposition and its
// jurisdiction, since one jurisdiction may levy several taxes of the
// type VAT (Brazil's PIS and COFINS).
func taxName(t *journal.Tax) string {
	if t.Imposition != "" {
		return t.Imposition + " of " + jurisdictionName(t)
	}
	return jurisdictionName(t)
}

// exemptionReason is the exemption reason (BT-120) of an exempt tax: the
// certificate that exempted it, or the rule.
func exemptionReason(t *journal.Tax) string {
	var s string
	switch {
	case t.CertificateNumber != "":
		s = "Exempt under exemption certificate " + t.CertificateNumber
	case t.RuleID == "customer-exempt":
		s = "Exempt: the customer is exempt"
	case t.RuleID == "override":
		s = "Exempt by an exemption of the seller's"
	case t.RuleID != "":
		s = "Exempt under Levy's rule " + t.RuleID
	default:
		s = "Exempt"
	}
	if t.ReasonCode != "" && !strings.HasPrefix(strings.ToUpper(t.ReasonCode), "VATEX-") {
		s += " (reason " + t.ReasonCode + ")"
	}
	return s
}

// exemptionCode is the exemption reason code (BT-121) of an exempt tax:
// its reason code when that is a VATEX code, else none.
func exemptionCode(t *journal.Tax) string {
	if c := strings.ToUpper(strings.TrimSpace(t.ReasonCode)); strings.HasPrefix(c, "VATEX-") {
		return c
	}
	return ""
}

// makeLine returns line i of the document, its amounts times sign.
func makeLine(i int, l *journal.Line, sign decimal.Decimal) line {
	it := l.Item
	if it == nil {
		it = &journal.Item{}
	}
	// A blank text names nothing: the item name (BT-153) falls to the
	// next (a product code of spaces, which a host system may send for
	// an item without one, is no name), and the unit to C62.
	ln := line{name: strings.TrimSpace(it.Description), sellerItemID: strings.TrimSpace(it.ProductCode), unit: strings.TrimSpace(it.Unit)}
	if ln.name == "" {
		ln.name = ln.sellerItemID
	}
	if ln.name == "" {
		ln.name = strings.TrimSpace(l.ProductClass)
	}
	if ln.name == "" {
		ln.name = fmt.Sprintf("Line %d", i+1)
	}
	if ln.unit == "" {
		ln.unit = "C62"
	}
	amount := l.Amount.Decimal().Mul(sign)
	ln.freight = it.Freight.Decimal().Mul(sign)
	ln.net = amount.Add(ln.freight)
	qty := it.Quantity.Decimal()
	if qty.Sign() <= 0 {
		qty = decimal.NewFromInt(1)
	}
	if amount.Sign() < 0 {
		qty = qty.Neg()
	}
	ln.quantity = qty
	abs := amount.Abs()
	if up := it.UnitPrice; up != nil && up.Sign() >= 0 && up.Decimal().Mul(qty.Abs()).Equal(abs) {
		ln.price = up.Decimal()
	} else {
		ln.price = abs.DivRound(qty.Abs(), 8)
	}
	return ln
}

// roundLines rounds the net amount of each line to the cent so that the
// rounded lines add up to their exact sum, sum, rounded to the cent, and
// returns that total. A calculation keeps amounts below the cent (2.5 kg
// at 3.333 is 8.3325): each line is rounded, and the cents that the
// rounding lost or gained in all are given back to, or taken from, the
// lines whose rounding moved them furthest (the largest remainders), so
// that no line moves by more than a cent from its exact amount.
func roundLines(lines []line, sum decimal.Decimal) decimal.Decimal {
	nets := make([]*decimal.Decimal, len(lines))
	for i := range lines {
		nets[i] = &lines[i].net
	}
	return roundToCents(nets, sum)
}

// roundTaxes rounds the VAT of each breakdown to the cent as roundLines
// rounds the lines, so that the breakdowns add up to the invoice's VAT,
// sum, rounded to the cent (BR-CO-14), and returns that total. The VAT of
// a calculation in a currency of three decimals (the Kuwaiti dinar) is
// kept to the fils: 0.235 and 0.165 are 0.400 in all, which each
// rounded on its own would state as 0.24 and 0.17 beside a total of
// 0.40.
func roundTaxes(groups []group, sum decimal.Decimal) decimal.Decimal {
	taxes := make([]*decimal.Decimal, len(groups))
	for i := range groups {
		taxes[i] = &groups[i].tax
	}
	return roundToCents(taxes, sum)
}

// roundToCents rounds each amount to the cent so that the rounded
// amounts add up to sum (their exact sum) rounded to the cent, and
// returns that total: the cents that rounding each lost or gained in all
// are given back to, or taken from, the amounts whose rounding moved
// them furthest (the largest remainders), so that none moves by more than
// a cent from its exact value.
func roundToCents(vals []*decimal.Decimal, sum decimal.Decimal) decimal.Decimal {
	total := sum.Round(2)
	exact := make([]decimal.Decimal, len(vals))
	rounded := make([]decimal.Decimal, len(vals))
	for i, v := range vals {
		exact[i], rounded[i] = *v, v.Round(2)
	}
	money.SettleRounded(exact, rounded, total, 2)
	for i, v := range vals {
		*v = rounded[i]
	}
	return total
}

// lineIDs are the identifiers of the lines (BT-126): their IDs when every
// line has one of its own, else their positions. An ID is read without
// the spaces around it, and one of spaces only is none.
func lineIDs(tx *journal.Transaction) []string {
	ids := make([]string, len(tx.Lines))
	seen := map[string]bool{}
	own := true
	for i, l := range tx.Lines {
		id := strings.TrimSpace(l.LineItemID)
		own = own && id != "" && !seen[id]
		seen[id] = true
		ids[i] = id
	}
	if !own {
		for i := range ids {
			ids[i] = fmt.Sprint(i + 1)
		}
	}
	return ids
}
