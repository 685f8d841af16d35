package corpus

// The CII base documents are valid: the official validation artefacts
// accept them, and so does Levy. Each CII mutation changes one of them.

// ciiHead is the start of every CII base document.
const ciiHead = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocumentContext>
    <ram:GuidelineSpecifiedDocumentContextParameter>
      <ram:ID>urn:cen.eu:en16931:2017</ram:ID>
    </ram:GuidelineSpecifiedDocumentContextParameter>
  </rsm:ExchangedDocumentContext>
`

// ciiGerman is an invoice between two German companies, as XRechnung CII
// writes one: three lines at the standard and the reduced rate, a gross
// price with a discount, a line allowance, a document level allowance and
// charge, a prepaid amount and payment by SEPA credit transfer.
const ciiGerman = ciiHead + `  <rsm:ExchangedDocument>
    <ram:ID>LL-2026-0815</ram:ID>
    <ram:TypeCode>380</ram:TypeCode>
    <ram:IssueDateTime>
      <udt:DateTimeString format="102">20260302</udt:DateTimeString>
    </ram:IssueDateTime>
    <ram:IncludedNote>
      <ram:Content>Lieferungen im Februar</ram:Content>
      <ram:SubjectCode>AAI</ram:SubjectCode>
    </ram:IncludedNote>
  </rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
    <ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument>
        <ram:LineID>1</ram:LineID>
      </ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedTradeProduct>
        <ram:GlobalID schemeID="0160">04012345000016</ram:GlobalID>
        <ram:SellerAssignedID>LED-6060</ram:SellerAssignedID>
        <ram:Name>LED panel 60x60</ram:Name>
        <ram:ApplicableProductCharacteristic>
          <ram:Description>Colour temperature</ram:Description>
          <ram:Value>4000 K</ram:Value>
        </ram:ApplicableProductCharacteristic>
        <ram:DesignatedProductClassification>
          <ram:ClassCode listID="HS">940541</ram:ClassCode>
        </ram:DesignatedProductClassification>
      </ram:SpecifiedTradeProduct>
      <ram:SpecifiedLineTradeAgreement>
        <ram:GrossPriceProductTradePrice>
          <ram:ChargeAmount>50.00</ram:ChargeAmount>
          <ram:AppliedTradeAllowanceCharge>
            <ram:ChargeIndicator>
              <udt:Indicator>false</udt:Indicator>
            </ram:ChargeIndicator>
            <ram:ActualAmount>5.00</ram:ActualAmount>
          </ram:AppliedTradeAllowanceCharge>
        </ram:GrossPriceProductTradePrice>
        <ram:NetPriceProductTradePrice>
          <ram:ChargeAmount>45.00</ram:ChargeAmount>
        </ram:NetPriceProductTradePrice>
      </ram:SpecifiedLineTradeAgreement>
      <ram:SpecifiedLineTradeDelivery>
        <ram:BilledQuantity unitCode="H87">4</ram:BilledQuantity>
      </ram:SpecifiedLineTradeDelivery>
      <ram:SpecifiedLineTradeSettlement>
        <ram:ApplicableTradeTax>
          <ram:TypeCode>VAT</ram:TypeCode>
          <ram:CategoryCode>S</ram:CategoryCode>
          <ram:RateApplicablePercent>19</ram:RateApplicablePercent>
        </ram:ApplicableTradeTax>
        <ram:SpecifiedTradeSettlementLineMonetarySummation>
          <ram:LineTotalAmount>180.00</ram:LineTotalAmount>
        </ram:SpecifiedTradeSettlementLineMonetarySummation>
      </ram:SpecifiedLineTradeSettlement>
    </ram:IncludedSupplyChainTradeLineItem>
    <ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument>
        <ram:LineID>2</ram:LineID>
      </ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedTradeProduct>
        <ram:Name>Installation</ram:Name>
      </ram:SpecifiedTradeProduct>
      <ram:SpecifiedLineTradeAgreement>
        <ram:NetPriceProductTradePrice>
          <ram:ChargeAmount>65.00</ram:ChargeAmount>
        </ram:NetPriceProductTradePrice>
      </ram:SpecifiedLineTradeAgreement>
      <ram:SpecifiedLineTradeDelivery>
        <ram:BilledQuantity unitCode="HUR">3</ram:BilledQuantity>
      </ram:SpecifiedLineTradeDelivery>
      <ram:SpecifiedLineTradeSettlement>
        <ram:ApplicableTradeTax>
          <ram:TypeCode>VAT</ram:TypeCode>
          <ram:CategoryCode>S</ram:CategoryCode>
          <ram:RateApplicablePercent>19</ram:RateApplicablePercent>
        </ram:ApplicableTradeTax>
        <ram:BillingSpecifiedPeriod>
          <ram:StartDateTime>
            <udt:DateTimeString format="102">20260210</udt:DateTimeString>
          </ram:StartDateTime>
          <ram:EndDateTime>
            <udt:DateTimeString format="102">20260212</udt:DateTimeString>
          </ram:EndDateTime>
        </ram:BillingSpecifiedPeriod>
        <ram:SpecifiedTradeAllowanceCharge>
          <ram:ChargeIndicator>
            <udt:Indicator>false</udt:Indicator>
          </ram:ChargeIndicator>
          <ram:ActualAmount>15.00</ram:ActualAmount>
          <ram:ReasonCode>95</ram:ReasonCode>
          <ram:Reason>Volume discount</ram:Reason>
        </ram:SpecifiedTradeAllowanceCharge>
        <ram:SpecifiedTradeSettlementLineMonetarySummation>
          <ram:LineTotalAmount>180.00</ram:LineTotalAmount>
        </ram:SpecifiedTradeSettlementLineMonetarySummation>
      </ram:SpecifiedLineTradeSettlement>
    </ram:IncludedSupplyChainTradeLineItem>
    <ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument>
        <ram:LineID>3</ram:LineID>
      </ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedTradeProduct>
        <ram:Name>Printed manual</ram:Name>
        <ram:OriginTradeCountry>
          <ram:ID>DE</ram:ID>
        </ram:OriginTradeCountry>
      </ram:SpecifiedTradeProduct>
      <ram:SpecifiedLineTradeAgreement>
        <ram:NetPriceProductTradePrice>
          <ram:ChargeAmount>12.50</ram:ChargeAmount>
        </ram:NetPriceProductTradePrice>
      </ram:SpecifiedLineTradeAgreement>
      <ram:SpecifiedLineTradeDelivery>
        <ram:BilledQuantity unitCode="H87">2</ram:BilledQuantity>
      </ram:SpecifiedLineTradeDelivery>
      <ram:SpecifiedLineTradeSettlement>
        <ram:ApplicableTradeTax>
          <ram:TypeCode>VAT</ram:TypeCode>
          <ram:CategoryCode>S</ram:CategoryCode>
          <ram:RateApplicablePercent>7</ram:RateApplicablePercent>
        </ram:ApplicableTradeTax>
        <ram:SpecifiedTradeSettlementLineMonetarySummation>
          <ram:LineTotalAmount>25.00</ram:LineTotalAmount>
        </ram:SpecifiedTradeSettlementLineMonetarySummation>
      </ram:SpecifiedLineTradeSettlement>
    </ram:IncludedSupplyChainTradeLineItem>
    <ram:ApplicableHeaderTradeAgreement>
      <ram:BuyerReference>04011000-12345-34</ram:BuyerReference>
      <ram:SellerTradeParty>
        <ram:Name>Lindenlicht Leuchten GmbH</ram:Name>
        <ram:SpecifiedLegalOrganization>
          <ram:ID>HRB 24817</ram:ID>
        </ram:SpecifiedLegalOrganization>
        <ram:DefinedTradeContact>
          <ram:PersonName>Jana Roth</ram:PersonName>
          <ram:TelephoneUniversalCommunication>
            <ram:CompleteNumber>+49 341 555 0100</ram:CompleteNumber>
          </ram:TelephoneUniversalCommunication>
          <ram:EmailURIUniversalCommunication>
            <ram:URIID>rechnung@lindenlicht.example</ram:URIID>
          </ram:EmailURIUniversalCommunication>
        </ram:DefinedTradeContact>
        <ram:PostalTradeAddress>
          <ram:PostcodeCode>04109</ram:PostcodeCode>
          <ram:LineOne>Lampestrasse 4</ram:LineOne>
          <ram:CityName>Leipzig</ram:CityName>
          <ram:CountryID>DE</ram:CountryID>
        </ram:PostalTradeAddress>
        <ram:URIUniversalCommunication>
          <ram:URIID schemeID="EM">rechnung@lindenlicht.example</ram:URIID>
        </ram:URIUniversalCommunication>
        <ram:SpecifiedTaxRegistration>
          <ram:ID schemeID="VA">DE813495721</ram:ID>
        </ram:SpecifiedTaxRegistration>
      </ram:SellerTradeParty>
      <ram:BuyerTradeParty>
        <ram:Name>Stadtwerke Halle GmbH</ram:Name>
        <ram:PostalTradeAddress>
          <ram:PostcodeCode>06108</ram:PostcodeCode>
          <ram:LineOne>Bornknechtstrasse 5</ram:LineOne>
          <ram:CityName>Halle (Saale)</ram:CityName>
          <ram:CountryID>DE</ram:CountryID>
        </ram:PostalTradeAddress>
        <ram:URIUniversalCommunication>
          <ram:URIID schemeID="EM">eingangsrechnung@swh.example</ram:URIID>
        </ram:URIUniversalCommunication>
        <ram:SpecifiedTaxRegistration>
          <ram:ID schemeID="VA">DE129483712</ram:ID>
        </ram:SpecifiedTaxRegistration>
      </ram:BuyerTradeParty>
      <ram:BuyerOrderReferencedDocument>
        <ram:IssuerAssignedID>B-7731</ram:IssuerAssignedID>
      </ram:BuyerOrderReferencedDocument>
    </ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeDelivery>
      <ram:ActualDeliverySupplyChainEvent>
        <ram:OccurrenceDateTime>
          <udt:DateTimeString format="102">20260227</udt:DateTimeString>
        </ram:OccurrenceDateTime>
      </ram:ActualDeliverySupplyChainEvent>
    </ram:ApplicableHeaderTradeDelivery>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:PaymentReference>LL-2026-0815</ram:PaymentReference>
      <ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
      <ram:SpecifiedTradeSettlementPaymentMeans>
        <ram:TypeCode>58</ram:TypeCode>
        <ram:PayeePartyCreditorFinancialAccount>
          <ram:IBANID>DE02100100100006820101</ram:IBANID>
        </ram:PayeePartyCreditorFinancialAccount>
      </ram:SpecifiedTradeSettlementPaymentMeans>
      <ram:ApplicableTradeTax>
        <ram:CalculatedAmount>67.45</ram:CalculatedAmount>
        <ram:TypeCode>VAT</ram:TypeCode>
        <ram:BasisAmount>355.00</ram:BasisAmount>
        <ram:CategoryCode>S</ram:CategoryCode>
        <ram:RateApplicablePercent>19</ram:RateApplicablePercent>
      </ram:ApplicableTradeTax>
      <ram:ApplicableTradeTax>
        <ram:CalculatedAmount>1.75</ram:CalculatedAmount>
        <ram:TypeCode>VAT</ram:TypeCode>
        <ram:BasisAmount>25.00</ram:BasisAmount>
        <ram:CategoryCode>S</ram:CategoryCode>
        <ram:RateApplicablePercent>7</ram:RateApplicablePercent>
      </ram:ApplicableTradeTax>
      <ram:BillingSpecifiedPeriod>
        <ram:StartDateTime>
          <udt:DateTimeString format="102">20260201</udt:DateTimeString>
        </ram:StartDateTime>
        <ram:EndDateTime>
          <udt:DateTimeString format="102">20260228</udt:DateTimeString>
        </ram:EndDateTime>
      </ram:BillingSpecifiedPeriod>
      <ram:SpecifiedTradeAllowanceCharge>
        <ram:ChargeIndicator>
          <udt:Indicator>false</udt:Indicator>
        </ram:ChargeIndicator>
        <ram:ActualAmount>10.00</ram:ActualAmount>
        <ram:ReasonCode>95</ram:ReasonCode>
        <ram:Reason>Discount</ram:Reason>
        <ram:CategoryTradeTax>
          <ram:TypeCode>VAT</ram:TypeCode>
          <ram:CategoryCode>S</ram:CategoryCode>
          <ram:RateApplicablePercent>19</ram:RateApplicablePercent>
        </ram:CategoryTradeTax>
      </ram:SpecifiedTradeAllowanceCharge>
      <ram:SpecifiedTradeAllowanceCharge>
        <ram:ChargeIndicator>
          <udt:Indicator>true</udt:Indicator>
        </ram:ChargeIndicator>
        <ram:ActualAmount>5.00</ram:ActualAmount>
        <ram:ReasonCode>FC</ram:ReasonCode>
        <ram:Reason>Freight</ram:Reason>
        <ram:CategoryTradeTax>
          <ram:TypeCode>VAT</ram:TypeCode>
          <ram:CategoryCode>S</ram:CategoryCode>
          <ram:RateApplicablePercent>19</ram:RateApplicablePercent>
        </ram:CategoryTradeTax>
      </ram:SpecifiedTradeAllowanceCharge>
      <ram:SpecifiedTradePaymentTerms>
        <ram:Description>30 Tage netto</ram:Description>
        <ram:DueDateDateTime>
          <udt:DateTimeString format="102">20260401</udt:DateTimeString>
        </ram:DueDateDateTime>
      </ram:SpecifiedTradePaymentTerms>
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
        <ram:LineTotalAmount>385.00</ram:LineTotalAmount>
        <ram:ChargeTotalAmount>5.00</ram:ChargeTotalAmount>
        <ram:AllowanceTotalAmount>10.00</ram:AllowanceTotalAmount>
        <ram:TaxBasisTotalAmount>380.00</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount currencyID="EUR">69.20</ram:TaxTotalAmount>
        <ram:GrandTotalAmount>449.20</ram:GrandTotalAmount>
        <ram:TotalPrepaidAmount>49.20</ram:TotalPrepaidAmount>
        <ram:DuePayableAmount>400.00</ram:DuePayableAmount>
      </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>
