package ubl

import (
	"fmt"
	"strings"
)

// Conformance levels of Factur-X and ZUGFeRD 2, as ciiLevel and xmpLevel
// return them: the XMP metadata's spelling with its spaces removed.
const (
	levelMinimum   = "MINIMUM"
	levelBasicWL   = "BASICWL"
	levelBasic     = "BASIC"
	levelEN16931   = "EN16931"
	levelExtended  = "EXTENDED"
	levelXRechnung = "XRECHNUNG"
)

// levelNames are the levels as the Factur-X specification writes them.
var levelNames = map[string]string{
	levelMinimum: "MINIMUM", levelBasicWL: "BASIC WL", levelBasic: "BASIC",
	levelEN16931: "EN 16931", levelExtended: "EXTENDED", levelXRechnung: "XRECHNUNG",
}

// ciiLevels are the specification identifiers (BT-24, ram:GuidelineSpecifiedDocumentContextParameter/ram:ID)
// of the Factur-X 1.0 profiles (also those of ZUGFeRD 2.1 and later) and
// of the ZUGFeRD 2.0 profiles, by their conformance level. XRechnung's
// identifiers, one a version, are recognised by their prefix.
var ciiLevels = map[string]string{
	"urn:factur-x.eu:1p0:minimum":                                     levelMinimum,
	"urn:zugferd.de:2p0:minimum":                                      levelMinimum,
	"urn:factur-x.eu:1p0:basicwl":                                     levelBasicWL,
	"urn:zugferd.de:2p0:basicwl":                                      levelBasicWL,
	"urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic":     levelBasic,
	"urn:cen.eu:en16931:2017#compliant#urn:zugferd.de:2p0:basic":      levelBasic,
	"urn:cen.eu:en16931:2017":                                         levelEN16931,
	"urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended": levelExtended,
	"urn:cen.eu:en16931:2017#conformant#urn:zugferd.de:2p0:extended":  levelExtended,
}

// xrechnungPrefix starts the specification identifier of every XRechnung
// version.
const xrechnungPrefix = "urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_"

// ciiLevel returns the conformance level of a CII specification
// identifier, compared without regard to case once its white space is
// normalised, and "" for an identifier of no Factur-X or ZUGFeRD profile.
func ciiLevel(id string) string {
	id = strings.ToLower(normalizeSpace(id))
	if l, ok := ciiLevels[id]; ok {
		return l
	}
	if strings.HasPrefix(id, xrechnungPrefix) {
		return levelXRechnung
	}
	return ""
}

// xmpLevel returns the conformance level that the XMP metadata of a
// Factur-X or ZUGFeRD PDF writes ("EN 16931", "BASIC WL"), in upper case
// without spaces; ZUGFeRD 2.0's COMFORT is EN 16931. It returns "" for
// anything else.
func xmpLevel(s string) string {
	l := strings.ToUpper(strings.Join(strings.Fields(s), ""))
	if l == "COMFORT" {
		return levelEN16931
	}
	if _, ok := levelNames[l]; ok {
		return l
	}
	return ""
}

// notInvoice reports whether a conformance level is one of the profiles
// that are not EN 16931 invoices: MINIMUM and BASIC WL have no lines, and
// the e-invoicing mandates of France and Germany do not take them as
// invoices.
func notInvoice(level string) bool { return level == levelMinimum || level == levelBasicWL }

// guidelineID is the path of the specification identifier (BT-24) from
// the root of a CII document.
const guidelineID = ciiContext + "/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID"

// ParseFacturX reads the CII invoice that a Factur-X or ZUGFeRD PDF
// embeds, as ParseCII does, given the conformance level that the PDF's XMP
// metadata writes (fx:ConformanceLevel, "" when it has none). The
// embedded XML's specification identifier (BT-24) decides the profile;
// the XMP level decides only when the XML has no identifier. A MINIMUM or
// BASIC WL invoice is refused as PROFILE, as ParseCII refuses it. When
// the two name different levels, the document read carries a warning,
// PROFILE-XMP, that Check reports with the rules' problems.
func ParseFacturX(data []byte, conformanceLevel string) (*Document, error) {
	root, p := readTree(data)
	if p != nil {
		return nil, &FormatError{Problems: []Problem{*p}}
	}
	return parseCIIWith(root, conformanceLevel)
}

// profileProblems returns the PROFILE problem of a CII document of a
// profile that is not an EN 16931 invoice, and the PROFILE-XMP warning of
// one whose XMP metadata names another level than its XML does; xmp is
// the level the XMP writes, as written.
func profileProblems(root *node, xmp string) (refusal *Problem, warning *Problem) {
	idNode := root.get(guidelineID)
	id := idNode.value()
	fromXML, fromXMP := ciiLevel(id), xmpLevel(xmp)
	disagree := ""
	if fromXML != "" && fromXMP != "" && fromXML != fromXMP {
		disagree = fmt.Sprintf("; the PDF's XMP metadata gives the conformance level %s, which the embedded XML's specification identifier overrides", quote(strings.TrimSpace(xmp)))
	}
	const why = "which is not an EN 16931 invoice (it has no invoice lines, and the e-invoicing mandates of France and Germany do not accept it as an invoice): send the invoice in the EN 16931, EXTENDED or XRechnung profile"
	switch {
	case notInvoice(fromXML):
		return &Problem{Code: "PROFILE", Location: idNode.path(), Flag: Fatal, Message: fmt.Sprintf(
			"the document is of the Factur-X/ZUGFeRD profile %s (specification identifier %s, BT-24), %s%s", levelNames[fromXML], quote(id), why, disagree)}, nil
	case id == "" && notInvoice(fromXMP):
		return &Problem{Code: "PROFILE", Location: "/" + root.segment(), Flag: Fatal, Message: fmt.Sprintf(
			"the document has no specification identifier (BT-24) and the PDF's XMP metadata gives the Factur-X/ZUGFeRD conformance level %s, %s", quote(strings.TrimSpace(xmp)), why)}, nil
	case disagree != "":
		return nil, &Problem{Code: "PROFILE-XMP", Location: idNode.path(), Flag: Warning, Message: fmt.Sprintf(
			"the embedded XML is of the profile %s (specification identifier %s, BT-24) but the PDF's XMP metadata gives the conformance level %s; the XML's identifier decides, and the rules applied are those of EN 16931",
			levelNames[fromXML], quote(id), quote(strings.TrimSpace(xmp)))}
	}
	return nil, nil
}
