package ubl

import (
	"strings"

	"github.com/shopspring/decimal"
)

// en16931 applies the rules of EN 16931 bound to UBL: the business rules
// (BR-), the conditions (BR-CO-), the decimals (BR-DEC-), the rules of
// each VAT category, the code lists (BR-CL-) and the syntax rules of the
// UBL binding (UBL-SR-, UBL-DT-); to a Peppol document, as Peppol's copy
// of them has them (rules_peppolcopy.go).
func (e *eval) en16931() {
	e.enDocument()
	e.enParties()
	e.enAllowanceCharges()
	e.enTotals()
	e.enVAT()
	e.enLines()
	e.enOther()
	e.enCodeLists()
	e.enSyntax()
	if e.peppolCopy {
		e.peppolCopyRules()
	}
}

// enDocument applies the rules on the document as a whole.
func (e *eval) enDocument() {
	r := e.root
	must := func(id, path, what string) {
		if r.str(path) == "" {
			e.fail(id, r, path, "%s is missing or empty", what)
		}
	}
	must("BR-01", "cbc:CustomizationID", "the specification identifier cbc:CustomizationID (BT-24)")
	must("BR-02", "cbc:ID", "the invoice number cbc:ID (BT-1)")
	must("BR-03", "cbc:IssueDate", "the issue date cbc:IssueDate (BT-2)")
	if r.str("cbc:InvoiceTypeCode") == "" && r.str("cbc:CreditNoteTypeCode") == "" {
		el := "cbc:InvoiceTypeCode"
		if e.credit {
			el = "cbc:CreditNoteTypeCode"
		}
		e.fail("BR-04", r, el, "the type code %s (BT-3) is missing or empty", el)
	}
	must("BR-05", "cbc:DocumentCurrencyCode", "the currency code cbc:DocumentCurrencyCode (BT-5)")
	must("BR-06", "cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName", "the seller's name (BT-27)")
	must("BR-07", "cac:AccountingCustomerParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName", "the buyer's name (BT-44)")
	if !r.has("cac:AccountingSupplierParty/cac:Party/cac:PostalAddress") {
		e.fail("BR-08", r, "cac:AccountingSupplierParty/cac:Party/cac:PostalAddress", "the seller's postal address (BG-5) is missing")
	}
	if !r.has("cac:AccountingCustomerParty/cac:Party/cac:PostalAddress") {
		e.fail("BR-10", r, "cac:AccountingCustomerParty/cac:Party/cac:PostalAddress", "the buyer's postal address (BG-8) is missing")
	}
	if !r.has("cac:InvoiceLine") && !r.has("cac:CreditNoteLine") {
		e.fail("BR-16", r, e.line, "the document has no line (BG-25)")
	}
	// BR-53 looks for the total VAT in the accounting currency in any
	// cac:TaxTotal of the document (//cac:TaxTotal/cbc:TaxAmount), a
	// line's included, as the artefacts do.
	taxCurrencies := map[string]bool{}
	r.descendants(func(a *node) {
		if a.is("cbc:TaxAmount") && a.parent.is("cac:TaxTotal") {
			c, _ := a.attr("currencyID")
			taxCurrencies[c] = true
		}
	})
	// The artefacts compare the codes with the currencyID attributes as
	// written: a code with white space around it matches no attribute.
	r.each("cbc:TaxCurrencyCode", func(tc *node) {
		if !taxCurrencies[tc.rawText()] {
			e.fail("BR-53", r, "cac:TaxTotal", "the VAT accounting currency is %s (BT-6) but no cac:TaxTotal gives the total VAT in it (BT-111)%s", quote(tc.rawText()), spaceNote(tc))
		}
	})
	if r.has("cbc:TaxPointDate") && r.has("cac:InvoicePeriod/cbc:DescriptionCode") {
		e.fail("BR-CO-03", r, "cbc:TaxPointDate", "the VAT point date (BT-7) and the VAT point date code (BT-8) are both given; only one may be")
	}
	// BR-CO-15: one total VAT in the document currency, and the total with
	// VAT adds up.
	checked := map[string]bool{}
	for _, cur := range r.list("cbc:DocumentCurrencyCode") {
		code := cur.rawText()
		if checked[code] {
			continue
		}
		checked[code] = true
		var vats []decimal.Decimal
		r.each("cac:TaxTotal/cbc:TaxAmount", func(a *node) {
			if c, _ := a.attr("currencyID"); c == code {
				v, _ := a.dec("")
				vats = append(vats, v)
			}
		})
		incl, okI := r.dec("cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount")
		excl, okE := r.dec("cac:LegalMonetaryTotal/cbc:TaxExclusiveAmount")
		switch {
		case len(vats) != 1:
			e.fail("BR-CO-15", r, "cac:TaxTotal", "there are %d cac:TaxTotal with a total VAT in the document currency %s; there must be exactly one%s", len(vats), quote(code), spaceNote(cur))
		case !okI || !okE || !incl.Equal(round2(excl.Add(vats[0]))):
			e.fail("BR-CO-15", r, "cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount",
				"the total with VAT (BT-112) %s is not the total without VAT (BT-109) %s plus the total VAT (BT-110) %s", fmtOpt(incl, okI), fmtOpt(excl, okE), fmtNum(vats[0]))
		}
	}
	if !r.has("cac:TaxTotal/cac:TaxSubtotal") {
		e.fail("BR-CO-18", r, "cac:TaxTotal/cac:TaxSubtotal", "the document has no VAT breakdown (BG-23)")
	}
	// BR-B-01 and BR-B-02: the split payment category B, Italian only,
	// never beside S.
	usedB, usedS := false, false
	for _, c := range e.categories() {
		c.each("cbc:ID", func(n *node) {
			switch n.text {
			case "B":
				usedB = true
			case "S":
				usedS = true
			}
		})
	}
	if usedB {
		foreign := false
		for _, n := range e.anywhere("cbc:IdentificationCode") {
			foreign = foreign || n.text != "IT"
		}
		if foreign {
			e.fail("BR-B-01", r, "", "the split payment VAT category B is used but not every country code is IT")
		}
		// Peppol's copy tests BR-B-02 otherwise (peppolCopyRules).
		if usedS && !e.peppolCopy {
			e.fail("BR-B-02", r, "", "the split payment VAT category B is used together with the standard rate S")
		}
	}
}

// fmtOpt shows a number, or "missing".
func fmtOpt(v decimal.Decimal, ok bool) string {
	if !ok {
		return "missing"
	}
	return fmtNum(v)
}

