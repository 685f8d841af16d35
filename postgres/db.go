package postgres

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"math/rand/v2"
	"net"
	"path"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/levytax/levy"
	"github.com/levytax/levy/internal/tick"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// Option configures Open.
type Option func(*options)

type options struct {
	log              *slog.Logger
	schema           string
	maxConns         int32
	statementTimeout time.Duration
	idleInTx         time.Duration
	// migrations, when not nil, replaces the embedded migrations: the
	// tests add slow or failing ones of their own (withMigrations).
	migrations []migration
	// noUpgrade refuses a schema an older Levy wrote (WithoutUpgrade).
	noUpgrade bool
}

// withMigrations makes Open apply ms in place of the embedded
// migrations, for tests.
func withMigrations(ms []migration) Option { return func(o *options) { o.migrations = ms } }

// WithoutUpgrade makes Open refuse a database whose schema an older Levy
// wrote, with an error that wraps ErrOlderSchema, instead of migrating
// it; a database without Levy's schema is still given one. It is for a
// program that works beside the nodes that serve the database, such as
// an operator's command: migrated, the schema would be newer than those
// nodes', and each would stop serving (see Open).
func WithoutUpgrade() Option { return func(o *options) { o.noUpgrade = true } }

// ErrOlderSchema is wrapped by the error of Open, given WithoutUpgrade,
// for a database whose schema an older Levy wrote.
var ErrOlderSchema = errors.New("the database's schema is older than this Levy's")

// WithLogger sends the logs of the stores (migrations applied, retries
// given up) to log. Without it they are discarded.
func WithLogger(log *slog.Logger) Option { return func(o *options) { o.log = log } }

// WithSchema keeps Levy's tables in the named schema of the database,
// created when missing, instead of the connection's default (public):
// several deployments, or tests, can share one database. The name is
// written as an identifier, quoted.
func WithSchema(name string) Option { return func(o *options) { o.schema = name } }

// WithMaxConns sets the most connections the pool opens (by default 4 per
// core, at least 8). The URL's pool_max_conns, when given, wins.
func WithMaxConns(n int32) Option { return func(o *options) { o.maxConns = n } }

// WithStatementTimeout bounds each statement on the server (10 seconds by
// default; 0 or less keeps the default). A statement over it fails, and
// its store operation with it, instead of holding a connection and its
// locks without end.
func WithStatementTimeout(d time.Duration) Option {
	return func(o *options) {
		if d > 0 {
			o.statementTimeout = d
		}
	}
}

// WithIdleInTransactionTimeout bounds how long a session of the pool may
// sit in an open transaction without running a statement (60 seconds by
// default; 0 or less keeps the default): the server ends a session idle
// in a transaction longer, which rolls the transaction back and frees its
// connection and locks. Levy's own transactions run their statements
// back to back and never wait on anything but the database, so only a
// stuck one meets it. The URL's idle_in_transaction_session_timeout,
// when given, wins.
func WithIdleInTransactionTimeout(d time.Duration) Option {
	return func(o *options) {
		if d > 0 {
			o.idleInTx = d
		}
	}
}

// DB is a PostgreSQL database that holds Levy's shared state: a pool of
// connections, with the schema migrated to this binary's version. The
// stores (Journal, ...) are made from it and share its pool.
//
// A DB is safe for concurrent use. Close it after closing its stores.
type DB struct {
	pool   *pgxpool.Pool
	log    *slog.Logger
	closed atomic.Bool
	// version is the schema version this binary migrated to; newer is
	// the database's, once watchSchema has seen it newer (0 until then).
	version int
	newer   atomic.Int64
	stop    context.CancelFunc // called by Close: watchSchema ends, its read cut short
	stopped context.Context    // ended by stop
	watched chan struct{}      // closed when watchSchema has ended
	// deltas runs the VACUUMs of journal_figure_deltas that the folds
	// of this node ask for (deltaVacuum).
	deltas *deltaVacuum
}

