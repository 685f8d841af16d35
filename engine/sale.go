package engine

import (
	"context"
	"math"
	"strings"

	"github.com/levytax/levy"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// Sale calculates a sale from the seller's perspective (POST /supplies):
// QUOTATION, INVOICE, DISTRIBUTE_TAX or ARBILLING_SYNC. It validates the
// request first and reports every broken constraint at once. The request is
// not modified.
func (e *Engine) Sale(ctx context.Context, req *wire.SaleRequest) (*wire.SaleResponse, error) {
	resp, _, err := e.sale(ctx, req, false, nil, nil)
	return resp, stopped(ctx, err)
}

// PrepareSale calculates req as Sale does and returns the response with
// the journal transaction that Sale would store for it, without storing
// it, so that the caller stores it where and when it chooses (package
// batch stores the documents of a run in groups with
// journal.Store.PostAll). The transaction is nil when the calculation is
// of a kind that is not stored (an estimate, or postToJournal false);
// otherwise it carries the request's transaction ID or a generated one,
// which the response's transactionId gives, and it was checked as
// journal.Store.Post checks a transaction for the context's tenant
// (journal.CheckPost). PrepareSale works with or without a journal
// (WithJournal) and never writes to one.
func (e *Engine) PrepareSale(ctx context.Context, req *wire.SaleRequest) (*wire.SaleResponse, *journal.Transaction, error) {
	resp, tx, err := e.sale(ctx, req, true, nil, nil)
	return resp, tx, stopped(ctx, err)
}

// sale is Sale, which stores its transaction, and PrepareSale, which returns
// it (prepare). When ex is not nil (ExplainSale), it is set to the
// explanation of the response's taxes; nothing else changes. When loan is
// not nil (SaleWith), the response's taxes are carved from its blocks if
// the calculation stores nothing (calc.borrow).
func (e *Engine) sale(ctx context.Context, req *wire.SaleRequest, prepare bool, ex *wire.Explanation, loan *taxLoan) (*wire.SaleResponse, *journal.Transaction, error) {
	if req == nil {
		return nil, nil, levy.Invalid("", "a sale request is required")
	}
	if err := req.Validate(); err != nil {
		return nil, nil, err
	}
	kids := func(l *wire.SaleLineItem) []wire.SaleLineItem { return l.LineItems }
	id := func(l *wire.SaleLineItem) (string, wire.LineItemSyncType, bool) {
		return l.LineItemID, l.SyncType, len(l.LineItems) > 0 && ownLine(l.IsMulticomponent, l.UnitPrice, l.ExtendedPrice)
	}
	if errs := syncLines(req.LineItems, "lineItems", string(req.SaleMessageType), req.SaleMessageType == wire.SaleARBillingSync, kids, id, nil); len(errs) > 0 {
		return nil, nil, errs
	}
	h := header{date: req.DocumentDate, currency: req.Currency, company: req.CompanyCodeCurrency, factors: req.CurrencyConversionFactors, roundAtLine: req.RoundAtLineLevel,
		taxOnly: req.IsTaxOnlyAdjustmentIndicator, perspective: "SELLER", message: string(req.SaleMessageType)}
	if req.SaleMessageType == wire.SaleDistributeTax {
		h.mode = modeDistribute
	}
	c, b, err := e.newCalc(ctx, h)
	if err != nil {
		return nil, nil, err
	}
	defer c.release()
	c.borrow(e, loan, prepare || ex != nil, req.PostToJournal)
	c.d.transactionID = req.TransactionID
	c.req.sale = req
	def := saleDefaults{seller: req.Seller, customer: req.Customer, txType: req.TransactionType, enclosing: enclosing{overrides: overrides{exemptOv: req.ExemptOverrides, nonTaxOv: req.NonTaxableOverrides, rateOv: req.RateOverrides, incl: req.ImpositionInclusions, situs: req.SitusOverride}},
		code: customerCodeOf(req.Customer)}
	tree := saleLines(c, req.LineItems, "lineItems", &def)
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
	if err := c.run(); err != nil {
		return nil, nil, err
	}
	resp := &wire.SaleResponse{SaleRequest: *req}
	resp.SaleRequest.LineItems = nil
	resp.DocumentDate = c.d.date
	resp.Currency = wireCurrency(c.d.currency)
	resp.CompanyCodeCurrency, resp.OriginalCurrency = c.s.named(req.CompanyCodeCurrency), c.s.named(req.OriginalCurrency)
	resp.CurrencyConversionFactors = c.s.namedFactors(req.CurrencyConversionFactors)
	resp.Seller, resp.Customer = responseParty(b, req.Seller, tree), responseParty(b, req.Customer, tree)
	resp.LineItems = saleResponseLines(b, req.LineItems, tree)
	resp.SubTotal, resp.TotalTax, resp.Total = c.totals()
	p := posting{perspective: "SELLER", message: string(req.SaleMessageType), transactionID: req.TransactionID,
		documentNumber: req.DocumentNumber, documentDate: resp.DocumentDate, postingDate: req.PostingDate, currency: resp.Currency,
		taxOnly: req.IsTaxOnlyAdjustmentIndicator, subTotal: resp.SubTotal, totalTax: resp.TotalTax, total: resp.Total,
		marketplace: req.MarketplaceFacilitated, tree: tree, date: c.d.date, profileVersion: c.profileVersion()}
	if req.Seller != nil {
		p.company = req.Seller.Company
	}
	var tx *journal.Transaction
	p.sale, p.vat, p.countries, p.prof, p.factors = req, c.s.vat, c.s.resolver, c.prof, c.figureFactors()
	if resp.TransactionID, tx, err = record(ctx, e, p, req.PostToJournal, resp.LineItems, journalView(c, saleLineView), prepare || ex != nil); err != nil {
		return nil, nil, err
	}
	if ex != nil {
		// An explanation stores nothing and names no transaction it did
		// not store.
		tx, resp.TransactionID = nil, req.TransactionID
		*ex = explain(c, tree, resp.LineItems, saleLineView, *ex)
	}
	return resp, tx, nil
}

// saleDefaults are the document members a line inherits.
type saleDefaults struct {
	seller   *wire.Seller
	customer *wire.Customer
	txType   wire.TransactionType
	enclosing
	// code is the customerCode of customer; lost, when customer sent
	// none, is the code of the customer it replaced (the document's, or
	// an enclosing line's), and lostPath the path of customer.
	code, lost, lostPath string
}

func saleLines(c *calc, lines []wire.SaleLineItem, path string, def *saleDefaults) []lineIn {
	out := c.lineIns(len(lines))
	paths := newItemPaths(path, len(lines))
	for i := range lines {
		l := &lines[i]
		p := paths.next()
		// The view is filled in its place in the block, which carve gave
		// zero: a lineIn is large, and copying a whole one in runs the
		// write barrier over all its pointers while the collector marks.
		li := &out[i]
		li.path, li.qty, li.unit, li.ext, li.freight = p, l.Quantity, l.UnitPrice, l.ExtendedPrice, l.Freight
		li.inputTax, li.prevPaid, li.disc = l.InputTotalTax, l.PreviousTaxPaid, l.Discount
		li.multi, li.taxDate = l.IsMulticomponent, l.TaxDate
		def.dateOf(li)
		li.deleted = l.SyncType == wire.LineItemSyncTypeDelete
		li.details(&l.LineDetails, l.TaxIncludedIndicator, def.overrides)
		li.txType = string(def.txType)
		if l.TransactionType != "" {
			li.txType = string(l.TransactionType)
		}
		if l.Product != nil {
			li.productClass, li.productCode = l.Product.ProductClass, l.Product.Value
		}
		li.commodity, li.extra, li.volume = l.CommodityCode, l.AdditionalCommodityCode, l.Volume
		if li.productClass == "" {
			li.parentClass, li.parentClassAt = def.class, def.classAt
		}
		seller, sp := def.seller, "seller"
		if l.Seller != nil {
			seller, sp = l.Seller, p+".seller"
		}
		customer, cp := def.customer, "customer"
		lost, lostPath := def.lost, def.lostPath
		if l.Customer != nil {
			customer, cp = l.Customer, p+".customer"
			// A customer of the line's own replaces the enclosing one
			// whole: without a code of its own, it leaves that
			// customer's code behind, which the line reports when the
			// profile holds that customer (saleProfile).
			lost, lostPath = "", ""
			if customerCodeOf(l.Customer) == "" {
				if lost = def.code; lost == "" {
					lost = def.lost
				}
				if lost != "" {
					lostPath = cp
				}
			}
		}
		li.parties.sellerPath, li.parties.customerPath = sp, cp
		li.parties.lostCode, li.parties.lostPath = lost, lostPath
		li.src.sale, li.src.seller, li.src.customer = l, seller, customer
		if seller != nil {
			li.parties.origin, li.parties.adminOrigin = seller.PhysicalOrigin, seller.AdministrativeOrigin
			li.parties.sellerRegs, li.parties.company = seller.TaxRegistrations, seller.Company
			li.parties.noNexus = seller.NexusIndicator != nil && !*seller.NexusIndicator
			li.parties.nexusSet = seller.NexusIndicator != nil
		}
		if customer != nil {
			customerIn(&li.parties, customer)
		}
		if len(l.LineItems) > 0 {
			child := *def
			child.seller, child.customer = seller, customer
			child.take(li, c.prof)
			child.txType = wire.TransactionType(li.txType)
			child.code, child.lost, child.lostPath = customerCodeOf(customer), lost, lostPath
			li.children = saleLines(c, l.LineItems, p+".lineItems", &child)
		}
	}
	return out
}

// certificateNumber returns the number of the exemption certificate a
// customer or buyer sends, which exempts it (partiesIn.exempt): "" for
// none, and for a number of spaces alone, which an ERP sends for a
// fixed-width field it left empty and which names no certificate, so
// that the party's stored certificates, or the rules, decide its taxes.
// A number is otherwise kept as sent, for the response and the journal.
func certificateNumber(c *wire.ExemptionCertificate) string {
	if c == nil || strings.TrimSpace(c.ExemptionCertificateNumber) == "" {
		return ""
	}
	return c.ExemptionCertificateNumber
}

// customerCodeOf returns the customerCode of c without the spaces
// around it, "" for none (a nil customer, no code, a code of spaces).
func customerCodeOf(c *wire.Customer) string {
	if c == nil || c.CustomerCode == nil {
		return ""
	}
	return strings.TrimSpace(c.CustomerCode.Value)
}

// customerIn fills the customer side of a party view.
func customerIn(p *partiesIn, c *wire.Customer) {
	p.dest, p.adminDest, p.customerRegs, p.evidence = c.Destination, c.AdministrativeDestination, c.TaxRegistrations, c.LocationEvidence
	p.exempt, p.reason = c.IsTaxExempt, c.ExemptionReasonCode
	p.certificate = certificateNumber(c.ExemptionCertificate)
	if c.CustomerCode != nil {
		p.class, p.business, p.customerCode = c.CustomerCode.ClassCode, c.CustomerCode.IsBusinessIndicator, c.CustomerCode.Value
	}
}

func saleResponseLines(b *builder, lines []wire.SaleLineItem, tree []lineIn) []wire.SaleResponseLineItem {
	return responseLines(b, lines, tree, func(w *wire.SaleLineItem) []wire.SaleLineItem { return w.LineItems },
		func(r *wire.SaleResponseLineItem, w *wire.SaleLineItem, kids []wire.SaleResponseLineItem, node []lineIn, l *line, total money.Amount) {
			copySaleLine(&r.SaleLineItem, w) // r is zero; its LineItems are its own
			r.LineItems, r.TotalTax = kids, total
			if l == nil && len(node[0].children) > 0 {
				// An uncalculated parent says which of its members no
				// line acts on.
				r.AssistedParameters = b.c.parentNotes(&node[0])
			}
			if l != nil {
				r.Taxes, r.ExtendedPrice, r.CompanyCodeCurrencyTaxAmount, r.CompanyCodeCurrencyTaxableAmount = b.c.leafOut(l)
				r.AssistedParameters = b.c.assisted(l)
				b.c.noteLeaf(r, l)
				if l.codeMapped || l.classFromLineType {
					// The class the code (or the line type) gave: the
					// response, and the journal, say what the line was
					// taxed as.
					p := wire.Product{}
					if r.Product != nil {
						p = *r.Product
					}
					p.ProductClass = l.productClass
					r.Product = &p
				}
			}
			r.Seller, r.Customer = responseParty(b, r.Seller, node), responseParty(b, r.Customer, node)
		}, func(r *wire.SaleResponseLineItem) money.Amount { return r.TotalTax },
		func(r *wire.SaleResponseLineItem) **int64 { return &r.LineItemNumber })
}

// responseLines builds the response lines of any perspective from the
// request lines W and the calculated tree: mk fills in one response line,
// which it is given zero, from its request line, its response children,
// its node of the tree (a slice of one), its leaf (nil for a parent) and
// its total tax, which is its own plus its children's.
func responseLines[W, R any](b *builder, lines []W, tree []lineIn, kids func(*W) []W,
	mk func(r *R, w *W, children []R, node []lineIn, l *line, total money.Amount), totalOf func(*R) money.Amount,
	number func(*R) **int64) []R {
	if len(lines) == 0 {
		return nil
	}
	out := make([]R, len(lines))
	for i := range lines {
		children := responseLines(b, kids(&lines[i]), tree[i].children, kids, mk, totalOf, number)
		total := b.c.amount(decimalZero).Decimal()
		for k := range children {
			total = add(total, totalOf(&children[k]).Decimal())
		}
		l := tree[i].leaf
		if l != nil {
			total = add(total, b.c.amount(l.totalTax).Decimal())
		}
		mk(&out[i], &lines[i], children, tree[i:i+1], l, money.New(total))
	}
	numberLines(out, number)
	return out
}

// numberLines gives the lines of one list (a document's, or a line's
// children) that sent no lineItemNumber the numbers after the greatest
// one sent in the list, in their order: 1, 2, 3 when none sends one, and
// never a number that another line of the list sent. number points at a
// line's member. Were the numbers to pass the largest int64, the lines
// are left without.
func numberLines[R any](out []R, number func(*R) **int64) {
	var top int64
	missing := 0
	for i := range out {
		if p := *number(&out[i]); p != nil {
			top = max(top, *p)
		} else {
			missing++
		}
	}
	if missing == 0 || top > math.MaxInt64-int64(missing) {
		return
	}
	block := make([]int64, missing) // one allocation for the list
	k := 0
	for i := range out {
		if pp := number(&out[i]); *pp == nil {
			top++
			block[k] = top
			*pp = &block[k]
			k++
		}
	}
}

// or returns a when it has entries, else b.
func or[T any](a, b []T) []T {
	if len(a) > 0 {
		return a
	}
	return b
}

// totals sums the document: subTotal is the lines' net amounts with
// freight, totalTax the lines' counted taxes, total their sum.
func (c *calc) totals() (sub, tax, total money.Amount) {
	ss, ts := newDecimalSum(decimalZero), newDecimalSum(decimalZero)
	for _, l := range c.d.lines {
		ss.add(l.net)
		ss.add(l.freight)
		ts.add(l.totalTax)
	}
	s, t := ss.decimal(), ts.decimal()
	if c.d.taxOnly {
		s = decimalZero
	}
	return c.amount(s), c.amount(t), c.amount(add(s, t))
}
