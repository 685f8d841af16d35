package ubl

import (
	"regexp"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/shopspring/decimal"
)

// peppolPrefix is the start every Peppol BIS Billing 3.0 CustomizationID
// has (PEPPOL-EN16931-R004).
const peppolPrefix = "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0"

// profileRE finds the process number of a Peppol ProfileID.
var profileRE = regexp.MustCompile(`urn:fdc:peppol\.eu:2017:poacc:billing:([0-9]{2}):1\.0`)

// countries are the countries of the parties as Peppol's rules decide
// them.
type countries struct {
	// supplier is the prefix of the seller's VAT identifier, else of the
	// tax representative's, else the seller's country code, else "XX".
	supplier string
	// customer is the prefix of the buyer's VAT identifier, else the
	// buyer's country code, else "XX".
	customer string
	// supplierAddress, customerAddress and taxRepAddress are the country
	// codes of the postal addresses, upper case.
	supplierAddress, customerAddress, taxRepAddress string
}

// vatPrefix returns the first two characters of the VAT identifier of a
// party (its first PartyTaxScheme whose scheme is written VAT), upper
// case, and whether there is one.
func vatPrefix(p *node) (string, bool) {
	var found *node
	p.each("cac:PartyTaxScheme", func(ts *node) {
		if found == nil && ts.getText("cac:TaxScheme/cbc:ID") == "VAT" && ts.has("cbc:CompanyID") {
			found = ts.get("cbc:CompanyID")
		}
	})
	if found == nil {
		return "", false
	}
	s := firstRunes(found.text, 2)
	return upperNorm(s), s != ""
}

func (e *eval) countries() countries {
	r := e.root
	seller := r.get("cac:AccountingSupplierParty/cac:Party")
	buyer := r.get("cac:AccountingCustomerParty/cac:Party")
	var c countries
	c.supplierAddress = upperNorm(seller.getText("cac:PostalAddress/cac:Country/cbc:IdentificationCode"))
	c.customerAddress = upperNorm(buyer.getText("cac:PostalAddress/cac:Country/cbc:IdentificationCode"))
	c.taxRepAddress = upperNorm(r.getText("cac:TaxRepresentativeParty/cac:PostalAddress/cac:Country/cbc:IdentificationCode"))
	switch p, ok := vatPrefix(seller); {
	case ok:
		c.supplier = p
	default:
		if p, ok := vatPrefix(r.get("cac:TaxRepresentativeParty")); ok {
			c.supplier = p
		} else if seller.has("cac:PostalAddress/cac:Country/cbc:IdentificationCode") {
			c.supplier = c.supplierAddress
		} else {
			c.supplier = "XX"
		}
	}
	if p, ok := vatPrefix(buyer); ok {
		c.customer = p
	} else if buyer.has("cac:PostalAddress/cac:Country/cbc:IdentificationCode") {
		c.customer = c.customerAddress
	} else {
		c.customer = "XX"
	}
	return c
}

