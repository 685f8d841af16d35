package cli

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
)

const dataUsage = `usage:
  levy data coverage [--content FILE ...] [--content-date D] [--state ST|PROVINCE] [--format markdown|json]
  levy data coverage --country BR [--content br-iss:FILE ...] [--date D] [--format markdown|json]
  levy data coverage --taxability [--date D] [--state ST] [--format text|markdown|json]

coverage prints, for each US state, how its local sales tax content was
reconciled, its sources and their dates, how many local jurisdictions,
places and ZIP codes it covers, how the state sources sales, and what the
content leaves out (local taxes outside the sales tax that Levy lacks
included): the embedded dataset's, with any content loaded over it; in
markdown, then the taxes outside the sales tax that Levy charges: the
states' own (Hawaii's transient accommodations tax, charged at the
property), the cities' (Chicago's lease tax on SaaS, its amusement tax
on streaming), the Canadian provinces' outside the GST, HST, PST and QST
(Quebec's tax on lodging, Alberta's tourism levy), and Brazil's. --state
takes a US state's or a Canadian province's code ("QC"): a province's
coverage, in markdown, is its own taxes that Levy charges and those it
knows of and does not compute.

With --country BR it prints Brazil's alone on the date (today by default):
each state's ICMS rate, act, poverty-fund surcharges and DIFAL base, the
CBS and IBS by year, the sizes of the code lists and the municipal ISS
rates loaded as content.
data/COVERAGE.md holds the embedded dataset's tables.

With --taxability it prints the matrix of US states and product classes
in force on the date (today by default): whether each state taxes each
class, at which rate, and how its local taxes follow; with --state, that
state's rows with their dates, citations and decisions, and in text or
markdown the state's own taxes outside the sales tax and its local ones
in force on the date.
data/TAXABILITY.md holds the embedded dataset's matrix.
`

// printProvince prints the coverage of the Canadian province code (a
// postal abbreviation, "QC") for coverage --state: the province's own
// taxes outside the GST, HST, PST and QST that Levy charges, and the taxes
// it knows of there and does not compute. It reports false, printing
// nothing, when the dataset has no such province.
func printProvince(ds *data.Dataset, code, format string, stdout io.Writer) (bool, error) {
	js, err := ds.Jurisdictions()
	if err != nil {
		return false, err
	}
	code = strings.ToUpper(code)
	j, ok := js.ByID("CA-" + code)
	if len(code) != 2 || !ok {
		return false, nil
	}
	if format != "markdown" {
		return true, badFlag("format", "--format %q: the coverage of a Canadian province (%s) is markdown only; the json lists US states", format, code)
	}
	tx, err := ds.Taxability()
	if err != nil {
		return true, err
	}
	var taxes []data.LocalTax
	for _, x := range tx.LocalTaxes() {
		if x.Country() == "CA" && x.Jurisdiction == j.ID {
			taxes = append(taxes, x)
		}
	}
	var lacking []data.LackingTax
	for _, x := range tx.LackingTaxes() {
		if x.Jurisdiction == j.ID {
			lacking = append(lacking, x)
		}
	}
	fmt.Fprintf(stdout, "Dataset %s\n\n%s (%s): Levy has no local content for a Canadian province; it knows the province's GST, HST, PST or QST "+
		"and its own taxes beside them (levy data coverage --taxability lists the US matrix only).\n", ds.Version(), j.Name, j.ID)
	if len(taxes) > 0 {
		fmt.Fprintf(stdout, "\nCanadian provincial taxes outside the GST, HST, PST and QST that Levy charges (taxes of the province's own jurisdiction "+
			"beside them, where the line's class is taxed: at the property for ACCOMMODATION):\n\n%s", data.LocalTaxesTable(taxes, civil.Date{}))
	} else {
		fmt.Fprintf(stdout, "\nLevy charges no tax of %s outside the GST, HST, PST and QST.\n", j.ID)
	}
	if len(lacking) > 0 {
		fmt.Fprintf(stdout, "\nTaxes that Levy knows of and does not compute (a line of ACCOMMODATION whose property is in the province "+
			"says so in assistedParameters, ruleName tax-not-computed; a municipality's tax is named at its province):\n\n%s",
			data.LackingTaxesTable(lacking, civil.Date{}))
	}
	return true, nil
}

// printLacks writes to w a line for each generated file that ds lacks
// (data.Dataset.Lacks), naming it and what is off without it.
func printLacks(ds *data.Dataset, w io.Writer) error {
	lacks, err := ds.Lacks()
	if err != nil {
		return err
	}
	for _, l := range lacks {
		if _, err := fmt.Fprintf(w, "levy: dataset %s lacks %s: %s\n", ds.Version(), l.File, l.Effect); err != nil {
			return fmt.Errorf("write the files dataset %s lacks: %w", ds.Version(), err)
		}
	}
	return nil
}

