package ubl

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/shopspring/decimal"
)

// Parse reads a UBL 2.1 Invoice or CreditNote. It returns a *FormatError
// listing every format problem it finds (up to MaxProblems): input that is
// not well-formed XML, that has a DOCTYPE, that is not a UBL Invoice or
// CreditNote, a mandatory element that is missing or empty, or a value that
// is malformed. The caller bounds the size of data; Parse's time and memory
// are linear in it, and bounded whatever it is by MaxElements. A nil
// error means the document can go on to Check.
//
// Parse reads UBL only; Read reads either syntax.
func Parse(data []byte) (*Document, error) {
	root, p := readTree(data)
	if p != nil {
		return nil, &FormatError{Problems: []Problem{*p}}
	}
	return parseUBL(root)
}

// parseUBL reads the tree of a UBL Invoice or CreditNote.
func parseUBL(root *node) (*Document, error) {
	r := &reader{doc: &Document{Syntax: SyntaxUBL}}
	switch {
	case root.name.Local == KindInvoice && root.name.Space == NamespaceInvoice:
		r.doc.Kind = KindInvoice
	case root.name.Local == KindCreditNote && root.name.Space == NamespaceCreditNote:
		r.doc.Kind = KindCreditNote
	case root.name.Local == KindInvoice || root.name.Local == KindCreditNote:
		want := NamespaceInvoice
		if root.name.Local == KindCreditNote {
			want = NamespaceCreditNote
		}
		return nil, &FormatError{Problems: []Problem{{Code: "ROOT", Location: "/" + root.name.Local, Message: fmt.Sprintf(
			"the root element %s is in namespace %s, not %s", root.name.Local, quote(root.name.Space), want)}}}
	default:
		return nil, &FormatError{Problems: []Problem{{Code: "ROOT", Location: "/" + root.name.Local, Message: fmt.Sprintf(
			"the root element is %s, not a UBL 2.1 Invoice or CreditNote", qname(root.name.Space, root.name.Local))}}}
	}
	r.doc.tree = root
	r.read(root)
	if problems := r.c.result(); len(problems) > 0 {
		return nil, &FormatError{Problems: problems}
	}
	return r.doc, nil
}

// reader fills a Document from the tree and collects the format problems.
type reader struct {
	doc *Document
	c   collector
}

func (r *reader) add(code string, location string, format string, args ...any) {
	r.c.add(code, location, format, args...)
}

// one returns the first child of parent named space:local, or nil. A
// repetition is the rules' business (UBL-SR-*), not the reader's.
func (r *reader) one(parent *node, space, local string) *node {
	if parent == nil {
		return nil
	}
	for _, k := range parent.kids {
		if k.name.Local == local && k.name.Space == space {
			return k
		}
	}
	return nil
}

// all returns the children of parent named space:local.
func all(parent *node, space, local string) []*node {
	if parent == nil {
		return nil
	}
	var out []*node
	for _, k := range parent.kids {
		if k.name.Local == local && k.name.Space == space {
			out = append(out, k)
		}
	}
	return out
}

// require returns the child of parent named space:local, or nil. Whether
// it must be there is for the rules (BR-01 and the like) to say; what
// describes it is kept for the reader.
func (r *reader) require(parent *node, space, local, what string) *node {
	_ = what
	return r.one(parent, space, local)
}

// text returns the text of the child space:local of parent, or "" if it is
// absent. A repetition of it is reported.
func (r *reader) text(parent *node, space, local string) string {
	if n := r.one(parent, space, local); n != nil {
		return n.text
	}
	return ""
}

// requireText returns the text of a leaf element that EN 16931 makes
// mandatory, or "" when it is absent; the rules report its absence.
func (r *reader) requireText(parent *node, space, local, what string) (string, *node) {
	n := r.require(parent, space, local, what)
	if n == nil {
		return "", nil
	}
	return n.text, n
}

