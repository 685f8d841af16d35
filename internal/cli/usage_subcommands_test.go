package cli

import (
	"regexp"
	"strings"
	"testing"
)

// TestUsageNamesEverySubcommand: the command list of levy -h names, on
// each command's line, every subcommand that the command's own -h
// describes, so that a newcomer who reads the list finds them: it gave
// levy journal report|export without intrastat, and levy clients
// create|rotate|revoke|list|rotate-key without keys and retire-key.
func TestUsageNamesEverySubcommand(t *testing.T) {
	code, top, _ := runCLI(t, "-h")
	if code != 0 {
		t.Fatalf("levy -h: exit %d", code)
	}
	lines := map[string]string{}
	for l := range strings.SplitSeq(top, "\n") {
		if f := strings.Fields(l); len(f) > 1 && strings.HasPrefix(l, "  ") {
			lines[f[0]] = l
		}
	}
	for _, cmd := range []string{"lookup", "calc", "batch", "journal", "profile", "nexus", "clients", "webhook", "einvoice", "data"} {
		line, ok := lines[cmd]
		if !ok {
			t.Errorf("levy -h does not list %s", cmd)
			continue
		}
		code, help, errOut := runCLI(t, cmd, "-h")
		if code != 0 {
			t.Fatalf("levy %s -h: exit %d %s", cmd, code, errOut)
		}
		// What the line says after the command's description, if it has
		// one.
		says := line
		if _, after, ok := strings.Cut(line, ":"); ok {
			says = after
		}
		sub := regexp.MustCompile(`(?m)^\s*(?:usage: )?levy ` + cmd + ` ([a-z][a-z|-]*)`)
		named := regexp.MustCompile(`[a-z][a-z-]*`)
		for _, m := range sub.FindAllStringSubmatch(help, -1) {
			for _, s := range named.FindAllString(m[1], -1) {
				if !regexp.MustCompile(`\b` + regexp.QuoteMeta(s) + `\b`).MatchString(says) {
					t.Errorf("levy -h, line of %s, does not name %s %s (levy %s -h does): %q", cmd, cmd, s, cmd, line)
				}
			}
		}
	}
}
