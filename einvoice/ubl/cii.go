package ubl

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"strings"
)

// Namespaces of the UN/CEFACT Cross Industry Invoice (CII D16B) that Levy
// reads, as XRechnung CII and Factur-X (ZUGFeRD) use it.
const (
	NamespaceRSM = "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
	NamespaceRAM = "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
	NamespaceUDT = "urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"
	NamespaceQDT = "urn:un:unece:uncefact:data:standard:QualifiedDataType:100"
)

// RootCII is the local name of the root element of a CII document.
const RootCII = "CrossIndustryInvoice"

// NamespaceZUGFeRD1 is the namespace of ZUGFeRD 1.0's CrossIndustryDocument,
// which predates EN 16931 and which Levy does not read.
const NamespaceZUGFeRD1 = "urn:ferd:CrossIndustryDocument:invoice:1p0"

// Syntax is the XML syntax an e-invoice is written in.
type Syntax string

// The syntaxes of EN 16931 that Levy reads.
const (
	// SyntaxUBL is OASIS UBL 2.1: an Invoice or a CreditNote.
	SyntaxUBL Syntax = "UBL"
	// SyntaxCII is UN/CEFACT Cross Industry Invoice D16B: a
	// CrossIndustryInvoice, which is an invoice or a credit note by its
	// type code.
	SyntaxCII Syntax = "CII"
)

// creditNoteTypes are the document type codes (UNTDID 1001) of credit
// notes, which a CII document, whose root is the same for both, is read
// as: those EN 16931 binds to the UBL CreditNote.
var creditNoteTypes = map[string]bool{
	"81": true, "83": true, "261": true, "262": true, "296": true, "308": true, "381": true,
	"396": true, "420": true, "458": true, "502": true, "503": true, "532": true,
}

// DetectSyntax returns the syntax of an XML document by its root element:
// SyntaxCII for a CrossIndustryInvoice in the CII namespace, SyntaxUBL
// for an Invoice or CreditNote in the UBL namespaces, and "" for anything
// else (input that is not XML included). It reads no further than the
// root element's start tag.
func DetectSyntax(data []byte) Syntax {
	dec := xml.NewDecoder(bytes.NewReader(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))))
	for range 64 {
		tok, err := dec.Token()
		if err == io.EOF || err != nil {
			return ""
		}
		if se, ok := tok.(xml.StartElement); ok {
			switch {
			case se.Name.Local == RootCII && se.Name.Space == NamespaceRSM:
				return SyntaxCII
			case se.Name.Local == KindInvoice && se.Name.Space == NamespaceInvoice,
				se.Name.Local == KindCreditNote && se.Name.Space == NamespaceCreditNote:
				return SyntaxUBL
			}
			return ""
		}
	}
	return ""
}

// Read reads an e-invoice in either syntax, which its root element
// decides: a UN/CEFACT CrossIndustryInvoice as ParseCII reads it, a UBL
// Invoice or CreditNote as Parse does. A root element that is neither is
// reported as ROOT. Its bounds are Parse's.
func Read(data []byte) (*Document, error) {
	root, p := readTree(data)
	if p != nil {
		return nil, &FormatError{Problems: []Problem{*p}}
	}
	switch {
	case root.name.Local == RootCII || root.name.Space == NamespaceZUGFeRD1:
		return parseCII(root)
	case root.name.Local == KindInvoice || root.name.Local == KindCreditNote:
		return parseUBL(root)
	}
	return nil, &FormatError{Problems: []Problem{{Code: "ROOT", Location: "/" + root.name.Local, Message: fmt.Sprintf(
		"the root element is %s, not a UBL 2.1 Invoice or CreditNote or a UN/CEFACT CrossIndustryInvoice", qname(root.name.Space, root.name.Local))}}}
}

