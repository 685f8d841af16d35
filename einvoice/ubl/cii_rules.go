package ubl

import (
	"strings"

	"github.com/shopspring/decimal"
)

// The rules of EN 16931 bound to CII, as the CEN validation artefacts
// (EN16931-CII-validation) apply them: each rule is evaluated where the
// artefacts evaluate it and as their XPath reads the document. Where an
// element of the document is matched by several rules of the artefacts'
// bindings, only the one of the highest priority applies to it, as in
// XSLT: a VAT breakdown of category L, M or O, for instance, is checked
// by its category's rules only, not by BR-45 to BR-48.

// ciiRules applies the rules of EN 16931 bound to CII: the model
// (BR-, BR-CO-, BR-DEC- and each VAT category's rules), the syntax rules
// flagged fatal (CII-SR-*, CII-DT-*) and the code lists (BR-CL-*); then,
// as FORMAT, the elements the CII schema allows once that the document
// repeats.
func (e *eval) ciiRules() {
	e.ciiDocument()
	e.ciiTotals()
	e.ciiAllowanceCharges()
	e.ciiLines()
	e.ciiOther()
	e.ciiVAT()
	e.ciiSyntax()
	e.ciiCodeLists()
	e.ciiCardinality()
}

// written returns the text of the first element path reaches, white
// space included, as an XPath string comparison reads it; "" when there
// is none.
func (n *node) written(path string) string { return n.get(path).rawText() }

// anyWritten reports whether an element path reaches from n has the
// text want, white space included: XPath's general comparison path = 'want'.
func anyWritten(n *node, path, want string) bool {
	found := false
	n.each(path, func(k *node) { found = found || k.rawText() == want })
	return found
}

// isVATType reports whether the first ram:TypeCode of a tax element is
// VAT in upper case, as upper-case(ram:TypeCode) = 'VAT'.
func isVATType(t *node) bool { return strings.ToUpper(t.written("ram:TypeCode")) == "VAT" }

// ciiIndicator reports whether an allowance or charge has a
// ChargeIndicator/udt:Indicator that, read as a boolean, is want: XPath's
// ram:ChargeIndicator/udt:Indicator = true() (or false()).
func ciiIndicator(ac *node, want bool) bool {
	found := false
	ac.each("ram:ChargeIndicator/udt:Indicator", func(n *node) {
		if v, ok := xsBoolean(n.text); ok && v == want {
			found = true
		}
	})
	return found
}

// anyNum reports whether an element path reaches from n holds a number
// for which test holds: XPath's general comparison of a sequence with a
// number.
func anyNum(n *node, path string, test func(decimal.Decimal) bool) bool {
	found := false
	n.each(path, func(k *node) {
		if v, ok := k.dec(""); ok && test(v) {
			found = true
		}
	})
	return found
}

// ciiDecimals applies a BR-DEC rule of the CII binding: the text of the
// first element path reaches, as written, has at most two characters
// after its first '.'.
func (e *eval) ciiDecimals(id string, n *node, path string) {
	m := n.get(path)
	if m == nil {
		return
	}
	if msg, bad := tooManyDecimals(m, m.display()); bad {
		e.fail(id, m, "", "%s", msg)
	}
}

// ciiSum adds the decimal values of the elements path reaches from each of
// the nodes, or of the nodes themselves when path is "".
func ciiSum(nodes []*node, path string) decimal.Decimal {
	if path != "" {
		return sum(nodes, path)
	}
	var s decimal.Decimal
	for _, n := range nodes {
		if v, ok := n.dec(""); ok {
			s = s.Add(v)
		}
	}
	return s
}

// optDec returns the decimal value of the first element path reaches, and
// whether there is one: XPath's xs:decimal(path[1]), empty when absent.
func optDec(n *node, path string) (decimal.Decimal, bool) {
	if n == nil {
		return decimal.Decimal{}, false
	}
	return n.dec(path)
}

