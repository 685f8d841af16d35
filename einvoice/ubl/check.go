package ubl

import (
	"errors"
	"fmt"
	"math/big"

	"github.com/shopspring/decimal"
)

// Check applies the business rules to the document and returns every
// problem it finds (up to MaxProblems), or nil when the document passes.
// Amounts are compared exactly; the only tolerances are those the rules
// define (PEPPOL-EN16931-R120 and BR-CO-17). See the package documentation
// for the list of rules.
func (d *Document) Check() []Problem {
	if d == nil {
		return nil
	}
	k := &checker{d: d, root: d.root()}
	k.typeCode()
	k.parties()
	k.documentAllowanceCharges()
	k.lines()
	k.totals()
	k.vat()
	if p := k.c.result(); len(p) > 0 {
		return p
	}
	return nil
}

// checker applies the rules to one document.
type checker struct {
	d    *Document
	c    collector
	root string
}

func (k *checker) add(code, location, format string, args ...any) {
	k.c.add(code, location, format, args...)
}

// Locations of the elements the rules report on.

func (k *checker) lmt(local string) string {
	return k.root + "/cac:LegalMonetaryTotal/cbc:" + local
}

func (k *checker) line(i int) string {
	return fmt.Sprintf("%s/cac:%s[%d]", k.root, k.d.lineElement(), i+1)
}

func (k *checker) allowanceCharge(i int) string {
	return fmt.Sprintf("%s/cac:AllowanceCharge[%d]", k.root, i+1)
}

func (k *checker) taxTotal(i int) string {
	return fmt.Sprintf("%s/cac:TaxTotal[%d]", k.root, i+1)
}

func (k *checker) taxSubtotal(i, j int) string {
	return fmt.Sprintf("%s/cac:TaxSubtotal[%d]", k.taxTotal(i), j+1)
}

// Peppol BIS Billing 3.0 type codes (UNTDID 1001) of invoices and credit
// notes.
var (
	invoiceTypeCodes = map[string]bool{
		"71": true, "80": true, "82": true, "84": true, "102": true, "218": true,
		"219": true, "331": true, "380": true, "382": true, "383": true, "386": true,
		"388": true, "393": true, "395": true, "553": true, "575": true, "623": true,
		"780": true, "817": true, "870": true, "875": true, "876": true, "877": true,
	}
	creditNoteTypeCodes = map[string]bool{
		"81": true, "83": true, "261": true, "262": true, "296": true, "308": true,
		"381": true, "396": true, "420": true, "458": true, "532": true,
	}
)

func (k *checker) typeCode() {
	d := k.d
	codes, rule, element, kind := invoiceTypeCodes, "PEPPOL-EN16931-P0100", "InvoiceTypeCode", "an invoice"
	if d.Kind == KindCreditNote {
		codes, rule, element, kind = creditNoteTypeCodes, "PEPPOL-EN16931-P0101", "CreditNoteTypeCode", "a credit note"
	}
	if !codes[d.TypeCode] {
		k.add(rule, k.root+"/cbc:"+element, "cbc:%s %s is not a type code of %s in Peppol BIS Billing 3.0", element, quote(d.TypeCode), kind)
	}
}

// parties checks the electronic addresses of the seller and the buyer.
func (k *checker) parties() {
	k.endpoint(k.d.Supplier, "AccountingSupplierParty", "seller", "BT-34", "PEPPOL-EN16931-R020", "BR-62")
	k.endpoint(k.d.Customer, "AccountingCustomerParty", "buyer", "BT-49", "PEPPOL-EN16931-R010", "BR-63")
}

