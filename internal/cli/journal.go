package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/atomicfile"
	"github.com/levytax/levy/journal"
)

const journalUsage = `usage:
  levy journal report (--data-dir DIR | --database URL | --server URL) [--tenant T] [--from D] [--to D] [--company C] [--view remittance|filing] [--json]
  levy journal export (--data-dir DIR | --database URL | --server URL) [--tenant T] [--from D] [--to D] [--company C] [--format jsonl|csv] [--out FILE] [--progress]
  levy journal intrastat (--data-dir DIR | --database URL | --server URL) [--tenant T] --from D --to D --member-state MS --flow dispatch|arrival [--company C] [--currency EUR] [--whole-euros] [--format csv|json]

report prints the remittance report of the transactions posted from --from
to --to (inclusive; open when absent): a heading with the tenant, the
period and the currencies, then per transaction currency the tax owed per
jurisdiction and imposition with its total, the reason beside each zero
tax, and the taxes the engine converted to a filing currency with the
rate and both amounts. --view filing arranges it as the returns are
filed: per state (or province, or country) its jurisdictions, one row
each, with the taxable, exempt, non-taxable and not-registered amounts as
columns, and the state's total. --json prints either as JSON. The
report is of every company code of the tenant, each company's subtotals
below (per state in the filing view); --company C reports on the
transactions of company C alone (the seller's company code on sales,
the buyer's on purchases, the owner's on the owner's kinds), and
--company "" on those stored without one. --company is given once: one
company per report, as one return is filed per entity.

export writes the transactions themselves, those of every posting date
unless --from or --to bound them (it says so), and of every company
code unless --company C names one (--company "" for those stored
without one), as the report counts them. With --out it shows a
progress bar on standard error when that is a terminal (--progress: in
any case).
` + intrastatUsage + `
--data-dir opens the journal of a data directory, which only one process
may hold: while levy serve runs on it, use --server URL instead, which
reads the journal through the server's /admin/v1/journal routes with an
admin credential (--client-id and --client-secret, best given as
LEVY_CLIENT_ID and LEVY_CLIENT_SECRET; create one with levy clients create
--tenant T --audience levy://admin before the server starts, or through
its /admin/v1/clients route). The server reads the journal of the
credential's tenant. --database works while the nodes of a cluster run.
`

// The environment variables of the journal commands' flags.
const (
	serverEnv       = "LEVY_SERVER"
	clientIDEnv     = "LEVY_CLIENT_ID"
	clientSecretEnv = "LEVY_CLIENT_SECRET"
	adminAudEnv     = "LEVY_ADMIN_AUDIENCE"
)

// journalDir is where a data directory keeps its tax journal.
func journalDir(dataDir string) string { return filepath.Join(dataDir, "journal") }

// journalArgs are the parsed flags of a journal command.
type journalArgs struct {
	cmd string
	storeFlags
	tenant           string
	tenantGiven      bool
	from, to         civil.Date
	asJSON, progress bool
	view             string
	// company is --company, and companyGiven whether it was given (""
	// asks for the transactions stored without a company code).
	company      string
	companyGiven bool
	format       journal.Format
	out          string
	intrastat    intrastatArgs
}