func (r *reader) read(root *node) {
	d := r.doc
	cbc, cac := NamespaceCBC, NamespaceCAC

	d.CustomizationID, _ = r.requireText(root, cbc, "CustomizationID", "BT-24, the specification identifier")
	d.ProfileID = r.text(root, cbc, "ProfileID")
	d.ID, _ = r.requireText(root, cbc, "ID", "BT-1, the invoice number")
	d.IssueDate = r.date(root, "IssueDate", "BT-2, the issue date", true)

	typeElement := "InvoiceTypeCode"
	if d.Kind == KindCreditNote {
		typeElement = "CreditNoteTypeCode"
	}
	d.TypeCode, _ = r.requireText(root, cbc, typeElement, "BT-3, the document type code")
	d.Currency, _ = r.requireText(root, cbc, "DocumentCurrencyCode", "BT-5, the invoice currency code")
	d.TaxCurrency = r.text(root, cbc, "TaxCurrencyCode")
	if d.Kind == KindCreditNote {
		// A UBL 2.1 credit note has its due date in the payment means.
		if pm := all(root, cac, "PaymentMeans"); len(pm) > 0 {
			d.DueDate = r.date(pm[0], "PaymentDueDate", "BT-9, the payment due date", false)
		}
	} else {
		d.DueDate = r.date(root, "DueDate", "BT-9, the payment due date", false)
	}
	d.BuyerReference = r.text(root, cbc, "BuyerReference")

	d.Supplier = r.party(root, "AccountingSupplierParty", "BG-4, the seller")
	d.Customer = r.party(root, "AccountingCustomerParty", "BG-7, the buyer")

	for _, a := range all(root, cac, "AllowanceCharge") {
		d.AllowanceCharges = append(d.AllowanceCharges, r.allowanceCharge(a, true))
	}

	r.taxTotals(root)

	if lmt := r.require(root, cac, "LegalMonetaryTotal", "BG-22, the document totals"); lmt != nil {
		t := &d.Totals
		t.LineExtensionAmount = r.amount(lmt, "LineExtensionAmount", "BT-106, the sum of line net amounts", true, "")
		t.TaxExclusiveAmount = r.amount(lmt, "TaxExclusiveAmount", "BT-109, the total without VAT", true, "")
		t.TaxInclusiveAmount = r.amount(lmt, "TaxInclusiveAmount", "BT-112, the total with VAT", true, "")
		t.AllowanceTotalAmount = r.amount(lmt, "AllowanceTotalAmount", "BT-107, the sum of allowances", false, "")
		t.ChargeTotalAmount = r.amount(lmt, "ChargeTotalAmount", "BT-108, the sum of charges", false, "")
		t.PrepaidAmount = r.amount(lmt, "PrepaidAmount", "BT-113, the paid amount", false, "")
		t.PayableRoundingAmount = r.amount(lmt, "PayableRoundingAmount", "BT-114, the rounding amount", false, "")
		t.PayableAmount = r.amount(lmt, "PayableAmount", "BT-115, the amount due", true, "")
	}

	for _, ln := range all(root, cac, d.lineElement()) {
		d.Lines = append(d.Lines, r.line(ln))
	}

	r.otherAmounts(root)
}

// date reads a date element of the cbc namespace. Its form is for the
// rules to check (PEPPOL-EN16931-F001, or FORMAT for other documents).
func (r *reader) date(parent *node, local, what string, required bool) string {
	_, _ = what, required
	return r.text(parent, NamespaceCBC, local)
}

// party reads AccountingSupplierParty or AccountingCustomerParty.
func (r *reader) party(root *node, local, what string) Party {
	cbc, cac := NamespaceCBC, NamespaceCAC
	var p Party
	wrapper := r.require(root, cac, local, what)
	party := r.require(wrapper, cac, "Party", what)
	if party == nil {
		return p
	}
	if n := r.one(party, cbc, "EndpointID"); n != nil {
		p.EndpointID = n.text
		s, _ := n.attr("schemeID")
		p.EndpointScheme = TrimXMLSpace(s)
	}
	if pn := all(party, cac, "PartyName"); len(pn) > 0 {
		p.TradingName = r.text(pn[0], cbc, "Name")
	}
	addr := r.require(party, cac, "PostalAddress", "the postal address, BG-5 or BG-8")
	country := r.require(addr, cac, "Country", "the country")
	p.CountryCode, _ = r.requireText(country, cbc, "IdentificationCode", "the country code, BT-40 or BT-55")
	for _, ts := range all(party, cac, "PartyTaxScheme") {
		if scheme := r.one(ts, cac, "TaxScheme"); scheme != nil && r.text(scheme, cbc, "ID") == "VAT" && p.VATID == "" {
			p.VATID = r.text(ts, cbc, "CompanyID")
		}
	}
	legal := r.require(party, cac, "PartyLegalEntity", "the legal entity")
	p.Name, _ = r.requireText(legal, cbc, "RegistrationName", "the legal name, BT-27 or BT-44")
	p.LegalID = r.text(legal, cbc, "CompanyID")
	return p
}

