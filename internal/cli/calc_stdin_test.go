package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCalcStdinTerminalNote: levy calc sale without a file, its standard
// input a terminal, waited for the request without a word. Reading a
// terminal it now says first on standard error that it reads the request
// from standard input (TestTerminalIsNotAnyCharacterDevice reads a
// pseudo-terminal); from a pipe, a file or /dev/null, which is a
// character device but no terminal, or with a file named, it says
// nothing of the kind.
func TestCalcStdinTerminalNote(t *testing.T) {
	const note = "levy: reading the request from standard input (end it with Ctrl-D)\n"
	path := filepath.Join(t.TempDir(), "q.json")
	if err := os.WriteFile(path, []byte(conflictQuotation("Seattle", "WA", "98101")), 0o600); err != nil {
		t.Fatal(err)
	}
	open := func(name string) *os.File {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close() })
		return f
	}
	pipe := func() *os.File {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { r.Close() })
		go func() {
			defer w.Close()
			_, _ = w.WriteString(conflictQuotation("Seattle", "WA", "98101"))
		}()
		return r
	}
	cases := []struct {
		name     string
		stdin    func() *os.File
		args     []string
		noted    bool
		exitZero bool
	}{
		{"/dev/null", func() *os.File { return open(os.DevNull) }, nil, false, false},
		{"/dev/null, -", func() *os.File { return open(os.DevNull) }, []string{"-"}, false, false},
		{"/dev/null, a file named", func() *os.File { return open(os.DevNull) }, []string{path}, false, true},
		{"a file", func() *os.File { return open(path) }, nil, false, true},
		{"a pipe", pipe, nil, false, true},
	}
	for _, c := range cases {
		var out, errOut bytes.Buffer
		code := Run(context.Background(), append([]string{"calc", "sale"}, c.args...), c.stdin(), &out, &errOut)
		if strings.HasPrefix(errOut.String(), note) != c.noted || strings.Count(errOut.String(), "standard input (end it") > 1 || (code == 0) != c.exitZero {
			t.Errorf("%s: exit %d, stderr %q", c.name, code, errOut.String())
		}
	}
}
