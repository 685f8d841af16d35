package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/levytax/levy/engine"
)

// maxRequest bounds a request read by `levy calc`.
const maxRequest = 64 << 20

// runCalc calculates one request: levy calc sale|purchase|owner [FILE],
// reading the JSON body from FILE or standard input and printing the
// response.
func runCalc(ctx context.Context, args []string, stdin io.Reader, stdout io.Writer) error {
	if len(args) == 0 || len(args) > 2 {
		return usageError{"calc needs a perspective and an optional file: levy calc sale|purchase|owner [FILE]"}
	}
	in := stdin
	if len(args) == 2 && args[1] != "-" {
		f, err := os.Open(args[1])
		if err != nil {
			return err
		}
		defer f.Close()
		in = f
	}
	e, err := engine.New(ctx)
	if err != nil {
		return err
	}
	var resp any
	switch args[0] {
	case "sale":
		var req engine.SaleRequest
		if err := engine.Decode(in, &req, maxRequest); err != nil {
			return err
		}
		resp, err = e.Sale(ctx, &req)
	case "purchase":
		var req engine.PurchaseRequest
		if err := engine.Decode(in, &req, maxRequest); err != nil {
			return err
		}
		resp, err = e.Purchase(ctx, &req)
	case "owner":
		var req engine.OwnerRequest
		if err := engine.Decode(in, &req, maxRequest); err != nil {
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
