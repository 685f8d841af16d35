package batch

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/internal/csvout"
	"github.com/levytax/levy/internal/jsonbody"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// CSVColumns documents the CSV layouts, input and output, in the words
// of levy batch -h. Its tables list the same columns as csvInputs and
// csvOutputColumns; a test keeps them in step.
const CSVColumns = `CSV input (--format csv): one row per line item, with a header row that
names the columns, in any order and in any case. The rows of a document
are consecutive and share its document_number; they become one request of
the perspective. Rows of a document_number that come after other
documents are not calculated: they fail, with an error row naming the
document's earlier rows, which were answered as the whole document. A
column not listed for the perspective is an error, and so is a header
without a required column; a column whose header is blank (the empty
columns a spreadsheet may leave after the last one) is left out, and a
value in it fails its row's document. Values are trimmed of spaces; an empty value
is an absent one; codes (message_type, transaction_type, currency) may
be in any case; rows whose values are all empty are skipped. Rows are
numbered as the lines of the file, the header being row 1. Document
columns (D) must have the same value on every row of a document.

  column                 level  sale purchase owner  meaning and format
  document_number        D      yes  yes      yes    required; the document's number (documentNumber)
  document_date          D      yes  yes      yes    required; YYYY-MM-DD; the rules and rates of that day apply
  message_type           D      yes  yes      yes    required; sale: QUOTATION, INVOICE, ...; purchase:
                                                     PURCHASE_ORDER, INVOICE_VERIFICATION, ACCRUAL, ...;
                                                     owner: INVENTORY_REMOVAL, ASSET_MOVEMENT
  transaction_id         D      yes  yes      yes    the transaction's ID, for the journal (transactionId)
  transaction_type       D      yes  yes      -      SALE, RENTAL, LEASE (or PURCHASE for a purchase);
                                                     default SALE for a sale, PURCHASE for a purchase
  currency               D      yes  yes      yes    ISO 4217 code; default USD
  company                D      yes  yes      yes    the company code of the seller (sale), buyer
                                                     (purchase) or owner (owner)
  origin_street          D      yes  yes      yes    where the goods leave: the seller's (sale), vendor's
  origin_city            D      yes  yes      yes      (purchase) or owner's (owner) physical origin:
  origin_region          D      yes  yes      yes      street, city, state or province (code or name),
  origin_postal_code     D      yes  yes      yes      postal code, country (ISO 3166 code or name)
  origin_country         D      yes  yes      yes
  dest_street            D      yes  yes      yes    where the goods arrive: the customer's (sale),
  dest_city              D      yes  yes      yes      buyer's (purchase) or owner's (owner)
  dest_region            D      yes  yes      yes      destination, as for the origin
  dest_postal_code       D      yes  yes      yes
  dest_country           D      yes  yes      yes
  customer_code          D      yes  -        -      the customer's code
  customer_class         D      yes  -        -      the customer's class code (not with customer_tax_id)
  customer_tax_id        D      yes  -        -      the customer's tax registration number, registered
                                                     in dest_country (a VAT number makes a B2B sale);
                                                     with a tax ID, the country is an ISO 3166 code
  seller_tax_id          D      yes  -        -      the seller's tax registration number, registered
                                                     in origin_country
  vendor_code            D      -    yes      -      the vendor's code
  vendor_class           D      -    yes      -      the vendor's class code (not with vendor_tax_id)
  vendor_tax_id          D      -    yes      -      the vendor's tax registration number, registered
                                                     in origin_country
  buyer_tax_id           D      -    yes      -      the buyer's tax registration number, registered in
                                                     dest_country
  exemption_certificate  D      yes  yes      -      the customer's (buyer's) exemption certificate
                                                     number; it makes every line exempt
  exemption_reason       D      yes  yes      yes    the reason code of the exemption of the customer,
                                                     buyer or owner; it makes every line exempt
  marketplace            D      yes  -        -      true when a marketplace facilitator made the sale
                                                     (marketplaceFacilitated; true, false, yes, no, 1,
                                                     0); the sales figures count it apart
  line_number            line   yes  yes      yes    the line's number, a whole number of at least 0;
                                                     assigned when absent
  line_id                line   yes  yes      yes    the line's ID (lineItemId), unique within the
                                                     document; required on each line of APINVOICE_SYNC
                                                     and ACCRUAL_SYNC, which match the stored lines by it
  product_class          line   yes  yes      yes    the class of like taxability (GENERAL, FOOD,
                                                     CLOTHING, ...): the product class of a sale, the
                                                     purchase class of a purchase or owner line
  product_code           line   yes  yes      yes    the product (purchase) code
  description            line   yes  yes      yes    the line's description
  quantity               line   yes  yes      yes    a decimal greater than 0
  unit_price             line   yes  yes      yes    a decimal, the price of one unit; the line's amount
                                                     is quantity times unit_price
  extended_price         line   yes  yes      yes    a decimal, the line's amount; a line has unit_price
                                                     or extended_price, never both, and a sale or
                                                     purchase line needs one of them
  charged_tax            line   -    yes      -      a decimal, the tax the vendor charged on the line
  cost                   line   -    -        yes    a decimal, the cost of the goods or asset, the
                                                     basis of an owner line; an owner line needs a
                                                     cost, a unit_price or an extended_price

CSV output: one row per line item and jurisdiction, then one total row
per document, with these columns:

  record             tax, total or error
  document_number    the document's number
  transaction_id     the document's transaction ID
  line_number        (tax) the line's number
  product_class      (tax) the line's product or purchase class
  jurisdiction_type  (tax) STATE, COUNTY, CITY, COUNTRY, ...
  jurisdiction_id    (tax) Levy's ID of the jurisdiction (US-CA, FR, ...)
  jurisdiction_code  (tax) the government's code of the jurisdiction, when it has one
  jurisdiction_name  (tax) the jurisdiction's name
  imposition         (tax) the tax levied (Sales and Use Tax, VAT, ...)
  imposition_type    (tax) the kind of the imposition
  tax_result         (tax) TAXABLE, EXEMPT, NONTAXABLE, NO_TAX, DEFERRED or DPPAPPLIED
  rate               (tax) the rate of the rule, a fraction (0.0725 is 7.25 %); the
                     effective rate where the rule has none
  taxable            (tax) the taxable amount
  nontaxable         (tax) the nontaxable amount
  exempt             (tax) the exempt amount
  tax                (tax) the tax
  reason_code        (tax) the reason of an exemption or override
  rule_id            (tax) the ID of the rule that calculated the tax
  currency           the document's currency
  subtotal           (total) the document's amount before tax
  total_tax          (total) the document's tax
  total              (total) subtotal plus total_tax
  status             (total) ok; warning when the document was calculated but an
                     address was doubtful (address_statuses), a line's input
                     was guessed, a line bears a tax Levy does not compute or
                     a certificate did not exempt a tax (assisted_parameters,
                     beyond those that only explain a decision:
                     eu-distance-threshold, eu-b2c-destination, no-tax-levied,
                     low-value-import, low-value-import-above,
                     threshold-converted); error when it failed
  row                (error) the input row at fault; (total) the document's input
                     rows, FIRST-LAST
  column             (error) the input column at fault, when there is one
  code               (error) the error's code (invalid, ...)
  message            (error) what is wrong
  address_confidence (tax, total) the lowest confidence (1 to 100) of the tax area
                     lookups of the document's addresses; empty where every
                     location came as a tax area ID
  address_statuses   (tax, total) what the lookups found at fault or worth telling,
                     each "location: STATUS what", separated by " | " (a ZIP code
                     of another state, an unknown state, a city the ZIP code is
                     not in); empty for clean addresses
  assisted_parameters (tax) what the engine assumed for the line, each "rule
                     parameter: sent -> used" (an unknown product class taxed as
                     GENERAL, say), and the taxes the line bears that Levy knows
                     of and does not compute, each "tax-not-computed
                     productClass CLASS: jurisdiction, tax and citation" (SaaS
                     sold into Denver, say), and why a certificate the tenant's
                     tax profile keeps for the customer did not exempt a tax,
                     each "REASON exemptionCertificate NUMBER: why", REASON
                     one of certificate-expired, certificate-not-yet-valid,
                     certificate-revoked, certificate-other-transaction,
                     certificate-other-class, certificate-other-jurisdiction,
                     and why a certificate number the request sent, which the
                     profile keeps for the customer, would not have exempted a
                     tax it exempts (the tax stays exempt), each
                     "sent-REASON exemptionCertificate NUMBER: why", one of
                     sent-certificate-expired, sent-certificate-not-yet-valid,
                     sent-certificate-revoked,
                     sent-certificate-other-transaction,
                     sent-certificate-other-class,
                     sent-certificate-other-jurisdiction, and
                     sent-certificate-other-customer when the profile keeps
                     the number for another customer; and
                     "exempt-flag-not-covered customer.isTaxExempt true: why"
                     when the request exempts a customer by isTaxExempt
                     alone and none of the certificates the profile keeps
                     for it would have exempted a tax (the tax stays
                     exempt); separated by " | ";
                     (total) all the lines'
  certificate_number (tax) the exemption certificate that exempted the tax: the
                     request's (exemption_certificate), or one that the
                     tenant's tax profile keeps for the customer (customer_code)
  withholding_type   (tax) the withholding type of a tax the buyer withholds and
                     pays itself (a rule file's withholding, or an imposition
                     type with withholdingType), which total_tax leaves out;
                     empty for the taxes of the document's totals

A line on which no jurisdiction levies tax gets one tax row with the
jurisdiction columns empty. A document that fails gets one error row per
fault and its total row, with status error; every document ends with
exactly one total row.

A text cell that starts with =, +, -, @, a tab, a carriage return or an
apostrophe is written with an apostrophe in front, which spreadsheet
programs do not show, so that a value such as a document number or a
jurisdiction name is never run as a formula; a program reading the output
as data drops one leading apostrophe where there is one. The number
columns (line_number, rate and the amounts) are written as they are,
negative amounts with their minus sign.

A row longer than 64 MiB is skipped, with an error row (code too_large)
at its row; the document it may belong to fails (both documents, when it
falls between two).

A value with a double quote must be written in double quotes, each of its
own quotes doubled: "12"" pipe". A row with a stray quote (12" pipe
unquoted, or "3/4" x 12) is not read: its document fails with an error
row (code invalid) at its row and column, and the other documents are
answered.
`