// schemaPoll is how often a DB reads the database's schema version
// (watchSchema).
const schemaPoll = time.Second

// maxTries bounds the attempts of a transaction that meets a
// serialization failure or a deadlock.
const maxTries = 30

// ErrURL is the error of Open, wrapped with the cause, for a database URL
// that does not parse: no connection was tried.
var ErrURL = errors.New("postgres: the database URL does not parse")

// Open connects to the database at url (postgres://user:pass@host/db?...,
// or the key=value form), checks that it answers, and creates or
// migrates Levy's schema. It refuses a database whose schema was written
// by a newer Levy.
func Open(ctx context.Context, url string, opts ...Option) (*DB, error) {
	o := options{statementTimeout: 10 * time.Second, idleInTx: time.Minute}
	for _, opt := range opts {
		opt(&o)
	}
	if o.log == nil {
		o.log = slog.New(slog.DiscardHandler)
	}
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		// The error of a URL that does not parse may repeat its password.
		return nil, fmt.Errorf("%w (%s)", ErrURL, redact(err))
	}
	if !strings.Contains(url, "pool_max_conns") {
		cfg.MaxConns = max(8, int32(4*runtime.NumCPU()))
		if o.maxConns > 0 {
			cfg.MaxConns = o.maxConns
		}
	}
	cfg.ConnConfig.RuntimeParams["statement_timeout"] = strconv.FormatInt(o.statementTimeout.Milliseconds(), 10)
	if _, ok := cfg.ConnConfig.RuntimeParams["idle_in_transaction_session_timeout"]; !ok {
		cfg.ConnConfig.RuntimeParams["idle_in_transaction_session_timeout"] = strconv.FormatInt(o.idleInTx.Milliseconds(), 10)
	}
	cfg.ConnConfig.RuntimeParams["application_name"] = "levy"
	if o.schema != "" {
		cfg.ConnConfig.RuntimeParams["search_path"] = pgx.Identifier{o.schema}.Sanitize()
	}
	// The pool's connections are numbered, for the parts of the
	// journal's figures (partOf).
	slots := new(connSlots)
	cfg.AfterConnect, cfg.BeforeClose = slots.afterConnect, slots.beforeClose
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	db := &DB{pool: pool, log: o.log}
	db.deltas = &deltaVacuum{db: db}
	ms := o.migrations
	if ms == nil {
		if ms, err = migrations(); err != nil {
			pool.Close()
			return nil, fmt.Errorf("postgres: %w", err)
		}
	}
	// The migrations run on a connection of their own, outside the pool,
	// without the pool's statement_timeout (see migrate).
	mcfg := cfg.ConnConfig.Copy()
	mcfg.RuntimeParams["statement_timeout"] = "0"
	if err := db.migrate(ctx, mcfg, o.schema, ms, o.noUpgrade); err != nil {
		pool.Close()
		return nil, err
	}
	db.version = len(ms)
	db.stopped, db.stop = context.WithCancel(context.Background())
	db.watched = make(chan struct{})
	go db.watchSchema()
	return db, nil
}

// watchSchema reads the database's schema version every schemaPoll until
// Close, and once it is newer than this binary's (a node of a newer Levy
// migrated it while this one served) records it in newer and stops: from
// then on every operation of the DB's stores, and CheckWrite, fail as
// unavailable (usable), since this binary would write to tables whose
// rules it does not know (a newer Levy may keep figures this one does not
// update). A read that fails, or outlasts tick.Bound polls, is tried again
// at the next tick.
func (db *DB) watchSchema() {
	defer close(db.watched)
	ctx, found := context.WithCancel(db.stopped)
	defer found()
	tick.Every(ctx, schemaPoll, false, func(rctx context.Context) {
		var v int
		err := db.pool.QueryRow(rctx, "SELECT coalesce(max(version), 0) FROM levy_schema").Scan(&v)
		if err != nil || v <= db.version {
			return
		}
		db.newer.Store(int64(v))
		db.log.Error("postgres: the database's schema was migrated by a newer Levy: this node refuses every request; replace it with one of the newer Levy",
			"schema_version", v, "node_version", db.version)
		found()
	})
}

