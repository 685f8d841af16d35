package ubl

import (
	"strings"
)

// ciiSyntax applies the syntax rules of the CII binding that the
// artefacts flag fatal: elements EN 16931 allows once (CII-SR-*) and the
// attributes and children its data types leave out (CII-DT-*). The
// warnings of the binding (CII-SR-* and CII-DT-* flagged warning: "should
// not be present") are not applied, as the UBL-CR-* warnings are not.
func (e *eval) ciiSyntax() {
	r := e.root
	count := func(id string, n *node, path, what string) {
		if c := n.count(path); c > 1 {
			e.fail(id, n, path, "the %s appears %d times; EN 16931 allows it once", what, c)
		}
	}
	exactlyOne := func(id string, n *node, path, what string) {
		if c := n.count(path); c != 1 {
			e.fail(id, n, path, "the %s appears %d times; it must appear exactly once", what, c)
		}
	}
	r.each(ciiContext, func(n *node) {
		exactlyOne("CII-SR-009", n, "ram:GuidelineSpecifiedDocumentContextParameter", "specification identifier's context parameter")
		exactlyOne("CII-SR-010", n, "ram:GuidelineSpecifiedDocumentContextParameter/ram:ID", "specification identifier (BT-24)")
	})
	r.each(ciiHeader, func(n *node) { exactlyOne("CII-SR-014", n, "ram:TypeCode", "document type code (BT-3)") })
	r.each(ciiLine, func(ln *node) {
		ln.each("ram:SpecifiedTradeProduct", func(p *node) {
			scheme := false
			p.each("ram:GlobalID", func(g *node) {
				_, ok := g.attr("schemeID")
				scheme = scheme || ok
			})
			if p.has("ram:GlobalID") && !scheme {
				e.fail("CII-SR-046", p, "ram:GlobalID", "the item standard identifier (BT-157) has no schemeID")
			}
			if p.has("ram:OriginTradeCountry") && p.count("ram:OriginTradeCountry/ram:ID") != 1 {
				e.fail("CII-SR-090", p, "ram:OriginTradeCountry/ram:ID", "the item country of origin (BT-159) must have exactly one ram:ID")
			}
			p.each("ram:ApplicableProductCharacteristic", func(c *node) {
				exactlyOne("CII-SR-069", c, "ram:Description", "item attribute name (BT-160)")
				exactlyOne("CII-SR-072", c, "ram:Value", "item attribute value (BT-161)")
			})
		})
		ln.each("ram:SpecifiedLineTradeAgreement", func(a *node) {
			exactlyOne("CII-SR-439", a, "ram:NetPriceProductTradePrice/ram:ChargeAmount", "item net price (BT-146)")
			count("CII-SR-441", a, "ram:NetPriceProductTradePrice/ram:ChargeAmount", "item net price (BT-146)")
		})
	})
	for _, ac := range e.anywhere("ram:SpecifiedTradeAllowanceCharge") {
		if !ac.has("ram:ChargeIndicator") {
			e.fail("CII-SR-463", ac, "ram:ChargeIndicator", "the allowance or charge has no ram:ChargeIndicator")
		}
		count("CII-SR-471", ac, "ram:RateApplicablePercent", "allowance or charge rate")
		count("CII-SR-472", ac, "ram:CategoryTradeTax", "allowance or charge VAT category")
		count("CII-SR-473", ac, "ram:ActualAmount", "allowance or charge amount")
	}
	for _, ac := range e.anywhere("ram:AppliedTradeAllowanceCharge") {
		if ac.parent.is("ram:GrossPriceProductTradePrice") {
			count("CII-SR-440", ac, "ram:ActualAmount", "item price discount (BT-147)")
		}
	}
	r.each(ciiAgreement, func(a *node) {
		count("CII-SR-455", a, "ram:SellerTradeParty/ram:DefinedTradeContact", "seller contact (BG-6)")
		count("CII-SR-456", a, "ram:BuyerTradeParty/ram:DefinedTradeContact", "buyer contact (BG-9)")
		count("CII-SR-459", a, "ram:SellerTradeParty/ram:URIUniversalCommunication", "seller electronic address (BT-34)")
		count("CII-SR-460", a, "ram:BuyerTradeParty/ram:URIUniversalCommunication", "buyer electronic address (BT-49)")
	})
	r.each(ciiSettlement, func(s *node) {
		count("CII-SR-461", s, "ram:ApplicableTradeTax/ram:TaxPointDate", "VAT point date (BT-7)")
		codes := map[string]bool{}
		for _, n := range e.anywhere("ram:DueDateTypeCode") {
			if n.parent.is("ram:ApplicableTradeTax") {
				codes[n.rawText()] = true
			}
		}
		if len(codes) > 1 {
			e.fail("CII-SR-462", s, "ram:ApplicableTradeTax/ram:DueDateTypeCode", "the VAT point date code (BT-8) has %d different values; EN 16931 allows one", len(codes))
		}
		s.each("ram:SpecifiedTradeSettlementPaymentMeans", func(pm *node) {
			if code := pm.str("ram:TypeCode"); (code == "30" || code == "58") &&
				!pm.has("ram:PayeePartyCreditorFinancialAccount/ram:IBANID") && !pm.has("ram:PayeePartyCreditorFinancialAccount/ram:ProprietaryID") {
				e.fail("CII-SR-470", pm, "ram:PayeePartyCreditorFinancialAccount", "payment by credit transfer (code %s) needs the IBAN or a proprietary account identifier (BT-84)", code)
			}
		})
	})
	r.each(ciiTotals, func(t *node) {
		for _, m := range []struct{ id, el string }{
			{"CII-SR-477", "LineTotalAmount"}, {"CII-SR-478", "ChargeTotalAmount"}, {"CII-SR-479", "AllowanceTotalAmount"},
			{"CII-SR-480", "TaxBasisTotalAmount"}, {"CII-SR-481", "RoundingAmount"}, {"CII-SR-482", "GrandTotalAmount"},
			{"CII-SR-483", "InformationAmount"}, {"CII-SR-484", "TotalPrepaidAmount"}, {"CII-SR-485", "TotalDiscountAmount"},
			{"CII-SR-486", "TotalAllowanceChargeAmount"}, {"CII-SR-487", "DuePayableAmount"},
			{"CII-SR-488", "RetailValueExcludingTaxInformationAmount"}, {"CII-SR-489", "TotalDepositFeeInformationAmount"},
			{"CII-SR-490", "ProductValueExcludingTobaccoTaxInformationAmount"}, {"CII-SR-491", "TotalRetailValueInformationAmount"},
			{"CII-SR-492", "GrossLineTotalAmount"}, {"CII-SR-493", "NetLineTotalAmount"}, {"CII-SR-494", "NetIncludingTaxesLineTotalAmount"},
		} {
			count(m.id, t, "ram:"+m.el, "ram:"+m.el)
		}
	})
	if _, ok := r.attr("languageID"); ok {
		e.fail("CII-DT-013", r, "", "the attribute languageID is not used in EN 16931")
	}
	if _, ok := r.attr("languageLocaleID"); ok {
		e.fail("CII-DT-014", r, "", "the attribute languageLocaleID is not used in EN 16931")
	}
	// CII-SR-467, CII-SR-468: one payment means code and one payment
	// means text, however many payment means; CII-SR-469: one payment
	// reference.
	for _, m := range []struct{ id, el, what string }{{"CII-SR-467", "ram:TypeCode", "payment means type code (BT-81)"}, {"CII-SR-468", "ram:Information", "payment means text (BT-82)"}} {
		var values []string
		for _, pm := range e.anywhere("ram:SpecifiedTradeSettlementPaymentMeans") {
			pm.each(m.el, func(n *node) { values = append(values, n.value()) })
		}
		for _, v := range values {
			if v != values[0] {
				e.fail(m.id, r, "", "the %s differs between payment means (%s and %s); EN 16931 allows one", m.what, quote(values[0]), quote(v))
				break
			}
		}
	}
	refs := 0
	for _, s := range e.anywhere("ram:ApplicableHeaderTradeSettlement") {
		refs += s.count("ram:PaymentReference")
	}
	if refs > 1 {
		e.fail("CII-SR-469", r, "", "the payment reference (BT-83) appears %d times; EN 16931 allows it once", refs)
	}
	e.ciiDataTypes()
}