// allowanceCharge reads a cac:AllowanceCharge of the document or a line.
func (r *reader) allowanceCharge(n *node, documentLevel bool) AllowanceCharge {
	cbc, cac := NamespaceCBC, NamespaceCAC
	var a AllowanceCharge
	ind, _ := r.requireText(n, cbc, "ChargeIndicator", "true for a charge, false for an allowance")
	a.Charge = ind == "true" || ind == "1"
	a.ReasonCode = r.text(n, cbc, "AllowanceChargeReasonCode")
	if reasons := all(n, cbc, "AllowanceChargeReason"); len(reasons) > 0 {
		a.Reason = reasons[0].text
	}
	a.MultiplierFactor = r.number(n, "MultiplierFactorNumeric")
	a.Amount = r.amount(n, "Amount", "the allowance or charge amount", true, "")
	a.BaseAmount = r.amount(n, "BaseAmount", "the base amount", false, "")
	if documentLevel {
		if tc := r.one(n, cac, "TaxCategory"); tc != nil {
			a.TaxCategory = r.taxCategory(tc)
		}
	}
	return a
}

// taxCategory reads a cac:TaxCategory or cac:ClassifiedTaxCategory; the
// presence of its ID is up to the caller.
func (r *reader) taxCategory(n *node) TaxCategory {
	cbc, cac := NamespaceCBC, NamespaceCAC
	return TaxCategory{
		ID:                  r.text(n, cbc, "ID"),
		Percent:             r.number(n, "Percent"),
		ExemptionReasonCode: r.text(n, cbc, "TaxExemptionReasonCode"),
		ExemptionReason:     r.text(n, cbc, "TaxExemptionReason"),
		TaxScheme:           r.text(r.one(n, cac, "TaxScheme"), cbc, "ID"),
	}
}

// taxTotals reads the cac:TaxTotal elements.
func (r *reader) taxTotals(root *node) {
	cac := NamespaceCAC
	d := r.doc
	for _, tn := range all(root, cac, "TaxTotal") {
		var t TaxTotal
		t.TaxAmount = r.amount(tn, "TaxAmount", "BT-110, the invoice total VAT amount", true, "")
		for _, sn := range all(tn, cac, "TaxSubtotal") {
			var s TaxSubtotal
			s.TaxableAmount = r.amount(sn, "TaxableAmount", "BT-116, the VAT category taxable amount", false, "")
			s.TaxAmount = r.amount(sn, "TaxAmount", "BT-117, the VAT category tax amount", true, "")
			if tc := r.require(sn, cac, "TaxCategory", "the VAT category"); tc != nil {
				s.Category = r.taxCategory(tc)
			}
			t.Subtotals = append(t.Subtotals, s)
		}
		d.TaxTotals = append(d.TaxTotals, t)
	}
}

// line reads a cac:InvoiceLine or cac:CreditNoteLine.
func (r *reader) line(n *node) Line {
	cbc, cac := NamespaceCBC, NamespaceCAC
	d := r.doc
	var l Line
	l.ID, _ = r.requireText(n, cbc, "ID", "BT-126, the line identifier")
	l.Quantity = r.quantity(n, d.quantityElement(), "BT-129, the quantity", true)
	l.LineExtensionAmount = r.amount(n, "LineExtensionAmount", "BT-131, the line net amount", true, "")
	for _, a := range all(n, cac, "AllowanceCharge") {
		l.AllowanceCharges = append(l.AllowanceCharges, r.allowanceCharge(a, false))
	}
	item := r.require(n, cac, "Item", "BG-31, the item")
	l.ItemName, _ = r.requireText(item, cbc, "Name", "BT-153, the item name")
	if tc := r.require(item, cac, "ClassifiedTaxCategory", "BG-30, the line VAT information"); tc != nil {
		r.requireText(tc, cbc, "ID", "BT-151, the VAT category code")
		l.TaxCategory = r.taxCategory(tc)
	}
	price := r.require(n, cac, "Price", "BG-29, the price details")
	if price != nil {
		l.PriceAmount = r.amount(price, "PriceAmount", "BT-146, the item net price", true, "")
		l.BaseQuantity = r.quantity(price, "BaseQuantity", "BT-149, the price base quantity", false)
	}
	return l
}

// quantity reads a QuantityType element of the cbc namespace.
func (r *reader) quantity(parent *node, local, what string, required bool) Quantity {
	var n *node
	if required {
		n = r.require(parent, NamespaceCBC, local, what)
	} else {
		n = r.one(parent, NamespaceCBC, local)
	}
	if n == nil {
		return Quantity{}
	}
	q := Quantity{Present: true}
	q.UnitCode, _ = n.attr("unitCode")
	q.UnitCode = TrimXMLSpace(q.UnitCode)
	q.Value = r.value(n, what, required)
	return q
}