// ciiDocument applies the rules whose context is the document: BR-01 to
// BR-11, BR-16, BR-62, BR-63, BR-CO-15, the -01 rules of the VAT
// categories and BR-B-01, BR-B-02.
func (e *eval) ciiDocument() {
	r := e.root
	must := func(id, path, what string) {
		if r.str(path) == "" {
			e.fail(id, r, path, "%s is missing or empty", what)
		}
	}
	must("BR-01", ciiContext+"/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID", "the specification identifier (BT-24)")
	must("BR-02", ciiHeader+"/ram:ID", "the invoice number (BT-1)")
	issue := ""
	r.each(ciiHeader+"/ram:IssueDateTime/udt:DateTimeString", func(n *node) {
		if f, _ := n.attr("format"); f == "102" && issue == "" {
			issue = n.value()
		}
	})
	if issue == "" {
		e.fail("BR-03", r, ciiHeader+"/ram:IssueDateTime/udt:DateTimeString", "the issue date (BT-2) is missing or empty, or not of format 102")
	}
	must("BR-04", ciiHeader+"/ram:TypeCode", "the type code (BT-3)")
	must("BR-05", ciiSettlement+"/ram:InvoiceCurrencyCode", "the invoice currency code (BT-5)")
	must("BR-06", ciiSeller+"/ram:Name", "the seller's name (BT-27)")
	must("BR-07", ciiBuyer+"/ram:Name", "the buyer's name (BT-44)")
	if !r.has(ciiSeller + "/ram:PostalTradeAddress") {
		e.fail("BR-08", r, ciiSeller+"/ram:PostalTradeAddress", "the seller's postal address (BG-5) is missing")
	}
	must("BR-09", ciiSeller+"/ram:PostalTradeAddress/ram:CountryID", "the seller's country code (BT-40)")
	if !r.has(ciiBuyer + "/ram:PostalTradeAddress") {
		e.fail("BR-10", r, ciiBuyer+"/ram:PostalTradeAddress", "the buyer's postal address (BG-8) is missing")
	}
	must("BR-11", ciiBuyer+"/ram:PostalTradeAddress/ram:CountryID", "the buyer's country code (BT-55)")
	if len(e.anywhere("ram:IncludedSupplyChainTradeLineItem")) == 0 {
		e.fail("BR-16", r, ciiLine, "the document has no line (BG-25)")
	}
	for _, p := range []struct{ id, path, who, bt string }{{"BR-62", ciiSeller, "seller", "BT-34"}, {"BR-63", ciiBuyer, "buyer", "BT-49"}} {
		if !r.has(p.path + "/ram:URIUniversalCommunication") {
			continue
		}
		scheme := ""
		r.each(p.path, func(party *node) {
			if uc := party.get("ram:URIUniversalCommunication"); uc != nil && scheme == "" {
				scheme, _ = uc.get("ram:URIID").attrValue("schemeID")
			}
		})
		if scheme == "" {
			e.fail(p.id, r, p.path+"/ram:URIUniversalCommunication/ram:URIID", "the %s's electronic address (%s) has no schemeID", p.who, p.bt)
		}
	}
	// BR-CO-15: per invoice currency, one total VAT in it and the total
	// with VAT adds up, unless the total with VAT is the total without.
	grand, okG := optDec(r, ciiTotals+"/ram:GrandTotalAmount")
	basis, okB := optDec(r, ciiTotals+"/ram:TaxBasisTotalAmount")
	for _, cur := range r.list(ciiSettlement + "/ram:InvoiceCurrencyCode") {
		var vats []decimal.Decimal
		r.each(ciiTotals+"/ram:TaxTotalAmount", func(a *node) {
			if c, ok := a.attr("currencyID"); ok && c == cur.rawText() {
				v, _ := a.dec("")
				vats = append(vats, v)
			}
		})
		good := len(vats) == 1 && okG && okB && grand.Equal(round2(basis.Add(vats[0])))
		if !good && !(okG && okB && grand.Equal(basis)) {
			if len(vats) != 1 {
				e.fail("BR-CO-15", r, ciiTotals+"/ram:TaxTotalAmount", "there are %d ram:TaxTotalAmount in the invoice currency %s; there must be exactly one", len(vats), quote(cur.value()))
			} else {
				e.fail("BR-CO-15", r, ciiTotals+"/ram:GrandTotalAmount", "the total with VAT (BT-112) %s is not the total without VAT (BT-109) %s plus the total VAT (BT-110) %s",
					fmtOpt(grand, okG), fmtOpt(basis, okB), fmtNum(vats[0]))
			}
		}
	}
	e.ciiCategoryCounts()
	// BR-B-01, BR-B-02: the split payment category B, Italian only, never
	// beside S.
	usedB, usedS := false, false
	for _, n := range e.anywhere("ram:CategoryCode") {
		switch n.rawText() {
		case "B":
			usedB = true
		case "S":
			usedS = true
		}
	}
	if usedB {
		foreign := false
		for _, n := range e.anywhere("ram:CountryID") {
			foreign = foreign || n.rawText() != "IT"
		}
		if foreign {
			e.fail("BR-B-01", r, "", "the split payment VAT category B is used but not every country code is IT")
		}
		if usedS {
			e.fail("BR-B-02", r, "", "the split payment VAT category B is used together with the standard rate S")
		}
	}
}

