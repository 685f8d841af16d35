package cli

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/auth"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/nexus"
	"github.com/levytax/levy/postgres"
	"github.com/levytax/levy/profile"
)

// databaseEnv names the environment variable of --database.
const databaseEnv = "LEVY_DATABASE_URL"

// databaseUsage is the help of --database.
const databaseUsage = "PostgreSQL database that holds the journal, the credentials and the e-invoicing queue, shared by every node (postgres://user:password@host/db); by default each store is Badger in the data directory"

// sharedPoll is how often a node over a shared database looks at it for
// what the other nodes changed: revocations, rotations and signing keys
// (auth.Issuer.Follow), documents and events to take over
// (einvoice.Config.PollInterval). A short poll of a version number rather
// than LISTEN/NOTIFY: it works through connection poolers that do not
// keep a session (PgBouncer in transaction mode), it needs no connection
// held open per node, and a missed notification cannot leave a node
// behind; one cheap query a second per node bounds the delay well within
// the 5 s a revocation may take to reach every node.
const sharedPoll = time.Second

// sharedLeaseTerm is the lease term of e-invoicing over a shared
// database, unless --einvoice-lease-term says otherwise: the work of a
// node that is killed waits that long for another node. A node renews
// the lease of a document it works on every third of the term and takes
// a connection's lease again before each delivery attempt, so a short
// term costs a renewal every 10 s of a long step, no work in flight.
const sharedLeaseTerm = 30 * time.Second

// storage opens the stores of Levy's state: Badger in subdirectories of
// a data directory (the default, one process at a time), or PostgreSQL
// when a database URL is given (any number of nodes). It closes what it
// opened, in reverse order, on Close.
type storage struct {
	dataDir string
	db      *postgres.DB // nil for Badger
	log     *slog.Logger
	closers []func() error
	profile profile.Store // once opened (see profiles)
	// nexusSent keeps the nexus watcher's records of its notices beside
	// the notices, in the e-invoicing store, once opened (see einvoice).
	nexusSent nexus.SentStore
}

// checkDataDir refuses a data directory that no command could mean: a
// name of spaces only, which would be made in the working directory, or
// an existing file.
func checkDataDir(dataDir string) error {
	if dataDir == "" {
		return nil
	}
	if strings.TrimSpace(dataDir) == "" {
		return badFlag("data-dir", "--data-dir %q: a directory name of spaces only", dataDir)
	}
	if fi, err := os.Stat(dataDir); err == nil && !fi.IsDir() {
		return badFlag("data-dir", "--data-dir %s is a file, not a directory", dataDir)
	}
	return nil
}

// openStorage opens the database of url, or prepares to open Badger
// stores in dataDir when url is empty. Only with upgrade (levy serve)
// does it migrate a database whose schema an older Levy wrote: a command
// run beside the nodes of that Levy would otherwise stop them, each
// answering 503 once the schema is newer than its own, so the command
// refuses the database and says how to upgrade. A database without
// Levy's schema is given one either way.
func openStorage(ctx context.Context, dataDir, url string, log *slog.Logger, upgrade bool) (*storage, error) {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	s := &storage{dataDir: dataDir, log: log}
	if url == "" && dataDir == "" {
		return nil, badFlags([]string{"data-dir", "database"}, "give --data-dir DIR (Badger) or --database URL (PostgreSQL, env "+databaseEnv+")")
	}
	if err := checkDataDir(dataDir); err != nil {
		return nil, err
	}
	if url != "" {
		// The database first: a URL that does not parse is refused before
		// the data directory is made.
		opts := []postgres.Option{postgres.WithLogger(log)}
		if !upgrade {
			opts = append(opts, postgres.WithoutUpgrade())
		}
		db, err := postgres.Open(ctx, url, opts...)
		if errors.Is(err, postgres.ErrURL) {
			return nil, badFlag("database", "--database (or %s): %v", databaseEnv, err)
		}
		if errors.Is(err, postgres.ErrOlderSchema) {
			return nil, fmt.Errorf("%w: the nodes serving it run an older Levy, which would stop serving were this command to migrate it; "+
				"upgrade them first (a levy serve of this version migrates the database at its start), or run this command with their Levy", err)
		}
		if err != nil {
			return nil, err
		}
		s.db = db
		s.closers = append(s.closers, db.Close)
	}
	if dataDir != "" {
		// Badger would make it; over a database the node still keeps its
		// delivered documents and development credential there.
		if err := os.MkdirAll(dataDir, 0o700); err != nil {
			_ = s.Close()
			return nil, flagError{"data-dir", exitError{2, fmt.Sprintf("--data-dir %s cannot be made: %v", dataDir, pathCause(err))}}
		}
	}
	return s, nil
}