// peppol applies the rules of Peppol BIS Billing 3.0: PEPPOL-EN16931-*
// and PEPPOL-COMMON-*.
func (e *eval) peppol() {
	r := e.root
	cc := e.countries()
	// R008: no empty elements, the root included.
	empty := func(n *node) {
		if len(n.kids) == 0 && n.value() == "" {
			e.fail("PEPPOL-EN16931-R008", n, "", "the element %s is empty; Peppol does not allow empty elements", n.display())
		}
	}
	empty(r)
	r.descendants(empty)
	if e.credit {
		c := 0
		r.each("cac:AdditionalDocumentReference", func(a *node) {
			if a.getText("cbc:DocumentTypeCode") == "50" {
				c++
			}
		})
		if c > 1 {
			e.fail("PEPPOL-EN16931-R080", r, "cac:AdditionalDocumentReference", "the credit note has %d project references (document type 50); Peppol allows one", c)
		}
	}
	if !r.has("cbc:ProfileID") {
		e.fail("PEPPOL-EN16931-R001", r, "cbc:ProfileID", "the business process cbc:ProfileID (BT-23) is missing")
	}
	profile := "Unknown"
	if m := profileRE.FindStringSubmatch(r.str("cbc:ProfileID")); m != nil && r.has("cbc:ProfileID") {
		profile = processNumber(r.str("cbc:ProfileID"))
	}
	if profile == "Unknown" {
		e.fail("PEPPOL-EN16931-R007", r, "cbc:ProfileID", "the business process %s is not of the form urn:fdc:peppol.eu:2017:poacc:billing:NN:1.0", quote(r.str("cbc:ProfileID")))
	}
	if r.count("cbc:Note") > 1 && !(cc.supplierAddress == "DE" && cc.customerAddress == "DE") {
		e.fail("PEPPOL-EN16931-R002", r, "cbc:Note", "the document has %d notes (BT-22); Peppol allows one", r.count("cbc:Note"))
	}
	if !r.has("cbc:BuyerReference") && !r.has("cac:OrderReference/cbc:ID") {
		e.fail("PEPPOL-EN16931-R003", r, "cbc:BuyerReference", "the document has neither a buyer reference (BT-10) nor a purchase order reference (BT-13)")
	}
	if !strings.HasPrefix(normalizeSpace(r.getText("cbc:CustomizationID")), peppolPrefix) {
		e.fail("PEPPOL-EN16931-R004", r, "cbc:CustomizationID", "the specification identifier %s does not start with %s", quote(r.str("cbc:CustomizationID")), peppolPrefix)
	}
	withSub, withoutSub := 0, 0
	r.each("cac:TaxTotal", func(t *node) {
		if t.has("cac:TaxSubtotal") {
			withSub++
		} else {
			withoutSub++
		}
	})
	if withSub != 1 {
		e.fail("PEPPOL-EN16931-R053", r, "cac:TaxTotal", "%d cac:TaxTotal have a VAT breakdown; Peppol requires exactly one", withSub)
	}
	wantWithout := 0
	if r.has("cbc:TaxCurrencyCode") {
		wantWithout = 1
	}
	if withoutSub != wantWithout {
		e.fail("PEPPOL-EN16931-R054", r, "cac:TaxTotal", "%d cac:TaxTotal have no VAT breakdown; Peppol requires %d (one for the VAT accounting currency when there is one)", withoutSub, wantWithout)
	}
	if tc := r.get("cbc:TaxCurrencyCode"); tc != nil {
		inTax, inDoc := r.taxAmountsIn(tc.value()), r.taxAmountsIn(r.str("cbc:DocumentCurrencyCode"))
		if !(anySign(inTax, -1) && anySign(inDoc, -1) || anySign(inTax, 1) && anySign(inDoc, 1)) {
			e.fail("PEPPOL-EN16931-R055", r, "cac:TaxTotal", "the total VAT in the document currency and in the VAT accounting currency must have the same sign")
		}
		if tc.value() == r.getText("cbc:DocumentCurrencyCode") {
			e.fail("PEPPOL-EN16931-R005", tc, "", "the VAT accounting currency %s is the document currency; leave it out", quote(tc.value()))
		}
	}
	r.each("cac:AccountingCustomerParty/cac:Party", func(p *node) {
		if !p.has("cbc:EndpointID") {
			e.fail("PEPPOL-EN16931-R010", p, "cbc:EndpointID", "the buyer's electronic address (BT-49) is missing")
		}
	})
	r.each("cac:AccountingSupplierParty/cac:Party", func(p *node) {
		if !p.has("cbc:EndpointID") {
			e.fail("PEPPOL-EN16931-R020", p, "cbc:EndpointID", "the seller's electronic address (BT-34) is missing")
		}
	})
	acs := r.list("cac:AllowanceCharge")
	r.each(e.line, func(ln *node) { acs = append(acs, ln.list("cac:AllowanceCharge")...) })
	for _, ac := range acs {
		mult, base := ac.has("cbc:MultiplierFactorNumeric"), ac.has("cbc:BaseAmount")
		switch {
		case mult && !base:
			e.fail("PEPPOL-EN16931-R041", ac, "cbc:BaseAmount", "an allowance or charge with a percentage has no base amount")
			continue
		case base && !mult:
			e.fail("PEPPOL-EN16931-R042", ac, "cbc:MultiplierFactorNumeric", "an allowance or charge with a base amount has no percentage")
			continue
		case mult && base:
			amount, _ := ac.dec("cbc:Amount")
			b, _ := ac.dec("cbc:BaseAmount")
			m, _ := ac.dec("cbc:MultiplierFactorNumeric")
			want := b.Mul(m).Div(hundred)
			if amount.Sub(want).Abs().Cmp(slack) > 0 {
				e.fail("PEPPOL-EN16931-R040", ac, "cbc:Amount", "the amount %s is not the base amount %s times the percentage %s (within 0.02)", fmtNum(amount), fmtNum(b), fmtPlain(m))
			}
		}
		if v := ac.str("cbc:ChargeIndicator"); v != "true" && v != "false" {
			e.fail("PEPPOL-EN16931-R043", ac, "cbc:ChargeIndicator", "the charge indicator %s must be true or false", quote(v))
		}
	}
	r.descendants(func(n *node) {
		switch {
		case n.is("cac:PaymentMeans"):
			if code := n.str("cbc:PaymentMeansCode"); (code == "49" || code == "59") && !n.has("cac:PaymentMandate/cbc:ID") {
				e.fail("PEPPOL-EN16931-R061", n, "cac:PaymentMandate/cbc:ID", "payment by direct debit (code %s) needs the mandate reference (BT-89)", code)
			}
		case n.name.Space == NamespaceCBC && peppolAmount(n):
			// As written: a document currency code with white space
			// around it matches no currencyID, as in Peppol's test.
			cur, _ := n.attr("currencyID")
			if dc := r.get("cbc:DocumentCurrencyCode"); cur != dc.rawText() {
				e.fail("PEPPOL-EN16931-R051", n, "", "the currencyID %s is not the document currency %s%s", quote(cur), quote(dc.rawText()), spaceNote(dc))
			}
		case n.is("cac:AllowanceCharge") && n.parent.is("cac:Price"):
			if n.str("cbc:ChargeIndicator") != "false" {
				e.fail("PEPPOL-EN16931-R044", n, "cbc:ChargeIndicator", "a price may have an allowance (the discount), not a charge")
			}
			if n.has("cbc:BaseAmount") {
				price, _ := n.parent.dec("cbc:PriceAmount")
				base, _ := n.dec("cbc:BaseAmount")
				amount, _ := n.dec("cbc:Amount")
				if !price.Equal(base.Sub(amount)) {
					e.fail("PEPPOL-EN16931-R046", n.parent, "cbc:PriceAmount", "the net price %s is not the gross price %s minus the discount %s", fmtNum(price), fmtNum(base), fmtNum(amount))
				}
			}
		}
	})
	start, hasStart := r.get("cac:InvoicePeriod/cbc:StartDate"), r.has("cac:InvoicePeriod/cbc:StartDate")
	end, hasEnd := r.get("cac:InvoicePeriod/cbc:EndDate"), r.has("cac:InvoicePeriod/cbc:EndDate")
	r.each(e.line, func(ln *node) {
		ln.each("cac:InvoicePeriod/cbc:StartDate", func(s *node) {
			if hasStart && s.text < start.text {
				e.fail("PEPPOL-EN16931-R110", s, "", "the line period starts (%s) before the invoicing period (%s)", s.text, start.text)
			}
		})
		ln.each("cac:InvoicePeriod/cbc:EndDate", func(s *node) {
			if hasEnd && s.text > end.text {
				e.fail("PEPPOL-EN16931-R111", s, "", "the line period ends (%s) after the invoicing period (%s)", s.text, end.text)
			}
		})
		e.peppolLine(ln)
	})
	e.participants()
	e.peppolCodeLists(profile, cc)
}