// enParties applies the rules on the seller, the buyer, the payee and the
// tax representative.
func (e *eval) enParties() {
	r := e.root
	r.each("cac:AccountingSupplierParty", func(sp *node) {
		p := sp.get("cac:Party")
		vat := false
		p.each("cac:PartyTaxScheme", func(ts *node) {
			if isVAT(ts) && ts.has("cbc:CompanyID") {
				vat = true
			}
		})
		if !vat && !e.sellerIdentified(p) && !p.has("cac:PartyLegalEntity/cbc:CompanyID") {
			e.fail("BR-CO-26", sp, "cac:Party", "the seller has no identifier (BT-29), legal registration identifier (BT-30) or VAT identifier (BT-31)")
		}
		sp.each("cac:Party/cbc:EndpointID", func(ep *node) {
			if _, ok := ep.attr("schemeID"); !ok {
				e.fail("BR-62", ep, "", "the seller's electronic address %s (BT-34) has no schemeID", quote(ep.text))
			}
		})
		sp.each("cac:Party/cac:PostalAddress", func(a *node) {
			if a.str("cac:Country/cbc:IdentificationCode") == "" {
				e.fail("BR-09", a, "cac:Country/cbc:IdentificationCode", "the seller's postal address has no country code (BT-40)")
			}
		})
	})
	r.each("cac:AccountingCustomerParty", func(cp *node) {
		cp.each("cac:Party/cbc:EndpointID", func(ep *node) {
			if _, ok := ep.attr("schemeID"); !ok {
				e.fail("BR-63", ep, "", "the buyer's electronic address %s (BT-49) has no schemeID", quote(ep.text))
			}
		})
		cp.each("cac:Party/cac:PostalAddress", func(a *node) {
			if a.str("cac:Country/cbc:IdentificationCode") == "" {
				e.fail("BR-11", a, "cac:Country/cbc:IdentificationCode", "the buyer's postal address has no country code (BT-55)")
			}
		})
	})
	seller := r.get("cac:AccountingSupplierParty/cac:Party")
	sellerNames, sellerIDs := values(seller, "cac:PartyName/cbc:Name"), values(seller, "cac:PartyIdentification/cbc:ID")
	r.each("cac:PayeeParty", func(pp *node) {
		if !pp.has("cac:PartyName/cbc:Name") || anyIn(pp, "cac:PartyName/cbc:Name", sellerNames) ||
			anyIn(pp, "cac:PartyIdentification/cbc:ID", sellerIDs) {
			e.fail("BR-17", pp, "cac:PartyName/cbc:Name", "the payee (BG-10) must have a name (BT-59) and differ from the seller by name and identifier")
		}
	})
	r.each("cac:TaxRepresentativeParty", func(tr *node) {
		if tr.str("cac:PartyName/cbc:Name") == "" {
			e.fail("BR-18", tr, "cac:PartyName/cbc:Name", "the seller's tax representative has no name (BT-62)")
		}
		if !tr.has("cac:PostalAddress") {
			e.fail("BR-19", tr, "cac:PostalAddress", "the seller's tax representative has no postal address (BG-12)")
		}
		if !hasVATID(tr) {
			e.fail("BR-56", tr, "cac:PartyTaxScheme", "the seller's tax representative has no VAT identifier (BT-63)")
		}
		tr.each("cac:PostalAddress", func(a *node) {
			if a.str("cac:Country/cbc:IdentificationCode") == "" {
				e.fail("BR-20", a, "cac:Country/cbc:IdentificationCode", "the tax representative's postal address has no country code (BT-69)")
			}
		})
	})
	// BR-CO-09: VAT identifiers start with a country code.
	for _, n := range e.anywhere("cac:PartyTaxScheme") {
		if !isVAT(n) {
			continue
		}
		id := n.get("cbc:CompanyID")
		prefix := ""
		if id != nil {
			prefix = firstRunes(id.text, 2)
		}
		if len(prefix) == 2 && !strings.Contains(prefix, " ") && !inList("BR-CO-09", prefix) {
			e.fail("BR-CO-09", n, "cbc:CompanyID", "the VAT identifier %s does not start with an ISO 3166-1 country code (EL for Greece)", quote(id.value()))
		}
	}
}

// firstRunes returns the first n characters of s, as XPath's substring.
func firstRunes(s string, n int) string {
	i := 0
	for j := range s {
		if i == n {
			return s[:j]
		}
		i++
	}
	return s
}

// values returns the set of the texts of the elements path reaches from n.
func values(n *node, path string) map[string]bool {
	set := map[string]bool{}
	n.each(path, func(y *node) { set[y.text] = true })
	return set
}

// anyIn reports whether the text of an element path reaches from n is in
// set: XPath's general comparison =.
func anyIn(n *node, path string, set map[string]bool) bool {
	found := false
	n.each(path, func(x *node) { found = found || set[x.text] })
	return found
}

// hasVATID reports whether a party has a VAT identifier: a
// PartyTaxScheme/CompanyID of the VAT scheme.
func hasVATID(p *node) bool {
	found := false
	p.each("cac:PartyTaxScheme", func(ts *node) {
		if isVAT(ts) && ts.has("cbc:CompanyID") {
			found = true
		}
	})
	return found
}

// hasAnyTaxID reports whether a party has any PartyTaxScheme/CompanyID,
// of whatever scheme.
func hasAnyTaxID(p *node) bool { return p.has("cac:PartyTaxScheme/cbc:CompanyID") }

// enAllowanceCharges applies the rules on the document level allowances
// and charges and those of the lines.
func (e *eval) enAllowanceCharges() {
	e.root.each("cac:AllowanceCharge", func(ac *node) {
		charge, ok := indicator(ac)
		if !ok {
			return
		}
		kind, amountRule, catRule, reasonRule, coRule, decA, decB := "allowance", "BR-31", "BR-32", "BR-33", "BR-CO-21", "BR-DEC-01", "BR-DEC-02"
		bt := "BT-95"
		if charge {
			kind, amountRule, catRule, reasonRule, coRule, decA, decB = "charge", "BR-36", "BR-37", "BR-38", "BR-CO-22", "BR-DEC-05", "BR-DEC-06"
			bt = "BT-102"
		}
		if !ac.has("cbc:Amount") {
			e.fail(amountRule, ac, "cbc:Amount", "the document level %s has no amount", kind)
		}
		vatCat := false
		ac.each("cac:TaxCategory", func(tc *node) {
			if isVAT(tc) && tc.has("cbc:ID") {
				vatCat = true
			}
		})
		if !vatCat {
			e.fail(catRule, ac, "cac:TaxCategory/cbc:ID", "the document level %s has no VAT category code (%s) in the VAT tax scheme", kind, bt)
		}
		if !ac.has("cbc:AllowanceChargeReason") && !ac.has("cbc:AllowanceChargeReasonCode") {
			e.fail(reasonRule, ac, "cbc:AllowanceChargeReason", "the document level %s has neither a reason nor a reason code", kind)
			e.fail(coRule, ac, "cbc:AllowanceChargeReason", "the document level %s has neither a reason nor a reason code", kind)
		}
		e.dec(decA, ac, "cbc:Amount")
		e.dec(decB, ac, "cbc:BaseAmount")
	})
	e.root.each(e.line, func(ln *node) {
		ln.each("cac:AllowanceCharge", func(ac *node) {
			charge, ok := indicator(ac)
			if !ok {
				return
			}
			kind, amountRule, reasonRule, coRule, decA, decB := "allowance", "BR-41", "BR-42", "BR-CO-23", "BR-DEC-24", "BR-DEC-25"
			if charge {
				kind, amountRule, reasonRule, coRule, decA, decB = "charge", "BR-43", "BR-44", "BR-CO-24", "BR-DEC-27", "BR-DEC-28"
			}
			if !ac.has("cbc:Amount") {
				e.fail(amountRule, ac, "cbc:Amount", "the line %s has no amount", kind)
			}
			if !ac.has("cbc:AllowanceChargeReason") && !ac.has("cbc:AllowanceChargeReasonCode") {
				e.fail(reasonRule, ac, "cbc:AllowanceChargeReason", "the line %s has neither a reason nor a reason code", kind)
				e.fail(coRule, ac, "cbc:AllowanceChargeReason", "the line %s has neither a reason nor a reason code", kind)
			}
			e.dec(decA, ac, "cbc:Amount")
			e.dec(decB, ac, "cbc:BaseAmount")
		})
	})
}