`

// ciiLine writes a line of a CII base document.
func ciiLine(id, name, unit, qty, price, category, rate, total string) string {
	rateEl := ""
	if rate != "" {
		rateEl = "\n          <ram:RateApplicablePercent>" + rate + "</ram:RateApplicablePercent>"
	}
	return `    <ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument>
        <ram:LineID>` + id + `</ram:LineID>
      </ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedTradeProduct>
        <ram:Name>` + name + `</ram:Name>
      </ram:SpecifiedTradeProduct>
      <ram:SpecifiedLineTradeAgreement>
        <ram:NetPriceProductTradePrice>
          <ram:ChargeAmount>` + price + `</ram:ChargeAmount>
        </ram:NetPriceProductTradePrice>
      </ram:SpecifiedLineTradeAgreement>
      <ram:SpecifiedLineTradeDelivery>
        <ram:BilledQuantity unitCode="` + unit + `">` + qty + `</ram:BilledQuantity>
      </ram:SpecifiedLineTradeDelivery>
      <ram:SpecifiedLineTradeSettlement>
        <ram:ApplicableTradeTax>
          <ram:TypeCode>VAT</ram:TypeCode>
          <ram:CategoryCode>` + category + `</ram:CategoryCode>` + rateEl + `
        </ram:ApplicableTradeTax>
        <ram:SpecifiedTradeSettlementLineMonetarySummation>
          <ram:LineTotalAmount>` + total + `</ram:LineTotalAmount>
        </ram:SpecifiedTradeSettlementLineMonetarySummation>
      </ram:SpecifiedLineTradeSettlement>
    </ram:IncludedSupplyChainTradeLineItem>
