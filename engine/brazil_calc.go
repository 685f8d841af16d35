package engine

import (
	"strings"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// The Brazilian impositions, each a tax of its own on a line.
const (
	impICMS      jurisdiction.Tax = "ICMS"
	impICMSFCP   jurisdiction.Tax = "ICMS-FCP"
	impICMSDIFAL jurisdiction.Tax = "ICMS-DIFAL"
	impIPI       jurisdiction.Tax = "IPI"
	impPIS       jurisdiction.Tax = "PIS"
	impCOFINS    jurisdiction.Tax = "COFINS"
	impISS       jurisdiction.Tax = "ISS"
	impCBS       jurisdiction.Tax = "CBS"
	impIBS       jurisdiction.Tax = "IBS"
)

// brExemptCST are the CSTs of an exempt and of a non-taxable record of
// each imposition (ICMS: Convênio s/nº de 1970 table B; IPI and PIS/COFINS:
// the Receita Federal's tables; CBS/IBS: the reform's table of the NF-e).
var brExemptCST = map[jurisdiction.Tax][2]string{
	impICMS: {"40", "41"}, impICMSFCP: {"40", "41"}, impICMSDIFAL: {"40", "41"},
	impIPI: {"52", "53"}, impPIS: {"07", "08"}, impCOFINS: {"07", "08"},
	impCBS: {"400", "410"}, impIBS: {"400", "410"},
}

// The CSTs Levy writes otherwise.
const (
	cstICMSTaxed         = "00"  // tributada integralmente
	cstICMSNotTaxed      = "41"  // não tributada (exports)
	csosnSimples         = "102" // Simples Nacional, without permission of credit
	csosnImmune          = "300" // Simples Nacional, imune (exports)
	csosnNotTaxedSimples = "400" // Simples Nacional, não tributada pelo Simples Nacional
	cstIPITaxed          = "50"  // saída tributada
	cstIPIZero           = "51"  // saída tributável com alíquota zero
	cstIPINT             = "53"  // saída não tributada
	cstIPIImmune         = "54"  // saída imune (exports)
	cstIPIOther          = "99"  // outras saídas (Simples Nacional)
	cstPISBasic          = "01"  // alíquota básica
	cstPISSingleStage    = "02"  // alíquota diferenciada (single stage, producer)
	cstPISSingleResale   = "04"  // monofásica, revenda a alíquota zero
	cstPISNoIncidence    = "08"  // sem incidência (exports)
	cstPISOther          = "49"  // outras operações de saída (Simples Nacional)
	cstReformTaxed       = "000" // tributação integral
	cstReformImmune      = "410" // imunidade e não incidência (exports)
	classReformTaxed     = "000001"
	brRuleDomestic       = "br-domestic"
	brRuleInterstate     = "br-interstate"
	brRuleImported       = "br-interstate-imported"
	brRuleExport         = "br-export"
	brRuleImport         = "br-import"
	brRuleSimples        = "br-simples-nacional"
	brRulePauta          = "br-icms-pauta"
	brRuleDIFAL          = "br-difal"
	brRuleFCP            = "br-fcp"
	brRuleIPI            = "br-ipi"
	brRulePISCOFINS      = "br-pis-cofins"
	brRuleSingleStage    = "br-pis-cofins-monofasico"
	brRuleReform         = "br-cbs-ibs"
	brRuleISS            = "br-iss"
	brRuleTransfer       = "br-transfer"
	brRuleOwnUse         = "br-own-use"
	brRuleTransitionZero = "br-ipi-zero"
)

// The assisted parameters of Brazilian lines (their ruleName).
const (
	BrazilCFOPRule        = "br-cfop"   // the CFOP the line used
	BrazilOriginRule      = "br-origem" // the origin code of the goods (NF-e orig)
	brNCMRequired         = "br-ncm-required"
	brNCMNotInForce       = "br-ncm-not-in-force"
	brIPIRateUnknown      = "br-ipi-rate-unknown"
	brIPIZonaFranca       = "br-ipi-zona-franca"
	brICMSRateUnknown     = "br-icms-rate-unknown"
	brFCPListedUnknown    = "br-fcp-listed-rate-unknown"
	brDIFALNotChecked     = "br-difal-method-not-checked"
	brSingleStageAmbig    = "br-single-stage-ambiguous"
	brFuelSpecific        = "br-fuel-specific-rates"
	brItemRequired        = "br-lc116-item-required"
	brMunicipalityUnknown = "br-municipality-unknown"
	// BrazilISSRateUnknown names the assisted parameter of a service line
	// whose municipality has no ISS rate loaded for its item: Levy never
	// guesses one, and the line has no ISS record.
	BrazilISSRateUnknown = "br-iss-rate-unknown"
	brProvisionalRate    = "br-provisional-rate"
	brZonaFranca         = "br-zona-franca"
)

// inZonaFranca reports whether an IBGE code names a municipality of the
// Zona Franca de Manaus: Manaus, Presidente Figueiredo or Rio Preto da
// Eva.
func inZonaFranca(ibge string) bool {
	switch ibge {
	case "1302603", "1303536", "1303569":
		return true
	}
	return false
}

// brCalc is the calculation of one Brazilian line.
type brCalc struct {
	c      *calc
	l      *line
	x      *brLine
	date   civil.Date
	places int32
	// accrue: an ACCRUAL, whose vendor's taxes are shown for
	// information and whose buyer's own DIFAL is charged; purchase: the
	// buyer's perspective.
	accrue, purchase bool
	// share is the part of their rates that ICMS and ISS are charged at
	// (1 until 2028, 9/10 to 6/10 in 2029-2032, 0 from 2033), shareText
	// its citation when it is not 1.
	share     decimal.Decimal
	shareText string
	// The amounts of the line's taxes that the others' bases need.
	icms, fcp, difal, fcpDest, ipi, pis, cofins, iss decimal.Decimal
	interRate                                        decimal.Decimal
}

// brazilLine calculates a Brazilian line: its taxes (l.taxes), its
// amount net of the taxes its price includes (l.net) and its CFOP.
func (c *calc) brazilLine(l *line) error {
	x := l.br
	if c.d.mode == modeDistribute {
		return levy.Invalid(l.path+".inputTotalTax", "DISTRIBUTE_TAX does not apply to a Brazilian line: its taxes have bases of their own (docs/brazil.md)")
	}
	l.taxes = c.taxesFor(12)
	k := &brCalc{c: c, l: l, x: x, date: l.date, places: int32(max(c.d.currency.MinorUnits, 0)),
		accrue: c.d.mode == modeAccrue && c.d.perspective == "BUYER", purchase: c.d.perspective == "BUYER", share: decimalOne}
	br := c.s.brazil
	if t, ok := br.Transition("icms-iss-share", l.date); ok {
		k.share, k.shareText = t.Value, t.Citation
	}
	switch {
	case c.d.perspective == "OWNER" && x.kind == brDomestic:
		k.owner()
	case x.kind == brImport:
		k.importLine()
	case x.kind == brExport:
		k.export()
	case x.isService():
		k.service()
	default:
		k.goods()
	}
	k.origin()
	if len(l.incl) > 0 {
		// Inclusions limit the records, not the bases: every tax was
		// computed, for the others' bases need it.
		kept := l.taxes[:0]
		for _, t := range l.taxes {
			if included(l.incl, t.j, t.imposition) {
				kept = append(kept, t)
			}
		}
		l.taxes = kept
	}
	// Franchise fees and US communications taxes take no part in a
	// Brazilian line, which says so. What its buyer withholds
	// (withholding.go) is taken from the price, which holds the taxes
	// calculated on it: the value of the service that Brazil's
	// withholdings are taken on.
	noFeesOrComms(l)
	if err := c.withhold(l, l.amount); err != nil {
		return err
	}
	included := decimalZero
	x.compared = decimalZero
	for i := range l.taxes {
		t := &l.taxes[i]
		if t.br != nil && t.br.included && t.counted() {
			included = add(included, t.tax)
		}
		if t.collectedFrom == wire.TaxCollectedFromSeller {
			switch t.imposition {
			case impICMS, impICMSFCP, impICMSDIFAL, impIPI:
				x.compared = add(x.compared, t.tax)
			}
		}
	}
	l.net = l.amount.Sub(included)
	return nil
}

// round rounds an amount to the currency's minor units, half up, as the
// NF-e's amounts are.
func (k *brCalc) round(d decimal.Decimal) decimal.Decimal { return roundHalfUp(d, k.places) }

// brSpec is one tax to add to the line.
type brSpec struct {
	j      *wire.Jurisdiction
	imp    jurisdiction.Tax
	role   wire.LocationRole
	base   decimal.Decimal
	rate   decimal.Decimal
	amount *decimal.Decimal // the tax when it is not base x rate
	result wire.TaxResult   // TAXABLE when empty
	cst    string
	class  string
	rule   string
	reason string
	// included: the price includes the tax ("por dentro"); info: shown,
	// not charged.
	included, info bool
	// buyer: the buyer owes the tax (a contributor's DIFAL).
	buyer bool
	// effective is the tax over the base when it is not the rate.
	effective *decimal.Decimal
	// rateApplied: rate is the request's rate override of the tax,
	// already applied in amount (the DIFAL's, whose override sets the
	// destination's internal rate of its formula, not the tax over its
	// base).
	rateApplied bool
	// issFile and issLine are where the ISS rate of the tax was loaded
	// from, "" and 0 for the other taxes, whose rates (or amounts) are
	// the dataset's tables.
	issFile string
	issLine int
}

// add appends a tax to the line, after the request's overrides of its
// imposition: a rate override replaces the rate, an exempt or
// non-taxable override takes the base out of the tax, and so does the
// customer's exemption (sent, or a stored certificate) when no such
// override names the tax. It returns the tax charged.
func (k *brCalc) add(s brSpec) decimal.Decimal {
	l := k.l
	t := taxOut{j: s.j, imposition: s.imp, situs: s.role, result: s.result, taxable: s.base, rate: s.rate,
		ruleID: s.rule, ruleReason: s.reason, collectedFrom: wire.TaxCollectedFromSeller, inputOutput: k.c.d.chargedSide(),
		taxType: wire.TaxTypeVAT, mode: money.HalfUp, infoOnly: s.info,
		br: &brTax{cst: s.cst, class: s.class, included: s.included, effective: s.effective}}
	switch {
	case s.issFile != "":
		t.br.issFile, t.br.issLine = s.issFile, s.issLine
	case s.rate.Sign() != 0 || s.amount != nil:
		t.br.tables = true
	}
	if s.imp == impISS {
		t.taxType = wire.TaxTypeSales
	}
	if s.buyer {
		t.collectedFrom, t.inputOutput, t.taxType = wire.TaxCollectedFromBuyer, wire.InputOutputTypeInput, wire.TaxTypeConsumersUse
	} else if k.accrue {
		// The vendor's tax, shown beside the buyer's own.
		t.infoOnly = true
	}
	if t.result == "" {
		t.result = wire.TaxResultTaxable
	}
	if t.result != wire.TaxResultTaxable {
		t.nonTaxable, t.taxable = s.base, decimalZero
		if t.result == wire.TaxResultExempt {
			t.exempt, t.nonTaxable = s.base, decimalZero
		}
		l.taxes = append(l.taxes, t)
		return decimalZero
	}
	var amount decimal.Decimal
	if s.amount != nil {
		amount = *s.amount
	} else {
		amount = k.round(mul(s.base, s.rate))
	}
	// An override that names a withholdingType reaches only the taxes
	// withheld under that type (withholding.go), never the line's own.
	for _, ro := range l.rateOv {
		if ro.withholding == "" && matchesSel(ro.impositionType, ro.jurisdictionType, ro.jurisdictionID, s.j, s.imp) {
			t.rate = ro.rate
			t.ruleID, t.ruleReason = "rate-override", "rate override of the request"
			if s.rateApplied {
				t.ruleReason = "rate override of the request, the destination's internal rate: " + s.reason
			} else {
				amount, t.br.effective = k.round(mul(s.base, ro.rate)), nil
			}
			t.br.issFile, t.br.issLine, t.br.tables = "", 0, false
		}
	}
	exempt, nonTaxable := decimalZero, decimalZero
	overridden := false
	for _, o := range l.exemptOv {
		if o.withholding == "" && matchesSel(o.impositionType, o.jurisdictionType, o.jurisdictionID, s.j, s.imp) {
			exempt = add(exempt, overrideAmount(o, s.base))
			t.reasonCode = o.reasonCode
			overridden = true
		}
	}
	for _, o := range l.nonTaxOv {
		if o.withholding == "" && matchesSel(o.impositionType, o.jurisdictionType, o.jurisdictionID, s.j, s.imp) {
			nonTaxable = add(nonTaxable, overrideAmount(o, s.base))
			t.reasonCode = o.reasonCode
			overridden = true
		}
	}
	// An exempt or non-taxable override decides the taxes it matches, as
	// on any other line (compute.go); the customer's own exemption, sent
	// or a stored certificate of the customer, decides the others
	// (l.certs is empty when the request exempts the customer).
	var cert *profile.Certificate
	if !overridden && len(l.certs) > 0 && s.j != nil {
		cert, t.refused = k.c.certificateCovers(l, s.j)
	}
	customerExempt := !overridden && l.customer.exempt
	switch {
	case customerExempt:
		exempt = s.base
		t.certificate, t.reasonCode = l.customer.certificate, l.customer.exemptReason
	case cert != nil:
		exempt = s.base
		t.certificate, t.reasonCode = cert.Number, cert.ReasonCode
	}
	if exempt.Sign() != 0 || nonTaxable.Sign() != 0 {
		if add(exempt, nonTaxable).GreaterThan(s.base) {
			nonTaxable = decimal.Max(s.base.Sub(exempt), decimalZero)
			exempt = s.base.Sub(nonTaxable)
		}
		taxable := s.base.Sub(exempt).Sub(nonTaxable)
		t.taxable, t.exempt, t.nonTaxable = taxable, exempt, nonTaxable
		amount, t.br.effective = k.round(mul(taxable, t.rate)), nil
		// The ISS has no CST: its record keeps its item of the LC 116
		// list, the NF-e's cListServ, exempt or not.
		cst, hasCST := brExemptCST[s.imp]
		switch {
		case taxable.Sign() == 0 && nonTaxable.Sign() == 0:
			t.result = wire.TaxResultExempt
			if hasCST {
				t.br.cst = cst[0]
			}
		case taxable.Sign() == 0:
			t.result = wire.TaxResultNonTaxable
			if hasCST {
				t.br.cst = cst[1]
			}
		}
		t.ruleID, t.ruleReason = "override", "exempt or non-taxable override of the request"
		switch {
		case customerExempt:
			t.ruleID, t.ruleReason = "customer-exempt", "the customer is exempt"
		case cert != nil:
			t.ruleID, t.ruleReason = CertificateRule, "a stored exemption certificate of the customer covers the tax"
		}
	}
	t.raw, t.tax = amount, amount
	l.taxes = append(l.taxes, t)
	return amount
}

// state returns the state jurisdiction of a place, and the municipality
// (nil when the place names none).
func statePlace(p *place) (uf string, state, municipality *wire.Jurisdiction) {
	if p == nil || len(p.chain) < 2 {
		return "", nil, nil
	}
	state = &p.chain[1]
	if len(p.chain) > 2 {
		municipality = &p.chain[2]
	}
	return strings.TrimPrefix(p.subdivision, "BR-"), state, municipality
}

// country returns the jurisdiction of Brazil in a Brazilian place.
func country(p *place) *wire.Jurisdiction { return &p.chain[0] }

// finalConsumer reports whether the buyer is a final consumer: a
// non-contributor, or a contributor buying for its own use.
func (x *brLine) finalConsumer() bool {
	return x.buyer == wire.BuyerNaoContribuinte || x.buyer == wire.BuyerContribuinteConsumidorFinal
}

// industrial reports whether the seller's operation bears the IPI.
func (x *brLine) industrial() bool {
	return x.op == wire.OperationVendaProducao || x.op == wire.OperationVendaImportacao
}

// icmsCode is the code of an ICMS record that bears no tax: cst (table B
// of the Convênio s/nº de 1970), or csosn for a Simples Nacional seller,
// whose NF-e (CRT 1) states a CSOSN, the table that Ajuste SINIEF 03/2010
// added, in place of every ICMS CST: the NF-e's manual rejects a CST from
// such an issuer (rejection 590). An export is 300 (imune), a movement
// that is no sale 400 (não tributada pelo Simples Nacional).
func (x *brLine) icmsCode(cst, csosn string) string {
	if x.seller == wire.SellerSimplesNacional {
		return csosn
	}
	return cst
}

// imported reports whether the goods bear the 4% interstate rate: goods
// of foreign origin, goods with more than 40% import content, and the
// goods an importer resells (VENDA_IMPORTACAO), which it imported from
// abroad whatever country of origin the line names or omits (Resolução
// do Senado Federal 13/2012 art. 1).
func (x *brLine) imported() bool {
	return x.foreign || x.importContent || x.op == wire.OperationVendaImportacao
}

// cfop sets the line's CFOP: the override, or the code of its operation.
func (k *brCalc) cfop(code string) {
	x := k.x
	used := code
	if x.cfopOverride != "" {
		used = x.cfopOverride
	}
	if used == "" {
		return
	}
	value := used
	c, known := k.c.s.brazil.CFOP(used)
	if known {
		value = used + " " + c.Description
	}
	x.note("cfopTaxCodeOverride", BrazilCFOPRule, x.cfopOverride, value)
	// A CFOP of the request that names an operation under tax
	// substitution changes no tax: Levy has no MVA tables. The line says
	// so, lest the operation's own ICMS pass for the whole of it.
	if x.cfopOverride != "" && known && strings.Contains(strings.ToLower(c.Description), "substituição tributária") {
		x.assisted = append(x.assisted, wire.AssistedParameter{ParamName: "cfopTaxCodeOverride", Phase: wire.PhasePost, RuleName: TaxNotComputedRule,
			OriginalValue: x.cfopOverride, Value: "BR: CFOP " + used + " names an operation under tax substitution; Levy computes no ICMS-ST " +
				"(no MVA tables, internal/datagen/br/br.md): the ICMS and FCP shown are the operation's own, which a seller whose goods' ICMS was " +
				"withheld earlier in the chain does not owe (CST 60): send exemptOverrides or nonTaxableOverrides for them; a substitute adds the ST it withholds"})
	}
}

// origin notes the NF-e origin code of goods: 0 national, 1 imported by
// the seller, 2 foreign goods bought in Brazil, 3 national goods with
// more than 40% import content (8 when above 70%, which the line cannot
// say).
func (k *brCalc) origin() {
	x := k.x
	if x.isService() || x.kind == brImport || k.c.d.perspective == "OWNER" {
		return
	}
	code := "0 nacional"
	switch {
	case x.op == wire.OperationVendaImportacao:
		code = "1 estrangeira, importação direta"
	case x.foreign:
		code = "2 estrangeira, adquirida no mercado interno"
	case x.importContent:
		code = "3 nacional, conteúdo de importação superior a 40% (8 when above 70%)"
	}
	x.note("countryOfOriginISOCode", BrazilOriginRule, x.countryCode, code)
}

// importLine: goods from abroad bear Brazil's import taxes at customs
// clearance, paid by the importer, not by the seller; a service from
// abroad, the ISS that its buyer owes (importService).
func (k *brCalc) importLine() {
	x := k.x
	if x.isService() {
		k.importService()
		return
	}
	k.add(brSpec{j: country(x.to), imp: impICMS, role: wire.Destination, base: k.base(), result: wire.TaxResultNonTaxable,
		rule: brRuleImport, reason: "goods and services from abroad bear Brazil's import taxes (II, IPI, ICMS, PIS/COFINS-Importação, and the CBS and IBS) " +
			"at customs clearance, paid by the importer; Levy does not compute them"})
}

// importService: a service from abroad bears the ISS of the buyer's
// municipality, which the buyer, as the taker of the service, owes
// (LC 116/2003 art. 1 § 1, art. 3 I and art. 6 § 2 I), at the rate
// loaded for the municipality and item. The buyer's perspective accrues
// it; the seller abroad charges none. PIS/COFINS-Importação (Lei
// 10.865/2004) and the CBS and IBS on the import are not computed.
func (k *brCalc) importService() {
	x := k.x
	base := k.base()
	notComputed := "; PIS/COFINS-Importação (Lei 10.865/2004) and the CBS and IBS on the import are not computed"
	if x.item == "" {
		x.note("commodityCode", brItemRequired, "", "the ISS on a service from abroad depends on its item of the LC 116/2003 list: "+
			"send commodityCode with commodityCodeType LC116; no ISS is computed")
		return
	}
	if k.share.Sign() == 0 {
		return
	}
	_, _, mun := statePlace(x.to)
	if mun == nil {
		x.note("commodityCode", brMunicipalityUnknown, x.item, "the ISS on a service from abroad is due at the buyer's establishment "+
			"(LC 116/2003 art. 3 I), whose municipality the request does not name: no ISS is computed")
		return
	}
	if !k.purchase {
		k.add(brSpec{j: mun, imp: impISS, role: wire.Destination, base: base, result: wire.TaxResultNonTaxable, cst: issItem(x.item), rule: brRuleImport,
			reason: "the ISS on a service from abroad is owed by its buyer in Brazil, the taker of the service (LC 116/2003 art. 1 § 1, art. 3 I " +
				"and art. 6 § 2 I), not by the seller abroad: the buyer's purchase accrues it" + notComputed})
		return
	}
	code := mun.ExternalJurisdictionCode
	r, ok := k.c.s.brazil.ISSRate(code, x.item, k.date)
	if !ok {
		x.note("commodityCode", BrazilISSRateUnknown, x.item, "no ISS rate of "+mun.Value+" ("+code+") for item "+x.item+" on "+dateString(k.date)+
			" is loaded; municipal rates are not open data, so Levy never guesses one: load them as content (levy --content br-iss:FILE). "+
			"No ISS is computed on the service from abroad")
		return
	}
	reason := "the ISS of " + mun.Value + " for item " + x.item + " on a service from abroad, which the buyer owes as its taker, at its establishment " +
		"(LC 116/2003 art. 1 § 1, art. 3 I and art. 6 § 2 I), at the rate loaded from " + r.File + " (" + r.Source + ")" + notComputed
	if k.shareText != "" {
		reason += "; " + k.shareText
	}
	k.add(brSpec{j: mun, imp: impISS, role: wire.Destination, base: base, rate: mul(r.Rate, k.share), cst: issItem(x.item), rule: brRuleISS,
		reason: reason, buyer: true, issFile: r.File, issLine: r.Line})
}

// base is the line's price with freight: the operation's value (the
// discounts are already off the price).
func (k *brCalc) base() decimal.Decimal { return add(k.l.amount, k.l.freight) }

// export: exports bear no ICMS, IPI, PIS, COFINS, ISS, CBS or IBS.
func (k *brCalc) export() {
	x := k.x
	base := k.base()
	_, st, mun := statePlace(x.from)
	br := country(x.from)
	if x.isService() {
		k.cfop("7949")
		if mun != nil {
			k.add(brSpec{j: mun, imp: impISS, role: wire.PhysicalOrigin, base: base, result: wire.TaxResultNonTaxable, rule: brRuleExport,
				reason: "exports of services bear no ISS (LC 116/2003 art. 2 I), unless their result is verified in Brazil (its sole paragraph)"})
		}
	} else {
		if k.c.d.perspective == "OWNER" {
			// The owner's own goods or assets leave for abroad: no sale.
			k.cfop("7949")
		} else {
			k.cfop(map[bool]string{true: "7101", false: "7102"}[x.op == wire.OperationVendaProducao])
		}
		k.add(brSpec{j: st, imp: impICMS, role: wire.PhysicalOrigin, base: base, result: wire.TaxResultNonTaxable, cst: x.icmsCode(cstICMSNotTaxed, csosnImmune), rule: brRuleExport,
			reason: "exports bear no ICMS (Constitution art. 155 § 2 X a; LC 87/1996 art. 3 II)"})
		if x.industrial() {
			k.add(brSpec{j: br, imp: impIPI, role: wire.PhysicalOrigin, base: base, result: wire.TaxResultNonTaxable, cst: cstIPIImmune, rule: brRuleExport,
				reason: "exported goods bear no IPI (Constitution art. 153 § 3 III)"})
		}
	}
	if k.c.d.perspective == "OWNER" {
		// No revenue, no supply: the contributions and the CBS and IBS
		// have nothing to reach, as on the owner's movements within Brazil.
		return
	}
	if k.pisCofinsDue() {
		for _, imp := range []jurisdiction.Tax{impPIS, impCOFINS} {
			k.add(brSpec{j: br, imp: imp, role: wire.PhysicalOrigin, base: base, result: wire.TaxResultNonTaxable, cst: cstPISNoIncidence, rule: brRuleExport,
				reason: "revenue from exports bears no social contributions (Constitution art. 149 § 2 I)"})
		}
	}
	if _, ok := k.c.s.brazil.Reform("CBS", k.date); ok {
		for _, imp := range []jurisdiction.Tax{impCBS, impIBS} {
			k.add(brSpec{j: br, imp: imp, role: wire.PhysicalOrigin, base: base, result: wire.TaxResultNonTaxable, cst: cstReformImmune, rule: brRuleExport,
				reason: "exports bear no CBS and no IBS (Constitution art. 156-A § 1 III and art. 195 § 16, EC 132/2023)", info: k.pisCofinsDue()})
		}
	}
}

// pisCofinsDue reports whether PIS and COFINS are due on the line's date
// (until 2026).
func (k *brCalc) pisCofinsDue() bool {
	_, ended := k.c.s.brazil.Transition("pis-cofins-end", k.date)
	return !ended
}

// goods calculates a sale of goods within Brazil.
func (k *brCalc) goods() {
	x := k.x
	x.goodsSold = true
	br := k.c.s.brazil
	fromUF, fromState, _ := statePlace(x.from)
	toUF, toState, _ := statePlace(x.to)
	interstate := fromUF != toUF
	simples := x.seller == wire.SellerSimplesNacional
	prod := x.op == wire.OperationVendaProducao
	switch {
	case !interstate:
		k.cfop(map[bool]string{true: "5101", false: "5102"}[prod])
	case x.buyer == wire.BuyerNaoContribuinte:
		k.cfop(map[bool]string{true: "6107", false: "6108"}[prod])
	default:
		k.cfop(map[bool]string{true: "6101", false: "6102"}[prod])
	}
	base := k.base()
	if _, _, mun := statePlace(x.to); interstate && mun != nil && inZonaFranca(mun.ExternalJurisdictionCode) {
		x.note("destination", brZonaFranca, mun.ExternalJurisdictionCode, "goods sent from another state into the Zona Franca de Manaus ("+mun.Value+
			") may be free of the ICMS (Convênio ICM 65/1988), of the IPI (Decreto-Lei 288/1967 art. 4: as an export) and bear PIS and COFINS at zero "+
			"(Lei 10.996/2004 art. 2), on conditions Levy does not check (the goods, the buyer's SUFRAMA registration, their use there): "+
			"the line is taxed as any other sale; send exemptOverrides where the benefits apply")
	}
	if !x.hasNCM && x.otherCode != "" && !x.industrial() {
		x.note("commodityCode", brNCMRequired, x.otherCode, "the commodityCode "+x.otherCode+" is not an NCM, by which Brazil classifies goods: "+
			"no single-stage PIS/COFINS group or fuel's ICMS was looked up, and the general rates apply; send commodityCodeType NCM")
	}
	k.ipiTax(base)

	// ICMS of the operation.
	icmsEnded := k.share.Sign() == 0
	icmsBase := base
	if x.finalConsumer() {
		icmsBase = add(icmsBase, k.ipi) // LC 87/1996 art. 13 § 2
	}
	rule, reason := brRuleDomestic, "a sale within "+fromUF+": its internal rate"
	if x.pauta != nil {
		x.pautaUsed = !icmsEnded
		icmsBase = k.round(mul(*x.pauta, x.pautaQty))
		if base.Sign() < 0 {
			icmsBase = icmsBase.Neg() // a credit takes the pauta's ICMS back
		}
		rule, reason = brRulePauta, "the pauta of the request replaces the base: its amount per unit times the quantity"
	}
	var rate decimal.Decimal
	rateOK := true
	switch {
	case icmsEnded:
	case !interstate:
		r, ok := k.internal(fromUF)
		rate, rateOK = r, ok
	default:
		r, imp, _ := br.Interstate(fromUF, toUF, k.date)
		rate = r
		if rule != brRulePauta {
			rule, reason = brRuleInterstate, "a sale from "+fromUF+" to "+toUF+": the interstate rate (Resolução do Senado Federal 22/1989)"
		}
		if x.imported() {
			rate = imp
			if rule != brRulePauta {
				rule, reason = brRuleImported, "imported goods, or goods with more than 40% import content, from "+fromUF+" to "+toUF+
					": 4% (Resolução do Senado Federal 13/2012)"
			}
		}
		rate = mul(rate, k.share)
		k.interRate = rate
	}
	if x.finalConsumer() && k.ipi.Sign() != 0 {
		reason += "; the base includes the IPI, the buyer being a final consumer (LC 87/1996 art. 13 § 2)"
	}
	switch {
	case icmsEnded:
	case simples:
		k.add(brSpec{j: fromState, imp: impICMS, role: wire.PhysicalOrigin, base: icmsBase, result: wire.TaxResultNoTax, cst: csosnSimples, rule: brRuleSimples,
			reason: "a Simples Nacional seller pays its ICMS in the DAS (LC 123/2006 art. 13 VII); CSOSN 102: no credit to the buyer is stated" +
				map[bool]string{true: "; it owes no DIFAL (STF, ADI 5464)", false: ""}[interstate && x.buyer == wire.BuyerNaoContribuinte]})
		if interstate && rateOK {
			k.difalTax(toUF, toState, icmsBase) // a contributor's own DIFAL, in the buyer's perspective
		}
	case rateOK:
		if k.shareText != "" {
			reason += "; " + k.shareText
		}
		k.icms = k.add(brSpec{j: fromState, imp: impICMS, role: wire.PhysicalOrigin, base: icmsBase, rate: rate, cst: cstICMSTaxed,
			rule: rule, reason: reason, included: true})
		if k.icms.Sign() != 0 {
			k.fuelSingleStage()
		}
		if !interstate {
			k.fcp = k.fcpTax(fromUF, fromState, wire.PhysicalOrigin, icmsBase, nil)
		}
		if interstate {
			// The DIFAL is the difference to the interstate rate the
			// invoice charges: the request's, when it overrides it. An
			// override to zero charges no ICMS at the origin, as an
			// exempt one, and leaves the interstate rate of the pair.
			if r, ok := k.rateOverride(fromState, impICMS); ok && r.Sign() > 0 {
				k.interRate = r
			}
			k.difalTax(toUF, toState, icmsBase)
		}
	}
	// The PIS and COFINS base is the revenue without the ICMS the invoice
	// states (STF, RE 574.706), its FCP, and the DIFAL and destination FCP
	// the seller pays on a sale to a non-contributor (Solução de Consulta
	// Cosit 198/2025; IN RFB 2.121/2022 art. 26 XII). A contributor's own
	// DIFAL is the buyer's: k.difal is zero then.
	// A pauta may make the ICMS larger than the price: the exclusion takes
	// a base to zero and no lower.
	k.pisCofins(excluding(base, k.icms, k.fcp, k.difal, k.fcpDest))
	k.reform(excluding(base, k.icms, k.fcp, k.difal, k.fcpDest, k.pis, k.cofins))
	if k.date.Year >= 2027 {
		k.x.assisted = append(k.x.assisted, wire.AssistedParameter{ParamName: "commodityCode", Phase: wire.PhasePost, RuleName: TaxNotComputedRule,
			OriginalValue: k.ncmText(), Value: "BR: the Imposto Seletivo (LC 214/2025, from 2027) reaches the goods of its annexes; Levy does not compute it"})
	}
}

// fuelICMS are the fuels whose ICMS is charged once, by the producer or
// importer, at an amount per litre or kilogram (LC 192/2022 art. 2), by
// their group in the single-stage PIS/COFINS table, with the agreement
// that set the single stage and its first day.
var fuelICMS = map[string]struct {
	act  string
	from civil.Date
}{
	"101": {"Convênio ICMS 15/2023", civil.MustParse("2023-06-01")},  // gasoline
	"102": {"Convênio ICMS 199/2022", civil.MustParse("2023-05-01")}, // diesel
	"103": {"Convênio ICMS 199/2022", civil.MustParse("2023-05-01")}, // LPG
	"109": {"Convênio ICMS 199/2022", civil.MustParse("2023-05-01")}, // biodiesel
}

// fuelSingleStage says, on a line of a fuel whose ICMS is single-stage
// on its date, that the ICMS shown is the state's general rate and not
// that tax: its producer or importer pays it per litre or kilogram, at
// amounts Levy does not hold, and a later sale bears none (CST 61).
func (k *brCalc) fuelSingleStage() {
	x := k.x
	if !x.hasNCM {
		return
	}
	for _, g := range k.c.s.brazil.SingleStage(x.ncm.Code, x.ncm.Ex) {
		f, ok := fuelICMS[g.Group]
		if !ok || k.date.Before(f.from) {
			continue
		}
		x.assisted = append(x.assisted, wire.AssistedParameter{ParamName: "commodityCode", Phase: wire.PhasePost, RuleName: TaxNotComputedRule,
			OriginalValue: k.ncmText(), Value: "BR: the ICMS on " + g.GroupName + " is charged once, from " + f.from.String() + " (LC 192/2022 art. 2; " + f.act +
				"): its producer or importer pays it at an amount per litre or kilogram, which Levy does not compute, and a later sale bears none (CST 61). " +
				"The ICMS shown, with its FCP and DIFAL, is at the states' general rates: a reseller takes them out with nonTaxableOverrides, a producer or importer replaces them with its own"})
		return
	}
}

// ncmText is the line's NCM code, "" without one.
func (k *brCalc) ncmText() string {
	if !k.x.hasNCM {
		return ""
	}
	if k.x.ncm.Ex != "" {
		return k.x.ncm.Code + " Ex " + k.x.ncm.Ex
	}
	return k.x.ncm.Code
}

// internal returns a state's internal rate on the line's date, times the
// transition's share; a state without a known rate that day is noted.
func (k *brCalc) internal(uf string) (decimal.Decimal, bool) {
	s, ok := k.c.s.brazil.State(uf)
	if !ok {
		return decimalZero, false
	}
	r, ok := s.InternalRate(k.date)
	if !ok {
		k.x.note("documentDate", brICMSRateUnknown, uf, "Levy knows no internal ICMS rate of "+uf+" on "+dateString(k.date)+
			": its ICMS is not computed on this line")
		return decimalZero, false
	}
	return mul(r.Value, k.share), true
}

// fcpTax adds a state's poverty-fund surcharge on a base: its listed
// goods' rate when the line's goods are on the list, else the rate on
// every good. amount, when set, replaces base x rate. It returns the tax.
func (k *brCalc) fcpTax(uf string, j *wire.Jurisdiction, role wire.LocationRole, base decimal.Decimal, fixed *decimal.Decimal) decimal.Decimal {
	rate, reason, ok := k.fcpRate(uf)
	if !ok || rate.Sign() == 0 {
		return decimalZero
	}
	return k.add(brSpec{j: j, imp: impICMSFCP, role: role, base: base, rate: rate, amount: fixed, cst: cstICMSTaxed, rule: brRuleFCP,
		reason: reason, included: true})
}

// fcpRate returns a state's FCP rate for the line's goods, times the
// transition's share.
func (k *brCalc) fcpRate(uf string) (decimal.Decimal, string, bool) {
	s, ok := k.c.s.brazil.State(uf)
	if !ok {
		return decimalZero, "", false
	}
	if k.x.fcpList {
		if !s.FCPListedKnown {
			k.x.note("transactionCondition", brFCPListedUnknown, wire.ConditionFCPLista, "the rate of "+uf+"'s poverty-fund surcharge on its listed goods is not known to Levy: no FCP is computed")
			return decimalZero, "", false
		}
		return mul(s.FCPListed, k.share), uf + "'s poverty-fund surcharge on the goods of its list (transaction condition FCP_LISTA): " + s.Notes, true
	}
	return mul(s.FCP.Value, k.share), uf + "'s poverty-fund surcharge on every good (" + s.FCP.Source + ")", true
}

// difalTax adds, on an interstate sale to a final consumer, the
// difference between the destination's internal rate and the interstate
// rate (EC 87/2015, LC 190/2022), with the destination's FCP: the seller
// owes it on a sale to a non-contributor, the buyer on its own purchase
// as a contributor (only the buyer's perspective shows that one). The
// base is the destination state's method: single or double.
func (k *brCalc) difalTax(uf string, j *wire.Jurisdiction, base decimal.Decimal) {
	x := k.x
	byBuyer := x.buyer == wire.BuyerContribuinteConsumidorFinal
	switch {
	case x.buyer == wire.BuyerNaoContribuinte && x.seller != wire.SellerSimplesNacional:
	case byBuyer && k.purchase:
	default:
		return
	}
	s, _ := k.c.s.brazil.State(uf)
	// A rate override of the DIFAL names the destination's internal rate
	// of its formula, the rate its record states (the NF-e's
	// pICMSUFDest), and one of the destination's FCP the FCP's rate,
	// which also grosses the double base up.
	dest, destOverridden := k.rateOverride(j, impICMSDIFAL)
	if !destOverridden {
		var ok bool
		if dest, ok = k.internal(uf); !ok {
			return
		}
	}
	if !dest.GreaterThan(k.interRate) {
		return
	}
	// The state's base in force on the line's date.
	method := s.DIFALOn(k.date, byBuyer)
	fcpRate, _, _ := k.fcpRate(uf)
	if r, ok := k.rateOverride(j, impICMSFCP); ok {
		fcpRate = r
	}
	baseDest := base
	var difal decimal.Decimal
	what := "single base: the origin's base times the difference of the rates"
	if method.Double {
		// The destination's base holds its own ICMS: the operation's value
		// without the origin's ICMS, grossed up by the destination's rate
		// and FCP. The origin's ICMS of the formula is the interstate rate
		// on the base, what a seller of the normal regime charges, and what
		// is deducted though a Simples Nacional vendor pays its own in the
		// DAS (SEFAZ-SP, Resposta à Consulta 31.674/2025): the DIFAL is the
		// difference of the rates, never the destination's full rate.
		origin := k.round(mul(base, k.interRate))
		baseDest = base.Sub(origin).DivRound(decimalOne.Sub(dest).Sub(fcpRate), 10)
		baseDest = k.round(baseDest)
		difal = k.round(mul(baseDest, dest)).Sub(origin)
		what = "double base: (base - origin ICMS) / (1 - destination's rate and FCP), times the destination's rate, less the origin ICMS"
	} else {
		difal = k.round(mul(baseDest, dest.Sub(k.interRate)))
	}
	if !method.Known {
		x.note("destination", brDIFALNotChecked, uf, "the DIFAL base of "+uf+" (single or double) was not checked: Levy uses the single base "+
			"(internal/datagen/br/difal.csv)")
	}
	who := "the seller owes it on a sale to a non-contributor (LC 87/1996 art. 4 § 2 II)"
	if byBuyer {
		who = "the buyer owes it as a contributor buying for its own use (LC 87/1996 art. 4 § 2 I)"
	}
	reason := "the difference between " + uf + "'s internal rate and the interstate rate, to " + uf + " (EC 87/2015, LC 190/2022); " + who + "; " + what
	if method.Known {
		reason += " (" + method.Source + ")"
	}
	eff := decimalZero
	if baseDest.Sign() != 0 {
		eff = difal.DivRound(baseDest, 6)
	}
	k.difal = k.add(brSpec{j: j, imp: impICMSDIFAL, role: wire.Destination, base: baseDest, rate: dest, amount: &difal, cst: cstICMSTaxed,
		rule: brRuleDIFAL, reason: reason, included: !byBuyer, buyer: byBuyer, effective: &eff, rateApplied: destOverridden})
	if fcpRate.Sign() != 0 {
		fcp := k.round(mul(baseDest, fcpRate))
		_, fcpReason, _ := k.fcpRate(uf)
		k.fcpDest = k.add(brSpec{j: j, imp: impICMSFCP, role: wire.Destination, base: baseDest, rate: fcpRate, amount: &fcp, cst: cstICMSTaxed,
			rule: brRuleFCP, reason: fcpReason + ", on the DIFAL's base", included: !byBuyer, buyer: byBuyer})
	}
	if byBuyer {
		// The buyer's own tax is no part of what the vendor charges.
		k.difal, k.fcpDest = decimalZero, decimalZero
	}
}

// rateOverride returns the rate that the request's rate overrides set
// for an imposition in a jurisdiction (the last that matches, as add
// applies them), and whether one matches.
func (k *brCalc) rateOverride(j *wire.Jurisdiction, imp jurisdiction.Tax) (decimal.Decimal, bool) {
	rate, ok := decimalZero, false
	for _, ro := range k.l.rateOv {
		if j != nil && ro.withholding == "" && matchesSel(ro.impositionType, ro.jurisdictionType, ro.jurisdictionID, j, imp) {
			rate, ok = ro.rate, true
		}
	}
	return rate, ok
}

// ipiTax adds the IPI of an industrial or importing seller at the TIPI
// rate of the line's NCM, on the operation's value.
func (k *brCalc) ipiTax(base decimal.Decimal) {
	x := k.x
	if !x.industrial() {
		return
	}
	br := country(x.from)
	if !x.hasNCM {
		x.note("commodityCode", brNCMRequired, "", "an industrial or importing seller's IPI is the TIPI rate of the goods' NCM: "+
			"send commodityCode with commodityCodeType NCM; no IPI is computed")
		return
	}
	n := x.ncm
	if n.Extinct {
		x.note("commodityCode", brNCMNotInForce, n.Code, "NCM "+n.Code+" is no longer in the NCM in force in 2026; its TIPI rate is that of 2023")
	}
	if !n.ValidFrom.IsZero() && k.date.Before(n.ValidFrom) {
		x.note("commodityCode", brNCMNotInForce, n.Code, "NCM "+n.Code+" takes effect on "+dateString(n.ValidFrom)+", after the line's date")
	}
	role := wire.PhysicalOrigin
	switch {
	case x.seller == wire.SellerSimplesNacional:
		k.add(brSpec{j: br, imp: impIPI, role: role, base: base, result: wire.TaxResultNoTax, cst: cstIPIOther, rule: brRuleSimples,
			reason: "a Simples Nacional seller pays its IPI in the DAS (LC 123/2006 art. 13 II)"})
		return
	case !n.RateKnown:
		v := "NCM " + n.Code + " came into force on " + dateString(n.ValidFrom) + " and its TIPI rate is not in Levy's table; no IPI is computed (send a rate override of IPI)"
		if n.Hint != nil {
			v += "; the extinct code " + n.HintFrom + " it replaced had " + n.Hint.Shift(2).String() + "%, which may no longer be right"
		}
		x.note("commodityCode", brIPIRateUnknown, n.Code, v)
		return
	case n.NT:
		k.add(brSpec{j: br, imp: impIPI, role: role, base: base, result: wire.TaxResultNonTaxable, cst: cstIPINT, rule: brRuleIPI,
			reason: "NCM " + n.Code + " is NT (não tributado) in the TIPI"})
		return
	}
	rate := n.Rate
	rule, reason := brRuleIPI, "the TIPI rate of NCM "+k.ncmText()+" (Decreto 11.158/2022), on the operation's value"
	if t, ok := k.c.s.brazil.Transition("ipi-zero", k.date); ok {
		rate, rule, reason = decimalZero, brRuleTransitionZero, t.Citation
		if n.Rate.Sign() != 0 {
			x.note("commodityCode", brIPIZonaFranca, n.Code, "the IPI is zero from 2027 except on goods also made with the Zona Franca de Manaus's incentives, "+
				"which Levy does not know: their TIPI rate of "+n.Rate.Shift(2).String()+"% would apply")
		}
	}
	if x.op == wire.OperationVendaImportacao {
		reason += "; the importer is an industrial establishment by equivalence (Decreto 7.212/2010, RIPI, art. 9 I)"
	}
	cst := cstIPITaxed
	if rate.Sign() == 0 {
		cst = cstIPIZero
	}
	k.ipi = k.add(brSpec{j: br, imp: impIPI, role: role, base: base, rate: rate, cst: cst, rule: rule, reason: reason})
}

// pisCofins adds PIS and COFINS at the seller's regime on base (the
// operation's value without the ICMS), or at the single-stage rates of
// the goods' group.
func (k *brCalc) pisCofins(base decimal.Decimal) {
	if !k.pisCofinsDue() {
		return
	}
	x := k.x
	br := country(x.from)
	role := wire.PhysicalOrigin
	if x.seller == wire.SellerSimplesNacional {
		for _, imp := range []jurisdiction.Tax{impPIS, impCOFINS} {
			k.add(brSpec{j: br, imp: imp, role: role, base: base, result: wire.TaxResultNoTax, cst: cstPISOther, rule: brRuleSimples,
				reason: "a Simples Nacional seller pays its PIS and COFINS in the DAS (LC 123/2006 art. 13 IV and V)"})
		}
		return
	}
	key := "nao_cumulativo"
	if x.seller == wire.SellerLucroPresumido {
		key = "cumulativo"
	}
	reg, ok := k.c.s.brazil.Regime(key)
	if !ok {
		return
	}
	pis, cofins, cst := reg.PIS, reg.COFINS, cstPISBasic
	rule := brRulePISCOFINS
	reason := "the " + strings.ReplaceAll(key, "_", "-") + " regime (" + reg.Source + "); the base excludes the ICMS and its FCP (STF, RE 574.706)"
	if k.difal.Sign() != 0 || k.fcpDest.Sign() != 0 {
		reason += " and the DIFAL and FCP the seller pays to the destination (Solução de Consulta Cosit 198/2025)"
	}
	if x.isService() {
		reason = "the " + strings.ReplaceAll(key, "_", "-") + " regime (" + reg.Source + ")"
	}
	var groups []data.BRSingleStage
	if x.hasNCM {
		groups = k.c.s.brazil.SingleStage(x.ncm.Code, x.ncm.Ex)
	}
	if len(groups) > 0 {
		g := groups[0]
		rule = brRuleSingleStage
		if x.op == wire.OperationVendaMercadoria {
			pis, cofins, cst = decimalZero, decimalZero, cstPISSingleResale
			reason = "single-stage product (" + g.GroupName + ", " + g.Source + "): its producer or importer paid the contributions; resale is at 0%"
		} else {
			for _, o := range groups[1:] {
				if !o.PIS.Equal(g.PIS) || !o.COFINS.Equal(g.COFINS) {
					var names []string
					for _, gg := range groups {
						names = append(names, gg.Group+" "+gg.GroupName)
					}
					x.note("commodityCode", brSingleStageAmbig, k.ncmText(), "NCM "+k.ncmText()+" is in single-stage groups of different rates ("+
						strings.Join(names, "; ")+"): Levy does not choose, and computes no PIS or COFINS (send rate overrides of PIS and COFINS)")
					return
				}
			}
			pis, cofins, cst = g.PIS, g.COFINS, cstPISSingleStage
			reason = "single-stage product (" + g.GroupName + "): the producer's or importer's rates (" + g.Source + ")"
			if strings.HasPrefix(g.Group, "1") {
				x.note("commodityCode", brFuelSpecific, k.ncmText(), "fuels: the ad valorem rates of "+g.Source+
					"; the option for specific rates per m³ (Lei 10.865/2004 art. 23) is not modelled")
			}
		}
	}
	k.pis = k.add(brSpec{j: br, imp: impPIS, role: role, base: base, rate: pis, cst: cst, rule: rule, reason: reason, included: true})
	k.cofins = k.add(brSpec{j: br, imp: impCOFINS, role: role, base: base, rate: cofins, cst: cst, rule: rule, reason: reason, included: true})
}

// reform adds the CBS and the IBS (state and municipal) on base, at the
// destination: for information in 2026, charged from 2027.
func (k *brCalc) reform(base decimal.Decimal) {
	br := k.c.s.brazil
	cbs, ok := br.Reform("CBS", k.date)
	if !ok {
		return
	}
	x := k.x
	info := k.pisCofinsDue()
	to := x.to
	if to == nil {
		to = x.from
	}
	_, toState, toMun := statePlace(to)
	cite := "the operation's value without the ICMS (its FCP and DIFAL included), the ISS, PIS and COFINS (EC 132/2023, ADCT art. 133; LC 214/2025 art. 12 § 2)"
	rows := []reformRow{{cbs, impCBS, country(to), "the CBS"}}
	if r, ok := br.Reform("IBS_UF", k.date); ok {
		rows = append(rows, reformRow{r, impIBS, toState, "the state's IBS"})
	}
	simples := x.seller == wire.SellerSimplesNacional
	if r, ok := br.Reform("IBS_MUN", k.date); ok {
		if toMun == nil {
			if r.Value.Sign() != 0 && !simples {
				x.note("destination", brMunicipalityUnknown, "", "the destination names no municipality: the municipal IBS is not computed")
			}
		} else {
			rows = append(rows, reformRow{r, impIBS, toMun, "the municipality's IBS"})
		}
	}
	if simples {
		// The records sit where a regular seller's would: the CBS at the
		// Union, the IBS at the destination state and municipality.
		reason := "a Simples Nacional seller is outside the CBS and IBS of 2026 (LC 214/2025 art. 348)"
		if !info {
			reason = "a Simples Nacional seller pays the CBS and IBS in the DAS unless it opts to pay them outside it (LC 123/2006 as LC 214/2025 amended it), which Levy does not know"
		}
		for _, r := range rows {
			k.add(brSpec{j: r.j, imp: r.imp, role: wire.Destination, base: base, result: wire.TaxResultNonTaxable, rule: brRuleSimples, reason: reason, info: info})
		}
		return
	}
	when := "charged"
	if info {
		when = "for information: in 2026 the CBS and IBS are a test whose amounts are offset against PIS and COFINS (LC 214/2025 art. 348)"
	}
	for _, r := range rows {
		if r.row.Provisional {
			x.note(k.dateParam(), brProvisionalRate, dateString(k.date), r.row.Tax+" "+r.row.Value.Shift(2).String()+"% is provisional: "+r.row.Notes)
		}
		k.add(brSpec{j: r.j, imp: r.imp, role: wire.Destination, base: base, rate: r.row.Value, cst: cstReformTaxed, class: classReformTaxed,
			rule: brRuleReform, reason: r.who + " at the destination (" + r.row.Source + "), on " + cite + "; " + when, info: info})
	}
}

// reformRow is a CBS or IBS rate of a line's destination, with the
// jurisdiction it is charged for and how the record's reason names it.
type reformRow struct {
	row data.BRReformRate
	imp jurisdiction.Tax
	j   *wire.Jurisdiction
	who string
}

// dateParam names the member that dates the line.
func (k *brCalc) dateParam() string {
	if k.l.dateText != "" && k.l.date != k.c.d.date {
		return "taxDate"
	}
	return "documentDate"
}

// service calculates a service within Brazil: the ISS of the
// municipality, PIS/COFINS and the CBS and IBS.
func (k *brCalc) service() {
	x := k.x
	fromUF, _, fromMun := statePlace(x.from)
	toUF, _, toMun := statePlace(x.to)
	k.cfop(map[bool]string{true: "5933", false: "6933"}[fromUF == toUF])
	base := k.base()
	k.issTax(base, fromMun, toMun)
	k.pisCofins(base)
	k.reform(excluding(base, k.iss, k.pis, k.cofins))
}

// excluding returns base less the taxes it excludes, or zero where they
// take it past zero (a pauta's ICMS above the price): a tax base keeps
// the sign of the line's, so a credit's negative base takes back its
// taxes as a sale's positive one charges them.
func excluding(base decimal.Decimal, taxes ...decimal.Decimal) decimal.Decimal {
	net := base
	for _, t := range taxes {
		net = net.Sub(t)
	}
	if base.Sign() < 0 {
		return decimal.Min(net, decimalZero)
	}
	return decimal.Max(net, decimalZero)
}

// issTax adds the ISS of the municipality where it is due: the
// provider's, or where the service is performed (the destination) for
// the items of LC 116/2003 art. 3, at the rate loaded for it.
func (k *brCalc) issTax(base decimal.Decimal, fromMun, toMun *wire.Jurisdiction) {
	x := k.x
	if x.item == "" {
		x.note("commodityCode", brItemRequired, "", "a service's ISS depends on its item of the LC 116/2003 list: send commodityCode with commodityCodeType LC116; no ISS is computed")
		return
	}
	if k.share.Sign() == 0 {
		return
	}
	br := k.c.s.brazil
	mun, role := fromMun, wire.PhysicalOrigin
	where := "the provider's establishment (LC 116/2003 art. 3)"
	if p, ok := br.ISSPlace(x.item); ok {
		mun, role = toMun, wire.Destination
		where = p.Where + " (" + p.Citation + ")"
	}
	if mun == nil {
		x.note("commodityCode", brMunicipalityUnknown, x.item, "the ISS of item "+x.item+" is due "+where+", whose municipality the request does not name: no ISS is computed")
		return
	}
	if x.seller == wire.SellerSimplesNacional {
		k.add(brSpec{j: mun, imp: impISS, role: role, base: base, result: wire.TaxResultNoTax, cst: issItem(x.item), rule: brRuleSimples,
			reason: "a Simples Nacional seller pays its ISS in the DAS (LC 123/2006 art. 13 VIII)"})
		return
	}
	code := mun.ExternalJurisdictionCode
	r, ok := br.ISSRate(code, x.item, k.date)
	if !ok {
		x.note("commodityCode", BrazilISSRateUnknown, x.item, "no ISS rate of "+mun.Value+" ("+code+") for item "+x.item+" on "+dateString(k.date)+
			" is loaded; municipal rates are not open data, so Levy never guesses one: load them as content (levy --content br-iss:FILE). No ISS is computed")
		return
	}
	rate := mul(r.Rate, k.share)
	reason := "the ISS of " + mun.Value + " for item " + x.item + ", due " + where + ", at the rate loaded from " + r.File + " (" + r.Source + ")"
	if k.shareText != "" {
		reason += "; " + k.shareText
	}
	k.iss = k.add(brSpec{j: mun, imp: impISS, role: role, base: base, rate: rate, cst: issItem(x.item), rule: brRuleISS, reason: reason, included: true,
		issFile: r.File, issLine: r.Line})
}

// issItem writes an LC 116 item as the NF-e's cListServ does: "01.05".
func issItem(item string) string {
	g, sub, _ := strings.Cut(item, ".")
	if len(g) == 1 {
		g = "0" + g
	}
	return g + "." + sub
}

// owner: an owner's movement of its own goods or assets within Brazil is
// no sale.
func (k *brCalc) owner() {
	x := k.x
	fromUF, fromState, _ := statePlace(x.from)
	if fromState == nil {
		return
	}
	toUF := fromUF
	if x.to != nil && x.to.country == "BR" {
		toUF, _, _ = statePlace(x.to)
	}
	moved := x.to != nil && x.to != x.from && x.to.taxAreaID != x.from.taxAreaID
	base := k.base()
	if k.c.d.message == string(wire.OwnerAssetMovement) {
		k.cfop(map[bool]string{true: "5552", false: "6552"}[fromUF == toUF])
		k.add(brSpec{j: fromState, imp: impICMS, role: wire.PhysicalOrigin, base: base, result: wire.TaxResultNonTaxable, cst: x.icmsCode(cstICMSNotTaxed, csosnNotTaxedSimples), rule: brRuleTransfer,
			reason: "the transfer of an asset between establishments of the same owner bears no ICMS (STF, ADC 49; LC 87/1996 art. 12 § 4 as LC 204/2023 wrote it); " +
				"a DIFAL that a destination state may claim on it is not modelled"})
		return
	}
	if moved {
		k.cfop(map[bool]string{true: "5557", false: "6557"}[fromUF == toUF])
	}
	k.add(brSpec{j: fromState, imp: impICMS, role: wire.PhysicalOrigin, base: base, result: wire.TaxResultNonTaxable, cst: x.icmsCode(cstICMSNotTaxed, csosnNotTaxedSimples), rule: brRuleOwnUse,
		reason: "goods the owner takes from its stock for its own use are not sold and bear no ICMS; the ICMS credit taken when they were bought " +
			"is to be reversed (LC 87/1996 art. 21 III), which Levy does not compute"})
}
