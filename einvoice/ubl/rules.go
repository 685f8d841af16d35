package ubl

import (
	"strings"

	"github.com/shopspring/decimal"
)

// Flag is how serious a problem is: a fatal problem refuses the document,
// a warning does not.
type Flag string

// Flags of the official rules.
const (
	Fatal   Flag = "fatal"
	Warning Flag = "warning"
)

// RuleSets chooses which rule sets Check applies.
type RuleSets int

const (
	// RulesAuto applies EN 16931 to every document, and Peppol BIS
	// Billing 3.0 with its national rules when the document's
	// CustomizationID (BT-24) names Peppol BIS Billing 3.0, as the
	// Peppol network does: to such a document, the EN 16931 rules as
	// Peppol's own copy of them has them.
	RulesAuto RuleSets = iota
	// RulesEN16931 applies EN 16931 only, as CEN's artefacts have it,
	// whatever the CustomizationID.
	RulesEN16931
	// RulesPeppol applies EN 16931, as Peppol's copy of its rules has
	// it, and Peppol BIS Billing 3.0 with its national rules, whatever
	// the CustomizationID.
	RulesPeppol
)

// PeppolCustomization is the specification identifier (BT-24) of Peppol
// BIS Billing 3.0; a CustomizationID that contains it puts the document
// under the Peppol rules.
const PeppolCustomization = "urn:fdc:peppol.eu:2017:poacc:billing:3.0"

// RuleVersions names the rule sets Levy applies and their versions.
const RuleVersions = "EN 16931 validation artefacts 1.3.16 (CEN/TC 434, UBL and CII bindings); Peppol BIS Billing 3.0.19 (OpenPEPPOL, UBL), with its copy of the EN 16931 rules for Peppol documents and its national rules (DE, DK, GR, IS, IT, NL, NO, SE)"

// warnings lists the rules whose flag is warning; every other rule is
// fatal.
var warnings = map[string]bool{
	"BR-51":              true,
	"PEPPOL-COMMON-R044": true, "PEPPOL-COMMON-R045": true, "PEPPOL-COMMON-R046": true,
	"PEPPOL-COMMON-R047": true, "PEPPOL-COMMON-R048": true,
	"NO-R-002": true, "DK-R-003": true, "IS-R-001": true,
	"SE-R-007": true, "SE-R-008": true, "SE-R-009": true, "SE-R-010": true, "SE-R-011": true, "SE-R-012": true,
	"GR-S-008-1": true, "GR-S-011": true,
	"DE-R-017": true, "DE-R-019": true, "DE-R-020": true, "DE-R-026": true, "DE-R-027": true, "DE-R-028": true,
}

// flagOf returns the flag of a rule.
func flagOf(id string) Flag {
	if warnings[id] || strings.HasPrefix(id, "UBL-DT-") && id > "UBL-DT-07" {
		return Warning
	}
	return Fatal
}

// HasFatal reports whether any of the problems is fatal.
func HasFatal(ps []Problem) bool {
	for _, p := range ps {
		if p.Flag != Warning {
			return true
		}
	}
	return false
}

// eval applies the rules to one document tree.
type eval struct {
	root *node
	// cii is true for a CII document: every rule Levy applies to one is
	// flagged fatal, as the artefacts flag them in the CII binding.
	cii bool
	// peppolCopy is true for a Peppol document: the EN 16931 rules are
	// applied as Peppol BIS Billing 3.0.19 copies them (its
	// rules/sch/CEN-EN16931-UBL.sch) where that copy differs from CEN's
	// artefacts 1.3.16, as the Peppol network validates the document.
	peppolCopy bool
	credit     bool
	line       string // "cac:InvoiceLine" or "cac:CreditNoteLine"
	qty        string // "cbc:InvoicedQuantity" or "cbc:CreditedQuantity"
	c          collector
	// sums caches categorySum and rateUse by category (and rate), so
	// that the rules stay linear in the size of the document however
	// many breakdowns it has.
	sums map[string]catSum
	// lineNodes caches lines.
	lineNodes []*node
	// index lists the elements of the document (the root excepted) by
	// local name, in document order, built on first use: the rules that
	// look for an element anywhere read it instead of walking the tree.
	index map[string][]*node
}