`
}

// ciiParty writes a seller or buyer of a CII base document: its name,
// city, country and, when not empty, its VAT identifier and legal
// registration identifier.
func ciiParty(element, name, city, country, vat, legal string) string {
	s := "      <ram:" + element + ">\n        <ram:Name>" + name + "</ram:Name>\n"
	if legal != "" {
		s += "        <ram:SpecifiedLegalOrganization>\n          <ram:ID>" + legal + "</ram:ID>\n        </ram:SpecifiedLegalOrganization>\n"
	}
	s += "        <ram:PostalTradeAddress>\n          <ram:CityName>" + city + "</ram:CityName>\n          <ram:CountryID>" + country + "</ram:CountryID>\n        </ram:PostalTradeAddress>\n"
	if vat != "" {
		s += "        <ram:SpecifiedTaxRegistration>\n          <ram:ID schemeID=\"VA\">" + vat + "</ram:ID>\n        </ram:SpecifiedTaxRegistration>\n"
	}
	return s + "      </ram:" + element + ">\n"
}

// ciiBreakdown writes a VAT breakdown of a CII base document.
func ciiBreakdown(tax, basis, category, reason, reasonCode, rate string) string {
	s := "      <ram:ApplicableTradeTax>\n        <ram:CalculatedAmount>" + tax + "</ram:CalculatedAmount>\n        <ram:TypeCode>VAT</ram:TypeCode>\n"
	if reason != "" {
		s += "        <ram:ExemptionReason>" + reason + "</ram:ExemptionReason>\n"
	}
	s += "        <ram:BasisAmount>" + basis + "</ram:BasisAmount>\n        <ram:CategoryCode>" + category + "</ram:CategoryCode>\n"
	if reasonCode != "" {
		s += "        <ram:ExemptionReasonCode>" + reasonCode + "</ram:ExemptionReasonCode>\n"
	}
	if rate != "" {
		s += "        <ram:RateApplicablePercent>" + rate + "</ram:RateApplicablePercent>\n"
	}
	return s + "      </ram:ApplicableTradeTax>\n"
}

// ciiTotals writes the document totals of a CII base document without
// allowances, charges or prepaid amounts.
func ciiTotals(lines, tax, grand string) string {
	return `      <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
        <ram:LineTotalAmount>` + lines + `</ram:LineTotalAmount>
        <ram:TaxBasisTotalAmount>` + lines + `</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount currencyID="EUR">` + tax + `</ram:TaxTotalAmount>
        <ram:GrandTotalAmount>` + grand + `</ram:GrandTotalAmount>
        <ram:DuePayableAmount>` + grand + `</ram:DuePayableAmount>
      </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
