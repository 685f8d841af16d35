package pgtest

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

func TestMain(m *testing.M) { os.Exit(Main(m)) }

// TestURL connects to a database of its own and finds it empty and
// writable, and a server of version 15 or later.
func TestURL(t *testing.T) {
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, URL(t))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var v int
	if err := conn.QueryRow(ctx, "SELECT current_setting('server_version_num')::int").Scan(&v); err != nil {
		t.Fatal(err)
	}
	if v < 150000 {
		t.Errorf("server version %d, want 15 or later", v)
	}
	if _, err := conn.Exec(ctx, "CREATE TABLE t (x int)"); err != nil {
		t.Fatal(err)
	}
}

// TestClusterDiesWithItsProcess starts a cluster in a child process (this
// test binary, run as a helper), kills the child with SIGKILL, as a
// killed test run is, and finds the cluster's server gone; the next
// Start then removes the directory the child left.
func TestClusterDiesWithItsProcess(t *testing.T) {
	if os.Getenv("PGTEST_HELPER") == "start" {
		c, err := Start(context.Background(), Options{})
		if err != nil {
			fmt.Println("error:", err)
			os.Exit(1)
		}
		fmt.Println("dir:", c.dir)
		time.Sleep(time.Hour)
		return
	}
	if !Available() {
		t.Skip("PostgreSQL is not available")
	}
	// The directory is the helper's TMPDIR, which the cluster's owner
	// (postgres, when the tests run as root) must be able to enter.
	tmp, err := os.MkdirTemp("", "pgtest-reap-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	if err := os.Chmod(tmp, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestClusterDiesWithItsProcess$")
	cmd.Env = append(os.Environ(), "PGTEST_HELPER=start", "TMPDIR="+tmp)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	dir, ok := strings.CutPrefix(strings.TrimSpace(line), "dir: ")
	if err != nil || !ok {
		_ = cmd.Process.Kill()
		t.Fatalf("the helper said %q (%v)", line, err)
	}
	pid := postmasterPID(dir)
	if pid <= 0 || !alive(pid) {
		t.Fatalf("no running server in %s", dir)
	}
	_ = cmd.Process.Kill()
	_ = cmd.Wait()
	for deadline := time.Now().Add(30 * time.Second); alive(pid); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			_ = syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("the server %d outlived the process that started it", pid)
		}
	}
	if _, err := os.Stat(dir); err != nil {
		t.Fatalf("the killed run's directory: %v", err)
	}
	reapStale(tmp)
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("the killed run's directory is still there: %v", err)
	}
}
