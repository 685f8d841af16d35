package cli

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/journal"
)

// dataDirEnv names the environment variable of --data-dir.
const dataDirEnv = "LEVY_DATA_DIR"

// The help of the admin credential's flags, as levy journal and levy
// profile give it.
const (
	clientIDUsage     = "with --server: the client ID of an admin credential"
	clientSecretUsage = "with --server: its secret (best in the environment, where other users cannot read it)"
	audienceUsage     = "with --server: the admin audience of the server (levy serve --admin-audience)"
	insecureHTTPUsage = "with --server: allow an http:// URL of another machine, to which the client secret and the admin token go unencrypted (loopback and https need no flag)"
)

// subcommand reads the command of a command group (levy NAME CMD ...),
// one of cmds: without one, or with one that is not among them, it prints
// usage on stderr and fails; on -h it prints usage on stdout. It returns
// "" when the command is done, with the error to end it with (nil after
// -h). noun is what the command is called in the messages ("command").
func subcommand(args []string, name, noun, usage string, cmds []string, stdout, stderr io.Writer) (string, error) {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return "", usageError{fmt.Sprintf("%s needs a %s: %s", name, noun, orList(cmds))}
	}
	if isHelp(args[0]) {
		printHelp(stdout, usage, nil, nil)
		return "", nil
	}
	if !slices.Contains(cmds, args[0]) {
		fmt.Fprint(stderr, usage)
		return "", usageError{fmt.Sprintf("unknown %s %s %q", name, noun, args[0])}
	}
	return args[0], nil
}

// orList joins words as a sentence does: "a, b or c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// parseFlags parses args, which are flags only: an argument left over is
// refused, as parseArgs refuses a flag given twice.
func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := parseArgs(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Sprintf("unexpected argument %q", fs.Arg(0))}
	}
	return nil
}

// givenFlags returns the names of the flags given on the command line.
func givenFlags(fs *flag.FlagSet) map[string]bool {
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	return given
}

// storeFlags are the flags by which a command finds the stores it works
// on: a data directory or a database here, or, for the commands that can
// work through one, a running levy serve and an admin credential of it.
type storeFlags struct {
	dataDir, database string
	remote            remote
}

// registerLocal adds --data-dir and --database, which default to their
// environment variables as env reads them.
func (s *storeFlags) registerLocal(fs *flag.FlagSet, env envReader) {
	env.stringVar(fs, &s.dataDir, "data-dir", dataDirEnv, "data directory, which no server holds")
	env.stringVar(fs, &s.database, "database", databaseEnv, databaseUsage)
}

// registerServer adds --server, whose help is server, and the flags of
// the admin credential, whose help is secret and audience beside
// clientIDUsage; each defaults to its environment variable as env reads
// it.
func (s *storeFlags) registerServer(fs *flag.FlagSet, env envReader, server, secret, audience string) {
	env.stringVar(fs, &s.remote.base, "server", serverEnv, server)
	env.stringVar(fs, &s.remote.clientID, "client-id", clientIDEnv, clientIDUsage)
	env.stringVar(fs, &s.remote.secret, "client-secret", clientSecretEnv, secret)
	fs.StringVar(&s.remote.audience, "audience", cmp.Or(env("audience", adminAudEnv), oauth.DefaultAdminAudience), audience)
	fs.BoolVar(&s.remote.insecure, "insecure-http", false, insecureHTTPUsage)
}

// storeEnv names the environment variables of the store flags, and of
// the flags of more (pairs of a flag and its variable), for printHelp.
func storeEnv(more ...string) func(string) string {
	return envOf(append([]string{"data-dir", dataDirEnv, "database", databaseEnv, "server", serverEnv,
		"client-id", clientIDEnv, "client-secret", clientSecretEnv, "audience", adminAudEnv}, more...)...)
}

// choose settles whether the command works here or through the server.
// A flag on the command line wins over the variables of the other way:
// LEVY_DATA_DIR set for the server does not stand in the way of
// --server, nor LEVY_SERVER in that of --data-dir. Both ways on the
// command line are refused with the message both, and so are both ways
// given by the environment alone. One way is required.
func (s *storeFlags) choose(given map[string]bool, both string) error {
	switch local := given["data-dir"] || given["database"]; {
	case given["server"] && local:
		names := []string{"server"}
		for _, n := range []string{"data-dir", "database"} {
			if given[n] {
				names = append(names, n)
			}
		}
		return badFlags(names, both)
	case given["server"]:
		s.dataDir, s.database = "", ""
	case local:
		s.remote.base = ""
	}
	if s.remote.base != "" && (s.dataDir != "" || s.database != "") {
		return badFlags([]string{"server", "data-dir", "database"}, fmt.Sprintf("%s and %s or %s are both set: give --server or --data-dir on the command line", serverEnv, dataDirEnv, databaseEnv))
	}
	if s.remote.base == "" && s.dataDir == "" && s.database == "" {
		return badFlags([]string{"data-dir", "database", "server"}, "--data-dir, --database or --server is required")
	}
	return nil
}

// openJournal opens the storage and the tax journal of the data directory
// or the database, for a command that reads the journal here. A data
// directory without a journal is refused before anything is opened;
// when another Levy process holds the directory, the error is a
// *heldError with server, what to do through a running server instead.
// The caller closes the storage.
func (s *storeFlags) openJournal(ctx context.Context, server string) (*storage, journal.Store, error) {
	if s.database == "" {
		if err := checkDataDir(s.dataDir); err != nil {
			return nil, nil, err
		}
		if _, err := os.Stat(journalDir(s.dataDir)); err != nil {
			return nil, nil, fmt.Errorf("no tax journal in %s: %w", s.dataDir, err)
		}
	}
	st, err := openStorage(ctx, s.dataDir, s.database, nil, false)
	if err != nil {
		return nil, nil, err
	}
	store, _, err := st.journal(ctx)
	if err != nil {
		_ = st.Close()
		return nil, nil, whenHeld(err, badgerDir(s.dataDir, s.database), server)
	}
	return st, store, nil
}

// checkFlagsApply refuses a flag given to a subcommand it does not serve.
// A flag serves the subcommands its usage names at the start of a part,
// "export, list: the profile as it was then" or "export: jsonl or csv;
// intrastat: csv or json"; a flag whose usage names none serves every
// subcommand of cmds.
// group names the command in the error ("levy profile").
func checkFlagsApply(fs *flag.FlagSet, group, cmd string, cmds []string) error {
	var err error
	fs.Visit(func(f *flag.Flag) {
		if serves := flagServes(f.Usage, cmds); err == nil && serves != nil && !slices.Contains(serves, cmd) {
			err = badFlag(f.Name, "--%s is a flag of %s %s only, not of %s", f.Name, group, strings.Join(serves, " and "), cmd)
		}
	})
	return err
}

// flagServes returns the subcommands of cmds that a flag's usage names at
// the start of its parts, or nil when it names none.
func flagServes(usage string, cmds []string) []string {
	var serves []string
	for part := range strings.SplitSeq(usage, "; ") {
		head, _, ok := strings.Cut(part, ": ")
		if !ok {
			continue
		}
		names := strings.Split(head, ", ")
		if !slices.ContainsFunc(names, func(n string) bool { return !slices.Contains(cmds, n) }) {
			serves = append(serves, names...)
		}
	}
	return serves
}