`
}

// ciiDocument writes a CII base document from its parts.
func ciiDocument(id, typeCode, lines, agreement, delivery, settlement string) string {
	return ciiHead + `  <rsm:ExchangedDocument>
    <ram:ID>` + id + `</ram:ID>
    <ram:TypeCode>` + typeCode + `</ram:TypeCode>
    <ram:IssueDateTime>
      <udt:DateTimeString format="102">20260601</udt:DateTimeString>
    </ram:IssueDateTime>
  </rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
` + lines + `    <ram:ApplicableHeaderTradeAgreement>
` + agreement + `    </ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeDelivery>
` + delivery + `    </ram:ApplicableHeaderTradeDelivery>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
` + settlement + `    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>
`
}

// ciiFrench is a French invoice as Factur-X writes one in its EN 16931
// profile: a line at the standard rate, one zero rated and one exempt.
var ciiFrench = ciiDocument("FX-2026-117", "380",
	ciiLine("1", "Chisel set", "H87", "2", "50.00", "S", "20", "100.00")+
		ciiLine("2", "Printed catalogue", "H87", "10", "5.00", "Z", "0", "50.00")+
		ciiLine("3", "Training session", "HUR", "1", "30.00", "E", "0", "30.00"),
	ciiParty("SellerTradeParty", "Lumbres Outillage SARL", "Lumbres", "FR", "FR44732829320", "732829320")+
		ciiParty("BuyerTradeParty", "Ateliers d'Arras SA", "Arras", "FR", "FR19418536291", ""),
	"",
	ciiBreakdown("20.00", "100.00", "S", "", "", "20")+
		ciiBreakdown("0.00", "50.00", "Z", "", "", "0")+
		ciiBreakdown("0.00", "30.00", "E", "Formation professionnelle continue", "", "0")+
		ciiTotals("180.00", "20.00", "200.00"))

// ciiIntraCommunity is an intra-community supply of goods from Germany to
// Austria (category K), with the delivery date and the country delivered
// to.
var ciiIntraCommunity = ciiDocument("NW-2026-0311", "380",
	ciiLine("1", "Marine winch", "H87", "2", "500.00", "K", "0", "1000.00"),
	ciiParty("SellerTradeParty", "Nordwerft Kiel GmbH", "Kiel", "DE", "DE813495721", "")+
		ciiParty("BuyerTradeParty", "Donau Marine AG", "Linz", "AT", "ATU48291736", ""),
	`      <ram:ShipToTradeParty>
        <ram:Name>Donau Marine AG, Werft</ram:Name>
        <ram:PostalTradeAddress>
          <ram:CityName>Linz</ram:CityName>
          <ram:CountryID>AT</ram:CountryID>
        </ram:PostalTradeAddress>
      </ram:ShipToTradeParty>
      <ram:ActualDeliverySupplyChainEvent>
        <ram:OccurrenceDateTime>
          <udt:DateTimeString format="102">20260528</udt:DateTimeString>
        </ram:OccurrenceDateTime>
      </ram:ActualDeliverySupplyChainEvent>
