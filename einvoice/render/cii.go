package render

import (
	"github.com/levytax/levy/einvoice/ubl"
)

// writeCII writes the document as a UN/CEFACT CrossIndustryInvoice (CII
// D16B), its elements in the order of the CII schema.
func writeCII(d *document) []byte {
	w := &writer{}
	w.b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	w.open("rsm:CrossIndustryInvoice", "xmlns:rsm", ubl.NamespaceRSM, "xmlns:ram", ubl.NamespaceRAM,
		"xmlns:qdt", ubl.NamespaceQDT, "xmlns:udt", ubl.NamespaceUDT)
	w.open("rsm:ExchangedDocumentContext")
	w.open("ram:GuidelineSpecifiedDocumentContextParameter")
	w.leaf("ram:ID", CustomizationEN16931)
	w.close("ram:GuidelineSpecifiedDocumentContextParameter")
	w.close("rsm:ExchangedDocumentContext")
	w.open("rsm:ExchangedDocument")
	w.leaf("ram:ID", d.number)
	typeCode := "380"
	if d.credit {
		typeCode = "381"
	}
	w.leaf("ram:TypeCode", typeCode)
	w.open("ram:IssueDateTime")
	w.leaf("udt:DateTimeString", date102(d.issueDate), "format", "102")
	w.close("ram:IssueDateTime")
	w.close("rsm:ExchangedDocument")

	w.open("rsm:SupplyChainTradeTransaction")
	for _, l := range d.lines {
		w.open("ram:IncludedSupplyChainTradeLineItem")
		w.open("ram:AssociatedDocumentLineDocument")
		w.leaf("ram:LineID", l.id)
		w.close("ram:AssociatedDocumentLineDocument")
		w.open("ram:SpecifiedTradeProduct")
		w.leaf("ram:SellerAssignedID", l.sellerItemID)
		w.leaf("ram:Name", l.name)
		w.close("ram:SpecifiedTradeProduct")
		w.open("ram:SpecifiedLineTradeAgreement")
		w.open("ram:NetPriceProductTradePrice")
		w.leaf("ram:ChargeAmount", price(l.price))
		w.close("ram:NetPriceProductTradePrice")
		w.close("ram:SpecifiedLineTradeAgreement")
		w.open("ram:SpecifiedLineTradeDelivery")
		w.leaf("ram:BilledQuantity", plain(l.quantity), "unitCode", l.unit)
		w.close("ram:SpecifiedLineTradeDelivery")
		w.open("ram:SpecifiedLineTradeSettlement")
		w.open("ram:ApplicableTradeTax")
		w.leaf("ram:TypeCode", "VAT")
		w.leaf("ram:CategoryCode", l.cat.code)
		if l.cat.percent != nil {
			w.leaf("ram:RateApplicablePercent", plain(*l.cat.percent))
		}
		w.close("ram:ApplicableTradeTax")
		if l.freight.Sign() != 0 {
			w.open("ram:SpecifiedTradeAllowanceCharge")
			w.open("ram:ChargeIndicator")
			w.leaf("udt:Indicator", map[bool]string{true: "true", false: "false"}[l.freight.Sign() > 0])
			w.close("ram:ChargeIndicator")
			w.leaf("ram:ActualAmount", amount(l.freight.Abs()))
			if l.freight.Sign() > 0 {
				w.leaf("ram:ReasonCode", "FC")
			}
			w.leaf("ram:Reason", "Freight")
			w.close("ram:SpecifiedTradeAllowanceCharge")
		}
		w.open("ram:SpecifiedTradeSettlementLineMonetarySummation")
		w.leaf("ram:LineTotalAmount", amount(l.net))
		w.close("ram:SpecifiedTradeSettlementLineMonetarySummation")
		w.close("ram:SpecifiedLineTradeSettlement")
		w.close("ram:IncludedSupplyChainTradeLineItem")
	}

	w.open("ram:ApplicableHeaderTradeAgreement")
	w.leaf("ram:BuyerReference", d.buyerReference)
	ciiParty(w, "ram:SellerTradeParty", d.seller, d.sellerIdentifiers, d.contact)
	ciiParty(w, "ram:BuyerTradeParty", d.buyer, false, contact{})
	if d.taxRep != nil {
		// After the sales agent and the buyer's tax representative of
		// the schema's sequence, which Levy does not write, and before
		// the order reference.
		ciiParty(w, "ram:SellerTaxRepresentativeTradeParty", *d.taxRep, false, contact{})
	}
	if d.orderReference != "" {
		w.open("ram:BuyerOrderReferencedDocument")
		w.leaf("ram:IssuerAssignedID", d.orderReference)
		w.close("ram:BuyerOrderReferencedDocument")
	}
	w.close("ram:ApplicableHeaderTradeAgreement")

	w.open("ram:ApplicableHeaderTradeDelivery")
	if d.deliveryCountry != "" {
		w.open("ram:ShipToTradeParty")
		w.open("ram:PostalTradeAddress")
		w.leaf("ram:CountryID", d.deliveryCountry)
		w.close("ram:PostalTradeAddress")
		w.close("ram:ShipToTradeParty")
		w.open("ram:ActualDeliverySupplyChainEvent")
		w.open("ram:OccurrenceDateTime")
		w.leaf("udt:DateTimeString", date102(d.supplyDate), "format", "102")
		w.close("ram:OccurrenceDateTime")
		w.close("ram:ActualDeliverySupplyChainEvent")
	}
	w.close("ram:ApplicableHeaderTradeDelivery")

	w.open("ram:ApplicableHeaderTradeSettlement")
	if d.iban != "" {
		w.leaf("ram:PaymentReference", d.number)
	}
	w.leaf("ram:TaxCurrencyCode", d.taxCurrency)
	w.leaf("ram:InvoiceCurrencyCode", d.currency)
	if d.iban != "" {
		w.open("ram:SpecifiedTradeSettlementPaymentMeans")
		w.leaf("ram:TypeCode", "58")
		w.open("ram:PayeePartyCreditorFinancialAccount")
		w.leaf("ram:IBANID", d.iban)
		w.close("ram:PayeePartyCreditorFinancialAccount")
		w.close("ram:SpecifiedTradeSettlementPaymentMeans")
	}
	for _, g := range d.breakdown {
		w.open("ram:ApplicableTradeTax")
		w.leaf("ram:CalculatedAmount", amount(g.tax))
		w.leaf("ram:TypeCode", "VAT")
		w.leaf("ram:ExemptionReason", g.cat.reason)
		w.leaf("ram:BasisAmount", amount(g.taxable))
		w.leaf("ram:CategoryCode", g.cat.code)
		w.leaf("ram:ExemptionReasonCode", g.cat.reasonCode)
		if g.cat.percent != nil {
			w.leaf("ram:RateApplicablePercent", plain(*g.cat.percent))
		} else {
			w.leaf("ram:RateApplicablePercent", "0") // as in UBL: a breakdown of O at 0
		}
		w.close("ram:ApplicableTradeTax")
	}
	if !d.dueDate.IsZero() {
		w.open("ram:SpecifiedTradePaymentTerms")
		w.open("ram:DueDateDateTime")
		w.leaf("udt:DateTimeString", date102(d.dueDate), "format", "102")
		w.close("ram:DueDateDateTime")
		w.close("ram:SpecifiedTradePaymentTerms")
	}
	w.open("ram:SpecifiedTradeSettlementHeaderMonetarySummation")
	w.leaf("ram:LineTotalAmount", amount(d.lineTotal))
	w.leaf("ram:TaxBasisTotalAmount", amount(d.lineTotal))
	w.leaf("ram:TaxTotalAmount", amount(d.taxTotal), "currencyID", d.currency)
	if d.taxCurrency != "" {
		w.leaf("ram:TaxTotalAmount", amount(d.taxInTaxCurrency), "currencyID", d.taxCurrency)
	}
	w.leaf("ram:GrandTotalAmount", amount(d.grandTotal))
	w.leaf("ram:DuePayableAmount", amount(d.grandTotal))
	w.close("ram:SpecifiedTradeSettlementHeaderMonetarySummation")
	if d.precedingNumber != "" {
		w.open("ram:InvoiceReferencedDocument")
		w.leaf("ram:IssuerAssignedID", d.precedingNumber)
		if !d.precedingDate.IsZero() {
			w.open("ram:FormattedIssueDateTime")
			w.leaf("qdt:DateTimeString", date102(d.precedingDate), "format", "102")
			w.close("ram:FormattedIssueDateTime")
		}
		w.close("ram:InvoiceReferencedDocument")
	}
	w.close("ram:ApplicableHeaderTradeSettlement")
	w.close("rsm:SupplyChainTradeTransaction")
	w.close("rsm:CrossIndustryInvoice")
	return w.b.Bytes()
}