// runJournal reports on or exports the tax journal of a data directory,
// a database or a running server.
func runJournal(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	cmd, err := subcommand(args, "journal", "command", journalUsage, []string{"report", "export", "intrastat"}, stdout, stderr)
	if cmd == "" {
		return err
	}
	a := journalArgs{cmd: cmd}
	args = args[1:]
	fs := flag.NewFlagSet("levy journal "+a.cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, journalUsage) }
	env := envOfContext(ctx)
	a.registerLocal(fs, env)
	a.registerServer(fs, env, "base URL of a running levy serve (http://127.0.0.1:8080), to read the journal through", clientSecretUsage, audienceUsage)
	fs.StringVar(&a.tenant, "tenant", levy.DefaultTenant, "tenant whose journal to read (with --server, the credential's)")
	var from, to dateFlag
	fs.Var(&from, "from", "first posting date (YYYY-MM-DD)")
	fs.Var(&to, "to", "last posting date (YYYY-MM-DD)")
	fs.BoolVar(&a.asJSON, "json", false, "report: print JSON instead of a table")
	fs.Var(&onceFlag{v: &a.company}, "company", "report, export, intrastat: only the transactions of company `code` (\"\" for those stored without one), given once; every company, the report with each one's subtotals, when absent (intrastat: the lines of the flow must then be of one company)")
	fs.StringVar(&a.view, "view", "remittance", "report: remittance (a row per jurisdiction, imposition and zero-tax reason) or filing (per state, a row per jurisdiction)")
	format := fs.String("format", "", "export: jsonl (the default) or csv; intrastat: csv (the default) or json")
	fs.StringVar(&a.intrastat.memberState, "member-state", "", "intrastat: the declaring member state (DE, FR, ...; XI for Northern Ireland from 2021)")
	fs.StringVar(&a.intrastat.flow, "flow", "", "intrastat: dispatch or arrival")
	fs.StringVar(&a.intrastat.currency, "currency", "", "intrastat: the currency of the declaration's values (by default the member state's: EUR, PLN, ..., GBP for XI)")
	fs.BoolVar(&a.intrastat.wholeEuros, "whole-euros", false, "intrastat: round each item's invoiced and statistical values half up to whole units of the currency (as Germany's and Malta's portals take them), not to the cent")
	fs.StringVar(&a.out, "out", "", "export: write to this file instead of standard output (-, or none, for standard output)")
	fs.BoolVar(&a.progress, "progress", false, "export: show a progress bar even when writing to standard output or when standard error is no terminal")
	if helpRequested(args) {
		printHelp(stdout, journalUsage, fs, commandEnv([]string{"journal"}))
		return nil
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := checkFlagsApply(fs, "levy journal", a.cmd, []string{"report", "export", "intrastat"}); err != nil {
		return err
	}
	if err := checkOutFile(a.out); err != nil {
		return err
	}
	given := givenFlags(fs)
	if err := a.choose(given, "--server reads the journal through a running server, --data-dir and --database open it here: give one"); err != nil {
		return err
	}
	a.from, a.to, a.tenantGiven, a.companyGiven = from.d, to.d, given["tenant"], given["company"]
	if a.companyGiven {
		if err := checkCompany(a.company); err != nil {
			return err
		}
	}
	if !a.from.IsZero() && !a.to.IsZero() && a.to.Before(a.from) {
		return badFlags([]string{"to", "from"}, "--to is before --from")
	}
	if a.view != "remittance" && a.view != "filing" {
		return badFlag("view", "unknown --view %q: remittance or filing", a.view)
	}
	a.format = journal.Format(strings.ToLower(*format))
	switch {
	case a.cmd == "intrastat":
		if a.format == "" {
			a.format = journal.CSV
		}
		if a.format != journal.CSV && a.format != "json" {
			return badFlag("format", "unknown --format %q: csv or json", *format)
		}
		if a.from.IsZero() || a.to.IsZero() || a.intrastat.memberState == "" || a.intrastat.flow == "" {
			var missing []string
			for _, m := range []struct {
				name  string
				unset bool
			}{{"from", a.from.IsZero()}, {"to", a.to.IsZero()}, {"member-state", a.intrastat.memberState == ""}, {"flow", a.intrastat.flow == ""}} {
				if m.unset {
					missing = append(missing, m.name)
				}
			}
			return badFlags(missing, "intrastat needs --from, --to, --member-state and --flow")
		}
	case a.format == "":
		a.format = journal.JSONLines
	case a.format != journal.JSONLines && a.format != journal.CSV:
		return badFlag("format", "unknown --format %q: jsonl or csv", *format)
	}
	if a.remote.base != "" {
		if err := a.remote.check(); err != nil {
			return err
		}
		return runJournalRemote(ctx, a, stdout, stderr)
	}
	return runJournalLocal(ctx, a, stdout, stderr)
}

