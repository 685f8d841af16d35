package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/levytax/levy/data"
)

const dataUsage = `usage:
  levy data coverage [--content FILE ...] [--content-date D] [--state ST] [--format markdown|json]

coverage prints, for each US state, how its local sales tax content was
reconciled, its sources and their dates, how many local jurisdictions,
places and ZIP codes it covers, how the state sources sales, and what the
content leaves out: the embedded dataset's, with any content loaded over
it. data/COVERAGE.md holds the embedded dataset's table.
`

// runData runs the data commands.
func runData(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "coverage" {
		fmt.Fprint(stderr, dataUsage)
		return usageError{"data needs a subcommand: coverage"}
	}
	fs := flag.NewFlagSet("levy data coverage", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, dataUsage) }
	var cf contentFlags
	cf.register(fs)
	state := fs.String("state", "", "only this state (postal abbreviation)")
	format := fs.String("format", "markdown", "markdown (a table) or json (one object per state)")
	if err := fs.Parse(args[1:]); err != nil {
		return usageError{err.Error()}
	}
	if fs.NArg() > 0 {
		return usageError{"coverage takes flags only"}
	}
	ds, err := cf.dataset(ctx)
	if err != nil {
		return err
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
		return usageError{fmt.Sprintf("no state %q in the dataset", *state)}
	}
	switch *format {
	case "markdown":
		fmt.Fprintf(stdout, "Dataset %s\n\n%s", ds.Version(), data.CoverageTable(states))
	case "json":
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(states)
	default:
		return usageError{fmt.Sprintf("format %q is not markdown or json", *format)}
	}
	return nil
}