// ciiParty writes a SellerTradeParty, BuyerTradeParty or
// SellerTaxRepresentativeTradeParty (BG-11: a name, a postal address and
// a VAT identifier, which are all it has).
func ciiParty(w *writer, tag string, p party, identifiers bool, c contact) {
	w.open(tag)
	if identifiers {
		w.leaf("ram:ID", p.code)
	}
	w.leaf("ram:Name", p.name)
	if p.legalID != "" {
		w.open("ram:SpecifiedLegalOrganization")
		w.leaf("ram:ID", p.legalID, "schemeID", p.legalScheme)
		w.close("ram:SpecifiedLegalOrganization")
	}
	if c != (contact{}) {
		w.open("ram:DefinedTradeContact")
		w.leaf("ram:PersonName", c.name)
		if c.phone != "" {
			w.open("ram:TelephoneUniversalCommunication")
			w.leaf("ram:CompleteNumber", c.phone)
			w.close("ram:TelephoneUniversalCommunication")
		}
		if c.email != "" {
			w.open("ram:EmailURIUniversalCommunication")
			w.leaf("ram:URIID", c.email)
			w.close("ram:EmailURIUniversalCommunication")
		}
		w.close("ram:DefinedTradeContact")
	}
	w.open("ram:PostalTradeAddress")
	w.leaf("ram:PostcodeCode", p.postalCode)
	w.leaf("ram:LineOne", p.street1)
	w.leaf("ram:LineTwo", p.street2)
	w.leaf("ram:CityName", p.city)
	w.leaf("ram:CountryID", p.country)
	w.leaf("ram:CountrySubDivisionName", p.subdivision)
	w.close("ram:PostalTradeAddress")
	if p.endpointID != "" {
		w.open("ram:URIUniversalCommunication")
		w.leaf("ram:URIID", p.endpointID, "schemeID", p.endpointScheme)
		w.close("ram:URIUniversalCommunication")
	}
	if p.vatID != "" {
		w.open("ram:SpecifiedTaxRegistration")
		w.leaf("ram:ID", p.vatID, "schemeID", "VA")
		w.close("ram:SpecifiedTaxRegistration")
	}
	w.close(tag)
}
