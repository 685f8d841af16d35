package engine

import (
	"github.com/levytax/levy"
	"github.com/levytax/levy/wire"
)

// parentUse is what Levy does with a member of a line that has child
// lines and is not calculated (an uncalculated parent: no price of its
// own, or multicomponent; see ownLine). Its children are calculated and
// it is not, so a member that acts on a calculated line acts on it only
// when its children take it; TestParentUseEachMember walks the line types
// and fails on a member without one.
type parentUse uint8

const (
	// parentShape: the member decides whether and how the line is
	// calculated (its prices, its child lines), or is echoed with it
	// (an identifier, an accounting code, a response member).
	parentShape parentUse = iota + 1
	// parentTaken: a child line that sends none takes the parent's (its
	// overrides, dates, class, usage and parties).
	parentTaken
	// parentRefused: refused naming the member (parentRefusals, the
	// vendor's tax before the lines are built, syncLines): it would reach
	// no line and be dropped.
	parentRefused
	// parentActsOnLine: a member that acts on some calculated lines (an
	// import's delivery term, Brazil's drivers, a code that gives the
	// class) is refused naming it (parentMemberRefusals): the children
	// do not take it, so it would change none of their taxes.
	parentActsOnLine
	// parentClassCode: a code that gives a line its class from the
	// tenant's profile: a child line that sends none takes the class the
	// parent's code maps to (enclosing.take); refused naming the member,
	// as parentActsOnLine, when it maps to none or the parent sends a
	// class (mapsClass).
	parentClassCode
	// parentReported: a member that Levy acts on nowhere; the parent's
	// response line carries its not-acted-on parameter (parentNotes), as
	// a calculated line does.
	parentReported
)

// String says what the use is, as docs/wire-fields.md does.
func (u parentUse) String() string {
	switch u {
	case parentShape:
		return "echoed, or decides whether the line is calculated (its prices, its child lines)"
	case parentTaken:
		return "a child line that sends none takes it"
	case parentRefused:
		return "refused, naming the member (where it acts: unless zero, or on the kinds that act on it)"
	case parentActsOnLine:
		return "refused, naming the member: it acts on a calculated line alone"
	case parentClassCode:
		return "a child line that sends no class takes the class the tenant's profile maps it to; refused, naming the member, when it maps to none"
	case parentReported:
		return "not acted on: the parent's response line says so"
	}
	return "?"
}

