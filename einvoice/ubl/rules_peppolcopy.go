package ubl

// Peppol BIS Billing 3.0.19 validates a Peppol document with two
// Schematron files: its own rules (PEPPOL-EN16931-UBL.sch, rules_peppol.go)
// and its own copy of the EN 16931 rules bound to UBL
// (rules/sch/CEN-EN16931-UBL.sch of OpenPEPPOL/peppol-bis-invoice-3),
// which is not CEN's artefacts 1.3.16. Levy applies that copy to Peppol
// documents (eval.peppolCopy) where it differs, each rule under the ID
// the copy gives it:
//
//   - rules only the copy has: BR-CO-25 (an invoice with an amount due
//     needs a due date or payment terms), BR-66 and BR-67 (at most one
//     card account, one mandate), which stand for CEN's UBL-SR-54 and
//     UBL-SR-55;
//   - rules only CEN's artefacts have: UBL-SR-54, UBL-SR-55 and UBL-SR-56
//     (at most one tender or lot reference), not applied to Peppol
//     documents;
//   - rules whose test differs: BR-B-02 (which looks for the standard
//     rate S only in document level allowances and charges and in the
//     lines' categories), BR-CO-26 (a seller identifier of scheme SEPA
//     counts), UBL-SR-23 (which counts VAT identifiers under a cac:Party
//     of the tax representative, an element UBL does not have there), and
//     the code lists of BR-CL-01, 03, 04, 05, 10, 11, 21, 22, 25 and 26
//     (codeLists, under "PEPPOL-CEN/" keys).
//
// The copy's UBL-CR-631 and its UBL-CR-674 are warnings of the UBL-CR
// family, which Levy does not apply (docs/einvoicing-validation.md).

// peppolCopyPrefix prefixes the keys of codeLists that hold the lists of
// Peppol's copy of the EN 16931 rules where they differ from CEN's.
const peppolCopyPrefix = "PEPPOL-CEN/"

// codeListKey returns the key of the code list to check a value of rule
// key against: in a Peppol document, Peppol's copy of the list when it
// differs from CEN's; otherwise CEN's.
func (e *eval) codeListKey(key string) string {
	if e.peppolCopy {
		if _, ok := codeLists[peppolCopyPrefix+key]; ok {
			return peppolCopyPrefix + key
		}
	}
	return key
}

// syntaxID returns the ID under which a syntax rule of CEN's artefacts
// that allows an element at most once (atMostOnce) is applied to the
// document, and false when the rule does not apply to it: Peppol's copy
// names UBL-SR-54 and UBL-SR-55 BR-66 and BR-67, and has no UBL-SR-56.
func (e *eval) syntaxID(id string) (string, bool) {
	if !e.peppolCopy {
		return id, true
	}
	switch id {
	case "UBL-SR-54":
		return "BR-66", true
	case "UBL-SR-55":
		return "BR-67", true
	case "UBL-SR-56":
		return "", false
	}
	return id, true
}

// taxRepresentativeVATPath is the path, from the tax representative, of
// the VAT identifiers that UBL-SR-23 allows once: CEN's, or, in a Peppol
// document, the path Peppol's copy counts, which never matches a UBL
// document (cac:TaxRepresentativeParty is itself the party), so that the
// rule never fires there.
func (e *eval) taxRepresentativeVATPath() string {
	if e.peppolCopy {
		return "cac:Party/cac:PartyTaxScheme/cbc:CompanyID"
	}
	return "cac:PartyTaxScheme/cbc:CompanyID"
}

// sellerIdentified reports whether a seller's party has an identifier
// that BR-CO-26 accepts: any cac:PartyIdentification/cbc:ID in Peppol's
// copy; in CEN's artefacts, one whose scheme is not SEPA (a bank
// assigned creditor identifier is not the seller's identifier).
func (e *eval) sellerIdentified(p *node) bool {
	ident := false
	p.each("cac:PartyIdentification/cbc:ID", func(id *node) {
		if s, _ := id.attr("schemeID"); e.peppolCopy || s != "SEPA" {
			ident = true
		}
	})
	return ident
}

// peppolCopyRules applies the rules that only Peppol's copy of the
// EN 16931 rules has and that are not a renamed syntax rule (syntaxID):
// BR-CO-25, and BR-B-02 as the copy tests it.
func (e *eval) peppolCopyRules() {
	r := e.root
	// BR-CO-25: an invoice (not a credit note) with a positive amount due
	// gives a due date or payment terms, anywhere in the document.
	if !e.credit {
		dueDate := len(e.anywhere("cbc:DueDate")) > 0
		terms := false
		for _, n := range e.anywhere("cbc:Note") {
			terms = terms || n.parent != nil && n.parent.is("cac:PaymentTerms")
		}
		r.each("cac:LegalMonetaryTotal/cbc:PayableAmount", func(a *node) {
			v, ok := a.dec("")
			if ok && v.IsPositive() && !dueDate && !terms {
				cur, _ := a.attrValue("currencyID")
				e.fail("BR-CO-25", a, "", "the amount due (BT-115) is %s %s, but the invoice has neither a payment due date (BT-9, cbc:DueDate) nor payment terms (BT-20, cac:PaymentTerms/cbc:Note)", fmtNum(v), cur)
			}
		})
	}
	// BR-B-02: the split payment category B in the VAT breakdown, a
	// document level allowance or charge or a line, and the standard rate
	// S in a document level allowance or charge or a line. (The copy also
	// looks for S in cac:TaxTotal/cac:TaxSubtotal/cbc:ID, which UBL does
	// not have, and not in the breakdown's categories.)
	var b, s bool
	mark := func(n *node) {
		switch n.rawText() {
		case "B":
			b = true
		case "S":
			s = true
		}
	}
	r.each("cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:ID", func(n *node) { b = b || n.rawText() == "B" })
	r.each("cac:TaxTotal/cac:TaxSubtotal/cbc:ID", func(n *node) { s = s || n.rawText() == "S" })
	r.each("cac:AllowanceCharge/cac:TaxCategory/cbc:ID", mark)
	for _, c := range e.anywhere("cac:ClassifiedTaxCategory") {
		c.each("cbc:ID", mark)
	}
	if b && s {
		e.fail("BR-B-02", r, "", "the split payment VAT category B is used together with the standard rate S in a line or a document level allowance or charge")
	}
}
