//go:build linux

package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// openTerminal opens a new pseudo-terminal and returns its terminal end,
// on which Ctrl-D is typed: reading it ends at once, with nothing read.
func openTerminal(t *testing.T) *os.File {
	t.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	fd := int(m.Fd())
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		t.Fatalf("unlocking the pseudo-terminal: %v", err)
	}
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err != nil {
		t.Fatalf("numbering the pseudo-terminal: %v", err)
	}
	s, err := os.OpenFile("/dev/pts/"+strconv.Itoa(n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	if _, err := m.Write([]byte{4}); err != nil {
		t.Fatalf("typing Ctrl-D: %v", err)
	}
	return s
}

// TestTerminalIsNotAnyCharacterDevice: levy took every character device
// for a terminal, so that levy calc with its standard input from
// /dev/null (as a cron job or a service has it) said on standard error
// that it waited for the request there and to end it with Ctrl-D, and a
// progress bar went to a standard error of /dev/null. A terminal is a
// device that answers the terminal's request for its settings: a
// pseudo-terminal is one, /dev/null is not.
func TestTerminalIsNotAnyCharacterDevice(t *testing.T) {
	null, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	if isTerminal(null) || readsTerminal(null) {
		t.Errorf("%s: isTerminal %v, readsTerminal %v, want false", os.DevNull, isTerminal(null), readsTerminal(null))
	}
	if term := openTerminal(t); !isTerminal(term) || !readsTerminal(term) || !isTerminal(&stdoutWriter{w: term}) {
		t.Errorf("a pseudo-terminal: isTerminal %v, readsTerminal %v, want true", isTerminal(term), readsTerminal(term))
	}

	const note = "levy: reading the request from standard input (end it with Ctrl-D)\n"
	path := filepath.Join(t.TempDir(), "q.json")
	if err := os.WriteFile(path, []byte(conflictQuotation("Seattle", "WA", "98101")), 0o600); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name     string
		stdin    *os.File
		args     []string
		noted    bool
		exitZero bool
	}{
		{"a terminal", openTerminal(t), nil, true, false},
		{"a terminal, -", openTerminal(t), []string{"-"}, true, false},
		{"a terminal, a file named", openTerminal(t), []string{path}, false, true},
		{os.DevNull, null, nil, false, false},
	}
	for _, c := range cases {
		var out, errOut bytes.Buffer
		code := Run(context.Background(), append([]string{"calc", "sale"}, c.args...), c.stdin, &out, &errOut)
		if strings.HasPrefix(errOut.String(), note) != c.noted || strings.Count(errOut.String(), "standard input (end it") > 1 || (code == 0) != c.exitZero {
			t.Errorf("%s: exit %d, stderr %q", c.name, code, errOut.String())
		}
	}
}
