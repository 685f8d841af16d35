package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"strings"

	"github.com/levytax/levy/internal/datagen"
	"github.com/levytax/levy/internal/datagen/states"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	err := run(ctx, os.Args[1:])
	stop()
	if errors.Is(err, flag.ErrHelp) {
		return
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "levydata:", err)
		os.Exit(1)
	}
}

// run parses the flags and runs the generator.
func run(ctx context.Context, args []string) error {
	fl := flag.NewFlagSet("levydata", flag.ContinueOnError)
	src := fl.String("src", "../shared/data", "folder of source data")
	out := fl.String("out", "data", "dataset package folder to write")
	open := fl.Bool("taxability-open", false, "only list the cells of the US taxability matrix that need a decision, and write nothing")
	only := fl.String("states", "", "with -taxability-open: the states to list, comma-separated (all when empty)")
	if err := fl.Parse(args); err != nil {
		return err
	}
	if fl.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fl.Args())
	}
	defs, err := states.All()
	if err != nil {
		return err
	}
	cfg := datagen.Config{Src: *src, States: defs, Log: slog.New(slog.NewTextHandler(os.Stderr, nil))}
	if *open {
		var list []string
		if *only != "" {
			list = strings.Split(strings.ToUpper(*only), ",")
		}
		return datagen.PrintOpenCells(cfg, os.Stdout, list)
	}
	return datagen.Run(ctx, cfg, *out)
}