// ciiSchemeIDs are the identifiers whose attributes CII-DT-001 to
// CII-DT-007 check, as paths from the root; every other ram element
// whose name ends in ID has CII-DT-101 to CII-DT-104.
var ciiSchemeIDs = []string{
	ciiContext + "/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID",
	ciiHeader + "/ram:ID",
	ciiLine + "/ram:AssociatedDocumentLineDocument/ram:LineID",
	ciiLine + "/ram:SpecifiedTradeProduct/ram:SellerAssignedID",
}

// ciiDataTypes applies the fatal CII-DT rules: attributes and children
// that the data types of EN 16931 leave out.
func (e *eval) ciiDataTypes() {
	r := e.root
	special := map[*node]bool{}
	for _, p := range ciiSchemeIDs {
		r.each(p, func(n *node) { special[n] = true })
	}
	attrs := func(n *node, list ...[2]string) {
		for _, a := range list {
			if _, ok := n.attr(a[1]); ok {
				e.fail(a[0], n, "", "the attribute %s is not used in EN 16931 here", a[1])
			}
		}
	}
	children := func(n *node, list ...[2]string) {
		for _, c := range list {
			if n.has(c[1]) {
				e.fail(c[0], n, c[1], "%s is not used in EN 16931 here", c[1])
			}
		}
	}
	billedUnit := false
	r.each(ciiLine+"/ram:SpecifiedLineTradeDelivery/ram:BilledQuantity", func(q *node) {
		_, ok := q.attr("unitCode")
		billedUnit = billedUnit || ok
	})
	r.descendants(func(n *node) {
		if n.name.Space == NamespaceUDT && n.name.Local == "DateTimeString" {
			if f, _ := n.attr("format"); f == "102" {
				if fault := date102Fault(n.rawText()); fault != "" {
					e.fail("CII-DT-097", n, "", "the date %s of format 102 %s", quote(n.value()), fault)
				}
			}
			return
		}
		if n.name.Space != NamespaceRAM {
			return
		}
		local := n.name.Local
		switch {
		case special[n]:
			attrs(n, [2]string{"CII-DT-001", "schemeName"}, [2]string{"CII-DT-002", "schemeAgencyName"}, [2]string{"CII-DT-003", "schemeDataURI"},
				[2]string{"CII-DT-004", "schemeURI"}, [2]string{"CII-DT-005", "schemeID"}, [2]string{"CII-DT-006", "schemeAgencyID"},
				[2]string{"CII-DT-007", "schemeVersionID"})
		case strings.HasSuffix(local, "ID"):
			attrs(n, [2]string{"CII-DT-101", "schemeName"}, [2]string{"CII-DT-102", "schemeAgencyName"}, [2]string{"CII-DT-103", "schemeDataURI"},
				[2]string{"CII-DT-104", "schemeURI"})
		case local == "TypeCode":
			// The artefacts' rule for the document type code
			// (CII-DT-010 to CII-DT-012) comes after this one, which
			// matches every ram:TypeCode: it never applies.
			attrs(n, [2]string{"CII-DT-008", "name"}, [2]string{"CII-DT-009", "listURI"})
		case strings.HasSuffix(local, "ReferencedDocument"):
			e.ciiReferencedDocument(n)
		case strings.HasSuffix(local, "Amount") && local != "TaxTotalAmount":
			attrs(n, [2]string{"CII-DT-031", "currencyID"}, [2]string{"CII-DT-032", "currencyCodeListVersionID"})
		case strings.HasSuffix(local, "Quantity"):
			if _, ok := n.attr("unitCode"); ok && !billedUnit {
				e.fail("CII-DT-033", n, "", "the attribute unitCode is used here but no line's billed quantity has one")
			}
			attrs(n, [2]string{"CII-DT-034", "unitCodeListID"}, [2]string{"CII-DT-035", "unitCodeListAgencyID"}, [2]string{"CII-DT-036", "unitCodeListAgencyName"})
		case strings.HasSuffix(local, "TradeTax"):
			if n.has("ram:TypeCode") && !anyWritten(n, "ram:TypeCode", "VAT") {
				e.fail("CII-DT-037", n, "ram:TypeCode", "the tax type code %s is not VAT", quote(n.str("ram:TypeCode")))
			}
		case local == "BillingSpecifiedPeriod":
			if n.has("ram:StartDateTime/udt:DateTime") {
				e.fail("CII-DT-068", n, "ram:StartDateTime/udt:DateTime", "udt:DateTime is not used in EN 16931 here; write udt:DateTimeString")
			}
			if n.has("ram:EndDateTime/udt:DateTime") {
				e.fail("CII-DT-072", n, "ram:EndDateTime/udt:DateTime", "udt:DateTime is not used in EN 16931 here; write udt:DateTimeString")
			}
			children(n, [2]string{"CII-DT-069", "ram:DurationMeasure"}, [2]string{"CII-DT-070", "ram:InclusiveIndicator"},
				[2]string{"CII-DT-071", "ram:Description"}, [2]string{"CII-DT-073", "ram:CompleteDateTime"}, [2]string{"CII-DT-074", "ram:OpenIndicator"},
				[2]string{"CII-DT-075", "ram:SeasonCode"}, [2]string{"CII-DT-076", "ram:ID"}, [2]string{"CII-DT-077", "ram:Name"},
				[2]string{"CII-DT-078", "ram:SequenceNumeric"}, [2]string{"CII-DT-079", "ram:StartDateFlexibilityCode"},
				[2]string{"CII-DT-080", "ram:ContinuousIndicator"}, [2]string{"CII-DT-081", "ram:PurposeCode"})
		case local == "PostalTradeAddress":
			children(n, [2]string{"CII-DT-082", "ram:ID"}, [2]string{"CII-DT-083", "ram:PostOfficeBox"}, [2]string{"CII-DT-084", "ram:BuildingName"},
				[2]string{"CII-DT-086", "ram:LineFour"}, [2]string{"CII-DT-087", "ram:LineFive"}, [2]string{"CII-DT-088", "ram:StreetName"},
				[2]string{"CII-DT-089", "ram:CitySubDivisionName"}, [2]string{"CII-DT-090", "ram:CountryName"}, [2]string{"CII-DT-091", "ram:CountrySubDivisionID"},
				[2]string{"CII-DT-092", "ram:AttentionOf"}, [2]string{"CII-DT-093", "ram:CareOf"}, [2]string{"CII-DT-094", "ram:BuildingNumber"},
				[2]string{"CII-DT-095", "ram:DepartmentName"}, [2]string{"CII-DT-096", "ram:AdditionalStreetName"})
		}
	})
}

