package ubl

import (
	"errors"
	"slices"
	"testing"

	"github.com/levytax/levy/einvoice/ubl/internal/corpus"
)

// TestCorpus checks Levy's verdict on its own mutation corpus: every base
// document and harmless change is accepted, and every mutation that breaks
// a rule is refused with that rule's ID among the fatal problems. The
// conformance command (docs/einvoicing-validation.md) checks the same
// documents against the official validation artefacts.
func TestCorpus(t *testing.T) {
	docs := corpus.Documents()
	if len(docs) < 100 {
		t.Fatalf("the corpus has %d documents, fewer than 100", len(docs))
	}
	for _, d := range docs {
		t.Run(d.Name, func(t *testing.T) {
			doc, err := Parse(d.XML)
			var fe *FormatError
			if errors.As(err, &fe) {
				t.Fatalf("Parse: %v", err)
			}
			ps := doc.Check()
			var fatal []string
			for _, p := range ps {
				if p.Flag == Fatal {
					fatal = append(fatal, p.Code)
				}
			}
			switch {
			case d.Breaks == "" && len(fatal) > 0:
				t.Fatalf("a valid document is refused: %v", ps)
			case d.Breaks != "" && !slices.Contains(fatal, d.Breaks):
				t.Fatalf("want %s among the fatal problems, got %v", d.Breaks, ps)
			}
			if doc.IsPeppol() != d.Peppol {
				t.Errorf("IsPeppol = %v, want %v", doc.IsPeppol(), d.Peppol)
			}
		})
	}
}
