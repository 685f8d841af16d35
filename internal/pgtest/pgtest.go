// Package pgtest starts a throwaway PostgreSQL cluster for the tests of a
// package: initdb into a temporary directory, pg_ctl start listening on a
// Unix socket in that directory only (no TCP port to collide with), and
// stop and removal when the tests end. Nothing is mocked: the tests talk
// to a real server of the machine's PostgreSQL (15 or later).
//
// A package uses it from TestMain:
//
//	func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }
//
// and each test asks for a database of its own with pgtest.URL(t) or a
// schema of its own with pgtest.Schema(t). When the PostgreSQL binaries
// are missing, the tests that need them skip with a message naming the
// missing binary, except under CI=true, where they fail: a CI run must
// not pass without having run them. `apt-get install -y postgresql`
// installs them on Debian.
//
// Run as root (as CI machines do), the cluster runs as the postgres user,
// since PostgreSQL refuses to run as root.
//
// The cluster dies with the process that started it, however that ends
// (a failed test, a panic, a kill): its server is a child process that
// the kernel sends SIGQUIT, PostgreSQL's immediate shutdown, when its
// parent dies (Linux's parent-death signal). Start also removes the
// clusters of earlier runs whose process is gone: each cluster's
// directory names the process that owns it.
//
// Outside tests, Start and Cluster.Stop make and remove such a cluster
// (the stress command of the benchmarks runs its nodes over one), and
// Cluster.CreateDatabase gives a database of it.
package pgtest

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// Cluster is a throwaway PostgreSQL cluster: its data directory, which
// also holds its Unix socket, in a new temporary directory. Start makes
// one and Stop removes it. Main makes the one of a test binary, which the
// tests only read.
type Cluster struct {
	dir     string // the temporary directory: the socket, the log and data/
	binDir  string
	runAs   []string            // the command prefix that runs a binary as the cluster's owner
	owner   *syscall.Credential // the cluster owner's IDs, when not this process's
	server  *exec.Cmd           // the postgres server, a child of this process
	args    []string            // the server's arguments, for Restart
	exited  chan struct{}       // closed when the server has exited
	missing string              // why there is no cluster, when there is none (Main only)
	mu      sync.Mutex
	n       int // databases made so far
}

// dirPrefix begins the name of every cluster's temporary directory.
const dirPrefix = "levy-pgtest-"

// ownerFile, in a cluster's directory, holds the ID of the process that
// started it.
const ownerFile = "owner.pid"

// Options says how Start sets up a cluster.
type Options struct {
	// Durable keeps PostgreSQL's durability on: fsync,
	// synchronous_commit and full_page_writes, as on a production
	// server, so that what the cluster measures is what a commit costs.
	// Without it (the tests' cluster) they are off: faster, and safe from
	// anything but a crash of the machine.
	Durable bool
}

// ErrMissing, wrapped with the name of what is missing, is the error of
// Start on a machine without PostgreSQL.
var ErrMissing = errors.New("pgtest: PostgreSQL is not available")

// The cluster of a test binary is started by the first test that asks
// for it (need), not before the tests run: a run of tests or benchmarks
// that use none, such as the benchmarks that callgrind counts the
// instructions of, starts no PostgreSQL (whose child processes would
// also make those counts vary). Main sets inMain before m.Run; the is the
// cluster once started, theErr why it could not be.
var (
	inMain  bool
	theOnce sync.Once
	the     *Cluster
	theErr  error
)

// Main runs the tests, which start the cluster when one of them needs
// it, and stops and removes the cluster, returning the exit code of the
// tests. A cluster that cannot be started because PostgreSQL is not
// installed makes the tests that need it skip (or fail under CI=true);
// one that fails to start otherwise fails the tests that need it.
func Main(m *testing.M) int {
	inMain = true
	code := m.Run()
	if c := started(); c != nil {
		if err := c.Stop(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			if code == 0 {
				code = 1
			}
		}
	}
	return code
}

// started returns the test binary's cluster if a test started it.
func started() *Cluster {
	var c *Cluster
	theOnce.Do(func() { theErr = errors.New("pgtest: no test needed the cluster") }) // no cluster from now on
	if the != nil && the.missing == "" {
		c = the
	}
	return c
}

// cluster starts the test binary's cluster, once.
func cluster() (*Cluster, error) {
	theOnce.Do(func() {
		c, err := Start(context.Background(), Options{})
		if errors.Is(err, ErrMissing) {
			c, err = &Cluster{missing: strings.TrimPrefix(err.Error(), ErrMissing.Error()+": ")}, nil
		}
		the, theErr = c, err
	})
	return the, theErr
}