// processNumber returns the seventh ':'-separated part of a ProfileID.
func processNumber(s string) string {
	parts := strings.Split(s, ":")
	if len(parts) < 7 {
		return ""
	}
	return parts[6]
}

// taxAmountsIn returns the total VAT amounts (of the document's
// TaxTotals) in currency cur.
func (n *node) taxAmountsIn(cur string) []decimal.Decimal {
	var out []decimal.Decimal
	n.each("cac:TaxTotal/cbc:TaxAmount", func(a *node) {
		if c, _ := a.attr("currencyID"); c == cur {
			if v, ok := a.dec(""); ok {
				out = append(out, v)
			}
		}
	})
	return out
}

// anySign reports whether one of vs is <= 0 (sign -1) or >= 0 (sign 1).
func anySign(vs []decimal.Decimal, sign int) bool {
	for _, v := range vs {
		if sign < 0 && v.Sign() <= 0 || sign > 0 && v.Sign() >= 0 {
			return true
		}
	}
	return false
}

// peppolAmount reports whether n is one of the amounts whose currency
// PEPPOL-EN16931-R051 checks: every amount but the total VAT of a
// TaxTotal without breakdown (the one in the VAT accounting currency).
func peppolAmount(n *node) bool {
	switch n.name.Local {
	case "Amount", "BaseAmount", "PriceAmount", "TaxableAmount", "LineExtensionAmount", "TaxExclusiveAmount",
		"TaxInclusiveAmount", "AllowanceTotalAmount", "ChargeTotalAmount", "PrepaidAmount", "PayableRoundingAmount", "PayableAmount":
		return true
	case "TaxAmount":
		p := n.parent
		return p.is("cac:TaxSubtotal") || p.is("cac:TaxTotal") && p.has("cac:TaxSubtotal")
	}
	return false
}