// ciiCategoryUse counts the uses of a VAT category code: the breakdowns
// (ApplicableTradeTax of an ApplicableHeaderTradeSettlement), the lines'
// ApplicableTradeTax (of a SpecifiedLineTradeSettlement) and the
// allowances' and charges' CategoryTradeTax, each matched by any of its
// CategoryCode elements whatever its tax type.
type ciiCategoryUse struct{ breakdowns, lines, allowances int }

func (e *eval) ciiUse(code string) ciiCategoryUse {
	var u ciiCategoryUse
	for _, t := range e.anywhere("ram:ApplicableTradeTax") {
		if !anyWritten(t, "ram:CategoryCode", code) || t.parent == nil {
			continue
		}
		switch {
		case t.parent.is("ram:ApplicableHeaderTradeSettlement"):
			u.breakdowns++
		case t.parent.is("ram:SpecifiedLineTradeSettlement"):
			u.lines++
		}
	}
	for _, t := range e.anywhere("ram:CategoryTradeTax") {
		if anyWritten(t, "ram:CategoryCode", code) {
			u.allowances++
		}
	}
	return u
}

// ciiCategoryCounts applies the -01 rules of the VAT categories: how many
// breakdowns a category used by the lines, allowances and charges has.
func (e *eval) ciiCategoryCounts() {
	r := e.root
	// S, L, M: a breakdown per rate, so at least one beside the lines (and
	// beside the allowances and charges) that use it.
	for _, c := range []struct{ code, id string }{{"S", "BR-S-01"}, {"L", "BR-AF-01"}, {"M", "BR-AG-01"}} {
		u := e.ciiUse(c.code)
		if (u.lines > 0 && u.lines+u.breakdowns < 2) || (u.allowances > 0 && u.allowances+u.breakdowns < 2) {
			e.fail(c.id, r, ciiSettlement+"/ram:ApplicableTradeTax", "VAT category %s is used by a line, allowance or charge but the VAT breakdown has no entry for it", c.code)
		}
	}
	// Z, E, AE, K, G: exactly one breakdown when the category is used.
	for _, c := range []struct{ code, id string }{{"Z", "BR-Z-01"}, {"E", "BR-E-01"}, {"AE", "BR-AE-01"}, {"K", "BR-IC-01"}, {"G", "BR-G-01"}} {
		u := e.ciiUse(c.code)
		unused := u.breakdowns == 0 && u.lines == 0 && u.allowances == 0
		if !unused && !(u.breakdowns == 1 && (u.lines > 0 || u.allowances > 0)) {
			e.fail(c.id, r, ciiSettlement+"/ram:ApplicableTradeTax", "VAT category %s is used, so the VAT breakdown must have exactly one entry for it, and a line, allowance or charge must use it; it has %d", c.code, u.breakdowns)
		}
	}
	// O: a breakdown only for a category in use, and one only.
	if u := e.ciiUse("O"); u.breakdowns > 0 && !(u.breakdowns == 1 && (u.lines > 0 || u.allowances > 0)) {
		e.fail("BR-O-01", r, ciiSettlement+"/ram:ApplicableTradeTax", "the VAT breakdown has %d entries for category O (not subject to VAT); it must have one, and a line, allowance or charge must use it", u.breakdowns)
	}
}