// dec applies a BR-DEC rule: the element path under n has at most two
// decimals.
func (e *eval) dec(id string, n *node, path string) {
	if m := n.get(path); m != nil {
		if msg, bad := tooManyDecimals(m, qname(m.name.Space, m.name.Local)); bad {
			e.fail(id, m, "", "%s", msg)
		}
	}
}

// enTotals applies the rules on the document totals (BG-22).
func (e *eval) enTotals() {
	r := e.root
	lines := round2(sum(e.lines(), "cbc:LineExtensionAmount"))
	var allowances, charges []*node
	r.each("cac:AllowanceCharge", func(ac *node) {
		if isCharge(ac) {
			charges = append(charges, ac)
		} else if isAllowance(ac) {
			allowances = append(allowances, ac)
		}
	})
	allowanceSum, chargeSum := round2(sum(allowances, "cbc:Amount")), round2(sum(charges, "cbc:Amount"))
	r.each("cac:LegalMonetaryTotal", func(t *node) {
		for _, m := range []struct{ id, el, bt string }{
			{"BR-12", "LineExtensionAmount", "BT-106"}, {"BR-13", "TaxExclusiveAmount", "BT-109"},
			{"BR-14", "TaxInclusiveAmount", "BT-112"}, {"BR-15", "PayableAmount", "BT-115"},
		} {
			if !t.has("cbc:" + m.el) {
				e.fail(m.id, t, "cbc:"+m.el, "cbc:%s (%s) is missing", m.el, m.bt)
			}
		}
		for _, d := range []struct{ id, el string }{
			{"BR-DEC-09", "LineExtensionAmount"}, {"BR-DEC-10", "AllowanceTotalAmount"}, {"BR-DEC-11", "ChargeTotalAmount"},
			{"BR-DEC-12", "TaxExclusiveAmount"}, {"BR-DEC-14", "TaxInclusiveAmount"}, {"BR-DEC-16", "PrepaidAmount"},
			{"BR-DEC-17", "PayableRoundingAmount"}, {"BR-DEC-18", "PayableAmount"},
		} {
			e.dec(d.id, t, "cbc:"+d.el)
		}
		if v, ok := t.dec("cbc:LineExtensionAmount"); !ok || !v.Equal(lines) {
			e.fail("BR-CO-10", t, "cbc:LineExtensionAmount", "the sum of line net amounts (BT-106) is %s but the line net amounts (BT-131) add up to %s", fmtOpt(v, ok), fmtNum(lines))
		}
		for _, s := range []struct {
			id, el, kind string
			list         []*node
			want         decimal.Decimal
		}{{"BR-CO-11", "AllowanceTotalAmount", "allowances", allowances, allowanceSum}, {"BR-CO-12", "ChargeTotalAmount", "charges", charges, chargeSum}} {
			want := s.want
			v, ok := t.dec("cbc:" + s.el)
			present := t.has("cbc:" + s.el)
			if !(ok && v.Equal(want)) && !(!present && len(s.list) == 0) {
				e.fail(s.id, t, "cbc:"+s.el, "cbc:%s is %s but the document level %s add up to %s", s.el, fmtOpt(v, ok), s.kind, fmtNum(want))
			}
		}
		line, _ := t.dec("cbc:LineExtensionAmount")
		excl, okE := t.dec("cbc:TaxExclusiveAmount")
		allow, okA := t.dec("cbc:AllowanceTotalAmount")
		charge, okC := t.dec("cbc:ChargeTotalAmount")
		want := line
		if t.has("cbc:AllowanceTotalAmount") || t.has("cbc:ChargeTotalAmount") {
			want = round2(line.Add(charge).Sub(allow))
		}
		_, okL := t.dec("cbc:LineExtensionAmount")
		if !okE || !okL || (t.has("cbc:AllowanceTotalAmount") && !okA) || (t.has("cbc:ChargeTotalAmount") && !okC) || !excl.Equal(want) {
			e.fail("BR-CO-13", t, "cbc:TaxExclusiveAmount", "the total without VAT (BT-109) %s is not the sum of line net amounts minus allowances plus charges: %s", fmtOpt(excl, okE), fmtNum(want))
		}
		incl, okI := t.dec("cbc:TaxInclusiveAmount")
		pre, okP := t.dec("cbc:PrepaidAmount")
		rnd, okR := t.dec("cbc:PayableRoundingAmount")
		pay, okY := t.dec("cbc:PayableAmount")
		hasP, hasR := t.has("cbc:PrepaidAmount"), t.has("cbc:PayableRoundingAmount")
		good := false
		switch {
		case hasP && !hasR:
			good = okY && okI && okP && pay.Equal(round2(incl.Sub(pre)))
		case !hasP && !hasR:
			good = okY && okI && pay.Equal(incl)
		case hasP && hasR:
			good = okY && okR && okI && okP && round2(pay.Sub(rnd)).Equal(round2(incl.Sub(pre)))
		default:
			good = okY && okR && okI && round2(pay.Sub(rnd)).Equal(incl)
		}
		if !good {
			e.fail("BR-CO-16", t, "cbc:PayableAmount", "the amount due (BT-115) %s is not the total with VAT %s minus the paid amount %s plus the rounding amount %s",
				fmtOpt(pay, okY), fmtOpt(incl, okI), fmtOpt(pre, okP || !hasP), fmtOpt(rnd, okR || !hasR))
		}
	})
}

// vatCategory describes the rules of one VAT category: the prefix of its
// rule IDs and what its rules require.
type vatCategory struct {
	code, prefix string
	// perRate: the breakdown is per rate, its taxable amount within 1 of
	// the sum (S, L, M); otherwise it equals the sum exactly.
	perRate bool
	// rate: "pos" (above 0), "zero", "none" (no rate), "nonneg".
	rate string
	// reason: the breakdown must have an exemption reason (true) or must
	// not (false).
	reason bool
	// seller: the identifiers the -02 to -04 rules require: "any" (any
	// tax identifier of the seller or the tax representative's VAT
	// identifier), "vat" (a VAT identifier of the seller or the tax
	// representative), "vat+buyer" (that and the buyer's VAT
	// identifier), "ae" (the seller's and the buyer's), "none" (no VAT
	// identifier at all, for O).
	seller string
	// single: the -01 rule counts exactly one breakdown (true) or at
	// least one (false).
	single bool
}

