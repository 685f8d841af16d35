package ubl

import (
	"regexp"
	"strings"

	"github.com/shopspring/decimal"
)

// national applies the national rules Peppol BIS Billing 3.0 defines, each
// by the country of the seller (and for some, of the buyer) as Peppol
// decides it: Norway (NO-R), Denmark (DK-R), Italy (IT-R), Sweden (SE-R),
// Greece (GR-R, GR-S), Iceland (IS-R), the Netherlands (NL-R) and Germany
// (DE-R).
func (e *eval) national() {
	cc := e.countries()
	e.norway(cc)
	e.denmark(cc)
	e.italy(cc)
	e.sweden(cc)
	e.greece(cc)
	e.iceland(cc)
	e.netherlands(cc)
	e.germany(cc)
}

// vatID returns the seller's (or a party's) VAT identifier: the
// CompanyID of its PartyTaxScheme whose scheme is written VAT.
func vatID(p *node) *node {
	var found *node
	p.each("cac:PartyTaxScheme", func(ts *node) {
		if found == nil && ts.str("cac:TaxScheme/cbc:ID") == "VAT" {
			found = ts.get("cbc:CompanyID")
		}
	})
	return found
}

func (e *eval) norway(cc countries) {
	if cc.supplier != "NO" {
		return
	}
	e.root.each("cac:AccountingSupplierParty/cac:Party", func(p *node) {
		if id := vatID(p); id != nil && strings.HasPrefix(id.text, "NO") {
			rest := id.text[2:]
			if !regexp.MustCompile(`^[0-9]{9}MVA$`).MatchString(rest) || !mod11OK(rest[:9]) {
				e.fail("NO-R-001", id, "", "a Norwegian VAT identifier is NO, the 9 digits of the organisation number and MVA: %s is not", quote(id.text))
			}
		}
		tax := ""
		p.each("cac:PartyTaxScheme", func(ts *node) {
			if ts.str("cac:TaxScheme/cbc:ID") == "TAX" && tax == "" {
				tax = ts.str("cbc:CompanyID")
			}
		})
		if tax != "Foretaksregisteret" {
			e.fail("NO-R-002", p, "cac:PartyTaxScheme", "a Norwegian seller registered in the business register should say Foretaksregisteret in a TAX scheme")
		}
	})
}