// usable returns nil while the DB serves, and the error of op otherwise:
// after Close, or once the schema is newer than this binary's.
func (db *DB) usable(op string) error {
	if db.closed.Load() {
		return wrap(op, errClosedPool)
	}
	if v := db.newer.Load(); v > 0 {
		return &unreachable{op: op, why: "this node is out of date",
			cause:  fmt.Errorf("the database's schema has version %d, newer than version %d of this Levy: replace this node with one of the newer Levy", v, db.version),
			client: &levy.Error{Code: levy.EUnavailable, Message: "this server is being upgraded; try again later"}}
	}
	return nil
}

// Close closes the pool: the stores fail with EUnavailable afterwards.
// A VACUUM of the journal's figure deltas that runs in the background is
// cancelled, and Close waits for its end. A second Close does nothing.
func (db *DB) Close() error {
	if db.closed.CompareAndSwap(false, true) {
		db.stop()
		<-db.watched
		db.deltas.wait()
		db.pool.Close()
	}
	return nil
}

// CheckWrite returns nil when the database answers, and an error of code
// levy.EUnavailable that says why not, for /healthz.
func (db *DB) CheckWrite(ctx context.Context) error {
	if err := db.usable("ping"); err != nil {
		return err
	}
	if err := db.pool.Ping(ctx); err != nil {
		return wrap("ping", err)
	}
	return nil
}

// migration is one numbered file of migrations/.
type migration struct {
	version int
	name    string
	sql     string
}

// migrations returns the embedded migrations in order. Their numbers run
// from 1 without a gap.
func migrations() ([]migration, error) {
	names, err := fs.Glob(migrationFiles, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	var out []migration
	for _, n := range names {
		base := path.Base(n)
		num, _, _ := strings.Cut(base, "_")
		v, err := strconv.Atoi(num)
		if err != nil {
			return nil, fmt.Errorf("migration %s has no number", base)
		}
		b, err := migrationFiles.ReadFile(n)
		if err != nil {
			return nil, err
		}
		out = append(out, migration{version: v, name: base, sql: string(b)})
	}
	slices.SortFunc(out, func(a, b migration) int { return a.version - b.version })
	for i, m := range out {
		if m.version != i+1 {
			return nil, fmt.Errorf("migration %s: want number %d", m.name, i+1)
		}
	}
	return out, nil
}

// SchemaVersion is the version of the schema this Levy writes: the number
// of its last migration.
func SchemaVersion() int {
	ms, err := migrations()
	if err != nil || len(ms) == 0 {
		return 0
	}
	return ms[len(ms)-1].version
}

// migrate brings the schema to the version of ms under an advisory lock
// of the schema, so that nodes that start together migrate once. It
// connects with cfg, a connection of its own that it closes (which also
// frees the lock should the unlock fail), and which has no
// statement_timeout: a node that starts while another migrates waits
// for the lock as long as that migration runs, and a migration that
// rewrites or fills a large table runs as long as it needs, bounded by
// ctx alone. The pool's statement_timeout, meant for the statements of
// requests, would make both fail, and no node could start on a large
// database.
//
// With noUpgrade, a schema of an older Levy is left as it is and refused
// (ErrOlderSchema); only a database without Levy's schema is migrated.
func (db *DB) migrate(ctx context.Context, cfg *pgx.ConnConfig, schema string, ms []migration, noUpgrade bool) error {
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		return wrap("migrate", err)
	}
	defer func() {
		// A fresh context: the close must run even when ctx ended.
		cctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = conn.Close(cctx)
	}()
	lock := "levy-migrate:" + schema
	var free bool
	if err := conn.QueryRow(ctx, "SELECT pg_try_advisory_lock(hashtextextended($1, 0))", lock).Scan(&free); err != nil {
		return wrap("migrate", err)
	}
	if !free {
		db.log.Info("postgres: waiting for the schema migration of another node", "schema", schema)
		if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock(hashtextextended($1, 0))", lock); err != nil {
			return wrap("migrate: wait for another node's migration", err)
		}
	}
	if schema != "" {
		if _, err := conn.Exec(ctx, "CREATE SCHEMA IF NOT EXISTS "+pgx.Identifier{schema}.Sanitize()); err != nil {
			return wrap("migrate", err)
		}
	}
	if _, err := conn.Exec(ctx, "CREATE TABLE IF NOT EXISTS levy_schema (version integer NOT NULL)"); err != nil {
		return wrap("migrate", err)
	}
	var cur int
	if err := conn.QueryRow(ctx, "SELECT coalesce(max(version), 0) FROM levy_schema").Scan(&cur); err != nil {
		return wrap("migrate", err)
	}
	if cur > len(ms) {
		return fmt.Errorf("postgres: the database's schema has version %d, newer than version %d of this Levy: upgrade Levy before using this database", cur, len(ms))
	}
	if noUpgrade && cur > 0 && cur < len(ms) {
		return fmt.Errorf("postgres: the database's schema has version %d, older than version %d of this Levy, and is not migrated here: %w", cur, len(ms), ErrOlderSchema)
	}
	for _, m := range ms[cur:] {
		err := pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, m.sql); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, "DELETE FROM levy_schema"); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, "INSERT INTO levy_schema (version) VALUES ($1)", m.version)
			return err
		})
		if err != nil {
			// A migration is one transaction: one cut short (the node
			// killed, the connection lost) left nothing of itself, and
			// the next start runs it again.
			return wrap("migration "+m.name, err)
		}
		db.log.Info("postgres: schema migrated", "version", m.version, "migration", m.name)
	}
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_unlock(hashtextextended($1, 0))", lock); err != nil {
		return wrap("migrate", err)
	}
	return nil
}