// anywhere returns the elements named step anywhere under the root, in
// document order.
func (e *eval) anywhere(step string) []*node {
	if e.index == nil {
		e.index = map[string][]*node{}
		e.root.descendants(func(n *node) { e.index[n.name.Local] = append(e.index[n.name.Local], n) })
	}
	_, local := stepSpace(step)
	var out []*node
	for _, n := range e.index[local] {
		if n.is(step) {
			out = append(out, n)
		}
	}
	return out
}

// categories returns every TaxCategory and ClassifiedTaxCategory of the
// document, in document order.
func (e *eval) categories() []*node {
	tc, ctc := e.anywhere("cac:TaxCategory"), e.anywhere("cac:ClassifiedTaxCategory")
	out := make([]*node, 0, len(tc)+len(ctc))
	return append(append(out, tc...), ctc...)
}

// catSum is what the lines, allowances and charges of a category (at a
// rate) add up to, and whether any uses it.
type catSum struct {
	used  bool
	total decimal.Decimal
}

// fail reports that rule id fails at the element n (or, when child is not
// empty, at its missing child).
func (e *eval) fail(id string, n *node, child string, format string, args ...any) {
	loc := n.path()
	if child != "" {
		loc += "/" + child
	}
	flag := flagOf(id)
	if e.cii {
		flag = Fatal
	}
	e.c.addFlag(id, flag, loc, format, args...)
}

// Check applies the business rules to the document and returns every
// problem it finds (up to MaxProblems), or nil when there is none. Each
// problem names its official rule ID and its flag; only fatal ones
// (HasFatal) refuse the document. Check applies EN 16931 to every
// document, and Peppol BIS Billing 3.0 with its national rules when the
// CustomizationID names Peppol (RulesAuto); CheckWith chooses otherwise.
// The rules are those of the official validation artefacts, written anew;
// the package documentation lists them.
func (d *Document) Check() []Problem { return d.CheckWith(RulesAuto) }

// CheckWith applies the chosen rule sets. A nil or zero Document, which
// Parse did not read, has the one fatal problem MISSING: no rule can pass
// a document that is not there.
func (d *Document) CheckWith(sets RuleSets) []Problem {
	if d == nil || d.tree == nil {
		kind := ""
		if d != nil {
			kind = d.Kind
		}
		var c collector
		c.add("MISSING", "/"+kind, "the document was not read by Parse: Check applies the rules to the XML it read")
		return c.result()
	}
	if d.Syntax == SyntaxCII {
		// Peppol BIS Billing 3.0 and its national rules are bound to UBL
		// only: a CII document has the rules of EN 16931.
		e := &eval{root: d.tree, cii: true}
		e.ciiRules()
		if p := append(e.c.result(), d.notes...); len(p) > 0 {
			return p
		}
		return nil
	}
	e := &eval{root: d.tree, credit: d.Kind == KindCreditNote, line: "cac:InvoiceLine", qty: "cbc:InvoicedQuantity"}
	if e.credit {
		e.line, e.qty = "cac:CreditNoteLine", "cbc:CreditedQuantity"
	}
	peppol := sets == RulesPeppol || sets == RulesAuto && strings.Contains(d.CustomizationID, PeppolCustomization)
	e.peppolCopy = peppol
	e.en16931()
	if peppol {
		e.peppol()
		e.national()
	} else {
		e.dates()
		e.indicators()
	}
	e.ublCardinality()
	if p := e.c.result(); len(p) > 0 {
		return p
	}
	return nil
}

// dates reports, as FORMAT, a date that the UBL schema refuses in a
// document outside Peppol: its udt:DateType is an xsd:date, a real date
// YYYY-MM-DD with an optional time zone (schemaDate). EN 16931's rules do
// not check it; Peppol checks it as PEPPOL-EN16931-F001, which also
// refuses the time zone.
func (e *eval) dates() {
	e.root.descendants(func(n *node) {
		switch n.name.Local {
		case "IssueDate", "DueDate", "TaxPointDate", "StartDate", "EndDate", "ActualDeliveryDate", "PaymentDueDate":
			if n.name.Space == NamespaceCBC && !schemaDate(n.text) {
				e.fail("FORMAT", n, "", "%s %s %s", n.display(), quote(n.text), schemaDateFault(n.text))
			}
		}
	})
}

