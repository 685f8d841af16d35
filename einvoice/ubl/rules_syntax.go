package ubl

import "strings"

// atMostOnce lists the UBL-SR rules that allow an element at most once
// under the document (the root), as paths from it.
var atMostOnce = []struct{ id, path, what string }{
	{"UBL-SR-01", "cac:ContractDocumentReference/cbc:ID", "contract reference (BT-12)"},
	{"UBL-SR-02", "cac:ReceiptDocumentReference/cbc:ID", "receiving advice reference (BT-15)"},
	{"UBL-SR-03", "cac:DespatchDocumentReference/cbc:ID", "despatch advice reference (BT-16)"},
	{"UBL-SR-05", "cac:PaymentTerms/cbc:Note", "payment terms (BT-20)"},
	{"UBL-SR-08", "cac:InvoicePeriod", "invoicing period (BG-14)"},
	{"UBL-SR-09", "cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName", "seller name (BT-27)"},
	{"UBL-SR-10", "cac:AccountingSupplierParty/cac:Party/cac:PartyName/cbc:Name", "seller trading name (BT-28)"},
	{"UBL-SR-11", "cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyID", "seller legal registration identifier (BT-30)"},
	{"UBL-SR-14", "cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyLegalForm", "seller additional legal information (BT-33)"},
	{"UBL-SR-15", "cac:AccountingCustomerParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName", "buyer name (BT-44)"},
	{"UBL-SR-16", "cac:AccountingCustomerParty/cac:Party/cac:PartyIdentification/cbc:ID", "buyer identifier (BT-46)"},
	{"UBL-SR-17", "cac:AccountingCustomerParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyID", "buyer legal registration identifier (BT-47)"},
	{"UBL-SR-24", "cac:Delivery", "delivery information (BG-13)"},
	{"UBL-SR-39", "cac:ProjectReference/cbc:ID", "project reference (BT-11)"},
	{"UBL-SR-40", "cac:AccountingCustomerParty/cac:Party/cac:PartyName/cbc:Name", "buyer trading name (BT-45)"},
	{"UBL-SR-45", "cac:PaymentMeans/cbc:PaymentDueDate", "due date in the payment means"},
	{"UBL-SR-49", "cac:InvoicePeriod/cbc:DescriptionCode", "VAT point date code (BT-8)"},
	{"UBL-SR-54", "cac:PaymentMeans/cac:CardAccount", "card information (BG-18)"},
	{"UBL-SR-55", "cac:PaymentMeans/cac:PaymentMandate", "direct debit (BG-19)"},
	{"UBL-SR-56", "cac:OriginatorDocumentReference/cbc:ID", "tender or lot reference (BT-17)"},
}