// slack is the tolerance of PEPPOL-EN16931-R040 and R120.
var slack = decimal.New(2, -2)

// peppolLine applies the Peppol rules of a line.
func (e *eval) peppolLine(ln *node) {
	net, _ := ln.dec("cbc:LineExtensionAmount")
	qty := decimal.NewFromInt(1)
	if ln.has(e.qty) {
		qty, _ = ln.dec(e.qty)
	}
	price, _ := ln.dec("cac:Price/cbc:PriceAmount")
	base := decimal.NewFromInt(1)
	if b, ok := ln.dec("cac:Price/cbc:BaseQuantity"); ln.has("cac:Price/cbc:BaseQuantity") && !(ok && b.IsZero()) {
		base = b
	}
	var allowances, charges []*node
	ln.each("cac:AllowanceCharge", func(ac *node) {
		switch ac.str("cbc:ChargeIndicator") {
		case "true":
			charges = append(charges, ac)
		case "false":
			allowances = append(allowances, ac)
		}
	})
	al, ch := round2(sum(allowances, "cbc:Amount")), round2(sum(charges, "cbc:Amount"))
	// |net − (qty × price / base + ch − al)| ≤ 0.02, without dividing.
	lhs := net.Sub(ch).Add(al).Mul(base)
	rhs := qty.Mul(price)
	if !base.IsZero() && lhs.Sub(rhs).Abs().Cmp(slack.Mul(base.Abs())) > 0 {
		want := rhs.DivRound(base, 4).Add(ch).Sub(al)
		e.fail("PEPPOL-EN16931-R120", ln, "cbc:LineExtensionAmount", "the line net amount %s is not quantity × (price / base quantity) + charges − allowances = %s (within 0.02)", fmtNum(net), fmtCalc(want))
	}
	if b, ok := ln.dec("cac:Price/cbc:BaseQuantity"); ln.has("cac:Price/cbc:BaseQuantity") && !(ok && b.Sign() > 0) {
		e.fail("PEPPOL-EN16931-R121", ln, "cac:Price/cbc:BaseQuantity", "the price base quantity %s must be above zero", quote(ln.str("cac:Price/cbc:BaseQuantity")))
	}
	if c := ln.count("cac:DocumentReference"); c > 1 {
		e.fail("PEPPOL-EN16931-R100", ln, "cac:DocumentReference", "the line has %d document references; Peppol allows one", c)
	}
	if ln.has("cac:DocumentReference") && !anyRaw(ln, "cac:DocumentReference/cbc:DocumentTypeCode", "130") {
		e.fail("PEPPOL-EN16931-R101", ln, "cac:DocumentReference/cbc:DocumentTypeCode", "the line's document reference must have the type code 130 (invoiced object)")
	}
	ln.each("cac:Price/cbc:BaseQuantity", func(bq *node) {
		unit, ok := bq.attr("unitCode")
		q := ln.get(e.qty)
		if !ok || q == nil {
			return
		}
		if qu, _ := q.attr("unitCode"); qu != unit {
			e.fail("PEPPOL-EN16931-R130", bq, "", "the base quantity's unit %s differs from the quantity's %s", quote(unit), quote(qu))
		}
	})
}