// tx runs fn in a transaction of the given options and commits it, and
// runs it again when the database reports a serialization failure or a
// deadlock (fn must have no effect but through tx). Errors are wrapped
// with op.
func (db *DB) tx(ctx context.Context, op string, opts pgx.TxOptions, fn func(pgx.Tx) error) error {
	return db.retry(ctx, op, nil, func() error { return pgx.BeginTxFunc(ctx, db.pool, opts, fn) })
}

// retry runs once, a whole transaction, and runs it again when it fails
// with a serialization failure or a deadlock, on a connection that
// failed before it sent anything (sentNothing), or with an error for
// which also (when not nil) reports true, a bounded number of times.
// Errors are wrapped with op.
func (db *DB) retry(ctx context.Context, op string, also func(error) bool, once func() error) error {
	if err := db.usable(op); err != nil {
		return err
	}
	for try := 1; ; try++ {
		err := once()
		again := retryable(err) || sentNothing(err) || (also != nil && err != nil && also(err))
		if !again || try == maxTries {
			return wrap(op, err)
		}
		if cerr := ctx.Err(); cerr != nil {
			return wrap(op, cerr)
		}
		// Back off a little, more after each failure, at random so that
		// the transactions that met spread out.
		time.Sleep(time.Duration(rand.Int64N(int64(min(try, 10)) * int64(time.Millisecond))))
	}
}

// sentNothing reports whether err is the failure of a connection of the
// pool before it sent anything to the server, which the attempt may run
// again on another connection whatever it writes: the server never saw
// it. Such is the connection that the server ended while it sat idle in
// the pool (a restart of the database shorter than the pool's check of
// connections idle for more than a second, a terminated backend): the
// first statement on it fails to be written. A connection that could
// not be made at all (the database cannot be reached) is not one: trying
// again at once would only repeat the wait.
func sentNothing(err error) bool {
	var ce *pgconn.ConnectError
	return err != nil && pgconn.SafeToRetry(err) && !errors.As(err, &ce) &&
		!errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded)
}

// errClosedPool is the error of a DB after Close.
var errClosedPool = errors.New("the database connection is closed")