// enSyntax applies the syntax rules of the UBL binding: elements that
// EN 16931 allows only once (UBL-SR-*) and the data types (UBL-DT-*).
func (e *eval) enSyntax() {
	r := e.root
	once := func(id string, n *node, path, what string) {
		if c := n.count(path); c > 1 {
			e.fail(id, n, path, "the %s appears %d times; EN 16931 allows it once", what, c)
		}
	}
	for _, m := range atMostOnce {
		if id, ok := e.syntaxID(m.id); ok {
			once(id, r, m.path, m.what)
		}
	}
	// UBL-SR-04: one invoiced object identifier. Here and in UBL-SR-43,
	// UBL-SR-44 and UBL-SR-47 the artefacts compare the codes and
	// identifiers as written, white space included (cbc:DocumentTypeCode =
	// '130', distinct cbc:PaymentMeansCode): so does Levy.
	objects := 0
	r.each("cac:AdditionalDocumentReference", func(a *node) {
		if a.get("cbc:DocumentTypeCode").rawText() == "130" {
			objects += a.count("cbc:ID")
		}
	})
	if objects > 1 {
		e.fail("UBL-SR-04", r, "cac:AdditionalDocumentReference", "the invoiced object identifier (BT-18) appears %d times; EN 16931 allows it once", objects)
	}
	// UBL-SR-12, UBL-SR-13, UBL-SR-18: one VAT identifier and one tax
	// registration identifier per party. The artefacts compare the tax
	// scheme (upper-case(cbc:ID) = 'VAT', or !=) as written, white space
	// included, and a scheme without cbc:ID is neither VAT nor another.
	countTax := func(party, what, id string, vat bool) {
		c := 0
		r.each(party+"/cac:PartyTaxScheme", func(ts *node) {
			scheme := ts.get("cac:TaxScheme/cbc:ID")
			if scheme != nil && (strings.ToUpper(scheme.rawText()) == "VAT") == vat {
				c += ts.count("cbc:CompanyID")
			}
		})
		if c > 1 {
			e.fail(id, r, party+"/cac:PartyTaxScheme", "the %s appears %d times; EN 16931 allows it once", what, c)
		}
	}
	countTax("cac:AccountingSupplierParty/cac:Party", "seller VAT identifier (BT-31)", "UBL-SR-12", true)
	countTax("cac:AccountingSupplierParty/cac:Party", "seller tax registration identifier (BT-32)", "UBL-SR-13", false)
	countTax("cac:AccountingCustomerParty/cac:Party", "buyer VAT identifier (BT-48)", "UBL-SR-18", true)
	r.each("cac:AccountingSupplierParty/cac:Party", func(p *node) {
		if c := p.count("cac:PartyTaxScheme"); c > 2 {
			e.fail("UBL-SR-42", p, "cac:PartyTaxScheme", "the seller has %d tax schemes; EN 16931 allows two at most", c)
		}
	})
	// UBL-SR-29: one bank assigned creditor identifier; UBL-SR-44 and
	// UBL-SR-47: one distinct payment identifier and payment means code.
	sepa := 0
	payIDs, meansCodes := map[string]bool{}, map[string]bool{}
	r.descendants(func(n *node) {
		switch {
		case n.is("cbc:ID") && n.parent.is("cac:PartyIdentification"):
			if s, _ := n.attr("schemeID"); strings.ToUpper(s) == "SEPA" {
				sepa++
			}
		case n.is("cbc:PaymentID"):
			payIDs[n.rawText()] = true
		case n.is("cbc:PaymentMeansCode"):
			meansCodes[n.rawText()] = true
		}
	})
	if sepa > 1 {
		e.fail("UBL-SR-29", r, "", "the bank assigned creditor identifier (BT-90) appears %d times; EN 16931 allows it once", sepa)
	}
	if len(payIDs) > 1 {
		e.fail("UBL-SR-44", r, "cac:PaymentMeans/cbc:PaymentID", "the document has %d different payment identifiers (BT-83); EN 16931 allows one", len(payIDs))
	}
	if len(meansCodes) > 1 {
		e.fail("UBL-SR-47", r, "cac:PaymentMeans/cbc:PaymentMeansCode", "the document has %d different payment means codes (BT-81); EN 16931 allows one", len(meansCodes))
	}
	names := 0
	r.each("cac:PaymentMeans/cbc:PaymentMeansCode", func(n *node) {
		if _, ok := n.attr("name"); ok {
			names++
		}
	})
	if names > 1 {
		e.fail("UBL-SR-46", r, "cac:PaymentMeans/cbc:PaymentMeansCode", "the payment means text (BT-82) appears %d times; EN 16931 allows it once", names)
	}
	sellerNames := r.list("cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName")
	r.descendants(func(n *node) {
		switch {
		case n.is("cac:PostalAddress") || n.is("cac:Address"):
			once("UBL-SR-51", n, "cac:AddressLine", "address line 3 (cac:AddressLine)")
		case n.is("cac:AdditionalDocumentReference"):
			once("UBL-SR-33", n, "cbc:DocumentDescription", "supporting document description (BT-123)")
			tc := n.get("cbc:DocumentTypeCode").rawText()
			_, scheme := n.get("cbc:ID").attr("schemeID")
			if !(tc == "130" || e.credit && tc == "50" || !scheme && !n.has("cbc:DocumentTypeCode")) {
				e.fail("UBL-SR-43", n, "cbc:DocumentTypeCode", "a supporting document with a scheme or a type code must be an invoiced object (130)")
			}
		case n.is("cac:Delivery"):
			once("UBL-SR-25", n, "cac:DeliveryParty/cac:PartyName/cbc:Name", "deliver to party name (BT-70)")
		case n.is("cac:AllowanceCharge"):
			if c, ok := indicator(n); ok {
				id := "UBL-SR-30"
				if c {
					id = "UBL-SR-31"
				}
				once(id, n, "cbc:AllowanceChargeReason", "allowance or charge reason")
			}
		case n.is("cac:PartyTaxScheme"):
			if !n.has("cac:TaxScheme/cbc:ID") || !n.has("cbc:CompanyID") {
				e.fail("UBL-SR-53", n, "cbc:CompanyID", "a tax scheme of a party needs both a cbc:CompanyID and a cac:TaxScheme/cbc:ID")
			}
		case n.is("cac:InvoiceLine") || n.is("cac:CreditNoteLine"):
			once("UBL-SR-34", n, "cbc:Note", "line note (BT-127)")
			once("UBL-SR-35", n, "cac:OrderLineReference/cbc:LineID", "referenced purchase order line (BT-132)")
			once("UBL-SR-36", n, "cac:InvoicePeriod", "line period (BG-26)")
			once("UBL-SR-37", n, "cac:Price/cac:AllowanceCharge/cbc:Amount", "item price discount (BT-147)")
			if c := n.count("cac:Item/cac:ClassifiedTaxCategory"); c != 1 {
				e.fail("UBL-SR-48", n, "cac:Item/cac:ClassifiedTaxCategory", "the line has %d VAT categories; it must have exactly one", c)
			}
			once("UBL-SR-50", n, "cac:Item/cbc:Description", "item description (BT-154)")
			once("UBL-SR-52", n, "cac:DocumentReference", "line object identifier (BT-128)")
		case n.is("cac:PayeeParty"):
			// XPath's != between the payee's names and the seller's: true
			// when some pair differs, false when either is absent.
			nameOK := anyDiffers(n.list("cac:PartyName/cbc:Name"), sellerNames)
			if n.count("cac:PartyName/cbc:Name") > 1 || !nameOK {
				e.fail("UBL-SR-19", n, "cac:PartyName/cbc:Name", "the payee has one name (BT-59), other than the seller's")
			}
			ids := 0
			n.each("cac:PartyIdentification/cbc:ID", func(m *node) {
				if s, _ := m.attr("schemeID"); strings.ToUpper(s) != "SEPA" {
					ids++
				}
			})
			if ids > 1 || !nameOK {
				e.fail("UBL-SR-20", n, "cac:PartyIdentification", "the payee has one identifier (BT-60) and a name other than the seller's")
			}
			if n.count("cac:PartyLegalEntity/cbc:CompanyID") > 1 || !nameOK {
				e.fail("UBL-SR-21", n, "cac:PartyLegalEntity/cbc:CompanyID", "the payee has one legal registration identifier (BT-61) and a name other than the seller's")
			}
		case n.is("cac:PaymentMeans"):
			once("UBL-SR-26", n, "cbc:PaymentID", "payment identifier (BT-83)")
			once("UBL-SR-27", n, "cbc:PaymentMeansCode", "payment means code (BT-81)")
			once("UBL-SR-28", n, "cac:PaymentMandate/cbc:ID", "mandate reference (BT-89)")
		case n.is("cac:BillingReference"):
			once("UBL-SR-06", n, "cac:InvoiceDocumentReference", "preceding invoice reference (BG-3)")
			if !n.has("cac:InvoiceDocumentReference/cbc:ID") {
				e.fail("UBL-SR-07", n, "cac:InvoiceDocumentReference/cbc:ID", "the preceding invoice reference has no invoice number (BT-25)")
			}
		case n.is("cac:TaxRepresentativeParty"):
			once("UBL-SR-22", n, "cac:PartyName/cbc:Name", "tax representative name (BT-62)")
			once("UBL-SR-23", n, e.taxRepresentativeVATPath(), "tax representative VAT identifier (BT-63)")
		case n.is("cac:TaxSubtotal"):
			once("UBL-SR-32", n, "cac:TaxCategory/cbc:TaxExemptionReason", "VAT exemption reason (BT-120)")
		}
	})
	e.dataTypes()
}