var vatCategories = []vatCategory{
	{"S", "BR-S", true, "pos", false, "any", false},
	{"Z", "BR-Z", false, "zero", false, "any", true},
	{"E", "BR-E", false, "zero", true, "any", true},
	{"AE", "BR-AE", false, "zero", true, "ae", true},
	{"K", "BR-IC", false, "zero", true, "vat+buyer", true},
	{"G", "BR-G", false, "zero", true, "vat", true},
	{"O", "BR-O", false, "none", true, "none", true},
	{"L", "BR-AF", true, "nonneg", false, "any", false},
	{"M", "BR-AG", true, "nonneg", false, "any", false},
}

// enVAT applies the rules on the VAT total, its breakdown and each VAT
// category.
func (e *eval) enVAT() {
	r := e.root
	r.each("cac:TaxTotal", func(t *node) {
		subs := t.list("cac:TaxSubtotal")
		if len(subs) == 0 {
			return
		}
		want := round2(sum(subs, "cbc:TaxAmount"))
		if v, ok := t.dec("cbc:TaxAmount"); !ok || !v.Equal(want) {
			e.fail("BR-CO-14", t, "cbc:TaxAmount", "the total VAT (BT-110) is %s but the VAT category tax amounts (BT-117) add up to %s", fmtOpt(v, ok), fmtNum(want))
		}
	})
	r.each("cac:TaxTotal/cac:TaxSubtotal", func(s *node) {
		if !s.has("cbc:TaxableAmount") {
			e.fail("BR-45", s, "cbc:TaxableAmount", "the VAT breakdown has no taxable amount (BT-116)")
		}
		if !s.has("cbc:TaxAmount") {
			e.fail("BR-46", s, "cbc:TaxAmount", "the VAT breakdown has no tax amount (BT-117)")
		}
		var cat *node
		s.each("cac:TaxCategory", func(tc *node) {
			if cat == nil && isVAT(tc) {
				cat = tc
			}
		})
		if !cat.has("cbc:ID") {
			e.fail("BR-47", s, "cac:TaxCategory/cbc:ID", "the VAT breakdown has no VAT category code (BT-118) in the VAT tax scheme")
		}
		if !cat.has("cbc:Percent") && cat.str("cbc:ID") != "O" {
			e.fail("BR-48", s, "cac:TaxCategory/cbc:Percent", "the VAT breakdown has no VAT rate (BT-119)")
		}
		// BR-CO-17
		tax, okT := s.dec("cbc:TaxAmount")
		pct, okP := cat.dec("cbc:Percent")
		taxable, okX := s.dec("cbc:TaxableAmount")
		good := false
		switch {
		case okP && xround(pct).IsZero():
			good = okT && xround(tax).IsZero()
		case okP:
			want := round2(taxable.Abs().Mul(pct).Div(hundred))
			good = okT && okX && tax.Abs().Sub(one).Cmp(want) < 0 && tax.Abs().Add(one).Cmp(want) > 0
		default:
			good = okT && xround(tax).IsZero()
		}
		if !good {
			e.fail("BR-CO-17", s, "cbc:TaxAmount", "the VAT category tax amount %s is not the taxable amount %s times the rate %s (within 1)", fmtOpt(tax, okT), fmtOpt(taxable, okX), fmtOpt(pct, okP))
		}
		e.dec("BR-DEC-19", s, "cbc:TaxableAmount")
		e.dec("BR-DEC-20", s, "cbc:TaxAmount")
	})
	for _, c := range vatCategories {
		e.category(c)
	}
	e.categoryO()
	e.categoryK()
}

var one = decimal.NewFromInt(1)

// catNodes gathers where a VAT category is used.
type catNodes struct {
	lines                          []*node // ClassifiedTaxCategory of the lines, VAT scheme
	allowances, charges            []*node // TaxCategory of document level allowances and charges, VAT scheme
	anyAllowances, anyCharges      []*node // those of every allowance or charge in the document
	breakdowns                     []*node // TaxCategory of the breakdowns, VAT scheme
	allTaxCategories, allClassifed int     // every TaxCategory / ClassifiedTaxCategory with this code, VAT scheme
}

// gather finds the uses of category code.
func (e *eval) gather(code string) catNodes {
	var g catNodes
	r := e.root
	for _, n := range e.categories() {
		isCTC := n.is("cac:ClassifiedTaxCategory")
		if n.str("cbc:ID") != code || !isVAT(n) {
			continue
		}
		p := n.parent
		switch {
		case isCTC:
			g.allClassifed++
			if p.is("cac:Item") && p.parent != nil && p.parent.is(e.line) && p.parent.parent == r {
				g.lines = append(g.lines, n)
			}
		case p.is("cac:AllowanceCharge"):
			g.allTaxCategories++
			if isCharge(p) {
				g.anyCharges = append(g.anyCharges, n)
				if p.parent == r {
					g.charges = append(g.charges, n)
				}
			} else if isAllowance(p) {
				g.anyAllowances = append(g.anyAllowances, n)
				if p.parent == r {
					g.allowances = append(g.allowances, n)
				}
			}
		default:
			g.allTaxCategories++
			if p.is("cac:TaxSubtotal") && p.parent != nil && p.parent.is("cac:TaxTotal") && p.parent.parent == r {
				g.breakdowns = append(g.breakdowns, n)
			}
		}
	}
	return g
}

