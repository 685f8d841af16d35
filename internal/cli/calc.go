package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"slices"

	"github.com/levytax/levy"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/internal/jsonbody"
	"github.com/levytax/levy/wire"
)

const calcUsage = `usage: levy calc sale|purchase|owner [--data-dir DIR | --database URL] [--tenant T] [--address-check lenient|strict] [--rules FILES] [--explain | --explain-only] [FILE]

Calculates one v2 request body, read from FILE or standard input, and
prints the response. With a journal (--data-dir or --database), the
message types that the wire format stores go into it, and the tenant's
tax profile kept there (customers' exemption certificates, products,
registrations, policy) applies to the calculation. The address check
is serve's: lenient taxes an address that the tax area lookup finds at
fault where the lookup places it and says so on the response's copy of
the location (taxAreaLookup); strict refuses it, naming the member.

--explain prints, after the response, a table of its taxes: line,
jurisdiction, tax, result, amount, rule ID and the reason in words that
the rule tables, the place of supply or the request's overrides give for
it (the response names the rule but not the reason), followed, with
their figures, by what made the tax another amount than its rate times
its taxable amount (a rate structure, a cap, the document's rounding, a
tax-included net, a credit) or decided it beyond the line (a limit on
the document's total, a threshold in another currency); --explain-only
prints the table alone. An explained calculation stores nothing, whatever
its message type: the journal, when given, only lends the tenant's tax
profile.
`

// maxRequest bounds a request read by `levy calc`.
const maxRequest = 64 << 20

// calcFlags returns the flag set of levy calc for perspective, with
// the values it sets; env reads the variables of its flags.
func calcFlags(perspective string, env envReader) (*flag.FlagSet, *calcOptions) {
	o := &calcOptions{}
	fs := flag.NewFlagSet("levy calc "+perspective, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&o.dataDir, "data-dir", "", "data directory whose tax journal stores the calculation and whose tenants' tax profiles apply")
	env.stringVar(fs, &o.database, "database", databaseEnv, "PostgreSQL database whose tax journal stores the calculation and whose tenants' tax profiles apply, instead of --data-dir")
	fs.StringVar(&o.tenant, "tenant", levy.DefaultTenant, "tenant of the stored calculation and of the tax profile that applies")
	fs.Var(&o.addressCheck, "address-check", addressCheckUsage)
	fs.BoolVar(&o.explain, "explain", false, "print after the response a table of its taxes with each one's rule and reason; stores nothing")
	fs.BoolVar(&o.explainOnly, "explain-only", false, "print the table of --explain without the response; stores nothing")
	o.content.register(fs)
	o.rules.register(fs, ruleFlagUsage)
	return fs, o
}

// calcOptions are the values of the flags of levy calc.
type calcOptions struct {
	dataDir, database, tenant string
	addressCheck              addressCheckValue
	explain, explainOnly      bool
	content                   contentFlags
	rules                     ruleFlag
}

// runCalc calculates one request: levy calc sale|purchase|owner
// [--data-dir DIR] [--tenant T] [--address-check lenient|strict] [FILE],
// reading the JSON body from FILE or standard input and printing the
// response. With a data directory, the calculations the wire format
// stores go into its tax journal. Reading a terminal, it says first on
// stderr that it waits for the request there.
func runCalc(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usageError{"calc needs a perspective and an optional file: levy calc sale|purchase|owner [--data-dir DIR | --database URL] [FILE]"}
	}
	if isHelp(args[0]) {
		fs, _ := calcFlags("", envOfContext(ctx))
		printHelp(stdout, calcUsage, fs, commandEnv([]string{"calc"}))
		return nil
	}
	// A misspelt perspective is said first: before the help that -h
	// after it asks for, a file it names is opened, or a data directory
	// made.
	if !slices.Contains(calcPerspectives, args[0]) {
		return usageError{fmt.Sprintf("unknown perspective %q: sale, purchase or owner", args[0])}
	}
	env := envOfContext(ctx)
	fs, o := calcFlags(args[0], env)
	if helpRequested(args[1:]) {
		printHelp(stdout, calcUsage, fs, commandEnv([]string{"calc"}))
		return nil
	}
	if err := parseArgs(fs, args[1:]); err != nil {
		return err
	}
	if fs.NArg() > 1 {
		return usageError{"calc takes one file at most" + extraArg(fs.Args(), 1)}
	}
	if err := checkFlagsApply(fs, "levy calc", args[0], calcPerspectives); err != nil {
		return err
	}
	if o.explain && o.explainOnly {
		return badFlags([]string{"explain", "explain-only"}, "--explain and --explain-only: give one (--explain-only prints the table without the response)")
	}
	explain := o.explain || o.explainOnly
	// The address check, when not given, is the one serve would read
	// from the environment.
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == "address-check" })
	if !given {
		name := envName("address-check")
		if v := env("address-check", name); v != "" {
			if err := o.addressCheck.Set(v); err != nil {
				return badFlag("address-check", "%s=%q: %v", name, v, err)
			}
		}
	}
	in := stdin
	if fs.NArg() == 1 && fs.Arg(0) != "-" {
		f, err := openReadable("the request file", fs.Arg(0))
		if err != nil {
			return err
		}
		defer f.Close()
		in = f
	} else if readsTerminal(stdin) {
		fmt.Fprintln(stderr, "levy: reading the request from standard input (end it with Ctrl-D)")
	}
	if err := checkInputs(&o.rules, &o.content); err != nil {
		return err
	}
	opts := append(o.content.engineOptions(), o.rules.engineOptions()...)
	if o.addressCheck.c != "" {
		opts = append(opts, engine.WithAddressCheck(o.addressCheck.c, nil))
	}
	e, ctx, closeJournal, err := journalEngine(ctx, opts, o.dataDir, o.database, o.tenant, noteStored(stdout, o.tenant, nil))
	if err != nil {
		return err
	}
	defer closeJournal()
	var resp any
	var ex wire.Explanation
	switch args[0] {
	case "sale":
		resp, ex, err = calcOne(ctx, in, explain, e.Sale, e.ExplainSale)
	case "purchase":
		resp, ex, err = calcOne(ctx, in, explain, e.Purchase, e.ExplainPurchase)
	case "owner":
		resp, ex, err = calcOne(ctx, in, explain, e.Owner, e.ExplainOwner)
	default:
		return usageError{fmt.Sprintf("unknown perspective %q: sale, purchase or owner", args[0])}
	}
	if err != nil {
		return err
	}
	if !o.explainOnly {
		if err := printJSON(stdout, resp); err != nil {
			return err
		}
	}
	if !explain {
		return nil
	}
	if !o.explainOnly {
		if _, err := io.WriteString(stdout, "\n"); err != nil {
			return err
		}
	}
	return printExplanation(stdout, ex)
}

// calcOne decodes a request of one perspective from in and calculates it,
// or explains it when explain is set (storing nothing).
func calcOne[Q, S any](ctx context.Context, in io.Reader, explain bool, calc func(context.Context, *Q) (*S, error),
	explainer func(context.Context, *Q) (*S, wire.Explanation, error)) (any, wire.Explanation, error) {
	req := new(Q)
	if err := jsonbody.Decode(in, req, maxRequest); err != nil {
		return nil, nil, err
	}
	if explain {
		return explainer(ctx, req)
	}
	resp, err := calc(ctx, req)
	return resp, nil, err
}

// calcPerspectives are the subcommands of levy calc.
var calcPerspectives = []string{"sale", "purchase", "owner"}