// The perspectives, as the index of csvInput.paths.
const (
	csvSale = iota
	csvPurchase
	csvOwner
)

// csvPerspective is the index of a perspective's name.
func csvPerspective(name string) (int, bool) {
	switch name {
	case "sale":
		return csvSale, true
	case "purchase":
		return csvPurchase, true
	case "owner":
		return csvOwner, true
	}
	return 0, false
}

// csvInput is one column of the CSV input: its name, whether it belongs
// to the document (and must then be the same on every row of it) or to
// the line, whether the header must have it, and the JSON path of the
// request member it fills in each perspective, "" where the perspective
// has no such column. Line paths start with "lineItems[]".
type csvInput struct {
	name     string
	doc      bool
	required bool
	paths    [3]string
}

// The input columns, as indexes of csvInputs.
const (
	inDocumentNumber = iota
	inDocumentDate
	inMessageType
	inTransactionID
	inTransactionType
	inCurrency
	inCompany
	inOriginStreet
	inOriginCity
	inOriginRegion
	inOriginPostalCode
	inOriginCountry
	inDestStreet
	inDestCity
	inDestRegion
	inDestPostalCode
	inDestCountry
	inCustomerCode
	inCustomerClass
	inCustomerTaxID
	inSellerTaxID
	inVendorCode
	inVendorClass
	inVendorTaxID
	inBuyerTaxID
	inExemptionCertificate
	inExemptionReason
	inMarketplace
	inLineNumber
	inLineID
	inProductClass
	inProductCode
	inDescription
	inQuantity
	inUnitPrice
	inExtendedPrice
	inChargedTax
	inCost
	numCSVInputs
)

// docColumn and lineColumn describe a column of each level, with its
// paths in the sale, purchase and owner requests.
func docColumn(name string, required bool, paths [3]string) csvInput {
	return csvInput{name: name, doc: true, required: required, paths: paths}
}

func lineColumn(name string, paths [3]string) csvInput {
	return csvInput{name: name, paths: paths}
}

// samePath is the same path in every perspective.
func samePath(path string) [3]string { return [3]string{path, path, path} }

// originPath and destPath are the paths of a member of the origin and
// destination address of each perspective's parties.
func originPath(member string) [3]string {
	return [3]string{"seller.physicalOrigin." + member, "vendor.physicalOrigin." + member, "owner.physicalOrigin." + member}
}

func destPath(member string) [3]string {
	return [3]string{"customer.destination." + member, "buyer.destination." + member, "owner.destination." + member}
}

// csvInputs are the input columns, indexed by the in... constants.
var csvInputs = [numCSVInputs]csvInput{
	inDocumentNumber:       docColumn("document_number", true, samePath("documentNumber")),
	inDocumentDate:         docColumn("document_date", true, samePath("documentDate")),
	inMessageType:          docColumn("message_type", true, [3]string{"saleMessageType", "purchaseMessageType", "ownerMessageType"}),
	inTransactionID:        docColumn("transaction_id", false, samePath("transactionId")),
	inTransactionType:      docColumn("transaction_type", false, [3]string{"transactionType", "transactionType", ""}),
	inCurrency:             docColumn("currency", false, samePath("currency")),
	inCompany:              docColumn("company", false, [3]string{"seller.company", "buyer.company", "owner.company"}),
	inOriginStreet:         docColumn("origin_street", false, originPath("streetAddress1")),
	inOriginCity:           docColumn("origin_city", false, originPath("city")),
	inOriginRegion:         docColumn("origin_region", false, originPath("mainDivision")),
	inOriginPostalCode:     docColumn("origin_postal_code", false, originPath("postalCode")),
	inOriginCountry:        docColumn("origin_country", false, originPath("country")),
	inDestStreet:           docColumn("dest_street", false, destPath("streetAddress1")),
	inDestCity:             docColumn("dest_city", false, destPath("city")),
	inDestRegion:           docColumn("dest_region", false, destPath("mainDivision")),
	inDestPostalCode:       docColumn("dest_postal_code", false, destPath("postalCode")),
	inDestCountry:          docColumn("dest_country", false, destPath("country")),
	inCustomerCode:         docColumn("customer_code", false, [3]string{"customer.customerCode.value", "", ""}),
	inCustomerClass:        docColumn("customer_class", false, [3]string{"customer.customerCode.classCode", "", ""}),
	inCustomerTaxID:        docColumn("customer_tax_id", false, [3]string{"customer.taxRegistrations", "", ""}),
	inSellerTaxID:          docColumn("seller_tax_id", false, [3]string{"seller.taxRegistrations", "", ""}),
	inVendorCode:           docColumn("vendor_code", false, [3]string{"", "vendor.vendorCode.value", ""}),
	inVendorClass:          docColumn("vendor_class", false, [3]string{"", "vendor.vendorCode.classCode", ""}),
	inVendorTaxID:          docColumn("vendor_tax_id", false, [3]string{"", "vendor.taxRegistrations", ""}),
	inBuyerTaxID:           docColumn("buyer_tax_id", false, [3]string{"", "buyer.taxRegistrations", ""}),
	inExemptionCertificate: docColumn("exemption_certificate", false, [3]string{"customer.exemptionCertificate", "buyer.exemptionCertificate", ""}),
	inExemptionReason:      docColumn("exemption_reason", false, [3]string{"customer.exemptionReasonCode", "buyer.exemptionReasonCode", "owner.exemptionReasonCode"}),
	inMarketplace:          docColumn("marketplace", false, [3]string{"marketplaceFacilitated", "", ""}),
	inLineNumber:           lineColumn("line_number", samePath("lineItems[].lineItemNumber")),
	inLineID:               lineColumn("line_id", samePath("lineItems[].lineItemId")),
	inProductClass:         lineColumn("product_class", [3]string{"lineItems[].product.productClass", "lineItems[].purchase.purchaseClass", "lineItems[].purchase.purchaseClass"}),
	inProductCode:          lineColumn("product_code", [3]string{"lineItems[].product.value", "lineItems[].purchase.value", "lineItems[].purchase.value"}),
	inDescription:          lineColumn("description", samePath("lineItems[].lineItemDescription")),
	inQuantity:             lineColumn("quantity", samePath("lineItems[].quantity")),
	inUnitPrice:            lineColumn("unit_price", samePath("lineItems[].unitPrice")),
	inExtendedPrice:        lineColumn("extended_price", samePath("lineItems[].extendedPrice")),
	inChargedTax:           lineColumn("charged_tax", [3]string{"", "lineItems[].chargedTax", ""}),
	inCost:                 lineColumn("cost", [3]string{"", "", "lineItems[].cost"}),
}