// category applies the rules of one VAT category.
func (e *eval) category(c vatCategory) {
	r := e.root
	g := e.gather(c.code)
	name := "VAT category " + c.code
	// -01: a breakdown for a category in use. For S, the artefacts count
	// the categories whatever their tax scheme.
	used := g.allClassifed > 0 || len(g.anyAllowances) > 0 || len(g.anyCharges) > 0
	breakdowns := len(g.breakdowns)
	if c.code == "S" {
		used, breakdowns = e.usedAnyScheme("S")
	}
	if c.single {
		usedAnywhere := g.allTaxCategories > 0 || g.allClassifed > 0
		if usedAnywhere && len(g.breakdowns) != 1 {
			e.fail(c.prefix+"-01", r, "cac:TaxTotal", "%s is used, so the VAT breakdown must have exactly one entry for it; it has %d", name, len(g.breakdowns))
		}
	} else if used != (breakdowns > 0) {
		if used {
			e.fail(c.prefix+"-01", r, "cac:TaxTotal", "%s is used by a line, allowance or charge but the VAT breakdown has no entry for it", name)
		} else {
			e.fail(c.prefix+"-01", r, "cac:TaxTotal", "the VAT breakdown has an entry for %s but no line, allowance or charge uses it", name)
		}
	}
	// -02 to -04: the identifiers of the parties.
	seller := r.get("cac:AccountingSupplierParty/cac:Party")
	buyer := r.get("cac:AccountingCustomerParty/cac:Party")
	taxRep := r.get("cac:TaxRepresentativeParty")
	var ok bool
	var need string
	switch c.seller {
	case "any":
		ok = hasAnyTaxID(seller) || hasVATID(taxRep)
		need = "the seller's VAT identifier (BT-31), tax registration identifier (BT-32) or the tax representative's VAT identifier (BT-63)"
	case "vat":
		ok = hasVATID(seller) || hasVATID(taxRep)
		need = "the seller's VAT identifier (BT-31) or the tax representative's (BT-63)"
	case "vat+buyer":
		ok = (hasVATID(seller) || hasVATID(taxRep)) && hasVATID(buyer)
		need = "the seller's or tax representative's VAT identifier and the buyer's VAT identifier (BT-48)"
	case "ae":
		ok = (hasAnyTaxID(seller) || hasVATID(taxRep)) && (hasVATID(buyer) || buyer.has("cac:PartyLegalEntity/cbc:CompanyID"))
		need = "the seller's VAT or tax registration identifier (or the tax representative's) and the buyer's VAT identifier (BT-48) or legal registration identifier (BT-47)"
	case "none":
		ok = !hasVATID(seller) && !hasVATID(taxRep) && !hasVATID(buyer)
		need = "no VAT identifier of the seller, the tax representative or the buyer"
	}
	if c.code == "S" && !e.anyLineCategory("S") && e.anyLineCategoryAnyScheme("S") {
		// BR-S-02 fails for a line in S outside the VAT scheme.
		e.fail(c.prefix+"-02", r, "", "a line is in %s outside the VAT tax scheme", name)
	}
	if !ok {
		if c.code == "O" {
			// BR-O-03 and -04 look at document level allowances and
			// charges only.
			if len(g.lines) > 0 || e.anyLineCategory("O") {
				e.fail(c.prefix+"-02", r, "", "a line is in %s, so the document must have %s", name, need)
			}
			if len(g.allowances) > 0 {
				e.fail(c.prefix+"-03", r, "", "a document level allowance is in %s, so the document must have %s", name, need)
			}
			if len(g.charges) > 0 {
				e.fail(c.prefix+"-04", r, "", "a document level charge is in %s, so the document must have %s", name, need)
			}
		} else {
			if e.anyLineCategory(c.code) || c.code == "S" && e.anyLineCategoryAnyScheme("S") {
				e.fail(c.prefix+"-02", r, "", "a line is in %s, so the document must have %s", name, need)
			}
			if len(g.anyAllowances) > 0 {
				e.fail(c.prefix+"-03", r, "", "a document level allowance is in %s, so the document must have %s", name, need)
			}
			charges := len(g.anyCharges)
			if c.code == "L" {
				// BR-AF-04 compares the code as written, spaces included.
				charges = 0
				for _, tc := range g.anyCharges {
					if tc.get("cbc:ID").rawText() == "L" {
						charges++
					}
				}
			}
			if charges > 0 {
				e.fail(c.prefix+"-04", r, "", "a document level charge is in %s, so the document must have %s", name, need)
			}
		}
	}
	// -05 to -07: the rates of the lines, allowances and charges.
	rateOK := func(tc *node) bool {
		switch c.rate {
		case "pos":
			v, ok := tc.dec("cbc:Percent")
			return ok && v.Sign() > 0
		case "zero":
			v, ok := tc.dec("cbc:Percent")
			return ok && v.IsZero()
		case "nonneg":
			v, ok := tc.dec("cbc:Percent")
			return ok && v.Sign() >= 0
		}
		return !tc.has("cbc:Percent")
	}
	rateText := map[string]string{"pos": "above 0", "zero": "0", "nonneg": "0 or more", "none": "absent"}[c.rate]
	for _, n := range e.anywhere("cac:ClassifiedTaxCategory") {
		if n.str("cbc:ID") != c.code || !isVAT(n) {
			continue
		}
		if it := n.parent; it.is("cac:Item") && it.parent != nil && it.parent.is(e.line) && !rateOK(n) {
			e.fail(c.prefix+"-05", n, "cbc:Percent", "a line in %s has the rate %s; it must be %s", name, quote(n.str("cbc:Percent")), rateText)
		}
	}
	for _, tc := range g.anyAllowances {
		if !rateOK(tc) {
			e.fail(c.prefix+"-06", tc, "cbc:Percent", "an allowance in %s has the rate %s; it must be %s", name, quote(tc.str("cbc:Percent")), rateText)
		}
	}
	for _, tc := range g.anyCharges {
		if !rateOK(tc) {
			e.fail(c.prefix+"-07", tc, "cbc:Percent", "a charge in %s has the rate %s; it must be %s", name, quote(tc.str("cbc:Percent")), rateText)
		}
	}
	// -08 to -10: each breakdown of the category.
	r.each("cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory", func(tc *node) {
		if tc.str("cbc:ID") != c.code || !isVAT(tc) {
			return
		}
		s := tc.parent
		taxable, okX := s.dec("cbc:TaxableAmount")
		tax, okT := s.dec("cbc:TaxAmount")
		if c.perRate {
			rate, hasRate := tc.dec("cbc:Percent")
			if hasRate {
				used, total := e.rateUse(c.code, rate)
				if !used && c.code == "S" || len(e.lines()) == 0 || !okX || taxable.Sub(one).Cmp(total) >= 0 || taxable.Add(one).Cmp(total) <= 0 {
					e.fail(c.prefix+"-08", s, "cbc:TaxableAmount", "the taxable amount of %s at %s%% is %s but its lines, allowances and charges add up to %s", name, fmtPlain(rate), fmtOpt(taxable, okX), fmtNum(total))
				}
			}
			pct, okP := tc.dec("cbc:Percent")
			want := round2(taxable.Abs().Mul(pct).Div(hundred))
			if !okT || !okX || !okP || tax.Abs().Sub(one).Cmp(want) >= 0 || tax.Abs().Add(one).Cmp(want) <= 0 {
				e.fail(c.prefix+"-09", s, "cbc:TaxAmount", "the tax amount of %s is %s but the taxable amount times the rate is %s", name, fmtOpt(tax, okT), fmtNum(want))
			}
		} else {
			total := e.categorySum(c.code)
			if len(e.lines()) == 0 || !okX || !taxable.Equal(total) {
				e.fail(c.prefix+"-08", s, "cbc:TaxableAmount", "the taxable amount of %s is %s but its lines, allowances and charges add up to %s", name, fmtOpt(taxable, okX), fmtNum(total))
			}
			if !okT || !tax.IsZero() {
				e.fail(c.prefix+"-09", s, "cbc:TaxAmount", "the tax amount of %s is %s; it must be 0", name, fmtOpt(tax, okT))
			}
		}
		hasReason := tc.has("cbc:TaxExemptionReason") || tc.has("cbc:TaxExemptionReasonCode")
		if c.reason && !hasReason {
			e.fail(c.prefix+"-10", tc, "cbc:TaxExemptionReason", "the VAT breakdown of %s has no exemption reason (BT-120) or reason code (BT-121)", name)
		}
		if !c.reason && hasReason {
			e.fail(c.prefix+"-10", tc, "cbc:TaxExemptionReason", "the VAT breakdown of %s has an exemption reason; it must not", name)
		}
	})
}