// retryable reports whether err is a serialization failure or a deadlock,
// which a transaction run again may not meet.
func retryable(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == "40001" || pe.Code == "40P01")
}

// wrap returns err with the operation that met it, an error whose
// *levy.Error is EUnavailable when the database cannot be reached (see
// unreachable), a *levy.Error as it is, and nil as nil.
func wrap(op string, err error) error {
	if err == nil {
		return nil
	}
	var le *levy.Error
	if errors.As(err, &le) {
		return err
	}
	if unavailable(err) {
		return &unreachable{op: op, cause: err,
			client: &levy.Error{Code: levy.EUnavailable, Message: "the database cannot be reached; try again later"}}
	}
	if cancelled(err) {
		return &unreachable{op: op, cause: err, why: "the database cancelled the statement",
			client: &levy.Error{Code: levy.EUnavailable, Message: "the database did not complete the request in time; try again later"}}
	}
	return fmt.Errorf("postgres: %s: %w", op, err)
}

// cancelled reports whether err says that the server cancelled a
// statement (SQLSTATE 57014): one that ran past the statement timeout
// (WithStatementTimeout; most often one that waited that long for a row
// lock that another node held), or one that an operator cancelled. Its
// transaction was rolled back: nothing of it was stored, and the request
// may be sent again. It is not retried here, since it has already held
// its request for the whole timeout. When the caller's context ended
// (pgx then cancels the statement itself), the caller's end is the
// cause, which callers ask first.
func cancelled(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "57014"
}

// unreachable is the error of an operation that could not reach the
// database, or whose statement the database cancelled (why says so). Its *levy.Error (errors.As), client, is what a client is
// told: the HTTP API, the token endpoints and /healthz answer the message
// of a *levy.Error as it is, to whoever asked, so it names no host, port,
// user, database or server message. Those are the operator's to read:
// Error, for logs and the command line, names the operation and the
// cause, without a password.
type unreachable struct {
	op     string
	why    string // what the operator is told before the cause; "" for the database cannot be reached
	cause  error
	client *levy.Error
}

func (e *unreachable) Error() string {
	why := e.why
	if why == "" {
		why = "the database cannot be reached"
	}
	return "postgres: " + e.op + ": " + why + ": " + redact(e.cause)
}

// Unwrap gives the *levy.Error that a client is told, then the cause.
func (e *unreachable) Unwrap() []error { return []error{e.client, e.cause} }

// unavailable reports whether err says the database cannot be reached or
// will not serve now, rather than that a statement failed.
func unavailable(err error) bool {
	// No connection could be made, whatever the server said when it
	// refused one (not accepting connections, no such database, a
	// password it no longer takes): the database cannot be reached. The
	// server's code does not decide it, so it is looked at first.
	var ce *pgconn.ConnectError
	if errors.As(err, &ce) {
		return true
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return strings.HasPrefix(pe.Code, "08") || // connection exception
			pe.Code == "57P01" || pe.Code == "57P02" || pe.Code == "57P03" || // shutdown, cannot connect now
			pe.Code == "53300" // too many connections
	}
	// A connection that the server ended under a statement (a terminated
	// backend, a restart) fails with the end of its stream or as closed.
	var ne net.Error
	return errors.As(err, &ne) || errors.Is(err, errClosedPool) ||
		errors.Is(err, pgconn.ErrConnClosed) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) ||
		pgconn.Timeout(err) || pgconn.SafeToRetry(err) || strings.Contains(err.Error(), "closed pool")
}

// passwordParam is a password of a connection string of key=value form.
var passwordParam = regexp.MustCompile(`password=\S+`)

// redact returns the message of err without a password that a connection
// string in it may carry.
func redact(err error) string {
	msg := passwordParam.ReplaceAllString(err.Error(), "password=[redacted]")
	if i := strings.Index(msg, "://"); i >= 0 {
		if at := strings.Index(msg[i:], "@"); at > 0 {
			return msg[:i+3] + "[redacted]" + msg[i+at:]
		}
	}
	return msg
}