// ciiReferencedDocument applies CII-DT-015 to CII-DT-030 to an element
// whose name ends in ReferencedDocument: what a reference to a document
// leaves out, some of it allowed in an additional supporting document of
// a given type.
func (e *eval) ciiReferencedDocument(n *node) {
	additional := n.is("ram:AdditionalReferencedDocument")
	typed := func(codes ...string) bool {
		for _, c := range codes {
			if anyWritten(n, "ram:TypeCode", c) {
				return true
			}
		}
		return false
	}
	for _, c := range []struct {
		id, child string
		allowed   bool
	}{
		{"CII-DT-015", "ram:URIID", additional && typed("916")},
		{"CII-DT-016", "ram:StatusCode", false},
		{"CII-DT-017", "ram:CopyIndicator", false},
		{"CII-DT-018", "ram:TypeCode", additional && typed("50", "130", "916")},
		{"CII-DT-019", "ram:GlobalID", false},
		{"CII-DT-020", "ram:RevisionID", false},
		{"CII-DT-021", "ram:Name", additional && typed("916")},
		{"CII-DT-022", "ram:AttachmentBinaryObject", additional && typed("916")},
		{"CII-DT-023", "ram:Information", false},
		{"CII-DT-024", "ram:ReferenceTypeCode", additional && typed("130")},
		{"CII-DT-025", "ram:SectionName", false},
		{"CII-DT-026", "ram:PreviousRevisionID", false},
		{"CII-DT-027", "ram:FormattedIssueDateTime", n.is("ram:InvoiceReferencedDocument")},
		{"CII-DT-028", "ram:EffectiveSpecifiedPeriod", false},
		{"CII-DT-029", "ram:IssuerTradeParty", false},
		{"CII-DT-030", "ram:AttachedSpecifiedBinaryFile", false},
	} {
		if n.has(c.child) && !c.allowed {
			e.fail(c.id, n, c.child, "%s is not used in EN 16931 in %s", c.child, n.display())
		}
	}
}