// usedAnyScheme reports whether a line, allowance or charge uses the
// category code whatever its tax scheme, and how many breakdowns of the
// document have it.
func (e *eval) usedAnyScheme(code string) (used bool, breakdowns int) {
	r := e.root
	for _, n := range e.categories() {
		if n.str("cbc:ID") != code {
			continue
		}
		if n.is("cac:ClassifiedTaxCategory") || n.parent.is("cac:AllowanceCharge") {
			used = true
		}
	}
	r.each("cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory", func(tc *node) {
		if tc.str("cbc:ID") == code {
			breakdowns++
		}
	})
	return used, breakdowns
}

// anyLineCategoryAnyScheme reports whether any ClassifiedTaxCategory in
// the document has the code, whatever its tax scheme.
func (e *eval) anyLineCategoryAnyScheme(code string) bool {
	for _, n := range e.anywhere("cac:ClassifiedTaxCategory") {
		if n.str("cbc:ID") == code {
			return true
		}
	}
	return false
}

// anyLineCategory reports whether any ClassifiedTaxCategory in the
// document has the code in the VAT scheme.
func (e *eval) anyLineCategory(code string) bool {
	for _, n := range e.anywhere("cac:ClassifiedTaxCategory") {
		if n.str("cbc:ID") == code && isVAT(n) {
			return true
		}
	}
	return false
}

// categorySum is the line net amounts plus the document level charges
// minus the document level allowances of a category.
func (e *eval) categorySum(code string) decimal.Decimal {
	if s, ok := e.sums[code]; ok {
		return s.total
	}
	var total decimal.Decimal
	defer func() { e.memo(code, catSum{true, total}) }()
	r := e.root
	for _, ln := range e.lines() {
		if anyText(ln, "cac:Item/cac:ClassifiedTaxCategory/cbc:ID", code) {
			v, _ := ln.dec("cbc:LineExtensionAmount")
			total = total.Add(v)
		}
	}
	r.each("cac:AllowanceCharge", func(ac *node) {
		if !anyText(ac, "cac:TaxCategory/cbc:ID", code) {
			return
		}
		v, _ := ac.dec("cbc:Amount")
		if isCharge(ac) {
			total = total.Add(v)
		} else if isAllowance(ac) {
			total = total.Sub(v)
		}
	})
	return total
}

// rateUse reports whether a line or an allowance or charge uses category
// code at rate, and the sum of those lines, charges and allowances.
func (e *eval) rateUse(code string, rate decimal.Decimal) (bool, decimal.Decimal) {
	key := code + " " + canonical(rate)
	if s, ok := e.sums[key]; ok {
		return s.used, s.total
	}
	var total decimal.Decimal
	used := false
	defer func() { e.memo(key, catSum{used, total}) }()
	r := e.root
	atRate := func(n *node, cat string) bool {
		if !anyText(n, cat+"/cbc:ID", code) {
			return false
		}
		found := false
		n.each(cat+"/cbc:Percent", func(p *node) {
			if v, ok := p.dec(""); ok && v.Equal(rate) {
				found = true
			}
		})
		return found
	}
	for _, ln := range e.lines() {
		if atRate(ln, "cac:Item/cac:ClassifiedTaxCategory") {
			used = true
			v, _ := ln.dec("cbc:LineExtensionAmount")
			total = total.Add(v)
		}
	}
	r.each("cac:AllowanceCharge", func(ac *node) {
		if !atRate(ac, "cac:TaxCategory") {
			return
		}
		used = true
		v, _ := ac.dec("cbc:Amount")
		if isCharge(ac) {
			total = total.Add(v)
		} else if isAllowance(ac) {
			total = total.Sub(v)
		}
	})
	return used, total
}

// lines returns the lines of the document, invoice lines and credit note
// lines alike, as the artefacts sum them.
func (e *eval) lines() []*node {
	if e.lineNodes == nil {
		e.lineNodes = []*node{}
		for _, k := range e.root.kids {
			if k.is("cac:InvoiceLine") || k.is("cac:CreditNoteLine") {
				e.lineNodes = append(e.lineNodes, k)
			}
		}
	}
	return e.lineNodes
}

// memo keeps a sum for categorySum and rateUse.
func (e *eval) memo(key string, s catSum) {
	if e.sums == nil {
		e.sums = map[string]catSum{}
	}
	e.sums[key] = s
}

// canonical writes a decimal without trailing fraction zeros, so that
// equal rates written differently (21, 21.0, 21.00) give the same key.
func canonical(v decimal.Decimal) string {
	s := v.String()
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}

// anyText reports whether an element path reaches from n has the
// normalized text want.
func anyText(n *node, path, want string) bool {
	found := false
	n.each(path, func(k *node) {
		if k.value() == want {
			found = true
		}
	})
	return found
}

// categoryO applies BR-O-11 to BR-O-14: an invoice with a breakdown for
// "not subject to VAT" has no other VAT category.
func (e *eval) categoryO() {
	r := e.root
	hasO := false
	others := 0
	r.each("cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory", func(tc *node) {
		if !isVAT(tc) {
			return
		}
		if tc.str("cbc:ID") == "O" {
			hasO = true
		} else {
			others++
		}
	})
	if !hasO {
		return
	}
	if others > 0 {
		e.fail("BR-O-11", r, "cac:TaxTotal", "the VAT breakdown has category O (not subject to VAT) beside %d other categories", others)
	}
	lines, allowances, charges := 0, 0, 0
	for _, n := range e.categories() {
		isCTC := n.is("cac:ClassifiedTaxCategory")
		if n.str("cbc:ID") == "O" || !isVAT(n) {
			continue
		}
		switch {
		case isCTC:
			lines++
		case n.parent.is("cac:AllowanceCharge") && isAllowance(n.parent):
			allowances++
		case n.parent.is("cac:AllowanceCharge") && isCharge(n.parent):
			charges++
		}
	}
	if lines > 0 {
		e.fail("BR-O-12", r, "", "the VAT breakdown has category O but %d lines are in another VAT category", lines)
	}
	if allowances > 0 {
		e.fail("BR-O-13", r, "", "the VAT breakdown has category O but %d allowances are in another VAT category", allowances)
	}
	if charges > 0 {
		e.fail("BR-O-14", r, "", "the VAT breakdown has category O but %d charges are in another VAT category", charges)
	}
}

// categoryK applies BR-IC-11 and BR-IC-12: an intra-community supply
// gives the delivery date or period and the country delivered to.
func (e *eval) categoryK() {
	r := e.root
	hasK := false
	r.each("cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory", func(tc *node) {
		if isVAT(tc) && tc.str("cbc:ID") == "K" {
			hasK = true
		}
	})
	if !hasK {
		return
	}
	period := false
	r.each("cac:InvoicePeriod", func(p *node) { period = period || len(p.kids) > 0 })
	if len([]rune(r.getText("cac:Delivery/cbc:ActualDeliveryDate"))) <= 1 && !period {
		e.fail("BR-IC-11", r, "cac:Delivery/cbc:ActualDeliveryDate", "an intra-community supply (category K) must give the actual delivery date (BT-72) or the invoicing period (BG-14)")
	}
	if len([]rune(r.getText("cac:Delivery/cac:DeliveryLocation/cac:Address/cac:Country/cbc:IdentificationCode"))) <= 1 {
		e.fail("BR-IC-12", r, "cac:Delivery/cac:DeliveryLocation/cac:Address/cac:Country/cbc:IdentificationCode", "an intra-community supply (category K) must give the country delivered to (BT-80)")
	}
}