// anyRaw reports whether an element path reaches from n has the text want.
func anyRaw(n *node, path, want string) bool {
	found := false
	n.each(path, func(k *node) { found = found || k.text == want })
	return found
}

// participants applies the PEPPOL-COMMON rules on identifiers: electronic
// addresses, party identifiers and company identifiers, by scheme.
func (e *eval) participants() {
	e.root.descendants(func(n *node) {
		endpoint := n.is("cbc:EndpointID")
		if !endpoint && !(n.is("cbc:ID") && n.parent.is("cac:PartyIdentification")) && !n.is("cbc:CompanyID") {
			return
		}
		scheme, ok := n.attr("schemeID")
		if !ok {
			return
		}
		// PEPPOL-COMMON-R042 measures the identifier as written, white
		// space included; the others normalize it.
		if code, reason := participantRule(scheme, n.value(), n.rawText(), endpoint); code != "" {
			e.fail(code, n, "", "%s", reason)
		}
	})
}

// peppolCodeLists applies Peppol's code list rules and the type codes of
// its process 01.
func (e *eval) peppolCodeLists(profile string, cc countries) {
	r := e.root
	r.descendants(func(n *node) {
		if n.name.Space != NamespaceCBC {
			return
		}
		p := n.parent
		v := n.value()
		switch local := n.name.Local; {
		case local == "EmbeddedDocumentBinaryObject":
			if m, ok := n.attr("mimeCode"); ok && !inList("PEPPOL:MIMECODE", m) {
				e.fail("PEPPOL-EN16931-CL001", n, "", "the attachment's mimeCode %s is not one Peppol allows", quote(m))
			}
		case local == "AllowanceChargeReasonCode" && p.is("cac:AllowanceCharge"):
			switch p.getText("cbc:ChargeIndicator") {
			case "false":
				if !inList("PEPPOL:UNCL5189", v) {
					e.fail("PEPPOL-EN16931-CL002", n, "", "the allowance reason code %s is not in UNCL 5189", quote(v))
				}
			case "true":
				if !inList("PEPPOL:UNCL7161", v) {
					e.fail("PEPPOL-EN16931-CL003", n, "", "the charge reason code %s is not in UNCL 7161", quote(v))
				}
			}
		case local == "DescriptionCode" && p.is("cac:InvoicePeriod"):
			if !inList("PEPPOL:UNCL2005", v) {
				e.fail("PEPPOL-EN16931-CL006", n, "", "the VAT point date code %s is not in UNCL 2005 as Peppol restricts it", quote(v))
			}
		case local == "Amount" || local == "BaseAmount" || local == "PriceAmount" || local == "TaxAmount" || local == "TaxableAmount" ||
			local == "LineExtensionAmount" || local == "TaxExclusiveAmount" || local == "TaxInclusiveAmount" || local == "AllowanceTotalAmount" ||
			local == "ChargeTotalAmount" || local == "PrepaidAmount" || local == "PayableRoundingAmount" || local == "PayableAmount":
			if c, _ := n.attr("currencyID"); !inList("PEPPOL:ISO4217", c) {
				e.fail("PEPPOL-EN16931-CL007", n, "", "the currencyID %s is not in ISO 4217", quote(c))
			}
		case local == "InvoiceTypeCode":
			if profile == "01" && !inList("PEPPOL-EN16931-P0100", v) {
				e.fail("PEPPOL-EN16931-P0100", n, "", "the invoice type code %s is not one Peppol BIS Billing 3.0 allows", quote(v))
			}
			if (v == "326" || v == "384") && !(cc.supplierAddress == "DE" && cc.customerAddress == "DE") {
				e.fail("PEPPOL-EN16931-P0112", n, "", "the invoice type code %s is allowed only between German parties", v)
			}
		case local == "CreditNoteTypeCode":
			if profile == "01" && !inList("PEPPOL-EN16931-P0101", v) {
				e.fail("PEPPOL-EN16931-P0101", n, "", "the credit note type code %s is not one Peppol BIS Billing 3.0 allows", quote(v))
			}
		case local == "IssueDate" || local == "DueDate" || local == "TaxPointDate" || local == "StartDate" || local == "EndDate" || local == "ActualDeliveryDate":
			// Peppol counts the characters as written
			// (string-length(text()) = 10): white space around the date
			// fails.
			if !validDate(n.rawText()) {
				e.fail("PEPPOL-EN16931-F001", n, "", "the date %s %s", quote(n.rawText()), dateFault(n.rawText()))
			}
		case local == "EndpointID":
			if s, ok := n.attr("schemeID"); ok && !inList("PEPPOL:eaid", s) {
				e.fail("PEPPOL-EN16931-CL008", n, "", "the electronic address scheme %s is not in Peppol's EAS list", quote(s))
			}
		case local == "TaxExemptionReasonCode" && p.is("cac:TaxCategory"):
			want := map[string]struct{ id, cat string }{
				"VATEX-EU-G": {"PEPPOL-EN16931-P0104", "G"}, "VATEX-EU-O": {"PEPPOL-EN16931-P0105", "O"},
				"VATEX-EU-IC": {"PEPPOL-EN16931-P0106", "K"}, "VATEX-EU-AE": {"PEPPOL-EN16931-P0107", "AE"},
				"VATEX-EU-D": {"PEPPOL-EN16931-P0108", "E"}, "VATEX-EU-F": {"PEPPOL-EN16931-P0109", "E"},
				"VATEX-EU-I": {"PEPPOL-EN16931-P0110", "E"}, "VATEX-EU-J": {"PEPPOL-EN16931-P0111", "E"},
			}[strings.ToUpper(n.text)]
			if want.id != "" && p.str("cbc:ID") != want.cat {
				e.fail(want.id, p, "cbc:ID", "the exemption reason code %s goes with VAT category %s, not %s", quote(n.text), want.cat, quote(p.str("cbc:ID")))
			}
		}
	})
}