// binDir finds the directory of initdb and pg_ctl: the PATH first, then
// the newest of Debian's /usr/lib/postgresql/N/bin.
func binDir() (string, error) {
	if p, err := exec.LookPath("initdb"); err == nil {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			p = real
		}
		return filepath.Dir(p), nil
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return version(dirs[i]) > version(dirs[j]) })
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "initdb")); err == nil {
			return d, nil
		}
	}
	return "", errors.New("initdb not found in PATH or /usr/lib/postgresql/*/bin (install PostgreSQL 15 or later: apt-get install -y postgresql)")
}

// version is the major version in a path /usr/lib/postgresql/N/bin.
func version(dir string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(dir)))
	return n
}

// Start makes and starts a cluster in a new temporary directory,
// listening on a Unix socket there and nowhere else. Run as root, it
// runs the cluster as the postgres user. Without PostgreSQL's binaries,
// or without a postgres user to run them as root, it fails with
// ErrMissing, wrapped with what is missing.
func Start(ctx context.Context, opts Options) (*Cluster, error) {
	bin, err := binDir()
	if err != nil {
		return nil, fmt.Errorf("%w: %s", ErrMissing, err.Error())
	}
	reapStale(os.TempDir())
	dir, err := os.MkdirTemp("", dirPrefix)
	if err != nil {
		return nil, fmt.Errorf("pgtest: %w", err)
	}
	if err := os.WriteFile(filepath.Join(dir, ownerFile), []byte(strconv.Itoa(os.Getpid())+"\n"), 0o644); err != nil {
		_ = os.RemoveAll(dir)
		return nil, fmt.Errorf("pgtest: %w", err)
	}
	c := &Cluster{dir: dir, binDir: bin}
	if os.Geteuid() == 0 {
		// PostgreSQL refuses to run as root: the cluster belongs to the
		// postgres user, who must be able to reach its directory.
		u, err := user.Lookup("postgres")
		if err != nil {
			_ = os.RemoveAll(dir)
			return nil, fmt.Errorf("%w: running as root and there is no postgres user to run the cluster as", ErrMissing)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			_ = os.RemoveAll(dir)
			return nil, fmt.Errorf("pgtest: %w", err)
		}
		c.runAs = []string{"runuser", "-u", "postgres", "--"}
		c.owner = &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
	}
	data := filepath.Join(dir, "data")
	if err := c.run(ctx, "initdb", "-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"); err != nil {
		_ = os.RemoveAll(dir)
		return nil, err
	}
	durability := "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
	if opts.Durable {
		durability = "-c fsync=on -c synchronous_commit=on -c full_page_writes=on"
	}
	args := append([]string{"-D", data, "-c", "listen_addresses=", "-c", "unix_socket_directories=" + dir, "-c", "max_connections=200"},
		strings.Fields(durability)...)
	c.args = args
	if err := c.serve(ctx, args); err != nil {
		log, _ := os.ReadFile(filepath.Join(dir, "log"))
		_ = os.RemoveAll(dir)
		return nil, fmt.Errorf("%w\nserver log:\n%s", err, log)
	}
	return c, nil
}

// serve starts the postgres server as a child of this process, owned by
// the cluster's owner, which the kernel sends SIGQUIT (immediate
// shutdown) when this process dies; and waits until it accepts
// connections.
func (c *Cluster) serve(ctx context.Context, args []string) error {
	log, err := os.OpenFile(filepath.Join(c.dir, "log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return fmt.Errorf("pgtest: %w", err)
	}
	defer log.Close()
	if c.owner != nil {
		_ = log.Chown(int(c.owner.Uid), int(c.owner.Gid))
	}
	cmd := exec.Command(filepath.Join(c.binDir, "postgres"), args...)
	cmd.Stdout, cmd.Stderr = log, log
	// The signal goes when the thread that started the child ends, so the
	// child is started from a thread that lives as long as the process:
	// one that this goroutine leaves locked, and Go never ends a locked
	// thread whose goroutine is parked waiting for the child.
	started := make(chan error, 1)
	c.exited = make(chan struct{})
	go func() {
		runtime.LockOSThread()
		cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGQUIT, Credential: c.owner}
		err := cmd.Start()
		started <- err
		if err == nil {
			_ = cmd.Wait()
			close(c.exited)
		}
		// The thread stays locked: it ends with the goroutine, after the
		// server has.
	}()
	if err := <-started; err != nil {
		return fmt.Errorf("pgtest: start postgres: %w", err)
	}
	c.server = cmd
	deadline := time.Now().Add(60 * time.Second)
	for {
		if c.ready(ctx) {
			return nil
		}
		select {
		case <-c.exited:
			return errors.New("pgtest: postgres exited while starting")
		case <-ctx.Done():
			c.kill()
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			c.kill()
			return errors.New("pgtest: postgres did not accept connections within 60 s")
		}
	}
}

