package cli

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"
)

// sweepCommand is one levy command line that runs as given, with the
// places of the files it reads and writes; the sweep adds one bad flag
// or argument to it at a time.
type sweepCommand struct {
	path []string // the command and subcommand: journal report
	base []string // the flags that make it a runnable command line
	tail []string // its positional arguments, after the flags
	// files are the flags that name a file to read: a missing path and a
	// directory are swept.
	files []string
	// dates are the flags of type value that take a day.
	dates []string
	// free are the string flags that take any text (a street, a name):
	// an empty value, a NUL or invalid UTF-8 there need not be refused.
	free []string
	// more are the bad command lines of this command alone, with the
	// command's path and base before their args.
	more []sweepCase
	// serves is set for the commands that serve until stopped: they run
	// under a context that is done already, and only the values the flag
	// package parses (numbers, durations) and the files are swept.
	serves bool
}

// sweepCase is one bad command line and what it must say.
type sweepCase struct {
	name string
	args []string
	// names is what stderr must contain: the flag or argument at fault.
	names string
	// code is the exit code the case ends with when it is not 2: a fault
	// that the command ends with 1 wherever it is found, here or through
	// a server.
	code int
	// alone is set for the cases of more whose args take the place of
	// the command's positional arguments.
	alone bool
}

// sweepRequest is a request that levy calc and levy batch calculate.
const sweepRequest = `{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"2026-06-01","seller":{"company":"ACME","physicalOrigin":{"city":"Seattle","mainDivision":"WA","postalCode":"98101","country":"US"}},"customer":{"destination":{"city":"Seattle","mainDivision":"WA","postalCode":"98101","country":"US"}},"lineItems":[{"lineItemId":"1","quantity":{"value":1},"unitPrice":100}]}`