// validDate reports whether s is a date of the form YYYY-MM-DD that
// exists.
func validDate(s string) bool { return dateFault(s) == "" }

// dateFault says what is wrong with s as a date of the form YYYY-MM-DD,
// after the date itself in a problem's message: that it is not of the
// form, or, of the form, that it is no day of the calendar and why
// ("is not a day of the calendar: February 2025 has 28 days"); "" for a
// date that exists.
func dateFault(s string) string {
	if !dateForm(s) {
		return "is not of the form YYYY-MM-DD"
	}
	return dayFault(atoi(s[:4]), atoi(s[5:7]), atoi(s[8:]))
}

// dateForm reports whether s has the form YYYY-MM-DD, in ASCII digits,
// whether or not it names a day.
func dateForm(s string) bool {
	return len(s) == 10 && s[4] == '-' && s[7] == '-' && allDigits(s[:4]) && allDigits(s[5:7]) && allDigits(s[8:])
}

// dayFault says why the year y, month m and day d, read from a date of
// the right form, name no day of the calendar, as dateFault words it
// ("is not a day of the calendar: there is no month 13"); "" for a day
// that exists. The date rules of both syntaxes share it (dateFault,
// schemaDateFault, date102Fault), so that an impossible day is told
// apart from a wrong form in the same words.
func dayFault(y, m, d int) string {
	if why := civil.DayFault(y, m, d); why != "" {
		return "is not a day of the calendar: " + why
	}
	return ""
}