// ParseCII reads a UN/CEFACT Cross Industry Invoice (CII D16B), as
// XRechnung CII and Factur-X use it. Like Parse, it refuses only what
// cannot be read: input that is not well-formed UTF-8 XML, that has a
// DOCTYPE, that exceeds the bounds of Parse (XML, FORMAT), whose root is
// not a CrossIndustryInvoice in the CII namespace (ROOT), whose
// specification identifier (BT-24) is that of the Factur-X or ZUGFeRD
// profile MINIMUM or BASIC WL, which are not EN 16931 invoices (PROFILE,
// alone), or whose
// amounts, quantities, percentages or indicators are not of their type
// (FORMAT: the official artefacts cannot evaluate their rules on them).
// Everything else is for Check, which applies the rules of EN 16931
// bound to CII.
func ParseCII(data []byte) (*Document, error) {
	root, p := readTree(data)
	if p != nil {
		return nil, &FormatError{Problems: []Problem{*p}}
	}
	return parseCII(root)
}

// parseCII reads the tree of a CrossIndustryInvoice.
func parseCII(root *node) (*Document, error) { return parseCIIWith(root, "") }

// parseCIIWith reads the tree of a CrossIndustryInvoice, which a PDF whose
// XMP metadata gives the conformance level xmp embeds ("" for none).
func parseCIIWith(root *node, xmp string) (*Document, error) {
	if root.name.Local != RootCII || root.name.Space != NamespaceRSM {
		msg := fmt.Sprintf("the root element is %s, not a UN/CEFACT CrossIndustryInvoice", qname(root.name.Space, root.name.Local))
		switch {
		case root.name.Space == NamespaceZUGFeRD1:
			msg = "the document is a ZUGFeRD 1.0 CrossIndustryDocument, which predates EN 16931; send ZUGFeRD 2 or Factur-X (a CrossIndustryInvoice in the namespace " + NamespaceRSM + ")"
		case root.name.Local == RootCII:
			msg = fmt.Sprintf("the root element %s is in namespace %s, not %s", root.name.Local, quote(root.name.Space), NamespaceRSM)
		}
		return nil, &FormatError{Problems: []Problem{{Code: "ROOT", Location: "/" + root.name.Local, Message: msg}}}
	}
	// A profile that is not an EN 16931 invoice is refused alone: the
	// rules would list what it lacks, which tells its sender nothing.
	refusal, warning := profileProblems(root, xmp)
	if refusal != nil {
		return nil, &FormatError{Problems: []Problem{*refusal}}
	}
	r := &reader{doc: &Document{Syntax: SyntaxCII, Kind: KindInvoice, tree: root}}
	if warning != nil {
		r.doc.notes = append(r.doc.notes, *warning)
	}
	r.ciiValues(root)
	if problems := r.c.result(); len(problems) > 0 {
		return nil, &FormatError{Problems: problems}
	}
	r.readCII(root)
	return r.doc, nil
}

// ciiValues reports, as FORMAT, the amounts, quantities and percentages
// that are not plain decimal numbers (empty ones included) and the
// indicators that are not booleans: the rules of the official artefacts
// convert them, and stop on a value that does not convert.
func (r *reader) ciiValues(root *node) {
	root.descendants(func(n *node) {
		if len(n.kids) > 0 {
			return
		}
		switch {
		case n.name.Space == NamespaceRAM && ciiNumeric(n.name.Local):
			if n.text == "" {
				r.add("FORMAT", n.path(), "%s is empty; it must be a decimal number", n.display())
				return
			}
			if _, why := parseDecimal(n.text); why != "" {
				r.add("FORMAT", n.path(), "%s %s is not a plain decimal number: it %s", n.display(), quote(n.text), why)
			}
		case n.name.Space == NamespaceUDT && n.name.Local == "Indicator":
			if _, ok := xsBoolean(n.text); !ok {
				r.add("FORMAT", n.path(), "udt:Indicator %s is not a boolean: write true or false", quote(n.text))
			}
		}
	})
}

// ciiNumeric reports whether a ram element of this local name holds a
// number: an amount, a quantity or a percentage.
func ciiNumeric(local string) bool {
	return strings.HasSuffix(local, "Amount") || strings.HasSuffix(local, "Quantity") ||
		local == "RateApplicablePercent" || local == "CalculationPercent"
}

// xsBoolean reads an xs:boolean: true, false, 1 or 0, white space
// around them allowed.
func xsBoolean(s string) (value, ok bool) {
	switch TrimXMLSpace(s) {
	case "true", "1":
		return true, true
	case "false", "0":
		return false, true
	}
	return false, false
}

