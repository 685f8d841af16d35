package render_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/einvoice/render"
	"github.com/levytax/levy/journal"
)

// TestReversalWithoutOriginal: a library caller renders a reversal
// without loading the invoice it reverses. A reversal made without a
// number of its own keeps the invoice's (journal.Negated), so its credit
// note would carry the invoice's number (BT-1): it is refused, saying to
// give the original. Given the original, the same reversal renders under
// a number of its own that is not the invoice's; a reversal without any
// document number renders under its transaction ID as before.
func TestReversalWithoutOriginal(t *testing.T) {
	orig := invoice()
	rev := journal.Negated(orig)
	rev.TransactionID, rev.ReversalOf, rev.ReversalOfVersion = "T-1-R", "T-1", 1

	out, err := render.Render(rev, render.Options{})
	var le *levy.Error
	if !errors.As(err, &le) || le.Code != levy.EConflict || !strings.Contains(le.Message, "Original") || !strings.Contains(le.Message, "2026-0815") {
		n := ""
		if out != nil {
			n = out.Number
		}
		t.Fatalf("a reversal without its original: number %q, error %v; want a refusal naming the original", n, err)
	}

	r, d := read(t, rev, render.Options{Original: orig})
	if r.Number == orig.DocumentNumber || d.ID == orig.DocumentNumber {
		t.Errorf("with the original: the credit note is numbered %q, the invoice's number", d.ID)
	}

	bare := journal.Negated(orig)
	bare.TransactionID, bare.ReversalOf, bare.DocumentNumber = "T-1-R", "T-1", ""
	if r, d := read(t, bare, render.Options{}); r.Number != "T-1-R" || d.ID != "T-1-R" {
		t.Errorf("a reversal without a number: numbered %q", d.ID)
	}
}