// denmark applies Peppol BIS's Danish rules. DK-R-015, which wanted a
// Danish seller's VAT identifier to be DK and 8 digits, is not among
// them: OpenPEPPOL withdrew it in Peppol BIS Billing 3.0.14 (November
// 2022, POACC-522), before the release Levy follows (RuleVersions).
func (e *eval) denmark(cc countries) {
	r := e.root
	seller := r.getText("cac:AccountingSupplierParty/cac:Party/cac:PostalAddress/cac:Country/cbc:IdentificationCode")
	buyer := r.getText("cac:AccountingCustomerParty/cac:Party/cac:PostalAddress/cac:Country/cbc:IdentificationCode")
	if seller != "DK" {
		return
	}
	legal := r.get("cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyID")
	if legal.value() == "" {
		e.fail("DK-R-002", r, "cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyID", "a Danish seller must give its legal registration identifier (BT-30)")
	}
	if legal != nil {
		if s, _ := legal.attrValue("schemeID"); s != "0184" {
			e.fail("DK-R-014", legal, "", "a Danish seller's legal registration identifier must have schemeID 0184, not %s", quote(s))
		}
	}
	if e.credit && buyer == "DK" {
		if v, ok := r.dec("cac:LegalMonetaryTotal/cbc:PayableAmount"); ok && v.Sign() < 0 {
			e.fail("DK-R-016", r, "cac:LegalMonetaryTotal/cbc:PayableAmount", "a Danish credit note must not have a negative amount due")
		}
	}
	if buyer != "DK" {
		return
	}
	for _, party := range []string{"cac:AccountingSupplierParty/cac:Party", "cac:AccountingCustomerParty/cac:Party"} {
		r.each(party+"/cac:PartyIdentification", func(pi *node) {
			if id := pi.get("cbc:ID"); id != nil {
				if s, _ := id.attrValue("schemeID"); s == "" {
					e.fail("DK-R-013", id, "", "a party identifier between Danish parties must have a schemeID")
				}
			}
		})
	}
	r.each("cac:PaymentMeans", func(pm *node) {
		code := pm.getText("cbc:PaymentMeansCode")
		pay := pm.getText("cbc:PaymentID")
		account := pm.getText("cac:PayeeFinancialAccount/cbc:ID")
		if !strings.Contains(" 1 10 31 42 48 49 50 58 59 93 97 ", " "+code+" ") {
			e.fail("DK-R-005", pm, "cbc:PaymentMeansCode", "payment means code %s is not one used in Denmark", quote(code))
		}
		if (code == "31" || code == "42") && !(pm.str("cac:PayeeFinancialAccount/cbc:ID") != "" && pm.str("cac:PayeeFinancialAccount/cac:FinancialInstitutionBranch/cbc:ID") != "") {
			e.fail("DK-R-006", pm, "cac:PayeeFinancialAccount", "a bank transfer in Denmark needs the account number and the bank's registration number")
		}
		if code == "49" && !(pm.str("cac:PaymentMandate/cbc:ID") != "" && pm.str("cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID") != "") {
			e.fail("DK-R-007", pm, "cac:PaymentMandate", "a direct debit in Denmark needs the mandate and the payer's account")
		}
		p3 := firstRunes(pay, 3)
		if code == "50" && !((p3 == "01#" || p3 == "04#" || p3 == "15#") && regexp.MustCompile(`^[0-9]{7,8}$`).MatchString(account)) {
			e.fail("DK-R-008", pm, "cbc:PaymentID", "a giro payment needs a payment identifier starting 01#, 04# or 15# and a giro account of 7 or 8 digits")
		}
		if code == "50" && (p3 == "04#" || p3 == "15#") && len([]rune(pay)) != 19 {
			e.fail("DK-R-009", pm, "cbc:PaymentID", "a giro payment identifier of type 04 or 15 has 19 characters")
		}
		if code == "93" && !((p3 == "71#" || p3 == "73#" || p3 == "75#") && len([]rune(account)) == 8) {
			e.fail("DK-R-010", pm, "cbc:PaymentID", "an FIK payment needs a payment identifier starting 71#, 73# or 75# and a creditor number of 8 digits")
		}
		if code == "93" && (p3 == "71#" || p3 == "75#") && len([]rune(pay)) != 18 && len([]rune(pay)) != 19 {
			e.fail("DK-R-011", pm, "cbc:PaymentID", "an FIK payment identifier of type 71 or 75 has 18 or 19 characters")
		}
	})
	r.each(e.line, func(ln *node) {
		tst, versionOK := false, false
		ln.each("cac:Item/cac:CommodityClassification/cbc:ItemClassificationCode", func(c *node) {
			if l, _ := c.attr("listID"); l == "TST" {
				tst = true
			}
			switch v, _ := c.attr("listVersionID"); v {
			case "19.05.01", "19.0501", "26.08.01", "26.0801":
				versionOK = true
			}
		})
		if tst && !versionOK {
			e.fail("DK-R-003", ln, "cac:Item/cac:CommodityClassification", "a TST classification should give its version (19.05.01 or 26.08.01)")
		}
	})
	r.descendants(func(ac *node) {
		if !ac.is("cac:AllowanceCharge") || ac.getText("cbc:AllowanceChargeReasonCode") != "ZZZ" {
			return
		}
		reason := ac.getText("cbc:AllowanceChargeReason")
		n := normalizeSpace(reason)
		fourDigits := len(n) == 4 && allDigits(n)
		hashed := strings.Contains(reason, "#") && !strings.HasPrefix(reason, "#") && !strings.HasSuffix(reason, "#")
		if !fourDigits && !hashed {
			e.fail("DK-R-004", ac, "cbc:AllowanceChargeReason", "with the reason code ZZZ, the reason must be a 4-digit code or a text of the form code#description")
		}
	})
}

func (e *eval) italy(cc countries) {
	if cc.supplier != "IT" {
		return
	}
	e.root.each("cac:AccountingSupplierParty/cac:Party", func(p *node) {
		p.each("cac:PartyTaxScheme", func(ts *node) {
			if ts.str("cac:TaxScheme/cbc:ID") != "VAT" && !regexp.MustCompile(`^[A-Z0-9]{11,16}$`).MatchString(ts.str("cbc:CompanyID")) {
				e.fail("IT-R-001", ts, "cbc:CompanyID", "an Italian seller's tax registration identifier (BT-32) is 11 to 16 upper-case letters and digits")
			}
		})
		for _, m := range []struct{ id, el, what string }{
			{"IT-R-002", "cbc:StreetName", "street (BT-35)"}, {"IT-R-003", "cbc:CityName", "city (BT-37)"}, {"IT-R-004", "cbc:PostalZone", "post code (BT-38)"},
		} {
			if !p.has("cac:PostalAddress/" + m.el) {
				e.fail(m.id, p, "cac:PostalAddress/"+m.el, "an Italian seller's address must give the %s", m.what)
			}
		}
	})
}