// number reads an optional decimal element of the cbc namespace, such as a
// percentage.
func (r *reader) number(parent *node, local string) Number {
	n := r.one(parent, NamespaceCBC, local)
	if n == nil {
		return Number{}
	}
	return Number{Value: r.value(n, "a number", false), Present: true}
}

// value parses the decimal text of n, reporting it if it is empty or not a
// plain decimal.
func (r *reader) value(n *node, what string, required bool) decimal.Decimal {
	name := qname(n.name.Space, n.name.Local)
	if n.text == "" {
		// Empty: the rules report it (PEPPOL-EN16931-R008, and those
		// that need the value).
		return decimal.Decimal{}
	}
	v, why := parseDecimal(n.text)
	if why != "" {
		r.add("FORMAT", n.path(), "%s %s is not a plain decimal number: it %s", name, quote(n.text), why)
	}
	return v
}

// amount reads an AmountType element of the cbc namespace under parent. Its
// currencyID must be the document currency, or alt when alt is not empty.
func (r *reader) amount(parent *node, local, what string, required bool, alt string) Amount {
	var n *node
	if required {
		n = r.require(parent, NamespaceCBC, local, what)
	} else {
		n = r.one(parent, NamespaceCBC, local)
	}
	if n == nil {
		return Amount{}
	}
	a := Amount{Present: true}
	a.Value = r.value(n, what, required)
	a.Currency = r.currency(n, alt)
	return a
}

// currency returns the currencyID attribute of the amount n and marks n
// as read. Which currencies are allowed is for the rules to say (BR-CL-03,
// PEPPOL-EN16931-R051).
func (r *reader) currency(n *node, alt string) string {
	_ = alt
	n.seen = true
	c, _ := n.attr("currencyID")
	return TrimXMLSpace(c)
}

// otherAmounts checks the amounts that Levy does not read, such as those of
// payment terms or price allowances: any element with a currencyID must
// hold a plain decimal.
func (r *reader) otherAmounts(root *node) {
	stack := []*node{root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if _, ok := n.attr("currencyID"); ok && !n.seen && len(n.kids) == 0 && n.name.Space == NamespaceCBC {
			r.value(n, "an amount", false)
			n.seen = true
		}
		for i := len(n.kids) - 1; i >= 0; i-- {
			stack = append(stack, n.kids[i])
		}
	}
}

// parseDecimal reads a plain decimal number, the lexical form of
// xs:decimal: an optional sign, digits and an optional fraction, with no
// exponent, separators or spaces, and at most MaxDigits digits. It keeps
// the scale: "10.50" has two decimals. When s is not such a number, it
// returns why, completing the sentence "it ...".
func parseDecimal(s string) (decimal.Decimal, string) {
	body := s
	neg := false
	if body != "" && (body[0] == '+' || body[0] == '-') {
		neg = body[0] == '-'
		body = body[1:]
	}
	var intPart, frac string
	if i := strings.IndexByte(body, '.'); i >= 0 {
		intPart, frac = body[:i], body[i+1:]
	} else {
		intPart = body
	}
	for _, part := range []string{intPart, frac} {
		for i := 0; i < len(part); i++ {
			switch c := part[i]; {
			case '0' <= c && c <= '9':
			case c == 'e' || c == 'E':
				return decimal.Decimal{}, "has an exponent; write it in plain form such as 1250.00"
			case c == ',' || c == '.' || c == '\'' || c == ' ' || c == '_':
				return decimal.Decimal{}, fmt.Sprintf("contains %q; use only digits and one '.' for the decimal point, no thousands separators", c)
			case c == '+' || c == '-':
				return decimal.Decimal{}, "has a sign that is not at its start"
			default:
				return decimal.Decimal{}, "contains characters other than digits, a sign and a decimal point"
			}
		}
	}
	digits := len(intPart) + len(frac)
	if digits == 0 {
		return decimal.Decimal{}, "has no digits"
	}
	if digits > MaxDigits {
		return decimal.Decimal{}, fmt.Sprintf("has %d digits, more than the %d allowed", digits, MaxDigits)
	}
	coef, ok := new(big.Int).SetString(intPart+frac, 10)
	if !ok {
		return decimal.Decimal{}, "is not a number"
	}
	if neg {
		coef.Neg(coef)
	}
	return decimal.NewFromBigInt(coef, -int32(len(frac))), ""
}

// isDigits reports whether s is between lo and hi ASCII digits.
func isDigits(s string, lo, hi int) bool {
	if len(s) < lo || len(s) > hi {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
