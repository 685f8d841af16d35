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
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// cluster is the running cluster of the test binary. It is set once by
// Main, before any test runs, and only read afterwards.
type cluster struct {
	dir     string // the data directory, which also holds the socket
	binDir  string
	runAs   []string // the command prefix that runs a binary as the cluster's owner
	missing string   // why there is no cluster, when there is none
	mu      sync.Mutex
	n       int // databases made so far
}

// the is the cluster of this test binary. Main sets it before m.Run; the
// tests only read it.
var the *cluster

// Main starts the cluster, runs the tests and stops and removes the
// cluster, returning the exit code of the tests. A cluster that cannot
// be started because PostgreSQL is not installed makes the tests that
// need it skip (or fail under CI=true); one that fails to start
// otherwise fails the whole run.
func Main(m *testing.M) int {
	c, err := start()
	if err != nil {
		fmt.Fprintf(os.Stderr, "pgtest: %v\n", err)
		return 1
	}
	the = c
	code := m.Run()
	if err := c.stop(); err != nil {
		fmt.Fprintf(os.Stderr, "pgtest: %v\n", err)
		if code == 0 {
			code = 1
		}
	}
	return code
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

// start makes and starts the cluster. A missing PostgreSQL is not an
// error: the cluster records why, for the tests to skip or fail.
func start() (*cluster, error) {
	bin, err := binDir()
	if err != nil {
		return &cluster{missing: err.Error()}, nil
	}
	dir, err := os.MkdirTemp("", "levy-pgtest-")
	if err != nil {
		return nil, err
	}
	c := &cluster{dir: dir, binDir: bin}
	if os.Geteuid() == 0 {
		// PostgreSQL refuses to run as root: the cluster belongs to the
		// postgres user, who must be able to reach its directory.
		u, err := user.Lookup("postgres")
		if err != nil {
			_ = os.RemoveAll(dir)
			return &cluster{missing: "running as root and there is no postgres user to run the cluster as"}, nil
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			_ = os.RemoveAll(dir)
			return nil, err
		}
		c.runAs = []string{"runuser", "-u", "postgres", "--"}
	}
	data := filepath.Join(dir, "data")
	if err := c.run("initdb", "-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"); err != nil {
		_ = os.RemoveAll(dir)
		return nil, err
	}
	opts := fmt.Sprintf("-c listen_addresses='' -c unix_socket_directories=%s -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200", dir)
	if err := c.run("pg_ctl", "-D", data, "-o", opts, "-l", filepath.Join(dir, "log"), "-w", "-t", "60", "start"); err != nil {
		log, _ := os.ReadFile(filepath.Join(dir, "log"))
		_ = os.RemoveAll(dir)
		return nil, fmt.Errorf("%w\nserver log:\n%s", err, log)
	}
	return c, nil
}

// run runs a PostgreSQL binary as the cluster's owner.
func (c *cluster) run(name string, args ...string) error {
	argv := append(append(slices(c.runAs), filepath.Join(c.binDir, name)), args...)
	cmd := exec.Command(argv[0], argv[1:]...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s: %w\n%s", strings.Join(argv, " "), err, out.String())
	}
	return nil
}

// slices copies s, so that appending to the copy leaves s alone.
func slices(s []string) []string { return append([]string(nil), s...) }

// stop stops the server and removes its directory.
func (c *cluster) stop() error {
	if c.dir == "" {
		return nil
	}
	err := c.run("pg_ctl", "-D", filepath.Join(c.dir, "data"), "-m", "immediate", "-w", "stop")
	if rerr := os.RemoveAll(c.dir); err == nil {
		err = rerr
	}
	return err
}

// need skips t (or fails it under CI=true) when there is no cluster.
func need(t testing.TB) *cluster {
	t.Helper()
	switch {
	case the == nil:
		t.Fatal("pgtest: no cluster: call pgtest.Main from the package's TestMain")
	case the.missing != "" && os.Getenv("CI") == "true":
		t.Fatalf("pgtest: PostgreSQL is required under CI=true: %s", the.missing)
	case the.missing != "":
		t.Skipf("pgtest: skipped, PostgreSQL is not available: %s", the.missing)
	}
	return the
}

// Available reports whether the cluster runs, for a TestMain or a
// benchmark that does something else without it.
func Available() bool { return the != nil && the.missing == "" }

// admin returns the URL of the cluster's postgres database.
func (c *cluster) url(db string) string {
	q := url.Values{"host": {c.dir}, "sslmode": {"disable"}}
	return (&url.URL{Scheme: "postgres", User: url.User("postgres"), Path: "/" + db, RawQuery: q.Encode()}).String()
}

// URL returns the URL of a new, empty database of the cluster, dropped
// when t ends.
func URL(t testing.TB) string {
	t.Helper()
	c := need(t)
	c.mu.Lock()
	c.n++
	name := fmt.Sprintf("levy_test_%d_%s", c.n, random())
	c.mu.Unlock()
	if err := c.psql("CREATE DATABASE " + name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := c.psql("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)"); err != nil {
			t.Errorf("pgtest: %v", err)
		}
	})
	return c.url(name)
}

// AdminURL returns the URL of the cluster's postgres database, shared by
// every test, for tests that make schemas of their own in it.
func AdminURL(t testing.TB) string {
	t.Helper()
	return need(t).url("postgres")
}

// psql runs one statement on the postgres database.
func (c *cluster) psql(stmt string) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
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
	if err := need(t).psql(stmt); err != nil {
		t.Fatal(err)
	}
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
