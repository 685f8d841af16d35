package cli

import (
	"strings"
	"testing"
)

// TestHelpCommandPrintsTheCommandsHelp: levy help CMD [SUB] prints what
// levy CMD [SUB] -h prints, for every command that levy -h lists, rather
// than levy's own command list; levy help with a name that is no
// command fails with exit 2 and names it and the commands.
func TestHelpCommandPrintsTheCommandsHelp(t *testing.T) {
	_, top, _ := runCLI(t, "-h")
	listed := 0
	for l := range strings.SplitSeq(top, "\n") {
		f := strings.Fields(l)
		if len(f) < 2 || !strings.HasPrefix(l, "  ") {
			continue
		}
		listed++
		cmd := f[0]
		wantCode, want, _ := runCLI(t, cmd, "-h")
		code, got, errOut := runCLI(t, "help", cmd)
		if code != wantCode || got != want {
			t.Errorf("levy help %s: exit %d, stdout\n%s\nstderr %q\nwant exit %d and the output of levy %s -h:\n%s", cmd, code, got, errOut, wantCode, cmd, want)
		}
		if got == top {
			t.Errorf("levy help %s prints levy's command list", cmd)
		}
	}
	if listed != len(commands) {
		t.Errorf("levy -h lists %d commands, levy help knows %d: %v", listed, len(commands), commands)
	}
	for _, sub := range [][]string{{"lookup", "address"}, {"webhook", "dead-letters"}, {"clients", "create"}} {
		_, want, _ := runCLI(t, append(sub, "-h")...)
		code, got, _ := runCLI(t, append([]string{"help"}, sub...)...)
		if code != 0 || got != want {
			t.Errorf("levy help %s: exit %d, stdout\n%s\nwant the output of levy %s -h:\n%s", strings.Join(sub, " "), code, got, strings.Join(sub, " "), want)
		}
	}
	for _, args := range [][]string{{"help"}, {"help", "-h"}, {"help", "help"}} {
		if code, out, _ := runCLI(t, args...); code != 0 || out != top {
			t.Errorf("levy %s: exit %d, stdout %q; want levy's command list", strings.Join(args, " "), code, out)
		}
	}
	code, out, errOut := runCLI(t, "help", "frobnicate")
	if code != 2 || out != "" || !strings.Contains(errOut, `"frobnicate"`) || !strings.Contains(errOut, "calc") || !strings.Contains(errOut, "einvoice") {
		t.Errorf("levy help frobnicate: exit %d, stdout %q, stderr %q; want exit 2 and a message naming frobnicate and the commands", code, out, errOut)
	}
}
