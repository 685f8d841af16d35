package content

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/levytax/levy/data"
)

// A file whose lines end with a carriage return alone (a classic Mac OS
// export) is one line to a CSV reader: the load refuses it naming the
// file and saying what to do, rather than reading its rows as columns of
// one header.
func TestLoadRefusesCarriageReturnLineEnds(t *testing.T) {
	dir := t.TempDir()
	text := strings.ReplaceAll(levyHeader+"TX,US-4835000,CITY,Houston,,0.01,general,,,place:4835000,city\n", "\n", "\r")
	for _, src := range []Source{writeContent(t, dir, "mac.csv", text), {Path: writeContent(t, dir, "mac-levy.csv", text).Path, Format: FormatLevy}} {
		err := loadErr(t, src)
		name := filepath.Base(src.Path)
		if want := name + ":1: the file's lines end with a carriage return alone"; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want it to say %q", name, err, want)
		}
		if err != nil && strings.Contains(err.Error(), "unknown column") {
			t.Errorf("%s: the rows were read as columns: %v", name, err)
		}
	}
	// CRLF line ends, and a carriage return inside a line of a file with
	// line feeds, are not refused for it.
	crlf := writeContent(t, dir, "crlf.csv", strings.ReplaceAll(levyHeader+"TX,US-4835000,CITY,Houston,,0.01,general,,,place:4835000,city\n", "\n", "\r\n"))
	if err := loadErr(t, crlf); err != nil {
		t.Errorf("CRLF: %v", err)
	}
}

// A line longer than MaxLineSize (a file with no line end at all, such
// as a file of zeros) is refused from the first pass over the file,
// naming the file and the line, before the reader of the rows or the
// format's detection holds it in memory.
func TestLoadRefusesOverlongLine(t *testing.T) {
	dir := t.TempDir()
	third := writeContent(t, dir, "third.csv", levyHeader+"TX,US-TX,,,,0.0625,general,,,,state\n"+
		"TX,US-4835000,CITY,Houston,,0.01,general,,,place:4835000,"+strings.Repeat("x", MaxLineSize)+"\n")
	err := loadErr(t, third)
	if want := fmt.Sprintf("third.csv:3: the line is longer than %d bytes", MaxLineSize); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("got %.400v, want it to say %q", err, want)
	}
	// A line a little shorter than the bound is read.
	almost := writeContent(t, dir, "almost.csv", levyHeader+"TX,US-4835000,CITY,Houston,,0.01,general,,,place:4835000,"+
		strings.Repeat("x", MaxLineSize-100)+"\n")
	if err := loadErr(t, almost); err != nil {
		t.Errorf("a line under the bound: %v", err)
	}

	// 256 MiB of zeros without a line end, sparse so that the test writes
	// none of it, detected and named levy.
	zeros := filepath.Join(dir, "zeros.csv")
	f, err := os.Create(zeros)
	if err != nil {
		t.Fatal(err)
	}
	const size = 256 << 20
	if err := f.Truncate(size); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if _, err := data.Default().Jurisdictions(); err != nil { // the dataset's tables are read before measuring
		t.Fatal(err)
	}
	for _, src := range []Source{{Path: zeros}, {Path: zeros, Format: FormatLevy}} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := Load(context.Background(), data.Default(), Options{}, src)
		runtime.ReadMemStats(&after)
		if want := "zeros.csv:1: the line is longer than"; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("format %q: got %.400v, want it to say %q", src.Format, err, want)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > size/4 {
			t.Errorf("format %q: the load allocated %d bytes for a file of %d", src.Format, alloc, size)
		}
	}
}