func (e *eval) sweden(cc countries) {
	r := e.root
	seller := r.get("cac:AccountingSupplierParty/cac:Party")
	if seller.getText("cac:PostalAddress/cac:Country/cbc:IdentificationCode") != "SE" {
		return
	}
	var vat *node
	seller.each("cac:PartyTaxScheme", func(ts *node) {
		if vat == nil && ts.getText("cac:TaxScheme/cbc:ID") == "VAT" {
			vat = ts.get("cbc:CompanyID")
		}
	})
	seVAT := vat != nil && strings.HasPrefix(vat.text, "SE")
	if seVAT {
		if len([]rune(vat.value())) != 14 {
			e.fail("SE-R-001", vat, "", "a Swedish VAT identifier has 14 characters: SE, 10 digits and 01")
		}
		if mid := substr(vat.text, 3, 12); !isNumber(mid) {
			e.fail("SE-R-002", vat, "", "a Swedish VAT identifier has only digits after SE")
		}
	}
	if legal := seller.get("cac:PartyLegalEntity/cbc:CompanyID"); legal != nil {
		if !isNumber(legal.text) {
			e.fail("SE-R-003", legal, "", "a Swedish organisation number has only digits")
		}
		if len([]rune(legal.value())) != 10 {
			e.fail("SE-R-004", legal, "", "a Swedish organisation number has 10 digits")
		}
		if v := legal.value(); !allDigits(v) || len(v) < 10 || luhnCheck(v) != v[9:10] {
			e.fail("SE-R-013", legal, "", "the Swedish organisation number %s fails its Luhn check digit", quote(legal.value()))
		}
		seller.each("cac:PartyTaxScheme", func(ts *node) {
			if strings.ToUpper(ts.str("cac:TaxScheme/cbc:ID")) != "VAT" {
				ts.each("cbc:CompanyID", func(c *node) {
					if strings.ToUpper(c.value()) != "GODKÄND FÖR F-SKATT" {
						e.fail("SE-R-005", c, "", "a Swedish seller's tax registration says \"Godkänd för F-skatt\"")
					}
				})
			}
		})
	}
	if seVAT {
		r.descendants(func(n *node) {
			if (n.is("cac:TaxCategory") || n.is("cac:ClassifiedTaxCategory")) && n.getText("cbc:ID") == "S" {
				p := n.getText("cbc:Percent")
				if p != "25" && p != "12" && p != "6" && !numEquals(p, 25, 12, 6) {
					e.fail("SE-R-006", n, "cbc:Percent", "the Swedish standard VAT rates are 25, 12 and 6, not %s", quote(p))
				}
			}
		})
	}
	buyerSE := r.getText("cac:AccountingCustomerParty/cac:Party/cac:PostalAddress/cac:Country/cbc:IdentificationCode") == "SE"
	r.each("cac:PaymentMeans", func(pm *node) {
		code := pm.str("cbc:PaymentMeansCode")
		branch := pm.str("cac:PayeeFinancialAccount/cac:FinancialInstitutionBranch/cbc:ID")
		if code == "30" {
			pm.each("cac:PayeeFinancialAccount/cbc:ID", func(a *node) {
				v := a.value()
				switch branch {
				case "SE:PLUSGIRO":
					if !isNumber(v) {
						e.fail("SE-R-007", a, "", "a Plusgiro number has only digits")
					}
					if len(v) < 2 || len(v) > 8 {
						e.fail("SE-R-010", a, "", "a Plusgiro number has 2 to 8 digits")
					}
				case "SE:BANKGIRO":
					if !isNumber(v) {
						e.fail("SE-R-008", a, "", "a Bankgiro number has only digits")
					}
					if len(v) != 7 && len(v) != 8 {
						e.fail("SE-R-009", a, "", "a Bankgiro number has 7 or 8 digits")
					}
				}
			})
		}
		raw := pm.getText("cbc:PaymentMeansCode")
		if raw == "50" || raw == "56" {
			e.fail("SE-R-011", pm, "cbc:PaymentMeansCode", "for Bankgiro and Plusgiro, Swedish sellers should use the code 30")
		}
		if buyerSE && raw == "31" {
			e.fail("SE-R-012", pm, "cbc:PaymentMeansCode", "between Swedish parties, a domestic transfer should use the code 30, not 31")
		}
	})
}

// substr is XPath's substring(s, start, length) for a positive start.
func substr(s string, start, length int) string {
	rs := []rune(s)
	from := start - 1
	if from >= len(rs) {
		return ""
	}
	to := min(from+length, len(rs))
	return string(rs[from:to])
}

// isNumber reports whether XPath's number(s) is not NaN for the strings
// the national rules test: an optional sign, digits, an optional point.
func isNumber(s string) bool {
	s = TrimXMLSpace(s)
	s = strings.TrimPrefix(strings.TrimPrefix(s, "-"), "+")
	if s == "" || s == "." {
		return false
	}
	dot := false
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '.' && !dot:
			dot = true
		case s[i] < '0' || s[i] > '9':
			return false
		}
	}
	return true
}

// numEquals reports whether the number s equals one of vs.
func numEquals(s string, vs ...int64) bool {
	v, why := parseDecimal(TrimXMLSpace(s))
	if why != "" {
		return false
	}
	for _, w := range vs {
		if v.Equal(decimalOf(w)) {
			return true
		}
	}
	return false
}