// indicators reports, as FORMAT, an allowance or charge's
// cbc:ChargeIndicator that is not an xs:boolean (true, false, 1 or 0) in
// a document outside Peppol: the UBL schema requires one, no EN 16931 rule
// checks it, and the artefacts stop on it (cbc:ChargeIndicator = false()
// cannot be evaluated) instead of giving a verdict; Levy would otherwise
// read the allowance or charge as neither and leave it out of every sum.
// Peppol checks it as PEPPOL-EN16931-R043.
func (e *eval) indicators() {
	e.root.descendants(func(n *node) {
		if n.is("cbc:ChargeIndicator") && n.parent.is("cac:AllowanceCharge") {
			if _, ok := xsBoolean(n.text); !ok {
				e.fail("FORMAT", n, "", "%s %s is not a boolean: write true (a charge) or false (an allowance)", n.display(), quote(n.text))
			}
		}
	})
}

// schemaDate reports whether s is a date as the UBL schema's xsd:date
// writes it in an invoice: a real date YYYY-MM-DD, then optionally a time
// zone, Z or +hh:mm or -hh:mm no further than 14:00 from UTC. (xsd:date
// also allows years of more than four digits and before year 1, which no
// invoice carries.)
func schemaDate(s string) bool {
	_, ok := CalendarDate(s)
	return ok
}

// schemaDateFault says what is wrong with s, which schemaDate refuses,
// after the date itself in a problem's message: a date of the form
// YYYY-MM-DD, with a time zone or none, that is no day of the calendar
// is told so and why (dayFault: "is not a day of the calendar: February
// 2026 has 28 days"), any other text that it is not of the form.
func schemaDateFault(s string) string {
	if len(s) >= 10 && dateForm(s[:10]) && validZone(s[10:]) {
		if f := dateFault(s[:10]); f != "" {
			return f
		}
	}
	return "is not a real date of the form YYYY-MM-DD, with or without a time zone (Z or +hh:mm)"
}

// CalendarDate returns the date YYYY-MM-DD of a UBL date (BT-2, BT-9 and
// the others), without the time zone that the UBL schema allows after it,
// and whether s is such a date (schemaDate).
func CalendarDate(s string) (string, bool) {
	if len(s) < 10 || !validDate(s[:10]) || !validZone(s[10:]) {
		return "", false
	}
	return s[:10], true
}

// validZone reports whether z is the time zone of an xsd:date: empty, Z,
// or a sign, hh:mm with mm below 60, and at most 14:00.
func validZone(z string) bool {
	switch {
	case z == "" || z == "Z":
		return true
	case len(z) != 6 || (z[0] != '+' && z[0] != '-') || z[3] != ':' || !allDigits(z[1:3]) || !allDigits(z[4:]):
		return false
	}
	h, m := atoi(z[1:3]), atoi(z[4:])
	return m < 60 && (h < 14 || h == 14 && m == 0)
}

// IsPeppol reports whether the document's CustomizationID names Peppol
// BIS Billing 3.0, so that Check applies the Peppol rules to it.
func (d *Document) IsPeppol() bool { return strings.Contains(d.CustomizationID, PeppolCustomization) }

// upperNorm returns s with white space normalized, in upper case.
func upperNorm(s string) string { return strings.ToUpper(normalizeSpace(s)) }

// isVAT reports whether a TaxCategory or ClassifiedTaxCategory is of the
// VAT tax scheme.
func isVAT(cat *node) bool { return upperNorm(cat.getText("cac:TaxScheme/cbc:ID")) == "VAT" }

// indicator returns the boolean value of an allowance or charge's
// ChargeIndicator, and false when it is neither true nor false.
func indicator(ac *node) (charge, ok bool) {
	switch ac.str("cbc:ChargeIndicator") {
	case "true", "1":
		return true, true
	case "false", "0":
		return false, true
	}
	return false, false
}

// isCharge and isAllowance test an allowance or charge's indicator.
func isCharge(ac *node) bool    { c, ok := indicator(ac); return ok && c }
func isAllowance(ac *node) bool { c, ok := indicator(ac); return ok && !c }

// inList reports whether v is in the code list key.
func inList(key, v string) bool { return codeLists[key][v] }

// code checks a value against the code list of rule id: a value with a
// space, or not in the list, fails. In a Peppol document the list is
// Peppol's copy of it where that differs from CEN's (codeListKey).
func (e *eval) code(id, key string, n *node, value, what string) {
	if strings.Contains(value, " ") || !inList(e.codeListKey(key), value) {
		e.fail(id, n, "", "%s %s is not in the code list", what, quote(value))
	}
}