// runJournalLocal runs a journal command over a data directory or a
// database.
func runJournalLocal(ctx context.Context, a journalArgs, stdout, stderr io.Writer) error {
	if a.cmd == "intrastat" {
		// The query's faults are the flags' and are told before the
		// journal is opened, with the exit status that they end the
		// command with through a server (1).
		if err := a.intrastatQuery().Check(); err != nil {
			return intrastatFlagFaults(err)
		}
	}
	st, store, err := a.openJournal(ctx, withAdminCredential("read the journal through it"))
	if err != nil {
		return err
	}
	defer st.Close()
	if a.cmd == "intrastat" {
		return runIntrastat(ctx, store, a, stdout, stderr)
	}
	if a.cmd == "report" {
		var rep *journal.Report
		if a.companyGiven {
			rep, err = journal.SummarizeCompany(ctx, store, a.tenant, a.company, a.from, a.to)
		} else {
			rep, err = journal.Summarize(ctx, store, a.tenant, a.from, a.to)
		}
		if err != nil {
			return err
		}
		if err := printReport(stdout, rep, a); err != nil {
			return err
		}
		return hintOtherCompanies(stderr, rep, a, func() (*journal.Report, error) {
			return journal.Summarize(ctx, store, a.tenant, a.from, a.to)
		})
	}
	every := func() (*journal.Report, error) { return journal.Summarize(ctx, store, a.tenant, a.from, a.to) }
	if a.companyGiven {
		return exportTo(a, stdout, stderr,
			func() (int, error) { return journal.CountCompany(ctx, store, a.tenant, a.company, a.from, a.to) },
			func(w io.Writer, progress func(int)) (int, error) {
				return journal.ExportCompany(ctx, store, a.tenant, a.company, a.from, a.to, a.format, w, progress)
			}, every)
	}
	return exportTo(a, stdout, stderr,
		func() (int, error) { return journal.Count(ctx, store, a.tenant, a.from, a.to) },
		func(w io.Writer, progress func(int)) (int, error) {
			return journal.Export(ctx, store, a.tenant, a.from, a.to, a.format, w, progress)
		}, every)
}

// onceFlag is a string flag that may be given once: a second value is
// refused rather than taking the first one's place unseen, as the admin
// routes refuse a query parameter given twice.
type onceFlag struct {
	v   *string
	set bool
}

func (f *onceFlag) String() string {
	if f.v == nil {
		return ""
	}
	return *f.v
}

func (f *onceFlag) Set(s string) error {
	if f.set {
		return fmt.Errorf("given a second time (%q after %q); give it once", s, *f.v)
	}
	*f.v, f.set = s, true
	return nil
}

// checkCompany refuses a --company that no request could have stored as
// a company code (journal.CheckCompany).
func checkCompany(c string) error {
	var e *levy.Error
	if err := journal.CheckCompany(c); errors.As(err, &e) {
		return badFlag("company", "--company %q %s", c, e.Message)
	} else if err != nil {
		return err
	}
	return nil
}

// printReport prints a remittance report, or its filing view, as text or
// as JSON.
func printReport(w io.Writer, rep *journal.Report, a journalArgs) error {
	switch {
	case a.view == "filing" && a.asJSON:
		return printJSON(w, rep.FilingView())
	case a.view == "filing":
		return rep.FilingView().WriteText(w)
	case a.asJSON:
		return printJSON(w, rep)
	}
	return rep.WriteText(w)
}