// ciiTotals applies the rules on the document totals (BG-22).
func (e *eval) ciiTotals() {
	r := e.root
	headerAC := r.list(ciiSettlement + "/ram:SpecifiedTradeAllowanceCharge")
	var allowances, charges []*node
	for _, ac := range headerAC {
		if ciiIndicator(ac, false) {
			allowances = append(allowances, ac)
		}
		if ciiIndicator(ac, true) {
			charges = append(charges, ac)
		}
	}
	first := func(list []*node) []*node {
		out := make([]*node, 0, len(list))
		for _, ac := range list {
			if a := ac.get("ram:ActualAmount"); a != nil {
				out = append(out, a)
			}
		}
		return out
	}
	allowanceSum, chargeSum := round2(ciiSum(first(allowances), "")), round2(ciiSum(first(charges), ""))
	taxCurrencies := r.list(ciiSettlement + "/ram:TaxCurrencyCode")
	invoiceCurrencies := r.list(ciiSettlement + "/ram:InvoiceCurrencyCode")
	for _, t := range e.anywhere("ram:SpecifiedTradeSettlementHeaderMonetarySummation") {
		for _, m := range []struct{ id, el, bt string }{
			{"BR-12", "LineTotalAmount", "BT-106"}, {"BR-13", "TaxBasisTotalAmount", "BT-109"},
			{"BR-14", "GrandTotalAmount", "BT-112"}, {"BR-15", "DuePayableAmount", "BT-115"},
		} {
			if !t.has("ram:" + m.el) {
				e.fail(m.id, t, "ram:"+m.el, "ram:%s (%s) is missing", m.el, m.bt)
			}
		}
		// BR-53: a VAT accounting currency, other than the invoice
		// currency, needs the total VAT in it.
		if len(taxCurrencies) > 0 {
			inTax := false
			t.each("ram:TaxTotalAmount", func(a *node) {
				c, ok := a.attr("currencyID")
				for _, tc := range taxCurrencies {
					inTax = inTax || ok && c == tc.rawText()
				}
			})
			same := false
			for _, tc := range taxCurrencies {
				for _, ic := range invoiceCurrencies {
					same = same || tc.rawText() == ic.rawText()
				}
			}
			if !inTax || same {
				e.fail("BR-53", t, "ram:TaxTotalAmount", "the VAT accounting currency is %s (BT-6): it must differ from the invoice currency, and a ram:TaxTotalAmount must give the total VAT in it (BT-111)", quote(taxCurrencies[0].value()))
			}
		}
		// BR-CO-10: the sum of the line net amounts.
		var lines decimal.Decimal
		if tx := t.parent; tx != nil && tx.parent != nil {
			lines = round2(ciiSum(tx.parent.list("ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation"), "ram:LineTotalAmount"))
		}
		if v, ok := t.dec("ram:LineTotalAmount"); !ok || !v.Equal(lines) {
			e.fail("BR-CO-10", t, "ram:LineTotalAmount", "the sum of line net amounts (BT-106) is %s but the line net amounts (BT-131) add up to %s", fmtOpt(v, ok), fmtNum(lines))
		}
		for _, s := range []struct {
			id, el, kind string
			list         []*node
			want         decimal.Decimal
		}{{"BR-CO-11", "AllowanceTotalAmount", "allowances", allowances, allowanceSum}, {"BR-CO-12", "ChargeTotalAmount", "charges", charges, chargeSum}} {
			present := t.has("ram:" + s.el)
			if !(len(s.list) == 0 && !present) && !anyNum(t, "ram:"+s.el, s.want.Equal) {
				v, ok := t.dec("ram:" + s.el)
				e.fail(s.id, t, "ram:"+s.el, "ram:%s is %s but the document level %s add up to %s", s.el, fmtOpt(v, ok), s.kind, fmtNum(s.want))
			}
		}
		// BR-CO-13: the total without VAT.
		line, okL := t.dec("ram:LineTotalAmount")
		allow, okA := t.dec("ram:AllowanceTotalAmount")
		charge, okC := t.dec("ram:ChargeTotalAmount")
		excl, okE := t.dec("ram:TaxBasisTotalAmount")
		hasA, hasC := t.has("ram:AllowanceTotalAmount"), t.has("ram:ChargeTotalAmount")
		good := okE && okL && (okA && okC && excl.Equal(round2(line.Sub(allow).Add(charge))) ||
			okA && !hasC && excl.Equal(round2(line.Sub(allow))) ||
			okC && !hasA && excl.Equal(round2(line.Add(charge))) ||
			!hasA && !hasC && excl.Equal(round2(line)))
		if !good {
			want := line.Sub(allow).Add(charge)
			e.fail("BR-CO-13", t, "ram:TaxBasisTotalAmount", "the total without VAT (BT-109) %s is not the sum of line net amounts minus allowances plus charges: %s", fmtOpt(excl, okE), fmtCalc(round2(want)))
		}
		// BR-CO-16: the amount due.
		grand, okG := t.dec("ram:GrandTotalAmount")
		pre, okP := t.dec("ram:TotalPrepaidAmount")
		rnd, okR := t.dec("ram:RoundingAmount")
		due, okD := t.dec("ram:DuePayableAmount")
		hasP, hasR := t.has("ram:TotalPrepaidAmount"), t.has("ram:RoundingAmount")
		good = okD && okG && (okP && okR && due.Equal(grand.Sub(pre).Add(rnd)) ||
			okR && !hasP && due.Equal(grand.Add(rnd)) ||
			okP && !hasR && due.Equal(grand.Sub(pre)) ||
			!hasP && !hasR && due.Equal(grand))
		if !good {
			e.fail("BR-CO-16", t, "ram:DuePayableAmount", "the amount due (BT-115) %s is not the total with VAT %s minus the paid amount %s plus the rounding amount %s",
				fmtOpt(due, okD), fmtOpt(grand, okG), fmtOpt(pre, okP || !hasP), fmtOpt(rnd, okR || !hasR))
		}
		for _, d := range []struct{ id, el string }{
			{"BR-DEC-09", "LineTotalAmount"}, {"BR-DEC-10", "AllowanceTotalAmount"}, {"BR-DEC-11", "ChargeTotalAmount"},
			{"BR-DEC-12", "TaxBasisTotalAmount"}, {"BR-DEC-14", "GrandTotalAmount"}, {"BR-DEC-16", "TotalPrepaidAmount"},
			{"BR-DEC-17", "RoundingAmount"}, {"BR-DEC-18", "DuePayableAmount"},
		} {
			e.ciiDecimals(d.id, t, "ram:"+d.el)
		}
		// BR-DEC-13 and BR-DEC-15: the total VAT in the invoice currency,
		// and that in the VAT accounting currency, have at most two
		// decimals (as values: 10.120 passes).
		totals := t.list("ram:TaxTotalAmount")
		if len(totals) > 0 {
			twoDec := func(a *node) bool { v, ok := a.dec(""); return ok && v.Equal(v.Round(2)) }
			in := func(a *node, list []*node) bool {
				c, ok := a.attr("currencyID")
				for _, x := range list {
					if ok && c == x.rawText() {
						return true
					}
				}
				return false
			}
			ok13, ok15 := false, len(taxCurrencies) == 0
			for _, a := range totals {
				ok13 = ok13 || !in(a, invoiceCurrencies) || twoDec(a)
				ok15 = ok15 || in(a, taxCurrencies) && twoDec(a)
			}
			if !ok13 {
				e.fail("BR-DEC-13", totals[0], "", "the total VAT (BT-110) %s has more than 2 decimals", quote(totals[0].value()))
			}
			if !ok15 {
				e.fail("BR-DEC-15", t, "ram:TaxTotalAmount", "the total VAT in the VAT accounting currency (BT-111) is missing or has more than 2 decimals")
			}
		}
	}
	// BR-CO-14: the total VAT in the invoice currency is the sum of the
	// breakdowns' tax amounts.
	want := round2(ciiSum(r.list(ciiSettlement+"/ram:ApplicableTradeTax"), "ram:CalculatedAmount"))
	for _, a := range e.anywhere("ram:TaxTotalAmount") {
		if !a.parent.is("ram:SpecifiedTradeSettlementHeaderMonetarySummation") {
			continue
		}
		c, ok := a.attr("currencyID")
		matches := false
		for _, ic := range invoiceCurrencies {
			matches = matches || ok && c == ic.rawText()
		}
		if !matches {
			continue
		}
		if v, _ := a.dec(""); !v.Equal(want) {
			e.fail("BR-CO-14", a, "", "the total VAT (BT-110) is %s but the VAT category tax amounts (BT-117) add up to %s", a.value(), fmtNum(want))
		}
	}
}