// parentUses is the use of each member of the line types (LineDetails
// and each perspective's line) on an uncalculated parent.
var parentUses = map[string]parentUse{
	"LineDetails.deliveryTerm":               parentActsOnLine,
	"LineDetails.titleTransfer":              parentReported,
	"LineDetails.chainTransactionPhase":      parentReported,
	"LineDetails.simplificationCode":         parentReported,
	"LineDetails.exporterOfRecord":           parentReported,
	"LineDetails.importerOfRecord":           parentReported,
	"LineDetails.transportResponsibleEntity": parentReported,
	"LineDetails.exemptOverrides":            parentTaken,
	"LineDetails.nonTaxableOverrides":        parentTaken,
	"LineDetails.rateOverrides":              parentTaken,
	"LineDetails.impositionInclusions":       parentTaken,
	"LineDetails.citationOverrides":          parentTaken,
	"LineDetails.taxDeferredOverrides":       parentTaken,
	"LineDetails.situsOverride":              parentTaken,
	"LineDetails.taxOverride":                parentTaken,
	"LineDetails.pautaOverrides":             parentActsOnLine,
	"LineDetails.cfopTaxCodeOverride":        parentActsOnLine,
	"LineDetails.buyerCondition":             parentActsOnLine,
	"LineDetails.transactionCondition":       parentActsOnLine,
	"LineDetails.buyerCNAE":                  parentReported,
	"LineDetails.sellerCondition":            parentActsOnLine,
	"LineDetails.sellerCNAE":                 parentReported,
	"LineDetails.natureOfFiscalOperation":    parentActsOnLine,
	"LineDetails.consignmentId":              parentReported,
	"LineDetails.franchiseAreaId":            parentRefused,
	"LineDetails.costCenter":                 parentShape,
	"LineDetails.departmentCode":             parentShape,
	"LineDetails.generalLedgerAccount":       parentShape,
	"LineDetails.materialCode":               parentShape,
	"LineDetails.materialOrigin":             parentReported,
	"LineDetails.projectNumber":              parentShape,
	"LineDetails.usage":                      parentTaken,
	"LineDetails.usageClass":                 parentTaken,
	"LineDetails.vendorSKU":                  parentShape,
	"LineDetails.locationCode":               parentTaken,
	"LineDetails.countryOfOriginISOCode":     parentRefused,
	"LineDetails.exportProcedure":            parentRefused,
	"LineDetails.intrastatCommodityCode":     parentRefused,
	"LineDetails.modeOfTransport":            parentRefused,
	"LineDetails.natureOfTransaction":        parentRefused,
	"LineDetails.netMassKilograms":           parentRefused,
	"LineDetails.statisticalValue":           parentRefused,
	"LineDetails.supplementaryUnit":          parentRefused,
	"LineDetails.flexibleFields":             parentShape,
	"LineDetails.returnsFields":              parentShape,
	"LineDetails.lineType":                   parentRefused,
	"LineDetails.lineTypes":                  parentRefused,

	"SaleLineItem.lineItemNumber":                   parentShape,
	"SaleLineItem.lineItemId":                       parentShape,
	"SaleLineItem.lineItemDescription":              parentShape,
	"SaleLineItem.transactionType":                  parentTaken,
	"SaleLineItem.syncType":                         parentRefused,
	"SaleLineItem.seller":                           parentTaken,
	"SaleLineItem.customer":                         parentTaken,
	"SaleLineItem.product":                          parentTaken,
	"SaleLineItem.commodityCode":                    parentClassCode,
	"SaleLineItem.additionalCommodityCode":          parentActsOnLine,
	"SaleLineItem.quantity":                         parentReported,
	"SaleLineItem.volume":                           parentActsOnLine,
	"SaleLineItem.weight":                           parentReported,
	"SaleLineItem.unitPrice":                        parentShape,
	"SaleLineItem.extendedPrice":                    parentShape,
	"SaleLineItem.freight":                          parentRefused,
	"SaleLineItem.cost":                             parentReported,
	"SaleLineItem.landedCost":                       parentReported,
	"SaleLineItem.fairMarketValue":                  parentReported,
	"SaleLineItem.amountBilledToDate":               parentReported,
	"SaleLineItem.inputTotalTax":                    parentRefused,
	"SaleLineItem.previousTaxPaid":                  parentRefused,
	"SaleLineItem.companyCodeCurrencyTaxAmount":     parentShape,
	"SaleLineItem.companyCodeCurrencyTaxableAmount": parentShape,
	"SaleLineItem.discount":                         parentRefused,
	"SaleLineItem.taxIncludedIndicator":             parentTaken,
	"SaleLineItem.isMulticomponent":                 parentShape,
	"SaleLineItem.taxDate":                          parentTaken,
	"SaleLineItem.lineItems":                        parentShape,

	"PurchaseLineItem.lineItemNumber":                          parentShape,
	"PurchaseLineItem.lineItemId":                              parentShape,
	"PurchaseLineItem.lineItemDescription":                     parentShape,
	"PurchaseLineItem.transactionType":                         parentTaken,
	"PurchaseLineItem.syncType":                                parentRefused,
	"PurchaseLineItem.buyer":                                   parentTaken,
	"PurchaseLineItem.vendor":                                  parentTaken,
	"PurchaseLineItem.purchase":                                parentTaken,
	"PurchaseLineItem.commodityCode":                           parentClassCode,
	"PurchaseLineItem.additionalCommodityCode":                 parentActsOnLine,
	"PurchaseLineItem.quantity":                                parentReported,
	"PurchaseLineItem.volume":                                  parentActsOnLine,
	"PurchaseLineItem.weight":                                  parentReported,
	"PurchaseLineItem.unitPrice":                               parentShape,
	"PurchaseLineItem.extendedPrice":                           parentShape,
	"PurchaseLineItem.freight":                                 parentRefused,
	"PurchaseLineItem.cost":                                    parentReported,
	"PurchaseLineItem.landedCost":                              parentReported,
	"PurchaseLineItem.amountBilledToDate":                      parentReported,
	"PurchaseLineItem.inputTotalTax":                           parentRefused,
	"PurchaseLineItem.chargedTax":                              parentRefused,
	"PurchaseLineItem.vendorTaxes":                             parentReported,
	"PurchaseLineItem.specialTaxBasis":                         parentRefused,
	"PurchaseLineItem.wageBasis":                               parentReported,
	"PurchaseLineItem.blockingOverridePercent":                 parentReported,
	"PurchaseLineItem.partialExemptRecoverableOverridePercent": parentReported,
	"PurchaseLineItem.companyCodeCurrencyTaxAmount":            parentShape,
	"PurchaseLineItem.companyCodeCurrencyTaxableAmount":        parentShape,
	"PurchaseLineItem.discount":                                parentRefused,
	"PurchaseLineItem.taxIncludedIndicator":                    parentTaken,
	"PurchaseLineItem.isMulticomponent":                        parentShape,
	"PurchaseLineItem.taxDate":                                 parentTaken,
	"PurchaseLineItem.recoverableDate":                         parentReported,
	"PurchaseLineItem.lineItems":                               parentShape,

	"OwnerLineItem.lineItemNumber":                          parentShape,
	"OwnerLineItem.lineItemId":                              parentShape,
	"OwnerLineItem.lineItemDescription":                     parentShape,
	"OwnerLineItem.movementMethod":                          parentReported,
	"OwnerLineItem.syncType":                                parentRefused,
	"OwnerLineItem.owner":                                   parentTaken,
	"OwnerLineItem.purchase":                                parentTaken,
	"OwnerLineItem.commodityCode":                           parentClassCode,
	"OwnerLineItem.additionalCommodityCode":                 parentReported,
	"OwnerLineItem.quantity":                                parentReported,
	"OwnerLineItem.volume":                                  parentReported,
	"OwnerLineItem.weight":                                  parentReported,
	"OwnerLineItem.unitPrice":                               parentShape,
	"OwnerLineItem.extendedPrice":                           parentShape,
	"OwnerLineItem.freight":                                 parentRefused,
	"OwnerLineItem.cost":                                    parentRefused,
	"OwnerLineItem.totalCost":                               parentRefused,
	"OwnerLineItem.netBookValue":                            parentRefused,
	"OwnerLineItem.landedCost":                              parentReported,
	"OwnerLineItem.fairMarketValue":                         parentRefused,
	"OwnerLineItem.fairRentalValue":                         parentReported,
	"OwnerLineItem.amountBilledToDate":                      parentReported,
	"OwnerLineItem.previousTaxPaid":                         parentRefused,
	"OwnerLineItem.specialTaxBasis":                         parentRefused,
	"OwnerLineItem.wageBasis":                               parentReported,
	"OwnerLineItem.blockingOverridePercent":                 parentReported,
	"OwnerLineItem.partialExemptRecoverableOverridePercent": parentReported,
	"OwnerLineItem.companyCodeCurrencyTaxAmount":            parentShape,
	"OwnerLineItem.companyCodeCurrencyTaxableAmount":        parentShape,
	"OwnerLineItem.taxIncludedIndicator":                    parentTaken,
	"OwnerLineItem.isMulticomponent":                        parentShape,
	"OwnerLineItem.taxDate":                                 parentTaken,
	"OwnerLineItem.recoverableDate":                         parentReported,
	"OwnerLineItem.lineItems":                               parentShape,
}

