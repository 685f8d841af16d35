package engine

import (
	"context"
	"strings"

	"github.com/levytax/levy"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// purchaseModes says how each purchase message type is calculated: who
// accounts for the tax, whether the buyer accrues where the vendor has
// no nexus, and whether it self-assesses a reverse charge.
var purchaseModes = map[wire.PurchaseMessageType]struct {
	mode          mode
	accrueNoNexus bool
	compare       bool // compare the vendor's tax with the calculated tax
	// selfAssess: a reverse charge (an intra-Community acquisition,
	// services bought from abroad, a domestic reverse charge) is
	// calculated as the buyer owes it, input and output, not as the 0.00
	// the vendor charges: on the kinds by which the buyer settles the
	// invoice, and on a purchase order and a verification, which
	// estimate what the purchase will cost the buyer or check the
	// vendor's invoice. A comparison leaves it out (comparedTax): it is
	// not the vendor's tax.
	selfAssess bool
}{
	wire.PurchaseOrder:                  {modeSell, true, false, true},
	wire.PurchaseInvoiceVerification:    {modeSell, false, true, true},
	wire.PurchaseAccrual:                {modeAccrue, false, false, false},
	wire.PurchaseAccrualSync:            {modeAccrue, false, false, false},
	wire.PurchaseDistributeTax:          {modeDistribute, false, false, false},
	wire.PurchaseERS:                    {modeSell, true, false, true},
	wire.PurchaseAPInvoiceSync:          {modeSell, true, true, true},
	wire.PurchaseConditionalProcurement: {modeSell, true, true, true},
}

// Purchase calculates a purchase from the buyer's perspective (POST
// /procurement): PURCHASE_ORDER, INVOICE_VERIFICATION, ACCRUAL,
// DISTRIBUTE_TAX, ERS, APINVOICE_SYNC, ACCRUAL_SYNC or
// CONDITIONAL_PROCUREMENT. The request is not modified.
//
// ACCRUAL and ACCRUAL_SYNC compute the consumer use tax of the buyer's
// location and credit the tax the vendor charged against it. PURCHASE_ORDER,
// ERS and the sync and conditional kinds compute what the vendor should
// charge where it has nexus and the buyer's use tax where it has none.
// Every kind but DISTRIBUTE_TAX also calculates the reverse charge that
// the buyer self-assesses (an intra-Community acquisition, services
// bought from abroad, a domestic reverse charge), collected from the
// BUYER and input and output, where the vendor charges 0.00.
// INVOICE_VERIFICATION, APINVOICE_SYNC and CONDITIONAL_PROCUREMENT compare
// the vendor's tax (chargedTax) with the tax the vendor should charge,
// which leaves out the buyer's own use tax and reverse charges, and
// report the variance per line and document; CONDITIONAL_PROCUREMENT also
// chooses an action by the settings' policy and tolerance.
func (e *Engine) Purchase(ctx context.Context, req *wire.PurchaseRequest) (*wire.PurchaseResponse, error) {
	resp, _, err := e.purchase(ctx, req, false, nil, nil)
	return resp, stopped(ctx, err)
}

// PreparePurchase calculates req as Purchase does and returns the response with
// the journal transaction that Purchase would store for it, without storing
// it, so that the caller stores it where and when it chooses (package
// batch stores the documents of a run in groups with
// journal.Store.PostAll). The transaction is nil when the calculation is
// of a kind that is not stored (an estimate, or postToJournal false);
// otherwise it carries the request's transaction ID or a generated one,
// which the response's transactionId gives, and it was checked as
// journal.Store.Post checks a transaction for the context's tenant
// (journal.CheckPost). PreparePurchase works with or without a journal
// (WithJournal) and never writes to one.
func (e *Engine) PreparePurchase(ctx context.Context, req *wire.PurchaseRequest) (*wire.PurchaseResponse, *journal.Transaction, error) {
	resp, tx, err := e.purchase(ctx, req, true, nil, nil)
	return resp, tx, stopped(ctx, err)
}

// purchase is Purchase, which stores its transaction, and PreparePurchase, which returns
// it (prepare). When ex is not nil (ExplainPurchase), it is set to the
// explanation of the response's taxes; nothing else changes. When loan is
// not nil (PurchaseWith), the response's taxes are carved from its blocks
// if the calculation stores nothing (calc.borrow).
func (e *Engine) purchase(ctx context.Context, req *wire.PurchaseRequest, prepare bool, ex *wire.Explanation, loan *taxLoan) (*wire.PurchaseResponse, *journal.Transaction, error) {
	if req == nil {
		return nil, nil, levy.Invalid("", "a purchase request is required")
	}
	if err := req.Validate(); err != nil {
		return nil, nil, err
	}
	isSync := req.PurchaseMessageType == wire.PurchaseAPInvoiceSync || req.PurchaseMessageType == wire.PurchaseAccrualSync
	kids := func(l *wire.PurchaseLineItem) []wire.PurchaseLineItem { return l.LineItems }
	id := func(l *wire.PurchaseLineItem) (string, wire.LineItemSyncType, bool) {
		return l.LineItemID, l.SyncType, len(l.LineItems) > 0 && ownLine(l.IsMulticomponent, l.UnitPrice, l.ExtendedPrice)
	}
	if errs := syncLines(req.LineItems, "lineItems", string(req.PurchaseMessageType), isSync, kids, id, nil); len(errs) > 0 {
		return nil, nil, errs
	}
	pm := purchaseModes[req.PurchaseMessageType]
	h := header{date: req.DocumentDate, currency: req.Currency, company: req.CompanyCodeCurrency, factors: req.CurrencyConversionFactors, roundAtLine: req.RoundAtLineLevel,
		taxOnly: req.IsTaxOnlyAdjustmentIndicator, perspective: "BUYER", message: string(req.PurchaseMessageType),
		mode: pm.mode, accrueNoNexus: pm.accrueNoNexus, selfAssess: pm.selfAssess}
	c, b, err := e.newCalc(ctx, h)
	if err != nil {
		return nil, nil, err
	}
	defer c.release()
	c.borrow(e, loan, prepare || ex != nil, req.PostToJournal)
	c.req.purchase = req
	def := purchaseDefaults{buyer: req.Buyer, vendor: req.Vendor, txType: req.TransactionType, enclosing: enclosing{overrides: overrides{exemptOv: req.ExemptOverrides, nonTaxOv: req.NonTaxableOverrides, rateOv: req.RateOverrides, incl: req.ImpositionInclusions, situs: req.SitusOverride}}}
	tree := purchaseLines(c, req.LineItems, "lineItems", &def)
	if errs := parentAmounts(tree, pm.mode == modeAccrue || pm.compare, pm.mode == modeDistribute, nil); len(errs) > 0 {
		return nil, nil, errs
	}
	b.build(tree)
	if len(b.errs) > 0 {
		return nil, nil, b.errs
	}
	if err := c.checkStored(req.PostToJournal); err != nil {
		return nil, nil, err
	}
	if err := c.spreadDiscount(req.Discount); err != nil {
		return nil, nil, err
	}
	lineCharged := false
	if pm.mode == modeAccrue {
		// The vendor's tax is credited against the use tax due.
		linesCharged := decimalZero
		for _, l := range c.d.lines {
			if l.charged != nil && l.br == nil { // a Brazilian line compares it instead (brazil.go)
				l.prevPaid = l.prevPaid.Add(*l.charged)
				linesCharged = linesCharged.Add(*l.charged)
				lineCharged = true
			}
		}
		// The lines' charges are credited and the document's is not:
		// one that says otherwise would be dropped, and the buyer
		// would accrue other than what the vendor's invoice says.
		if lineCharged && req.ChargedTax != nil {
			if doc := c.d.currencyAmount(req.ChargedTax.Decimal()); !doc.Equal(linesCharged) {
				places := int32(max(c.d.currency.MinorUnits, 0))
				return nil, nil, levy.Invalid("chargedTax", "is %s, but the lines' chargedTax sum to %s: an accrual credits the lines' charges when any line sends one, so send the vendor's tax on the lines or on the document, or on both agreeing",
					doc.StringFixed(places), linesCharged.StringFixed(places))
			}
		}
	}
	if err := c.run(); err != nil {
		return nil, nil, err
	}
	if pm.mode == modeAccrue && req.ChargedTax != nil && !lineCharged {
		if err := c.creditDocument(req.ChargedTax.Decimal()); err != nil {
			return nil, nil, err
		}
	}
	if pm.compare {
		if err := c.checkVendorSigns(req.ChargedTax); err != nil {
			return nil, nil, err
		}
	}
	resp := &wire.PurchaseResponse{PurchaseRequest: *req}
	resp.PurchaseRequest.LineItems = nil
	resp.DocumentDate = c.d.date
	resp.Currency = wireCurrency(c.d.currency)
	resp.CompanyCodeCurrency, resp.OriginalCurrency = c.s.named(req.CompanyCodeCurrency), c.s.named(req.OriginalCurrency)
	resp.CurrencyConversionFactors = c.s.namedFactors(req.CurrencyConversionFactors)
	resp.Buyer, resp.Vendor = responseParty(b, req.Buyer, tree), responseParty(b, req.Vendor, tree)
	tol := c.set.Tolerance
	resp.LineItems = responseLines(b, req.LineItems, tree, func(w *wire.PurchaseLineItem) []wire.PurchaseLineItem { return w.LineItems },
		func(r *wire.PurchaseResponseLineItem, w *wire.PurchaseLineItem, kids []wire.PurchaseResponseLineItem, node []lineIn, l *line, total money.Amount) {
			r.PurchaseLineItem = *w
			r.PurchaseLineItem.LineItems = nil
			r.LineItems, r.TotalTax = kids, total
			r.Buyer, r.Vendor = responseParty(b, r.Buyer, node), responseParty(b, r.Vendor, node)
			if l == nil && len(node[0].children) > 0 {
				// An uncalculated parent says which of its members no
				// line acts on.
				r.AssistedParameters = c.parentNotes(&node[0])
			}
			if l != nil {
				r.Taxes, r.ExtendedPrice, r.CompanyCodeCurrencyTaxAmount, r.CompanyCodeCurrencyTaxableAmount = c.leafOut(l)
				r.AssistedParameters = c.assisted(l)
				c.noteLeaf(r, l)
				if l.codeMapped || l.classFromLineType {
					r.Purchase = withPurchaseClass(r.Purchase, l.productClass)
				}
				if (pm.compare || l.br != nil) && l.charged != nil {
					compared := l.comparedTax()
					v := l.charged.Sub(compared)
					va := money.New(v)
					r.Variance = &va
					if tol != nil {
						// The percent is of the tax compared, what the
						// vendor should charge, as the document's is: on a
						// Brazilian line the NF-e's ICMS and IPI, not its
						// whole tax with the buyer's own DIFAL.
						out := !tol.within(v, compared)
						r.OutsideThreshold = &out
					}
				}
			}
		}, func(r *wire.PurchaseResponseLineItem) money.Amount { return r.TotalTax },
		func(r *wire.PurchaseResponseLineItem) **int64 { return &r.LineItemNumber })
	resp.SubTotal, resp.TotalTax, resp.Total = c.totals()
	if pm.compare {
		c.compareDocument(req, resp)
	}
	p := posting{perspective: "BUYER", message: string(req.PurchaseMessageType), transactionID: req.TransactionID,
		documentNumber: req.DocumentNumber, documentDate: resp.DocumentDate, postingDate: req.PostingDate, currency: resp.Currency,
		taxOnly: req.IsTaxOnlyAdjustmentIndicator, subTotal: resp.SubTotal, totalTax: resp.TotalTax, total: resp.Total, profileVersion: c.profileVersion()}
	if req.Buyer != nil {
		p.company = req.Buyer.Company
	}
	if pm.mode == modeAccrue && isSync && req.ChargedTax != nil && !lineCharged {
		// The journal refuses it over stored lines the sync leaves in
		// place, which took their share of an earlier charge.
		p.documentCharge = money.New(c.d.currencyAmount(req.ChargedTax.Decimal()))
	}
	var tx *journal.Transaction
	if resp.TransactionID, tx, err = record(ctx, e, p, req.PostToJournal, resp.LineItems, journalView(c, purchaseLineView), prepare || ex != nil); err != nil {
		return nil, nil, err
	}
	if ex != nil {
		// An explanation stores nothing and names no transaction it did
		// not store.
		tx, resp.TransactionID = nil, req.TransactionID
		*ex = explain(c, tree, resp.LineItems, purchaseLineView, *ex)
	}
	return resp, tx, nil
}

// creditDocument credits the tax that the vendor charged on the whole
// document (the request's chargedTax, when no line sends its own)
// against the use tax that an accrual calculated: each line that bears
// tax takes a share of it in proportion to its tax, with the tax its
// vendor was to charge (line.vendorsDue), and credits its
// share as a line's own charged tax is credited (credit: in the order of
// its jurisdictions, toward zero). A vendor that charged at least the
// whole use tax leaves none to accrue. A negative charge, on a credit
// memo, is shared among the lines whose use tax is negative and takes
// back part of what the buyer reverses; a charge whose sign no line's
// tax has is refused, and so is one, on a document without tax, whose
// sign its lines' amount does not have. A reverse charge takes no share
// (creditableTax), as it takes no credit. Brazilian lines, which compare
// the vendor's taxes rather than credit them, take no share. The charge
// is taken to the currency's minor units first, as a line's is.
func (c *calc) creditDocument(charged decimal.Decimal) error {
	charged = c.d.currencyAmount(charged)
	sign := charged.Sign()
	if sign == 0 {
		return nil
	}
	var lines []*line
	var weights []decimal.Decimal
	sum, other, amount := decimalZero, decimalZero, decimalZero
	for _, l := range c.d.lines {
		if l.br != nil {
			continue
		}
		amount = amount.Add(l.amount)
		// A line's tax here is what the vendor's charge may pay: the
		// use tax and the tax the vendor was to charge (vendorsDue).
		switch tax := add(l.creditableTax(), l.vendorsDue(c.d)); tax.Sign() {
		case sign:
			lines, weights, sum = append(lines, l), append(weights, tax.Abs()), sum.Add(tax.Abs())
		case -sign:
			other = other.Add(tax)
		}
	}
	if len(lines) == 0 {
		if other.Sign() != 0 {
			return levy.Invalid("chargedTax", "is %s, but the lines' use tax is %s: the vendor's tax has the document's sign (negative on a credit memo)", charged, other)
		}
		if amount.Sign() == -sign {
			return levy.Invalid("chargedTax", "is %s, but the lines' amount is %s and they bear no use tax: the vendor's tax has the document's sign (negative on a credit memo only)", charged, amount)
		}
		return nil
	}
	shares := weights // the vendor charged the whole use tax or more
	if charged.Abs().LessThan(sum) {
		places := int32(max(c.d.currency.MinorUnits, 0))
		parts, err := money.Allocate(money.New(charged.Abs()), weights, places)
		if err != nil {
			return levy.Invalid("chargedTax", "can not be credited against the use tax of the lines: %v", err)
		}
		shares = make([]decimal.Decimal, len(parts))
		for i, p := range parts {
			shares[i] = p.Decimal()
		}
	}
	for i, l := range lines {
		l.prevPaid = shares[i]
		if sign < 0 {
			l.prevPaid = l.prevPaid.Neg()
		}
		if err := c.credit(l); err != nil {
			return err
		}
		l.totalTax = l.countedTax()
	}
	return nil
}

// checkVendorSigns refuses, on the kinds that compare the vendor's tax
// with the calculated tax, a vendor's tax whose sign the tax it is
// compared with does not have, as an accrual refuses one it would credit
// (credit, creditDocument): a line's chargedTax against the line's tax,
// the document's (docCharged) against the document's, and either, where
// there is no tax, against the amount when that has the other sign. A
// vendor charges tax of the invoice's sign, negative on a credit memo
// only; compared as sent, a charge of -3.00 on a purchase taxed 8.90 was
// an undercharge of 11.90, more than the whole tax, which a conditional
// procurement accrued. Brazilian lines, which compare the vendor's taxes
// their own way (brazil.go), are not checked, and the document's charge
// is checked against their other lines.
func (c *calc) checkVendorSigns(docCharged *money.Amount) error {
	tax, amount, seen := decimalZero, decimalZero, false
	for _, l := range c.d.lines {
		if l.br != nil {
			continue
		}
		tax, amount, seen = tax.Add(l.comparedTax()), amount.Add(l.amount), true
		if l.charged == nil {
			continue
		}
		if err := vendorSign(l.path+".chargedTax", "line's", *l.charged, l.comparedTax(), l.amount); err != nil {
			return err
		}
	}
	if docCharged == nil || !seen {
		return nil
	}
	return vendorSign("chargedTax", "lines'", c.d.currencyAmount(docCharged.Decimal()), tax, amount)
}

// vendorSign refuses a vendor's tax, charged, sent as field, whose sign
// the calculated tax does not have, or, when that is zero, that the
// amount does not have; whose names what the tax and amount are of.
func vendorSign(field, whose string, charged, tax, amount decimal.Decimal) error {
	sign := charged.Sign()
	switch {
	case sign == 0:
		return nil
	case tax.Sign() == -sign:
		return levy.Invalid(field, "is %s, but the %s calculated tax is %s: the vendor's tax has the sign of the tax (negative on a credit memo)", charged, whose, tax)
	case tax.Sign() == 0 && amount.Sign() == -sign:
		return levy.Invalid(field, "is %s, but the %s amount is %s and it bears no tax: the vendor's tax has the amount's sign (negative on a credit memo only)", charged, whose, amount)
	}
	return nil
}

// compareDocument sets the document's variance, its threshold indicator
// and, for CONDITIONAL_PROCUREMENT, the action.
func (c *calc) compareDocument(req *wire.PurchaseRequest, resp *wire.PurchaseResponse) {
	var charged *decimal.Decimal
	if req.ChargedTax != nil {
		v := c.d.currencyAmount(req.ChargedTax.Decimal())
		charged = &v
	} else {
		sum, any := decimalZero, false
		for _, l := range c.d.lines {
			if l.charged != nil {
				sum, any = sum.Add(*l.charged), true
			}
		}
		if any {
			charged = &sum
		}
	}
	if charged == nil {
		if req.PurchaseMessageType == wire.PurchaseConditionalProcurement {
			zero := decimalZero
			charged = &zero
		} else {
			return
		}
	}
	calculated := c.comparedTotal(resp.TotalTax.Decimal())
	variance := charged.Sub(calculated)
	va := money.New(variance)
	resp.Variance = &va
	tol := c.set.Tolerance
	if tol != nil {
		out := !tol.within(variance, calculated)
		resp.OutsideThreshold = &out
	}
	if req.PurchaseMessageType != wire.PurchaseConditionalProcurement {
		return
	}
	own, reverse := c.ownUseTax()
	resp.ProcurementAction = c.set.procurementAction(*charged, calculated, own, reverse, int32(max(c.d.currency.MinorUnits, 0)))
}

// ownUseTax is the tax that the buyer accounts for itself on a document
// that compares the vendor's tax (own): the use tax its lines collect
// from the BUYER where their vendor has no nexus and the reverse charges
// it self-assesses (buyerTax), which the vendor's tax is not compared
// with (comparedTax) but the response's totalTax holds; reverse is the
// part of own that is reverse charges. Brazilian lines, whose taxes are
// compared their own way, add none.
func (c *calc) ownUseTax() (own, reverse decimal.Decimal) {
	own, reverse = decimalZero, decimalZero
	for _, l := range c.d.lines {
		if l.br != nil {
			continue
		}
		own = add(own, l.buyerTax())
		for i := range l.taxes {
			if t := &l.taxes[i]; t.counted() && t.collectedFrom == wire.TaxCollectedFromBuyer && t.reverseCharged() {
				reverse = add(reverse, t.tax)
			}
		}
	}
	return c.d.currencyAmount(own), c.d.currencyAmount(reverse)
}

// procurementAction chooses what to do with a vendor invoice whose tax is
// charged where calculated is due, on a document on which the buyer owes
// own of tax itself (ownUseTax: use tax where its vendor has no nexus,
// and reverse of reverse charges), which the vendor's tax is not compared
// with. Without a configured tolerance any difference counts. An action
// that pays the vendor's tax where the buyer owes tax of its own is
// ACCRUE, of that tax; an undercharge accrued is accrued with it. The
// reason gives the amounts to places, the minor units of the document's
// currency.
func (s *Settings) procurementAction(charged, calculated, own, reverse decimal.Decimal, places int32) *wire.ProcurementAction {
	variance := charged.Sub(calculated)
	tol := s.Tolerance
	if tol == nil {
		tol = &Tolerance{Amount: &decimalZero}
	}
	desc := "the vendor charged " + charged.StringFixed(places) + " against " + calculated.StringFixed(places) + " calculated"
	ownUse, due := "", " is due besides"
	if own.Sign() != 0 {
		var parts []string
		if use := own.Sub(reverse); use.Sign() != 0 {
			parts = append(parts, "the buyer's own use tax of "+use.StringFixed(places)+" (tax its vendor has no nexus to collect)")
		}
		if reverse.Sign() != 0 {
			parts = append(parts, "the reverse charge of "+reverse.StringFixed(places)+" that the buyer self-assesses (its vendor charges none)")
		}
		ownUse = strings.Join(parts, " and ")
		if len(parts) > 1 {
			due = " are due besides"
		}
	}
	// pay pays the vendor's tax, and accrues the buyer's own use tax.
	pay := func(ruleID, why string) *wire.ProcurementAction {
		if ownUse == "" {
			return &wire.ProcurementAction{Action: wire.ProcurementPayVendorTax, RuleID: ruleID, Reason: desc + why + ": pay the vendor's tax"}
		}
		acc := money.New(own)
		return &wire.ProcurementAction{Action: wire.ProcurementAccrue, RuleID: ruleID + "-use-tax", AccruedTax: &acc,
			Reason: desc + why + ": pay the vendor's tax and accrue " + ownUse}
	}
	hold := func(ruleID, why string) *wire.ProcurementAction {
		a := &wire.ProcurementAction{Action: wire.ProcurementHoldForReview, RuleID: ruleID, Reason: desc + why + ": hold for review"}
		if ownUse != "" {
			a.Reason += "; " + ownUse + due
		}
		return a
	}
	switch {
	case tol.within(variance, calculated):
		return pay("conditional-within-tolerance", ", within tolerance")
	case variance.Sign() < 0:
		if s.Procurement.Undercharge == wire.ProcurementHoldForReview {
			return hold("conditional-undercharge-hold", ", an undercharge beyond tolerance")
		}
		acc := money.New(variance.Neg().Add(own))
		reason := desc + ", an undercharge beyond tolerance: accrue the difference as use tax"
		if ownUse != "" {
			reason += ", with " + ownUse
		}
		return &wire.ProcurementAction{Action: wire.ProcurementAccrue, RuleID: "conditional-undercharge-accrue", AccruedTax: &acc, Reason: reason}
	default:
		if s.Procurement.Overcharge == wire.ProcurementPayVendorTax {
			return pay("conditional-overcharge-pay", ", an overcharge beyond tolerance, which the policy pays")
		}
		return hold("conditional-overcharge-hold", ", an overcharge beyond tolerance")
	}
}

// parentAmounts appends to errs, and returns, the refusals of the
// amounts sent on a line that is not calculated (parentRefusals): a
// vendor's tax (chargedTax), on the kinds that credit or compare it
// (vendor), an inputTotalTax, on DISTRIBUTE_TAX (distribute), a
// specialTaxBasis, a freight and a line discount other than zero. They
// are refused before the lines are built, over the whole tree, so that
// one answer names all of them.
func parentAmounts(tree []lineIn, vendor, distribute bool, errs levy.Errors) levy.Errors {
	for i := range tree {
		li := &tree[i]
		if len(li.children) == 0 {
			continue // a multicomponent line without child lines is refused as such (build)
		}
		if !ownLine(li.multi, li.unit, li.ext) {
			errs = append(errs, parentRefusals(li, parentMembers{charged: vendor, inputTax: distribute, special: true, freight: true, discount: true})...)
		}
		errs = parentAmounts(li.children, vendor, distribute, errs)
	}
	return errs
}

// purchaseDefaults are the document members a purchase line inherits.
type purchaseDefaults struct {
	buyer  *wire.Buyer
	vendor *wire.Vendor
	txType wire.TransactionType
	enclosing
}

func purchaseLines(c *calc, lines []wire.PurchaseLineItem, path string, def *purchaseDefaults) []lineIn {
	out := c.lineIns(len(lines))
	paths := newItemPaths(path, len(lines))
	for i := range lines {
		l := &lines[i]
		p := paths.next()
		li := lineIn{path: p, qty: l.Quantity, unit: l.UnitPrice, ext: l.ExtendedPrice, freight: l.Freight,
			inputTax: l.InputTotalTax, charged: l.ChargedTax, special: l.SpecialTaxBasis, disc: l.Discount,
			multi: l.IsMulticomponent, taxDate: l.TaxDate,
			deleted: l.SyncType == wire.LineItemSyncTypeDelete}
		def.dateOf(&li)
		li.details(&l.LineDetails, l.TaxIncludedIndicator, def.overrides)
		li.txType = string(def.txType)
		if l.TransactionType != "" {
			li.txType = string(l.TransactionType)
		}
		if l.Purchase != nil {
			li.productClass = l.Purchase.PurchaseClass
		}
		li.commodity, li.extra, li.volume = l.CommodityCode, l.AdditionalCommodityCode, l.Volume
		if li.productClass == "" {
			li.parentClass, li.parentClassAt = def.class, def.classAt
		}
		vendor, vp := def.vendor, "vendor"
		if l.Vendor != nil {
			vendor, vp = l.Vendor, p+".vendor"
		}
		buyer, bp := def.buyer, "buyer"
		if l.Buyer != nil {
			buyer, bp = l.Buyer, p+".buyer"
		}
		li.parties = partiesIn{sellerPath: vp, customerPath: bp}
		li.src.purchase, li.src.vendor, li.src.buyer = l, vendor, buyer
		if vendor != nil {
			li.parties.origin, li.parties.adminOrigin, li.parties.sellerRegs = vendor.PhysicalOrigin, vendor.AdministrativeOrigin, vendor.TaxRegistrations
		}
		if buyer != nil {
			pi := &li.parties
			pi.dest, pi.adminDest, pi.customerRegs = buyer.Destination, buyer.AdministrativeDestination, buyer.TaxRegistrations
			pi.exempt, pi.reason, pi.company = buyer.IsTaxExempt, buyer.ExemptionReasonCode, buyer.Company
			pi.business = true // a buyer that runs procurement is a business
			pi.certificate = certificateNumber(buyer.ExemptionCertificate)
			if buyer.Recipient != nil && buyer.Recipient.RecipientCode != nil {
				pi.class = buyer.Recipient.RecipientCode.ClassCode
			}
		}
		if len(l.LineItems) > 0 {
			child := *def
			child.vendor, child.buyer = vendor, buyer
			child.take(&li, c.prof)
			child.txType = wire.TransactionType(li.txType)
			li.children = purchaseLines(c, l.LineItems, p+".lineItems", &child)
		}
		out[i] = li
	}
	return out
}

// withPurchaseClass returns a copy of p (or a new purchase) with the
// class that a line's code gave it, so that the response and the journal
// say what the line was taxed as.
func withPurchaseClass(p *wire.Purchase, class string) *wire.Purchase {
	out := wire.Purchase{}
	if p != nil {
		out = *p
	}
	out.PurchaseClass = class
	return &out
}