// anyDiffers is XPath's a != b between two sequences of elements: true
// when some pair of values differs, false when either is empty.
func anyDiffers(a, b []*node) bool {
	if len(a) == 0 || len(b) == 0 {
		return false
	}
	first := a[0].text
	for _, n := range a {
		if n.text != first {
			return true
		}
	}
	for _, n := range b {
		if n.text != first {
			return true
		}
	}
	return false
}

// dataTypes applies UBL-DT-01 (amounts other than prices have at most two
// decimals), UBL-DT-06 and -07 (attachments have a mimeCode and a
// filename) and the warnings UBL-DT-08 to -28 (attributes EN 16931 does not
// use).
func (e *eval) dataTypes() {
	r := e.root
	unused := []struct{ id, attr string }{
		{"UBL-DT-08", "schemeName"}, {"UBL-DT-09", "schemeAgencyName"}, {"UBL-DT-10", "schemeDataURI"},
		{"UBL-DT-11", "schemeURI"}, {"UBL-DT-12", "format"}, {"UBL-DT-13", "unitCodeListIdentifier"},
		{"UBL-DT-14", "unitCodeListAgencyIdentifier"}, {"UBL-DT-15", "unitCodeListAgencyName"},
		{"UBL-DT-16", "listAgencyName"}, {"UBL-DT-17", "listName"}, {"UBL-DT-19", "languageID"},
		{"UBL-DT-20", "listURI"}, {"UBL-DT-21", "listSchemeURI"}, {"UBL-DT-22", "languageLocaleID"},
		{"UBL-DT-23", "uri"}, {"UBL-DT-24", "currencyCodeListVersionID"}, {"UBL-DT-25", "characterSetCode"},
		{"UBL-DT-26", "encodingCode"}, {"UBL-DT-27", "schemeAgencyID"}, {"UBL-DT-28", "listAgencyID"},
	}
	seen := map[string]bool{}
	names := 0
	var visit func(n *node, inPriceAC bool)
	visit = func(n *node, inPriceAC bool) {
		for _, a := range n.attrs {
			seen[a.Name.Local] = true
			if a.Name.Local == "name" && !n.is("cbc:PaymentMeansCode") {
				names++
			}
		}
		local := n.name.Local
		if strings.HasSuffix(local, "Amount") && !strings.HasSuffix(local, "PriceAmount") && !inPriceAC && len(n.kids) == 0 {
			if msg, bad := tooManyDecimals(n, "the amount"); bad {
				e.fail("UBL-DT-01", n, "", "%s", msg)
			}
		}
		if strings.HasSuffix(local, "BinaryObject") {
			if _, ok := n.attr("mimeCode"); !ok {
				e.fail("UBL-DT-06", n, "", "the attachment has no mimeCode")
			}
			if _, ok := n.attr("filename"); !ok {
				e.fail("UBL-DT-07", n, "", "the attachment has no filename")
			}
		}
		inPrice := inPriceAC || n.is("cac:AllowanceCharge") && n.parent.is("cac:Price")
		for _, k := range n.kids {
			visit(k, inPrice)
		}
	}
	for _, k := range r.kids {
		visit(k, false)
	}
	for _, u := range unused {
		if seen[u.attr] {
			e.fail(u.id, r, "", "the attribute %s is not used in EN 16931", u.attr)
		}
	}
	if names > 0 {
		e.fail("UBL-DT-18", r, "", "the attribute name is used outside cbc:PaymentMeansCode")
	}
}