func (e *eval) greece(cc countries) {
	r := e.root
	sender := cc.supplier == "GR" || cc.supplier == "EL"
	receiver := cc.customer == "GR" || cc.customer == "EL"
	if sender {
		id := r.get("cbc:ID")
		if id != nil {
			e.greekNumber(id)
		}
		r.each("cac:AccountingSupplierParty/cac:Party", func(p *node) {
			if len(p.getText("cac:PartyName/cbc:Name")) == 0 {
				e.fail("GR-R-002", p, "cac:PartyName/cbc:Name", "a Greek seller must give its trading name")
			}
			ids := greekVATIDs(p)
			if !(len(ids) == 1 && strings.HasPrefix(ids[0].text, "EL") && greekTIN(substr(ids[0].text, 3, 9))) {
				e.fail("GR-S-011", p, "cac:PartyTaxScheme", "a Greek seller should have one VAT identifier, EL and a valid tax number")
			}
			for _, v := range ids {
				if !strings.HasPrefix(v.text, "EL") || !greekTIN(substr(v.text, 3, 9)) {
					e.fail("GR-R-003", v, "", "a Greek VAT identifier is EL and a valid 9-digit tax number, not %s", quote(v.text))
				}
			}
		})
		if r.getText("cac:AccountingSupplierParty/cac:Party/cac:PostalAddress/cac:Country/cbc:IdentificationCode") == "GR" {
			mark, urls := 0, 0
			r.each("cac:AdditionalDocumentReference", func(a *node) {
				switch a.getText("cbc:DocumentDescription") {
				case "##M.AR.K##":
					mark++
					a.each("cbc:ID", func(id *node) {
						if !regexp.MustCompile(`^[1-9]([0-9]*)`).MatchString(id.text) {
							e.fail("GR-R-004-2", id, "", "the MARK number must start with a digit other than 0")
						}
					})
				case "##INVOICE|URL##":
					urls++
				}
			})
			if mark != 1 {
				e.fail("GR-R-004-1", r, "cac:AdditionalDocumentReference", "a Greek invoice has exactly one MARK reference (##M.AR.K##)")
			}
			if urls != 1 {
				e.fail("GR-S-008-1", r, "cac:AdditionalDocumentReference", "a Greek invoice should have one invoice URL reference (##INVOICE|URL##)")
			}
			if urls > 1 {
				e.fail("GR-R-008-2", r, "cac:AdditionalDocumentReference", "a Greek invoice has at most one invoice URL reference")
			}
		}
		r.each("cac:AdditionalDocumentReference", func(a *node) {
			if a.getText("cbc:DocumentDescription") == "##INVOICE|URL##" && a.str("cac:Attachment/cac:ExternalReference/cbc:URI") == "" {
				e.fail("GR-R-008-3", a, "cac:Attachment/cac:ExternalReference/cbc:URI", "the invoice URL reference must give the URL")
			}
		})
		r.each("cac:AccountingCustomerParty/cac:Party", func(p *node) {
			if len(p.getText("cac:PartyName/cbc:Name")) == 0 {
				e.fail("GR-R-005", p, "cac:PartyName/cbc:Name", "on a Greek invoice the buyer must give its trading name")
			}
		})
	}
	if sender && receiver {
		r.each("cac:AccountingCustomerParty/cac:Party", func(p *node) {
			ids := greekVATIDs(p)
			if !(len(ids) == 1 && strings.HasPrefix(ids[0].text, "EL") && greekTIN(substr(ids[0].text, 3, 9))) {
				e.fail("GR-R-006", p, "cac:PartyTaxScheme", "a Greek buyer of a Greek seller has one VAT identifier, EL and a valid tax number")
			}
			p.each("cbc:EndpointID", func(ep *node) {
				if s, _ := ep.attr("schemeID"); s != "9933" || !greekTIN(ep.text) {
					e.fail("GR-R-010", ep, "", "a Greek buyer's electronic address is its tax number in scheme 9933")
				}
			})
		})
	}
	var acc string
	if p, ok := vatPrefix(r.get("cac:AccountingSupplierParty/cac:Party")); ok {
		acc = p
	} else if r.has("cac:AccountingSupplierParty/cac:Party/cac:PostalAddress/cac:Country/cbc:IdentificationCode") {
		acc = cc.supplierAddress
	} else {
		acc = "XX"
	}
	if acc == "GR" || acc == "EL" {
		r.each("cac:AccountingSupplierParty/cac:Party/cbc:EndpointID", func(ep *node) {
			if s, _ := ep.attr("schemeID"); s != "9933" || !greekTIN(ep.text) {
				e.fail("GR-R-009", ep, "", "a Greek seller's electronic address is its tax number in scheme 9933")
			}
		})
	}
}

// greekVATIDs returns the VAT identifiers of a party.
func greekVATIDs(p *node) []*node {
	var out []*node
	p.each("cac:PartyTaxScheme", func(ts *node) {
		if ts.str("cac:TaxScheme/cbc:ID") == "VAT" {
			out = append(out, ts.list("cbc:CompanyID")...)
		}
	})
	return out
}

