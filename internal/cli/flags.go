package cli

// The flag types that several commands share.

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"strings"
	"unicode/utf8"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/data/content"
	"github.com/levytax/levy/engine"
)

// dateFlag is a flag.Value holding a civil.Date.
type dateFlag struct{ d civil.Date }

func (f *dateFlag) String() string { return f.d.String() }
func (f *dateFlag) Set(s string) error {
	d, err := civil.Parse(s)
	if err != nil {
		// After the flag and its value: --from "2026-02-30" is not ...
		return refusal(strings.TrimSpace(civil.Refusal("", err)))
	}
	f.d = d
	return nil
}

// listFlag collects a repeated flag.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ",") }
func (l *listFlag) Set(v string) error { *l = append(*l, v); return nil }

// contentFlags are the flags that load a user's content over the
// embedded dataset: --content FILE (repeatable, or comma-separated; a
// path may start with sst:, zip5: or levy: to name its format) and
// --content-date, the date whose rows of SST boundary files are used.
type contentFlags struct {
	files contentList
	date  dateFlag
}

// contentList is the list of --content files.
type contentList []string

func (l *contentList) String() string { return strings.Join(*l, ",") }

// Set adds one file, or several separated by commas (as the environment
// variable gives them), each with the spaces around it trimmed. An empty
// name (--content "$RATES" with RATES unset, "a.csv,", "$BASE,$EXTRA")
// is refused, naming its place, as --rules refuses one: skipped, it
// would leave a file's rates out, and the embedded ones in their place,
// without a word.
func (l *contentList) Set(v string) error {
	names := strings.Split(v, ",")
	for i, f := range names {
		if f = strings.TrimSpace(f); f == "" {
			if len(names) == 1 {
				return fmt.Errorf("the content file's name is empty: give a path")
			}
			return fmt.Errorf("the list of content files %q has an empty name (name %d of %d): separate the files with single commas, with none at either end", v, i+1, len(names))
		}
	}
	for _, f := range names {
		*l = append(*l, strings.TrimSpace(f))
	}
	return nil
}

// register adds the flags to fs.
func (c *contentFlags) register(fs *flag.FlagSet) {
	fs.Var(&c.files, "content", "a rate or boundary file to load over the embedded content, for the states it covers: an SST rate or boundary file, a ZIP rate table, Levy's CSV, or a table of Brazilian municipal ISS rates; or the server's table of franchise area fees (for every tenant; a tenant's profile may replace an area's fees); or a table of places in another country's VAT area; or a table of low-value import limits (prefix sst:, zip5:, levy:, br-iss:, franchise:, vat-areas: or low-value-limits: to name the format); repeat for several")
	fs.Var(&c.date, "content-date", "the date whose rows of SST boundary files are loaded (default today)")
}

// sources returns the files as content sources.
func (c *contentFlags) sources() []content.Source {
	out := make([]content.Source, len(c.files))
	for i, f := range c.files {
		out[i] = content.ParseSource(f)
	}
	return out
}

// check returns the error of a --content file that cannot be read,
// naming the flag and the path (checkReadable).
func (c *contentFlags) check() error {
	for _, src := range c.sources() {
		if err := checkReadable("--content", src.Path); err != nil {
			return err
		}
	}
	return nil
}

// engineOptions returns the engine option that loads the content, if any.
func (c *contentFlags) engineOptions() []engine.Option {
	if len(c.files) == 0 {
		return nil
	}
	return []engine.Option{engine.WithContent(content.Options{AsOf: c.date.d}, c.sources()...)}
}

// dataset returns the embedded dataset with the content loaded over it.
func (c *contentFlags) dataset(ctx context.Context) (*data.Dataset, error) {
	ds := data.Default()
	if len(c.files) == 0 {
		return ds, nil
	}
	if err := c.check(); err != nil {
		return nil, err
	}
	o, err := content.Load(ctx, ds, content.Options{AsOf: c.date.d}, c.sources()...)
	if err != nil {
		return nil, err
	}
	if !o.ChangesDataset() {
		return ds, nil // franchise tables alone: nothing of the dataset changes
	}
	return ds.WithOverlay(o)
}

// ruleFlag is the --rules flag of levy serve, calc, batch and profile:
// the rule files that serve compiles beside Levy's default tables, so
// that a calculation run from the command line applies the host's rules
// as the server does, and a profile may name their product classes. Its
// value is a comma-separated list that parseRuleFiles reads.
type ruleFlag struct{ files []string }

// register adds --rules to fs, with usage.
func (r *ruleFlag) register(fs *flag.FlagSet, usage string) { fs.Var(r, "rules", usage) }

