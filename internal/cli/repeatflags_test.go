package cli

import (
	"errors"
	"flag"
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestSingleValuedFlagGivenTwice: a flag that takes one value, given
// twice, is a usage error naming it in every command, rather than the
// last value winning unseen.
func TestSingleValuedFlagGivenTwice(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		flag string
	}{
		{[]string{"journal", "report", "--data-dir", dir, "--from", "2026-01-01", "--from", "2026-02-01"}, "--from"},
		{[]string{"journal", "export", "--data-dir", dir, "--from=2026-01-01", "-from", "2026-02-01"}, "--from"},
		{[]string{"journal", "report", "--data-dir", dir, "--json", "--json"}, "--json"},
		{[]string{"journal", "report", "--data-dir", dir, "--data-dir", dir}, "--data-dir"},
		{[]string{"lookup", "point", "--as-of", "2026-01-01", "40.7", "-74.0", "--as-of", "2026-02-01"}, "--as-of"},
		{[]string{"calc", "sale", "--data-dir", dir, "--tenant", "a", "--tenant", "b"}, "--tenant"},
		{[]string{"batch", "sale", "--in", "a.csv", "--in", "b.csv"}, "--in"},
		{[]string{"nexus", "report", "--data-dir", dir, "--format", "csv", "--format", "json"}, "--format"},
		{[]string{"profile", "list", "certificates", "--data-dir", dir, "--limit", "5", "--customer", "C", "--limit", "6"}, "--limit"},
		{[]string{"profile", "list", "--limit", "5", "certificates", "--data-dir", dir, "--limit", "6"}, "--limit"},
		{[]string{"clients", "list", "--data-dir", dir, "--data-dir", dir}, "--data-dir"},
		{[]string{"serve", "--data-dir", dir, "--addr", "127.0.0.1:0", "--addr", "127.0.0.1:1"}, "--addr"},
		{[]string{"webhook", "receive", "--secret", "s", "--target-url", "http://a/", "--target-url", "http://b/"}, "--target-url"},
		{[]string{"webhook", "dead-letters", "list", "--data-dir", dir, "--tenant", "a", "--tenant", "b"}, "--tenant"},
		{[]string{"einvoice", "render", "--data-dir", dir, "--transaction", "T1", "--syntax", "ubl", "--syntax", "cii"}, "--syntax"},
		{[]string{"data", "coverage", "--country", "BR", "--country", "BR"}, "--country"},
	} {
		code, _, errOut := runCLI(t, c.args...)
		if want := c.flag + " is given more than once"; code != 2 || !strings.Contains(errOut, want) {
			t.Errorf("levy %s: exit %d, %s; want 2 with %q", strings.Join(c.args, " "), code, errOut, want)
		}
	}
}

// TestRepeatableFlagsStayRepeatable: the flags whose values collect
// several (--content, --api-audience, --trusted-proxies,
// --tenant-address-check, --audience, --secrets-previous-key-file) may
// be given several times; the others once, and a flag's value that looks
// like a flag is its value, not a second flag.
func TestRepeatableFlagsStayRepeatable(t *testing.T) {
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	var list listFlag
	var content contentFlags
	var proxies prefixesFlag
	var checks addressCheckFlags
	fs.Var(&list, "api-audience", "")
	content.register(fs)
	fs.Var(&proxies, "trusted-proxies", "")
	checks.register(fs)
	name := fs.String("name", "", "")
	on := fs.Bool("on", false, "")
	args := []string{"--api-audience", "a", "-api-audience=b", "--content", "x.csv", "--content", "y.csv",
		"--trusted-proxies", "10.0.0.0/8", "--trusted-proxies=192.168.0.1", "--tenant-address-check", "t1=strict",
		"--tenant-address-check", "t2=lenient", "--name", "--on", "--on", "--", "--name", "rest"}
	if err := parseArgs(fs, args); err != nil {
		t.Fatalf("the repeatable flags, and --name whose value is --on: %v", err)
	}
	if len(list) != 2 || len(content.files) != 2 || len(proxies) != 2 || len(checks.tenants) != 2 || *name != "--on" || !*on || fs.NArg() != 2 {
		t.Errorf("parsed %v %v %v %v %q %v %v", list, content.files, proxies, checks.tenants, *name, *on, fs.Args())
	}
	for _, twice := range [][]string{{"--on", "--on=false"}, {"--name", "a", "--name=b"}, {"--content-date", "2026-01-01", "-content-date", "2026-01-02"}} {
		err := parseArgs(fs, twice)
		name := strings.TrimLeft(twice[0], "-")
		var ue usageError
		var fe flagError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), name+" is given more than once") || !errors.As(err, &fe) || fe.Flag != name {
			t.Errorf("%q: %v", twice, err)
		}
	}
}

// TestEveryCommandParsesWithParseArgs: the commands parse their flags
// with parseArgs (or refuseRepeats after their own parses, as levy
// profile does), so that none lets a flag given twice through.
func TestEveryCommandParsesWithParseArgs(t *testing.T) {
	files, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	parse := regexp.MustCompile(`\bfs\.Parse\(`)
	for _, f := range files {
		n := f.Name()
		if !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") || n == "flags.go" {
			continue
		}
		src, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		if parse.Match(src) && (n != "profile.go" || !strings.Contains(string(src), "refuseRepeats(fs, parsed)")) {
			t.Errorf("%s calls fs.Parse: parse with parseArgs, which refuses a flag given twice", n)
		}
	}
}
