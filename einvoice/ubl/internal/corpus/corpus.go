// Package corpus builds Levy's own corpus of UBL test documents: a few
// hand-written base documents and mutations of them, each of which breaks
// one rule of EN 16931 or Peppol BIS Billing 3.0, or changes nothing that
// matters. The tests of package ubl check Levy's verdict on each, and the
// conformance command compares those verdicts with the official
// validation artefacts.
package corpus

// Document is one document of the corpus.
type Document struct {
	Name string
	XML  []byte
	// Breaks is the rule the document breaks, "" when it is valid.
	Breaks string
	// Peppol is true when the document is a Peppol BIS Billing 3.0
	// document (by its CustomizationID).
	Peppol bool
}

// Documents returns the corpus.
func Documents() []Document { return nil }