// pathCause returns the cause of a file system error without the path,
// which the message that tells it names already.
func pathCause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// shared reports whether other nodes may share the stores.
func (s *storage) shared() bool { return s.db != nil }

// where names the stores for messages: the directory or "the database".
func (s *storage) where() string {
	if s.db != nil {
		return "the database"
	}
	return s.dataDir
}

// heldError is the error of a command that Badger's directory lock kept
// out of the data directory Dir: another process has it open. The holder
// may be any Levy process that opens the directory (a levy serve, a levy
// batch, another command), and this one cannot tell which, so the
// message names none as the holder. Every command that opens a data
// directory reports the lock with it, so that they all say the same.
type heldError struct {
	// Dir is the data directory.
	Dir string
	// Server is what the command can do through a running levy serve
	// instead ("read the journal through it with --server URL ..."),
	// or "" when a server offers nothing in its place.
	Server string
	// Err is Badger's refusal.
	Err error
}

func (e *heldError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "the data directory %s is held by another Levy process (levy serve, levy batch, ...), and Badger lets one process open it: "+
		"wait for that process to end, or stop it, and run this again", e.Dir)
	if e.Server != "" {
		b.WriteString("; or, when it is a levy serve, ")
		b.WriteString(e.Server)
	}
	b.WriteString(": ")
	b.WriteString(e.Err.Error())
	return b.String()
}

func (e *heldError) Unwrap() error { return e.Err }

// whenHeld returns err as a *heldError of the data directory dir when it
// is Badger's refusal of a directory that another process holds, with
// server, what the command can do through a running levy serve instead
// (see heldError.Server); any other error, and any error when dir is ""
// (the stores are a database's), it returns as it is.
func whenHeld(err error, dir, server string) error {
	var he *heldError
	if err == nil || dir == "" || errors.As(err, &he) || !badger.Held(err) {
		return err
	}
	return &heldError{Dir: dir, Server: server, Err: err}
}

// badgerDir is the data directory whose Badger stores a command opens:
// dataDir, or "" when url names a database to open instead.
func badgerDir(dataDir, url string) string {
	if url != "" {
		return ""
	}
	return dataDir
}

// withAdminCredential is how a command that has --server says to use it:
// the flag, its environment variable and the credential's.
func withAdminCredential(verb string) string {
	return fmt.Sprintf("%s with --server URL (env %s) and an admin credential (%s, %s)", verb, serverEnv, clientIDEnv, clientSecretEnv)
}

