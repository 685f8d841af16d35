package engine

import (
	"context"

	"github.com/levytax/levy"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// Owner calculates the consumer use tax of an owner's own goods and
// assets (POST /owner): INVENTORY_REMOVAL, goods taken out of inventory
// for the owner's use, and ASSET_MOVEMENT, an asset moved to another
// place. Both are taxed where the goods end up (the destination, else the
// physical origin), on the extended price, or when there is none on the
// net book value (asset movements) or the cost, total cost or fair market
// value; tax previously paid on the asset is credited. The request is not
// modified.
func (e *Engine) Owner(ctx context.Context, req *wire.OwnerRequest) (*wire.OwnerResponse, error) {
	resp, _, err := e.owner(ctx, req, false, nil, nil)
	return resp, stopped(ctx, err)
}

// PrepareOwner calculates req as Owner does and returns the response with
// the journal transaction that Owner would store for it, without storing
// it, so that the caller stores it where and when it chooses (package
// batch stores the documents of a run in groups with
// journal.Store.PostAll). The transaction is nil when the calculation is
// of a kind that is not stored (an estimate, or postToJournal false);
// otherwise it carries the request's transaction ID or a generated one,
// which the response's transactionId gives, and it was checked as
// journal.Store.Post checks a transaction for the context's tenant
// (journal.CheckPost). PrepareOwner works with or without a journal
// (WithJournal) and never writes to one.
func (e *Engine) PrepareOwner(ctx context.Context, req *wire.OwnerRequest) (*wire.OwnerResponse, *journal.Transaction, error) {
	resp, tx, err := e.owner(ctx, req, true, nil, nil)
	return resp, tx, stopped(ctx, err)
}

// owner is Owner, which stores its transaction, and PrepareOwner, which returns
// it (prepare). When ex is not nil (ExplainOwner), it is set to the
// explanation of the response's taxes; nothing else changes. When loan is
// not nil (OwnerWith), the response's taxes are carved from its blocks if
// the calculation stores nothing (calc.borrow).
func (e *Engine) owner(ctx context.Context, req *wire.OwnerRequest, prepare bool, ex *wire.Explanation, loan *taxLoan) (*wire.OwnerResponse, *journal.Transaction, error) {
	if req == nil {
		return nil, nil, levy.Invalid("", "an owner request is required")
	}
	if err := req.Validate(); err != nil {
		return nil, nil, err
	}
	// The owner's kinds are no syncs: a syncType is refused.
	kids := func(l *wire.OwnerLineItem) []wire.OwnerLineItem { return l.LineItems }
	id := func(l *wire.OwnerLineItem) (string, wire.LineItemSyncType, bool) {
		return l.LineItemID, l.SyncType, false
	}
	if errs := syncLines(req.LineItems, "lineItems", string(req.OwnerMessageType), false, kids, id, nil); len(errs) > 0 {
		return nil, nil, errs
	}
	h := header{date: req.DocumentDate, currency: req.Currency, company: req.CompanyCodeCurrency, factors: req.CurrencyConversionFactors, roundAtLine: req.RoundAtLineLevel,
		taxOnly: req.IsTaxOnlyAdjustmentIndicator, perspective: "OWNER", message: string(req.OwnerMessageType), mode: modeAccrue}
	c, b, err := e.newCalc(ctx, h)
	if err != nil {
		return nil, nil, err
	}
	defer c.release()
	c.borrow(e, loan, prepare || ex != nil, req.PostToJournal)
	c.req.owner = req
	def := ownerDefaults{owner: req.Owner, asset: req.OwnerMessageType == wire.OwnerAssetMovement, enclosing: enclosing{overrides: overrides{exemptOv: req.ExemptOverrides, nonTaxOv: req.NonTaxableOverrides, rateOv: req.RateOverrides, incl: req.ImpositionInclusions, situs: req.SitusOverride}}}
	tree := ownerLines(c, req.LineItems, "lineItems", &def)
	b.build(tree)
	if len(b.errs) > 0 {
		return nil, nil, b.errs
	}
	if err := c.checkStored(req.PostToJournal); err != nil {
		return nil, nil, err
	}
	if err := c.run(); err != nil {
		return nil, nil, err
	}
	resp := &wire.OwnerResponse{OwnerRequest: *req}
	resp.OwnerRequest.LineItems = nil
	resp.DocumentDate = c.d.date
	resp.Currency = wireCurrency(c.d.currency)
	resp.CompanyCodeCurrency, resp.OriginalCurrency = c.s.named(req.CompanyCodeCurrency), c.s.named(req.OriginalCurrency)
	resp.CurrencyConversionFactors = c.s.namedFactors(req.CurrencyConversionFactors)
	resp.Owner = responseParty(b, req.Owner, tree)
	resp.LineItems = responseLines(b, req.LineItems, tree, func(w *wire.OwnerLineItem) []wire.OwnerLineItem { return w.LineItems },
		func(r *wire.OwnerResponseLineItem, w *wire.OwnerLineItem, kids []wire.OwnerResponseLineItem, node []lineIn, l *line, total money.Amount) {
			r.OwnerLineItem = *w
			r.OwnerLineItem.LineItems = nil
			r.LineItems, r.TotalTax = kids, total
			r.Owner = responseParty(b, r.Owner, node)
			if l == nil && len(node[0].children) > 0 {
				// An uncalculated parent says which of its members no
				// line acts on.
				r.AssistedParameters = c.parentNotes(&node[0])
			}
			if l != nil {
				r.Taxes, r.ExtendedPrice, r.CompanyCodeCurrencyTaxAmount, r.CompanyCodeCurrencyTaxableAmount = c.leafOut(l)
				if req.OwnerMessageType == wire.OwnerInventoryRemoval {
					selfSupplyOutput(l, r.Taxes)
				}
				r.AssistedParameters = c.assisted(l)
				c.noteLeaf(r, l)
				if l.codeMapped || l.classFromLineType {
					r.Purchase = withPurchaseClass(r.Purchase, l.productClass)
				}
			}
		}, func(r *wire.OwnerResponseLineItem) money.Amount { return r.TotalTax },
		func(r *wire.OwnerResponseLineItem) **int64 { return &r.LineItemNumber })
	resp.SubTotal, resp.TotalTax, resp.Total = c.totals()
	p := posting{perspective: "OWNER", message: string(req.OwnerMessageType), transactionID: req.TransactionID,
		documentNumber: req.DocumentNumber, documentDate: resp.DocumentDate, postingDate: req.PostingDate, currency: resp.Currency,
		taxOnly: req.IsTaxOnlyAdjustmentIndicator, subTotal: resp.SubTotal, totalTax: resp.TotalTax, total: resp.Total, profileVersion: c.profileVersion()}
	if req.Owner != nil {
		p.company = req.Owner.Company
	}
	var tx *journal.Transaction
	if resp.TransactionID, tx, err = record(ctx, e, p, req.PostToJournal, resp.LineItems, journalView(c, ownerLineView), prepare || ex != nil); err != nil {
		return nil, nil, err
	}
	if ex != nil {
		// An explanation stores nothing and names no transaction it did
		// not store.
		tx, resp.TransactionID = nil, req.TransactionID
		*ex = explain(c, tree, resp.LineItems, ownerLineView, *ex)
	}
	return resp, tx, nil
}

// ownerDefaults are the document members an owner line inherits.
type ownerDefaults struct {
	owner *wire.Owner
	asset bool
	enclosing
}

func ownerLines(c *calc, lines []wire.OwnerLineItem, path string, def *ownerDefaults) []lineIn {
	out := c.lineIns(len(lines))
	paths := newItemPaths(path, len(lines))
	for i := range lines {
		l := &lines[i]
		p := paths.next()
		li := lineIn{path: p, qty: l.Quantity, unit: l.UnitPrice, ext: l.ExtendedPrice, freight: l.Freight,
			prevPaid: l.PreviousTaxPaid, special: l.SpecialTaxBasis,
			multi: l.IsMulticomponent, taxDate: l.TaxDate}
		def.dateOf(&li)
		li.details(&l.LineDetails, l.TaxIncludedIndicator, def.overrides)
		bases := []*money.Amount{l.Cost, l.TotalCost, l.FairMarketValue, l.NetBookValue}
		if def.asset {
			bases = []*money.Amount{l.NetBookValue, l.Cost, l.TotalCost, l.FairMarketValue}
		}
		for _, b := range bases {
			if b != nil {
				li.basis = b
				break
			}
		}
		if l.Purchase != nil {
			li.productClass = l.Purchase.PurchaseClass
		}
		li.commodity, li.extra, li.volume = l.CommodityCode, l.AdditionalCommodityCode, l.Volume
		if li.productClass == "" {
			li.parentClass, li.parentClassAt = def.class, def.classAt
		}
		owner, op := def.owner, "owner"
		if l.Owner != nil {
			owner, op = l.Owner, p+".owner"
		}
		li.parties = partiesIn{sellerPath: op, customerPath: op}
		li.src.owner, li.src.ownerParty = l, owner
		if owner != nil {
			pi := &li.parties
			pi.origin, pi.dest, pi.customerRegs = owner.PhysicalOrigin, owner.Destination, owner.TaxRegistrations
			pi.exempt, pi.reason, pi.business, pi.company = owner.IsTaxExempt, owner.ExemptionReasonCode, true, owner.Company
		}
		if len(l.LineItems) > 0 {
			child := *def
			child.owner = owner
			child.take(&li, c.prof)
			li.children = ownerLines(c, l.LineItems, p+".lineItems", &child)
		}
		out[i] = li
	}
	return out
}

// selfSupplyOutput marks as output tax (OUTPUT) the VAT and GST of line
// l of an INVENTORY_REMOVAL that is taxed in the VAT area its goods are
// taken from: goods a business takes from its own stock for its private
// use or gives away are a supply it makes for consideration (VAT
// Directive, article 16; a registrant's own consumption, Excise Tax Act
// s. 172), whose tax it owes as the supplier (article 193) and does not
// deduct. Such a tax was said INPUT, deductible input tax. A use tax
// (CONSUMERS_USE), a reverse charge and a tax of goods taken into
// another VAT area (an import, an acquisition) keep their type; the
// owner's movements in the United States and Brazil are left as they
// are.
func selfSupplyOutput(l *line, taxes []wire.Tax) {
	at, from := l.taxedAt, firstPlace(l.origin, l.adminOrigin)
	if at == nil || from == nil || at.country == "US" || at.country == "BR" || at.vatArea() != from.vatArea() {
		return
	}
	for i := range taxes {
		if x := &taxes[i]; x.TaxType == wire.TaxTypeVAT && x.InputOutputType == wire.InputOutputTypeInput {
			x.InputOutputType = wire.InputOutputTypeOutput
		}
	}
}