`,
	ciiBreakdown("0.00", "1000.00", "K", "Intra-community supply", "VATEX-EU-IC", "0")+
		ciiTotals("1000.00", "0.00", "1000.00"))

// ciiCreditNote is a Dutch credit note for services to a Belgian company,
// under the reverse charge (category AE), that refers to the invoice it
// corrects.
var ciiCreditNote = ciiDocument("CN-2026-0044", "381",
	ciiLine("1", "Consulting, correction", "HUR", "5", "50.00", "AE", "0", "250.00"),
	ciiParty("SellerTradeParty", "Grachtwerk B.V.", "Amsterdam", "NL", "NL859274116B01", "58213479")+
		ciiParty("BuyerTradeParty", "Schelde Logistiek NV", "Antwerpen", "BE", "BE0471826311", ""),
	"",
	ciiBreakdown("0.00", "250.00", "AE", "Reverse charge", "VATEX-EU-AE", "0")+
		ciiTotals("250.00", "0.00", "250.00")+
		`      <ram:InvoiceReferencedDocument>
        <ram:IssuerAssignedID>INV-5480</ram:IssuerAssignedID>
        <ram:FormattedIssueDateTime>
          <qdt:DateTimeString format="102">20260502</qdt:DateTimeString>
        </ram:FormattedIssueDateTime>
      </ram:InvoiceReferencedDocument>