// csvDocument is one document of a CSV input: its rows, turned into the
// v2 request body of the run's perspective, or the faults that kept them
// from making one.
type csvDocument struct {
	// N is the document's place in the input, from 1.
	N int
	// FirstRow and LastRow are its first and last rows (the header is
	// row 1).
	FirstRow, LastRow int
	// Number, TransactionID and Currency are the values of its columns
	// document_number, transaction_id and currency, as written.
	Number, TransactionID, Currency string
	// Body is the request body, exactly as the API takes it; nil when Err
	// is set.
	Body []byte
	// Err is a levy.Errors with one EInvalid error per fault, each naming
	// its place as "row R, column C" (see csvTarget).
	Err error

	perspective int
	// lineRows is the row of each line item, to place the errors that
	// the engine reports about a line.
	lineRows []int
}

// csvTarget is the Field of an error about a row and column of the
// input: "row 7, column unit_price", or "row 7" without a column.
func csvTarget(row int, column string) string {
	if column == "" {
		return "row " + strconv.Itoa(row)
	}
	return "row " + strconv.Itoa(row) + ", column " + column
}

// csvTargetPattern reads a csvTarget back.
var csvTargetPattern = regexp.MustCompile(`^row ([0-9]+)(?:, column (.+))?$`)

// readCSVDocuments returns the documents of a CSV input of a perspective
// ("sale", "purchase" or "owner"), in order, and a function that returns,
// once the sequence has ended, the error that stopped the reading: an
// unknown perspective, a missing or bad header (its quotes included) or
// an I/O error. A row with a bad or missing value makes its document
// fail (csvDocument.Err) and reading goes on, and so does a record that
// csv.Reader refuses for its quotes (see quoteFault): its document fails
// when its document_number was read, else the documents it may belong
// to, as for a record over the limit; the error that stops it leaves
// out the document in progress, whose rows may be cut. A record longer
// than limit bytes is skipped without being held (see csvRecordLimiter):
// the document it may belong to fails, with an error at its row, and
// when it falls between two documents both fail, so that no document is
// calculated without one of its rows. The sequence reads r as it goes,
// one document at a time, so it can be ranged over once, and by one
// goroutine.
func readCSVDocuments(r io.Reader, perspective string, limit int) (iter.Seq[csvDocument], func() error) {
	var stopped error
	seq := func(yield func(csvDocument) bool) {
		p, ok := csvPerspective(perspective)
		if !ok {
			stopped = fmt.Errorf("unknown perspective %q: sale, purchase or owner", perspective)
			return
		}
		lim := newCSVRecordLimiter(withoutBOM(r), limit)
		cr := csv.NewReader(lim)
		cr.FieldsPerRecord = -1
		cr.ReuseRecord = true // the values are copied out of each record
		header, err := cr.Read()
		headerRow := math.MaxInt
		if err == nil {
			headerRow, _ = cr.FieldPos(0)
		}
		if over := lim.skippedBefore(headerRow); len(over) > 0 {
			stopped = fmt.Errorf("the header, row %d, is longer than the limit of %s", over[0], byteSize(limit))
			return
		}
		if errors.Is(err, io.EOF) {
			stopped = levy.Invalid("", "the CSV input is empty: it needs a header row naming its columns")
			return
		}
		if err != nil {
			stopped = fmt.Errorf("read the CSV header: %w", err)
			return
		}
		cols, err := csvHeader(header, headerRow, p)
		if err != nil {
			stopped = err
			return
		}
		docColumnAt := slices.Index(cols, inDocumentNumber) // required: the header has it
		// named are the header's columns that an input reads.
		named := slices.DeleteFunc(slices.Clone(cols), func(c int) bool { return c == unnamedColumn })
		var cur *csvGroup
		n := 0
		// answered holds the rows of each document number read, the first
		// document of the number's, so that rows of the number after other
		// documents are refused (see csvGroup.again) rather than answered
		// as a new version of the document holding only those rows. It
		// holds one entry per document of the input.
		answered := map[string]rowSpan{}
		flush := func() bool {
			if cur == nil {
				return true
			}
			n++
			if _, ok := answered[cur.number]; !ok && cur.number != "" {
				answered[strings.Clone(cur.number)] = rowSpan{cur.first, cur.last}
			}
			d := cur.document(n, p)
			cur = nil
			return yield(d)
		}
		// unplaced are the faults of the records since the last row placed
		// in a document whose own document is not known: records skipped
		// for their length, and refused ones whose document_number was not
		// read. They belong to the document in progress when the next row
		// continues it; otherwise they may end that document or begin the
		// next row's, and both fail.
		var unplaced []csvFault
		tooLong := func(rows []int) {
			for _, row := range rows {
				unplaced = append(unplaced, csvFault{row, rowTooLong(row, limit)})
			}
		}
		for {
			rec, err := cr.Read()
			if errors.Is(err, io.EOF) {
				break
			}
			var refused *levy.Error
			var row, last int
			if err != nil {
				var pe *csv.ParseError
				if !errors.As(err, &pe) {
					stopped = fmt.Errorf("read the CSV input: %w", err)
					return
				}
				row, last, refused = pe.StartLine, pe.Line, quoteFault(pe, cols, len(rec))
			} else {
				row, _ = cr.FieldPos(0)
				if blankRecord(rec) {
					continue
				}
			}
			tooLong(lim.skippedBefore(row))
			if refused != nil && docColumnAt >= len(rec) {
				// The record's document_number was not read.
				unplaced = append(unplaced, csvFault{row, refused})
				continue
			}
			var vals [numCSVInputs]string
			var stray []*levy.Error
			for i, c := range cols {
				if i >= len(rec) {
					break
				}
				v := strings.TrimSpace(rec[i])
				if c == unnamedColumn {
					if v != "" {
						stray = append(stray, unnamed(row, i+1, v))
					}
					continue
				}
				vals[c] = v
			}
			number := vals[inDocumentNumber]
			next := cur == nil || number == "" || number != cur.number
			if cur != nil {
				cur.faults = append(cur.faults, unplaced...)
			}
			if next && !flush() {
				return
			}
			if cur == nil {
				cur = &csvGroup{first: row, number: number, head: vals, present: named, headless: refused != nil}
				cur.faults = append(cur.faults, unplaced...)
				if before, ok := answered[number]; ok {
					cur.again(row, before)
				}
			}
			unplaced = nil
			if refused != nil {
				cur.refuse(row, last, refused)
				continue
			}
			cur.add(row, vals)
			for _, e := range stray {
				cur.faults = append(cur.faults, csvFault{row, e})
			}
			if len(rec) != len(cols) {
				cur.fault(row, "", "has %d values where the header names %d columns", len(rec), len(cols))
			}
		}
		tooLong(lim.skippedBefore(math.MaxInt))
		if cur == nil && len(unplaced) > 0 {
			// Skipped or refused records and no document: they make one
			// document that failed.
			slices.SortStableFunc(unplaced, func(a, b csvFault) int { return a.row - b.row })
			d := csvDocument{N: n + 1, FirstRow: unplaced[0].row, LastRow: unplaced[len(unplaced)-1].row, perspective: p}
			errs := make(levy.Errors, len(unplaced))
			for i, f := range unplaced {
				errs[i] = f.err
			}
			d.Err = errs
			yield(d)
			return
		}
		if cur != nil {
			cur.faults = append(cur.faults, unplaced...)
		}
		flush()
	}
	return seq, func() error { return stopped }
}