// ciiAllowanceCharges applies the rules on the allowances and charges of
// the document (BG-20, BG-21) and of the lines (BG-27, BG-28), whose
// context is a ChargeIndicator whose udt:Indicator is written 'false' or
// 'true'.
func (e *eval) ciiAllowanceCharges() {
	for _, ci := range e.anywhere("ram:ChargeIndicator") {
		ac := ci.parent
		if ac == nil || !ac.is("ram:SpecifiedTradeAllowanceCharge") || ac.parent == nil {
			continue
		}
		var charge bool
		switch {
		case anyWritten(ci, "udt:Indicator", "false"):
		case anyWritten(ci, "udt:Indicator", "true"):
			charge = true
		default:
			continue
		}
		var ids [6]string // amount, reason, reason condition, decimals of amount and base, VAT category
		kind := "allowance"
		switch {
		case ac.parent.is("ram:ApplicableHeaderTradeSettlement") && !charge:
			ids = [6]string{"BR-31", "BR-33", "BR-CO-21", "BR-DEC-01", "BR-DEC-02", "BR-32"}
		case ac.parent.is("ram:ApplicableHeaderTradeSettlement"):
			ids, kind = [6]string{"BR-36", "BR-38", "BR-CO-22", "BR-DEC-05", "BR-DEC-06", "BR-37"}, "charge"
		case ac.parent.is("ram:SpecifiedLineTradeSettlement") && !charge:
			ids, kind = [6]string{"BR-41", "BR-42", "BR-CO-23", "BR-DEC-24", "BR-DEC-25", ""}, "line allowance"
		case ac.parent.is("ram:SpecifiedLineTradeSettlement"):
			ids, kind = [6]string{"BR-43", "BR-44", "BR-CO-24", "BR-DEC-27", "BR-DEC-28", ""}, "line charge"
		default:
			continue
		}
		if !ac.has("ram:ActualAmount") {
			e.fail(ids[0], ac, "ram:ActualAmount", "the %s has no amount", kind)
		}
		if ids[5] != "" {
			vat := false
			ac.each("ram:CategoryTradeTax", func(t *node) { vat = vat || isVATType(t) && t.has("ram:CategoryCode") })
			if !vat {
				e.fail(ids[5], ac, "ram:CategoryTradeTax/ram:CategoryCode", "the document level %s has no VAT category code with tax type VAT", kind)
			}
		}
		if !ac.has("ram:Reason") && !ac.has("ram:ReasonCode") {
			e.fail(ids[1], ac, "ram:Reason", "the %s has neither a reason nor a reason code", kind)
			e.fail(ids[2], ac, "ram:Reason", "the %s has neither a reason nor a reason code", kind)
		}
		e.ciiDecimals(ids[3], ac, "ram:ActualAmount")
		e.ciiDecimals(ids[4], ac, "ram:BasisAmount")
	}
}

