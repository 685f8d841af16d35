package einvoice_test

import (
	"testing"

	. "github.com/levytax/levy/einvoice"
)

// TestPeekHeadKeepsUnicodeSpaces: the number a record carries while it is
// Pending is read as the processed record reads it, trimming only XML
// white space. A no-break space (U+00A0) around the number is text to
// XML, so the Pending record must keep it, and the number must not change
// between Pending and the final status.
func TestPeekHeadKeepsUnicodeSpaces(t *testing.T) {
	const number = "\u00a0LL-2026-0815\u00a0"
	s, _ := open(t, t.TempDir(), Config{})
	doc := ciiInvoice(t, "<ram:ID>LL-2026-0815</ram:ID>", "<ram:ID>\n\t"+number+" </ram:ID>")
	d, _, err := s.Submit(tenantCtx("acme"), doc, "")
	if err != nil {
		t.Fatal(err)
	}
	if d.DocumentNumber != number {
		t.Errorf("pending number %q, want %q", d.DocumentNumber, number)
	}
	final := waitFinal(t, s, "acme", d.DocumentID)
	if final.DocumentNumber != d.DocumentNumber {
		t.Errorf("the number changed from %q (pending) to %q (%s)", d.DocumentNumber, final.DocumentNumber, final.Status)
	}
}