// withoutBOM returns a reader of r's input without the UTF-8 byte order
// mark it may begin with, before the CSV reader sees it: a header whose
// first name is quoted after the mark ("\ufeff\"document_number\",...", as
// PowerShell's Export-Csv and other tools write it) was refused whole for
// a bare quote, the mark being read as the start of an unquoted value. It
// reads up to the mark's 3 bytes, stopping at a newline; an error of r is
// left to the reader returned.
func withoutBOM(r io.Reader) io.Reader {
	const mark = "\ufeff"
	var head [len(mark)]byte
	n := readFirstLine(r, head[:])
	if string(head[:n]) == mark {
		return r
	}
	return io.MultiReader(bytes.NewReader(head[:n]), r)
}

// separatedBy names the separator of a header read as one cell whose
// first name, before a semicolon or a tab, is a column of the layout
// (byName): "semicolons" or "tabs"; "" for any other header. Such a
// header was refused as one column of that whole text, and no word of
// its separator.
func separatedBy(header []string, byName map[string]int) string {
	if len(header) != 1 {
		return ""
	}
	for _, sep := range [...]struct{ char, name string }{{";", "semicolons"}, {"\t", "tabs"}} {
		first, _, found := strings.Cut(header[0], sep.char)
		if _, known := byName[strings.ToLower(strings.Trim(strings.TrimSpace(first), `"`))]; found && known {
			return sep.name
		}
	}
	return ""
}

// unnamedColumn is the input of a CSV column whose header is blank.
const unnamedColumn = -1

// unnamed is the fault of a row that has a value in a column whose header
// is blank (the column's position, from 1), which no input reads: the
// row's document fails rather than calculated without the value.
func unnamed(row, column int, value string) *levy.Error {
	return levy.Invalid(csvTarget(row, ""), "has the value %q in column %d, whose header is blank: name the column or leave it empty", jsonbody.Clip(value), column)
}

