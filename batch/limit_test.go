package batch

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/levytax/levy/internal/batchtest"
)

// TestLineReader reads lines at and over the limit, with either line
// ending, longer than the reader's buffer, and at the end of the input.
func TestLineReader(t *testing.T) {
	const limit = 10
	in := "0123456789\n" + // at the limit
		"0123456789\r\n" + // at the limit, with \r\n
		"01234567890\n" + // one over
		"0123456789\r\r\n" + // the first \r is the line's own: one over
		strings.Repeat("y", 3<<20) + "\n" + // over, across several of the reader's buffers
		"\n" + // empty
		"abc" // no newline at the end
	type line struct {
		s       string
		tooLong bool
	}
	want := []line{{"0123456789\n", false}, {"0123456789\r\n", false}, {"", true}, {"", true}, {"", true}, {"\n", false}, {"abc", false}}
	r := newLineReader(strings.NewReader(in), limit)
	for i, w := range want {
		got, tooLong, err := r.next()
		if err != nil && !(i == len(want)-1 && errors.Is(err, io.EOF)) {
			t.Fatalf("line %d: %v", i+1, err)
		}
		if string(got) != w.s || tooLong != w.tooLong {
			t.Errorf("line %d: %q, too long %v; want %q, %v", i+1, got, tooLong, w.s, w.tooLong)
		}
	}
	if got, tooLong, err := r.next(); got != nil || tooLong || !errors.Is(err, io.EOF) {
		t.Errorf("after the end: %q %v %v", got, tooLong, err)
	}

	// A line within a limit larger than the reader's buffer comes whole.
	long := strings.Repeat("z", 5<<20)
	r = newLineReader(strings.NewReader(long+"\nnext\n"), 6<<20)
	if got, tooLong, err := r.next(); string(got) != long+"\n" || tooLong || err != nil {
		t.Errorf("a 5 MiB line under a 6 MiB limit: %d bytes, too long %v, %v", len(got), tooLong, err)
	}
	if got, _, err := r.next(); string(got) != "next\n" || err != nil {
		t.Errorf("after it: %q %v", got, err)
	}
}

// TestBatchLongLineMemory reads a line far over the real limit of 64 MiB
// through the reader of levy batch: the line is skipped and the next one
// read, and the bytes allocated stay within the limit and a margin
// (reading the line whole took more than twice its length). A count of
// bytes, not a timing.
func TestBatchLongLineMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("streams a line of 100 MiB")
	}
	const lineLen = 100 << 20
	src := io.MultiReader(strings.NewReader(batchtest.Quote("T-1")+"\n"), batchtest.Repeat('x', lineLen), strings.NewReader("\n"+batchtest.Quote("T-3")+"\n"))
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	r := newLineReader(src, MaxLine)
	var got []string
	for {
		line, tooLong, err := r.next()
		switch {
		case tooLong:
			got = append(got, "too long")
		case len(line) > 0:
			got = append(got, string(lineContent(line)))
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	runtime.ReadMemStats(&after)
	if want := []string{batchtest.Quote("T-1"), "too long", batchtest.Quote("T-3")}; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("lines %.300q", got)
	}
	alloc := after.TotalAlloc - before.TotalAlloc
	t.Logf("a line of %d MiB: %.1f MiB allocated", lineLen>>20, float64(alloc)/(1<<20))
	if bound := uint64(MaxLine + 16<<20); alloc > bound {
		t.Errorf("reading a line of %d MiB allocated %d MiB, more than the limit and 16 MiB (%d MiB)", lineLen>>20, alloc>>20, bound>>20)
	}

	// A CSV record far over the limit, through the reader of documents.
	head := "document_number,document_date,message_type,dest_postal_code,dest_country,extended_price\n"
	row := func(n string) string { return n + ",2026-06-01,QUOTATION,98101,US,10\n" }
	src = io.MultiReader(strings.NewReader(head+row("A")), batchtest.Repeat('x', lineLen), strings.NewReader("\n"+row("B")))
	runtime.GC()
	runtime.ReadMemStats(&before)
	docs, readErr := readCSVDocuments(src, "sale", MaxLine)
	var numbers []string
	for d := range docs {
		numbers = append(numbers, fmt.Sprintf("%s %d-%d %v", d.Number, d.FirstRow, d.LastRow, d.Err != nil))
	}
	runtime.ReadMemStats(&after)
	if err := readErr(); err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(numbers, "|"), "A 2-2 true|B 4-4 true"; got != want {
		t.Errorf("documents %s, want %s (the skipped row 3 may belong to either)", got, want)
	}
	alloc = after.TotalAlloc - before.TotalAlloc
	t.Logf("a CSV record of %d MiB: %.1f MiB allocated", lineLen>>20, float64(alloc)/(1<<20))
	if bound := uint64(MaxLine + 16<<20); alloc > bound {
		t.Errorf("reading a CSV record of %d MiB allocated %d MiB, more than the limit and 16 MiB (%d MiB)", lineLen>>20, alloc>>20, bound>>20)
	}
}