// getText returns the raw text of the first element path reaches.
func (n *node) getText(path string) string {
	if m := n.get(path); m != nil {
		return m.text
	}
	return ""
}

// enLines applies the rules on each line.
func (e *eval) enLines() {
	e.root.descendants(func(ln *node) {
		if !ln.is("cac:InvoiceLine") && !ln.is("cac:CreditNoteLine") {
			return
		}
		if ln.str("cbc:ID") == "" {
			e.fail("BR-21", ln, "cbc:ID", "the line has no identifier (BT-126)")
		}
		q := ln.get("cbc:InvoicedQuantity")
		if q == nil {
			q = ln.get("cbc:CreditedQuantity")
		}
		if q == nil {
			e.fail("BR-22", ln, e.qty, "the line has no quantity (BT-129)")
		}
		hasUnit := false
		for _, path := range []string{"cbc:InvoicedQuantity", "cbc:CreditedQuantity"} {
			ln.each(path, func(n *node) {
				if _, ok := n.attr("unitCode"); ok {
					hasUnit = true
				}
			})
		}
		if !hasUnit {
			e.fail("BR-23", ln, e.qty, "the line's quantity has no unit of measure (BT-130, unitCode)")
		}
		if !ln.has("cbc:LineExtensionAmount") {
			e.fail("BR-24", ln, "cbc:LineExtensionAmount", "the line has no net amount (BT-131)")
		}
		if ln.str("cac:Item/cbc:Name") == "" {
			e.fail("BR-25", ln, "cac:Item/cbc:Name", "the line has no item name (BT-153)")
		}
		if !ln.has("cac:Price/cbc:PriceAmount") {
			e.fail("BR-26", ln, "cac:Price/cbc:PriceAmount", "the line has no net price (BT-146)")
		}
		nonNeg := false
		ln.each("cac:Price/cbc:PriceAmount", func(p *node) {
			if v, ok := p.dec(""); ok && v.Sign() >= 0 {
				nonNeg = true
			}
		})
		if !nonNeg {
			e.fail("BR-27", ln, "cac:Price/cbc:PriceAmount", "the line's net price (BT-146) %s is missing or negative", quote(ln.str("cac:Price/cbc:PriceAmount")))
		}
		if bases := ln.list("cac:Price/cac:AllowanceCharge/cbc:BaseAmount"); len(bases) > 0 {
			ok := false
			for _, b := range bases {
				if v, good := b.dec(""); good && v.Sign() >= 0 {
					ok = true
				}
			}
			if !ok {
				e.fail("BR-28", bases[0], "", "the line's gross price (BT-148) %s is negative", quote(bases[0].text))
			}
		}
		cat := false
		ln.each("cac:Item/cac:ClassifiedTaxCategory", func(tc *node) {
			if isVAT(tc) && tc.has("cbc:ID") {
				cat = true
			}
		})
		if !cat {
			e.fail("BR-CO-04", ln, "cac:Item/cac:ClassifiedTaxCategory/cbc:ID", "the line has no VAT category code (BT-151) in the VAT tax scheme")
		}
		e.dec("BR-DEC-23", ln, "cbc:LineExtensionAmount")
		ln.each("cac:InvoicePeriod", func(p *node) {
			e.period(p, "BR-30", "BR-CO-20", "line")
		})
		ln.each("cac:Item/cac:CommodityClassification/cbc:ItemClassificationCode", func(n *node) {
			if _, ok := n.attr("listID"); !ok {
				e.fail("BR-65", n, "", "the item classification identifier %s (BT-158) has no listID", quote(n.text))
			}
		})
		ln.each("cac:Item/cac:StandardItemIdentification/cbc:ID", func(n *node) {
			if _, ok := n.attr("schemeID"); !ok {
				e.fail("BR-64", n, "", "the item standard identifier %s (BT-157) has no schemeID", quote(n.text))
			}
		})
	})
}

// period applies BR-29/BR-30 (the end is not before the start) and
// BR-CO-19/BR-CO-20 (a period has a start or an end).
func (e *eval) period(p *node, orderRule, presentRule, what string) {
	start, end := p.get("cbc:StartDate"), p.get("cbc:EndDate")
	if start != nil && end != nil && end.value() < start.value() {
		e.fail(orderRule, end, "", "the %s period ends (%s) before it starts (%s)", what, end.value(), start.value())
	}
	if start == nil && end == nil && (presentRule == "BR-CO-20" || !p.has("cbc:DescriptionCode")) {
		e.fail(presentRule, p, "cbc:StartDate", "the %s period has neither a start date nor an end date", what)
	}
}

// enOther applies the rules on the other parts of the document: periods,
// delivery, payment, references and item attributes.
func (e *eval) enOther() {
	r := e.root
	r.descendants(func(n *node) {
		switch {
		case n.is("cac:InvoicePeriod"):
			if p := n.parent; p != nil && !p.is("cac:InvoiceLine") && !p.is("cac:CreditNoteLine") {
				e.period(n, "BR-29", "BR-CO-19", "invoicing")
			}
		case n.is("cac:AdditionalDocumentReference"):
			if n.str("cbc:ID") == "" {
				e.fail("BR-52", n, "cbc:ID", "the supporting document (BG-24) has no reference (BT-122)")
			}
		case n.is("cac:AdditionalItemProperty"):
			if !n.has("cbc:Name") || !n.has("cbc:Value") {
				e.fail("BR-54", n, "cbc:Value", "the item attribute (BG-32) needs a name (BT-160) and a value (BT-161)")
			}
		case n.is("cac:BillingReference"):
			if !n.has("cac:InvoiceDocumentReference/cbc:ID") {
				e.fail("BR-55", n, "cac:InvoiceDocumentReference/cbc:ID", "the preceding invoice reference (BG-3) has no invoice number (BT-25)")
			}
		case n.is("cac:PaymentMeans"):
			if !n.has("cbc:PaymentMeansCode") {
				e.fail("BR-49", n, "cbc:PaymentMeansCode", "the payment instructions (BG-16) have no payment means type code (BT-81)")
			}
			code := n.str("cbc:PaymentMeansCode")
			if (code == "30" || code == "58") && !n.has("cac:PayeeFinancialAccount/cbc:ID") {
				e.fail("BR-61", n, "cac:PayeeFinancialAccount/cbc:ID", "payment by credit transfer (code %s) needs the payment account identifier (BT-84)", code)
			}
			raw := n.getText("cbc:PaymentMeansCode")
			if raw == "30" || raw == "58" {
				n.each("cac:PayeeFinancialAccount", func(a *node) {
					if a.str("cbc:ID") == "" {
						e.fail("BR-50", a, "cbc:ID", "the payment account (BG-17) has no identifier (BT-84)")
					}
				})
			}
			n.each("cac:CardAccount/cbc:PrimaryAccountNumberID", func(pan *node) {
				if len([]rune(pan.value())) > 10 {
					e.fail("BR-51", pan, "", "the card number (BT-87) should show at most its last digits, never the whole number")
				}
			})
		case n.is("cac:Address") && n.parent.is("cac:DeliveryLocation") && n.parent.parent.is("cac:Delivery"):
			if !n.has("cac:Country/cbc:IdentificationCode") {
				e.fail("BR-57", n, "cac:Country/cbc:IdentificationCode", "the deliver-to address (BG-15) has no country code (BT-80)")
			}
		}
	})
}

