package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"net/url"
	"strings"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api/nexusadmin"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/nexus"
	"github.com/levytax/levy/profile"
	"github.com/shopspring/decimal"
)

const nexusUsage = `usage:
  levy nexus report (--data-dir DIR | --database URL | --server URL) [--tenant T] [--as-of D] [--format text|csv|json]
                    [--company C] [--share 0.8] [--registrations FILE]
  levy nexus rebuild (--data-dir DIR | --database URL) [--tenant T] [--repair]

report prints, for every US state with a sales tax, the Canadian
provinces with a sales tax of their own (CA-BC, CA-SK, CA-MB, CA-QC),
Canada's GST/HST (CAN: its small-supplier rule and its simplified
registration of non-resident sellers, in Canadian dollars) and the EU's
distance-sales threshold, where the tenant's sellers stand on --as-of
(today when absent): none, approaching (at or above --share of a
threshold; without it the share of the tenant's policy, nexusShare in
its tax profile, else 0.8), exceeded (with the day the threshold was
crossed and the day collection is due from) or registered, each with its
sales, transactions, thresholds, period, citation and a sentence that
explains it. It reads the sales figures the journal keeps as sales are
stored, reversed, rolled back and deleted, never the journal itself, per
seller company code (--company for one; every company with sales
otherwise). --format json prints one object per line, csv a header and a
row per state, text a table and the explanations.

A state is registered where the tenant's tax profile stores a
registration of the seller there (jurisdiction US-TX, CA-BC, CA for
Canada's GST/HST, which a province's registration also covers, or EU for
the Union scheme), in force on the day, and where --registrations FILE
lists one: CSV with a header naming state (TX, CA-BC, CAN or EU) and
optionally company, effective, end (YYYY-MM-DD) and number; a row
without a company registers every company, and a company a row names
has its rows even without sales.

rebuild recomputes the figures from the journal's transactions and
prints every day, state and company whose stored figures differ; with
--repair it replaces the stored figures with the recomputed ones. Run it
once on a journal written before Levy kept figures, and whenever a
report looks wrong. It needs the journal here (--data-dir or --database),
and is best run while nothing posts.

--server reads the report through a running levy serve's
/admin/v1/nexus/report route with an admin credential (--client-id and
--client-secret, best given as LEVY_CLIENT_ID and LEVY_CLIENT_SECRET),
as levy journal does; --registrations does not go with it (the server
reads the tenant's profile).
`

// nexusArgs are the parsed flags of a nexus command.
type nexusArgs struct {
	cmd string
	storeFlags
	tenant        string
	tenantGiven   bool
	asOf          civil.Date
	format        string
	company       string
	companyGiven  bool
	share         decimal.Decimal // zero: the tenant's policy's, else nexus.DefaultShare
	registrations string
	repair        bool
}

// runNexus runs levy nexus report|rebuild.
func runNexus(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	cmd, err := subcommand(args, "nexus", "command", nexusUsage, []string{"report", "rebuild"}, stdout, stderr)
	if cmd == "" {
		return err
	}
	a := nexusArgs{cmd: cmd}
	args = args[1:]
	fs := flag.NewFlagSet("levy nexus "+a.cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, nexusUsage) }
	env := envOfContext(ctx)
	a.registerLocal(fs, env)
	fs.StringVar(&a.tenant, "tenant", levy.DefaultTenant, "tenant whose sellers to report on (with --server, the credential's)")
	var asOf dateFlag
	share := ""
	if a.cmd == "report" {
		a.registerServer(fs, env, "base URL of a running levy serve, to read the report through",
			"with --server: its secret (best in the environment)", "with --server: the admin audience of the server")
		fs.StringVar(&a.format, "format", "text", "text, csv or json (one object per line)")
		fs.StringVar(&a.company, "company", "", "the seller company code to report on (every company with sales when absent)")
		fs.StringVar(&a.registrations, "registrations", "", "a CSV list of registrations (state, company, effective, end, number)")
		fs.Var(&asOf, "as-of", "the day of the statuses (YYYY-MM-DD; today when absent)")
		fs.StringVar(&share, "share", share, "the share of a threshold from which a state is approaching (the tenant's policy's, else 0.8, when absent)")
	} else {
		fs.BoolVar(&a.repair, "repair", false, "replace the stored figures with those recomputed from the journal when they differ")
	}
	if helpRequested(args) {
		printHelp(stdout, nexusUsage, fs, commandEnv([]string{"nexus"}))
		return nil
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	given := givenFlags(fs)
	// Unlike journal and profile, LEVY_SERVER wins when the environment
	// gives both ways.
	if err := a.choose(given, "--server reads the report through a running server, --data-dir and --database open the journal here: give one"); err != nil {
		return err
	}
	a.asOf, a.tenantGiven, a.companyGiven = asOf.d, given["tenant"], given["company"]
	if a.companyGiven {
		if err := checkCompany(a.company); err != nil {
			return err
		}
	}
	if a.asOf.IsZero() {
		a.asOf = civil.Today()
	}
	if a.asOf.Year < 2000 || a.asOf.Year > 2100 {
		return badFlag("as-of", "--as-of %s is out of range (2000 to 2100)", a.asOf)
	}
	// Without --share the report takes the tenant's policy's share, else
	// 0.8 (a zero share).
	if given["share"] {
		if a.share, err = decimal.NewFromString(share); err != nil || a.share.Sign() <= 0 || a.share.GreaterThan(decimal.NewFromInt(1)) {
			return badFlag("share", "--share %q is not a share above 0 and at most 1 (0.8 is 80%%)", share)
		}
	}
	a.format = strings.ToLower(a.format)
	if a.cmd == "report" && a.format != nexus.FormatText && a.format != nexus.FormatCSV && a.format != nexus.FormatJSON {
		return badFlag("format", "unknown --format %q: text, csv or json", a.format)
	}
	if a.remote.base != "" {
		if a.registrations != "" {
			return badFlags([]string{"registrations", "server"}, "--registrations does not go with --server: the server reads the tenant's stored registrations")
		}
		if err := a.remote.check(); err != nil {
			return err
		}
		return runNexusRemote(ctx, a, stdout, stderr)
	}
	return runNexusLocal(ctx, a, stdout, stderr)
}

