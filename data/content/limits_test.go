package content

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
)

// TestLoadRefusesOversizedFiles sends Load a content file one byte over
// MaxFileSize (sparse, so that the test writes nothing of it) and one
// with a line over MaxLines, each beside a good file, and checks that
// Load refuses them before parsing, naming the file, the line and the
// limit. Before, Load read any file whole into memory, whatever its
// size, and parsed every row.
func TestLoadRefusesOversizedFiles(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.csv")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(MaxFileSize + 1); err != nil {
		t.Fatal(err)
	}
	f.Close()
	long := filepath.Join(dir, "long.csv")
	// MaxLines empty lines, then a line with a row on it: 10 MB.
	if err := os.WriteFile(long, append(bytes.Repeat([]byte("\n"), MaxLines), "x\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	good := filepath.Join("testdata", "zip5-washington.csv")
	_, err = Load(context.Background(), data.Default(), Options{AsOf: civil.MustParse("2026-06-01")},
		Source{Path: good}, Source{Path: big, Format: FormatZIP5}, Source{Path: long, Format: FormatLevy})
	if err == nil {
		t.Fatal("Load read the oversized files")
	}
	for _, want := range []string{
		fmt.Sprintf("big.csv: the file is %d bytes or more; a content file has at most %d", MaxFileSize+1, MaxFileSize),
		fmt.Sprintf("long.csv:%d: the file has more than %d lines; a content file has at most %d", MaxLines+1, MaxLines, MaxLines),
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("got %v, want it to say %q", err, want)
		}
	}
	if strings.Contains(err.Error(), "washington") {
		t.Errorf("the good file is reported: %v", err)
	}
}

// TestReadFileAtTheLineLimit checks that a file of MaxLines lines, with
// or without a last line end and blank lines after it, is not refused
// for its length.
func TestReadFileAtTheLineLimit(t *testing.T) {
	dir := t.TempDir()
	lines := bytes.Repeat([]byte("\n"), MaxLines) // MaxLines line ends, 10 MB
	for name, body := range map[string][]byte{
		"ended.csv":   append(lines[:MaxLines-1:MaxLines-1], "x\n"...),
		"unended.csv": append(lines[:MaxLines-1:MaxLines-1], 'x'),
		"blank.csv":   append(lines[:MaxLines-1:MaxLines-1], "x\n\r\n\n"...),
	} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, body, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := readFile(p, name); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		os.Remove(p) // one file on disk at a time
	}
}
