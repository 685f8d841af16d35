package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestFlagParseMessages: an unknown flag, a flag without its value, a
// bad boolean, number or duration and a malformed flag are refused on
// one line, exit 2, naming the command and the flag with two dashes, as
// Levy's own messages do, with no usage printed around it; the error
// carries the flag.
func TestFlagParseMessages(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"lookup", "address", "--bogus"}, "lookup address has no flag --bogus (levy lookup address -h lists its flags)"},
		{[]string{"journal", "report", "-bogus=1"}, "journal report has no flag --bogus (levy journal report -h lists its flags)"},
		{[]string{"batch", "sale", "--in"}, "batch sale --in needs a value"},
		{[]string{"nexus", "report", "--data-dir", dir, "-as-of"}, "nexus report --as-of needs a value"},
		{[]string{"journal", "report", "--data-dir", dir, "--json=maybe"}, `journal report --json="maybe": parse error; want true or false`},
		{[]string{"batch", "sale", "--workers", "ten"}, `batch sale --workers "ten": parse error; want a whole number`},
		{[]string{"batch", "sale", "-workers=99999999999999999999"}, `batch sale --workers "99999999999999999999": value out of range; want a whole number`},
		{[]string{"serve", "--read-timeout", "soon"}, `serve --read-timeout "soon": parse error; want a duration such as 90s, 15m or 2h`},
		{[]string{"data", "coverage", "--content-date", "2026-02-30"}, `data coverage --content-date "2026-02-30" is not a day of the calendar: February 2026 has 28 days`},
		{[]string{"calc", "sale", "---data-dir", dir}, `calc sale: "---data-dir" is no flag: give --name or --name=value`},
		{[]string{"clients", "list", "--=x"}, `clients list: "--=x" is no flag: give --name or --name=value`},
	} {
		code, _, errOut := runCLI(t, c.args...)
		if code != 2 || errOut != "levy: "+c.want+"\n" {
			t.Errorf("levy %s: exit %d, stderr %q; want 2 and %q alone", strings.Join(c.args, " "), code, errOut, "levy: "+c.want)
		}
	}
	fs := flag.NewFlagSet("levy test", flag.ContinueOnError)
	fs.Int("n", 0, "")
	for _, args := range [][]string{{"--x"}, {"--n"}, {"-n=z"}} {
		var fe flagError
		var ue usageError
		err := parseArgs(fs, args)
		if !errors.As(err, &fe) || !errors.As(err, &ue) || fe.Flag != strings.TrimLeft(strings.Split(args[0], "=")[0], "-") {
			t.Errorf("parseArgs(%q) = %#v, want a usage error carrying its flag", args, err)
		}
	}
}

// TestSetFlagsParsesAsTheFlagPackage: setFlags sets the flags that
// fs.Parse sets, to the same values, and leaves the same arguments,
// whatever the dashes, the = and the "--" of the command line.
func TestSetFlagsParsesAsTheFlagPackage(t *testing.T) {
	newSet := func() (*flag.FlagSet, *string, *bool, *int, *time.Duration, *listFlag) {
		fs := flag.NewFlagSet("levy test", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		var l listFlag
		fs.Var(&l, "list", "")
		return fs, fs.String("s", "def", ""), fs.Bool("b", false, ""), fs.Int("n", 1, ""), fs.Duration("d", time.Second, ""), &l
	}
	for _, args := range [][]string{
		nil,
		{"arg"},
		{"-s", "x", "--b", "--n=3", "arg", "--d", "2s"},
		{"--s=", "-b=false", "--", "--n", "4"},
		{"--list", "a", "-list=b", "--s", "--b", "rest"},
		{"-", "--s", "x"},
		{"--d", "1m", "--"},
		{"--b", "arg", "--", "x"},
	} {
		fs1, s1, b1, n1, d1, l1 := newSet()
		fs2, s2, b2, n2, d2, l2 := newSet()
		err1 := fs1.Parse(slices.Clone(args))
		err2 := setFlags(fs2, slices.Clone(args))
		if err1 != nil || err2 != nil {
			t.Fatalf("%q: Parse %v, setFlags %v", args, err1, err2)
		}
		got := fmt.Sprint(*s2, *b2, *n2, *d2, *l2, fs2.Args(), fs2.NFlag())
		want := fmt.Sprint(*s1, *b1, *n1, *d1, *l1, fs1.Args(), fs1.NFlag())
		if got != want {
			t.Errorf("setFlags(%q) leaves %s, fs.Parse %s", args, got, want)
		}
	}
}