// exportTo runs an export, write, into --out or standard output. With
// --out or --progress it draws a progress bar on standard error, whose
// total comes from total, and which write advances with the number of
// transactions written (progress is nil without a bar). An export to a
// file is written beside it and takes its name only once it is whole
// (outFile), so that a failed one leaves no partial file and an
// earlier export as it was. An export of a --company that has no
// transaction in the period ends with the companies that have some on
// standard error (hintCompanyTransactions), which every, the report of
// every company of the period, tells.
func exportTo(a journalArgs, stdout, stderr io.Writer, total func() (int, error), write func(w io.Writer, progress func(int)) (int, error),
	every func() (*journal.Report, error)) error {
	w := stdout
	var file outFile
	// "-" is standard output, as levy batch --out takes it: it made a file
	// named "-" in the working directory, and printed nothing.
	if !toStdout(a.out) {
		var err error
		if file, err = createOut(a.out); err != nil {
			return err
		}
		defer file.Abandon() // after an error; the good path commits it below
		w = file
	}
	if a.from.IsZero() && a.to.IsZero() {
		fmt.Fprintln(stderr, "exporting the transactions of every posting date (bound them with --from and --to)")
	}
	var bar *progressBar
	var progress func(int)
	if file != nil && isTerminal(stderr) || a.progress {
		n, err := total()
		if err != nil {
			return err
		}
		bar = newProgressBar(stderr, n)
		progress = bar.set
	}
	n, err := write(w, progress)
	if bar != nil {
		bar.done(n)
	}
	if err != nil {
		if file == nil {
			// The reader of standard output may have gone away (levy
			// journal export | head -1): Run says so in its own words,
			// not as a fault of the journal or the server.
			return asPrinted(stdout, err)
		}
		return err
	}
	if file != nil {
		if err := file.Commit(); err != nil {
			return fmt.Errorf("writing %s: %w", a.out, err)
		}
		fmt.Fprintf(stderr, "exported %s to %s\n", counted(n, "transaction"), a.out)
	}
	if a.companyGiven && n == 0 {
		return hintCompanyTransactions(stderr, a.company, every)
	}
	return nil
}

// outFile is the file of --out: a new content that takes the file's
// place once whole (atomicfile.File), or, for a path that exists and is
// not a regular file (a device such as /dev/stdout, a pipe, a symbolic
// link), the path itself, written in place as there is nothing to
// replace.
type outFile interface {
	io.Writer
	Commit() error
	Abandon()
}

// inPlace is an outFile written in place.
type inPlace struct{ *os.File }

func (f inPlace) Commit() error { return f.Close() }
func (f inPlace) Abandon()      { f.Close() }

// createOut opens the outFile of path, with the mode of the file it
// replaces (0644 for a new one).
func createOut(path string) (outFile, error) {
	mode := os.FileMode(0o644)
	if fi, err := os.Lstat(path); err == nil {
		if !fi.Mode().IsRegular() {
			f, err := os.Create(path)
			if err != nil {
				return nil, outputError(path, err)
			}
			return inPlace{f}, nil
		}
		mode = fi.Mode().Perm()
	}
	f, err := atomicfile.Create(path, mode)
	if err != nil {
		return nil, outputError(path, err)
	}
	return f, nil
}

// progressBar draws "[#####-----]  50%  500/1000" on a terminal line,
// redrawn at most ten times a second.
type progressBar struct {
	w     io.Writer
	total int
	last  time.Time
}

func newProgressBar(w io.Writer, total int) *progressBar {
	b := &progressBar{w: w, total: total}
	b.draw(0)
	return b
}

// set records that n items are done.
func (b *progressBar) set(n int) {
	if now := time.Now(); now.Sub(b.last) >= 100*time.Millisecond {
		b.last = now
		b.draw(n)
	}
}

// done draws the final state and ends the line.
func (b *progressBar) done(n int) {
	b.draw(n)
	fmt.Fprintln(b.w)
}

func (b *progressBar) draw(n int) {
	const width = 30
	pct := 100
	if b.total > 0 {
		pct = min(100, n*100/b.total)
	}
	filled := pct * width / 100
	fmt.Fprintf(b.w, "\r[%s%s] %3d%%  %d/%d", strings.Repeat("#", filled), strings.Repeat("-", width-filled), pct, n, b.total)
}
