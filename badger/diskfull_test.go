package badger

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/levytax/levy"
)

// diskFullEnv names the store (kind:dir) that TestDiskFullChild fills;
// the child runs only when it is set.
const diskFullEnv = "LEVY_DISK_FULL_STORE"

// TestDiskFullChild writes to a store until a write fails, printing
// "ack <n>" after each write acknowledged, then "refused <code> <error>"
// and ends. It runs only as the child of TestDiskFullRefusesWrites.
func TestDiskFullChild(t *testing.T) {
	kind, dir, ok := strings.Cut(os.Getenv(diskFullEnv), ":")
	if !ok {
		t.Skip("the child of TestDiskFullRefusesWrites")
	}
	ctx := context.Background()
	var write func(n int) error
	switch kind {
	case "journal":
		j, err := OpenJournal(ctx, dir)
		if err != nil {
			childFail("open failed: %v", err)
		}
		write = func(n int) error { _, err := j.Post(ctx, "full", crashTx(fmt.Sprintf("F-%07d", n))); return err }
	case "profile":
		p, err := OpenProfile(ctx, dir)
		if err != nil {
			childFail("open failed: %v", err)
		}
		write = func(n int) error { _, err := p.Apply(ctx, "full", crashProfileCommit(uint64(n))); return err }
	}
	for n := 1; ; n++ {
		if err := write(n); err != nil {
			var le *levy.Error
			code := ""
			if errors.As(err, &le) {
				code = string(le.Code)
			}
			fmt.Printf("refused %s %v\n", code, err)
			os.Exit(0)
		}
		fmt.Printf("ack %d\n", n)
	}
}

// TestDiskFullRefusesWrites fills a small file system (a tmpfs, which
// needs root to mount) with a store's writes in a child process. The
// writes must be refused as unavailable, with an error that says the
// disk is full, where Badger's memory-mapped files used to end the
// process with SIGBUS; and once there is space again, the store must
// open with every write it acknowledged.
func TestDiskFullRefusesWrites(t *testing.T) {
	if os.Getenv(diskFullEnv) != "" {
		t.Skip("in the child")
	}
	for _, c := range []struct {
		kind string
		size int // MiB of the file system
	}{{"journal", 24}, {"profile", 56}} {
		t.Run(c.kind, func(t *testing.T) {
			mnt := filepath.Join(t.TempDir(), "fs")
			if err := os.Mkdir(mnt, 0o700); err != nil {
				t.Fatal(err)
			}
			if err := syscall.Mount("tmpfs", mnt, "tmpfs", 0, fmt.Sprintf("size=%dm", c.size)); err != nil {
				t.Skipf("mounting a %d MiB tmpfs needs root: %v", c.size, err)
			}
			t.Cleanup(func() { _ = syscall.Unmount(mnt, syscall.MNT_DETACH) })
			dir := filepath.Join(mnt, c.kind)

			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestDiskFullChild$", "-test.count=1")
			cmd.Env = append(os.Environ(), diskFullEnv+"="+c.kind+":"+dir)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil {
				// The Go runtime ends a process that a signal such as
				// SIGBUS faults with status 2 and says so on stderr.
				if i := bytes.Index(stderr.Bytes(), []byte("[signal ")); i >= 0 {
					t.Fatalf("the %s's process died as its disk filled, after %d writes acknowledged: %.80s",
						c.kind, bytes.Count(out, []byte("ack ")), stderr.Bytes()[i:])
				}
				t.Fatalf("the child failed: %v\n%.600s\n%.600s", err, out[max(0, len(out)-600):], stderr.String())
			}
			lines := strings.Split(strings.TrimSpace(string(out)), "\n")
			refusal := lines[len(lines)-1]
			if !strings.HasPrefix(refusal, "refused "+string(levy.EUnavailable)+" ") || !strings.Contains(refusal, "MiB free") {
				t.Fatalf("the full disk's refusal is %q, want an unavailable error that says how much space is free", refusal)
			}
			acked := 0
			for _, l := range lines[:len(lines)-1] {
				if n, err := strconv.Atoi(strings.TrimPrefix(l, "ack ")); err == nil && n == acked+1 {
					acked = n
				} else {
					t.Fatalf("the child printed %q", l)
				}
			}
			t.Logf("%d writes acknowledged, then: %s", acked, refusal)

			// With space again, every write acknowledged is there.
			if err := syscall.Mount("tmpfs", mnt, "tmpfs", syscall.MS_REMOUNT, "size=1024m"); err != nil {
				t.Fatalf("remount larger: %v", err)
			}
			bg := context.Background()
			switch c.kind {
			case "journal":
				j, err := OpenJournal(bg, dir)
				if err != nil {
					t.Fatalf("reopen: %v", err)
				}
				defer j.Close()
				for n := 1; n <= acked; n++ {
					if _, err := j.Get(bg, "full", fmt.Sprintf("F-%07d", n)); err != nil {
						t.Fatalf("acknowledged post %d is lost: %v", n, err)
					}
				}
				if _, err := j.Post(bg, "full", crashTx("after")); err != nil {
					t.Fatalf("a post with space again: %v", err)
				}
			case "profile":
				p, err := OpenProfile(bg, dir)
				if err != nil {
					t.Fatalf("reopen: %v", err)
				}
				defer p.Close()
				recs, err := p.Records(bg, "full", time.Time{})
				if err != nil {
					t.Fatal(err)
				}
				if recs.Version != uint64(acked) || (acked > 0 && !strings.HasPrefix(recs.Customers[0].Name, fmt.Sprintf("v%08d-", acked))) {
					t.Fatalf("the profile is at version %d after %d changes acknowledged", recs.Version, acked)
				}
				if _, err := p.Apply(bg, "full", crashProfileCommit(uint64(acked+1))); err != nil {
					t.Fatalf("a change with space again: %v", err)
				}
			}
		})
	}
}
