package ubl

import (
	"errors"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// ciiLineItems matches the lines of a CII document, which the Factur-X
// profiles MINIMUM and BASIC WL do not have.
var ciiLineItems = regexp.MustCompile(`(?s)\s*<ram:IncludedSupplyChainTradeLineItem>.*?</ram:IncludedSupplyChainTradeLineItem>`)

// ciiWithProfile returns the CII base document cii-de-base with the
// specification identifier id (the element left out when id is ""), and
// without its lines when noLines is set.
func ciiWithProfile(t *testing.T, id string, noLines bool) []byte {
	t.Helper()
	doc := string(ciiBase(t, "cii-de-base"))
	const en = "<ram:ID>urn:cen.eu:en16931:2017</ram:ID>"
	if strings.Count(doc, en) != 1 {
		t.Fatalf("the base has %d specification identifiers", strings.Count(doc, en))
	}
	if id == "" {
		doc = strings.Replace(doc, en, "", 1)
	} else {
		doc = strings.Replace(doc, en, "<ram:ID>"+id+"</ram:ID>", 1)
	}
	if noLines {
		doc = ciiLineItems.ReplaceAllString(doc, "")
	}
	return []byte(doc)
}

// formatProblems returns the problems of a *FormatError, and fails the
// test for any other outcome.
func formatProblems(t *testing.T, doc *Document, err error) []Problem {
	t.Helper()
	var fe *FormatError
	if !errors.As(err, &fe) {
		var ps []Problem
		if doc != nil {
			ps = doc.Check()
		}
		t.Fatalf("want a *FormatError, got %v (the rules report %v)", err, ps)
	}
	return fe.Problems
}

// TestCIIProfileNotAnInvoiceRefusedOnce: a CII document of the Factur-X
// or ZUGFeRD 2 profile MINIMUM or BASIC WL is refused when read, with one
// problem, PROFILE, that names the profile and its identifier and says it
// is not an EN 16931 invoice: not with the list of BR- rules that the
// document, which has no lines, breaks. The identifier is recognised
// without regard to case and surrounding white space.
func TestCIIProfileNotAnInvoiceRefusedOnce(t *testing.T) {
	for _, c := range []struct{ id, level string }{
		{"urn:factur-x.eu:1p0:minimum", "MINIMUM"},
		{"urn:factur-x.eu:1p0:basicwl", "BASIC WL"},
		{"urn:zugferd.de:2p0:minimum", "MINIMUM"},
		{"urn:zugferd.de:2p0:basicwl", "BASIC WL"},
		{"  URN:Factur-X.eu:1p0:MINIMUM\n", "MINIMUM"},
	} {
		for _, noLines := range []bool{true, false} {
			t.Run(c.id, func(t *testing.T) {
				doc, err := Read(ciiWithProfile(t, c.id, noLines))
				ps := formatProblems(t, doc, err)
				if len(ps) != 1 {
					t.Fatalf("%d problems, want one: %v", len(ps), ps)
				}
				p := ps[0]
				want := "/CrossIndustryInvoice/rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID"
				if p.Code != "PROFILE" || p.Flag != Fatal || p.Location != want ||
					!strings.Contains(p.Message, "profile "+c.level+" ") || !strings.Contains(p.Message, strings.TrimSpace(c.id)) ||
					!strings.Contains(p.Message, "not an EN 16931 invoice") {
					t.Fatalf("problem %+v", p)
				}
				if _, err := ParseCII(ciiWithProfile(t, c.id, noLines)); !errors.As(err, new(*FormatError)) {
					t.Fatalf("ParseCII: %v", err)
				}
			})
		}
	}
}

// TestCIIInvoiceProfilesStillChecked: the profiles that are EN 16931
// invoices (EN 16931 itself, BASIC, EXTENDED, XRechnung, in Factur-X's and
// ZUGFeRD 2.0's identifiers) and an identifier of no Factur-X profile are
// read and go through the rules as before: the valid document has no
// fatal problem, the one whose amount due is wrong is refused under
// BR-CO-16, and the one without lines under BR-16.
func TestCIIInvoiceProfilesStillChecked(t *testing.T) {
	for _, id := range []string{
		"urn:cen.eu:en16931:2017",
		"urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic",
		"urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended",
		"urn:cen.eu:en16931:2017#conformant#urn:zugferd.de:2p0:extended",
		"urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0",
		"urn:example.com:some-other-profile",
	} {
		t.Run(id, func(t *testing.T) {
			doc, err := Read(ciiWithProfile(t, id, false))
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			if doc.CustomizationID != id {
				t.Errorf("CustomizationID %q", doc.CustomizationID)
			}
			if ps := doc.Check(); len(ps) > 0 {
				t.Fatalf("the valid document: %v", ps)
			}
			bad := strings.Replace(string(ciiWithProfile(t, id, false)), "<ram:DuePayableAmount>400.00<", "<ram:DuePayableAmount>401.00<", 1)
			if doc, err = Read([]byte(bad)); err != nil {
				t.Fatalf("Read: %v", err)
			}
			if codes := fatalCodes(doc.Check()); !slices.Contains(codes, "BR-CO-16") {
				t.Fatalf("a wrong amount due: %v", codes)
			}
			if doc, err = Read(ciiWithProfile(t, id, true)); err != nil {
				t.Fatalf("Read: %v", err)
			}
			if codes := fatalCodes(doc.Check()); !slices.Contains(codes, "BR-16") {
				t.Fatalf("no lines: %v", codes)
			}
		})
	}
}

// TestParseFacturXConformanceLevel: the profile of a Factur-X PDF's
// invoice is its XML's specification identifier; the XMP metadata's
// conformance level decides only when the XML has none, and when the two
// disagree the XML wins and the disagreement is said: in the refusal of
// a MINIMUM or BASIC WL invoice, or as the warning PROFILE-XMP of an
// invoice the rules then check.
func TestParseFacturXConformanceLevel(t *testing.T) {
	const en = "urn:cen.eu:en16931:2017"
	const minimum = "urn:factur-x.eu:1p0:minimum"
	t.Run("no identifier, XMP MINIMUM", func(t *testing.T) {
		doc, err := ParseFacturX(ciiWithProfile(t, "", true), "MINIMUM")
		ps := formatProblems(t, doc, err)
		if len(ps) != 1 || ps[0].Code != "PROFILE" || !strings.Contains(ps[0].Message, `XMP metadata gives the Factur-X/ZUGFeRD conformance level "MINIMUM"`) ||
			!strings.Contains(ps[0].Message, "not an EN 16931 invoice") {
			t.Fatalf("problems %v", ps)
		}
	})
	t.Run("no identifier, XMP basic wl", func(t *testing.T) {
		doc, err := ParseFacturX(ciiWithProfile(t, "", true), " basic  wl ")
		if ps := formatProblems(t, doc, err); len(ps) != 1 || ps[0].Code != "PROFILE" {
			t.Fatalf("problems %v", ps)
		}
	})
	t.Run("no identifier, XMP EN 16931", func(t *testing.T) {
		doc, err := ParseFacturX(ciiWithProfile(t, "", false), "EN 16931")
		if err != nil {
			t.Fatal(err)
		}
		if codes := fatalCodes(doc.Check()); !slices.Contains(codes, "BR-01") {
			t.Fatalf("codes %v, want BR-01", codes)
		}
	})
	t.Run("XML MINIMUM, XMP EN 16931", func(t *testing.T) {
		doc, err := ParseFacturX(ciiWithProfile(t, minimum, true), "EN 16931")
		ps := formatProblems(t, doc, err)
		if len(ps) != 1 || ps[0].Code != "PROFILE" || !strings.Contains(ps[0].Message, minimum) ||
			!strings.Contains(ps[0].Message, `XMP metadata gives the conformance level "EN 16931", which the embedded XML's specification identifier overrides`) {
			t.Fatalf("problems %v", ps)
		}
	})
	t.Run("XML EN 16931, XMP MINIMUM", func(t *testing.T) {
		doc, err := ParseFacturX(ciiWithProfile(t, en, false), "MINIMUM")
		if err != nil {
			t.Fatal(err)
		}
		ps := doc.Check()
		if len(ps) != 1 || ps[0].Code != "PROFILE-XMP" || ps[0].Flag != Warning || HasFatal(ps) ||
			!strings.Contains(ps[0].Message, `profile EN 16931 (specification identifier "urn:cen.eu:en16931:2017"`) ||
			!strings.Contains(ps[0].Message, `conformance level "MINIMUM"`) {
			t.Fatalf("problems %v", ps)
		}
		bad := strings.Replace(string(ciiWithProfile(t, en, false)), "<ram:DuePayableAmount>400.00<", "<ram:DuePayableAmount>401.00<", 1)
		if doc, err = ParseFacturX([]byte(bad), "MINIMUM"); err != nil {
			t.Fatal(err)
		}
		ps = doc.Check()
		if codes := fatalCodes(ps); !slices.Contains(codes, "BR-CO-16") || ps[len(ps)-1].Code != "PROFILE-XMP" {
			t.Fatalf("problems %v", ps)
		}
	})
	for _, c := range []struct{ id, xmp string }{
		{en, "EN 16931"}, {en, "en16931"}, {en, "COMFORT"}, {en, ""}, {en, "something else"},
		{"urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended", "EXTENDED"},
		{"urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0", "XRECHNUNG"},
		{"urn:example.com:some-other-profile", "MINIMUM"},
	} {
		t.Run("agreeing "+c.id+" "+c.xmp, func(t *testing.T) {
			doc, err := ParseFacturX(ciiWithProfile(t, c.id, false), c.xmp)
			if err != nil {
				t.Fatal(err)
			}
			if ps := doc.Check(); len(ps) > 0 {
				t.Fatalf("problems %v", ps)
			}
		})
	}
}