// Restart stops the server as `pg_ctl restart` does by default (fast
// shutdown: SIGINT, which ends every session, rolling back its
// transaction, and refuses new connections until the server is gone),
// and starts it again over the same data, returning once it accepts
// connections. Only a cluster made by Start can be restarted; tests of
// the cluster that Main shares must not.
func (c *Cluster) Restart(ctx context.Context) error {
	if c.server == nil || c.server.Process == nil || c.args == nil {
		return errors.New("pgtest: restart: the cluster does not run")
	}
	if err := c.server.Process.Signal(syscall.SIGINT); err != nil {
		return fmt.Errorf("pgtest: restart: %w", err)
	}
	select {
	case <-c.exited:
	case <-ctx.Done():
		return ctx.Err()
	}
	if err := c.serve(ctx, c.args); err != nil {
		return fmt.Errorf("pgtest: restart: %w", err)
	}
	return nil
}

// ready reports whether the server accepts connections.
func (c *Cluster) ready(ctx context.Context) bool {
	cmd := exec.CommandContext(ctx, filepath.Join(c.binDir, "pg_isready"), "-q", "-h", c.dir, "-U", "postgres")
	return cmd.Run() == nil
}

// kill shuts the server down at once (SIGQUIT) and waits for it.
func (c *Cluster) kill() {
	if c.server == nil || c.server.Process == nil {
		return
	}
	_ = c.server.Process.Signal(syscall.SIGQUIT)
	select {
	case <-c.exited:
	case <-time.After(30 * time.Second):
		_ = c.server.Process.Kill()
		<-c.exited
	}
}

// reapStale removes the clusters of earlier runs, in dir, whose owner
// process is gone: a run that was killed, or that panicked before it
// could stop its cluster (and, before clusters died with their process,
// left it running). Their servers get SIGQUIT. A directory without an
// owner file is removed only when no server runs in it and it is more
// than a minute old: it may be one being made, or the cluster of a
// running Levy older than owner files, whose owner cannot be told.
func reapStale(dir string) {
	dirs, _ := filepath.Glob(filepath.Join(dir, dirPrefix+"*"))
	for _, d := range dirs {
		if !stale(d) {
			continue
		}
		if pid := postmasterPID(d); pid > 0 {
			_ = syscall.Kill(pid, syscall.SIGQUIT)
			for i := 0; i < 100 && syscall.Kill(pid, 0) == nil; i++ {
				time.Sleep(20 * time.Millisecond)
			}
		}
		_ = os.RemoveAll(d)
	}
}

// stale reports whether the cluster directory d belongs to no running
// process.
func stale(d string) bool {
	raw, err := os.ReadFile(filepath.Join(d, ownerFile))
	if err != nil {
		fi, err := os.Stat(d)
		pid := postmasterPID(d)
		return err == nil && time.Since(fi.ModTime()) > time.Minute && (pid <= 0 || !alive(pid))
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(raw)))
	if err != nil || pid <= 0 {
		return true
	}
	return pid != os.Getpid() && !alive(pid)
}

// alive reports whether process pid exists.
func alive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// postmasterPID reads the server's process ID from the first line of
// its postmaster.pid, or 0.
func postmasterPID(d string) int {
	raw, err := os.ReadFile(filepath.Join(d, "data", "postmaster.pid"))
	if err != nil {
		return 0
	}
	line, _, _ := strings.Cut(string(raw), "\n")
	pid, _ := strconv.Atoi(strings.TrimSpace(line))
	return pid
}

// run runs a PostgreSQL binary as the cluster's owner.
func (c *Cluster) run(ctx context.Context, name string, args ...string) error {
	argv := append(append(slices(c.runAs), filepath.Join(c.binDir, name)), args...)
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("pgtest: %s: %w\n%s", strings.Join(argv, " "), err, out.String())
	}
	return nil
}

// slices copies s, so that appending to the copy leaves s alone.
func slices(s []string) []string { return append([]string(nil), s...) }