// ruleFlagUsage is the usage of --rules of levy calc and levy batch.
const ruleFlagUsage = "comma-separated rule files to compile beside Levy's default tables, as levy serve --rules"

// String implements flag.Value.
func (r *ruleFlag) String() string { return strings.Join(r.files, ",") }

// Set implements flag.Value: the list replaces the files given before.
func (r *ruleFlag) Set(list string) error {
	files, err := parseRuleFiles(list)
	if err != nil {
		return err
	}
	r.files = files
	return nil
}

// check returns the error of a rule file that cannot be read, naming
// --rules and the path (checkReadable).
func (r *ruleFlag) check() error {
	for _, f := range r.files {
		if err := checkReadable("--rules", f); err != nil {
			return err
		}
	}
	return nil
}

// checkInputs returns the error of a --rules or --content file that
// cannot be read, before an engine is built over them.
func checkInputs(r *ruleFlag, c *contentFlags) error {
	if err := r.check(); err != nil {
		return err
	}
	return c.check()
}

// engineOptions returns the engine option that reads the rule files, if
// any.
func (r *ruleFlag) engineOptions() []engine.Option {
	if len(r.files) == 0 {
		return nil
	}
	return []engine.Option{engine.WithRuleFiles(r.files...)}
}

// parseRuleFiles reads the comma-separated list of rule files of
// --rules (and of LEVY_RULES): each name with the spaces around it
// trimmed ("a.json, b.json"), none for an empty list. An empty name
// ("a.json,", "a.json,,b.json", a variable that was not set in
// "$BASE,$EXTRA") is refused, naming its place, rather than skipped: a
// file left out of the list would silently leave its rules out of every
// calculation.
func parseRuleFiles(list string) ([]string, error) {
	if list == "" {
		return nil, nil
	}
	names := strings.Split(list, ",")
	for i := range names {
		if names[i] = strings.TrimSpace(names[i]); names[i] == "" {
			return nil, fmt.Errorf("the list of rule files %q has an empty name (name %d of %d): separate the files with single commas, with none at either end", list, i+1, len(names))
		}
	}
	return names, nil
}

// checkAddr refuses the value of an address flag (--addr) that is not
// HOST:PORT, naming the flag, before anything listens: net.Listen's
// error would name neither the flag nor what it wants.
func checkAddr(flag, addr string) error {
	if _, _, err := net.SplitHostPort(addr); err != nil {
		return badFlag(flag, "--%s %q: want HOST:PORT (127.0.0.1:8080, :8080)", flag, addr)
	}
	return nil
}

// repeatable is implemented by the flag values that collect a flag given
// several times (--content, --api-audience, --trusted-proxies, ...):
// parseArgs lets those be repeated and refuses any other flag given
// twice.
type repeatable interface {
	flag.Value
	repeatable()
}

func (*listFlag) repeatable()            {}
func (*contentList) repeatable()         {}
func (*prefixesFlag) repeatable()        {}
func (*tenantAddressChecks) repeatable() {}

// parseArgs parses args with fs, as every levy command parses its
// flags (setFlags): a parse error, and a flag that takes one value
// given more than once (which fs.Parse would let the last one win
// unseen, as the admin routes refuse a query parameter given twice), are
// usage errors naming the flag. A value that checkFlagValue refuses, and
// an argument that holds a NUL byte, are usage errors too.
func parseArgs(fs *flag.FlagSet, args []string) error {
	if err := setFlags(fs, args); err != nil {
		return err
	}
	if err := refuseRepeats(fs, args[:len(args)-fs.NArg()]); err != nil {
		return err
	}
	return checkArgs(fs.Args())
}

// setFlags sets the flags of fs that lead args, read as fs.Parse
// reads them (-name or --name; its value after = or, but for a boolean
// flag, in the next argument; "--", or the first argument that is no
// flag, ends them), and leaves the arguments after them in fs.Args().
// Its errors are usage errors about the flag at fault (flagError) that
// name the command and the flag with two dashes, as the rest of Levy's
// messages do, where fs.Parse would name the flag with one dash alone
// and print its usage besides.
func setFlags(fs *flag.FlagSet, args []string) error {
	cmd := strings.TrimPrefix(fs.Name(), "levy ")
	i := 0
	for ; i < len(args); i++ {
		arg := args[i]
		if arg == "--" || len(arg) < 2 || arg[0] != '-' {
			break
		}
		rest := strings.TrimPrefix(arg[1:], "-")
		if rest == "" || rest[0] == '-' || rest[0] == '=' {
			return usageError{fmt.Sprintf("%s: %q is no flag: give --name or --name=value", cmd, arg)}
		}
		name, value, inline := strings.Cut(rest, "=")
		f := fs.Lookup(name)
		if f == nil {
			return badFlag(name, "%s has no flag --%s (levy %s -h lists its flags)", cmd, name, cmd)
		}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			if !inline {
				value = "true"
			}
			if err := fs.Set(name, value); err != nil {
				return badFlag(name, "%s", valueFault(cmd+" --"+name+"=", value, err, f.Value))
			}
			continue
		}
		if !inline {
			if i+1 == len(args) {
				return badFlag(name, "%s --%s needs a value", cmd, name)
			}
			i++
			value = args[i]
		}
		if err := fs.Set(name, value); err != nil {
			return badFlag(name, "%s", valueFault(cmd+" --"+name+" ", value, err, f.Value))
		}
	}
	// What is left begins with "--", which Parse drops, or with an
	// argument that is no flag, or is empty: Parse sets no flag of it.
	return fs.Parse(args[i:])
}

