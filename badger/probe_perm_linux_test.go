package badger

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	bdb "github.com/dgraph-io/badger/v4"

	"github.com/levytax/levy"
)

// nobody is the user and group the permission test runs as when the
// tests run as root, to whom no permission bit applies.
const nobody = 65534

// TestProbeRefusesADirectoryThatTakesNoNewFile: a store's directory that
// lost its write permission while the server runs (a chmod, a change of
// owner, a volume mounted again with another owner) still lets the files
// Badger holds open, and the probe's own file, be written; but Badger's
// next new file (the log of its next memory table) fails, and leaves the
// database without a memory table, so that every later read of the
// store panics (500) and /healthz said ok. The probe must refuse the
// directory once it cannot make a new file in it (503, /healthz failing),
// before Badger tries, and take it again once it can. Before, it wrote
// over its existing file, which such a directory allows.
func TestProbeRefusesADirectoryThatTakesNoNewFile(t *testing.T) {
	if os.Geteuid() == 0 {
		runAsNobody(t, "TestProbeRefusesADirectoryThatTakesNoNewFile")
		return
	}
	ctx := context.Background()
	dir := t.TempDir()
	p, err := NewProbe("the journal", dir)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Unix(1_800_000_000, 0)
	p.now = func() time.Time { return now }
	if err := p.Check(ctx); err != nil {
		t.Fatal(err)
	}
	denyNewFiles(t, dir)
	now = now.Add(ProbeInterval)
	err = p.Check(ctx)
	if levy.ErrorCode(err) != levy.EUnavailable {
		t.Errorf("Check of a directory that takes no new file: %v, want unavailable", err)
	}
	clientSees(t, err, dir, "permission denied")
	allowNewFiles(t, dir)
	now = now.Add(ProbeInterval)
	if err := p.Check(ctx); err != nil {
		t.Errorf("Check once the directory takes files again: %v", err)
	}
}

// runAsNobody runs the test named name of this test binary again, as the
// user nobody, and fails t with its output when it fails. The binary is
// copied where nobody may run it.
func runAsNobody(t *testing.T, name string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir, err := os.MkdirTemp("", "levy-probe-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "probe.test")
	if err := copyFile(exe, bin, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-test.run=^"+name+"$", "-test.count=1", "-test.v")
	cmd.Dir = dir
	cmd.Env = []string{"TMPDIR=" + os.TempDir(), "HOME=" + dir}
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobody, Gid: nobody}}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s as nobody: %v\n%s", name, err, out)
	}
	if !strings.Contains(string(out), "--- PASS: "+name) {
		t.Fatalf("%s as nobody did not run:\n%s", name, out)
	}
}

// copyFile copies the file from to a new file to of mode perm.
func copyFile(from, to string, perm os.FileMode) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_CREATE|os.O_EXCL|os.O_WRONLY, perm)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		_ = out.Close()
		return err
	}
	return out.Close()
}

// TestProbeKeepsAStoreThatLostItsMemTable: a write that fills Badger's
// memory table while the directory takes no new file (in the second
// before the probe looks again) fails to make the next one, and leaves
// the database without a memory table: every later read and write fails
// (the next write ends the process in Badger's assertion). That write
// must be answered unavailable, and every later Check must fail, naming
// the restart it needs, even once the directory is writable again, so
// that /healthz fails and no write reaches the database. Before, the
// write was an internal error (500), the Check passed, and the next write
// ended the process.
func TestProbeKeepsAStoreThatLostItsMemTable(t *testing.T) {
	if os.Geteuid() == 0 {
		runAsNobody(t, "TestProbeKeepsAStoreThatLostItsMemTable")
		return
	}
	ctx := context.Background()
	db, p, dir, werr := loseMemTable(t)
	value := make([]byte, 4<<10)
	if levy.ErrorCode(werr) != levy.EUnavailable || !strings.Contains(werr.Error(), "restart") {
		t.Errorf("the write that lost the memory table: %v, want unavailable, naming the restart", werr)
	}
	clientSees(t, werr, dir, "restart")
	allowNewFiles(t, dir)
	p.now = func() time.Time { return time.Unix(1_800_000_000, 0).Add(2 * ProbeInterval) }
	if err := p.Check(ctx); levy.ErrorCode(err) != levy.EUnavailable || !strings.Contains(err.Error(), "restart") {
		t.Errorf("Check after the memory table was lost, the directory writable again: %v, want unavailable, naming the restart", err)
	}
	if err := p.Update(ctx, db, func(txn *bdb.Txn) error { return txn.Set([]byte("after"), value) }); levy.ErrorCode(err) != levy.EUnavailable {
		t.Errorf("a write after the memory table was lost: %v, want unavailable", err)
	}
}

// denyNewFiles takes the write permission of dir away, so that it takes
// no new file (the files open in it can still be written), and gives it
// back when the test ends.
func denyNewFiles(t *testing.T, dir string) {
	t.Helper()
	if err := os.Chmod(dir, 0o500); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Chmod(dir, 0o700) })
}

// allowNewFiles gives dir its write permission back.
func allowNewFiles(t *testing.T, dir string) {
	t.Helper()
	if err := os.Chmod(dir, 0o700); err != nil {
		t.Fatal(err)
	}
}

