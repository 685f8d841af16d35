package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"

	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/einvoice"
)

// einvoiceDir is where a data directory keeps e-invoicing documents,
// webhook connections and the event outbox.
func einvoiceDir(dataDir string) string { return filepath.Join(dataDir, "einvoice") }

// openEInvoice opens the e-invoicing store of a data directory and the
// service over it, whose default transmitter delivers to the outbox
// directory beside the store. The function it returns closes both, the
// service first.
func openEInvoice(ctx context.Context, dataDir string, cfg einvoice.Config) (*einvoice.Service, func() error, error) {
	dir := einvoiceDir(dataDir)
	store, err := badger.OpenEInvoice(ctx, dir, badger.WithLogger(cfg.Logger))
	if err != nil {
		return nil, nil, err
	}
	if cfg.OutboxDir == "" {
		cfg.OutboxDir = filepath.Join(dir, "outbox")
	}
	svc, err := einvoice.New(ctx, store, cfg)
	if err != nil {
		_ = store.Close()
		return nil, nil, err
	}
	return svc, func() error { return errors.Join(svc.Close(), store.Close()) }, nil
}

const deadLettersUsage = `usage:
  levy webhook dead-letters list   --data-dir DIR [--tenant NAME]
  levy webhook dead-letters replay --data-dir DIR EVENT_ID [EVENT_ID ...]
  levy webhook dead-letters replay --data-dir DIR --all [--tenant NAME]

The dead-letter list holds the webhook events whose delivery was given up
after the last attempt. replay puts them back in their connection's queue
with the same Idempotency-Key; the server sends them when it next runs.
These work on a data directory that no server holds open; a running
server offers the same under /admin/v1/einvoicing/dead-letters.
`

// runDeadLetters lists or replays the dead letters of a data directory.
func runDeadLetters(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usageError{"dead-letters needs a subcommand\n" + deadLettersUsage}
	}
	fs := flag.NewFlagSet("levy webhook dead-letters "+args[0], flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	dataDir := fs.String("data-dir", "", "the server's data directory")
	tenant := fs.String("tenant", "", "only the dead letters of this tenant")
	all := fs.Bool("all", false, "replay every dead letter (of --tenant, if given)")
	if err := fs.Parse(args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stderr, deadLettersUsage)
			return nil
		}
		return usageError{err.Error()}
	}
	if *dataDir == "" {
		return usageError{"dead-letters needs --data-dir DIR"}
	}
	switch {
	case args[0] == "list" && fs.NArg() == 0 && !*all:
	case args[0] == "replay" && (fs.NArg() > 0) != *all:
	case args[0] == "list" || args[0] == "replay":
		return usageError{"wrong arguments\n" + deadLettersUsage}
	default:
		return usageError{fmt.Sprintf("unknown subcommand %q\n%s", args[0], deadLettersUsage)}
	}
	svc, closeSvc, err := openEInvoice(ctx, *dataDir, einvoice.Config{Passive: true})
	if err != nil {
		return fmt.Errorf("opening the e-invoicing store of %s (a running server holds it; use its /admin/v1/einvoicing routes): %w", *dataDir, err)
	}
	defer closeSvc()
	if args[0] == "list" {
		list, err := svc.DeadLetters(ctx, *tenant)
		if err != nil {
			return err
		}
		return printJSON(stdout, list)
	}
	ids := fs.Args()
	if *all {
		list, err := svc.DeadLetters(ctx, *tenant)
		if err != nil {
			return err
		}
		for _, dl := range list {
			ids = append(ids, dl.EventID)
		}
	}
	replayed := []einvoice.DeadLetter{}
	for _, id := range ids {
		dl, err := svc.Replay(ctx, id)
		if err != nil {
			fmt.Fprintf(stderr, "levy: replay %s: %v\n", id, err)
			continue
		}
		replayed = append(replayed, dl)
	}
	if err := printJSON(stdout, replayed); err != nil {
		return err
	}
	if len(replayed) < len(ids) {
		return fmt.Errorf("%d of %d dead letters were not replayed", len(ids)-len(replayed), len(ids))
	}
	return nil
}
