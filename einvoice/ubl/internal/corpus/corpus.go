// Package corpus builds Levy's own corpus of UBL test documents: four
// hand-written base documents (a Peppol invoice, a plain EN 16931 invoice,
// a Dutch Peppol credit note and a German Peppol invoice) and mutations of
// them, each of which breaks one rule of EN 16931 (for a Peppol document,
// as Peppol's copy of the EN 16931 rules has them) or Peppol BIS Billing
// 3.0, or changes nothing that matters. The tests of package ubl check
// Levy's verdict on each; the conformance command compares the verdicts
// with those of the official validation artefacts.
package corpus

import (
	"fmt"
	"strings"
)

// Document is one document of the corpus.
type Document struct {
	Name string
	XML  []byte
	// Breaks is the rule the document breaks (one fatal rule that must
	// be reported; others may fire with it), "" when it is valid.
	Breaks string
	// Peppol is true when the CustomizationID is Peppol's.
	Peppol bool
}

// mutation is a change of a base document: pairs of old and new text,
// each old text present exactly once in the base.
type mutation struct {
	base, name, breaks string
	pairs              []string
}

var bases = map[string]string{
	"peppol": peppolInvoice,
	"en":     enInvoice,
	"nl":     dutchCreditNote,
	"de":     germanInvoice,
}

// Snippets of the base documents that many mutations change.
const (
	pTotals = `<cbc:LineExtensionAmount currencyID="EUR">295.00</cbc:LineExtensionAmount>
    <cbc:TaxExclusiveAmount currencyID="EUR">285.00</cbc:TaxExclusiveAmount>
    <cbc:TaxInclusiveAmount currencyID="EUR">326.00</cbc:TaxInclusiveAmount>
    <cbc:AllowanceTotalAmount currencyID="EUR">15.00</cbc:AllowanceTotalAmount>
    <cbc:ChargeTotalAmount currencyID="EUR">5.00</cbc:ChargeTotalAmount>
    <cbc:PrepaidAmount currencyID="EUR">26.00</cbc:PrepaidAmount>
    <cbc:PayableAmount currencyID="EUR">300.00</cbc:PayableAmount>`
	pSeller      = `<cbc:EndpointID schemeID="0009">73282932000074</cbc:EndpointID>`
	pBuyer       = `<cbc:EndpointID schemeID="0009">41853629100026</cbc:EndpointID>`
	pSellerVAT   = `<cbc:CompanyID>FR44732829320</cbc:CompanyID>`
	pBuyerVAT    = `<cbc:CompanyID>FR19418536291</cbc:CompanyID>`
	pLine3       = "<cbc:Name>Printed manual</cbc:Name>\n      <cac:ClassifiedTaxCategory>\n        <cbc:ID>Z</cbc:ID>\n        <cbc:Percent>0</cbc:Percent>"
	pZSubtotal   = "<cbc:TaxAmount currencyID=\"EUR\">0.00</cbc:TaxAmount>\n      <cac:TaxCategory>\n        <cbc:ID>Z</cbc:ID>\n        <cbc:Percent>0</cbc:Percent>"
	pSSubtotal   = "<cbc:TaxAmount currencyID=\"EUR\">41.00</cbc:TaxAmount>\n      <cac:TaxCategory>\n        <cbc:ID>S</cbc:ID>\n        <cbc:Percent>20</cbc:Percent>"
	pAllowance   = "<cbc:AllowanceChargeReasonCode>95</cbc:AllowanceChargeReasonCode>\n    <cbc:AllowanceChargeReason>Discount</cbc:AllowanceChargeReason>"
	pCharge      = "<cbc:AllowanceChargeReasonCode>FC</cbc:AllowanceChargeReasonCode>\n    <cbc:AllowanceChargeReason>Freight</cbc:AllowanceChargeReason>"
	pPeriod      = "<cbc:StartDate>2026-02-01</cbc:StartDate>\n    <cbc:EndDate>2026-02-28</cbc:EndDate>"
	pLineAllow   = "<cbc:AllowanceChargeReason>Volume discount</cbc:AllowanceChargeReason>"
	pPayment     = "<cbc:PaymentMeansCode>30</cbc:PaymentMeansCode>\n    <cbc:PaymentID>LMB-2026-0042</cbc:PaymentID>"
	pAccount     = "<cac:PayeeFinancialAccount>\n      <cbc:ID>FR7630006000011234567890189</cbc:ID>\n    </cac:PayeeFinancialAccount>"
	pCustomize   = "<cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0</cbc:CustomizationID>"
	pProfile     = "<cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</cbc:ProfileID>"
	pItemID      = `<cbc:ID schemeID="0160">03601234567893</cbc:ID>`
	pSellerLegal = `<cbc:CompanyID schemeID="0002">732829320</cbc:CompanyID>`
	pDueDate     = "<cbc:DueDate>2026-04-01</cbc:DueDate>\n  "
	pTerms       = "<cac:PaymentTerms>\n    <cbc:Note>30 days</cbc:Note>\n  </cac:PaymentTerms>\n  "
	pCards       = "\n    <cac:CardAccount>\n      <cbc:PrimaryAccountNumberID>4321</cbc:PrimaryAccountNumberID>\n      <cbc:NetworkID>VISA</cbc:NetworkID>\n    </cac:CardAccount>\n    <cac:CardAccount>\n      <cbc:PrimaryAccountNumberID>8765</cbc:PrimaryAccountNumberID>\n      <cbc:NetworkID>VISA</cbc:NetworkID>\n    </cac:CardAccount>"
	pMandates    = "\n    <cac:PaymentMandate>\n      <cbc:ID>MANDATE-1</cbc:ID>\n    </cac:PaymentMandate>\n    <cac:PaymentMandate>\n      <cbc:ID>MANDATE-2</cbc:ID>\n    </cac:PaymentMandate>"
	pTenders     = "<cac:OriginatorDocumentReference>\n    <cbc:ID>LOT-1</cbc:ID>\n  </cac:OriginatorDocumentReference>\n  <cac:OriginatorDocumentReference>\n    <cbc:ID>LOT-2</cbc:ID>\n  </cac:OriginatorDocumentReference>\n  "
	enCustomize  = "<cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID>"
	eLineCat     = "<cbc:Name>Hull survey</cbc:Name>\n      <cac:ClassifiedTaxCategory>\n        <cbc:ID>AE</cbc:ID>\n        <cbc:Percent>0</cbc:Percent>"
	eSubCat      = "<cbc:ID>AE</cbc:ID>\n        <cbc:Percent>0</cbc:Percent>\n        <cbc:TaxExemptionReasonCode>VATEX-EU-AE</cbc:TaxExemptionReasonCode>\n        <cbc:TaxExemptionReason>Reverse charge</cbc:TaxExemptionReason>"
	eBuyerVAT    = `<cbc:CompanyID>ATU48291736</cbc:CompanyID>`
	eSellerVAT   = `<cbc:CompanyID>DE813495721</cbc:CompanyID>`
	eTotals      = `<cbc:LineExtensionAmount currencyID="EUR">1000.00</cbc:LineExtensionAmount>
    <cbc:TaxExclusiveAmount currencyID="EUR">1000.00</cbc:TaxExclusiveAmount>
    <cbc:TaxInclusiveAmount currencyID="EUR">1000.00</cbc:TaxInclusiveAmount>
    <cbc:PayableAmount currencyID="EUR">1000.00</cbc:PayableAmount>`
	nBilling     = "<cac:BillingReference>\n    <cac:InvoiceDocumentReference>\n      <cbc:ID>INV-5480</cbc:ID>\n      <cbc:IssueDate>2026-06-02</cbc:IssueDate>\n    </cac:InvoiceDocumentReference>\n  </cac:BillingReference>"
	nSellerLegal = `<cbc:CompanyID schemeID="0106">58213479</cbc:CompanyID>
      </cac:PartyLegalEntity>
    </cac:Party>
  </cac:AccountingSupplierParty>`
	nBuyerLegal = `<cbc:CompanyID schemeID="0106">61194820</cbc:CompanyID>
      </cac:PartyLegalEntity>
    </cac:Party>
  </cac:AccountingCustomerParty>`
	nSellerStreet = "<cbc:StreetName>Keizersgracht 401</cbc:StreetName>"
	nBuyerCity    = "<cbc:CityName>Utrecht</cbc:CityName>"
	nPayment      = "<cac:PaymentMeans>\n    <cbc:PaymentMeansCode>30</cbc:PaymentMeansCode>\n    <cac:PayeeFinancialAccount>\n      <cbc:ID>NL91ABNA0417164300</cbc:ID>\n    </cac:PayeeFinancialAccount>\n  </cac:PaymentMeans>"
	nSub21        = "<cbc:TaxAmount currencyID=\"EUR\">9.45</cbc:TaxAmount>"
	dContact      = "<cac:Contact>\n        <cbc:Name>Jana Roth</cbc:Name>\n        <cbc:Telephone>+49 341 555 0100</cbc:Telephone>\n        <cbc:ElectronicMail>rechnung@lindenlicht.example</cbc:ElectronicMail>\n      </cac:Contact>"
	dPayment      = "<cac:PaymentMeans>\n    <cbc:PaymentMeansCode>30</cbc:PaymentMeansCode>\n    <cac:PayeeFinancialAccount>\n      <cbc:ID>DE02100100100006820101</cbc:ID>\n    </cac:PayeeFinancialAccount>\n  </cac:PaymentMeans>"
)