func atoi(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		n = n*10 + int(s[i]-'0')
	}
	return n
}

// allDigits reports whether s is one or more ASCII digits.
func allDigits(s string) bool { return isDigits(s, 1, len(s)) }

// alnum reports whether s is ASCII letters and digits only.
func alnum(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			return false
		}
	}
	return true
}

// glnOK checks the GS1 check digit of a number of any length: the last
// digit, with the others weighted 3 and 1 from the right.
func glnOK(s string) bool {
	if len(s) < 1 {
		return false
	}
	body := s[:len(s)-1]
	sum := 0
	for i := 0; i < len(body); i++ {
		d := int(body[len(body)-1-i] - '0')
		if i%2 == 0 {
			d *= 3
		}
		sum += d
	}
	return (10-sum%10)%10 == int(s[len(s)-1]-'0')
}

// mod11OK checks a mod 11 check digit with weights 2 to 7 from the right,
// as Peppol checks Norwegian organisation numbers.
func mod11OK(s string) bool {
	body := s[:len(s)-1]
	sum, zero := 0, true
	for i := 0; i < len(body); i++ {
		sum += int(body[len(body)-1-i]-'0') * (i%6 + 2)
	}
	for i := 0; i < len(s); i++ {
		zero = zero && s[i] == '0'
	}
	return !zero && (11-sum%11)%11 == int(s[len(s)-1]-'0')
}

// swedishOK checks the Luhn check digit of a Swedish organisation number.
func swedishOK(s string) bool { return luhnCheck(s) == s[9:] }

// abnOK checks an Australian Business Number.
func abnOK(s string) bool {
	weights := [11]int{10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19}
	sum := 0
	for i, w := range weights {
		d := int(s[i] - '0')
		if i == 0 {
			d--
		}
		sum += d * w
	}
	return sum%89 == 0
}

// codiceFiscale checks the form of an Italian fiscal code: 16 characters
// (letters and digits where the code has them) or 11 digits.
func codiceFiscale(s string) bool {
	switch len(s) {
	case 11:
		return allDigits(s)
	case 16:
		letters := func(t string) bool {
			for i := 0; i < len(t); i++ {
				if !('a' <= t[i] && t[i] <= 'z' || 'A' <= t[i] && t[i] <= 'Z') {
					return false
				}
			}
			return true
		}
		return letters(s[:6]) && allDigits(s[6:8]) && letters(s[8:9]) && allDigits(s[9:11]) && allDigits(s[14:15]) && letters(s[15:])
	}
	return false
}

// partitaIVA checks an Italian VAT number written with its IT prefix: 11
// digits whose Luhn-like sum is a multiple of 10. A number without the
// prefix passes, as Peppol checks only those.
func partitaIVA(s string) bool {
	if len(s) < 2 || (s[:2] != "IT" && s[:2] != "it") {
		return true
	}
	c := s[2:]
	if !isDigits(c, 11, 11) {
		return false
	}
	sum := 0
	for i := 0; i < len(c); i++ {
		d := int(c[i] - '0')
		if i%2 == 1 {
			d = int("0246813579"[d] - '0')
		}
		sum += d
	}
	return sum%10 == 0
}

// greekTIN checks a Greek tax identification number: 9 digits whose last
// is the check digit of the others.
func greekTIN(s string) bool {
	if !isDigits(s, 9, 9) {
		return false
	}
	sum := 0
	for i := 0; i < 8; i++ {
		sum += int(s[i]-'0') << (8 - i)
	}
	return sum%11%10 == int(s[8]-'0')
}
