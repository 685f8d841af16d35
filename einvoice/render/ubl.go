package render

import (
	"github.com/levytax/levy/einvoice/ubl"
)

// writeUBL writes the document as a UBL 2.1 Invoice or CreditNote, its
// elements in the order of the UBL schema.
func writeUBL(d *document) []byte {
	w := &writer{}
	w.b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	root, ns, typeEl, lineEl, qtyEl, typeCode := "Invoice", ubl.NamespaceInvoice, "cbc:InvoiceTypeCode", "cac:InvoiceLine", "cbc:InvoicedQuantity", "380"
	if d.credit {
		root, ns, typeEl, lineEl, qtyEl, typeCode = "CreditNote", ubl.NamespaceCreditNote, "cbc:CreditNoteTypeCode", "cac:CreditNoteLine", "cbc:CreditedQuantity", "381"
	}
	w.open(root, "xmlns", ns, "xmlns:cac", ubl.NamespaceCAC, "xmlns:cbc", ubl.NamespaceCBC)
	if d.peppol {
		w.leaf("cbc:CustomizationID", CustomizationPeppol)
		w.leaf("cbc:ProfileID", ProfilePeppol)
	} else {
		w.leaf("cbc:CustomizationID", CustomizationEN16931)
	}
	w.leaf("cbc:ID", d.number)
	w.leaf("cbc:IssueDate", d.issueDate.String())
	if !d.credit && !d.dueDate.IsZero() {
		w.leaf("cbc:DueDate", d.dueDate.String())
	}
	w.leaf(typeEl, typeCode)
	w.leaf("cbc:DocumentCurrencyCode", d.currency)
	w.leaf("cbc:TaxCurrencyCode", d.taxCurrency)
	w.leaf("cbc:BuyerReference", d.buyerReference)
	if d.orderReference != "" {
		w.open("cac:OrderReference")
		w.leaf("cbc:ID", d.orderReference)
		w.close("cac:OrderReference")
	}
	if d.precedingNumber != "" {
		w.open("cac:BillingReference")
		w.open("cac:InvoiceDocumentReference")
		w.leaf("cbc:ID", d.precedingNumber)
		if !d.precedingDate.IsZero() {
			w.leaf("cbc:IssueDate", d.precedingDate.String())
		}
		w.close("cac:InvoiceDocumentReference")
		w.close("cac:BillingReference")
	}
	w.open("cac:AccountingSupplierParty")
	ublParty(w, d.seller, d.sellerIdentifiers, d.contact)
	w.close("cac:AccountingSupplierParty")
	w.open("cac:AccountingCustomerParty")
	ublParty(w, d.buyer, false, contact{})
	w.close("cac:AccountingCustomerParty")
	if d.taxRep != nil {
		// After the payee, the buyer and the seller of the schema's
		// sequence, none of which Levy writes, and before the delivery.
		ublTaxRepresentative(w, *d.taxRep)
	}
	if d.deliveryCountry != "" {
		w.open("cac:Delivery")
		w.leaf("cbc:ActualDeliveryDate", d.supplyDate.String())
		w.open("cac:DeliveryLocation")
		w.open("cac:Address")
		w.open("cac:Country")
		w.leaf("cbc:IdentificationCode", d.deliveryCountry)
		w.close("cac:Country")
		w.close("cac:Address")
		w.close("cac:DeliveryLocation")
		w.close("cac:Delivery")
	}
	if d.iban != "" || d.credit && !d.dueDate.IsZero() {
		w.open("cac:PaymentMeans")
		if d.iban != "" {
			w.leaf("cbc:PaymentMeansCode", "58")
		} else {
			w.leaf("cbc:PaymentMeansCode", "1") // not defined: only the due date of a credit note
		}
		if d.credit && !d.dueDate.IsZero() {
			w.leaf("cbc:PaymentDueDate", d.dueDate.String())
		}
		if d.iban != "" {
			w.leaf("cbc:PaymentID", d.number)
			w.open("cac:PayeeFinancialAccount")
			w.leaf("cbc:ID", d.iban)
			w.close("cac:PayeeFinancialAccount")
		}
		w.close("cac:PaymentMeans")
	}
	cur := []string{"currencyID", d.currency}
	w.open("cac:TaxTotal")
	w.leaf("cbc:TaxAmount", amount(d.taxTotal), cur...)
	for _, g := range d.breakdown {
		w.open("cac:TaxSubtotal")
		w.leaf("cbc:TaxableAmount", amount(g.taxable), cur...)
		w.leaf("cbc:TaxAmount", amount(g.tax), cur...)
		ublCategory(w, "cac:TaxCategory", g.cat, true)
		w.close("cac:TaxSubtotal")
	}
	w.close("cac:TaxTotal")
	if d.taxCurrency != "" {
		w.open("cac:TaxTotal")
		w.leaf("cbc:TaxAmount", amount(d.taxInTaxCurrency), "currencyID", d.taxCurrency)
		w.close("cac:TaxTotal")
	}
	w.open("cac:LegalMonetaryTotal")
	w.leaf("cbc:LineExtensionAmount", amount(d.lineTotal), cur...)
	w.leaf("cbc:TaxExclusiveAmount", amount(d.lineTotal), cur...)
	w.leaf("cbc:TaxInclusiveAmount", amount(d.grandTotal), cur...)
	w.leaf("cbc:PayableAmount", amount(d.grandTotal), cur...)
	w.close("cac:LegalMonetaryTotal")
	for _, l := range d.lines {
		w.open(lineEl)
		w.leaf("cbc:ID", l.id)
		w.leaf(qtyEl, plain(l.quantity), "unitCode", l.unit)
		w.leaf("cbc:LineExtensionAmount", amount(l.net), cur...)
		if l.freight.Sign() != 0 {
			w.open("cac:AllowanceCharge")
			if l.freight.Sign() > 0 {
				w.leaf("cbc:ChargeIndicator", "true")
				w.leaf("cbc:AllowanceChargeReasonCode", "FC")
			} else {
				w.leaf("cbc:ChargeIndicator", "false")
			}
			w.leaf("cbc:AllowanceChargeReason", "Freight")
			w.leaf("cbc:Amount", amount(l.freight.Abs()), cur...)
			w.close("cac:AllowanceCharge")
		}
		w.open("cac:Item")
		w.leaf("cbc:Name", l.name)
		if l.sellerItemID != "" {
			w.open("cac:SellersItemIdentification")
			w.leaf("cbc:ID", l.sellerItemID)
			w.close("cac:SellersItemIdentification")
		}
		ublCategory(w, "cac:ClassifiedTaxCategory", l.cat, false)
		w.close("cac:Item")
		w.open("cac:Price")
		w.leaf("cbc:PriceAmount", price(l.price), cur...)
		w.close("cac:Price")
		w.close(lineEl)
	}
	w.close(root)
	return w.b.Bytes()
}