var mutations = []mutation{
	// Changes that matter to no rule.
	{"peppol", "base", "", nil},
	{"en", "base", "", nil},
	{"nl", "base", "", nil},
	{"de", "base", "", nil},
	{"peppol", "note-removed", "", []string{"<cbc:Note>Deliveries of February</cbc:Note>\n", ""}},
	{"peppol", "order-reference-instead-of-buyer-reference", "", []string{"<cbc:BuyerReference>PO-77120</cbc:BuyerReference>", "<cac:OrderReference>\n    <cbc:ID>77120</cbc:ID>\n  </cac:OrderReference>"}},
	{"peppol", "rate-written-20.00", "", []string{pSSubtotal, strings.Replace(pSSubtotal, ">20<", ">20.00<", 1)}},
	{"peppol", "gln-buyer", "", []string{pBuyer, `<cbc:EndpointID schemeID="0088">5790000435975</cbc:EndpointID>`}},
	{"peppol", "gln-of-eight-digits", "", []string{pBuyer, `<cbc:EndpointID schemeID="0088">40123455</cbc:EndpointID>`}},
	{"peppol", "danish-cvr-with-prefix", "", []string{pBuyer, `<cbc:EndpointID schemeID="0184">DK10403782</cbc:EndpointID>`}},
	{"peppol", "danish-cvr-any-eight-digits", "", []string{pBuyer, `<cbc:EndpointID schemeID="0184">12345678</cbc:EndpointID>`}},
	{"peppol", "norwegian-organisation", "", []string{pBuyer, `<cbc:EndpointID schemeID="0192">914637287</cbc:EndpointID>`}},
	{"peppol", "belgian-enterprise", "", []string{pBuyer, `<cbc:EndpointID schemeID="0208">0471826311</cbc:EndpointID>`}},
	{"peppol", "swedish-organisation", "", []string{pBuyer, `<cbc:EndpointID schemeID="0007">5560360793</cbc:EndpointID>`}},
	{"peppol", "line-price-base-quantity", "", []string{"<cbc:PriceAmount currencyID=\"EUR\">12.50</cbc:PriceAmount>", "<cbc:PriceAmount currencyID=\"EUR\">125.00</cbc:PriceAmount>\n      <cbc:BaseQuantity unitCode=\"C62\">10</cbc:BaseQuantity>"}},
	{"peppol", "line-amount-within-slack", "", []string{"<cbc:PriceAmount currencyID=\"EUR\">12.50</cbc:PriceAmount>", "<cbc:PriceAmount currencyID=\"EUR\">12.502</cbc:PriceAmount>"}},
	{"peppol", "credit-transfer-sepa", "", []string{pPayment, strings.Replace(pPayment, ">30<", ">58<", 1)}},
	{"peppol", "gln-of-one-digit", "", []string{pBuyer, `<cbc:EndpointID schemeID="0088">0</cbc:EndpointID>`}},
	{"en", "invoice-number-no-break-space", "", []string{"<cbc:ID>RC-118</cbc:ID>", "<cbc:ID>\u00a0</cbc:ID>"}},
	{"en", "invoice-type-384", "", []string{"<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>", "<cbc:InvoiceTypeCode>384</cbc:InvoiceTypeCode>"}},
	{"en", "email-endpoint", "", []string{"<cac:AccountingSupplierParty>\n    <cac:Party>", "<cac:AccountingSupplierParty>\n    <cac:Party>\n      <cbc:EndpointID schemeID=\"EM\">billing@nordwerft.example</cbc:EndpointID>"}},
	{"en", "no-endpoints-no-buyer-reference", "", nil},
	{"en", "danish-cvr-not-mod-11", "", []string{"<cac:AccountingCustomerParty>\n    <cac:Party>", "<cac:AccountingCustomerParty>\n    <cac:Party>\n      <cbc:EndpointID schemeID=\"0184\">12345678</cbc:EndpointID>"}},
	{"en", "rounding-amount", "", []string{eTotals, strings.Replace(strings.Replace(eTotals, `<cbc:PayableAmount currencyID="EUR">1000.00`, `<cbc:PayableRoundingAmount currencyID="EUR">0.40</cbc:PayableRoundingAmount>
    <cbc:PayableAmount currencyID="EUR">1000.40`, 1), "", "", 1)}},
	{"nl", "credit-note-type-396", "", []string{"<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>", "<cbc:CreditNoteTypeCode>396</cbc:CreditNoteTypeCode>"}},
	{"de", "type-384-between-german-parties", "", []string{"<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>", "<cbc:InvoiceTypeCode>384</cbc:InvoiceTypeCode>\n  <cbc:Note>Corrects 2026-0801</cbc:Note>"}},
	{"de", "two-notes-between-german-parties", "", []string{"<cbc:DocumentCurrencyCode>", "<cbc:Note>One</cbc:Note>\n  <cbc:Note>Two</cbc:Note>\n  <cbc:DocumentCurrencyCode>"}},

	// EN 16931: mandatory elements.
	{"peppol", "no-customization", "BR-01", []string{pCustomize, ""}},
	{"peppol", "no-number", "BR-02", []string{"<cbc:ID>LMB-2026-0042</cbc:ID>", ""}},
	{"en", "no-issue-date", "BR-03", []string{"<cbc:IssueDate>2026-05-11</cbc:IssueDate>", ""}},
	{"en", "no-type-code", "BR-04", []string{"<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>", ""}},
	{"en", "no-currency", "BR-05", []string{"<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>", ""}},
	{"en", "no-seller-name", "BR-06", []string{"<cbc:RegistrationName>Nordwerft Kiel GmbH</cbc:RegistrationName>", ""}},
	{"en", "no-buyer-name", "BR-07", []string{"<cbc:RegistrationName>Donau Marine AG</cbc:RegistrationName>", "<cbc:RegistrationName> </cbc:RegistrationName>"}},
	{"en", "no-seller-country", "BR-09", []string{"<cbc:IdentificationCode>DE</cbc:IdentificationCode>", ""}},
	{"en", "no-buyer-country", "BR-11", []string{"<cbc:IdentificationCode>AT</cbc:IdentificationCode>", ""}},
	{"en", "no-line-total", "BR-12", []string{`<cbc:LineExtensionAmount currencyID="EUR">1000.00</cbc:LineExtensionAmount>
    <cbc:TaxExclusiveAmount`, "<cbc:TaxExclusiveAmount"}},
	{"en", "no-payable", "BR-15", []string{`<cbc:PayableAmount currencyID="EUR">1000.00</cbc:PayableAmount>`, ""}},
	{"peppol", "payee-without-name", "BR-17", []string{"<cac:Delivery>", "<cac:PayeeParty>\n    <cac:PartyIdentification>\n      <cbc:ID>PAYEE-1</cbc:ID>\n    </cac:PartyIdentification>\n  </cac:PayeeParty>\n  <cac:Delivery>"}},
	{"en", "tax-representative-without-name", "BR-18", []string{"<cac:PaymentMeans>", "<cac:TaxRepresentativeParty>\n    <cac:PostalAddress>\n      <cac:Country>\n        <cbc:IdentificationCode>DE</cbc:IdentificationCode>\n      </cac:Country>\n    </cac:PostalAddress>\n    <cac:PartyTaxScheme>\n      <cbc:CompanyID>DE999999999</cbc:CompanyID>\n      <cac:TaxScheme>\n        <cbc:ID>VAT</cbc:ID>\n      </cac:TaxScheme>\n    </cac:PartyTaxScheme>\n  </cac:TaxRepresentativeParty>\n  <cac:PaymentMeans>"}},
	{"en", "tax-representative-without-vat-id", "BR-56", []string{"<cac:PaymentMeans>", "<cac:TaxRepresentativeParty>\n    <cac:PartyName>\n      <cbc:Name>Vertreter</cbc:Name>\n    </cac:PartyName>\n    <cac:PostalAddress>\n      <cac:Country>\n        <cbc:IdentificationCode>DE</cbc:IdentificationCode>\n      </cac:Country>\n    </cac:PostalAddress>\n  </cac:TaxRepresentativeParty>\n  <cac:PaymentMeans>"}},
	{"en", "line-without-unit", "BR-23", []string{`<cbc:InvoicedQuantity unitCode="HUR">5</cbc:InvoicedQuantity>`, `<cbc:InvoicedQuantity>5</cbc:InvoicedQuantity>`}},
	{"en", "line-without-item-name", "BR-25", []string{"<cbc:Name>Hull survey</cbc:Name>", "<cbc:Name></cbc:Name>"}},
	{"en", "negative-price", "BR-27", []string{`<cbc:PriceAmount currencyID="EUR">200.00</cbc:PriceAmount>`, `<cbc:PriceAmount currencyID="EUR">-200.00</cbc:PriceAmount>`}},
	{"peppol", "period-ends-before-start", "BR-29", []string{pPeriod, "<cbc:StartDate>2026-02-28</cbc:StartDate>\n    <cbc:EndDate>2026-02-01</cbc:EndDate>"}},
	{"peppol", "line-period-ends-before-start", "BR-30", []string{"<cbc:InvoicedQuantity unitCode=\"H87\">2</cbc:InvoicedQuantity>\n    <cbc:LineExtensionAmount currencyID=\"EUR\">80.00</cbc:LineExtensionAmount>", "<cbc:InvoicedQuantity unitCode=\"H87\">2</cbc:InvoicedQuantity>\n    <cbc:LineExtensionAmount currencyID=\"EUR\">80.00</cbc:LineExtensionAmount>\n    <cac:InvoicePeriod>\n      <cbc:StartDate>2026-02-20</cbc:StartDate>\n      <cbc:EndDate>2026-02-10</cbc:EndDate>\n    </cac:InvoicePeriod>"}},
	{"peppol", "allowance-without-category", "BR-32", []string{"<cbc:Amount currencyID=\"EUR\">15.00</cbc:Amount>\n    <cac:TaxCategory>\n      <cbc:ID>S</cbc:ID>\n      <cbc:Percent>20</cbc:Percent>\n      <cac:TaxScheme>\n        <cbc:ID>VAT</cbc:ID>\n      </cac:TaxScheme>\n    </cac:TaxCategory>", "<cbc:Amount currencyID=\"EUR\">15.00</cbc:Amount>"}},
	{"peppol", "allowance-without-reason", "BR-33", []string{pAllowance, ""}},
	{"peppol", "charge-without-reason", "BR-38", []string{pCharge, ""}},
	{"peppol", "line-allowance-without-reason", "BR-42", []string{pLineAllow, ""}},
	{"peppol", "subtotal-without-taxable-amount", "BR-45", []string{`<cbc:TaxableAmount currencyID="EUR">80.00</cbc:TaxableAmount>`, ""}},
	{"peppol", "payment-without-code", "BR-49", []string{pPayment, "<cbc:PaymentID>LMB-2026-0042</cbc:PaymentID>"}},
	{"peppol", "credit-transfer-without-account", "BR-61", []string{pAccount, ""}},
	{"peppol", "supporting-document-without-id", "BR-52", []string{"<cac:AccountingSupplierParty>", "<cac:AdditionalDocumentReference>\n    <cbc:DocumentDescription>Delivery notes</cbc:DocumentDescription>\n  </cac:AdditionalDocumentReference>\n  <cac:AccountingSupplierParty>"}},
	{"en", "vat-accounting-currency-without-total", "BR-53", []string{"<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>", "<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>\n  <cbc:TaxCurrencyCode>SEK</cbc:TaxCurrencyCode>"}},
	{"peppol", "item-attribute-without-value", "BR-54", []string{"<cbc:Name>Chisel set</cbc:Name>", "<cbc:Name>Chisel set</cbc:Name>\n      <cac:AdditionalItemProperty>\n        <cbc:Name>Steel</cbc:Name>\n      </cac:AdditionalItemProperty>"}},
	{"peppol", "billing-reference-without-id", "BR-55", []string{"<cac:AccountingSupplierParty>", "<cac:BillingReference>\n    <cac:InvoiceDocumentReference>\n      <cbc:IssueDate>2026-01-02</cbc:IssueDate>\n    </cac:InvoiceDocumentReference>\n  </cac:BillingReference>\n  <cac:AccountingSupplierParty>"}},
	{"peppol", "delivery-address-without-country", "BR-57", []string{"<cbc:ActualDeliveryDate>2026-02-27</cbc:ActualDeliveryDate>", "<cbc:ActualDeliveryDate>2026-02-27</cbc:ActualDeliveryDate>\n    <cac:DeliveryLocation>\n      <cac:Address>\n        <cbc:CityName>Arras</cbc:CityName>\n      </cac:Address>\n    </cac:DeliveryLocation>"}},
	{"peppol", "seller-endpoint-without-scheme", "BR-62", []string{pSeller, `<cbc:EndpointID>73282932000074</cbc:EndpointID>`}},
	{"peppol", "buyer-endpoint-without-scheme", "BR-63", []string{pBuyer, `<cbc:EndpointID>41853629100026</cbc:EndpointID>`}},
	{"peppol", "item-identifier-without-scheme", "BR-64", []string{pItemID, `<cbc:ID>03601234567893</cbc:ID>`}},
	{"peppol", "classification-without-list", "BR-65", []string{"<cbc:Name>Chisel set</cbc:Name>", "<cbc:Name>Chisel set</cbc:Name>\n      <cac:CommodityClassification>\n        <cbc:ItemClassificationCode>44511500</cbc:ItemClassificationCode>\n      </cac:CommodityClassification>"}},

	// EN 16931: conditions and totals.
	{"peppol", "vat-point-date-and-code", "BR-CO-03", []string{"<cbc:DocumentCurrencyCode>", "<cbc:TaxPointDate>2026-02-28</cbc:TaxPointDate>\n  <cbc:DocumentCurrencyCode>", pPeriod, pPeriod + "\n    <cbc:DescriptionCode>35</cbc:DescriptionCode>"}},
	{"peppol", "vat-id-without-country", "BR-CO-09", []string{pSellerVAT, "<cbc:CompanyID>44732829320</cbc:CompanyID>"}},
	{"peppol", "lines-do-not-add-up", "BR-CO-10", []string{pTotals, strings.Replace(pTotals, ">295.00<", ">296.00<", 1)}},
	{"peppol", "allowances-do-not-add-up", "BR-CO-11", []string{pTotals, strings.Replace(pTotals, ">15.00<", ">14.00<", 1)}},
	{"peppol", "charges-do-not-add-up", "BR-CO-12", []string{pTotals, strings.Replace(pTotals, ">5.00<", ">6.00<", 1)}},
	{"peppol", "total-without-vat", "BR-CO-13", []string{pTotals, strings.Replace(pTotals, ">285.00<", ">284.00<", 1)}},
	{"peppol", "vat-total-against-breakdown", "BR-CO-14", []string{"<cbc:TaxAmount currencyID=\"EUR\">41.00</cbc:TaxAmount>\n    <cac:TaxSubtotal>", "<cbc:TaxAmount currencyID=\"EUR\">41.10</cbc:TaxAmount>\n    <cac:TaxSubtotal>"}},
	{"peppol", "total-with-vat", "BR-CO-15", []string{pTotals, strings.Replace(pTotals, ">326.00<", ">326.10<", 1)}},
	{"peppol", "amount-due", "BR-CO-16", []string{pTotals, strings.Replace(pTotals, ">300.00<", ">301.00<", 1)}},
	{"peppol", "category-tax-amount", "BR-CO-17", []string{pSSubtotal, strings.Replace(pSSubtotal, ">41.00<", ">43.00<", 1), "<cbc:TaxAmount currencyID=\"EUR\">41.00</cbc:TaxAmount>\n    <cac:TaxSubtotal>", "<cbc:TaxAmount currencyID=\"EUR\">43.00</cbc:TaxAmount>\n    <cac:TaxSubtotal>", pTotals, strings.Replace(strings.Replace(pTotals, ">326.00<", ">328.00<", 1), ">300.00<", ">302.00<", 1)}},
	{"peppol", "empty-period", "BR-CO-19", []string{pPeriod, ""}},
	{"peppol", "line-with-empty-period", "BR-CO-20", []string{"<cbc:LineExtensionAmount currencyID=\"EUR\">80.00</cbc:LineExtensionAmount>", "<cbc:LineExtensionAmount currencyID=\"EUR\">80.00</cbc:LineExtensionAmount>\n    <cac:InvoicePeriod>\n      <cbc:DescriptionCode>35</cbc:DescriptionCode>\n    </cac:InvoicePeriod>"}},
	{"peppol", "seller-without-identifiers", "BR-CO-26", []string{"<cac:PartyTaxScheme>\n        " + pSellerVAT + "\n        <cac:TaxScheme>\n          <cbc:ID>VAT</cbc:ID>\n        </cac:TaxScheme>\n      </cac:PartyTaxScheme>", "", pSellerLegal, ""}},
	{"peppol", "three-decimals-in-line-amount", "BR-DEC-23", []string{`<cbc:LineExtensionAmount currencyID="EUR">125.00</cbc:LineExtensionAmount>`, `<cbc:LineExtensionAmount currencyID="EUR">125.000</cbc:LineExtensionAmount>`}},
	{"peppol", "three-decimals-in-allowance", "BR-DEC-01", []string{`<cbc:Amount currencyID="EUR">15.00</cbc:Amount>`, `<cbc:Amount currencyID="EUR">15.000</cbc:Amount>`}},
	{"peppol", "three-decimals-in-payable", "BR-DEC-18", []string{`<cbc:PayableAmount currencyID="EUR">300.00</cbc:PayableAmount>`, `<cbc:PayableAmount currencyID="EUR">300.000</cbc:PayableAmount>`}},

	// EN 16931: VAT categories.
	{"peppol", "standard-rate-zero", "BR-S-05", []string{"<cbc:Name>Hand plane No. 4</cbc:Name>", "<cbc:Name>Hand plane No. 4</cbc:Name>\n      <cbc:Description>zero</cbc:Description>", "<cbc:ID>S</cbc:ID>\n        <cbc:Percent>20</cbc:Percent>\n        <cac:TaxScheme>\n          <cbc:ID>VAT</cbc:ID>\n        </cac:TaxScheme>\n      </cac:ClassifiedTaxCategory>\n    </cac:Item>\n    <cac:Price>\n      <cbc:PriceAmount currencyID=\"EUR\">12.50", "<cbc:ID>S</cbc:ID>\n        <cbc:Percent>0</cbc:Percent>\n        <cac:TaxScheme>\n          <cbc:ID>VAT</cbc:ID>\n        </cac:TaxScheme>\n      </cac:ClassifiedTaxCategory>\n    </cac:Item>\n    <cac:Price>\n      <cbc:PriceAmount currencyID=\"EUR\">12.50"}},
	{"peppol", "standard-rate-taxable-amount", "BR-S-08", []string{`<cbc:TaxableAmount currencyID="EUR">205.00</cbc:TaxableAmount>`, `<cbc:TaxableAmount currencyID="EUR">207.00</cbc:TaxableAmount>`}},
	{"peppol", "standard-rate-with-exemption", "BR-S-10", []string{pSSubtotal, pSSubtotal + "\n        <cbc:TaxExemptionReason>None</cbc:TaxExemptionReason>"}},
	{"peppol", "zero-rate-with-rate", "BR-Z-05", []string{pLine3, strings.Replace(pLine3, ">0<", ">5<", 1)}},
	{"peppol", "zero-rate-taxable-amount", "BR-Z-08", []string{`<cbc:TaxableAmount currencyID="EUR">80.00</cbc:TaxableAmount>`, `<cbc:TaxableAmount currencyID="EUR">81.00</cbc:TaxableAmount>`}},
	{"peppol", "zero-rate-with-tax", "BR-Z-09", []string{pZSubtotal, strings.Replace(pZSubtotal, ">0.00<", ">0.40<", 1), "<cbc:TaxAmount currencyID=\"EUR\">41.00</cbc:TaxAmount>\n    <cac:TaxSubtotal>", "<cbc:TaxAmount currencyID=\"EUR\">41.40</cbc:TaxAmount>\n    <cac:TaxSubtotal>", pTotals, strings.Replace(strings.Replace(pTotals, ">326.00<", ">326.40<", 1), ">300.00<", ">300.40<", 1)}},
	{"peppol", "zero-rate-with-exemption", "BR-Z-10", []string{pZSubtotal, pZSubtotal + "\n        <cbc:TaxExemptionReason>Books</cbc:TaxExemptionReason>"}},
	{"peppol", "zero-rate-without-breakdown", "BR-Z-01", []string{pZSubtotal, strings.Replace(pZSubtotal, "<cbc:ID>Z</cbc:ID>", "<cbc:ID>E</cbc:ID>", 1) + "\n        <cbc:TaxExemptionReason>Exempt</cbc:TaxExemptionReason>"}},
	{"peppol", "exempt-without-reason", "BR-E-10", []string{pLine3, strings.Replace(pLine3, "<cbc:ID>Z</cbc:ID>", "<cbc:ID>E</cbc:ID>", 1), pZSubtotal, strings.Replace(pZSubtotal, "<cbc:ID>Z</cbc:ID>", "<cbc:ID>E</cbc:ID>", 1)}},
	{"peppol", "exempt-with-rate", "BR-E-05", []string{pLine3, strings.Replace(strings.Replace(pLine3, "<cbc:ID>Z</cbc:ID>", "<cbc:ID>E</cbc:ID>", 1), ">0<", ">7<", 1), pZSubtotal, strings.Replace(pZSubtotal, "<cbc:ID>Z</cbc:ID>", "<cbc:ID>E</cbc:ID>", 1) + "\n        <cbc:TaxExemptionReason>Exempt</cbc:TaxExemptionReason>"}},
	{"peppol", "standard-rate-seller-without-vat-id", "BR-S-02", []string{"<cac:PartyTaxScheme>\n        " + pSellerVAT + "\n        <cac:TaxScheme>\n          <cbc:ID>VAT</cbc:ID>\n        </cac:TaxScheme>\n      </cac:PartyTaxScheme>", ""}},
	{"en", "reverse-charge-buyer-without-vat-id", "BR-AE-02", []string{"<cac:PartyTaxScheme>\n        " + eBuyerVAT + "\n        <cac:TaxScheme>\n          <cbc:ID>VAT</cbc:ID>\n        </cac:TaxScheme>\n      </cac:PartyTaxScheme>", ""}},
	{"en", "reverse-charge-with-rate", "BR-AE-05", []string{eLineCat, strings.Replace(eLineCat, ">0<", ">19<", 1)}},
	{"en", "reverse-charge-taxable-amount", "BR-AE-08", []string{`<cbc:TaxableAmount currencyID="EUR">1000.00</cbc:TaxableAmount>`, `<cbc:TaxableAmount currencyID="EUR">999.00</cbc:TaxableAmount>`}},
	{"en", "reverse-charge-without-reason", "BR-AE-10", []string{eSubCat, "<cbc:ID>AE</cbc:ID>\n        <cbc:Percent>0</cbc:Percent>"}},
	{"en", "reverse-charge-twice-in-breakdown", "BR-AE-01", []string{"</cac:TaxSubtotal>\n  </cac:TaxTotal>", "</cac:TaxSubtotal>\n    <cac:TaxSubtotal>\n      <cbc:TaxableAmount currencyID=\"EUR\">0.00</cbc:TaxableAmount>\n      <cbc:TaxAmount currencyID=\"EUR\">0.00</cbc:TaxAmount>\n      <cac:TaxCategory>\n        " + eSubCat + "\n        <cac:TaxScheme>\n          <cbc:ID>VAT</cbc:ID>\n        </cac:TaxScheme>\n      </cac:TaxCategory>\n    </cac:TaxSubtotal>\n  </cac:TaxTotal>"}},
	{"en", "intra-community-without-delivery", "BR-IC-11", []string{eLineCat, strings.Replace(eLineCat, "<cbc:ID>AE</cbc:ID>", "<cbc:ID>K</cbc:ID>", 1), eSubCat, strings.Replace(strings.Replace(eSubCat, "<cbc:ID>AE</cbc:ID>", "<cbc:ID>K</cbc:ID>", 1), "VATEX-EU-AE", "VATEX-EU-IC", 1)}},
	{"en", "export-with-tax", "BR-G-09", []string{eLineCat, strings.Replace(eLineCat, "<cbc:ID>AE</cbc:ID>", "<cbc:ID>G</cbc:ID>", 1), eSubCat, strings.Replace(strings.Replace(eSubCat, "<cbc:ID>AE</cbc:ID>", "<cbc:ID>G</cbc:ID>", 1), "VATEX-EU-AE", "VATEX-EU-G", 1), `<cbc:TaxAmount currencyID="EUR">0.00</cbc:TaxAmount>
      <cac:TaxCategory>`, `<cbc:TaxAmount currencyID="EUR">1.00</cbc:TaxAmount>
      <cac:TaxCategory>`, `<cbc:TaxAmount currencyID="EUR">0.00</cbc:TaxAmount>
    <cac:TaxSubtotal>`, `<cbc:TaxAmount currencyID="EUR">1.00</cbc:TaxAmount>
    <cac:TaxSubtotal>`, eTotals, strings.Replace(strings.Replace(eTotals, `<cbc:TaxInclusiveAmount currencyID="EUR">1000.00`, `<cbc:TaxInclusiveAmount currencyID="EUR">1001.00`, 1), `<cbc:PayableAmount currencyID="EUR">1000.00`, `<cbc:PayableAmount currencyID="EUR">1001.00`, 1)}},
	{"en", "not-subject-to-vat-with-vat-ids", "BR-O-02", []string{eLineCat, "<cbc:Name>Hull survey</cbc:Name>\n      <cac:ClassifiedTaxCategory>\n        <cbc:ID>O</cbc:ID>", eSubCat, "<cbc:ID>O</cbc:ID>\n        <cbc:TaxExemptionReason>Not subject to VAT</cbc:TaxExemptionReason>"}},

	// EN 16931: code lists.
	{"peppol", "unknown-type-code", "BR-CL-01", []string{"<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>", "<cbc:InvoiceTypeCode>999</cbc:InvoiceTypeCode>"}},
	{"peppol", "unknown-amount-currency", "BR-CL-03", []string{`<cbc:Amount currencyID="EUR">5.00</cbc:Amount>`, `<cbc:Amount currencyID="EURO">5.00</cbc:Amount>`}},
	{"en", "unknown-document-currency", "BR-CL-04", []string{"<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>", "<cbc:DocumentCurrencyCode>XYZ</cbc:DocumentCurrencyCode>"}},
	{"en", "unknown-vat-currency", "BR-CL-05", []string{"<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>", "<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>\n  <cbc:TaxCurrencyCode>ZZZ</cbc:TaxCurrencyCode>"}},
	{"peppol", "unknown-vat-point-code", "BR-CL-06", []string{pPeriod, pPeriod + "\n    <cbc:DescriptionCode>99</cbc:DescriptionCode>"}},
	{"peppol", "unknown-note-subject", "BR-CL-08", []string{"<cbc:Note>Deliveries of February</cbc:Note>", "<cbc:Note>#QQQ#Deliveries of February</cbc:Note>"}},
	{"peppol", "unknown-party-identifier-scheme", "BR-CL-10", []string{"<cac:AccountingCustomerParty>\n    <cac:Party>\n      " + pBuyer, "<cac:AccountingCustomerParty>\n    <cac:Party>\n      " + pBuyer + "\n      <cac:PartyIdentification>\n        <cbc:ID schemeID=\"9999\">41853629100026</cbc:ID>\n      </cac:PartyIdentification>"}},
	{"peppol", "unknown-legal-scheme", "BR-CL-11", []string{pSellerLegal, `<cbc:CompanyID schemeID="XX">732829320</cbc:CompanyID>`}},
	{"peppol", "unknown-classification-list", "BR-CL-13", []string{"<cbc:Name>Chisel set</cbc:Name>", "<cbc:Name>Chisel set</cbc:Name>\n      <cac:CommodityClassification>\n        <cbc:ItemClassificationCode listID=\"QQ\">44511500</cbc:ItemClassificationCode>\n      </cac:CommodityClassification>"}},
	{"en", "unknown-country", "BR-CL-14", []string{"<cbc:IdentificationCode>AT</cbc:IdentificationCode>", "<cbc:IdentificationCode>XA</cbc:IdentificationCode>"}},
	{"peppol", "unknown-payment-means", "BR-CL-16", []string{pPayment, strings.Replace(pPayment, ">30<", ">300<", 1)}},
	{"peppol", "unknown-line-category", "BR-CL-18", []string{pLine3, strings.Replace(pLine3, "<cbc:ID>Z</cbc:ID>", "<cbc:ID>X</cbc:ID>", 1)}},
	{"peppol", "unknown-allowance-reason", "BR-CL-19", []string{pAllowance, strings.Replace(pAllowance, ">95<", ">999<", 1)}},
	{"peppol", "unknown-charge-reason", "BR-CL-20", []string{pCharge, strings.Replace(pCharge, ">FC<", ">QQQ<", 1)}},
	{"peppol", "unknown-item-scheme", "BR-CL-21", []string{pItemID, `<cbc:ID schemeID="GTIN">03601234567893</cbc:ID>`}},
	{"en", "unknown-exemption-code", "BR-CL-22", []string{"VATEX-EU-AE", "VATEX-EU-ZZ"}},
	{"en", "unknown-unit", "BR-CL-23", []string{`unitCode="HUR"`, `unitCode="HOURS"`}},
	{"peppol", "unknown-attachment-type", "BR-CL-24", []string{"<cac:AccountingSupplierParty>", "<cac:AdditionalDocumentReference>\n    <cbc:ID>DN-1</cbc:ID>\n    <cac:Attachment>\n      <cbc:EmbeddedDocumentBinaryObject mimeCode=\"application/zip\" filename=\"dn.zip\">UEsDBA==</cbc:EmbeddedDocumentBinaryObject>\n    </cac:Attachment>\n  </cac:AdditionalDocumentReference>\n  <cac:AccountingSupplierParty>"}},
	{"peppol", "unknown-endpoint-scheme", "BR-CL-25", []string{pSeller, `<cbc:EndpointID schemeID="ZZ">73282932000074</cbc:EndpointID>`}},

	// UBL syntax.
	{"peppol", "two-invoice-periods", "UBL-SR-08", []string{pPeriod + "\n  </cac:InvoicePeriod>", pPeriod + "\n  </cac:InvoicePeriod>\n  <cac:InvoicePeriod>\n    " + pPeriod + "\n  </cac:InvoicePeriod>"}},
	{"peppol", "two-payment-terms", "UBL-SR-05", []string{"<cbc:Note>30 days</cbc:Note>", "<cbc:Note>30 days</cbc:Note>\n    <cbc:Note>net</cbc:Note>"}},
	{"peppol", "line-with-two-categories", "UBL-SR-48", []string{pLine3, pLine3 + "\n        <cac:TaxScheme>\n          <cbc:ID>VAT</cbc:ID>\n        </cac:TaxScheme>\n      </cac:ClassifiedTaxCategory>\n      <cac:ClassifiedTaxCategory>\n        <cbc:ID>Z</cbc:ID>\n        <cbc:Percent>0</cbc:Percent>"}},
	{"peppol", "attachment-without-filename", "UBL-DT-07", []string{"<cac:AccountingSupplierParty>", "<cac:AdditionalDocumentReference>\n    <cbc:ID>DN-1</cbc:ID>\n    <cac:Attachment>\n      <cbc:EmbeddedDocumentBinaryObject mimeCode=\"application/pdf\">JVBERi0=</cbc:EmbeddedDocumentBinaryObject>\n    </cac:Attachment>\n  </cac:AdditionalDocumentReference>\n  <cac:AccountingSupplierParty>"}},

	// Peppol BIS Billing 3.0.
	{"peppol", "no-profile", "PEPPOL-EN16931-R001", []string{pProfile, ""}},
	{"peppol", "two-notes", "PEPPOL-EN16931-R002", []string{"<cbc:Note>Deliveries of February</cbc:Note>", "<cbc:Note>Deliveries of February</cbc:Note>\n  <cbc:Note>Second note</cbc:Note>"}},
	{"peppol", "no-buyer-reference", "PEPPOL-EN16931-R003", []string{"<cbc:BuyerReference>PO-77120</cbc:BuyerReference>", ""}},
	{"peppol", "peppol-id-not-at-start", "PEPPOL-EN16931-R004", []string{pCustomize, "<cbc:CustomizationID>urn:example:urn:fdc:peppol.eu:2017:poacc:billing:3.0</cbc:CustomizationID>"}},
	{"peppol", "vat-currency-same-as-document", "PEPPOL-EN16931-R005", []string{"<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>", "<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>\n  <cbc:TaxCurrencyCode>EUR</cbc:TaxCurrencyCode>"}},
	{"peppol", "unknown-profile", "PEPPOL-EN16931-R007", []string{pProfile, "<cbc:ProfileID>billing</cbc:ProfileID>"}},
	{"peppol", "empty-element", "PEPPOL-EN16931-R008", []string{"<cbc:CityName>Arras</cbc:CityName>", "<cbc:CityName>Arras</cbc:CityName>\n        <cbc:AdditionalStreetName></cbc:AdditionalStreetName>"}},
	{"peppol", "no-buyer-endpoint", "PEPPOL-EN16931-R010", []string{pBuyer, ""}},
	{"peppol", "no-seller-endpoint", "PEPPOL-EN16931-R020", []string{pSeller, ""}},
	{"peppol", "percentage-without-base", "PEPPOL-EN16931-R041", []string{pAllowance, pAllowance + "\n    <cbc:MultiplierFactorNumeric>5</cbc:MultiplierFactorNumeric>"}},
	{"peppol", "base-without-percentage", "PEPPOL-EN16931-R042", []string{`<cbc:Amount currencyID="EUR">15.00</cbc:Amount>`, `<cbc:Amount currencyID="EUR">15.00</cbc:Amount>
    <cbc:BaseAmount currencyID="EUR">300.00</cbc:BaseAmount>`}},
	{"peppol", "allowance-not-base-times-percentage", "PEPPOL-EN16931-R040", []string{pAllowance + "\n    <cbc:Amount currencyID=\"EUR\">15.00</cbc:Amount>", pAllowance + "\n    <cbc:MultiplierFactorNumeric>5</cbc:MultiplierFactorNumeric>\n    <cbc:Amount currencyID=\"EUR\">15.00</cbc:Amount>\n    <cbc:BaseAmount currencyID=\"EUR\">200.00</cbc:BaseAmount>"}},
	{"peppol", "charge-indicator-as-digit", "PEPPOL-EN16931-R043", []string{"<cbc:ChargeIndicator>true</cbc:ChargeIndicator>", "<cbc:ChargeIndicator>1</cbc:ChargeIndicator>"}},
	{"peppol", "price-discount-does-not-add-up", "PEPPOL-EN16931-R046", []string{"<cbc:PriceAmount currencyID=\"EUR\">25.00</cbc:PriceAmount>", "<cbc:PriceAmount currencyID=\"EUR\">25.00</cbc:PriceAmount>\n      <cac:AllowanceCharge>\n        <cbc:ChargeIndicator>false</cbc:ChargeIndicator>\n        <cbc:Amount currencyID=\"EUR\">1.00</cbc:Amount>\n        <cbc:BaseAmount currencyID=\"EUR\">27.00</cbc:BaseAmount>\n      </cac:AllowanceCharge>"}},
	{"peppol", "amount-in-another-currency", "PEPPOL-EN16931-R051", []string{`<cbc:Amount currencyID="EUR">5.00</cbc:Amount>`, `<cbc:Amount currencyID="USD">5.00</cbc:Amount>`}},
	{"peppol", "direct-debit-without-mandate", "PEPPOL-EN16931-R061", []string{pPayment, strings.Replace(pPayment, ">30<", ">59<", 1)}},
	{"peppol", "line-period-before-invoice-period", "PEPPOL-EN16931-R110", []string{"<cbc:LineExtensionAmount currencyID=\"EUR\">80.00</cbc:LineExtensionAmount>", "<cbc:LineExtensionAmount currencyID=\"EUR\">80.00</cbc:LineExtensionAmount>\n    <cac:InvoicePeriod>\n      <cbc:StartDate>2026-01-15</cbc:StartDate>\n    </cac:InvoicePeriod>"}},
	{"peppol", "line-period-after-invoice-period", "PEPPOL-EN16931-R111", []string{"<cbc:LineExtensionAmount currencyID=\"EUR\">80.00</cbc:LineExtensionAmount>", "<cbc:LineExtensionAmount currencyID=\"EUR\">80.00</cbc:LineExtensionAmount>\n    <cac:InvoicePeriod>\n      <cbc:EndDate>2026-03-15</cbc:EndDate>\n    </cac:InvoicePeriod>"}},
	{"peppol", "line-amount-beyond-slack", "PEPPOL-EN16931-R120", []string{"<cbc:PriceAmount currencyID=\"EUR\">12.50</cbc:PriceAmount>", "<cbc:PriceAmount currencyID=\"EUR\">12.503</cbc:PriceAmount>"}},
	{"peppol", "zero-base-quantity", "PEPPOL-EN16931-R121", []string{"<cbc:PriceAmount currencyID=\"EUR\">40.00</cbc:PriceAmount>", "<cbc:PriceAmount currencyID=\"EUR\">40.00</cbc:PriceAmount>\n      <cbc:BaseQuantity unitCode=\"H87\">0</cbc:BaseQuantity>"}},
	{"peppol", "base-quantity-in-another-unit", "PEPPOL-EN16931-R130", []string{"<cbc:PriceAmount currencyID=\"EUR\">40.00</cbc:PriceAmount>", "<cbc:PriceAmount currencyID=\"EUR\">40.00</cbc:PriceAmount>\n      <cbc:BaseQuantity unitCode=\"C62\">1</cbc:BaseQuantity>"}},
	{"peppol", "type-code-outside-peppol", "PEPPOL-EN16931-P0100", []string{"<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>", "<cbc:InvoiceTypeCode>389</cbc:InvoiceTypeCode>"}},
	{"peppol", "corrected-invoice-outside-germany", "PEPPOL-EN16931-P0112", []string{"<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>", "<cbc:InvoiceTypeCode>384</cbc:InvoiceTypeCode>"}},
	{"peppol", "bad-date", "PEPPOL-EN16931-F001", []string{"<cbc:DueDate>2026-04-01</cbc:DueDate>", "<cbc:DueDate>2026-04-31</cbc:DueDate>"}},
	{"peppol", "allowance-reason-outside-peppol-list", "PEPPOL-EN16931-CL002", []string{pAllowance, strings.Replace(pAllowance, ">95<", ">1<", 1)}},
	{"peppol", "email-endpoint", "PEPPOL-EN16931-CL008", []string{pBuyer, `<cbc:EndpointID schemeID="EM">achats@arras.example</cbc:EndpointID>`}},
	{"peppol", "export-code-on-other-category", "PEPPOL-EN16931-P0104", []string{pZSubtotal, pZSubtotal + "\n        <cbc:TaxExemptionReasonCode>VATEX-EU-G</cbc:TaxExemptionReasonCode>"}},
	{"peppol", "gln-check-digit", "PEPPOL-COMMON-R040", []string{pBuyer, `<cbc:EndpointID schemeID="0088">5790000435976</cbc:EndpointID>`}},
	{"peppol", "norwegian-check-digit", "PEPPOL-COMMON-R041", []string{pBuyer, `<cbc:EndpointID schemeID="0192">914637288</cbc:EndpointID>`}},
	{"peppol", "danish-cvr-of-nine-digits", "PEPPOL-COMMON-R042", []string{pBuyer, `<cbc:EndpointID schemeID="0184">104037821</cbc:EndpointID>`}},
	{"peppol", "danish-cvr-padded", "PEPPOL-COMMON-R042", []string{pBuyer, `<cbc:EndpointID schemeID="0184"> 12345678</cbc:EndpointID>`}},
	{"peppol", "type-code-no-break-space", "PEPPOL-EN16931-P0100", []string{"<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>", "<cbc:InvoiceTypeCode>380\u00a0</cbc:InvoiceTypeCode>"}},
	{"en", "type-code-no-break-space", "BR-CL-01", []string{"<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>", "<cbc:InvoiceTypeCode>380\u00a0</cbc:InvoiceTypeCode>"}},
	{"en", "country-code-em-space", "BR-CL-14", []string{"<cbc:IdentificationCode>AT</cbc:IdentificationCode>", "<cbc:IdentificationCode>AT\u2003</cbc:IdentificationCode>"}},
	{"peppol", "belgian-check-digits", "PEPPOL-COMMON-R043", []string{pBuyer, `<cbc:EndpointID schemeID="0208">0471826312</cbc:EndpointID>`}},
	{"peppol", "swedish-check-digit", "PEPPOL-COMMON-R049", []string{pBuyer, `<cbc:EndpointID schemeID="0007">5560360794</cbc:EndpointID>`}},
	{"peppol", "australian-business-number", "PEPPOL-COMMON-R050", []string{pBuyer, `<cbc:EndpointID schemeID="0151">51824753557</cbc:EndpointID>`}},

	// Peppol's copy of the EN 16931 rules, which the Peppol network applies
	// to a Peppol document instead of CEN's artefacts, and the same change
	// outside Peppol (a plain EN 16931 CustomizationID), judged by CEN's.
	{"peppol", "no-due-date-nor-payment-terms", "BR-CO-25", []string{pDueDate, "", pTerms, ""}},
	{"peppol", "no-due-date-nor-payment-terms-outside-peppol", "", []string{pCustomize, enCustomize, pDueDate, "", pTerms, ""}},
	{"peppol", "payment-terms-without-due-date", "", []string{pDueDate, ""}},
	{"peppol", "due-date-without-payment-terms", "", []string{pTerms, ""}},
	{"peppol", "nothing-due-without-due-date-nor-payment-terms", "", []string{pDueDate, "", pTerms, "",
		`<cbc:PrepaidAmount currencyID="EUR">26.00</cbc:PrepaidAmount>`, `<cbc:PrepaidAmount currencyID="EUR">326.00</cbc:PrepaidAmount>`,
		`<cbc:PayableAmount currencyID="EUR">300.00</cbc:PayableAmount>`, `<cbc:PayableAmount currencyID="EUR">0.00</cbc:PayableAmount>`}},
	{"peppol", "two-card-accounts", "BR-66", []string{pPayment, pPayment + pCards}},
	{"peppol", "two-card-accounts-outside-peppol", "UBL-SR-54", []string{pCustomize, enCustomize, pPayment, pPayment + pCards}},
	{"peppol", "two-mandates", "BR-67", []string{pAccount, pAccount + pMandates}},
	{"peppol", "two-mandates-outside-peppol", "UBL-SR-55", []string{pCustomize, enCustomize, pAccount, pAccount + pMandates}},
	{"peppol", "two-tender-references", "", []string{"<cac:AccountingSupplierParty>", pTenders + "<cac:AccountingSupplierParty>"}},
	{"peppol", "two-tender-references-outside-peppol", "UBL-SR-56", []string{pCustomize, enCustomize, "<cac:AccountingSupplierParty>", pTenders + "<cac:AccountingSupplierParty>"}},
	{"peppol", "seller-endpoint-scheme-0244", "BR-CL-25", []string{pSeller, `<cbc:EndpointID schemeID="0244">73282932000074</cbc:EndpointID>`}},
	{"peppol", "seller-endpoint-scheme-0244-outside-peppol", "", []string{pCustomize, enCustomize, pSeller, `<cbc:EndpointID schemeID="0244">73282932000074</cbc:EndpointID>`}},
	{"peppol", "seller-legal-scheme-0241", "BR-CL-11", []string{pSellerLegal, `<cbc:CompanyID schemeID="0241">732829320</cbc:CompanyID>`}},
	{"peppol", "seller-legal-scheme-0241-outside-peppol", "", []string{pCustomize, enCustomize, pSellerLegal, `<cbc:CompanyID schemeID="0241">732829320</cbc:CompanyID>`}},

	// National rules.
	{"nl", "credit-note-without-invoice-reference", "NL-R-001", []string{nBilling, ""}},
	{"nl", "seller-address-without-street", "NL-R-002", []string{nSellerStreet, ""}},
	{"nl", "seller-legal-id-not-kvk", "NL-R-003", []string{nSellerLegal, strings.Replace(nSellerLegal, `schemeID="0106"`, `schemeID="0007"`, 1)}},
	{"nl", "buyer-address-without-city", "NL-R-004", []string{nBuyerCity, ""}},
	{"nl", "buyer-legal-id-not-kvk", "NL-R-005", []string{nBuyerLegal, strings.Replace(nBuyerLegal, `schemeID="0106"`, `schemeID="0002"`, 1)}},
	{"nl", "payment-by-card", "NL-R-008", []string{nPayment, "<cac:PaymentMeans>\n    <cbc:PaymentMeansCode>54</cbc:PaymentMeansCode>\n  </cac:PaymentMeans>"}},
	{"nl", "order-line-without-order", "NL-R-009", []string{"<cbc:LineExtensionAmount currencyID=\"EUR\">55.00</cbc:LineExtensionAmount>", "<cbc:LineExtensionAmount currencyID=\"EUR\">55.00</cbc:LineExtensionAmount>\n    <cac:OrderLineReference>\n      <cbc:LineID>4</cbc:LineID>\n    </cac:OrderLineReference>"}},
	{"nl", "standard-rate-taxable-amount", "BR-S-08", []string{`<cbc:TaxableAmount currencyID="EUR">45.00</cbc:TaxableAmount>`, `<cbc:TaxableAmount currencyID="EUR">47.00</cbc:TaxableAmount>`}},
	{"nl", "standard-rate-tax", "BR-S-09", []string{nSub21, `<cbc:TaxAmount currencyID="EUR">11.45</cbc:TaxAmount>`, "<cbc:TaxAmount currencyID=\"EUR\">14.40</cbc:TaxAmount>", "<cbc:TaxAmount currencyID=\"EUR\">16.40</cbc:TaxAmount>", `<cbc:TaxInclusiveAmount currencyID="EUR">114.40`, `<cbc:TaxInclusiveAmount currencyID="EUR">116.40`, `<cbc:PayableAmount currencyID="EUR">114.40`, `<cbc:PayableAmount currencyID="EUR">116.40`}},
	{"nl", "credit-note-type-outside-peppol", "PEPPOL-EN16931-P0101", []string{"<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>", "<cbc:CreditNoteTypeCode>261</cbc:CreditNoteTypeCode>"}},
	{"de", "no-payment-means", "DE-R-001", []string{dPayment, ""}},
	{"de", "no-seller-contact", "DE-R-002", []string{dContact, ""}},
	{"de", "seller-without-city", "DE-R-003", []string{"<cbc:CityName>Leipzig</cbc:CityName>", ""}},
	{"de", "seller-without-post-code", "DE-R-004", []string{"<cbc:PostalZone>04109</cbc:PostalZone>", ""}},
	{"de", "contact-without-phone", "DE-R-006", []string{"<cbc:Telephone>+49 341 555 0100</cbc:Telephone>", ""}},
	{"de", "contact-without-email", "DE-R-007", []string{"<cbc:ElectronicMail>rechnung@lindenlicht.example</cbc:ElectronicMail>", ""}},
	{"de", "buyer-without-post-code", "DE-R-009", []string{"<cbc:PostalZone>06108</cbc:PostalZone>", ""}},
	{"de", "no-buyer-reference", "DE-R-015", []string{"<cbc:BuyerReference>04011000-12345-34</cbc:BuyerReference>", "<cac:OrderReference>\n    <cbc:ID>77</cbc:ID>\n  </cac:OrderReference>"}},
	{"de", "bad-skonto-line", "DE-R-018", []string{"</cac:PaymentMeans>", "</cac:PaymentMeans>\n  <cac:PaymentTerms>\n    <cbc:Note>#SKONTO#TAGE=14#PROZENT=2#\n</cbc:Note>\n  </cac:PaymentTerms>"}},
	{"de", "credit-transfer-without-account", "DE-R-023-1", []string{"<cac:PayeeFinancialAccount>\n      <cbc:ID>DE02100100100006820101</cbc:ID>\n    </cac:PayeeFinancialAccount>", "<cbc:PaymentID>2026-0815</cbc:PaymentID>"}},
	{"de", "card-payment-without-card", "DE-R-024-1", []string{dPayment, "<cac:PaymentMeans>\n    <cbc:PaymentMeansCode>54</cbc:PaymentMeansCode>\n  </cac:PaymentMeans>"}},
}