// greekNumber applies GR-R-001: a Greek invoice number has six parts
// separated by '|': the seller's tax number, the issue date as
// DD/MM/YYYY, the branch, the document type, the series and the number.
func (e *eval) greekNumber(id *node) {
	r := e.root
	seg := strings.Split(id.text, "|")
	if len(seg) != 6 {
		e.fail("GR-R-001-1", id, "", "a Greek invoice number has 6 parts separated by |; %s has %d", quote(id.text), len(seg))
	}
	get := func(i int) string {
		if i < len(seg) {
			return seg[i]
		}
		return ""
	}
	tin := get(0)
	sellerVAT, repVAT := "", ""
	if v := vatID(r.get("cac:AccountingSupplierParty/cac:Party")); v != nil {
		sellerVAT = substr(v.text, 3, 9)
	}
	if v := vatID(r.get("cac:TaxRepresentativeParty")); v != nil {
		repVAT = substr(v.text, 3, 9)
	}
	if len(strings.TrimSpace(tin)) != 9 || !greekTIN(tin) || tin != sellerVAT && tin != repVAT {
		e.fail("GR-R-001-2", id, "", "the first part of a Greek invoice number is the seller's tax number")
	}
	date := get(1)
	issue := strings.Split(r.getText("cbc:IssueDate"), "-")
	dp := strings.Split(date, "/")
	ok := strings.TrimSpace(date) != "" && regexp.MustCompile(`^(0?[1-9]|[12][0-9]|3[01])[-\\/ ]?(0?[1-9]|1[0-2])[-\\/ ]?(19|20)[0-9]{2}`).MatchString(date) &&
		len(dp) >= 3 && len(issue) >= 3 && dp[0] == issue[2] && dp[1] == issue[1] && dp[2] == issue[0]
	if !ok {
		e.fail("GR-R-001-3", id, "", "the second part of a Greek invoice number is the issue date as DD/MM/YYYY")
	}
	if b := get(2); strings.TrimSpace(b) == "" || !isNumber(b) || strings.HasPrefix(strings.TrimSpace(b), "-") || strings.Contains(b, ".") {
		e.fail("GR-R-001-4", id, "", "the third part of a Greek invoice number is the branch, a number of 0 or more")
	}
	if t := get(3); strings.TrimSpace(t) == "" || !inList("PEPPOL:greekDocumentType", t) {
		e.fail("GR-R-001-5", id, "", "the fourth part of a Greek invoice number is a document type (1.1, 1.6, 2.1, 2.4, 5.1 or 5.2)")
	}
	if get(4) == "" {
		e.fail("GR-R-001-6", id, "", "the fifth part of a Greek invoice number, the series, is empty")
	}
	if get(5) == "" {
		e.fail("GR-R-001-7", id, "", "the sixth part of a Greek invoice number, the number, is empty")
	}
}

func (e *eval) iceland(cc countries) {
	r := e.root
	seller := r.getText("cac:AccountingSupplierParty/cac:Party/cac:PostalAddress/cac:Country/cbc:IdentificationCode")
	buyer := r.getText("cac:AccountingCustomerParty/cac:Party/cac:PostalAddress/cac:Country/cbc:IdentificationCode")
	if seller != "IS" {
		return
	}
	tc := r.str("cbc:InvoiceTypeCode")
	if tc == "" {
		tc = r.str("cbc:CreditNoteTypeCode")
	}
	if tc != "380" && tc != "381" {
		e.fail("IS-R-001", r, "cbc:InvoiceTypeCode", "Icelandic invoices should have the type code 380 or 381")
	}
	if s, _ := r.get("cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyID").attr("schemeID"); s != "0196" {
		e.fail("IS-R-002", r, "cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyID", "an Icelandic seller gives its kennitala (scheme 0196) as legal registration identifier")
	}
	if !r.has("cac:AccountingSupplierParty/cac:Party/cac:PostalAddress/cbc:StreetName") || !r.has("cac:AccountingSupplierParty/cac:Party/cac:PostalAddress/cbc:PostalZone") {
		e.fail("IS-R-003", r, "cac:AccountingSupplierParty/cac:Party/cac:PostalAddress", "an Icelandic seller's address gives the street and the post code")
	}
	for _, m := range []struct{ id, code string }{{"IS-R-006", "9"}, {"IS-R-007", "42"}} {
		var pm *node
		r.each("cac:PaymentMeans", func(p *node) {
			if pm == nil && p.getText("cbc:PaymentMeansCode") == m.code {
				pm = p
			}
		})
		if pm != nil && len([]rune(pm.str("cac:PayeeFinancialAccount/cbc:ID"))) != 12 {
			e.fail(m.id, pm, "cac:PayeeFinancialAccount/cbc:ID", "an Icelandic account number for payment means %s has 12 digits", m.code)
		}
	}
	var due *node
	r.each("cac:AdditionalDocumentReference", func(a *node) {
		if due == nil && a.getText("cbc:DocumentDescription") == "EINDAGI" {
			due = a
		}
	})
	if due != nil {
		id := due.getText("cbc:ID")
		if len(id) != 10 || !validDate(id) {
			e.fail("IS-R-008", due, "cbc:ID", "the EINDAGI reference gives a date as YYYY-MM-DD")
		}
		if !r.has("cbc:DueDate") {
			e.fail("IS-R-009", r, "cbc:DueDate", "with an EINDAGI reference, the invoice gives its due date")
		} else if r.getText("cbc:DueDate") > id {
			e.fail("IS-R-010", r, "cbc:DueDate", "the due date is after the EINDAGI date")
		}
	}
	if buyer == "IS" {
		if s, _ := r.get("cac:AccountingCustomerParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyID").attr("schemeID"); s != "0196" {
			e.fail("IS-R-004", r, "cac:AccountingCustomerParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyID", "an Icelandic buyer gives its kennitala (scheme 0196) as legal registration identifier")
		}
		if !r.has("cac:AccountingCustomerParty/cac:Party/cac:PostalAddress/cbc:StreetName") || !r.has("cac:AccountingCustomerParty/cac:Party/cac:PostalAddress/cbc:PostalZone") {
			e.fail("IS-R-005", r, "cac:AccountingCustomerParty/cac:Party/cac:PostalAddress", "an Icelandic buyer's address gives the street and the post code")
		}
	}
}