// Paths of a CII document from its root.
const (
	ciiContext    = "rsm:ExchangedDocumentContext"
	ciiHeader     = "rsm:ExchangedDocument"
	ciiTx         = "rsm:SupplyChainTradeTransaction"
	ciiAgreement  = ciiTx + "/ram:ApplicableHeaderTradeAgreement"
	ciiDelivery   = ciiTx + "/ram:ApplicableHeaderTradeDelivery"
	ciiSettlement = ciiTx + "/ram:ApplicableHeaderTradeSettlement"
	ciiSeller     = ciiAgreement + "/ram:SellerTradeParty"
	ciiBuyer      = ciiAgreement + "/ram:BuyerTradeParty"
	ciiTaxRep     = ciiAgreement + "/ram:SellerTaxRepresentativeTradeParty"
	ciiTotals     = ciiSettlement + "/ram:SpecifiedTradeSettlementHeaderMonetarySummation"
	ciiLine       = ciiTx + "/ram:IncludedSupplyChainTradeLineItem"
)

// ciiDate returns the date of a udt:DateTimeString of format 102
// (YYYYMMDD) as YYYY-MM-DD, and the text as it is otherwise.
func ciiDate(n *node) string {
	s := n.value()
	if f, _ := n.attr("format"); f == "102" && len(s) == 8 && allDigits(s) {
		return s[:4] + "-" + s[4:6] + "-" + s[6:]
	}
	return s
}