`)

// ciiNotSubject is an invoice outside the scope of VAT (category O): no
// party has a VAT identifier.
var ciiNotSubject = ciiDocument("AV-2026-9", "380",
	ciiLine("1", "Membership fee 2026", "C62", "1", "120.00", "O", "", "120.00"),
	ciiParty("SellerTradeParty", "Verein Alpenblick e.V.", "Innsbruck", "AT", "", "ZVR 123456789")+
		ciiParty("BuyerTradeParty", "Maria Huber", "Hall in Tirol", "AT", "", ""),
	"",
	ciiBreakdown("0.00", "120.00", "O", "Not subject to VAT", "VATEX-EU-O", "")+
		ciiTotals("120.00", "0.00", "120.00"))

// ciiExport is an export of goods from Germany to Switzerland (category
// G).
var ciiExport = ciiDocument("MW-2026-70", "380",
	ciiLine("1", "Milling machine", "H87", "1", "8400.00", "G", "0", "8400.00"),
	ciiParty("SellerTradeParty", "Main Werkzeugbau GmbH", "Offenbach", "DE", "DE811569869", "")+
		ciiParty("BuyerTradeParty", "Rheinfall Präzision AG", "Schaffhausen", "CH", "", "CHE-105.914.781"),
	"",
	ciiBreakdown("0.00", "8400.00", "G", "Export outside the EU", "VATEX-EU-G", "0")+
		ciiTotals("8400.00", "0.00", "8400.00"))