// parentMemberRefusals returns the refusals of the members of li, an
// uncalculated parent, that act on some calculated lines and that its
// child lines do not take (parentActsOnLine): a delivery term DDP on a
// bundle of imported goods, or a natureOfFiscalOperation on a Brazilian
// kit, changed none of its children's taxes, and the answer said nothing.
func (c *calc) parentMemberRefusals(li *lineIn) []*levy.Error {
	if !parentMaySend(li) {
		return nil
	}
	var errs []*levy.Error
	s := fieldSrc{c: c, in: li}
	for _, f := range c.flagged().all {
		u := parentUses[f.row.member]
		if (f.group != groupDetails && f.group != groupLine) || u != parentActsOnLine && (u != parentClassCode || c.mapsClass(li)) {
			continue
		}
		for _, p := range f.row.sent(s, f.name, nil) {
			errs = append(errs, levy.Invalid(p.ParamName, "is sent on a line with child lines and no price of its own (or a multicomponent line), "+
				"which is not calculated: it acts on a calculated line alone, and the child lines do not take it, so it would change none of "+
				"their taxes; send it on its child lines"))
		}
	}
	return errs
}

// parentNotes returns the not-acted-on parameters of the members of li,
// an uncalculated parent, that Levy acts on nowhere (parentReported): its
// response line says so, as a calculated line's does. Its quantity, which
// no line counts (its children's amounts are their own), is said too, and
// so is a flagged member refused on the kinds that act on it (a vendor's
// chargedTax on a PURCHASE_ORDER), which reaches the response only on the
// kinds that do not.
func (c *calc) parentNotes(li *lineIn) []wire.AssistedParameter {
	var out []wire.AssistedParameter
	if li.qty != nil {
		if v, ok := ptrJSON(li.qty); ok {
			out = notActed(out, li.path+".quantity", v)
		}
	}
	if !parentMaySend(li) {
		return out
	}
	s := fieldSrc{c: c, in: li}
	for _, f := range c.flagged().all {
		if u := parentUses[f.row.member]; (f.group != groupDetails && f.group != groupLine) || u != parentReported && u != parentRefused {
			continue
		}
		out = f.row.sent(s, f.name, out)
	}
	return out
}

// mapsClass reports whether li sends no class and a commodity code that
// the tenant's profile maps to a class, which li's child lines that send
// none take (enclosing.take): the code acts on them through that class.
func (c *calc) mapsClass(li *lineIn) bool {
	if li.productClass != "" {
		return false
	}
	// codeClass tries the product value first: the commodity code acts
	// only when it is the one that gives the class.
	_, param, ok := codeClass(c.prof, li)
	return ok && param == "commodityCode"
}

// parentMaySend reports whether li sends one of its own members that a
// row flags (detailsMaySend, lineMaySend): most parents send none.
func parentMaySend(li *lineIn) bool {
	return li.src.details != nil && detailsMaySend(li.src.details) || lineMaySend(&li.src)
}