// runData runs the data commands.
func runData(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 && isHelp(args[0]) {
		printHelp(stdout, dataUsage, nil, nil)
		return nil
	}
	if len(args) == 0 {
		fmt.Fprint(stderr, dataUsage)
		return usageError{"data needs a subcommand: coverage"}
	}
	if args[0] != "coverage" {
		fmt.Fprint(stderr, dataUsage)
		return usageError{fmt.Sprintf("unknown data command %q: the command is coverage", args[0])}
	}
	fs := flag.NewFlagSet("levy data coverage", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, dataUsage) }
	var cf contentFlags
	cf.register(fs)
	state := fs.String("state", "", "only this US state or Canadian province (postal abbreviation)")
	format := fs.String("format", "", "markdown (a table) or json (one object per state); with --taxability also text, the default")
	taxability := fs.Bool("taxability", false, "print the matrix of states and product classes")
	date := fs.String("date", "", "with --taxability or --country BR: the day, YYYY-MM-DD (today by default)")
	country := fs.String("country", "", "BR: Brazil's coverage alone")
	if helpRequested(args[1:]) {
		printHelp(stdout, dataUsage, fs, nil)
		return nil
	}
	if err := parseArgs(fs, args[1:]); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError{"coverage takes flags only" + extraArg(fs.Args(), 0)}
	}
	if givenFlags(fs)["date"] && *date == "" {
		// An empty --date ("$DAY" unset) is not taken for today.
		return badFlag("date", "--date is empty: give a day, YYYY-MM-DD, or leave the flag out for today")
	}
	ds, err := cf.dataset(ctx)
	if err != nil {
		return err
	}
	if err := printLacks(ds, stderr); err != nil {
		return err
	}
	if *taxability {
		return printTaxability(ds, *state, *date, *format, stdout)
	}
	switch strings.ToUpper(*country) {
	case "":
	case "BR", "BRA":
		if *state != "" {
			return badFlag("state", "--state names a US state; --country BR prints every Brazilian state")
		}
		return printBrazil(ds, *date, *format, stdout)
	default:
		return badFlag("country", "--country %q: the coverage of countries other than the US is Brazil's alone (BR)", *country)
	}
	if *date != "" {
		return badFlag("date", "--date goes with --taxability (the local content's dates are --content-date)")
	}
	if *format == "" {
		*format = "markdown"
	}
	local, err := ds.Local()
	if err != nil {
		return err
	}
	var states []data.LocalState
	for _, s := range local.States() {
		if *state == "" || strings.EqualFold(s.Code, *state) {
			states = append(states, s)
		}
	}
	if len(states) == 0 {
		if ok, err := printProvince(ds, *state, *format, stdout); ok || err != nil {
			return err
		}
		return badFlag("state", "--state: no state or Canadian province %q in the dataset", *state)
	}
	switch *format {
	case "markdown":
		fmt.Fprintf(stdout, "Dataset %s\n\n%s", ds.Version(), data.CoverageTable(states))
		tx, err := ds.Taxability()
		if err != nil {
			return err
		}
		var stateTaxes, taxes, provinceTaxes []data.LocalTax
		for _, x := range tx.LocalTaxes() {
			switch {
			case x.Country() != "US":
				if *state == "" {
					provinceTaxes = append(provinceTaxes, x)
				}
			case *state != "" && !strings.EqualFold(x.State, *state):
			case x.StateTax():
				stateTaxes = append(stateTaxes, x)
			default:
				taxes = append(taxes, x)
			}
		}
		if len(stateTaxes) > 0 {
			fmt.Fprintf(stdout, "\nState taxes outside the sales tax that Levy charges (taxes of the state's own jurisdiction beside its sales tax or in its place, "+
				"where the line's class is taxed: at the property for ACCOMMODATION):\n\n%s", data.LocalTaxesTable(stateTaxes, civil.Date{}))
		}
		if len(taxes) > 0 {
			fmt.Fprintf(stdout, "\nLocal taxes outside the sales tax that Levy charges (taxes of a city or county, at the customer's address):\n\n%s",
				data.LocalTaxesTable(taxes, civil.Date{}))
		}
		if len(provinceTaxes) > 0 {
			fmt.Fprintf(stdout, "\nCanadian provincial taxes outside the GST, HST, PST and QST that Levy charges (taxes of the province's own jurisdiction "+
				"beside them, where the line's class is taxed: at the property for ACCOMMODATION):\n\n%s", data.LocalTaxesTable(provinceTaxes, civil.Date{}))
		}
		var lacking []data.LackingTax
		for _, x := range tx.LackingTaxes() {
			if *state == "" || strings.EqualFold(x.State, *state) {
				lacking = append(lacking, x)
			}
		}
		if len(lacking) > 0 {
			fmt.Fprintf(stdout, "\nTaxes that Levy knows of and does not compute (a line of a class listed whose customer is in the jurisdiction, "+
				"or for ACCOMMODATION whose property is, says so in assistedParameters, ruleName tax-not-computed; a Canadian municipality's tax "+
				"is named at its province):\n\n%s", data.LackingTaxesTable(lacking, civil.Date{}))
		}
		if *state == "" {
			c, err := brazilCoverage(ds, "")
			if err != nil {
				return err
			}
			fmt.Fprintf(stdout, "\n## Brazil\n\n%s", c.Markdown())
		}
	case "json":
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(states)
	default:
		return badFlag("format", "--format %q is not markdown or json", *format)
	}
	return nil
}