// sweepCommands are every levy command and subcommand, each with a
// command line that it runs; {store}, {out}, {req} and {csv} stand for a
// data directory that does not exist yet, an output file that holds
// "keep", a request file and a customers CSV file; {jstore} for a data
// directory with an empty journal, for the commands that read one.
var sweepCommands = []sweepCommand{
	{path: []string{"version"}},
	{path: []string{"lookup", "address"}, base: []string{"--street", "350 5th Ave", "--city", "New York", "--state", "NY", "--zip", "10118"}, files: []string{"content"}, dates: []string{"as-of", "content-date"}, free: []string{"street", "street2", "city", "county"}},
	{path: []string{"lookup", "point"}, tail: []string{"34.0522", "-118.2437"}, files: []string{"content"}, dates: []string{"as-of", "content-date"}, more: []sweepCase{
		{name: "a latitude of 1e400", args: []string{"1e400", "0"}, names: "LATITUDE", alone: true},
		{name: "a longitude that is text", args: []string{"0", "west"}, names: "LONGITUDE", alone: true},
		{name: "one coordinate", args: []string{"34.0522"}, names: "LONGITUDE", alone: true},
	}},
	{path: []string{"lookup", "taxarea"}, tail: []string{"2116881840936218"}, files: []string{"content"}, dates: []string{"as-of", "content-date"}},
	{path: []string{"lookup", "code"}, base: []string{"--country", "US"}, tail: []string{"06037"}, files: []string{"content"}, dates: []string{"as-of", "content-date"}},
	{path: []string{"lookup", "changed"}, base: []string{"--from", "2026-10-01"}, files: []string{"content"}, dates: []string{"from", "to", "content-date"}, more: []sweepCase{
		{name: "--to before --from", args: []string{"--to", "2026-09-30"}, names: "--to"},
		{name: "--id empty", args: []string{"--id", ""}, names: "--id"},
	}},
	{path: []string{"calc", "sale"}, tail: []string{"{req}"}, files: []string{"content", "rules"}, dates: []string{"content-date"}, more: []sweepCase{
		{name: "a request file that does not exist", args: []string{"{missing}"}, names: "missing.txt", alone: true},
		{name: "--address-check none of its checks", args: []string{"--address-check", "loose", "{req}"}, names: "address-check", alone: true},
		{name: "a directory for the request file", args: []string{"{dir}"}, names: "{dir}", alone: true},
	}},
	{path: []string{"batch", "sale"}, base: []string{"--in", "{req}", "--out", "{out}"}, files: []string{"in", "content", "rules"}, dates: []string{"content-date"}, more: append([]sweepCase{
		{name: "--format none of its formats", args: []string{"--format", "xml"}, names: "--format"},
		{name: "--out the --in file", args: []string{"--out", "{req}"}, names: "--out"},
	}, outFaults...)},
	{path: []string{"journal", "report"}, base: []string{"--data-dir", "{jstore}"}, dates: []string{"from", "to"}, more: append([]sweepCase{
		{name: "--view none of its views", args: []string{"--view", "monthly"}, names: "--view"},
		{name: "--currency of another subcommand", args: []string{"--currency", "EUR"}, names: "--currency"},
	}, fromAfterTo...)},
	{path: []string{"journal", "export"}, base: []string{"--data-dir", "{jstore}", "--out", "{out}"}, dates: []string{"from", "to"}, more: append(append([]sweepCase{
		{name: "--format none of its formats", args: []string{"--format", "xml"}, names: "xml"},
	}, outFaults...), fromAfterTo...)},
	{path: []string{"journal", "intrastat"}, base: []string{"--data-dir", "{jstore}", "--from", "2026-01-01", "--to", "2026-01-31"}, tail: []string{"--member-state", "DE", "--flow", "dispatch"}, dates: []string{"from", "to"}, more: []sweepCase{
		{name: "--member-state no member state", args: []string{"--member-state", "XX", "--flow", "dispatch"}, names: "--member-state", code: 1, alone: true},
		{name: "--flow neither", args: []string{"--member-state", "DE", "--flow", "sideways"}, names: "--flow", code: 1, alone: true},
		{name: "--from after --to", args: []string{"--from", "2026-02-01", "--to", "2026-01-31"}, names: "--from"},
	}},
	{path: []string{"profile", "import"}, base: []string{"--data-dir", "{store}"}, tail: []string{"{csv}"}, files: []string{"rules"}, dates: []string{"expiring-before"}, more: []sweepCase{
		{name: "an import file that does not exist", args: []string{"{missing}"}, names: "missing.txt", alone: true},
		{name: "a directory for the import file", args: []string{"{dir}"}, names: "{dir}", alone: true},
		{name: "no import file", names: "needs the files to import", alone: true},
	}},
	{path: []string{"profile", "export"}, base: []string{"--data-dir", "{store}", "--out", "{out}"}, dates: []string{"expiring-before"}, more: append([]sweepCase{
		{name: "--as-of not a time", args: []string{"--as-of", "yesterday"}, names: "--as-of"},
		{name: "--as-of an impossible day", args: []string{"--as-of", "2026-02-30"}, names: "--as-of"},
		{name: "--as-of empty", args: []string{"--as-of", ""}, names: "--as-of"},
	}, outFaults...)},
	{path: []string{"profile", "list"}, base: []string{"--data-dir", "{store}"}, tail: []string{"customers"}, dates: []string{"expiring-before"}, more: []sweepCase{
		{name: "a kind of records that is none", args: []string{"customerz"}, names: "customerz", alone: true},
		{name: "--status none of its statuses", args: []string{"certificates", "--status", "lapsed"}, names: "--status", alone: true},
		{name: "--jurisdiction that is none", args: []string{"certificates", "--jurisdiction", "Atlantis"}, names: "--jurisdiction", alone: true},
		{name: "a filter of another kind", args: []string{"customers", "--status", "active"}, names: "--status", alone: true},
	}},
	{path: []string{"profile", "show"}, base: []string{"--data-dir", "{store}"}, tail: []string{"policy"}, dates: []string{"expiring-before"}},
	{path: []string{"profile", "delete"}, base: []string{"--data-dir", "{store}"}, tail: []string{"customer", "C1"}, dates: []string{"expiring-before"}},
	{path: []string{"nexus", "report"}, base: []string{"--data-dir", "{jstore}"}, files: []string{"registrations"}, dates: []string{"as-of"}, more: []sweepCase{
		{name: "--share not a number", args: []string{"--share", "most"}, names: "--share"},
		{name: "--share 1e400", args: []string{"--share", "1e400"}, names: "--share"},
		{name: "--share -1", args: []string{"--share", "-1"}, names: "--share"},
		{name: "--share above 1", args: []string{"--share", "2"}, names: "--share"},
		{name: "--format none of its formats", args: []string{"--format", "xml"}, names: "--format"},
	}},
	{path: []string{"nexus", "rebuild"}, base: []string{"--data-dir", "{jstore}"}},
	{path: []string{"clients", "create"}, base: []string{"--data-dir", "{store}"}, tail: []string{"--tenant", "shop", "--audience", "levy://api"}, more: []sweepCase{
		{name: "no --audience", args: []string{"--tenant", "shop"}, names: "--audience", alone: true},
		{name: "--audience empty", args: []string{"--tenant", "shop", "--audience", ""}, names: "--audience", alone: true},
		{name: "--audience with a space", args: []string{"--tenant", "shop", "--audience", "levy://api", "--audience", "a b"}, names: "--audience (number 2)", alone: true},
		{name: "--tenant no identifier", args: []string{"--tenant", "a\u200bb", "--audience", "levy://api"}, names: "--tenant", alone: true},
		{name: "--operator with --audience", args: []string{"--operator", "--audience", "levy://api"}, names: "--operator", alone: true},
	}},
	{path: []string{"clients", "rotate"}, base: []string{"--data-dir", "{store}"}, tail: []string{"shop"}},
	{path: []string{"clients", "revoke"}, base: []string{"--data-dir", "{store}"}, tail: []string{"shop"}},
	{path: []string{"clients", "list"}, base: []string{"--data-dir", "{store}"}},
	{path: []string{"clients", "rotate-key"}, base: []string{"--data-dir", "{store}"}},
	{path: []string{"clients", "keys"}, base: []string{"--data-dir", "{store}"}},
	{path: []string{"clients", "retire-key"}, base: []string{"--data-dir", "{store}"}, tail: []string{"k1"}},
	{path: []string{"webhook", "receive"}, base: []string{"--addr", "127.0.0.1:0", "--target-url", "http://127.0.0.1/hook", "--secret", "0123456789abcdef0123456789abcdef"}, serves: true, more: []sweepCase{
		{name: "--addr without a port", args: []string{"--addr", "nothere"}, names: "--addr"},
	}},
	{path: []string{"webhook", "dead-letters", "list"}, base: []string{"--data-dir", "{store}"}},
	{path: []string{"webhook", "dead-letters", "replay"}, base: []string{"--data-dir", "{store}"}, tail: []string{sweepGUID}, more: []sweepCase{{name: "an event ID that is no GUID", args: []string{"ev-1"}, names: "ev-1"}}},
	{path: []string{"webhook", "dead-letters", "drop"}, base: []string{"--data-dir", "{store}"}, tail: []string{sweepGUID}, more: []sweepCase{{name: "an event ID that is no GUID", args: []string{"ev-1"}, names: "ev-1"}}},
	{path: []string{"einvoice", "render"}, base: []string{"--data-dir", "{jstore}", "--transaction", "T1", "--out", "{out}"}, dates: []string{"due-date"}, more: append([]sweepCase{
		{name: "--syntax none of its syntaxes", args: []string{"--syntax", "edifact"}, names: "--syntax"},
	}, outFaults...), free: []string{"buyer-name", "seller-name", "contact-name", "contact-email", "contact-phone", "buyer-reference", "order-reference"}},
	{path: []string{"data", "coverage"}, files: []string{"content"}, dates: []string{"content-date"}, more: []sweepCase{
		{name: "--date empty", args: []string{"--taxability", "--date", ""}, names: "--date"},
		{name: "--format none of its formats", args: []string{"--format", "xml"}, names: "xml"},
		{name: "--state that is none", args: []string{"--state", "ZZ"}, names: "ZZ"},
		{name: "--country not covered", args: []string{"--country", "XX"}, names: "--country"},
		{name: "--date an impossible day", args: []string{"--taxability", "--date", "2026-02-30"}, names: "--date"},
		{name: "--date not a day", args: []string{"--country", "BR", "--date", "2026-13-01"}, names: "--date"},
	}},
	{path: []string{"serve"}, base: []string{"--addr", "127.0.0.1:0", "--data-dir", "{store}", "--secrets-key-insecure-none"}, more: []sweepCase{
		{name: "--addr without a port", args: []string{"--addr", "nothere"}, names: "--addr"},
		{name: "--addr empty", args: []string{"--addr", ""}, names: "--addr"},
		{name: "--memory-limit 1e400", args: []string{"--memory-limit", "1e400"}, names: "--memory-limit"},
		{name: "--memory-limit -5%", args: []string{"--memory-limit", "-5%"}, names: "--memory-limit"},
		{name: "--memory-limit of 20 digits", args: []string{"--memory-limit", "99999999999999999999GiB"}, names: "--memory-limit"},
		{name: "--log-level none of its levels", args: []string{"--log-level", "loud"}, names: "--log-level"},
		{name: "--log-format none of its formats", args: []string{"--log-format", "yaml"}, names: "--log-format"},
		{name: "--address-check none of its checks", args: []string{"--address-check", "loose"}, names: "address-check"},
		{name: "--levy-members none of its choices", args: []string{"--levy-members", "some"}, names: "levy-members"},
	}, files: []string{"content", "rules", "secrets-key-file", "tls-cert-file", "tls-key-file"}, dates: []string{"content-date"}, serves: true},
}