func (k *checker) endpoint(p Party, element, role, bt, missingRule, schemeRule string) {
	loc := k.root + "/cac:" + element + "/cac:Party/cbc:EndpointID"
	switch {
	case p.EndpointID == "":
		k.add(missingRule, loc, "the %s's electronic address cbc:EndpointID (%s) is missing", role, bt)
	case p.EndpointScheme == "":
		k.add(schemeRule, loc, "the %s's electronic address %s has no schemeID attribute", role, quote(p.EndpointID))
	default:
		var pe *ParticipantError
		if err := ValidateParticipant(p.EndpointScheme, p.EndpointID); errors.As(err, &pe) {
			k.add(pe.Code, loc, "the %s's electronic address %s (%s) is not valid: %s", role, quote(p.Address()), bt, pe.Reason)
		}
	}
}

// decimals reports an amount with more than two decimals.
func (k *checker) decimals(a Amount, rule, location, what string) {
	if a.Present && a.Value.Exponent() < -2 {
		k.add(rule, location, "%s %s has %d decimals; at most 2 are allowed", what, fmtNum(a.Value), -a.Value.Exponent())
	}
}

// vatCategories is the UNCL 5305 subset of EN 16931.
var vatCategories = map[string]bool{
	"S": true, "Z": true, "E": true, "AE": true, "K": true, "G": true, "O": true, "L": true, "M": true, "B": true,
}

func (k *checker) documentAllowanceCharges() {
	for i, a := range k.d.AllowanceCharges {
		loc := k.allowanceCharge(i)
		kind, catRule, reasonRule, amountRule, baseRule := "allowance", "BR-32", "BR-33", "BR-DEC-01", "BR-DEC-02"
		if a.Charge {
			kind, catRule, reasonRule, amountRule, baseRule = "charge", "BR-37", "BR-38", "BR-DEC-05", "BR-DEC-06"
		}
		switch {
		case a.TaxCategory.ID == "":
			k.add(catRule, loc+"/cac:TaxCategory/cbc:ID", "the document level %s has no VAT category code", kind)
		case !vatCategories[a.TaxCategory.ID]:
			k.add("BR-CL-17", loc+"/cac:TaxCategory/cbc:ID", "VAT category code %s of the document level %s is not a UNCL 5305 code of EN 16931", quote(a.TaxCategory.ID), kind)
		}
		if a.Reason == "" && a.ReasonCode == "" {
			k.add(reasonRule, loc+"/cbc:AllowanceChargeReason", "the document level %s has neither a reason nor a reason code", kind)
		}
		k.decimals(a.Amount, amountRule, loc+"/cbc:Amount", "the document level "+kind+" amount")
		k.decimals(a.BaseAmount, baseRule, loc+"/cbc:BaseAmount", "the document level "+kind+" base amount")
	}
}

// sumAllowanceCharges returns the sums of the allowance and of the charge
// amounts.
func sumAllowanceCharges(list []AllowanceCharge) (allowances, charges decimal.Decimal) {
	for _, a := range list {
		if a.Charge {
			charges = charges.Add(a.Amount.Value)
		} else {
			allowances = allowances.Add(a.Amount.Value)
		}
	}
	return allowances, charges
}

// slack is the tolerance of PEPPOL-EN16931-R120.
var slack = decimal.New(2, -2)