func (e *eval) netherlands(cc countries) {
	r := e.root
	if cc.supplierAddress != "NL" {
		return
	}
	buyerNL := cc.customerAddress == "NL"
	if tc := r.get("cbc:CreditNoteTypeCode"); tc != nil && !r.has("cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID") {
		e.fail("NL-R-001", tc, "", "a Dutch credit note refers to the invoice it corrects (BT-25)")
	}
	address := func(id string, a *node) {
		if !a.has("cbc:StreetName") || !a.has("cbc:CityName") || !a.has("cbc:PostalZone") {
			e.fail(id, a, "", "a Dutch address gives the street, the city and the post code")
		}
	}
	legalID := func(id string, c *node) {
		s, _ := c.attrValue("schemeID")
		if s != "0106" && s != "0190" || c.value() == "" {
			e.fail(id, c, "", "a Dutch legal registration identifier is a KvK number (scheme 0106) or an OIN (scheme 0190)")
		}
	}
	r.each("cac:AccountingSupplierParty/cac:Party/cac:PostalAddress", func(a *node) { address("NL-R-002", a) })
	r.each("cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyID", func(c *node) { legalID("NL-R-003", c) })
	if buyerNL {
		r.each("cac:AccountingCustomerParty/cac:Party/cac:PostalAddress", func(a *node) { address("NL-R-004", a) })
		r.each("cac:AccountingCustomerParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyID", func(c *node) { legalID("NL-R-005", c) })
	}
	if cc.taxRepAddress == "NL" {
		r.each("cac:TaxRepresentativeParty/cac:PostalAddress", func(a *node) { address("NL-R-006", a) })
	}
	r.each("cac:LegalMonetaryTotal", func(t *node) {
		v, ok := t.dec("cbc:PayableAmount")
		settled := ok && (!e.credit && v.Sign() <= 0 || e.credit && v.Sign() >= 0)
		if !settled && !r.has("cac:PaymentMeans") {
			e.fail("NL-R-007", t, "cbc:PayableAmount", "a Dutch invoice with an amount due gives the payment instructions (BG-16)")
		}
	})
	if buyerNL {
		r.each("cac:PaymentMeans", func(pm *node) {
			switch pm.str("cbc:PaymentMeansCode") {
			case "30", "48", "49", "57", "58", "59":
			default:
				e.fail("NL-R-008", pm, "cbc:PaymentMeansCode", "between Dutch parties the payment means code is 30, 48, 49, 57, 58 or 59")
			}
		})
	}
	if !r.has("cac:OrderReference/cbc:ID") {
		r.descendants(func(n *node) {
			if n.is("cbc:LineID") && n.parent.is("cac:OrderLineReference") {
				e.fail("NL-R-009", n, "", "a reference to an order line needs the order reference (BT-13)")
			}
		})
	}
}

// German rules of XRechnung as Peppol applies them between German parties.
var (
	skontoRE    = regexp.MustCompile(`#(SKONTO)#TAGE=([0-9]+#PROZENT=[0-9]+\.[0-9]{2})(#BASISBETRAG=-?[0-9]+\.[0-9]{2})?#$`)
	emailRE     = regexp.MustCompile("^[a-zA-Z0-9!#$%&\"*+/=?^_`{|}~-]+(\\.[a-zA-Z0-9!#$%&\"*+/=?^_`{|}~-]+)*@([a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?\\.)+[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?$")
	phoneRE     = regexp.MustCompile(`([0-9].*){3,}`)
	ibanRE      = regexp.MustCompile(`^[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{0,30}$`)
	hashedRE    = regexp.MustCompile(`#.+#`)
	lineBreakRE = regexp.MustCompile(`^\s*\n`)
)