// journalEngine builds the engine of calc and batch: with a journal and
// the tenants' tax profiles when dataDir or url names them (the engine
// then applies the tenant's profile), the context then carrying tenant. It returns
// the engine, the context to calculate with, and the function that closes
// the journal. wrap, when not nil, stands between the engine and the
// journal: the engine posts to what it returns. Over a database the
// engine's profiles follow the changes other processes make (Cache.Follow)
// until that function is called.
func journalEngine(ctx context.Context, opts []engine.Option, dataDir, url, tenant string, wrap func(journal.Store) journal.Store) (*engine.Engine, context.Context, func() error, error) {
	closeAll := func() error { return nil }
	if dataDir != "" || url != "" {
		st, err := openStorage(ctx, dataDir, url, nil, false)
		if err != nil {
			return nil, nil, nil, err
		}
		store, _, err := st.journal(ctx)
		var cache *profile.Cache
		if err == nil {
			var profiles profile.Store
			if profiles, err = st.profiles(ctx); err == nil {
				cache = profile.NewCache(profiles, nil)
				// The engine reads the policy's EU figures from its own
				// snapshot; the source gives the journal's (see serve).
				opts = append(opts, engine.WithDistanceSales(nexus.NewEUSource(store, nil)), engine.WithProfiles(cache))
			}
		}
		if err != nil {
			_ = st.Close()
			return nil, nil, nil, whenHeld(err, badgerDir(dataDir, url),
				"calculate through its API (POST /api/v2/supplies, /procurement or /owner, with a credential of the tenant)")
		}
		closeAll = st.Close
		if st.shared() {
			// Other processes change the profile in a database (a
			// server's admin routes, an offline import) while a long
			// batch runs: each calculation reads the profile as it is
			// then, as a server's does, within a second of a change. A
			// data directory is this process's alone.
			followCtx, stop := context.WithCancel(context.WithoutCancel(ctx))
			followed := make(chan struct{})
			go func() { defer close(followed); cache.Follow(followCtx, profile.FollowInterval) }()
			closeAll = func() error {
				stop()
				<-followed
				return st.Close()
			}
		}
		// The EU distance sales (above) come from the journal's figures,
		// before any wrapping, or from the tenant's policy.
		if wrap != nil {
			store = wrap(store)
		}
		opts = append(opts, engine.WithJournal(store))
		ctx = levy.WithTenant(ctx, tenant)
	}
	e, err := engine.New(ctx, opts...)
	if err != nil {
		_ = closeAll()
		return nil, nil, nil, err
	}
	return e, ctx, closeAll, nil
}

// Close closes every store opened, the database last.
func (s *storage) Close() error {
	var errs []error
	for i := len(s.closers) - 1; i >= 0; i-- {
		errs = append(errs, s.closers[i]())
	}
	s.closers = nil
	return errors.Join(errs...)
}

// journal opens the tax journal and returns it with its health check.
func (s *storage) journal(ctx context.Context) (journal.Store, func(context.Context) error, error) {
	if s.db != nil {
		j := s.db.Journal()
		s.closers = append(s.closers, j.Close)
		return j, s.db.CheckWrite, nil
	}
	j, err := badger.OpenJournal(ctx, journalDir(s.dataDir), badger.WithLogger(s.log))
	if err != nil {
		return nil, nil, err
	}
	s.closers = append(s.closers, j.Close)
	return j, j.CheckWrite, nil
}

// auth opens the credentials store.
func (s *storage) auth(ctx context.Context) (auth.Store, error) {
	if s.db != nil {
		a := s.db.Auth()
		s.closers = append(s.closers, a.Close)
		return a, nil
	}
	a, err := badger.OpenAuth(ctx, authDir(s.dataDir), badger.WithLogger(s.log))
	if err != nil {
		return nil, err
	}
	s.closers = append(s.closers, a.Close)
	return a, nil
}

// einvoice opens the e-invoicing store and a Service over it, delivering
// to the outbox directory of the data directory unless cfg says
// otherwise; over a shared database the Service polls it for the work of
// other nodes, and its leases last sharedLeaseTerm unless cfg sets one. The Service is closed before its store.
func (s *storage) einvoice(ctx context.Context, cfg einvoice.Config) (*einvoice.Service, error) {
	var store einvoice.Store
	if s.db != nil {
		store = s.db.EInvoice()
		s.nexusSent = s.db.NexusSent()
		if cfg.PollInterval == 0 {
			cfg.PollInterval = sharedPoll
		}
		if cfg.LeaseTerm == 0 {
			cfg.LeaseTerm = sharedLeaseTerm
		}
	} else {
		b, err := badger.OpenEInvoice(ctx, einvoiceDir(s.dataDir), badger.WithLogger(s.log))
		if err != nil {
			return nil, err
		}
		store, s.nexusSent = b, b.NexusSent()
	}
	s.closers = append(s.closers, store.Close)
	if cfg.OutboxDir == "" && cfg.Transmitter == nil && s.dataDir != "" {
		cfg.OutboxDir = filepath.Join(einvoiceDir(s.dataDir), "outbox")
	}
	svc, err := einvoice.New(ctx, store, cfg)
	if err != nil {
		return nil, fmt.Errorf("opening e-invoicing in %s: %w", s.where(), err)
	}
	s.closers = append(s.closers, svc.Close)
	return svc, nil
}