func (k *checker) lines() {
	d := k.d
	qname := "cbc:" + d.quantityElement()
	for i, l := range d.Lines {
		loc := k.line(i)
		if l.Quantity.Present && l.Quantity.UnitCode == "" {
			k.add("BR-23", loc+"/"+qname, "the quantity of line %s has no unitCode attribute (BT-130)", quote(l.ID))
		}
		if !vatCategories[l.TaxCategory.ID] {
			k.add("BR-CL-18", loc+"/cac:Item/cac:ClassifiedTaxCategory/cbc:ID", "VAT category code %s of line %s is not a UNCL 5305 code of EN 16931", quote(l.TaxCategory.ID), quote(l.ID))
		}
		if l.PriceAmount.Value.Sign() < 0 {
			k.add("BR-27", loc+"/cac:Price/cbc:PriceAmount", "the net price %s of line %s is negative", fmtAmount(l.PriceAmount.Value, l.PriceAmount.Currency), quote(l.ID))
		}
		for j, a := range l.AllowanceCharges {
			aloc := fmt.Sprintf("%s/cac:AllowanceCharge[%d]", loc, j+1)
			kind, reasonRule, amountRule, baseRule := "allowance", "BR-42", "BR-DEC-24", "BR-DEC-25"
			if a.Charge {
				kind, reasonRule, amountRule, baseRule = "charge", "BR-44", "BR-DEC-27", "BR-DEC-28"
			}
			if a.Reason == "" && a.ReasonCode == "" {
				k.add(reasonRule, aloc+"/cbc:AllowanceChargeReason", "the %s of line %s has neither a reason nor a reason code", kind, quote(l.ID))
			}
			k.decimals(a.Amount, amountRule, aloc+"/cbc:Amount", "the line "+kind+" amount")
			k.decimals(a.BaseAmount, baseRule, aloc+"/cbc:BaseAmount", "the line "+kind+" base amount")
		}
		k.decimals(l.LineExtensionAmount, "BR-DEC-23", loc+"/cbc:LineExtensionAmount", "the line net amount")
		k.lineNet(i, l)
	}
}

// lineNet checks PEPPOL-EN16931-R120: the line net amount equals the
// quantity times the net price divided by the base quantity, plus the line
// charges, minus the line allowances, within 0.02 as Peppol allows.
func (k *checker) lineNet(i int, l Line) {
	loc := k.line(i)
	base := decimal.NewFromInt(1)
	if l.BaseQuantity.Present {
		if l.BaseQuantity.Value.Sign() <= 0 {
			k.add("PEPPOL-EN16931-R121", loc+"/cac:Price/cbc:BaseQuantity", "the price base quantity %s of line %s is not above zero", fmtPlain(l.BaseQuantity.Value), quote(l.ID))
			return
		}
		base = l.BaseQuantity.Value
	}
	allowances, charges := sumAllowanceCharges(l.AllowanceCharges)
	net := l.LineExtensionAmount.Value
	// Without dividing: |(net - charges + allowances) × base - quantity ×
	// price| <= slack × base.
	lhs := net.Sub(charges).Add(allowances).Mul(base)
	rhs := l.Quantity.Value.Mul(l.PriceAmount.Value)
	if lhs.Sub(rhs).Abs().Cmp(slack.Mul(base)) <= 0 {
		return
	}
	want := rhs.DivRound(base, 4).Add(charges).Sub(allowances)
	cur := l.LineExtensionAmount.Currency
	formula := fmt.Sprintf("%s × %s", fmtPlain(l.Quantity.Value), fmtNum(l.PriceAmount.Value))
	if l.BaseQuantity.Present {
		formula += " / " + fmtPlain(base)
	}
	if !charges.IsZero() {
		formula += " + charges " + fmtNum(charges)
	}
	if !allowances.IsZero() {
		formula += " − allowances " + fmtNum(allowances)
	}
	k.add("PEPPOL-EN16931-R120", loc+"/cbc:LineExtensionAmount",
		"the net amount %s of line %s does not match quantity × price: %s = %s (the tolerance is 0.02)",
		fmtAmount(net, cur), quote(l.ID), formula, fmtCalc(want)+" "+cur)
}

// totals checks the document totals (BG-22).
func (k *checker) totals() {
	d := k.d
	t := d.Totals
	cur := d.Currency
	show := func(v decimal.Decimal) string { return fmtAmount(v, cur) }

	k.decimals(t.LineExtensionAmount, "BR-DEC-09", k.lmt("LineExtensionAmount"), "cbc:LineExtensionAmount")
	k.decimals(t.AllowanceTotalAmount, "BR-DEC-10", k.lmt("AllowanceTotalAmount"), "cbc:AllowanceTotalAmount")
	k.decimals(t.ChargeTotalAmount, "BR-DEC-11", k.lmt("ChargeTotalAmount"), "cbc:ChargeTotalAmount")
	k.decimals(t.TaxExclusiveAmount, "BR-DEC-12", k.lmt("TaxExclusiveAmount"), "cbc:TaxExclusiveAmount")
	k.decimals(t.TaxInclusiveAmount, "BR-DEC-14", k.lmt("TaxInclusiveAmount"), "cbc:TaxInclusiveAmount")
	k.decimals(t.PrepaidAmount, "BR-DEC-16", k.lmt("PrepaidAmount"), "cbc:PrepaidAmount")
	k.decimals(t.PayableRoundingAmount, "BR-DEC-17", k.lmt("PayableRoundingAmount"), "cbc:PayableRoundingAmount")
	k.decimals(t.PayableAmount, "BR-DEC-18", k.lmt("PayableAmount"), "cbc:PayableAmount")

	// BR-CO-10
	var lines decimal.Decimal
	for _, l := range d.Lines {
		lines = lines.Add(l.LineExtensionAmount.Value)
	}
	if !lines.Equal(t.LineExtensionAmount.Value) {
		k.add("BR-CO-10", k.lmt("LineExtensionAmount"),
			"cbc:LineExtensionAmount is %s but the sum of the %s is %s (difference %s)",
			show(t.LineExtensionAmount.Value), plural(len(d.Lines), "line net amount"), show(lines), fmtNum(t.LineExtensionAmount.Value.Sub(lines)))
	}

	// BR-CO-11 and BR-CO-12
	allowances, charges := sumAllowanceCharges(d.AllowanceCharges)
	nAllowances, nCharges := 0, 0
	for _, a := range d.AllowanceCharges {
		if a.Charge {
			nCharges++
		} else {
			nAllowances++
		}
	}
	k.sumOf("BR-CO-11", "AllowanceTotalAmount", "allowance", t.AllowanceTotalAmount, allowances, nAllowances)
	k.sumOf("BR-CO-12", "ChargeTotalAmount", "charge", t.ChargeTotalAmount, charges, nCharges)

	// BR-CO-13
	want := t.LineExtensionAmount.Value.Sub(t.AllowanceTotalAmount.Value).Add(t.ChargeTotalAmount.Value)
	if !want.Equal(t.TaxExclusiveAmount.Value) {
		k.add("BR-CO-13", k.lmt("TaxExclusiveAmount"),
			"cbc:TaxExclusiveAmount is %s but LineExtensionAmount %s − AllowanceTotalAmount %s + ChargeTotalAmount %s = %s (difference %s)",
			show(t.TaxExclusiveAmount.Value), fmtNum(t.LineExtensionAmount.Value), fmtNum(t.AllowanceTotalAmount.Value),
			fmtNum(t.ChargeTotalAmount.Value), show(want), fmtNum(t.TaxExclusiveAmount.Value.Sub(want)))
	}

	// BR-CO-15
	vat := d.VATTotal().Value
	want = t.TaxExclusiveAmount.Value.Add(vat)
	if !want.Equal(t.TaxInclusiveAmount.Value) {
		k.add("BR-CO-15", k.lmt("TaxInclusiveAmount"),
			"cbc:TaxInclusiveAmount is %s but TaxExclusiveAmount %s + total VAT %s = %s (difference %s)",
			show(t.TaxInclusiveAmount.Value), fmtNum(t.TaxExclusiveAmount.Value), fmtNum(vat), show(want),
			fmtNum(t.TaxInclusiveAmount.Value.Sub(want)))
	}

	// BR-CO-16
	want = t.TaxInclusiveAmount.Value.Sub(t.PrepaidAmount.Value).Add(t.PayableRoundingAmount.Value)
	if !want.Equal(t.PayableAmount.Value) {
		k.add("BR-CO-16", k.lmt("PayableAmount"),
			"cbc:PayableAmount is %s but TaxInclusiveAmount %s − PrepaidAmount %s + PayableRoundingAmount %s = %s (difference %s)",
			show(t.PayableAmount.Value), fmtNum(t.TaxInclusiveAmount.Value), fmtNum(t.PrepaidAmount.Value),
			fmtNum(t.PayableRoundingAmount.Value), show(want), fmtNum(t.PayableAmount.Value.Sub(want)))
	}
}