// runNexusLocal runs a nexus command over a data directory or a
// database.
func runNexusLocal(ctx context.Context, a nexusArgs, stdout, stderr io.Writer) error {
	// The list is read first: a fault in it is named before the journal
	// is opened.
	regs, err := readRegistrations(a.registrations)
	if err != nil {
		return err
	}
	st, store, err := a.openJournal(ctx, a.whenServer())
	if err != nil {
		return err
	}
	defer st.Close()
	if a.cmd == "rebuild" {
		res, err := nexus.Rebuild(ctx, store, a.tenant, a.repair)
		if err != nil {
			return err
		}
		if res.Repaired {
			noteDone(stdout, func() string { return fmt.Sprintf("the nexus figures of tenant %s were repaired", a.tenant) })
		}
		if err := res.WriteText(stdout); err != nil {
			return err
		}
		if (len(res.Differences) > 0 || len(res.Months) > 0) && !res.Repaired {
			return errors.New("the stored figures differ from the journal")
		}
		return nil
	}
	rules, err := data.Default().Nexus()
	if err != nil {
		return err
	}
	o := nexus.Options{AsOf: a.asOf, Share: a.share, Company: a.company, CompanySet: a.companyGiven, Registrations: regs}
	if p, err := nexusProfile(ctx, st, &a); err != nil {
		return err
	} else if p != nil {
		o.Profile = p
	}
	rep, err := nexus.Build(ctx, store, rules, a.tenant, o)
	if err != nil {
		return err
	}
	if err := rep.Write(stdout, a.format); err != nil {
		return asPrinted(stdout, err)
	}
	return hintNexusCompanies(stderr, rep, &a, func() (*nexus.Report, error) {
		every := o
		every.Company, every.CompanySet = "", false
		return nexus.Build(ctx, store, rules, a.tenant, every)
	})
}

// readRegistrations reads the list of --registrations (none for "").
func readRegistrations(path string) ([]nexus.Registration, error) {
	if path == "" {
		return nil, nil
	}
	f, err := openReadable("--registrations", path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	regs, err := nexus.ReadRegistrations(f)
	if err != nil {
		return nil, fmt.Errorf("--registrations %s: %w", path, err)
	}
	return regs, nil
}

// whenServer is what the command can do through a running levy serve
// that holds the data directory (heldError.Server): the report has
// --server; no route of a server rebuilds or repairs the figures, so
// the server is stopped for that.
func (a *nexusArgs) whenServer() string {
	if a.cmd == "rebuild" {
		return ""
	}
	return withAdminCredential("read the report through it")
}

// nexusProfile returns the tenant's tax profile stored beside the
// journal (an empty one when the tenant has none), for the command a.
func nexusProfile(ctx context.Context, st *storage, a *nexusArgs) (*profile.Snapshot, error) {
	store, err := st.profiles(ctx)
	if err != nil {
		return nil, whenHeld(err, badgerDir(a.dataDir, a.database), a.whenServer())
	}
	return profile.NewCache(store, st.log).Snapshot(ctx, a.tenant)
}

// runNexusRemote reads the report through a running server.
func runNexusRemote(ctx context.Context, a nexusArgs, stdout, stderr io.Writer) error {
	r := &a.remote
	q := url.Values{"asOf": {a.asOf.String()}}
	if !a.share.IsZero() {
		q.Set("share", a.share.String())
	}
	if a.companyGiven {
		q.Set("company", a.company)
	}
	if a.tenantGiven {
		q.Set("tenant", a.tenant)
	}
	path := strings.TrimPrefix(nexusadmin.ReportRoute, "GET ")
	report := func(q url.Values) (*nexus.Report, error) {
		return getData[nexus.Report](ctx, r, path, q, "report", "report")
	}
	every := func() (*nexus.Report, error) {
		q := maps.Clone(q)
		q.Del("company")
		return report(q)
	}
	switch a.format {
	case nexus.FormatJSON, nexus.FormatCSV:
		fq := maps.Clone(q)
		fq.Set("format", map[string]string{nexus.FormatJSON: "jsonl", nexus.FormatCSV: "csv"}[a.format])
		if err := copyNexusReport(ctx, r, path, fq, stdout); err != nil {
			return err
		}
		if !a.companyGiven {
			return nil
		}
		// The streamed rows are not read here: the hint reads the
		// company's report as data.
		rep, err := report(q)
		if err != nil {
			return err
		}
		return hintNexusCompanies(stderr, rep, &a, every)
	}
	rep, err := report(q)
	if err != nil {
		return err
	}
	if err := rep.Write(stdout, nexus.FormatText); err != nil {
		return asPrinted(stdout, err)
	}
	return hintNexusCompanies(stderr, rep, &a, every)
}

// copyNexusReport copies the report the server writes in the format of
// q to stdout.
func copyNexusReport(ctx context.Context, r *remote, path string, q url.Values, stdout io.Writer) error {
	resp, err := r.get(ctx, path, q)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	_, err = io.Copy(stdout, resp.Body)
	return err
}
