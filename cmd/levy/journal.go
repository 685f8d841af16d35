package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/journal"
)

const journalUsage = `usage:
  levy journal report --data-dir DIR | --database URL [--tenant T] [--from D] [--to D] [--json]
  levy journal export --data-dir DIR | --database URL [--tenant T] [--from D] [--to D] [--format jsonl|csv] [--out FILE] [--progress]

report prints what is owed per jurisdiction and imposition for transactions
posted from --from to --to (inclusive; open when absent). export writes the
transactions themselves; with --out, or --progress, it shows a progress bar
on standard error.
`

// journalDir is where a data directory keeps its tax journal.
func journalDir(dataDir string) string { return filepath.Join(dataDir, "journal") }

// runJournal reports on or exports the tax journal of a data directory.
func runJournal(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, journalUsage)
		return usageError{"journal needs a command: report or export"}
	}
	if isHelp(args[0]) {
		printHelp(stdout, journalUsage, nil, nil)
		return nil
	}
	cmd, args := args[0], args[1:]
	fs := flag.NewFlagSet("levy journal "+cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, journalUsage) }
	dataDir := fs.String("data-dir", os.Getenv("LEVY_DATA_DIR"), "data directory")
	database := fs.String("database", os.Getenv(databaseEnv), databaseUsage)
	tenant := fs.String("tenant", levy.DefaultTenant, "tenant whose journal to read")
	var from, to dateFlag
	fs.Var(&from, "from", "first posting date (YYYY-MM-DD)")
	fs.Var(&to, "to", "last posting date (YYYY-MM-DD)")
	asJSON := fs.Bool("json", false, "report: print JSON instead of a table")
	format := fs.String("format", string(journal.JSONLines), "export: jsonl or csv")
	out := fs.String("out", "", "export: write to this file instead of standard output")
	progress := fs.Bool("progress", false, "export: show a progress bar even when writing to standard output")
	switch cmd {
	case "report", "export":
	default:
		fmt.Fprint(stderr, journalUsage)
		return usageError{fmt.Sprintf("unknown journal command %q", cmd)}
	}
	if helpRequested(args) {
		printHelp(stdout, journalUsage, fs, envOf("data-dir", "LEVY_DATA_DIR", "database", databaseEnv))
		return nil
	}
	if err := fs.Parse(args); err != nil {
		return usageError{err.Error()}
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Sprintf("unexpected argument %q", fs.Arg(0))}
	}
	if *dataDir == "" && *database == "" {
		return usageError{"--data-dir or --database is required"}
	}
	if !from.d.IsZero() && !to.d.IsZero() && to.d.Before(from.d) {
		return usageError{"--to is before --from"}
	}
	if *database == "" {
		if _, err := os.Stat(journalDir(*dataDir)); err != nil {
			return fmt.Errorf("no tax journal in %s: %w", *dataDir, err)
		}
	}
	st, err := openStorage(ctx, *dataDir, *database, nil)
	if err != nil {
		return err
	}
	defer st.Close()
	store, _, err := st.journal(ctx)
	if err != nil {
		return err
	}
	if cmd == "report" {
		rep, err := journal.Summarize(ctx, store, *tenant, from.d, to.d)
		if err != nil {
			return err
		}
		if *asJSON {
			return printJSON(stdout, rep)
		}
		return rep.WriteText(stdout)
	}

	f := journal.Format(strings.ToLower(*format))
	if f != journal.JSONLines && f != journal.CSV {
		return usageError{fmt.Sprintf("unknown format %q: jsonl or csv", *format)}
	}
	w := stdout
	var file *os.File
	if *out != "" {
		if file, err = os.Create(*out); err != nil {
			return err
		}
		defer file.Close() // after an error; the good path closes it below
		w = file
	}
	var bar *progressBar
	if file != nil || *progress {
		total, err := journal.Count(ctx, store, *tenant, from.d, to.d)
		if err != nil {
			return err
		}
		bar = newProgressBar(stderr, total)
	}
	var report func(int)
	if bar != nil {
		report = bar.set
	}
	n, err := journal.Export(ctx, store, *tenant, from.d, to.d, f, w, report)
	if bar != nil {
		bar.done(n)
	}
	if err != nil {
		return err
	}
	if file != nil {
		if err := file.Close(); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "exported %d transactions to %s\n", n, *out)
	}
	return nil
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