// sumOf checks BR-CO-11 or BR-CO-12: total, when present, equals the sum of
// the n document level allowances or charges; when it is absent there must
// be none.
func (k *checker) sumOf(rule, element, kind string, total Amount, sum decimal.Decimal, n int) {
	cur := k.d.Currency
	switch {
	case total.Present && !total.Value.Equal(sum):
		k.add(rule, k.lmt(element), "cbc:%s is %s but the sum of the %s is %s (difference %s)",
			element, fmtAmount(total.Value, cur), plural(n, "document level "+kind), fmtAmount(sum, cur), fmtNum(total.Value.Sub(sum)))
	case !total.Present && n > 0:
		k.add(rule, k.lmt(element), "cbc:%s is missing but the document has %s adding up to %s",
			element, plural(n, "document level "+kind), fmtAmount(sum, cur))
	}
}

// categoryRules names the rules of a VAT category: the one requiring a
// VAT breakdown for it (-01), the one on its taxable amount (-08) and the
// one requiring a zero tax amount (-09), "" when the category has none.
var categoryRules = map[string]struct {
	present, taxable, zero string
	byRate                 bool // the breakdown is per rate
}{
	"S":  {"BR-S-01", "BR-S-08", "", true},
	"Z":  {"BR-Z-01", "BR-Z-08", "BR-Z-09", true},
	"E":  {"BR-E-01", "BR-E-08", "BR-E-09", false},
	"AE": {"BR-AE-01", "BR-AE-08", "BR-AE-09", false},
	"K":  {"BR-IC-01", "BR-IC-08", "BR-IC-09", false},
	"G":  {"BR-G-01", "BR-G-08", "BR-G-09", false},
	"O":  {"BR-O-01", "BR-O-08", "BR-O-09", false},
	"L":  {"BR-AF-01", "BR-AF-08", "", true},
	"M":  {"BR-AG-01", "BR-AG-08", "", true},
}

// group gathers what one VAT breakdown covers: a category, and for
// categories broken down per rate, a rate.
type group struct {
	category, rate string
	lines          decimal.Decimal
	allowances     decimal.Decimal
	charges        decimal.Decimal
	users          int    // lines, allowances and charges in the group
	userAt         string // location of the first of them
	taxable        decimal.Decimal
	subtotals      int
	subtotalAt     string // location of the first breakdown's taxable amount
}

// groupKey returns the key of the group of a category and rate, and false
// for a category that has no breakdown rules.
func groupKey(c TaxCategory) (key, rate string, ok bool) {
	rules, ok := categoryRules[c.ID]
	if !ok {
		return "", "", false
	}
	if !rules.byRate {
		return c.ID, "", true
	}
	return c.ID + " " + canonical(c.Percent.Value), fmtPlain(c.Percent.Value), true
}

// canonical writes a decimal without trailing fraction zeros, so that equal
// rates written differently (21, 21.0, 21.00) give the same key.
func canonical(v decimal.Decimal) string {
	c := v.Coefficient()
	exp := v.Exponent()
	if c.Sign() == 0 {
		return "0"
	}
	ten := big.NewInt(10)
	var q, r big.Int
	for {
		q.QuoRem(c, ten, &r)
		if r.Sign() != 0 {
			break
		}
		c.Set(&q)
		exp++
	}
	return c.String() + "e" + fmt.Sprint(exp)
}