// ciiLines applies the rules on each line (BG-25).
func (e *eval) ciiLines() {
	hasBreakdown := e.root.has(ciiSettlement + "/ram:ApplicableTradeTax")
	for _, ln := range e.anywhere("ram:IncludedSupplyChainTradeLineItem") {
		if ln.str("ram:AssociatedDocumentLineDocument/ram:LineID") == "" {
			e.fail("BR-21", ln, "ram:AssociatedDocumentLineDocument/ram:LineID", "the line has no identifier (BT-126)")
		}
		if !ln.has("ram:SpecifiedLineTradeDelivery/ram:BilledQuantity") {
			e.fail("BR-22", ln, "ram:SpecifiedLineTradeDelivery/ram:BilledQuantity", "the line has no quantity (BT-129)")
		}
		unit := false
		ln.each("ram:SpecifiedLineTradeDelivery/ram:BilledQuantity", func(q *node) {
			_, ok := q.attr("unitCode")
			unit = unit || ok
		})
		if !unit {
			e.fail("BR-23", ln, "ram:SpecifiedLineTradeDelivery/ram:BilledQuantity", "the line's quantity has no unit of measure (BT-130, unitCode)")
		}
		if !ln.has("ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount") {
			e.fail("BR-24", ln, "ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount", "the line has no net amount (BT-131)")
		}
		if ln.str("ram:SpecifiedTradeProduct/ram:Name") == "" {
			e.fail("BR-25", ln, "ram:SpecifiedTradeProduct/ram:Name", "the line has no item name (BT-153)")
		}
		const net = "ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:ChargeAmount"
		if !ln.has(net) {
			e.fail("BR-26", ln, net, "the line has no net price (BT-146)")
		}
		if !anyNum(ln, net, func(v decimal.Decimal) bool { return v.Sign() >= 0 }) {
			e.fail("BR-27", ln, net, "the line's net price (BT-146) %s is missing or negative", quote(ln.str(net)))
		}
		const gross = "ram:SpecifiedLineTradeAgreement/ram:GrossPriceProductTradePrice/ram:ChargeAmount"
		if ln.has(gross) && !anyNum(ln, gross, func(v decimal.Decimal) bool { return v.Sign() >= 0 }) {
			e.fail("BR-28", ln, gross, "the line's gross price (BT-148) %s is negative", quote(ln.str(gross)))
		}
		if ln.has("ram:SpecifiedTradeProduct/ram:GlobalID") {
			if s, _ := ln.get("ram:SpecifiedTradeProduct/ram:GlobalID").attrValue("schemeID"); s == "" {
				e.fail("BR-64", ln, "ram:SpecifiedTradeProduct/ram:GlobalID", "the item standard identifier (BT-157) has no schemeID")
			}
		}
		vat := false
		ln.each("ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax", func(t *node) { vat = vat || isVATType(t) && t.has("ram:CategoryCode") })
		if !vat {
			e.fail("BR-CO-04", ln, "ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax/ram:CategoryCode", "the line has no VAT category code (BT-151) with tax type VAT")
		}
		if !hasBreakdown {
			e.fail("BR-CO-18", ln, "", "the document has no VAT breakdown (BG-23)")
		}
		e.ciiDecimals("BR-DEC-23", ln, "ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount")
	}
}