// sweepGUID is an event ID of the form of a GUID.
const sweepGUID = "0f8fad5b-d9cb-469f-a165-70867728950e"

// outFaults are the bad --out files of the commands that write one: a
// directory, and a file in a directory that does not exist.
var outFaults = []sweepCase{
	{name: "--out a directory", args: []string{"--out", "{dir}"}, names: "--out"},
	{name: "--out in a missing directory", args: []string{"--out", "{missing}/out.txt"}, names: "--out"},
}

// fromAfterTo is the bad range of the journal commands.
var fromAfterTo = []sweepCase{{name: "--from after --to", args: []string{"--from", "2026-03-01", "--to", "2026-02-01"}, names: "--from"}}

// sweepFlag is a flag of a command, as its -h lists it, with the
// default the help shows ("" for none).
type sweepFlag struct{ name, kind, def string }

// sweepFlags reads the flags of a command from its -h.
func sweepFlags(t *testing.T, path []string) []sweepFlag {
	t.Helper()
	code, help, errOut := runCLI(t, append(append([]string{}, path...), "-h")...)
	if code != 0 {
		t.Fatalf("levy %s -h: exit %d %s", strings.Join(path, " "), code, errOut)
	}
	var out []sweepFlag
	for _, m := range regexp.MustCompile(`(?m)^  --([a-z0-9-]+)(?: (\S+))?\n      (.*)$`).FindAllStringSubmatch(help, -1) {
		def := ""
		if d := regexp.MustCompile(`\(default ([^;)]*)`).FindStringSubmatch(m[3]); d != nil {
			def = d[1]
		}
		out = append(out, sweepFlag{m[1], m[2], def})
	}
	return out
}

