package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/levytax/levy"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/internal/jsonbody"
)

const calcUsage = `usage: levy calc sale|purchase|owner [--data-dir DIR | --database URL] [--tenant T] [FILE]

Calculates one v2 request body, read from FILE or standard input, and
prints the response. With a journal (--data-dir or --database), the
message types that the wire format stores go into it.
`

// maxRequest bounds a request read by `levy calc`.
const maxRequest = 64 << 20

// runCalc calculates one request: levy calc sale|purchase|owner
// [--data-dir DIR] [--tenant T] [FILE], reading the JSON body from FILE
// or standard input and printing the response. With a data directory,
// the calculations the wire format stores go into its tax journal.
func runCalc(ctx context.Context, args []string, stdin io.Reader, stdout io.Writer) error {
	if len(args) == 0 {
		return usageError{"calc needs a perspective and an optional file: levy calc sale|purchase|owner [--data-dir DIR | --database URL] [FILE]"}
	}
	if isHelp(args[0]) {
		printHelp(stdout, calcUsage, nil, nil)
		return nil
	}
	fs := flag.NewFlagSet("levy calc "+args[0], flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	dataDir := fs.String("data-dir", "", "data directory whose tax journal stores the calculation")
	database := fs.String("database", os.Getenv(databaseEnv), "PostgreSQL database whose tax journal stores the calculation, instead of --data-dir")
	tenant := fs.String("tenant", levy.DefaultTenant, "tenant of the stored calculation")
	var cf contentFlags
	cf.register(fs)
	if helpRequested(args[1:]) {
		printHelp(stdout, calcUsage, fs, envOf("database", databaseEnv))
		return nil
	}
	if err := fs.Parse(args[1:]); err != nil {
		return usageError{err.Error()}
	}
	if fs.NArg() > 1 {
		return usageError{"calc takes one file at most"}
	}
	in := stdin
	if fs.NArg() == 1 && fs.Arg(0) != "-" {
		f, err := os.Open(fs.Arg(0))
		if err != nil {
			return err
		}
		defer f.Close()
		in = f
	}
	e, ctx, closeJournal, err := journalEngine(ctx, cf.engineOptions(), *dataDir, *database, *tenant, nil)
	if err != nil {
		return err
	}
	defer closeJournal()
	var resp any
	switch args[0] {
	case "sale":
		var req engine.SaleRequest
		if err := jsonbody.Decode(in, &req, maxRequest); err != nil {
			return err
		}
		resp, err = e.Sale(ctx, &req)
	case "purchase":
		var req engine.PurchaseRequest
		if err := jsonbody.Decode(in, &req, maxRequest); err != nil {
			return err
		}
		resp, err = e.Purchase(ctx, &req)
	case "owner":
		var req engine.OwnerRequest
		if err := jsonbody.Decode(in, &req, maxRequest); err != nil {
			return err
		}
		resp, err = e.Owner(ctx, &req)
	default:
		return usageError{fmt.Sprintf("unknown perspective %q: sale, purchase or owner", args[0])}
	}
	if err != nil {
		return err
	}
	return printJSON(stdout, resp)
}

// printJSON writes v as indented JSON.
func printJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
