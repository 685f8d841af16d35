package engine

import (
	"strconv"
	"strings"

	"github.com/levytax/levy"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// Brazil: a line whose seller's (vendor's, owner's) origin or whose
// customer's (buyer's) destination is in Brazil is calculated by the
// Brazilian rules (brazil_calc.go) from the line's Brazilian drivers,
// read here: the seller's and buyer's conditions, the nature of the
// operation, the transaction conditions, the NCM code (or the LC 116
// item) and its Ex, the country of origin of the goods, the pauta and
// CFOP overrides. docs/brazil.md describes each value and output.
//
// The codes are checked against the dataset's lists on every line: an
// NCM code, an LC 116 item, a CNAE code or a CFOP that does not exist is
// refused, naming the member.

// The commodity code types of the Brazilian codes.
const (
	commodityNCM    = "NCM"
	commodityLC116  = "LC116"
	commodityEXTIPI = "EXTIPI"
)

// cnaeSubclass is the level of the CNAE list that names an activity;
// cnaeLevels names the others in English.
const cnaeSubclass = "subclasse"

var cnaeLevels = map[string]string{"secao": "section", "divisao": "division", "grupo": "group", "classe": "class"}

// PautaICMS is the impositionTypeId of a pauta override of the ICMS base,
// the only pauta Levy applies.
const PautaICMS = 1

// brKind is the kind of a Brazilian line.
type brKind uint8

const (
	brDomestic brKind = iota // seller and customer in Brazil
	brExport                 // a seller in Brazil, a customer abroad
	brImport                 // a seller abroad, a customer in Brazil
)

// brLine is what a Brazilian line brings to its calculation.
type brLine struct {
	kind   brKind
	seller wire.SellerCondition
	buyer  wire.BuyerCondition
	op     wire.FiscalOperation
	// importContent and fcpList are the transaction conditions.
	importContent, fcpList bool
	// foreign: the goods' country of origin is not Brazil;
	// countryCode the country the line sent.
	foreign     bool
	countryCode string
	// ncm is the line's NCM row, when it has one; item its LC 116 item.
	ncm    data.BRNCM
	hasNCM bool
	item   string
	// otherCode is a commodityCode of another type than NCM or LC116,
	// which no Brazilian rule reads: its type and value.
	otherCode string
	// pauta replaces the ICMS base: the amount per unit and the
	// quantity it applies to.
	pauta    *decimal.Decimal
	pautaQty decimal.Decimal
	// pautaVol: the pauta applies to the line's volume, which then acts.
	pautaVol bool
	// goodsSold: the line was calculated as goods sold (or bought) within
	// Brazil, the only line that the buyer's condition and the
	// transaction conditions decide anything of.
	goodsSold bool
	// pautaUsed: the pauta replaced the base of the line's ICMS, which
	// only goods sold within Brazil bear (not a service, an export, an
	// import or an owner's movement, nor a line dated after the ICMS).
	pautaUsed bool
	// cfopOverride is the request's CFOP, "" when absent.
	cfopOverride string
	// from and to are the seller's and the customer's places.
	from, to *place
	// compared is what the vendor's invoice shows of ICMS (with its
	// FCP and the DIFAL the vendor collects) and IPI, which a purchase
	// compares with the vendor's charged tax.
	compared decimal.Decimal
	// assisted are the line's assisted parameters: its CFOP, the origin
	// of its goods and what the calculation could not do.
	assisted []wire.AssistedParameter
}

// note adds an assisted parameter to the line.
func (b *brLine) note(param, rule, original, value string) {
	b.assisted = append(b.assisted, wire.AssistedParameter{ParamName: param, Phase: wire.PhasePre, RuleName: rule,
		OriginalValue: original, Value: value})
}

// isService reports whether the line is a service (ISS), not goods.
func (b *brLine) isService() bool { return b.op == wire.OperationPrestacaoServico }

// brazilCountry reports whether a location's country member names Brazil.
func brazilCountry(s string) bool {
	switch strings.ToUpper(strings.TrimSpace(s)) {
	case "BR", "BRA", "076", "BRAZIL", "BRASIL":
		return true
	}
	return false
}

// brazil reads the Brazilian drivers of a line: it checks the codes of
// any line against the dataset's lists, and for a line whose seller or
// customer is in Brazil sets l.br. Faults go to the builder's errors.
func (b *builder) brazil(l *line, li *lineIn) {
	d := li.det
	if d == nil {
		return
	}
	from, to := firstPlace(l.origin, l.adminOrigin), firstPlace(l.dest, l.adminDest)
	fromBR, toBR := from != nil && from.country == "BR", to != nil && to.country == "BR"
	if !fromBR && !toBR && !hasBrazilCodes(li) {
		// Most lines: nothing to read, and nothing allocated.
		return
	}
	br := b.c.s.brazil
	x := &brLine{}
	fail := func(member, format string, args ...any) { b.add(levy.Invalid(li.path+"."+member, format, args...)) }
	failed := len(b.errs)

	for _, c := range []struct{ member, code string }{{"sellerCNAE", d.SellerCNAE}, {"buyerCNAE", d.BuyerCNAE}} {
		if c.code == "" {
			continue
		}
		// An establishment's activity is a subclass, the NF-e's seven
		// digits; a section, division, group or class names none.
		switch row, ok := br.CNAE(c.code); {
		case !ok:
			fail(c.member, "%q is not a CNAE code (CNAE 2.3: a subclass such as 4751-2/01, or its digits)", c.code)
		case row.Level != cnaeSubclass:
			fail(c.member, "%q is a CNAE %s (%s), not a subclass: send the seven digits of the activity, such as 4751-2/01", c.code, cnaeLevels[row.Level], row.Code)
		}
	}
	if cc := li.commodity; cc != nil && cc.Value != "" {
		switch {
		case strings.EqualFold(cc.CommodityCodeType, commodityNCM):
			code := strings.NewReplacer(".", "", " ", "").Replace(cc.Value)
			ex := ""
			if e := li.extra; e != nil && strings.EqualFold(e.CommodityCodeType, commodityEXTIPI) {
				ex = strings.TrimSpace(e.Value)
				if n, err := strconv.Atoi(ex); err == nil && n > 0 && n < 1000 {
					ex = strconv.Itoa(n)
					if len(ex) < 2 {
						ex = "0" + ex
					}
				}
			}
			row, ok := br.NCM(code, "")
			switch {
			case len(code) != 8 || !digitsOnly(code):
				fail("commodityCode.value", "%q is not an NCM code (eight digits, such as 84713012)", cc.Value)
			case !ok:
				fail("commodityCode.value", "NCM %s does not exist", code)
			case ex != "":
				exRow, ok := br.NCM(code, ex)
				if !ok {
					b.add(levy.Invalid(li.path+".additionalCommodityCode.value", "NCM %s has no Ex %s in the TIPI", code, ex))
				}
				x.ncm, x.hasNCM = exRow, ok
			default:
				x.ncm, x.hasNCM = row, true
			}
		case strings.EqualFold(cc.CommodityCodeType, commodityLC116):
			s, ok := br.Service(cc.Value)
			if !ok || s.Group {
				fail("commodityCode.value", "%q is not an item of the LC 116/2003 service list (such as 1.05)", cc.Value)
			}
			x.item = s.Item
		default:
			x.otherCode = cc.CommodityCodeType + " " + cc.Value
		}
	}
	if d.CfopTaxCodeOverride != nil {
		code := strconv.Itoa(int(*d.CfopTaxCodeOverride))
		if _, ok := br.CFOP(code); !ok {
			fail("cfopTaxCodeOverride", "%s is not a CFOP", code)
		}
		x.cfopOverride = code
	}
	if !fromBR && !toBR {
		return // the codes are checked; the line is not Brazil's
	}
	if c := d.CountryOfOriginISOCode; c != "" {
		if _, ok := b.c.s.codes.Country(c); !ok {
			fail("countryOfOriginISOCode", "%q is not an ISO 3166 country code", c)
		}
		x.foreign, x.countryCode = c != "BRA", c
	}
	for _, c := range strings.FieldsFunc(d.TransactionCondition, func(r rune) bool { return r == ',' || r == ' ' }) {
		switch c {
		case wire.ConditionConteudoImportacao:
			x.importContent = true
		case wire.ConditionFCPLista:
			x.fcpList = true
		}
	}
	x.seller, x.buyer, x.op = d.SellerCondition, d.BuyerCondition, d.NatureOfFiscalOperation
	if x.seller == "" {
		x.seller = wire.SellerLucroReal
	}
	if x.buyer == "" {
		x.buyer = wire.BuyerContribuinte
	}
	if x.op == "" {
		x.op = wire.OperationVendaMercadoria
		if x.item != "" {
			x.op = wire.OperationPrestacaoServico
		}
	}
	switch {
	case x.op == wire.OperationPrestacaoServico && x.hasNCM:
		fail("commodityCode.commodityCodeType", "a service (natureOfFiscalOperation %s) is named by its LC 116 item, not an NCM code", x.op)
	case x.op != wire.OperationPrestacaoServico && x.item != "":
		fail("natureOfFiscalOperation", "%s sells goods, but the commodity code is the LC 116 service item %s: send PRESTACAO_SERVICO", x.op, x.item)
	}
	if ov := d.PautaOverrides; ov != nil {
		for i, p := range ov.PautaOverride {
			path := "pautaOverrides.pautaOverride[" + strconv.Itoa(i) + "]"
			switch {
			case p.ImpositionTypeID != nil && *p.ImpositionTypeID != PautaICMS:
				fail(path+".impositionTypeId", "Levy applies a pauta to the ICMS base only (impositionTypeId %d)", PautaICMS)
			case p.Amount == nil:
				fail(path+".amount", "is required: the reference price per unit")
			case x.pauta != nil:
				fail(path, "the ICMS has one pauta")
			default:
				v := p.Amount.Decimal()
				x.pauta, x.pautaQty = &v, l.qty
				if p.QuantityType == wire.PautaQuantityTypeVOL {
					if li.volume == nil || li.volume.Value == nil {
						fail(path+".quantityType", "VOL applies the pauta to the line's volume, which the line does not give")
					} else {
						x.pautaQty, x.pautaVol = li.volume.Value.Decimal(), true
					}
				}
			}
		}
	}

	p := &li.parties
	// A location that was sent and did not resolve has its error already.
	sentFrom, sentTo := p.origin != nil || p.adminOrigin != nil, p.dest != nil || p.adminDest != nil || p.evidence != nil
	switch {
	case from == nil && sentFrom:
	case from == nil:
		b.add(levy.Invalid(p.sellerPath+".physicalOrigin", "is required on a Brazilian line: the seller's state decides the ICMS, and its municipality the ISS"))
	case fromBR && from.subdivision == "":
		b.add(levy.Invalid(p.sellerPath+".physicalOrigin.mainDivision", "is required on a Brazilian line: the seller's state decides the ICMS"))
	}
	switch {
	case to == nil && sentTo:
	case to == nil && b.c.d.perspective != "OWNER":
		b.add(levy.Invalid(p.customerPath+".destination", "is required on a Brazilian line: the customer's state decides the ICMS rate"))
	case toBR && to.subdivision == "" && b.c.d.perspective != "OWNER":
		b.add(levy.Invalid(p.customerPath+".destination.mainDivision", "is required on a Brazilian line: the customer's state decides the ICMS rate"))
	}
	if li.taxIncluded {
		// Named on the line that sent it: its own, or the enclosing
		// line whose indicator it took.
		b.add(levy.Invalid(li.includedBy+".taxIncludedIndicator", "a Brazilian price always includes the taxes calculated on it (ICMS and its FCP and DIFAL, PIS, COFINS, ISS), "+
			"and never those added to it (IPI, and the CBS and IBS from 2027): send the price without the indicator"))
	}
	x.from, x.to = from, to
	switch {
	case fromBR && (toBR || to == nil):
		x.kind = brDomestic
	case fromBR:
		x.kind = brExport
	default:
		x.kind = brImport
	}
	if x.cfopOverride != "" && len(b.errs) == failed && b.c.d.perspective != "OWNER" {
		b.checkCFOP(li, x)
	}
	if len(b.errs) > failed || from == nil || to == nil && b.c.d.perspective != "OWNER" {
		return
	}
	l.br = x
}

// checkCFOP refuses a CFOP override that is no exit of the goods (the
// seller's, which a purchase names too), or whose scope (within the
// state, between states, abroad) is not the line's.
func (b *builder) checkCFOP(li *lineIn, x *brLine) {
	c, _ := b.c.s.brazil.CFOP(x.cfopOverride)
	want := "estadual"
	switch {
	case x.kind == brExport:
		want = "exterior"
	case x.kind == brImport:
		b.add(levy.Invalid(li.path+".cfopTaxCodeOverride", "the seller is abroad: a Brazilian CFOP does not apply"))
		return
	case x.from.subdivision != x.to.subdivision:
		want = "interestadual"
	}
	switch {
	case c.Entry:
		b.add(levy.Invalid(li.path+".cfopTaxCodeOverride", "%s is a CFOP of entries; the line is the seller's exit of the goods (5xxx, 6xxx or 7xxx)", c.Code))
	case c.Scope != want:
		b.add(levy.Invalid(li.path+".cfopTaxCodeOverride", "%s is a CFOP of %s operations, and the line's is %s", c.Code, c.Scope, want))
	}
}

// digitsOnly reports whether s is ASCII digits only, and not empty.
func digitsOnly(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// comparedTax is what a purchase line's charged tax is compared with:
// on a Brazilian line the ICMS (with its FCP and the DIFAL the vendor
// collects) and the IPI of the vendor's invoice, the taxes an NF-e
// charges the buyer; on any other line the tax the vendor should have
// charged, its tax but for the use tax that the buyer accrues where the
// vendor has no nexus (buyerTax). INVOICE_VERIFICATION accrues none;
// APINVOICE_SYNC and CONDITIONAL_PROCUREMENT do, and compared with the
// whole tax, a vendor that rightly charged nothing was short by the
// buyer's own use tax.
func (l *line) comparedTax() decimal.Decimal {
	if l.br != nil {
		return l.br.compared
	}
	if b := l.buyerTax(); b.Sign() != 0 {
		return l.totalTax.Sub(b)
	}
	return l.totalTax
}

// buyerTax is the part of a line's counted tax that the buyer accounts
// for itself (collected from the BUYER). On the kinds that compare the
// vendor's tax, calculated as the vendor charges, it is the use tax
// accrued where the vendor has no nexus and the reverse charge that the
// buyer self-assesses (doc.selfAssess).
func (l *line) buyerTax() decimal.Decimal {
	sum := decimalZero
	for i := range l.taxes {
		if t := &l.taxes[i]; t.counted() && t.collectedFrom == wire.TaxCollectedFromBuyer {
			sum = add(sum, t.tax)
		}
	}
	return sum
}

// comparedTotal is the document's tax that a purchase compares with the
// vendor's: total, unless a line is Brazilian or bears the buyer's own
// use tax, when it is the sum of the lines' comparedTax.
func (c *calc) comparedTotal(total decimal.Decimal) decimal.Decimal {
	sum, brazilian, own := decimalZero, false, false
	for _, l := range c.d.lines {
		sum = add(sum, l.comparedTax())
		brazilian = brazilian || l.br != nil
		own = own || l.br == nil && l.buyerTax().Sign() != 0
	}
	switch {
	case brazilian:
		return sum
	case own:
		return c.amount(sum).Decimal()
	}
	return total
}

// hasBrazilCodes reports whether a line sends a Brazilian code that the
// dataset's lists check: an NCM code or LC 116 item, a CNAE code or a
// CFOP.
func hasBrazilCodes(li *lineIn) bool {
	d := li.det
	if d.SellerCNAE != "" || d.BuyerCNAE != "" || d.CfopTaxCodeOverride != nil {
		return true
	}
	cc := li.commodity
	return cc != nil && (strings.EqualFold(cc.CommodityCodeType, commodityNCM) || strings.EqualFold(cc.CommodityCodeType, commodityLC116))
}
