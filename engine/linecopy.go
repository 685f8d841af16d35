package engine

import "github.com/levytax/levy/wire"

// A response line starts as a copy of its request line. A SaleLineItem
// is 1,000 bytes with about 80 pointer words, most of them nil in a
// given line; copying it whole runs the write barrier over every one of
// them while the collector marks (runtime.bulkBarrierPreWrite), which
// cost a 100-line quotation about as much as building its response
// lines otherwise did. The response line is zero when it is filled (it
// comes from make), so copySaleLine sets only the members the request
// line sends. TestCopySaleLineCopiesEveryMember sets each member alone
// and fails when one is not copied, a new one included.

// copySaleLine sets, in the zero line dst, every member that src sends
// but its child lines (LineItems), which a response line has of its own.
func copySaleLine(dst, src *wire.SaleLineItem) {
	set(&dst.LineItemNumber, src.LineItemNumber)
	set(&dst.LineItemID, src.LineItemID)
	set(&dst.LineItemDescription, src.LineItemDescription)
	set(&dst.TransactionType, src.TransactionType)
	set(&dst.SyncType, src.SyncType)
	set(&dst.Seller, src.Seller)
	set(&dst.Customer, src.Customer)
	set(&dst.Product, src.Product)
	set(&dst.CommodityCode, src.CommodityCode)
	set(&dst.AdditionalCommodityCode, src.AdditionalCommodityCode)
	set(&dst.Quantity, src.Quantity)
	set(&dst.Volume, src.Volume)
	set(&dst.Weight, src.Weight)
	set(&dst.UnitPrice, src.UnitPrice)
	set(&dst.ExtendedPrice, src.ExtendedPrice)
	set(&dst.Freight, src.Freight)
	set(&dst.Cost, src.Cost)
	set(&dst.LandedCost, src.LandedCost)
	set(&dst.FairMarketValue, src.FairMarketValue)
	set(&dst.AmountBilledToDate, src.AmountBilledToDate)
	set(&dst.InputTotalTax, src.InputTotalTax)
	set(&dst.PreviousTaxPaid, src.PreviousTaxPaid)
	set(&dst.CompanyCodeCurrencyTaxAmount, src.CompanyCodeCurrencyTaxAmount)
	set(&dst.CompanyCodeCurrencyTaxableAmount, src.CompanyCodeCurrencyTaxableAmount)
	set(&dst.Discount, src.Discount)
	dst.TaxIncludedIndicator, dst.IsMulticomponent, dst.TaxDate = src.TaxIncludedIndicator, src.IsMulticomponent, src.TaxDate
	copyLineDetails(&dst.LineDetails, &src.LineDetails)
}

// copyLineDetails sets, in the zero details dst, every member that src
// sends.
func copyLineDetails(dst, src *wire.LineDetails) {
	set(&dst.DeliveryTerm, src.DeliveryTerm)
	set(&dst.TitleTransfer, src.TitleTransfer)
	set(&dst.ChainTransactionPhase, src.ChainTransactionPhase)
	set(&dst.SimplificationCode, src.SimplificationCode)
	set(&dst.ExporterOfRecord, src.ExporterOfRecord)
	set(&dst.ImporterOfRecord, src.ImporterOfRecord)
	set(&dst.TransportResponsibleEntity, src.TransportResponsibleEntity)
	setSlice(&dst.ExemptOverrides, src.ExemptOverrides)
	setSlice(&dst.NonTaxableOverrides, src.NonTaxableOverrides)
	setSlice(&dst.RateOverrides, src.RateOverrides)
	setSlice(&dst.ImpositionInclusions, src.ImpositionInclusions)
	setSlice(&dst.CitationOverrides, src.CitationOverrides)
	setSlice(&dst.TaxDeferredOverrides, src.TaxDeferredOverrides)
	set(&dst.SitusOverride, src.SitusOverride)
	set(&dst.TaxOverride, src.TaxOverride)
	set(&dst.PautaOverrides, src.PautaOverrides)
	set(&dst.CfopTaxCodeOverride, src.CfopTaxCodeOverride)
	set(&dst.BuyerCondition, src.BuyerCondition)
	set(&dst.TransactionCondition, src.TransactionCondition)
	set(&dst.BuyerCNAE, src.BuyerCNAE)
	set(&dst.SellerCondition, src.SellerCondition)
	set(&dst.SellerCNAE, src.SellerCNAE)
	set(&dst.NatureOfFiscalOperation, src.NatureOfFiscalOperation)
	set(&dst.ConsignmentID, src.ConsignmentID)
	set(&dst.FranchiseAreaID, src.FranchiseAreaID)
	set(&dst.CostCenter, src.CostCenter)
	set(&dst.DepartmentCode, src.DepartmentCode)
	set(&dst.GeneralLedgerAccount, src.GeneralLedgerAccount)
	set(&dst.MaterialCode, src.MaterialCode)
	set(&dst.MaterialOrigin, src.MaterialOrigin)
	set(&dst.ProjectNumber, src.ProjectNumber)
	set(&dst.Usage, src.Usage)
	set(&dst.UsageClass, src.UsageClass)
	set(&dst.VendorSKU, src.VendorSKU)
	set(&dst.LocationCode, src.LocationCode)
	set(&dst.CountryOfOriginISOCode, src.CountryOfOriginISOCode)
	set(&dst.ExportProcedure, src.ExportProcedure)
	set(&dst.IntrastatCommodityCode, src.IntrastatCommodityCode)
	set(&dst.ModeOfTransport, src.ModeOfTransport)
	set(&dst.NatureOfTransaction, src.NatureOfTransaction)
	set(&dst.NetMassKilograms, src.NetMassKilograms)
	set(&dst.StatisticalValue, src.StatisticalValue)
	set(&dst.SupplementaryUnit, src.SupplementaryUnit)
	set(&dst.FlexibleFields, src.FlexibleFields)
	set(&dst.ReturnsFields, src.ReturnsFields)
	set(&dst.LineType, src.LineType)
	setSlice(&dst.LineTypes, src.LineTypes)
}

// set stores v in *dst unless v is its type's zero (a nil pointer, an
// empty string), which *dst already holds.
func set[T comparable](dst *T, v T) {
	var zero T
	if v != zero {
		*dst = v
	}
}

// setSlice stores v in *dst unless v is nil; an empty slice that is not
// nil is stored, as a copy of the whole line would.
func setSlice[S ~[]E, E any](dst *S, v S) {
	if v != nil {
		*dst = v
	}
}