func (e *eval) germany(cc countries) {
	r := e.root
	if cc.supplierAddress != "DE" || cc.customerAddress != "DE" {
		return
	}
	if !r.has("cac:PaymentMeans") {
		e.fail("DE-R-001", r, "cac:PaymentMeans", "a German invoice gives the payment instructions (BG-16)")
	}
	if r.str("cbc:BuyerReference") == "" {
		e.fail("DE-R-015", r, "cbc:BuyerReference", "a German invoice gives the buyer reference (BT-10, the Leitweg-ID)")
	}
	supported := map[string]bool{"S": true, "Z": true, "E": true, "AE": true, "K": true, "G": true, "L": true, "M": true}
	used := false
	r.each("cac:AllowanceCharge/cac:TaxCategory/cbc:ID", func(n *node) { used = used || supported[n.text] })
	r.each(e.line+"/cac:Item/cac:ClassifiedTaxCategory/cbc:ID", func(n *node) { used = used || supported[n.text] })
	sellerTaxID := false
	r.each("cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme/cbc:CompanyID", func(n *node) { sellerTaxID = sellerTaxID || n.value() != "" })
	if used && !r.has("cac:TaxRepresentativeParty") && !sellerTaxID {
		e.fail("DE-R-016", r, "cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme", "with VAT, a German invoice gives the seller's VAT or tax number or a tax representative")
	}
	tc := r.getText("cbc:InvoiceTypeCode") + r.getText("cbc:CreditNoteTypeCode")
	switch r.getText("cbc:InvoiceTypeCode") {
	case "326", "380", "384", "389", "381", "875", "876", "877":
	default:
		switch r.getText("cbc:CreditNoteTypeCode") {
		case "326", "380", "384", "389", "381", "875", "876", "877":
		default:
			e.fail("DE-R-017", r, "", "the type code %s is not one XRechnung expects", quote(tc))
		}
	}
	if note := r.get("cac:PaymentTerms/cbc:Note"); note != nil {
		// Every line that starts with # is a #SKONTO# term, and the text
		// after the last #…# starts with a line break.
		ok := true
		text := note.rawText()
		for _, line := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
			if !strings.HasPrefix(normalizeSpace(line), "#") {
				continue
			}
			parts := hashedRE.Split(text, -1)
			if !skontoRE.MatchString(normalizeSpace(line)) || !lineBreakRE.MatchString(parts[len(parts)-1]) {
				ok = false
			}
		}
		if !ok {
			e.fail("DE-R-018", note, "", "the payment terms' #SKONTO# lines must follow XRechnung's form and end with a line break")
		}
	}
	files := map[string]bool{}
	dup := false
	r.each("cac:AdditionalDocumentReference/cac:Attachment/cbc:EmbeddedDocumentBinaryObject", func(b *node) {
		if f, ok := b.attr("filename"); ok {
			dup = dup || files[f]
			files[f] = true
		}
	})
	if dup {
		e.fail("DE-R-022", r, "cac:AdditionalDocumentReference", "two attachments have the same file name")
	}
	if (tc == "384") && !r.has("cac:BillingReference/cac:InvoiceDocumentReference") {
		e.fail("DE-R-026", r, "cac:BillingReference", "a corrected invoice (384) should refer to the invoice it corrects")
	}
	if r.has("cac:PaymentMeans/cac:PaymentMandate") {
		sepa := false
		for _, p := range []string{"cac:AccountingSupplierParty/cac:Party/cac:PartyIdentification/cbc:ID", "cac:PayeeParty/cac:PartyIdentification/cbc:ID"} {
			r.each(p, func(n *node) {
				if s, _ := n.attr("schemeID"); s == "SEPA" {
					sepa = true
				}
			})
		}
		if !sepa {
			e.fail("DE-R-030", r, "cac:AccountingSupplierParty/cac:Party/cac:PartyIdentification", "a direct debit needs the creditor identifier (BT-90, scheme SEPA)")
		}
		if !r.has("cac:PaymentMeans/cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID") {
			e.fail("DE-R-031", r, "cac:PaymentMeans/cac:PaymentMandate", "a direct debit needs the debited account (BT-91)")
		}
	}
	r.each("cac:AccountingSupplierParty", func(sp *node) {
		if !sp.has("cac:Party/cac:Contact") {
			e.fail("DE-R-002", sp, "cac:Party/cac:Contact", "a German invoice gives the seller contact (BG-6)")
		}
	})
	present := func(id string, n *node, el, what string) {
		if n.str(el) == "" {
			e.fail(id, n, el, "a German invoice gives the %s", what)
		}
	}
	r.each("cac:AccountingSupplierParty/cac:Party/cac:PostalAddress", func(a *node) {
		present("DE-R-003", a, "cbc:CityName", "seller's city (BT-37)")
		present("DE-R-004", a, "cbc:PostalZone", "seller's post code (BT-38)")
	})
	r.each("cac:AccountingSupplierParty/cac:Party/cac:Contact", func(c *node) {
		present("DE-R-005", c, "cbc:Name", "seller's contact point (BT-41)")
		present("DE-R-006", c, "cbc:Telephone", "seller's contact telephone (BT-42)")
		present("DE-R-007", c, "cbc:ElectronicMail", "seller's contact email (BT-43)")
		if !phoneRE.MatchString(c.str("cbc:Telephone")) {
			e.fail("DE-R-027", c, "cbc:Telephone", "the telephone number should have at least three digits")
		}
		if !emailRE.MatchString(c.str("cbc:ElectronicMail")) {
			e.fail("DE-R-028", c, "cbc:ElectronicMail", "the email address should be of the form name@domain")
		}
	})
	r.each("cac:AccountingCustomerParty/cac:Party/cac:PostalAddress", func(a *node) {
		present("DE-R-008", a, "cbc:CityName", "buyer's city (BT-52)")
		present("DE-R-009", a, "cbc:PostalZone", "buyer's post code (BT-53)")
	})
	r.each("cac:Delivery/cac:DeliveryLocation/cac:Address", func(a *node) {
		present("DE-R-010", a, "cbc:CityName", "deliver-to city (BT-77)")
		present("DE-R-011", a, "cbc:PostalZone", "deliver-to post code (BT-78)")
	})
	r.each("cac:PaymentMeans", func(pm *node) {
		code := pm.str("cbc:PaymentMeansCode")
		switch code {
		case "30", "58":
			if code == "58" && !ibanOK(pm.getText("cac:PayeeFinancialAccount/cbc:ID")) {
				e.fail("DE-R-019", pm, "cac:PayeeFinancialAccount/cbc:ID", "the account of a SEPA credit transfer should be a valid IBAN")
			}
			if !pm.has("cac:PayeeFinancialAccount") {
				e.fail("DE-R-023-1", pm, "cac:PayeeFinancialAccount", "a credit transfer gives the payee's account (BG-17)")
			}
			if pm.has("cac:CardAccount") || pm.has("cac:PaymentMandate") {
				e.fail("DE-R-023-2", pm, "", "a credit transfer has no card or direct debit information")
			}
		case "48", "54", "55":
			if !pm.has("cac:CardAccount") {
				e.fail("DE-R-024-1", pm, "cac:CardAccount", "a card payment gives the card information (BG-18)")
			}
			if pm.has("cac:PayeeFinancialAccount") || pm.has("cac:PaymentMandate") {
				e.fail("DE-R-024-2", pm, "", "a card payment has no credit transfer or direct debit information")
			}
		case "59":
			if !ibanOK(pm.getText("cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID")) {
				e.fail("DE-R-020", pm, "cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID", "the debited account of a SEPA direct debit should be a valid IBAN")
			}
			if !pm.has("cac:PaymentMandate") {
				e.fail("DE-R-025-1", pm, "cac:PaymentMandate", "a direct debit gives the mandate (BG-19)")
			}
			if pm.has("cac:PayeeFinancialAccount") || pm.has("cac:CardAccount") {
				e.fail("DE-R-025-2", pm, "", "a direct debit has no credit transfer or card information")
			}
		}
	})
	r.each("cac:TaxTotal/cac:TaxSubtotal", func(s *node) {
		if s.str("cac:TaxCategory/cbc:Percent") == "" {
			e.fail("DE-R-014", s, "cac:TaxCategory/cbc:Percent", "a German invoice gives the rate of each VAT breakdown (BT-119)")
		}
	})
}

// ibanOK checks the form and the mod 97 check of an IBAN, white space
// removed.
func ibanOK(s string) bool {
	s = strings.Join(strings.Fields(s), "")
	if !ibanRE.MatchString(s) {
		return false
	}
	rearranged := s[4:] + strings.ToUpper(s[:2]) + s[2:4]
	rem := 0
	for _, c := range rearranged {
		v := int(c - '0')
		if c > 64 {
			v = int(c) - 55
		}
		for _, d := range itoaDigits(v) {
			rem = (rem*10 + d) % 97
		}
	}
	return rem == 1
}

// itoaDigits returns the decimal digits of a small non-negative number.
func itoaDigits(v int) []int {
	if v < 10 {
		return []int{v}
	}
	return append(itoaDigits(v/10), v%10)
}

// decimalOf returns v as a decimal.
func decimalOf(v int64) decimal.Decimal { return decimal.NewFromInt(v) }