// ciiPeriod applies BR-29/BR-30 (the end is not before the start) and
// BR-CO-19/BR-CO-20 (a period has a start or an end) to a
// BillingSpecifiedPeriod.
func (e *eval) ciiPeriod(p *node, orderRule, presentRule, what string) {
	hasStart, hasEnd := p.has("ram:StartDateTime"), p.has("ram:EndDateTime")
	if hasStart && hasEnd {
		date := func(path string) []string {
			var out []string
			p.each(path+"/udt:DateTimeString", func(n *node) {
				if f, _ := n.attr("format"); f == "102" {
					out = append(out, n.rawText())
				}
			})
			return out
		}
		ok := false
		for _, end := range date("ram:EndDateTime") {
			for _, start := range date("ram:StartDateTime") {
				ok = ok || end >= start
			}
		}
		if !ok {
			e.fail(orderRule, p, "ram:EndDateTime", "the %s period ends (%s) before it starts (%s), or a date of format 102 is missing", what,
				p.str("ram:EndDateTime/udt:DateTimeString"), p.str("ram:StartDateTime/udt:DateTimeString"))
		}
	}
	if !hasStart && !hasEnd {
		e.fail(presentRule, p, "ram:StartDateTime", "the %s period has neither a start date nor an end date", what)
	}
}