// vat checks the VAT total and its breakdown.
func (k *checker) vat() {
	d := k.d
	cur := d.Currency
	main := d.vatTotalIndex()
	withBreakdown := 0
	inTaxCurrency := false
	for i, t := range d.TaxTotals {
		loc := k.taxTotal(i)
		if t.TaxAmount.Present && t.TaxAmount.Currency != cur {
			if t.TaxAmount.Currency == d.TaxCurrency {
				inTaxCurrency = true
			}
			k.decimals(t.TaxAmount, "BR-DEC-15", loc+"/cbc:TaxAmount", "the total VAT in accounting currency")
			continue
		}
		k.decimals(t.TaxAmount, "BR-DEC-13", loc+"/cbc:TaxAmount", "the total VAT")
		if len(t.Subtotals) == 0 {
			continue
		}
		withBreakdown++
		if withBreakdown > 1 {
			k.add("PEPPOL-EN16931-R053", loc, "a second cac:TaxTotal with a VAT breakdown; only one may have cac:TaxSubtotal elements")
		}
		// BR-CO-14
		var sum decimal.Decimal
		for _, s := range t.Subtotals {
			sum = sum.Add(s.TaxAmount.Value)
		}
		if !sum.Equal(t.TaxAmount.Value) {
			k.add("BR-CO-14", loc+"/cbc:TaxAmount", "the total VAT is %s but the sum of the %s is %s (difference %s)",
				fmtAmount(t.TaxAmount.Value, cur), plural(len(t.Subtotals), "VAT category tax amount"), fmtAmount(sum, cur), fmtNum(t.TaxAmount.Value.Sub(sum)))
		}
		for j, s := range t.Subtotals {
			k.subtotal(k.taxSubtotal(i, j), s)
		}
	}
	if withBreakdown == 0 {
		loc := k.root + "/cac:TaxTotal"
		if main >= 0 {
			loc = k.taxTotal(main) + "/cac:TaxSubtotal"
		}
		k.add("BR-CO-18", loc, "the document has no VAT breakdown: no cac:TaxSubtotal in a cac:TaxTotal in the document currency %s", cur)
	}
	if d.TaxCurrency != "" && d.TaxCurrency != cur && !inTaxCurrency {
		k.add("BR-53", k.root+"/cac:TaxTotal", "the VAT accounting currency is %s (BT-6) but no cac:TaxTotal gives the total VAT in it (BT-111)", d.TaxCurrency)
	}
	if main >= 0 && len(d.TaxTotals[main].Subtotals) > 0 {
		k.breakdown(main)
	}
}

// subtotal checks one VAT breakdown.
func (k *checker) subtotal(loc string, s TaxSubtotal) {
	cur := k.d.Currency
	k.decimals(s.TaxableAmount, "BR-DEC-19", loc+"/cbc:TaxableAmount", "the VAT category taxable amount")
	k.decimals(s.TaxAmount, "BR-DEC-20", loc+"/cbc:TaxAmount", "the VAT category tax amount")
	if !s.TaxableAmount.Present {
		k.add("BR-45", loc+"/cbc:TaxableAmount", "the VAT breakdown has no taxable amount")
	}
	c := s.Category
	catLoc := loc + "/cac:TaxCategory/cbc:ID"
	switch {
	case c.ID == "":
		k.add("BR-47", catLoc, "the VAT breakdown has no VAT category code")
	case !vatCategories[c.ID]:
		k.add("BR-CL-17", catLoc, "VAT category code %s of the VAT breakdown is not a UNCL 5305 code of EN 16931", quote(c.ID))
	}
	if !c.Percent.Present && c.ID != "O" && c.ID != "" {
		k.add("BR-48", loc+"/cac:TaxCategory/cbc:Percent", "the VAT breakdown for category %s has no rate", c.ID)
	}
	if rule := categoryRules[c.ID].zero; rule != "" && !s.TaxAmount.Value.IsZero() {
		k.add(rule, loc+"/cbc:TaxAmount", "the VAT breakdown for category %s has tax amount %s; it must be 0", c.ID, fmtAmount(s.TaxAmount.Value, cur))
	}
	// BR-CO-17, as the EN 16931 validation artefacts test it: the tax
	// amount is within one currency unit of the taxable amount times the
	// rate, rounded to two decimals.
	if c.Percent.Present && s.TaxableAmount.Present {
		taxable := s.TaxableAmount.Value.Abs()
		want := taxable.Mul(c.Percent.Value).Shift(-2).Round(2)
		got := s.TaxAmount.Value.Abs()
		one := decimal.NewFromInt(1)
		exempt := c.Percent.Value.Round(0).IsZero() && taxable.Round(0).IsZero()
		if !exempt && !(got.Sub(one).Cmp(want) < 0 && got.Add(one).Cmp(want) > 0) {
			k.add("BR-CO-17", loc+"/cbc:TaxAmount", "the VAT category tax amount %s does not match taxable amount %s × %s%% = %s",
				fmtAmount(s.TaxAmount.Value, cur), fmtNum(s.TaxableAmount.Value), fmtPlain(c.Percent.Value), fmtAmount(want, cur))
		}
	}
}