// Stop stops the server at once (SIGQUIT, PostgreSQL's immediate
// shutdown) and removes its directory.
func (c *Cluster) Stop() error {
	if c.dir == "" {
		return nil
	}
	var err error
	c.kill()
	if rerr := os.RemoveAll(c.dir); err == nil && rerr != nil {
		err = fmt.Errorf("pgtest: %w", rerr)
	}
	return err
}

// need skips t (or fails it under CI=true) when there is no cluster.
func need(t testing.TB) *Cluster {
	t.Helper()
	if !inMain {
		t.Fatal("pgtest: no cluster: call pgtest.Main from the package's TestMain")
	}
	the, err := cluster()
	switch {
	case err != nil:
		t.Fatal(err)
	case the.missing != "" && os.Getenv("CI") == "true":
		t.Fatalf("pgtest: PostgreSQL is required under CI=true: %s", the.missing)
	case the.missing != "":
		t.Skipf("pgtest: skipped, PostgreSQL is not available: %s", the.missing)
	}
	return the
}

// Available reports whether the cluster runs, starting it if no test
// has, for a benchmark that does something else without it.
func Available() bool {
	if !inMain {
		return false
	}
	c, err := cluster()
	return err == nil && c.missing == ""
}

// url returns the URL of a database of the cluster.
func (c *Cluster) url(db string) string {
	q := url.Values{"host": {c.dir}, "sslmode": {"disable"}}
	return (&url.URL{Scheme: "postgres", User: url.User("postgres"), Path: "/" + db, RawQuery: q.Encode()}).String()
}

// URL returns the URL of a new, empty database of the cluster, dropped
// when t ends.
func URL(t testing.TB) string {
	t.Helper()
	c := need(t)
	name, err := c.create(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := c.psql(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
			t.Errorf("pgtest: %v", err)
		}
	})
	return c.url(name)
}

// CreateDatabase makes a new, empty database in the cluster and returns
// its URL (postgres://postgres@/NAME?host=DIR: the superuser, over the
// Unix socket). It lives as long as the cluster.
func (c *Cluster) CreateDatabase(ctx context.Context) (string, error) {
	name, err := c.create(ctx)
	if err != nil {
		return "", err
	}
	return c.url(name), nil
}

// create makes a database of a name no other has, and returns the name.
func (c *Cluster) create(ctx context.Context) (string, error) {
	c.mu.Lock()
	c.n++
	name := fmt.Sprintf("levy_test_%d_%s", c.n, random())
	c.mu.Unlock()
	if err := c.psql(ctx, "CREATE DATABASE "+name); err != nil {
		return "", err
	}
	return name, nil
}

// AdminURL returns the URL of the cluster's postgres database, shared by
// every test, for tests that make schemas of their own in it.
func AdminURL(t testing.TB) string {
	t.Helper()
	return need(t).url("postgres")
}

// psql runs one statement on the postgres database.
func (c *Cluster) psql(ctx context.Context, stmt string) error {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, filepath.Join(c.binDir, "psql"), "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", c.url("postgres"), "-c", stmt)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("psql %q: %w\n%s", stmt, err, out)
	}
	return nil
}

// random returns 8 random hexadecimal digits, for names that two test
// binaries running at once do not share.
func random() string {
	var b [4]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// Exec runs one statement on the cluster's postgres database as its
// superuser, for tests that change the server under the code they test
// (refusing connections to a database, ending its sessions).
func Exec(t testing.TB, stmt string) {
	t.Helper()
	if err := need(t).psql(context.Background(), stmt); err != nil {
		t.Fatal(err)
	}
}

// QueryIn runs one statement on the database of dbURL (one that URL
// returned) as the cluster's superuser and returns what it printed,
// unaligned and without headers, its spaces trimmed: for tests that read
// or set what the code they test would not (a schema's version).
func QueryIn(t testing.TB, dbURL, stmt string) string {
	t.Helper()
	c := need(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, filepath.Join(c.binDir, "psql"), "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", dbURL, "-c", stmt)
	out, err := cmd.Output()
	if err != nil {
		var stderr []byte
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = ee.Stderr
		}
		t.Fatalf("psql %q: %v\n%s", stmt, err, stderr)
	}
	return strings.TrimSpace(string(out))
}

// Name returns the name of the database of a URL that URL returned.
func Name(t testing.TB, dbURL string) string {
	t.Helper()
	u, err := url.Parse(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimPrefix(u.Path, "/")
}