// enCodeLists applies the code list rules, BR-CL-01 to BR-CL-26.
func (e *eval) enCodeLists() {
	r := e.root
	r.each("cbc:Note", func(n *node) {
		// BR-CL-08: a subject code between # signs, as in #AAI#text.
		_, after, ok := strings.Cut(n.text, "#")
		if !ok {
			return
		}
		subject, _, ok := strings.Cut(after, "#")
		if ok && len([]rune(subject)) == 3 && !inList("BR-CL-08", subject) {
			e.fail("BR-CL-08", n, "", "the note subject code %s is not in UNTDID 4451", quote(subject))
		}
	})
	amountNames := map[string]bool{"Amount": true, "BaseAmount": true, "PriceAmount": true, "TaxAmount": true, "TaxableAmount": true,
		"LineExtensionAmount": true, "TaxExclusiveAmount": true, "TaxInclusiveAmount": true, "AllowanceTotalAmount": true,
		"ChargeTotalAmount": true, "PrepaidAmount": true, "PayableRoundingAmount": true, "PayableAmount": true}
	r.descendants(func(n *node) {
		if n.name.Space == NamespaceCBC {
			e.codeListCBC(n, amountNames)
		}
	})
}

// codeListCBC applies the code list rules to one cbc element.
func (e *eval) codeListCBC(n *node, amountNames map[string]bool) {
	p := n.parent
	v := n.value()
	switch local := n.name.Local; {
	case local == "InvoiceTypeCode":
		e.code("BR-CL-01", "BR-CL-01", n, v, "the invoice type code")
	case local == "CreditNoteTypeCode":
		e.code("BR-CL-01", "BR-CL-01/2", n, v, "the credit note type code")
	case amountNames[local]:
		c, _ := n.attrValue("currencyID")
		e.code("BR-CL-03", "BR-CL-03", n, c, "the currencyID")
	case local == "DocumentCurrencyCode":
		e.code("BR-CL-04", "BR-CL-04", n, v, "the document currency code")
	case local == "TaxCurrencyCode":
		e.code("BR-CL-05", "BR-CL-05", n, v, "the VAT accounting currency code")
	case local == "DescriptionCode" && p.is("cac:InvoicePeriod"):
		e.code("BR-CL-06", "BR-CL-06", n, v, "the VAT point date code")
	case local == "ID" && (p.is("cac:AdditionalDocumentReference") || p.is("cac:DocumentReference")):
		if s, ok := n.attrValue("schemeID"); ok && p.getText("cbc:DocumentTypeCode") == "130" {
			e.code("BR-CL-07", "BR-CL-07", n, s, "the object identifier scheme")
		}
	case local == "ID" && p.is("cac:PartyIdentification"):
		if s, ok := n.attrValue("schemeID"); ok {
			sepaOK := s == "SEPA" && (n.hasAncestor("cac:AccountingSupplierParty") || n.hasAncestor("cac:PayeeParty"))
			if !sepaOK {
				e.code("BR-CL-10", "BR-CL-10", n, s, "the identifier scheme")
			}
		}
	case local == "CompanyID" && p.is("cac:PartyLegalEntity"):
		if s, ok := n.attrValue("schemeID"); ok {
			e.code("BR-CL-11", "BR-CL-11", n, s, "the legal registration identifier scheme")
		}
	case local == "ItemClassificationCode" && p.is("cac:CommodityClassification"):
		if s, ok := n.attrValue("listID"); ok {
			e.code("BR-CL-13", "BR-CL-13", n, s, "the item classification scheme")
		}
	case local == "IdentificationCode" && p.is("cac:Country"):
		e.code("BR-CL-14", "BR-CL-14", n, v, "the country code")
	case local == "IdentificationCode" && p.is("cac:OriginCountry"):
		e.code("BR-CL-15", "BR-CL-15", n, v, "the country of origin code")
	case local == "PaymentMeansCode" && p.is("cac:PaymentMeans"):
		e.code("BR-CL-16", "BR-CL-16", n, v, "the payment means code")
	case local == "ID" && p.is("cac:TaxCategory"):
		e.code("BR-CL-17", "BR-CL-17", n, v, "the VAT category code")
	case local == "ID" && p.is("cac:ClassifiedTaxCategory"):
		e.code("BR-CL-18", "BR-CL-18", n, v, "the VAT category code")
	case local == "AllowanceChargeReasonCode" && p.is("cac:AllowanceCharge"):
		if isAllowance(p) {
			e.code("BR-CL-19", "BR-CL-19", n, v, "the allowance reason code")
		} else if isCharge(p) {
			e.code("BR-CL-20", "BR-CL-20", n, v, "the charge reason code")
		}
	case local == "ID" && p.is("cac:StandardItemIdentification"):
		if s, ok := n.attrValue("schemeID"); ok {
			e.code("BR-CL-21", "BR-CL-21", n, s, "the item identifier scheme")
		}
	case local == "TaxExemptionReasonCode":
		e.code("BR-CL-22", "BR-CL-22", n, strings.ToUpper(v), "the VAT exemption reason code")
	case local == "InvoicedQuantity" || local == "BaseQuantity" || local == "CreditedQuantity":
		if s, ok := n.attrValue("unitCode"); ok {
			e.code("BR-CL-23", "BR-CL-23", n, s, "the unit of measure")
		}
	case local == "EmbeddedDocumentBinaryObject":
		if s, ok := n.attr("mimeCode"); ok && !inList("BR-CL-24", s) {
			e.fail("BR-CL-24", n, "", "the attachment's mimeCode %s is not one EN 16931 allows", quote(s))
		}
	case local == "EndpointID":
		if s, ok := n.attrValue("schemeID"); ok {
			e.code("BR-CL-25", "BR-CL-25", n, s, "the electronic address scheme")
		}
	case local == "ID" && p.is("cac:DeliveryLocation"):
		if s, ok := n.attrValue("schemeID"); ok {
			e.code("BR-CL-26", "BR-CL-26", n, s, "the delivery location identifier scheme")
		}
	}
}

// hasAncestor reports whether an element above n has the name step.
func (n *node) hasAncestor(step string) bool {
	for p := n.parent; p != nil; p = p.parent {
		if p.is(step) {
			return true
		}
	}
	return false
}

// spaceNote says, for a code compared as written, that the white space
// around it counts; "" when it has none.
func spaceNote(n *node) string {
	if n == nil || n.rawText() == n.text {
		return ""
	}
	return " (the white space around the code counts: no currencyID attribute has it)"
}
