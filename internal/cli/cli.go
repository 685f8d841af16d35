// Package cli is the levy command: Run parses a command line and runs
// its command. Each command, or group of commands, has a file of its own
// with its flags, its usage and a run function that calls Levy's
// packages (version.go, lookup.go, calc.go, batch.go, journal.go,
// nexus.go, serve.go, clients.go, webhook.go, data.go, profile.go); the
// flag types that several share are in flags.go, the output helpers in
// output.go, the exit statuses and usage errors in exit.go, the help in
// help.go, and the reading of the flags' environment variables in
// env.go.
// cmd/levy calls Run and exits.
package cli

import (
	"context"
	"fmt"
	"io"
	"os/signal"
	"slices"
	"strings"
	"syscall"
)

const usage = `usage: levy <command> [arguments]

commands:
  version   print the program and dataset versions
  lookup    find tax areas: levy lookup address|point|taxarea|code|changed -h
  calc      calculate a request: levy calc sale|purchase|owner [--data-dir DIR] [FILE]
  batch     calculate a file of requests, one per line, on every core: levy batch sale|purchase|owner --in FILE --out FILE (-h)
  journal   report on or export the tax journal, declare Intrastat: levy journal report|export|intrastat -h
  profile   import, export, list, show and delete tenants' customers, certificates, registrations and products: levy profile import|export|list|show|delete -h
  nexus     where must I register? economic nexus per state and the EU threshold: levy nexus report|rebuild -h
  serve     serve the HTTP API: levy serve --addr HOST:PORT --data-dir DIR (levy serve -h)
  clients   manage API credentials and signing keys: levy clients create|rotate|revoke|list|rotate-key|keys|retire-key -h
  webhook   receive signed e-invoicing events (levy webhook receive -h), list and replay dead letters (levy webhook dead-letters -h)
  einvoice  render a stored invoice as an EN 16931 e-invoice, UBL or CII: levy einvoice render --data-dir DIR --transaction ID -h
  data      what the content covers: US local taxes state by state, the US taxability matrix (--taxability), Brazil (--country BR): levy data coverage -h

levy help COMMAND [SUBCOMMAND] prints that command's help, as levy COMMAND [SUBCOMMAND] -h does.
`

// commands are the names of levy's commands, in the order of usage;
// levy help CMD knows these.
var commands = []string{"version", "lookup", "calc", "batch", "journal", "profile", "nexus", "serve", "clients", "webhook", "einvoice", "data"}

// Run executes the command of args (the program's arguments without its
// name), reading standard input from stdin, and returns the process exit
// code: 0 on success, 1 when the command failed, 2 for a usage error.
// The end of ctx stops a command in order (levy serve drains its
// requests, levy batch writes what it answered). A write to stdout that
// fails (a reader gone, a full disk) ends the command with exit code 1
// at least and a message on stderr naming what it stored nonetheless.
func Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	// A reader of standard output that goes away (levy journal export |
	// head) makes a write fail with EPIPE, which finish reports, rather
	// than killing levy with SIGPIPE in silence, after whatever it
	// stored. Every write to standard output goes through out.
	signal.Ignore(syscall.SIGPIPE)
	out := &stdoutWriter{w: stdout}
	stdout = out
	if ran, err := runCommand(ctx, args, stdin, stdout, stderr); ran {
		return finish(fromEnvNote(args, err, envOfContext(ctx)), out, stderr)
	}
	switch args[0] {
	case "help", "-h", "--help":
		if args[0] == "help" && len(args) > 1 && !isHelp(args[1]) {
			// levy help CMD [SUB...] is levy CMD [SUB...] -h.
			if !slices.Contains(commands, args[1]) {
				fmt.Fprintf(stderr, "levy help: unknown command %q; the commands are %s\n", args[1], strings.Join(commands, ", "))
				return 2
			}
			return Run(ctx, append(slices.Clone(args[1:]), "-h"), stdin, out.w, stderr)
		}
		fmt.Fprint(stdout, usage)
		return finish(nil, out, stderr)
	}
	fmt.Fprintf(stderr, "levy: unknown command %q\n%s", args[0], usage)
	return 2
}

// runCommand runs the command that args (not empty) name, one of
// commands, and returns its error; ran is false, and nothing is run,
// when args[0] is none of them.
func runCommand(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) (ran bool, err error) {
	switch args[0] {
	case "version":
		err = runVersion(args[1:], stdout)
	case "lookup":
		err = runLookup(ctx, args[1:], stdout, stderr)
	case "calc":
		err = runCalc(ctx, args[1:], stdin, stdout, stderr)
	case "batch":
		err = runBatch(ctx, args[1:], stdin, stdout, stderr)
	case "journal":
		err = runJournal(ctx, args[1:], stdout, stderr)
	case "nexus":
		err = runNexus(ctx, args[1:], stdout, stderr)
	case "clients":
		err = runClients(ctx, args[1:], stdout, stderr)
	case "profile":
		err = runProfile(ctx, args[1:], stdout, stderr)
	case "serve":
		err = runServe(ctx, args[1:], stdout, stderr, serveConfig{})
	case "webhook":
		err = runWebhook(ctx, args[1:], stdout, stderr)
	case "einvoice":
		err = runEInvoice(ctx, args[1:], stdout, stderr) // einvoice_render.go
	case "data":
		err = runData(ctx, args[1:], stdout, stderr)
	default:
		return false, nil
	}
	return true, err
}