// ciiOther applies the rules on periods, parties, payment, references and
// item attributes.
func (e *eval) ciiOther() {
	for _, p := range e.anywhere("ram:BillingSpecifiedPeriod") {
		switch {
		case p.parent.is("ram:SpecifiedLineTradeSettlement"):
			e.ciiPeriod(p, "BR-30", "BR-CO-20", "line")
		case p.parent.is("ram:ApplicableHeaderTradeSettlement"):
			e.ciiPeriod(p, "BR-29", "BR-CO-19", "invoicing")
		}
	}
	for _, n := range e.anywhere("ram:DesignatedProductClassification") {
		if c := n.get("ram:ClassCode"); c != nil {
			if s, _ := c.attrValue("listID"); s == "" {
				e.fail("BR-65", c, "", "the item classification identifier %s (BT-158) has no listID", quote(c.value()))
			}
		}
	}
	for _, n := range e.anywhere("ram:AdditionalReferencedDocument") {
		if n.str("ram:IssuerAssignedID") == "" {
			e.fail("BR-52", n, "ram:IssuerAssignedID", "the supporting document (BG-24) has no reference (BT-122)")
		}
	}
	for _, n := range e.anywhere("ram:ApplicableTradeSettlementFinancialCard") {
		if len([]rune(n.str("ram:ID"))) > 10 {
			e.fail("BR-51", n, "ram:ID", "the card number (BT-87) may show at most its last 10 digits, never the whole number")
		}
	}
	for _, pm := range e.anywhere("ram:SpecifiedTradeSettlementPaymentMeans") {
		if !pm.has("ram:TypeCode") {
			e.fail("BR-49", pm, "ram:TypeCode", "the payment instructions (BG-16) have no payment means type code (BT-81)")
		}
		if !anyWritten(pm, "ram:TypeCode", "30") && !anyWritten(pm, "ram:TypeCode", "58") {
			continue
		}
		pm.each("ram:PayeePartyCreditorFinancialAccount", func(a *node) {
			if a.str("ram:IBANID") == "" && a.str("ram:ProprietaryID") == "" {
				e.fail("BR-50", a, "ram:IBANID", "the payment account (BG-17) has no identifier (BT-84)")
			}
			if !a.has("ram:IBANID") && !a.has("ram:ProprietaryID") {
				e.fail("BR-61", a, "ram:IBANID", "payment by credit transfer needs the payment account identifier (BT-84)")
			}
		})
	}
	for _, d := range e.root.list(ciiDelivery) {
		if d.has("ram:ShipToTradeParty/ram:PostalTradeAddress") && d.str("ram:ShipToTradeParty/ram:PostalTradeAddress/ram:CountryID") == "" {
			e.fail("BR-57", d, "ram:ShipToTradeParty/ram:PostalTradeAddress/ram:CountryID", "the deliver-to address (BG-15) has no country code (BT-80)")
		}
	}
	for _, n := range e.anywhere("ram:ApplicableProductCharacteristic") {
		if !n.has("ram:Description") || !n.has("ram:Value") {
			e.fail("BR-54", n, "ram:Value", "the item attribute (BG-32) needs a name (BT-160) and a value (BT-161)")
		}
	}
	for _, p := range e.anywhere("ram:PayeeTradeParty") {
		var seller *node
		if p.parent != nil && p.parent.parent != nil {
			seller = p.parent.parent
		}
		shared := func(path, sellerPath string) bool {
			if seller == nil {
				return false
			}
			set := map[string]bool{}
			seller.each("ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty/"+sellerPath, func(n *node) { set[n.rawText()] = true })
			found := false
			p.each(path, func(n *node) { found = found || set[n.rawText()] })
			return found
		}
		if !p.has("ram:Name") || shared("ram:Name", "ram:Name") || shared("ram:ID", "ram:ID") ||
			shared("ram:SpecifiedLegalOrganization/ram:ID", "ram:SpecifiedLegalOrganization/ram:ID") {
			e.fail("BR-17", p, "ram:Name", "the payee (BG-10) must have a name (BT-59) and differ from the seller by name and identifiers")
		}
	}
	for _, n := range e.root.list(ciiSettlement + "/ram:InvoiceReferencedDocument") {
		if n.str("ram:IssuerAssignedID") == "" {
			e.fail("BR-55", n, "ram:IssuerAssignedID", "the preceding invoice reference (BG-3) has no invoice number (BT-25)")
		}
	}
	for _, s := range e.anywhere("ram:SellerTradeParty") {
		if !s.has("ram:ID") && !s.has("ram:GlobalID") && !s.has("ram:SpecifiedLegalOrganization/ram:ID") && !hasTaxID(s, "VA") {
			e.fail("BR-CO-26", s, "ram:ID", "the seller has no identifier (BT-29), legal registration identifier (BT-30) or VAT identifier (BT-31)")
		}
	}
	for _, t := range e.anywhere("ram:SellerTaxRepresentativeTradeParty") {
		if t.str("ram:Name") == "" {
			e.fail("BR-18", t, "ram:Name", "the seller's tax representative has no name (BT-62)")
		}
		if !t.has("ram:PostalTradeAddress") {
			e.fail("BR-19", t, "ram:PostalTradeAddress", "the seller's tax representative has no postal address (BG-12)")
		}
		if t.str("ram:PostalTradeAddress/ram:CountryID") == "" {
			e.fail("BR-20", t, "ram:PostalTradeAddress/ram:CountryID", "the tax representative's postal address has no country code (BT-69)")
		}
		var vat *node
		t.each("ram:SpecifiedTaxRegistration/ram:ID", func(n *node) {
			if s, _ := n.attr("schemeID"); s == "VA" && vat == nil {
				vat = n
			}
		})
		if vat.value() == "" {
			e.fail("BR-56", t, "ram:SpecifiedTaxRegistration/ram:ID", "the seller's tax representative has no VAT identifier (BT-63)")
		}
	}
	// BR-CO-09: VAT identifiers start with a country code.
	for _, n := range e.anywhere("ram:ID") {
		if s, _ := n.attr("schemeID"); s != "VA" || !n.parent.is("ram:SpecifiedTaxRegistration") {
			continue
		}
		if prefix := firstRunes(n.rawText(), 2); len([]rune(prefix)) != 2 || strings.Contains(prefix, " ") || !inList("CII/BR-CO-09", prefix) {
			e.fail("BR-CO-09", n, "", "the VAT identifier %s does not start with an ISO 3166-1 country code (EL for Greece)", quote(n.value()))
		}
	}
}

// hasTaxID reports whether a party has a SpecifiedTaxRegistration/ID
// whose schemeID is one of schemes.
func hasTaxID(p *node, schemes ...string) bool {
	found := false
	p.each("ram:SpecifiedTaxRegistration/ram:ID", func(n *node) {
		s, ok := n.attr("schemeID")
		for _, want := range schemes {
			found = found || ok && s == want
		}
	})
	return found
}