// breakdown checks the VAT breakdown of TaxTotal i against the lines and
// the document level allowances and charges, category by category (BR-S-01
// and BR-S-08 and their like for the other categories).
func (k *checker) breakdown(i int) {
	d := k.d
	cur := d.Currency
	groups := map[string]*group{}
	var order []*group
	get := func(c TaxCategory) *group {
		key, rate, ok := groupKey(c)
		if !ok {
			return nil
		}
		g := groups[key]
		if g == nil {
			g = &group{category: c.ID, rate: rate}
			groups[key] = g
			order = append(order, g)
		}
		return g
	}
	for j, l := range d.Lines {
		if g := get(l.TaxCategory); g != nil {
			g.lines = g.lines.Add(l.LineExtensionAmount.Value)
			if g.users++; g.users == 1 {
				g.userAt = k.line(j) + "/cac:Item/cac:ClassifiedTaxCategory/cbc:ID"
			}
		}
	}
	for j, a := range d.AllowanceCharges {
		if g := get(a.TaxCategory); g != nil {
			if a.Charge {
				g.charges = g.charges.Add(a.Amount.Value)
			} else {
				g.allowances = g.allowances.Add(a.Amount.Value)
			}
			if g.users++; g.users == 1 {
				g.userAt = k.allowanceCharge(j) + "/cac:TaxCategory/cbc:ID"
			}
		}
	}
	inBreakdown := map[string]bool{}
	for j, s := range d.TaxTotals[i].Subtotals {
		inBreakdown[s.Category.ID] = true
		if g := get(s.Category); g != nil {
			g.taxable = g.taxable.Add(s.TaxableAmount.Value)
			if g.subtotals++; g.subtotals == 1 {
				g.subtotalAt = k.taxSubtotal(i, j) + "/cbc:TaxableAmount"
			}
		}
	}
	reported := map[string]bool{}
	for _, g := range order {
		rules := categoryRules[g.category]
		name := g.category
		if g.rate != "" {
			name += " at " + g.rate + "%"
		}
		want := g.lines.Sub(g.allowances).Add(g.charges)
		detail := fmt.Sprintf("lines %s − allowances %s + charges %s = %s",
			fmtNum(g.lines), fmtNum(g.allowances), fmtNum(g.charges), fmtAmount(want, cur))
		switch {
		case !inBreakdown[g.category]:
			if !reported[g.category] {
				reported[g.category] = true
				k.add(rules.present, g.userAt, "VAT category %s is used but the VAT breakdown has no cac:TaxSubtotal for it", g.category)
			}
		case g.subtotals == 0:
			k.add(rules.taxable, g.userAt, "VAT category %s is used (%s) but the VAT breakdown has no cac:TaxSubtotal for it", name, detail)
		case !g.taxable.Equal(want):
			k.add(rules.taxable, g.subtotalAt, "the taxable amount of VAT category %s is %s but its %s",
				name, fmtAmount(g.taxable, cur), detail)
		}
	}
}