// date102Fault says what is wrong with s as a date of format 102, after
// the date itself in CII-DT-097's message, and "" for a date that is
// right. Its form is that of CII-DT-097's pattern: eight digits, white
// space around them allowed; one that names no day of the calendar is
// told so and why (dayFault: "is not a day of the calendar: February
// 2026 has 28 days"), apart from a text of another form. The pattern
// admits any day from 01 to 31 in any month: Levy refuses 20260230 too,
// as it refuses 2026-02-30 in UBL, rather than read an invoice of a day
// that does not exist.
func date102Fault(s string) string {
	s = strings.Trim(s, " \t\r\n")
	if len(s) != 8 || !allDigits(s) {
		return "is not of the form YYYYMMDD"
	}
	return dayFault(atoi(s[:4]), atoi(s[4:6]), atoi(s[6:]))
}

// ciiCodeLists applies the code list rules of the CII binding, BR-CL-01
// to BR-CL-26, each to the elements the artefacts check against it.
func (e *eval) ciiCodeLists() {
	r := e.root
	code := func(id string, n *node, value, what string) { e.code(id, "CII/"+id, n, value, what) }
	r.descendants(func(n *node) {
		if n.name.Space != NamespaceRAM {
			return
		}
		p := n.parent
		switch local := n.name.Local; {
		case local == "TypeCode" && p.is("rsm:ExchangedDocument"):
			code("BR-CL-01", n, n.value(), "the document type code")
		case local == "TaxTotalAmount":
			if c, ok := n.attrValue("currencyID"); ok {
				code("BR-CL-03", n, c, "the currencyID")
			}
		case local == "InvoiceCurrencyCode":
			code("BR-CL-04", n, n.value(), "the invoice currency code")
		case local == "TaxCurrencyCode":
			code("BR-CL-05", n, n.value(), "the VAT accounting currency code")
		case local == "DueDateTypeCode":
			code("BR-CL-06", n, n.value(), "the VAT point date code")
		case local == "ReferenceTypeCode":
			code("BR-CL-07", n, n.value(), "the object identifier scheme")
		case local == "SubjectCode":
			code("BR-CL-08", n, n.value(), "the note subject code")
		case local == "GlobalID":
			s, ok := n.attrValue("schemeID")
			switch {
			case !ok:
			case !n.hasAncestor("ram:SpecifiedTradeProduct") && !n.hasAncestor("ram:ShipToTradeParty"):
				code("BR-CL-10", n, s, "the identifier scheme")
			case p.is("ram:SpecifiedTradeProduct"):
				code("BR-CL-21", n, s, "the item identifier scheme")
			case p.is("ram:ShipToTradeParty") && p.parent.is("ram:ApplicableHeaderTradeDelivery"):
				code("BR-CL-26", n, s, "the delivery location identifier scheme")
			}
		case local == "ID":
			if s, ok := n.attrValue("schemeID"); ok && !n.hasAncestor("ram:SpecifiedTaxRegistration") {
				code("BR-CL-11", n, s, "the identifier scheme")
			} else if p.is("ram:OriginTradeCountry") {
				code("BR-CL-15", n, n.value(), "the country of origin code")
			}
		case local == "ClassCode":
			if s, ok := n.attrValue("listID"); ok {
				code("BR-CL-13", n, s, "the item classification scheme")
			}
		case local == "CountryID":
			code("BR-CL-14", n, n.value(), "the country code")
		case local == "TypeCode" && p.is("ram:SpecifiedTradeSettlementPaymentMeans"):
			code("BR-CL-16", n, n.value(), "the payment means code")
		case local == "CategoryCode" && p.is("ram:CategoryTradeTax"):
			code("BR-CL-17", n, n.value(), "the VAT category code")
		case local == "CategoryCode" && p.is("ram:ApplicableTradeTax"):
			code("BR-CL-18", n, n.value(), "the VAT category code")
		case local == "ReasonCode" && p.is("ram:SpecifiedTradeAllowanceCharge"):
			if ciiIndicator(p, false) {
				code("BR-CL-19", n, n.value(), "the allowance reason code")
			} else if ciiIndicator(p, true) {
				code("BR-CL-20", n, n.value(), "the charge reason code")
			}
		case local == "ExemptionReasonCode":
			code("BR-CL-22", n, normalizeSpace(strings.ToUpper(n.rawText())), "the VAT exemption reason code")
		case local == "BasisQuantity" || local == "BilledQuantity":
			if s, ok := n.attrValue("unitCode"); ok {
				code("BR-CL-23", n, s, "the unit of measure")
			}
		case local == "AttachmentBinaryObject":
			if s, ok := n.attr("mimeCode"); ok && !inList("CII/BR-CL-24", s) {
				e.fail("BR-CL-24", n, "", "the attachment's mimeCode %s is not one EN 16931 allows", quote(s))
			}
		case local == "URIID" && p.is("ram:URIUniversalCommunication"):
			if s, ok := n.attrValue("schemeID"); ok {
				code("BR-CL-25", n, s, "the electronic address scheme")
			}
		}
	})
}