// globalMutations replace every occurrence of each old text.
var globalMutations = []mutation{
	{"peppol", "other-prefixes", "", []string{"xmlns:cac=", "xmlns:a=", "xmlns:cbc=", "xmlns:b=", "cac:", "a:", "cbc:", "b:"}},
	{"peppol", "no-breakdown", "BR-CO-18", []string{"cac:TaxSubtotal>", "cac:VATSubtotal>"}},
}

// Documents returns the corpus: every mutation applied to its base.
func Documents() []Document {
	out := make([]Document, 0, len(mutations)+len(globalMutations))
	all := append(append([]mutation(nil), mutations...), globalMutations...)
	for j, m := range all {
		doc := bases[m.base]
		for i := 0; i+1 < len(m.pairs); i += 2 {
			if j >= len(mutations) {
				doc = strings.ReplaceAll(doc, m.pairs[i], m.pairs[i+1])
				continue
			}
			if strings.Count(doc, m.pairs[i]) != 1 {
				panic(fmt.Sprintf("corpus: mutation %s-%s: %q occurs %d times in the base", m.base, m.name, m.pairs[i], strings.Count(doc, m.pairs[i])))
			}
			doc = strings.Replace(doc, m.pairs[i], m.pairs[i+1], 1)
		}
		out = append(out, Document{
			Name:   m.base + "-" + m.name,
			XML:    []byte(doc),
			Breaks: m.breaks,
			Peppol: strings.Contains(doc, "urn:fdc:peppol.eu:2017:poacc:billing:3.0"),
		})
	}
	return out
}
