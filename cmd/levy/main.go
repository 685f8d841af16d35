// Command levy is the command-line face of the Levy tax engine.
//
//	levy version                      the program and dataset versions
//	levy lookup address [flags]       tax areas of a postal address
//	levy lookup point LAT LNG         tax area at a point
//	levy lookup taxarea ID            jurisdictions of a tax area
//	levy lookup code CODE --country C tax areas of a government code
//	levy lookup changed --from D [--to D] [--id ID]
//	levy calc sale|purchase|owner [FILE]  calculate a request (JSON from FILE or stdin)
//	levy batch sale|purchase|owner [--in FILE] [--out FILE]  a file of requests, one per line, on every core
//	levy journal report|export --data-dir DIR [--from D] [--to D]
//	levy serve --addr HOST:PORT --data-dir DIR   the HTTP API
//	levy clients create|rotate|revoke|list|rotate-key --data-dir DIR   API credentials
//	levy webhook receive --addr HOST:PORT --target-url URL   accept signed e-invoicing events
//	levy webhook dead-letters list|replay --data-dir DIR     events given up after the last attempt
//	levy data coverage [--content FILE]                      what the US local content covers, state by state
//
// calc, lookup, serve and data coverage take --content FILE (repeatable)
// to load rate and boundary files over the embedded content (see package
// data/content).
//
// Results are printed as JSON in the wire format of the HTTP API.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/levytax/levy"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

const usage = `usage: levy <command> [arguments]

commands:
  version   print the program and dataset versions
  lookup    find tax areas: levy lookup address|point|taxarea|code|changed -h
  calc      calculate a request: levy calc sale|purchase|owner [--data-dir DIR] [FILE]
  batch     calculate a file of requests, one per line, on every core: levy batch sale|purchase|owner --in FILE --out FILE (-h)
  journal   report on or export the tax journal: levy journal report|export -h
  serve     serve the HTTP API: levy serve --addr HOST:PORT --data-dir DIR (levy serve -h)
  clients   manage API credentials: levy clients create|rotate|revoke|list|rotate-key -h
  webhook   receive signed e-invoicing events (levy webhook receive -h), list and replay dead letters (levy webhook dead-letters -h)
  data      what the US local content covers, state by state: levy data coverage [--content FILE]
`

// run executes one command and returns the process exit code: 0 on
// success, 1 when the command failed, 2 for a usage error.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	var err error
	switch args[0] {
	case "version":
		err = runVersion(stdout)
	case "lookup":
		err = runLookup(ctx, args[1:], stdout, stderr)
	case "calc":
		err = runCalc(ctx, args[1:], os.Stdin, stdout)
	case "batch":
		err = runBatch(ctx, args[1:], os.Stdin, stdout, stderr)
	case "journal":
		err = runJournal(ctx, args[1:], stdout, stderr)
	case "clients":
		err = runClients(ctx, args[1:], stdout, stderr)
	case "serve":
		err = runServe(ctx, args[1:], stdout, stderr, serveConfig{})
	case "webhook":
		err = runWebhook(ctx, args[1:], stdout, stderr)
	case "data":
		err = runData(ctx, args[1:], stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "levy: unknown command %q\n%s", args[0], usage)
		return 2
	}
	if err == nil {
		return 0
	}
	var xe exitError
	if errors.As(err, &xe) {
		fmt.Fprintf(stderr, "levy: %v\n", err)
		return xe.code
	}
	var ue usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(stderr, "levy: %v\n", err)
		return 2
	}
	var le *levy.Error
	if errors.As(err, &le) && le.Field != "" {
		fmt.Fprintf(stderr, "levy: %s: %s\n", le.Field, le.Message)
		for _, e := range moreErrors(err) {
			fmt.Fprintf(stderr, "levy: %s: %s\n", e.Field, e.Message)
		}
		return 1
	}
	fmt.Fprintf(stderr, "levy: %v\n", err)
	return 1
}

// moreErrors returns the errors after the first of a levy.Errors list.
func moreErrors(err error) []*levy.Error {
	var es levy.Errors
	if errors.As(err, &es) && len(es) > 1 {
		return es[1:]
	}
	return nil
}

// usageError is a mistake in the command line.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }
