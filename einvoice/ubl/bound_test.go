package ubl

import (
	"errors"
	"runtime"
	"strings"
	"testing"
)

// emptyElements is an Invoice root holding n empty elements <a/>: the
// cheapest input per element, and the one of the review (8 MiB of it cost
// 345 MiB and 2.2 s before Parse counted elements).
func emptyElements(n int) []byte {
	return []byte(`<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">` +
		strings.Repeat("<a/>", n) + `</Invoice>`)
}

// TestParseBoundsElements sends the review's document: 8 MiB of <a/>.
// Parse stops at MaxElements with a FORMAT problem instead of building a
// tree of two million elements, and its memory stays bounded.
func TestParseBoundsElements(t *testing.T) {
	doc := emptyElements((8 << 20) / 4)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err := Parse(doc)
	runtime.ReadMemStats(&after)
	var fe *FormatError
	if !errors.As(err, &fe) || len(fe.Problems) != 1 || fe.Problems[0].Code != "FORMAT" ||
		!strings.Contains(fe.Problems[0].Message, "more than 200000 elements") || fe.Problems[0].Location != "/Invoice" {
		t.Fatalf("Parse = %v", err)
	}
	// Reading MaxElements empty elements allocates about 80 MiB in all;
	// the two million of the whole document allocated 800 MiB.
	if got := after.TotalAlloc - before.TotalAlloc; got > 120<<20 {
		t.Errorf("Parse allocated %d MiB", got>>20)
	}
	// At the limit, the document is read, and the rules (which visit
	// every element a few times) find it is no invoice.
	read, err := Parse(emptyElements(MaxElements - 1))
	if err != nil {
		t.Fatalf("%d elements: Parse = %v", MaxElements, err)
	}
	if ps := read.Check(); len(ps) == 0 || ps[0].Code != "BR-01" {
		t.Fatalf("%d elements: Check = %v, want BR-01 first", MaxElements, ps)
	}
}

// TestParseBoundsAttributes refuses an element with more attributes than
// MaxAttributes.
func TestParseBoundsAttributes(t *testing.T) {
	var b strings.Builder
	b.WriteString(`<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><a`)
	for i := range MaxAttributes + 1 {
		b.WriteString(" x" + strings.Repeat("y", i%7) + string(rune('a'+i%26)) + itoa(i) + `=""`)
	}
	b.WriteString(`/></Invoice>`)
	_, err := Parse([]byte(b.String()))
	var fe *FormatError
	if !errors.As(err, &fe) || fe.Problems[0].Code != "FORMAT" || !strings.Contains(fe.Problems[0].Message, "attributes") {
		t.Fatalf("Parse = %v", err)
	}
}

func itoa(i int) string {
	const digits = "0123456789"
	if i < 10 {
		return digits[i : i+1]
	}
	return itoa(i/10) + digits[i%10:i%10+1]
}

// BenchmarkParseEmptyElements measures Parse on the review's 8 MiB
// document of <a/>:
//
//	go test ./einvoice/ubl -run '^$' -bench ParseEmptyElements -benchmem
func BenchmarkParseEmptyElements(b *testing.B) {
	doc := emptyElements((8 << 20) / 4)
	b.SetBytes(int64(len(doc)))
	for b.Loop() {
		_, _ = Parse(doc)
	}
}