// readCII fills the Document from a CII tree whose values ciiValues
// found well formed.
func (r *reader) readCII(root *node) {
	d := r.doc
	d.CustomizationID = root.str(ciiContext + "/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID")
	d.ProfileID = root.str(ciiContext + "/ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID")
	d.ID = root.str(ciiHeader + "/ram:ID")
	d.TypeCode = root.str(ciiHeader + "/ram:TypeCode")
	if creditNoteTypes[d.TypeCode] {
		d.Kind = KindCreditNote
	}
	if n := root.get(ciiHeader + "/ram:IssueDateTime/udt:DateTimeString"); n != nil {
		d.IssueDate = ciiDate(n)
	}
	d.Currency = root.str(ciiSettlement + "/ram:InvoiceCurrencyCode")
	d.TaxCurrency = root.str(ciiSettlement + "/ram:TaxCurrencyCode")
	if n := root.get(ciiSettlement + "/ram:SpecifiedTradePaymentTerms/ram:DueDateDateTime/udt:DateTimeString"); n != nil {
		d.DueDate = ciiDate(n)
	}
	d.BuyerReference = root.str(ciiAgreement + "/ram:BuyerReference")
	d.Supplier = ciiParty(root.get(ciiSeller))
	d.Customer = ciiParty(root.get(ciiBuyer))
	amount := func(parent *node, local string) Amount {
		n := parent.get(local)
		if n == nil {
			return Amount{}
		}
		v, _ := n.dec("")
		c, _ := n.attrValue("currencyID")
		if c == "" {
			c = d.Currency
		}
		return Amount{Value: v, Currency: c, Present: true}
	}
	number := func(parent *node, local string) Number {
		v, ok := parent.dec(local)
		return Number{Value: v, Present: ok}
	}
	quantity := func(n *node) Quantity {
		if n == nil {
			return Quantity{}
		}
		v, _ := n.dec("")
		u, _ := n.attrValue("unitCode")
		return Quantity{Value: v, UnitCode: u, Present: true}
	}
	category := func(t *node) TaxCategory {
		return TaxCategory{ID: t.str("ram:CategoryCode"), Percent: number(t, "ram:RateApplicablePercent"),
			ExemptionReasonCode: t.str("ram:ExemptionReasonCode"), ExemptionReason: t.str("ram:ExemptionReason"), TaxScheme: t.str("ram:TypeCode")}
	}
	allowance := func(a *node, documentLevel bool) AllowanceCharge {
		charge, _ := xsBoolean(a.getText("ram:ChargeIndicator/udt:Indicator"))
		ac := AllowanceCharge{Charge: charge, ReasonCode: a.str("ram:ReasonCode"), Reason: a.str("ram:Reason"),
			MultiplierFactor: number(a, "ram:CalculationPercent"), Amount: amount(a, "ram:ActualAmount"), BaseAmount: amount(a, "ram:BasisAmount")}
		if t := a.get("ram:CategoryTradeTax"); documentLevel && t != nil {
			ac.TaxCategory = category(t)
		}
		return ac
	}
	settlement := root.get(ciiSettlement)
	settlement.each("ram:SpecifiedTradeAllowanceCharge", func(a *node) { d.AllowanceCharges = append(d.AllowanceCharges, allowance(a, true)) })
	if t := root.get(ciiTotals); t != nil {
		d.Totals = MonetaryTotal{
			LineExtensionAmount: amount(t, "ram:LineTotalAmount"), TaxExclusiveAmount: amount(t, "ram:TaxBasisTotalAmount"),
			TaxInclusiveAmount: amount(t, "ram:GrandTotalAmount"), AllowanceTotalAmount: amount(t, "ram:AllowanceTotalAmount"),
			ChargeTotalAmount: amount(t, "ram:ChargeTotalAmount"), PrepaidAmount: amount(t, "ram:TotalPrepaidAmount"),
			PayableRoundingAmount: amount(t, "ram:RoundingAmount"), PayableAmount: amount(t, "ram:DuePayableAmount"),
		}
		// Each TaxTotalAmount is a total VAT: the one in the invoice
		// currency (BT-110) has the breakdown, another in the VAT
		// accounting currency (BT-111) has none.
		t.each("ram:TaxTotalAmount", func(n *node) {
			v, _ := n.dec("")
			c, _ := n.attrValue("currencyID")
			tt := TaxTotal{TaxAmount: Amount{Value: v, Currency: c, Present: true}}
			if c == d.Currency {
				settlement.each("ram:ApplicableTradeTax", func(a *node) {
					tt.Subtotals = append(tt.Subtotals, TaxSubtotal{TaxableAmount: amount(a, "ram:BasisAmount"),
						TaxAmount: amount(a, "ram:CalculatedAmount"), Category: category(a)})
				})
			}
			d.TaxTotals = append(d.TaxTotals, tt)
		})
	}
	root.each(ciiLine, func(ln *node) {
		l := Line{ID: ln.str("ram:AssociatedDocumentLineDocument/ram:LineID"),
			Quantity:            quantity(ln.get("ram:SpecifiedLineTradeDelivery/ram:BilledQuantity")),
			LineExtensionAmount: amount(ln, "ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount"),
			ItemName:            ln.str("ram:SpecifiedTradeProduct/ram:Name"),
			PriceAmount:         amount(ln, "ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:ChargeAmount"),
			BaseQuantity:        quantity(ln.get("ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:BasisQuantity")),
		}
		if t := ln.get("ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax"); t != nil {
			l.TaxCategory = category(t)
		}
		ln.each("ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeAllowanceCharge", func(a *node) {
			l.AllowanceCharges = append(l.AllowanceCharges, allowance(a, false))
		})
		d.Lines = append(d.Lines, l)
	})
}

// ciiParty reads a SellerTradeParty or BuyerTradeParty.
func ciiParty(p *node) Party {
	if p == nil {
		return Party{}
	}
	out := Party{Name: p.str("ram:Name"), TradingName: p.str("ram:SpecifiedLegalOrganization/ram:TradingBusinessName"),
		CountryCode: p.str("ram:PostalTradeAddress/ram:CountryID"), LegalID: p.str("ram:SpecifiedLegalOrganization/ram:ID")}
	if n := p.get("ram:URIUniversalCommunication/ram:URIID"); n != nil {
		out.EndpointID = n.value()
		out.EndpointScheme, _ = n.attrValue("schemeID")
	}
	p.each("ram:SpecifiedTaxRegistration/ram:ID", func(n *node) {
		if s, _ := n.attr("schemeID"); s == "VA" && out.VATID == "" {
			out.VATID = n.value()
		}
	})
	return out
}
