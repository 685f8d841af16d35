package cli

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"path/filepath"

	"github.com/levytax/levy/einvoice"
)

// einvoiceDir is where a data directory keeps e-invoicing documents,
// webhook connections and the event outbox.
func einvoiceDir(dataDir string) string { return filepath.Join(dataDir, "einvoice") }

const deadLettersUsage = `usage:
  levy webhook dead-letters list   --data-dir DIR | --database URL [--tenant NAME]
  levy webhook dead-letters replay --data-dir DIR | --database URL EVENT_ID [EVENT_ID ...]
  levy webhook dead-letters replay --data-dir DIR | --database URL --all [--tenant NAME]
  levy webhook dead-letters drop   --data-dir DIR | --database URL EVENT_ID [EVENT_ID ...]

The dead-letter list holds the webhook events whose delivery was given up
after the last attempt. replay puts them back in their connection's queue
with the same Idempotency-Key; the server sends them when it next runs.
drop removes them for good (a dead letter of a deleted connection, which
replay refuses, say) and prints them as they were.
With --database URL (env LEVY_DATABASE_URL) they work on the PostgreSQL
database of a cluster while its nodes run. With --data-dir they work on a
data directory that no server holds open; a running
server offers the same under /admin/v1/einvoicing/dead-letters.
`

// runDeadLetters lists or replays the dead letters of a data directory.
func runDeadLetters(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usageError{"dead-letters needs a subcommand\n" + deadLettersUsage}
	}
	if isHelp(args[0]) {
		printHelp(stdout, deadLettersUsage, nil, nil)
		return nil
	}
	fs := flag.NewFlagSet("levy webhook dead-letters "+args[0], flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	dataDir := fs.String("data-dir", "", "the server's data directory")
	database := new(string)
	envOfContext(ctx).stringVar(fs, database, "database", databaseEnv, databaseUsage)
	tenant := fs.String("tenant", "", "only the dead letters of this tenant")
	all := fs.Bool("all", false, "replay every dead letter (of --tenant, if given)")
	if helpRequested(args[1:]) {
		printHelp(stdout, deadLettersUsage, fs, commandEnv([]string{"webhook", "dead-letters"}))
		return nil
	}
	if err := parseArgs(fs, args[1:]); err != nil {
		return err
	}
	if *dataDir == "" && *database == "" {
		return badFlags([]string{"data-dir", "database"}, "dead-letters needs --data-dir DIR or --database URL")
	}
	switch {
	case args[0] == "list" && fs.NArg() == 0 && !*all:
	case args[0] == "replay" && (fs.NArg() > 0) != *all:
	case args[0] == "drop" && fs.NArg() > 0 && !*all:
	case (args[0] == "list" || args[0] == "replay") && fs.NArg() > 0:
		return usageError{fmt.Sprintf("unexpected argument %q\n%s", fs.Arg(0), deadLettersUsage)}
	case args[0] == "list" || args[0] == "replay" || args[0] == "drop":
		return usageError{"wrong arguments\n" + deadLettersUsage}
	default:
		return usageError{fmt.Sprintf("unknown subcommand %q\n%s", args[0], deadLettersUsage)}
	}
	// An event ID that is no GUID names no dead letter: it is refused
	// before the stores are opened, or a data directory made.
	for i, id := range fs.Args() {
		if !einvoice.IsGUID(id) {
			return usageError{fmt.Sprintf("EVENT_ID %d, %q, is not a GUID (8-4-4-4-12 hexadecimal digits)", i+1, id)}
		}
	}
	st, err := openStorage(ctx, *dataDir, *database, nil, false)
	if err != nil {
		return err
	}
	defer st.Close()
	svc, err := st.einvoice(ctx, einvoice.Config{Passive: true})
	if err != nil {
		return whenHeld(err, badgerDir(*dataDir, *database), "use its routes under /admin/v1/einvoicing/dead-letters with an admin credential of the tenant")
	}
	if args[0] == "list" {
		return printDeadLetters(ctx, svc, *tenant, stdout)
	}
	ids := fs.Args()
	if args[0] == "drop" {
		return eachDeadLetter(ids, "drop", "dropped", stdout, stderr, func(id string) (einvoice.DeadLetter, error) {
			return svc.DropDeadLetter(ctx, *tenant, id)
		})
	}
	if *all {
		// The IDs of every page first: the list does not change while
		// it is read, and a replayed event given up again meanwhile is
		// not replayed twice.
		err := eachDeadLetterPage(ctx, svc, *tenant, func(page []einvoice.DeadLetter) error {
			for _, dl := range page {
				ids = append(ids, dl.EventID)
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return eachDeadLetter(ids, "replay", "replayed", stdout, stderr, func(id string) (einvoice.DeadLetter, error) {
		return svc.Replay(ctx, *tenant, id)
	})
}

// deadLetterPageSize is how many dead letters the commands read at
// once; tests make it small.
var deadLetterPageSize = einvoice.MaxDeadLetterLimit

// eachDeadLetterPage calls fn with each page of the dead-letter list of
// tenant ("" for all), in the list's order, until the last or an error.
func eachDeadLetterPage(ctx context.Context, svc *einvoice.Service, tenant string, fn func([]einvoice.DeadLetter) error) error {
	after := ""
	for {
		page, err := svc.DeadLetterPage(ctx, tenant, after, deadLetterPageSize)
		if err != nil {
			return err
		}
		if err := fn(page.DeadLetters); err != nil {
			return err
		}
		if page.Next == "" {
			return nil
		}
		after = page.Next
	}
}

// printDeadLetters prints the dead-letter list of tenant ("" for all) as
// one JSON array, as printJSON would print it, a page at a time: a long
// list is not held whole.
func printDeadLetters(ctx context.Context, svc *einvoice.Service, tenant string, w io.Writer) error {
	n := 0
	err := eachDeadLetterPage(ctx, svc, tenant, func(page []einvoice.DeadLetter) error {
		for _, dl := range page {
			b, err := json.MarshalIndent(dl, "  ", "  ")
			if err != nil {
				return fmt.Errorf("dead letter %s: %w", dl.EventID, err)
			}
			sep := ",\n  "
			if n == 0 {
				sep = "[\n  "
			}
			n++
			if _, err := fmt.Fprintf(w, "%s%s", sep, b); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		if n > 0 {
			fmt.Fprintln(w) // the array stays unclosed: the list failed
		}
		return err
	}
	end := "\n]\n"
	if n == 0 {
		end = "[]\n"
	}
	_, err = io.WriteString(w, end)
	return err
}

// eachDeadLetter does act (verb, done in the past) to each dead letter of
// ids, prints those it did and fails when it failed on one, after saying
// why on stderr and going on with the others.
func eachDeadLetter(ids []string, verb, done string, stdout, stderr io.Writer, act func(id string) (einvoice.DeadLetter, error)) error {
	did := []einvoice.DeadLetter{}
	for _, id := range ids {
		dl, err := act(id)
		if err != nil {
			fmt.Fprintf(stderr, "levy: %s %s: %v\n", verb, id, err)
			continue
		}
		did = append(did, dl)
	}
	noteDone(stdout, func() string {
		if len(did) == 0 {
			return ""
		}
		return fmt.Sprintf("%s %s", counted(len(did), "dead letter"), map[bool]string{true: "was " + done, false: "were " + done}[len(did) == 1])
	})
	if err := printJSON(stdout, did); err != nil {
		return err
	}
	if len(did) < len(ids) {
		return fmt.Errorf("%d of %d dead letters were not %s", len(ids)-len(did), len(ids), done)
	}
	return nil
}