// ublParty writes the Party of a seller or buyer.
func ublParty(w *writer, p party, identifiers bool, c contact) {
	w.open("cac:Party")
	w.leaf("cbc:EndpointID", p.endpointID, "schemeID", p.endpointScheme)
	if identifiers {
		w.open("cac:PartyIdentification")
		w.leaf("cbc:ID", p.code)
		w.close("cac:PartyIdentification")
	}
	ublAddress(w, p)
	if p.vatID != "" {
		ublVATScheme(w, p.vatID)
	}
	w.open("cac:PartyLegalEntity")
	w.leaf("cbc:RegistrationName", p.name)
	w.leaf("cbc:CompanyID", p.legalID, "schemeID", p.legalScheme)
	w.close("cac:PartyLegalEntity")
	if c != (contact{}) {
		w.open("cac:Contact")
		w.leaf("cbc:Name", c.name)
		w.leaf("cbc:Telephone", c.phone)
		w.leaf("cbc:ElectronicMail", c.email)
		w.close("cac:Contact")
	}
	w.close("cac:Party")
}

// ublTaxRepresentative writes the seller's tax representative (BG-11):
// its name (BT-62), postal address (BG-12) and VAT identifier (BT-63),
// in the order of the schema's PartyType.
func ublTaxRepresentative(w *writer, p party) {
	w.open("cac:TaxRepresentativeParty")
	w.open("cac:PartyName")
	w.leaf("cbc:Name", p.name)
	w.close("cac:PartyName")
	ublAddress(w, p)
	ublVATScheme(w, p.vatID)
	w.close("cac:TaxRepresentativeParty")
}

// ublVATScheme writes a party's VAT identifier as its PartyTaxScheme.
func ublVATScheme(w *writer, vatID string) {
	w.open("cac:PartyTaxScheme")
	w.leaf("cbc:CompanyID", vatID)
	w.open("cac:TaxScheme")
	w.leaf("cbc:ID", "VAT")
	w.close("cac:TaxScheme")
	w.close("cac:PartyTaxScheme")
}

// ublAddress writes the PostalAddress of a party.
func ublAddress(w *writer, p party) {
	w.open("cac:PostalAddress")
	w.leaf("cbc:StreetName", p.street1)
	w.leaf("cbc:AdditionalStreetName", p.street2)
	w.leaf("cbc:CityName", p.city)
	w.leaf("cbc:PostalZone", p.postalCode)
	w.leaf("cbc:CountrySubentity", p.subdivision)
	w.open("cac:Country")
	w.leaf("cbc:IdentificationCode", p.country)
	w.close("cac:Country")
	w.close("cac:PostalAddress")
}

// ublCategory writes a TaxCategory (of a breakdown, with its exemption
// reason) or a ClassifiedTaxCategory (of a line).
func ublCategory(w *writer, tag string, c category, breakdown bool) {
	w.open(tag)
	w.leaf("cbc:ID", c.code)
	switch {
	case c.percent != nil:
		w.leaf("cbc:Percent", plain(*c.percent))
	case breakdown:
		// Outside the scope of VAT the breakdown's rate is 0, which
		// Peppol's German rules ask for (DE-R-014); the lines have none
		// (BR-O-05).
		w.leaf("cbc:Percent", "0")
	}
	if breakdown {
		w.leaf("cbc:TaxExemptionReasonCode", c.reasonCode)
		w.leaf("cbc:TaxExemptionReason", c.reason)
	}
	w.open("cac:TaxScheme")
	w.leaf("cbc:ID", "VAT")
	w.close("cac:TaxScheme")
	w.close(tag)
}