// cases returns the bad command lines of c.
func (c sweepCommand) cases(flags []sweepFlag) []sweepCase {
	// with returns the command line with extra, whose flags take the
	// place of those of the base and tail, so that a bad value is not
	// refused as a flag given twice.
	with := func(extra ...string) []string {
		base, tail := c.base, c.tail
		for _, e := range extra {
			if name, ok := strings.CutPrefix(e, "--"); ok {
				name, _, _ = strings.Cut(name, "=")
				base, tail = withoutFlag(base, name), withoutFlag(tail, name)
			}
		}
		a := append(append(append([]string{}, c.path...), base...), extra...)
		return append(a, tail...)
	}
	is := func(list []string, name string) bool {
		for _, s := range list {
			if s == name {
				return true
			}
		}
		return false
	}
	cs := []sweepCase{
		{name: "unknown flag", args: with("--no-such-flag"), names: "no-such-flag"},
		{name: "unknown flag with a value", args: with("--no-such-flag=1"), names: "no-such-flag"},
	}
	{
		cs = append(cs, sweepCase{name: "unexpected argument", args: append(with(), "surplus-arg"), names: "surplus-arg"})
	}
	for _, m := range c.more {
		args := with(m.args...)
		if m.alone {
			args = append(append(append([]string{}, c.path...), c.base...), m.args...)
		}
		cs = append(cs, sweepCase{name: m.name, args: args, names: m.names, code: m.code})
	}
	for _, f := range flags {
		flag := "--" + f.name
		if f.kind != "" {
			// The flag last, with nothing after it.
			cs = append(cs, sweepCase{name: flag + " without its value", args: append(append(append([]string{}, c.path...), withoutFlag(c.base, f.name)...), flag), names: f.name})
		}
		bad := func(why string, values ...string) {
			for _, v := range values {
				cs = append(cs, sweepCase{name: fmt.Sprintf("%s %s %q", flag, why, v), args: with(flag, v), names: f.name})
			}
		}
		if f.name == "tenant" && f.def != "" {
			// Empty, it is not taken for the default tenant.
			bad("empty", "")
		}
		switch {
		case f.kind == "int":
			bad("not a number", "ten", "1e400", "9999999999999999999", "1.5", "", "-1")
		case f.kind == "duration":
			bad("not a duration", "soon", "1e400h", "", "-1s")
		case f.kind == "":
			cs = append(cs, sweepCase{name: flag + "=maybe", args: with(flag + "=maybe"), names: f.name})
		case is(c.dates, f.name):
			bad("not a day", "2026-02-30", "2026-13-01", "", "2026-01-01\x00", "\xff")
		case is(c.files, f.name):
			bad("not a file", "{missing}", "{dir}", "a\x00b")
		case c.serves:
		case pathFlags[f.name]:
			bad("not a path", "a\x00b")
		case is(c.free, f.name):
		default:
			bad("not a value", "\x00", "a\x00b", "\xff\xfe")
		}
	}
	return cs
}