// memTableDir returns the path of a directory name, not made yet, in a
// new temporary directory named after pattern, which is removed when the
// test ends, its write permission given back first. It is not under
// t.TempDir, whose removal fails when it meets the table file that
// Badger's flush, which retries once a second, makes once a directory
// that lost a memory table takes files again: the removal is tried for
// 5 seconds.
func memTableDir(t *testing.T, pattern, name string) string {
	t.Helper()
	top, err := os.MkdirTemp("", pattern)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(top, name)
	t.Cleanup(func() {
		_ = os.Chmod(dir, 0o700)
		for range 50 {
			if os.RemoveAll(top) == nil {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
	})
	return dir
}

// loseMemTable opens a test store in a new directory, with a memory
// table of 1 MiB, and its Probe, takes the directory's write permission
// away (given back at the test's end) and writes through the Probe until
// a write fails, which is the write that found Badger unable to make its
// next memory table. It returns the database, which is not closed
// (without a memory table, Badger's Close does not return; the process
// of the test ends with it), the Probe, whose clock stands still unless
// the test moves it, the directory and the failed write's error.
func loseMemTable(t *testing.T) (*bdb.DB, *Probe, string, error) {
	t.Helper()
	ctx := context.Background()
	dir := memTableDir(t, "levy-memtable-", "store")
	db, err := Open(ctx, bdb.DefaultOptions(dir).WithMemTableSize(1<<20).WithValueThreshold(64<<10), "test", nil,
		Schema{Key: 'V', Version: "1", Store: "the test store"})
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewProbe("the test store", dir)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Unix(1_800_000_000, 0)
	p.now = func() time.Time { return now }
	if err := p.Check(ctx); err != nil {
		t.Fatal(err)
	}
	denyNewFiles(t, dir)
	value := make([]byte, 4<<10)
	var werr error
	for i := 0; i < 2000 && werr == nil; i++ {
		werr = p.Update(ctx, db, func(txn *bdb.Txn) error {
			return txn.Set([]byte(fmt.Sprintf("k%06d", i)), value)
		})
	}
	if werr == nil {
		t.Fatal("8 MiB of writes into a memory table of 1 MiB met no error in a directory that takes no new file")
	}
	return db, p, dir, werr
}

// TestReadOfAStoreThatLostItsMemTable: a store whose database lost its
// memory table (TestProbeKeepsAStoreThatLostItsMemTable) refuses its
// writes as unavailable, naming the restart; its reads must be answered
// the same, even once the directory takes files again. Before, a read
// panicked inside Badger (a nil memory table), which the server answered
// 500.
func TestReadOfAStoreThatLostItsMemTable(t *testing.T) {
	if os.Geteuid() == 0 {
		runAsNobody(t, "TestReadOfAStoreThatLostItsMemTable")
		return
	}
	db, p, dir, _ := loseMemTable(t)
	allowNewFiles(t, dir)
	read := func() (err error) {
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("the read panicked: %v", r)
			}
		}()
		return p.View(db, func(txn *bdb.Txn) error {
			_, err := txn.Get([]byte("k000000"))
			return err
		})
	}
	err := read()
	if levy.ErrorCode(err) != levy.EUnavailable || !strings.Contains(err.Error(), "restart") {
		t.Fatalf("a read after the memory table was lost: %v, want unavailable, naming the restart", err)
	}
	clientSees(t, err, dir, "restart")
}

// clientSees checks the error of a store that cannot take writes: what
// a client is answered (its *levy.Error, also /healthz's, which needs no
// token) says want and names no path of the server's, dir among them;
// the error as a whole, which the log writes, names dir.
func clientSees(t *testing.T, err error, dir, want string) {
	t.Helper()
	var le *levy.Error
	if !errors.As(err, &le) {
		t.Fatalf("%v has no *levy.Error", err)
	}
	if strings.Contains(le.Message, "/") || !strings.Contains(le.Message, want) {
		t.Errorf("a client is told %q: want %q and no path", le.Message, want)
	}
	if !strings.Contains(err.Error(), dir) {
		t.Errorf("the log's error %q does not name the directory %s", err, dir)
	}
}

// TestCloseOfAStoreWhoseDirectoryTakesNoNewFile: a store closed (levy
// serve stopped with SIGTERM) while its directory takes no new file must
// end, leaving its files open with an error that says so (what it
// acknowledged is in its write-ahead log, for the next start). Before, Badger's Close retried for
// ever, once a second, to write its memory table into a new table file,
// and the server never ended.
func TestCloseOfAStoreWhoseDirectoryTakesNoNewFile(t *testing.T) {
	if os.Geteuid() == 0 {
		runAsNobody(t, "TestCloseOfAStoreWhoseDirectoryTakesNoNewFile")
		return
	}
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "store")
	schema := Schema{Key: 'V', Version: "1", Store: "the test store"}
	db, err := Open(ctx, bdb.DefaultOptions(dir), "test", nil, schema)
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewProbe("the test store", dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := put(ctx, p, db, "kept"); err != nil {
		t.Fatal(err)
	}
	denyNewFiles(t, dir)
	done := make(chan error, 1)
	go func() { done <- closeDB(db, p) }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "left open") {
			t.Errorf("closeDB: %v, want the files left open", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("closeDB of a store whose directory takes no new file did not return in 10 s")
	}
}