// csvHeader reads the header of a perspective's input, found at row: the
// input column of each CSV column (unnamedColumn for a blank header). Its
// error joins one *levy.Error per fault, so that its message lists them
// all.
func csvHeader(header []string, row, p int) ([]int, error) {
	if len(header) > 0 {
		header[0] = strings.TrimPrefix(header[0], "\ufeff") // a spreadsheet's byte order mark
	}
	byName := make(map[string]int, numCSVInputs)
	for i, c := range csvInputs {
		if c.paths[p] != "" {
			byName[c.name] = i
		}
	}
	if blankRecord(header) {
		return nil, levy.Invalid(csvTarget(row, ""), "is blank: the CSV input needs a header row naming its columns")
	}
	if sep := separatedBy(header, byName); sep != "" {
		return nil, levy.Invalid(csvTarget(row, ""), "names its columns separated by %s, not commas (as a spreadsheet saves \"CSV\" where a comma is the decimal mark): save the file as CSV with commas between the values and points for decimals", sep)
	}
	var errs []error
	cols := make([]int, len(header))
	seen := map[int]bool{}
	for i, h := range header {
		name := strings.ToLower(strings.TrimSpace(h))
		c, ok := byName[name]
		switch {
		case name == "":
			// A column without a name, such as the empty columns a
			// spreadsheet leaves after the last one used: no input
			// reads it, and a row with a value in it fails (unnamed).
			cols[i] = unnamedColumn
		case !ok:
			errs = append(errs, levy.Invalid(csvTarget(row, h), "is not a column of the %s layout (see levy batch --help)", perspectiveName(p)))
		case seen[c]:
			errs = append(errs, levy.Invalid(csvTarget(row, h), "appears twice in the header"))
		default:
			seen[c], cols[i] = true, c
		}
	}
	for i, c := range csvInputs {
		if c.required && !seen[i] {
			errs = append(errs, levy.Invalid(csvTarget(row, c.name), "is required and missing from the header"))
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return cols, nil
}

// perspectiveName is the name of a perspective's index.
func perspectiveName(p int) string { return [...]string{"sale", "purchase", "owner"}[p] }

// blankRecord reports whether every value of a record is empty.
func blankRecord(rec []string) bool {
	for _, v := range rec {
		if strings.TrimSpace(v) != "" {
			return false
		}
	}
	return true
}

// csvGroup gathers the rows of one document as they are read. The
// goroutine that reads the input owns it: it is not safe for concurrent
// use.
type csvGroup struct {
	first, last int
	number      string
	head        [numCSVInputs]string // the first row's values
	present     []int                // the columns of the header
	lines       []csvLine
	faults      []csvFault
	tooMany     bool
	// headless says the group began with a refused row (see refuse): head
	// holds what was read of it until a row is added.
	headless bool
}

// csvFault is an error about a row of the input.
type csvFault struct {
	row int
	err *levy.Error
}

// csvLine is one row of a document.
type csvLine struct {
	row  int
	vals [numCSVInputs]string
}

// fault records an error about a row and a column (name, or "").
func (g *csvGroup) fault(row int, column string, format string, args ...any) {
	g.faults = append(g.faults, csvFault{row, levy.Invalid(csvTarget(row, column), format, args...)})
}

// errs lists the faults in the order of their rows.
func (g *csvGroup) errs() levy.Errors {
	slices.SortStableFunc(g.faults, func(a, b csvFault) int { return a.row - b.row })
	errs := make(levy.Errors, len(g.faults))
	for i, f := range g.faults {
		errs[i] = f.err
	}
	return errs
}

// add takes a row of the document: its document columns must agree with
// the first row's, and the lines are bounded as the engine bounds them.
func (g *csvGroup) add(row int, vals [numCSVInputs]string) {
	g.last = row
	if g.headless {
		g.head, g.headless = vals, false
	}
	for _, c := range g.present {
		if csvInputs[c].doc && vals[c] != g.head[c] {
			g.fault(row, csvInputs[c].name, "is %q where the document's first row (row %d) has %q: a document's rows must agree on it",
				vals[c], g.first, g.head[c])
		}
	}
	if len(g.lines) == wire.MaxLines {
		if !g.tooMany {
			g.tooMany = true
			g.fault(row, "", "makes the document longer than %d line items", wire.MaxLines)
		}
		return
	}
	g.lines = append(g.lines, csvLine{row, vals})
}

// rowSpan is the first and last rows of a document.
type rowSpan struct{ first, last int }

// again fails the group, begun at row, whose document_number a document
// before it had, at rows before: the rows of a document are consecutive
// (a file sorted by another column may split them), and this document,
// which the input may give only part of, is not calculated, while the
// earlier one was calculated with its rows alone.
func (g *csvGroup) again(row int, before rowSpan) {
	g.fault(row, "document_number", "is %q, a document that rows %d-%d gave before other documents: a document's rows must be consecutive, so these rows are not calculated, and rows %d-%d were answered as the whole document; sort the input by document_number",
		g.number, before.first, before.last, before.first, before.last)
}

// refuse takes a record of the document that could not be read (see
// quoteFault), from row to last: the document fails with err, and none
// of the record's values is used.
func (g *csvGroup) refuse(row, last int, err *levy.Error) {
	g.last = last
	g.faults = append(g.faults, csvFault{row, err})
}

// quoteFault is the error of a record that csv.Reader refused for its
// double quotes (pe), at the record's first row and the column it was
// reading: the column of cols (the header's) after the values of the
// record read before the fault. The record is refused whole rather than
// read with csv.Reader.LazyQuotes, which keeps a stray quote as text
// but also runs a quoted value followed by more text ("3/4" x 12) on
// into the rows after it, joining them silently into one value.
func quoteFault(pe *csv.ParseError, cols []int, read int) *levy.Error {
	column := ""
	if read < len(cols) && cols[read] != unnamedColumn {
		column = csvInputs[cols[read]].name
	}
	what := "has a double quote inside a value that does not begin with one"
	if errors.Is(pe.Err, csv.ErrQuote) {
		what = "has a quoted value that is not closed, or whose closing quote is followed by more text"
	}
	unread := "the row was not read"
	if pe.Line > pe.StartLine {
		unread = fmt.Sprintf("rows %d-%d were read as one record and not used", pe.StartLine, pe.Line)
	}
	return levy.Invalid(csvTarget(pe.StartLine, column), "%s (line %d, byte %d): %s; write such a value in double quotes with each of its own quotes doubled (\"12\"\" pipe\")",
		what, pe.Line, pe.Column, unread)
}

// document turns the group into the n-th document of the input.
func (g *csvGroup) document(n, p int) csvDocument {
	d := csvDocument{N: n, FirstRow: g.first, LastRow: g.last, Number: g.number,
		TransactionID: g.head[inTransactionID], Currency: g.head[inCurrency], perspective: p}
	if g.number == "" {
		g.fault(g.first, "document_number", "is required")
	}
	if g.headless {
		// No row of the document was read: its values say nothing.
		d.Err = g.errs()
		return d
	}
	var req any
	switch p {
	case csvSale:
		req = g.sale()
	case csvPurchase:
		req = g.purchase()
	default:
		req = g.owner()
	}
	if len(g.faults) > 0 {
		d.Err = g.errs()
		return d
	}
	body, err := json.Marshal(req)
	if err != nil {
		d.Err = levy.Errors{levy.Invalid(csvTarget(g.first, ""), "the document does not make a request body: %v", err)}
		return d
	}
	d.Body = body
	d.lineRows = make([]int, len(g.lines))
	for i, l := range g.lines {
		d.lineRows[i] = l.row
	}
	return d
}

// csvHead is what the document columns say, read once from the first
// row; the parties are left to each perspective.
type csvHead struct {
	date        civil.Date
	messageType string
	txType      wire.TransactionType
	currency    *wire.Currency
	origin      *wire.Location
	dest        *wire.Location
	// exempt says the customer, buyer or owner claims an exemption, with
	// a certificate or a reason code.
	exempt      bool
	certificate *wire.ExemptionCertificate
}

// readHead reads the document columns that every perspective shares.
func (g *csvGroup) readHead(defaultType wire.TransactionType) csvHead {
	v := &g.head
	h := csvHead{messageType: strings.ToUpper(v[inMessageType]), txType: defaultType}
	if v[inDocumentDate] == "" {
		g.fault(g.first, "document_date", "is required")
	} else if d, err := civil.Parse(v[inDocumentDate]); err != nil {
		var day *civil.NoSuchDayError
		if errors.As(err, &day) {
			g.fault(g.first, "document_date", "is %q, not a day of the calendar: %s", v[inDocumentDate], day.Reason)
		} else {
			g.fault(g.first, "document_date", "is %q, not a date of the form YYYY-MM-DD", v[inDocumentDate])
		}
	} else {
		h.date = d
	}
	if h.messageType == "" {
		g.fault(g.first, "message_type", "is required")
	}
	if t := v[inTransactionType]; t != "" {
		h.txType = wire.TransactionType(strings.ToUpper(t))
	}
	cur := strings.ToUpper(v[inCurrency])
	if cur == "" {
		cur = "USD"
	}
	h.currency = &wire.Currency{ISOCurrencyCodeAlpha: cur}
	h.origin = location(v[inOriginStreet], v[inOriginCity], v[inOriginRegion], v[inOriginPostalCode], v[inOriginCountry])
	h.dest = location(v[inDestStreet], v[inDestCity], v[inDestRegion], v[inDestPostalCode], v[inDestCountry])
	if c := v[inExemptionCertificate]; c != "" {
		h.certificate = &wire.ExemptionCertificate{ExemptionCertificateNumber: c}
	}
	h.exempt = h.certificate != nil || v[inExemptionReason] != ""
	return h
}

// location is the address of five columns, nil when they are all empty.
func location(street, city, region, postal, country string) *wire.Location {
	if street == "" && city == "" && region == "" && postal == "" && country == "" {
		return nil
	}
	return &wire.Location{StreetAddress1: street, City: city, MainDivision: region, PostalCode: postal, Country: country}
}

// registrations is a party's tax registration number, registered in the
// country of its address.
func registrations(number string, at *wire.Location) []wire.TaxRegistration {
	if number == "" {
		return nil
	}
	r := wire.TaxRegistration{TaxRegistrationNumber: number}
	if at != nil {
		r.ISOCountryCode = at.Country
	}
	return []wire.TaxRegistration{r}
}

// csvAmounts are the line columns that every perspective shares.
type csvAmounts struct {
	number        *int64
	id            string
	class, code   string
	description   string
	quantity      *wire.Measure
	unit, ext     *money.Amount
	charged, cost *money.Amount
}

// readLine reads the line columns of a row. needPrice says the line must
// have a unit or an extended price (a sale or a purchase line).
func (g *csvGroup) readLine(l *csvLine, needPrice bool) csvAmounts {
	v := &l.vals
	a := csvAmounts{id: v[inLineID], class: v[inProductClass], code: v[inProductCode], description: v[inDescription]}
	if s := v[inLineNumber]; s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n < 0 {
			g.fault(l.row, "line_number", "is %q, not a whole number of at least 0", s)
		}
		a.number = &n
	}
	if q := g.amount(l, inQuantity); q != nil {
		a.quantity = &wire.Measure{Value: q}
	}
	a.unit, a.ext = g.amount(l, inUnitPrice), g.amount(l, inExtendedPrice)
	a.charged, a.cost = g.amount(l, inChargedTax), g.amount(l, inCost)
	switch {
	case v[inUnitPrice] != "" && v[inExtendedPrice] != "":
		g.fault(l.row, "extended_price", "is given with unit_price: a line has one or the other")
	case needPrice && v[inUnitPrice] == "" && v[inExtendedPrice] == "":
		g.fault(l.row, "extended_price", "is required when there is no unit_price")
	case !needPrice && v[inUnitPrice] == "" && v[inExtendedPrice] == "" && v[inCost] == "":
		g.fault(l.row, "cost", "is required when there is neither unit_price nor extended_price")
	}
	return a
}

// amount reads a decimal column of a row; nil when it is empty or bad.
func (g *csvGroup) amount(l *csvLine, c int) *money.Amount {
	s := l.vals[c]
	if s == "" {
		return nil
	}
	a, err := money.Parse(s)
	if err != nil {
		g.fault(l.row, csvInputs[c].name, "is %q, not a decimal number such as 12.50", s)
		return nil
	}
	return &a
}

// sale builds the sale request of the group.
func (g *csvGroup) sale() *wire.SaleRequest {
	h, v := g.readHead(wire.TransactionTypeSale), &g.head
	req := &wire.SaleRequest{SaleMessageType: wire.SaleMessageType(h.messageType), TransactionType: h.txType,
		DocumentDate: h.date, TransactionID: v[inTransactionID], DocumentNumber: g.number, Currency: h.currency,
		Seller: &wire.Seller{Company: v[inCompany], PhysicalOrigin: h.origin, TaxRegistrations: registrations(v[inSellerTaxID], h.origin)},
		Customer: &wire.Customer{Destination: h.dest, TaxRegistrations: registrations(v[inCustomerTaxID], h.dest),
			IsTaxExempt: h.exempt, ExemptionCertificate: h.certificate, ExemptionReasonCode: v[inExemptionReason]}}
	if v[inCustomerCode] != "" || v[inCustomerClass] != "" {
		req.Customer.CustomerCode = &wire.CustomerCode{Value: v[inCustomerCode], ClassCode: v[inCustomerClass]}
	}
	switch m := strings.ToLower(v[inMarketplace]); m {
	case "", "false", "no", "0":
	case "true", "yes", "1":
		req.MarketplaceFacilitated = true
	default:
		g.fault(g.first, "marketplace", "is %q, not true or false (a sale through a marketplace facilitator)", v[inMarketplace])
	}
	req.LineItems = csvLines(g, true, func(a csvAmounts) wire.SaleLineItem {
		li := wire.SaleLineItem{LineItemNumber: a.number, LineItemID: a.id, LineItemDescription: a.description, Quantity: a.quantity,
			UnitPrice: a.unit, ExtendedPrice: a.ext}
		if a.class != "" || a.code != "" {
			li.Product = &wire.Product{ProductClass: a.class, Value: a.code}
		}
		return li
	})
	return req
}

// purchase builds the purchase request of the group.
func (g *csvGroup) purchase() *wire.PurchaseRequest {
	h, v := g.readHead(wire.TransactionTypePurchase), &g.head
	req := &wire.PurchaseRequest{PurchaseMessageType: wire.PurchaseMessageType(h.messageType), TransactionType: h.txType,
		DocumentDate: h.date, TransactionID: v[inTransactionID], DocumentNumber: g.number, Currency: h.currency,
		Vendor: &wire.Vendor{PhysicalOrigin: h.origin, TaxRegistrations: registrations(v[inVendorTaxID], h.origin)},
		Buyer: &wire.Buyer{Company: v[inCompany], Destination: h.dest, TaxRegistrations: registrations(v[inBuyerTaxID], h.dest),
			IsTaxExempt: h.exempt, ExemptionCertificate: h.certificate, ExemptionReasonCode: v[inExemptionReason]}}
	if v[inVendorCode] != "" || v[inVendorClass] != "" {
		req.Vendor.VendorCode = &wire.VendorCode{Value: v[inVendorCode], ClassCode: v[inVendorClass]}
	}
	req.LineItems = csvLines(g, true, func(a csvAmounts) wire.PurchaseLineItem {
		return wire.PurchaseLineItem{LineItemNumber: a.number, LineItemID: a.id, LineItemDescription: a.description, Purchase: a.purchase(),
			Quantity: a.quantity, UnitPrice: a.unit, ExtendedPrice: a.ext, ChargedTax: a.charged}
	})
	return req
}

// owner builds the owner request of the group.
func (g *csvGroup) owner() *wire.OwnerRequest {
	h, v := g.readHead(""), &g.head
	req := &wire.OwnerRequest{OwnerMessageType: wire.OwnerMessageType(h.messageType), DocumentDate: h.date,
		TransactionID: v[inTransactionID], DocumentNumber: g.number, Currency: h.currency,
		Owner: &wire.Owner{Company: v[inCompany], PhysicalOrigin: h.origin, Destination: h.dest,
			IsTaxExempt: h.exempt, ExemptionReasonCode: v[inExemptionReason]}}
	req.LineItems = csvLines(g, false, func(a csvAmounts) wire.OwnerLineItem {
		return wire.OwnerLineItem{LineItemNumber: a.number, LineItemID: a.id, LineItemDescription: a.description, Purchase: a.purchase(),
			Quantity: a.quantity, UnitPrice: a.unit, ExtendedPrice: a.ext, Cost: a.cost}
	})
	return req
}

// csvLines reads the line columns of each row of a group and makes the
// line items of a perspective with mk. needPrice is as for readLine.
func csvLines[L any](g *csvGroup, needPrice bool, mk func(csvAmounts) L) []L {
	out := make([]L, len(g.lines))
	for i := range g.lines {
		out[i] = mk(g.readLine(&g.lines[i], needPrice))
	}
	return out
}

// purchase is what a purchase or owner line buys or moves, nil without
// a class or a code.
func (a *csvAmounts) purchase() *wire.Purchase {
	if a.class == "" && a.code == "" {
		return nil
	}
	return &wire.Purchase{PurchaseClass: a.class, Value: a.code}
}

// The output columns, as indexes of csvOutputColumns.
const (
	outRecord = iota
	outDocumentNumber
	outTransactionID
	outLineNumber
	outProductClass
	outJurisdictionType
	outJurisdictionID
	outJurisdictionCode
	outJurisdictionName
	outImposition
	outImpositionType
	outTaxResult
	outRate
	outTaxable
	outNonTaxable
	outExempt
	outTax
	outReasonCode
	outRuleID
	outCurrency
	outSubtotal
	outTotalTax
	outTotal
	outStatus
	outRow
	outColumn
	outCode
	outMessage
	outConfidence
	outAddressStatuses
	outAssisted
	outCertificate
	outWithholding
	numCSVOutputs
)

// csvOutputColumns is the header of the CSV output.
var csvOutputColumns = [numCSVOutputs]string{
	"record", "document_number", "transaction_id", "line_number", "product_class",
	"jurisdiction_type", "jurisdiction_id", "jurisdiction_code", "jurisdiction_name", "imposition", "imposition_type",
	"tax_result", "rate", "taxable", "nontaxable", "exempt", "tax", "reason_code", "rule_id",
	"currency", "subtotal", "total_tax", "total", "status", "row", "column", "code", "message",
	"address_confidence", "address_statuses", "assisted_parameters", "certificate_number",
	"withholding_type",
}

// csvOutputNumbers are the output columns that hold numbers; every other
// column holds text, which csvout neutralises where a spreadsheet program
// would read it as a formula.
var csvOutputNumbers = []int{outLineNumber, outRate, outTaxable, outNonTaxable, outExempt, outTax,
	outSubtotal, outTotalTax, outTotal, outConfidence}

// csvOutputHeader returns the header row of the CSV output, with its
// newline.
func csvOutputHeader() []byte {
	out := newCSVRows()
	out.w.Write(csvOutputColumns[:]) // into memory: it cannot fail
	return out.bytes()
}

// csvLineOut is a line item of a response as the output shows it.
type csvLineOut struct {
	number   *int64
	class    string
	taxes    []wire.Tax
	assisted []wire.AssistedParameter
}

// csvTotals are the document's figures of a response.
type csvTotals struct {
	transactionID             string
	currency                  string
	subtotal, totalTax, total money.Amount
	lines                     int // the top-level line items
	// confidence and statuses are what the lookups of the document's
	// addresses found (lookupsOf).
	confidence, statuses string
}

// flattenLines lists the line items of a response, each followed by its
// child lines, with what get reads from each: its number, its class,
// its taxes and its children.
func flattenLines[L any](lines []L, get func(*L) (*int64, string, []wire.Tax, []wire.AssistedParameter, []L), out []csvLineOut) []csvLineOut {
	for i := range lines {
		n, class, taxes, assisted, children := get(&lines[i])
		out = append(out, csvLineOut{number: n, class: class, taxes: taxes, assisted: assisted})
		out = flattenLines(children, get, out)
	}
	return out
}

// csvSaleRows returns the output rows of a sale document: one per line
// item and jurisdiction, then the total row, each with its newline, and
// the document's figures.
func csvSaleRows(d *csvDocument, r *wire.SaleResponse) ([]byte, csvTotals) {
	lines := flattenLines(r.LineItems, func(l *wire.SaleResponseLineItem) (*int64, string, []wire.Tax, []wire.AssistedParameter, []wire.SaleResponseLineItem) {
		class := ""
		if l.Product != nil {
			class = l.Product.ProductClass
		}
		return l.LineItemNumber, class, l.Taxes, l.AssistedParameters, l.LineItems
	}, nil)
	t := csvTotals{transactionID: r.TransactionID, currency: currencyOf(r.Currency), subtotal: r.SubTotal, totalTax: r.TotalTax,
		total: r.Total, lines: len(r.LineItems)}
	t.confidence, t.statuses = lookupsOf(r)
	return csvTaxRows(d, lines, t), t
}

// csvPurchaseRows returns the output rows of a purchase document.
func csvPurchaseRows(d *csvDocument, r *wire.PurchaseResponse) ([]byte, csvTotals) {
	lines := flattenLines(r.LineItems, func(l *wire.PurchaseResponseLineItem) (*int64, string, []wire.Tax, []wire.AssistedParameter, []wire.PurchaseResponseLineItem) {
		return l.LineItemNumber, purchaseClass(l.Purchase), l.Taxes, l.AssistedParameters, l.LineItems
	}, nil)
	t := csvTotals{transactionID: r.TransactionID, currency: currencyOf(r.Currency), subtotal: r.SubTotal, totalTax: r.TotalTax,
		total: r.Total, lines: len(r.LineItems)}
	t.confidence, t.statuses = lookupsOf(r)
	return csvTaxRows(d, lines, t), t
}

// csvOwnerRows returns the output rows of an owner document.
func csvOwnerRows(d *csvDocument, r *wire.OwnerResponse) ([]byte, csvTotals) {
	lines := flattenLines(r.LineItems, func(l *wire.OwnerResponseLineItem) (*int64, string, []wire.Tax, []wire.AssistedParameter, []wire.OwnerResponseLineItem) {
		return l.LineItemNumber, purchaseClass(l.Purchase), l.Taxes, l.AssistedParameters, l.LineItems
	}, nil)
	t := csvTotals{transactionID: r.TransactionID, currency: currencyOf(r.Currency), subtotal: r.SubTotal, totalTax: r.TotalTax,
		total: r.Total, lines: len(r.LineItems)}
	t.confidence, t.statuses = lookupsOf(r)
	return csvTaxRows(d, lines, t), t
}

// purchaseClass is the class of a purchase or owner line.
func purchaseClass(p *wire.Purchase) string {
	if p == nil {
		return ""
	}
	return p.PurchaseClass
}

// csvRows writes records of the CSV output into memory, every cell
// through csvout; one goroutine writes one document's rows with it.
type csvRows struct {
	b bytes.Buffer
	w *csvout.Writer
}

func newCSVRows() *csvRows {
	r := &csvRows{}
	r.w = csvout.NewWriter(&r.b, csvOutputNumbers...)
	return r
}

// add writes a record; the buffer cannot fail.
func (r *csvRows) add(rec *[numCSVOutputs]string) { r.w.Write(rec[:]) }

// bytes returns the records written.
func (r *csvRows) bytes() []byte {
	r.w.Flush() // into memory: it cannot fail
	return r.b.Bytes()
}

// docRecord is a record of a document with its IDs.
func docRecord(kind, number, transactionID, currency string) [numCSVOutputs]string {
	var rec [numCSVOutputs]string
	rec[outRecord], rec[outDocumentNumber], rec[outTransactionID], rec[outCurrency] = kind, number, transactionID, currency
	return rec
}

// rowRange is the rows of a document, FIRST-LAST.
func rowRange(d *csvDocument) string {
	return strconv.Itoa(d.FirstRow) + "-" + strconv.Itoa(d.LastRow)
}

// csvTaxRows writes the tax rows of the lines and the total row.
func csvTaxRows(d *csvDocument, lines []csvLineOut, t csvTotals) []byte {
	out := newCSVRows()
	var allAssisted []string
	flagged := false // an assisted parameter that is more than an explanation
	for _, l := range lines {
		rec := docRecord("tax", d.Number, t.transactionID, t.currency)
		if l.number != nil {
			rec[outLineNumber] = strconv.FormatInt(*l.number, 10)
		}
		rec[outProductClass] = l.class
		rec[outConfidence], rec[outAddressStatuses] = t.confidence, t.statuses
		if a := assistedText(l.assisted); a != "" {
			rec[outAssisted] = a
			allAssisted = append(allAssisted, a)
		}
		for _, p := range l.assisted {
			flagged = flagged || !engine.Explains(p.RuleName)
		}
		if len(l.taxes) == 0 {
			rec[outTax] = "0"
			out.add(&rec)
			continue
		}
		for i := range l.taxes {
			taxRecord(&rec, &l.taxes[i])
			out.add(&rec)
		}
	}
	rec := docRecord("total", d.Number, t.transactionID, t.currency)
	rec[outSubtotal], rec[outTotalTax], rec[outTotal] = t.subtotal.String(), t.totalTax.String(), t.total.String()
	rec[outStatus], rec[outRow] = "ok", rowRange(d)
	rec[outConfidence], rec[outAddressStatuses], rec[outAssisted] = t.confidence, t.statuses, strings.Join(allAssisted, " | ")
	if t.statuses != "" || flagged {
		rec[outStatus] = "warning"
	}
	out.add(&rec)
	return out.bytes()
}

// taxRecord fills the tax columns of rec with x.
func taxRecord(rec *[numCSVOutputs]string, x *wire.Tax) {
	rec[outJurisdictionType], rec[outJurisdictionID], rec[outJurisdictionCode], rec[outJurisdictionName] = "", "", "", ""
	if j := x.Jurisdiction; j != nil {
		rec[outJurisdictionID] = j.JurisdictionID
		if j.JurisdictionType.Valid() {
			rec[outJurisdictionType] = j.JurisdictionType.String()
		}
		rec[outJurisdictionCode], rec[outJurisdictionName] = j.ExternalJurisdictionCode, j.Value
	}
	rec[outImposition], rec[outImpositionType], rec[outRuleID] = "", "", ""
	if x.Imposition != nil {
		rec[outImposition] = x.Imposition.Value
	}
	if x.ImpositionType != nil {
		rec[outImpositionType] = x.ImpositionType.Value
	}
	if x.CalculationRuleID != nil {
		rec[outRuleID] = x.CalculationRuleID.Value
	}
	rate := x.EffectiveRate
	if x.NominalRate != nil {
		rate = *x.NominalRate
	}
	rec[outTaxResult], rec[outRate], rec[outReasonCode] = string(x.TaxResult), rate.String(), x.ReasonCode
	rec[outCertificate], rec[outWithholding] = "", ""
	if x.CertificateNumber != nil {
		rec[outCertificate] = x.CertificateNumber.Value
	}
	if x.ImpositionType != nil {
		rec[outWithholding] = x.ImpositionType.WithholdingType
	}
	rec[outTaxable], rec[outNonTaxable], rec[outExempt], rec[outTax] = x.Taxable.String(), x.NonTaxable.String(), x.Exempt.String(), x.CalculatedTax.String()
}

// csvErrorRows returns the output rows of a document that failed: one
// error row per fault, placed at the row and column of the input where
// the fault can be placed, then the total row with status error. err is
// the document's own Err or what the engine answered for its body.
func csvErrorRows(d *csvDocument, err error) []byte {
	out := newCSVRows()
	for _, it := range errorItems(err) {
		rec := docRecord("error", d.Number, d.TransactionID, d.Currency)
		row, column, message := d.place(it.Target, it.Message)
		rec[outRow], rec[outColumn], rec[outCode], rec[outMessage] = strconv.Itoa(row), column, it.Code, message
		out.add(&rec)
	}
	rec := docRecord("total", d.Number, d.TransactionID, d.Currency)
	rec[outStatus], rec[outRow] = "error", rowRange(d)
	out.add(&rec)
	return out.bytes()
}

// linePath finds the line item a JSON path starts in.
var linePath = regexp.MustCompile(`^lineItems\[([0-9]+)\]`)

// place finds the input row and column of an error's target: a
// csvTarget as it is, the JSON path of a request member at the column
// that fills it (on the row of its line item, or the document's first
// row). A path that no column fills stays in the message.
func (d *csvDocument) place(target, message string) (int, string, string) {
	if m := csvTargetPattern.FindStringSubmatch(target); m != nil {
		row, _ := strconv.Atoi(m[1])
		return row, m[2], message
	}
	if target == "" {
		return d.FirstRow, "", message
	}
	row, path := d.FirstRow, target
	if m := linePath.FindStringSubmatch(target); m != nil {
		if i, err := strconv.Atoi(m[1]); err == nil && i < len(d.lineRows) {
			row = d.lineRows[i]
		}
		path = "lineItems[]" + target[len(m[0]):]
	}
	best := -1
	for i, c := range csvInputs {
		p := c.paths[d.perspective]
		if p == "" || (path != p && !strings.HasPrefix(path, p+".") && !strings.HasPrefix(path, p+"[")) {
			continue
		}
		if best < 0 || len(p) > len(csvInputs[best].paths[d.perspective]) {
			best = i
		}
	}
	if best < 0 {
		return row, "", target + ": " + message
	}
	return row, csvInputs[best].name, message
}

// csvCalculator returns the function that answers one document of a CSV
// input of a perspective: its body read as the API reads a body,
// calculated, and written as CSV rows. The result's out holds the rows,
// each ended by a newline but the last, as a batch output line is
// written.
func csvCalculator(e *engine.Engine, perspective string, j journal.Store) (func(context.Context, csvDocument) (result, error), error) {
	s, p, o := calculators(e, j)
	switch Perspective(perspective) {
	case Sale:
		return csvCalc(s, csvSaleRows), nil
	case Purchase:
		return csvCalc(p, csvPurchaseRows), nil
	case Owner:
		return csvCalc(o, csvOwnerRows), nil
	}
	return nil, unknownPerspective(perspective)
}

// csvCalc is csvCalculator for the request type Q and response type R of
// a perspective, whose rows are written by rows.
func csvCalc[Q, R any](calc func(context.Context, *Q) (*R, *journal.Transaction, error), rows func(*csvDocument, *R) ([]byte, csvTotals)) func(context.Context, csvDocument) (result, error) {
	return func(ctx context.Context, d csvDocument) (result, error) {
		if d.Err != nil {
			return result{out: trimNewline(csvErrorRows(&d, d.Err)), failed: true}, nil
		}
		req := new(Q)
		err := jsonbody.Decode(bytes.NewReader(d.Body), req, MaxLine)
		var resp *R
		var tx *journal.Transaction
		if err == nil {
			resp, tx, err = calc(ctx, req)
		}
		if err != nil {
			if ctx.Err() != nil {
				return result{}, ctx.Err()
			}
			if faulty(err) {
				return result{}, &FaultError{N: d.N, FirstRow: d.FirstRow, LastRow: d.LastRow, Err: err}
			}
			return result{out: trimNewline(csvErrorRows(&d, err)), failed: true}, nil
		}
		out, t := rows(&d, resp)
		r := result{out: trimNewline(out), tx: tx, lines: t.lines, currency: t.currency, tax: t.totalTax}
		if tx != nil {
			r.refuse = func(err error) result { return result{out: trimNewline(csvErrorRows(&d, err)), failed: true} }
		}
		return r, nil
	}
}

// csvFailed reports whether out, the rows of one document of a CSV
// output, are those of a document that failed: its total row has status
// error.
func csvFailed(out []byte) bool {
	cr := csv.NewReader(bytes.NewReader(out))
	cr.FieldsPerRecord = -1
	for {
		rec, err := cr.Read()
		if err != nil {
			return false
		}
		if rec[0] == "total" {
			return len(rec) > outStatus && rec[outStatus] == "error"
		}
	}
}

// trimNewline drops the newline that ends b.
func trimNewline(b []byte) []byte { return bytes.TrimSuffix(b, []byte("\n")) }

// countCSVDocuments reads a CSV output of levy batch, possibly cut short
// (by a crash), and returns how many documents it holds in full, that is
// its total rows, how many of them failed (a total row of status error),
// and the offset of the byte after the last one: the length to cut the
// file to before appending the next documents. With no document,
// goodBytes is the header's length, or 0 when the header is not complete
// either. The error reports an input that is not an output of levy
// batch, or damage before its end.
func countCSVDocuments(r io.Reader) (docs, failed int, goodBytes int64, err error) {
	tr := &tailReader{r: r}
	cr := csv.NewReader(tr)
	cr.FieldsPerRecord = -1
	// whole reports whether the record just read ended with its newline:
	// a record that ends where the input does may have been cut.
	whole := func() bool {
		off := cr.InputOffset()
		return off < tr.n || tr.last == '\n'
	}
	// cut reports whether a read error is the input's cut end: nothing
	// can be read after it.
	cut := func() bool {
		_, err := cr.Read()
		return errors.Is(err, io.EOF)
	}
	header, err := cr.Read()
	switch {
	case errors.Is(err, io.EOF):
		return 0, 0, 0, nil
	case err != nil:
		if tr.err == nil && cut() {
			return 0, 0, 0, nil
		}
		return 0, 0, 0, fmt.Errorf("read the CSV output's header: %w", err)
	case !whole():
		return 0, 0, 0, nil
	case strings.Join(header, ",") != strings.Join(csvOutputColumns[:], ","):
		return 0, 0, 0, errors.New("the file is not a CSV output of levy batch: its header differs")
	}
	goodBytes = cr.InputOffset()
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return docs, failed, goodBytes, nil
		}
		if err != nil {
			if tr.err == nil && cut() {
				return docs, failed, goodBytes, nil
			}
			return docs, failed, goodBytes, fmt.Errorf("read the CSV output after document %d: %w", docs, err)
		}
		if rec[0] == "total" && whole() {
			docs++
			if len(rec) > outStatus && rec[outStatus] == "error" {
				failed++
			}
			goodBytes = cr.InputOffset()
		}
	}
}

// tailReader counts the bytes read through it and keeps the last one,
// for the one goroutine that reads through it.
type tailReader struct {
	r    io.Reader
	n    int64
	last byte
	err  error // a read error other than io.EOF
}

func (t *tailReader) Read(p []byte) (int, error) {
	n, err := t.r.Read(p)
	if n > 0 {
		t.n += int64(n)
		t.last = p[n-1]
	}
	if err != nil && !errors.Is(err, io.EOF) {
		t.err = err
	}
	return n, err
}