// refusal is the error of a flag value that goes on from the value in a
// sentence (`is not a day of the calendar: ...`), where another error
// follows the value after a colon.
type refusal string

func (r refusal) Error() string { return string(r) }

// valueFault is the message of a value that the flag value v refused
// with err, after what gave it (`calc sale --workers `, `LEVY_ADDR=`):
// the value quoted, then a refusal as it goes on, or a colon and any
// other error, with what a flag of the flag package's own kinds wants
// (wantOf), which its "parse error" does not say.
func valueFault(what, value string, err error, v flag.Value) string {
	var r refusal
	if errors.As(err, &r) {
		return fmt.Sprintf("%s%q %v", what, value, err)
	}
	return fmt.Sprintf("%s%q: %v%s", what, value, err, wantOf(v))
}

// checkArgs refuses an argument that holds a NUL byte, which no file
// name or identifier does, naming it by its place and its text.
func checkArgs(args []string) error {
	for i, a := range args {
		if strings.IndexByte(a, 0) >= 0 {
			return usageError{fmt.Sprintf("argument %d (%q) holds a NUL byte", i+1, a)}
		}
	}
	return nil
}

// pathFlags are the flags whose value is a file or directory name, which
// may be any bytes but NUL: other values must be valid UTF-8.
var pathFlags = map[string]bool{
	"data-dir": true, "in": true, "out": true, "content": true, "rules": true, "registrations": true,
	"documents": true, "secrets-key-file": true, "secrets-previous-key-file": true, "tls-cert-file": true, "tls-key-file": true,
}

// checkFlagValue refuses the value of a flag that no command can take:
// one that holds a NUL byte (which no file name, tenant or URL does, and
// which would be cut short or refused deep in a store), and, but for a
// file name, one that is not valid UTF-8. The value is not shown: a flag
// may hold a secret.
func checkFlagValue(name, value string) error {
	if strings.IndexByte(value, 0) >= 0 {
		return badFlag(name, "--%s holds a NUL byte: give a value without one", name)
	}
	if !pathFlags[name] && !utf8.ValidString(value) {
		return badFlag(name, "--%s is not valid UTF-8: give it in UTF-8", name)
	}
	return nil
}

// refuseRepeats refuses a flag of fs given more than once in parsed,
// the arguments that fs.Parse took as flags and their values, unless its
// value is repeatable, and refuses a value that checkFlagValue refuses.
// It reads parsed as the flag package does: -name
// or --name, its value after = or, unless the flag is boolean, in the
// next argument; "--" ends the flags.
func refuseRepeats(fs *flag.FlagSet, parsed []string) error {
	seen := map[string]bool{}
	for i := 0; i < len(parsed); i++ {
		arg := parsed[i]
		if arg == "--" || len(arg) < 2 || arg[0] != '-' {
			break
		}
		name, value, inline := strings.Cut(strings.TrimPrefix(arg[1:], "-"), "=")
		f := fs.Lookup(name)
		if f == nil {
			continue // fs.Parse refused it already
		}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); !inline && !(ok && b.IsBoolFlag()) {
			i++ // its value
			if i < len(parsed) {
				value = parsed[i]
			}
		}
		if err := checkFlagValue(name, value); err != nil {
			return err
		}
		if name == "tenant" && value == "" && f.DefValue != "" {
			// "--tenant $T" with T unset would otherwise reach the stores,
			// which refuse an empty tenant only once opened, or not at
			// all where the flag filters.
			return badFlag("tenant", "--tenant is empty: give a tenant's name, or leave the flag out for the tenant %q", f.DefValue)
		}
		if _, ok := f.Value.(repeatable); ok {
			continue
		}
		if seen[name] {
			// The values are not shown: a flag may hold a secret.
			return badFlag(name, "--%s is given more than once: it takes one value; give it once", name)
		}
		seen[name] = true
	}
	return nil
}