// TestBadFlagsSweep runs every levy command with one bad flag or
// argument at a time, and finds no panic, the exit code of a usage
// error (2, or the one a case names), a message on stderr that names
// the flag or argument at fault, and nothing written: the output file
// keeps what it held, no data directory is created, no journal opened.
// Each command line runs first without a fault, which must not be a
// usage error.
func TestBadFlagsSweep(t *testing.T) {
	dir := t.TempDir()
	req, csv := sweepInputs(t, dir)
	done, cancel := context.WithCancel(context.Background())
	cancel()
	n := 0
	for _, c := range sweepCommands {
		// The command line without a fault is no usage error, or the
		// faults added to it would be refused for another reason.
		cs := append([]sweepCase{{name: "as given", args: append(append(append([]string{}, c.path...), c.base...), c.tail...)}}, c.cases(sweepFlags(t, c.path))...)
		for _, k := range cs {
			n++
			work := filepath.Join(dir, fmt.Sprint(n))
			if err := os.Mkdir(work, 0o700); err != nil {
				t.Fatal(err)
			}
			store, out, jstore := filepath.Join(work, "store"), filepath.Join(work, "out.txt"), filepath.Join(work, "jstore")
			if err := os.MkdirAll(journalDir(jstore), 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(out, []byte("keep"), 0o600); err != nil {
				t.Fatal(err)
			}
			r := strings.NewReplacer("{store}", store, "{jstore}", jstore, "{out}", out, "{req}", req, "{csv}", csv, "{missing}", filepath.Join(work, "missing.txt"), "{dir}", work)
			args := make([]string, len(k.args))
			for i, a := range k.args {
				args[i] = r.Replace(a)
			}
			ctx := context.Background()
			if c.serves {
				ctx = done
			}
			code, errOut := sweepRun(ctx, args)
			line := fmt.Sprintf("levy %s (%s)", strings.Join(c.path, " "), k.name)
			if k.names == "" {
				if code == 2 || code < 0 {
					t.Errorf("%s: exit %d, stderr %q; want a command line that runs", line, code, errOut)
				}
				continue
			}
			switch {
			case strings.Contains(errOut, "panic") || strings.Contains(errOut, "goroutine "):
				t.Errorf("%s: panicked: %s", line, errOut)
			case code != cmp.Or(k.code, 2):
				t.Errorf("%s: exit %d, want %d; stderr %q", line, code, cmp.Or(k.code, 2), errOut)
			case !strings.Contains(errOut, r.Replace(k.names)):
				t.Errorf("%s: stderr does not name %s: %q", line, k.names, errOut)
			}
			if b, err := os.ReadFile(out); err != nil || string(b) != "keep" {
				t.Errorf("%s: the output file holds %q (%v), want what it held", line, b, err)
			}
			if _, err := os.Stat(store); err == nil {
				t.Errorf("%s: the data directory %s was created", line, store)
			}
			if names, err := os.ReadDir(journalDir(jstore)); err != nil || len(names) > 0 {
				t.Errorf("%s: the journal was opened: %v %v", line, names, err)
			}
		}
	}
	t.Logf("%d bad command lines", n)
}

// withoutFlag returns args without the flag name and its value (the
// next argument, unless the flag is --name=value or boolean, which the
// command lines of the sweep give with = only).
func withoutFlag(args []string, name string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		switch {
		case args[i] == "--"+name && i+1 < len(args) && !strings.HasPrefix(args[i+1], "--"):
			i++
		case args[i] == "--"+name || strings.HasPrefix(args[i], "--"+name+"="):
		default:
			out = append(out, args[i])
		}
	}
	return out
}

// sweepRun runs a command line with no standard input, and returns its
// exit code and stderr, with a panic's value and stack in stderr.
func sweepRun(ctx context.Context, args []string) (code int, stderr string) {
	var out, errOut bytes.Buffer
	defer func() {
		if p := recover(); p != nil {
			code = -1
			stderr = fmt.Sprintf("panic: %v\n%s", p, debug.Stack())
		}
	}()
	code = Run(ctx, args, strings.NewReader(""), &out, &errOut)
	return code, errOut.String()
}

// sweepInputs writes the good inputs the sweeps' command lines read into
// dir: a request (req.json) and a customers file of one row
// (customers.csv), and returns their paths.
func sweepInputs(t *testing.T, dir string) (req, csv string) {
	t.Helper()
	req = filepath.Join(dir, "req.json")
	csv = filepath.Join(dir, "customers.csv")
	if err := os.WriteFile(req, []byte(sweepRequest+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(csv, []byte("customer_code,class_code,is_business,name\nC1,,true,Acme\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return req, csv
}
