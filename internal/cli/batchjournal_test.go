package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/batch"
	"github.com/levytax/levy/internal/batchtest"
	"github.com/levytax/levy/internal/pgtest"
)

// versionCounts opens the journal of a data directory, or of a
// database when where is a postgres:// URL, and returns how many
// versions each of ids has (0 for an unknown one).
func versionCounts(t *testing.T, where string, ids []string) map[string]int {
	t.Helper()
	ctx := context.Background()
	j, closeJournal := openJournalAt(t, where)
	defer closeJournal()
	out := map[string]int{}
	for _, id := range ids {
		vs, err := j.Versions(ctx, levy.DefaultTenant, id)
		if err != nil && levy.ErrorCode(err) != levy.ENotFound {
			t.Fatalf("versions of %s: %v", id, err)
		}
		out[id] = len(vs)
	}
	return out
}

// wantVersions fails unless each of ids has n versions in the journal of
// dataDir, and the quotations and refused lines of invoiceFile none.
func wantVersions(t *testing.T, dataDir string, ids []string, n int) {
	t.Helper()
	counts := versionCounts(t, dataDir, append(ids, "T-7", "T-14", "T-97"))
	for _, id := range ids {
		if counts[id] != n {
			t.Fatalf("transaction %s has %d versions in the journal, want %d", id, counts[id], n)
		}
	}
	for _, id := range []string{"T-7", "T-14", "T-97"} {
		if counts[id] != 0 {
			t.Fatalf("transaction %s, a quotation or a refused line, is in the journal", id)
		}
	}
}

// TestBatchJournal stores a file's invoices with --data-dir: each once,
// the quotations and refused lines not at all, and the output the same as
// a run without a journal; a second run of the file gives each invoice a
// second version, as the API does with a repeated transaction ID.
func TestBatchJournal(t *testing.T) {
	dir := t.TempDir()
	in, ids := batchtest.InvoiceFile(t, dir, 700)
	plain, stored, data := filepath.Join(dir, "plain.jsonl"), filepath.Join(dir, "stored.jsonl"), filepath.Join(dir, "data")
	if code, _, errOut := runCLI(t, "batch", "sale", "--in", in, "--out", plain); code != 1 {
		t.Fatalf("run without a journal: exit %d, %s", code, errOut)
	}
	code, _, errOut := runCLI(t, "batch", "sale", "--in", in, "--out", stored, "--data-dir", data)
	if code != 1 || !strings.Contains(errOut, "7 of 700 documents failed") {
		t.Fatalf("journaled run: exit %d, %s", code, errOut)
	}
	batchtest.SameFile(t, stored, plain)
	batchtest.EndMark(t, stored, 700)
	wantVersions(t, data, ids, 1)

	if code, _, errOut := runCLI(t, "batch", "sale", "--in", in, "--out", stored, "--data-dir", data, "--quiet"); code != 1 {
		t.Fatalf("second run: exit %d, %s", code, errOut)
	}
	wantVersions(t, data, ids, 2)
}

// TestBatchResumeStoredGroup stops a journaled run after the journal
// stored a group and before its output was written, the one place where
// stored and acknowledged differ; --resume writes that group's output
// from the checkpoint without storing it again, and the finished output
// equals a run's that never stopped.
func TestBatchResumeStoredGroup(t *testing.T) {
	dir := t.TempDir()
	in, ids := batchtest.InvoiceFile(t, dir, 900)
	want, got := filepath.Join(dir, "want.jsonl"), filepath.Join(dir, "got.jsonl")
	if code, _, errOut := runCLI(t, "batch", "sale", "--in", in, "--out", want, "--data-dir", filepath.Join(dir, "ref")); code != 1 {
		t.Fatalf("reference run: exit %d, %s", code, errOut)
	}

	data := filepath.Join(dir, "data")
	groups := 0
	crash := errors.New("stopped as by a crash")
	ctx := context.WithValue(context.Background(), afterPostKey{}, func() error {
		if groups++; groups == 2 {
			return crash
		}
		return nil
	})
	var out, errOut bytes.Buffer
	code := run(ctx, []string{"batch", "sale", "--in", in, "--out", got, "--data-dir", data}, &out, &errOut)
	if code != 2 || !strings.Contains(errOut.String(), crash.Error()) {
		t.Fatalf("interrupted run: exit %d, %s", code, errOut.String())
	}
	if n := batchtest.LineCount(t, got); n != batch.GroupSize {
		t.Fatalf("the interrupted run wrote %d lines, want its first group of %d", n, batch.GroupSize)
	}
	if _, err := os.Stat(got + batch.CheckpointSuffix); err != nil {
		t.Fatalf("no checkpoint after the interruption: %v", err)
	}

	code, _, stderr := runCLI(t, "batch", "sale", "--in", in, "--out", got, "--data-dir", data, "--resume")
	if code != 1 || !strings.Contains(stderr, fmt.Sprintf("resuming after %d documents", 2*batch.GroupSize)) {
		t.Fatalf("resumed run: exit %d, %s", code, stderr)
	}
	batchtest.SameFile(t, got, want)
	wantVersions(t, data, ids, 1)
}

// TestBatchResumeCountsEarlierFailures stops a journaled run of 570
// lines after the journal stored its second group and before that
// group's output was written; the file's five refused lines (97, 194,
// 291, 388 and 485) all lie in those two groups, and the lines that the
// resumed run calculates itself (513 to 570) all succeed. The resumed
// run's output holds the five error records, and its exit status says
// so (1, "5 of 570 documents failed"): it was 0, as if every line had
// succeeded, since it counted only the lines it answered itself.
func TestBatchResumeCountsEarlierFailures(t *testing.T) {
	dir := t.TempDir()
	in, ids := batchtest.InvoiceFile(t, dir, 570)
	got, data := filepath.Join(dir, "got.jsonl"), filepath.Join(dir, "data")
	groups := 0
	crash := errors.New("stopped as by a crash")
	ctx := context.WithValue(context.Background(), afterPostKey{}, func() error {
		if groups++; groups == 2 {
			return crash
		}
		return nil
	})
	var out, errOut bytes.Buffer
	if code := run(ctx, []string{"batch", "sale", "--in", in, "--out", got, "--data-dir", data}, &out, &errOut); code != 2 {
		t.Fatalf("interrupted run: exit %d, %s", code, errOut.String())
	}
	code, _, stderr := runCLI(t, "batch", "sale", "--in", in, "--out", got, "--data-dir", data, "--resume")
	if code != 1 || !strings.Contains(stderr, "5 of 570 documents failed") ||
		!strings.Contains(stderr, fmt.Sprintf("resuming after %d documents of %s (5 failed)", 2*batch.GroupSize, got)) {
		t.Fatalf("resumed run: exit %d, %s", code, stderr)
	}
	b, err := os.ReadFile(got)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(b), "\n{\"line\":") + strings.Count(string(b[:min(len(b), 8)]), "{\"line\":"); n != 5 {
		t.Fatalf("the output holds %d error records, want 5", n)
	}
	wantVersions(t, data, ids, 1)

	// Resumed again, with nothing left to do, the run still tells the
	// output's failures.
	code, _, stderr = runCLI(t, "batch", "sale", "--in", in, "--out", got, "--data-dir", data, "--resume")
	if code != 1 || !strings.Contains(stderr, "5 of 570 documents failed") {
		t.Fatalf("a resume of a finished run: exit %d, %s", code, stderr)
	}
}

// TestBatchResumeDatabase is TestBatchResumeStoredGroup over a journal
// in PostgreSQL.
func TestBatchResumeDatabase(t *testing.T) {
	db := pgtest.URL(t)
	dir := t.TempDir()
	in, ids := batchtest.InvoiceFile(t, dir, 700)
	want, got := filepath.Join(dir, "want.jsonl"), filepath.Join(dir, "got.jsonl")
	if code, _, errOut := runCLI(t, "batch", "sale", "--in", in, "--out", want); code != 1 {
		t.Fatalf("reference run: exit %d, %s", code, errOut)
	}
	groups := 0
	ctx := context.WithValue(context.Background(), afterPostKey{}, func() error {
		if groups++; groups == 2 {
			return errors.New("stopped")
		}
		return nil
	})
	var out, errOut bytes.Buffer
	if code := run(ctx, []string{"batch", "sale", "--in", in, "--out", got, "--database", db}, &out, &errOut); code != 2 {
		t.Fatalf("interrupted run: exit %d, %s", code, errOut.String())
	}
	if code, _, stderr := runCLI(t, "batch", "sale", "--in", in, "--out", got, "--database", db, "--resume"); code != 1 {
		t.Fatalf("resumed run: exit %d, %s", code, stderr)
	}
	batchtest.SameFile(t, got, want)
	counts := versionCounts(t, db, ids)
	for _, id := range ids {
		if counts[id] != 1 {
			t.Fatalf("transaction %s has %d versions in the database, want 1", id, counts[id])
		}
	}
}

// TestBatchResumeErrors: --resume needs an output file, the journal of
// the interrupted run and its perspective.
func TestBatchResumeErrors(t *testing.T) {
	dir := t.TempDir()
	in, _ := batchtest.InvoiceFile(t, dir, 300)
	out, data := filepath.Join(dir, "out.jsonl"), filepath.Join(dir, "data")
	if code, _, errOut := runCLI(t, "batch", "sale", "--in", in, "--resume"); code != 2 || !strings.Contains(errOut, "--out FILE") {
		t.Fatalf("--resume without --out: exit %d, %s", code, errOut)
	}
	ctx := context.WithValue(context.Background(), afterPostKey{}, func() error { return errors.New("stop") })
	var o, e bytes.Buffer
	if code := run(ctx, []string{"batch", "sale", "--in", in, "--out", out, "--data-dir", data}, &o, &e); code != 2 {
		t.Fatalf("interrupted run: exit %d, %s", code, e.String())
	}
	if code, _, errOut := runCLI(t, "batch", "sale", "--in", in, "--out", out, "--resume"); code != 2 || !strings.Contains(errOut, "same --data-dir") {
		t.Fatalf("resume without the journal: exit %d, %s", code, errOut)
	}
	if code, _, errOut := runCLI(t, "batch", "purchase", "--in", in, "--out", out, "--data-dir", data, "--resume"); code != 2 || !strings.Contains(errOut, "levy batch sale") {
		t.Fatalf("resume of another perspective: exit %d, %s", code, errOut)
	}
}

// TestBatchKill9 kills a journaled run with SIGKILL at several points and
// resumes it each time: every document whose output line was written is
// in the journal exactly once, and the finished output equals that of a
// run that never stopped.
func TestBatchKill9(t *testing.T) {
	if testing.Short() {
		t.Skip("kills a batch run several times")
	}
	dir := t.TempDir()
	in, ids := batchtest.InvoiceFile(t, dir, 2500)
	want, got, data := filepath.Join(dir, "want.jsonl"), filepath.Join(dir, "got.jsonl"), filepath.Join(dir, "data")
	if code, _, errOut := runCLI(t, "batch", "sale", "--in", in, "--out", want, "--quiet"); code != 1 {
		t.Fatalf("reference run: exit %d, %s", code, errOut)
	}
	ref, err := os.Stat(want)
	if err != nil {
		t.Fatal(err)
	}
	perLine := ref.Size() / int64(batchtest.LineCount(t, want))
	args := []string{"--", "batch", "sale", "--in", in, "--out", got, "--data-dir", data, "--workers", "2", "--quiet"}
	kills := 0
	for i, at := range []int{300, 1000, 1800} {
		// The first stop is Ctrl-C, which ends the run cleanly: then the
		// journal holds exactly the answered documents.
		sig := syscall.SIGKILL
		if i == 0 {
			sig = syscall.SIGINT
		}
		cmd := exec.Command(os.Args[0], args...)
		cmd.Env = append(os.Environ(), "LEVY_TEST_MAIN=1")
		if kills > 0 {
			cmd.Args = append(cmd.Args, "--resume")
		}
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		exited := make(chan error, 1)
		go func() { exited <- cmd.Wait() }()
		killed := false
	wait:
		for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); {
			select {
			case err := <-exited:
				t.Fatalf("the run ended before it was killed at line %d: %v\n%s", at, err, stderr.String())
			case <-time.After(2 * time.Millisecond):
			}
			if fi, err := os.Stat(got); err == nil && fi.Size() > int64(at)*perLine {
				// A little later, at a point of the run that no one chose.
				time.Sleep(time.Duration(rand.IntN(30)) * time.Millisecond)
				if err := cmd.Process.Signal(sig); err != nil {
					t.Fatal(err)
				}
				killed = true
				break wait
			}
		}
		<-exited
		if !killed {
			t.Fatalf("the run did not reach line %d in time\n%s", at, stderr.String())
		}
		kills++
		// Every written line is stored once: the versions of the IDs
		// answered so far.
		done := batchtest.LineCount(t, got)
		counts := versionCounts(t, data, ids)
		for _, id := range ids {
			var n int
			fmt.Sscanf(id, "T-%d", &n)
			if n <= done && counts[id] != 1 {
				t.Fatalf("after kill %d: %s, answered on line %d of %d, has %d versions", kills, id, n, done, counts[id])
			}
			if counts[id] > 1 {
				t.Fatalf("after kill %d: %s has %d versions", kills, id, counts[id])
			}
			if sig == syscall.SIGINT && n > done && counts[id] != 0 {
				t.Fatalf("after Ctrl-C: %s, not answered (%d lines written), is in the journal", id, done)
			}
		}
		t.Logf("stop %d (%v) at %d lines written", kills, sig, done)
	}
	// The final run answers the lines after the last stop, and exits 1
	// with the count of the whole output's refused lines (every 97th),
	// those answered before the stops included, even when the last kill
	// came after the whole output was written (a loaded machine runs the
	// last groups within the kill's random delay).
	left := batchtest.LineCount(t, got)
	code, _, errOut := runCLI(t, append(args[1:], "--resume")...)
	if code != 1 || !strings.Contains(errOut, fmt.Sprintf("%d of 2500 documents failed", 2500/97)) {
		t.Fatalf("final resumed run after %d lines: exit %d, want 1 naming %d failed lines; %s", left, code, 2500/97, errOut)
	}
	batchtest.SameFile(t, got, want)
	wantVersions(t, data, ids, 1)
}

// TestBatchCSVResume runs the example CSV file through the command: its
// output equals the expected file; an output cut anywhere within a
// document by a run killed while it wrote it and resumed ends up the
// same; and a journaled run stopped
// after the journal stored its group and before any output was written
// resumes to the same output with each invoice stored once.
func TestBatchCSVResume(t *testing.T) {
	in, want := "../../batch/testdata/sale.csv", "../../batch/testdata/sale.out.csv"
	dir := t.TempDir()
	out := filepath.Join(dir, "out.csv")
	if code, _, errOut := runCLI(t, "batch", "sale", "--in", in, "--out", out); code != 0 {
		t.Fatalf("exit %d, %s", code, errOut)
	}
	batchtest.SameFile(t, out, want)

	full, err := os.ReadFile(want)
	if err != nil {
		t.Fatal(err)
	}
	header := bytes.IndexByte(full, '\n') + 1
	for _, cut := range []int{0, 10, len(full) / 3, len(full) / 2, len(full) - 5} {
		// The run was killed while it wrote its one group's output.
		batchtest.GroupMark(t, out, header)
		if err := os.WriteFile(out, full[:cut], 0o600); err != nil {
			t.Fatal(err)
		}
		if code, _, errOut := runCLI(t, "batch", "sale", "--in", in, "--out", out, "--resume", "--quiet"); code != 0 {
			t.Fatalf("resume after a cut at byte %d: exit %d, %s", cut, code, errOut)
		}
		batchtest.SameFile(t, out, want)
	}

	// With a journal, the EU distance-sales threshold follows the
	// journal's figures: the seller of EU-3001, with no distance sales
	// stored, is within it and charges German VAT (without a journal it
	// is taken to be above it, and charges French VAT, as the expected
	// file says). A journaled run uninterrupted is the reference.
	journaled := filepath.Join(dir, "journaled.csv")
	if code, _, errOut := runCLI(t, "batch", "sale", "--in", in, "--out", journaled, "--data-dir", filepath.Join(dir, "reference")); code != 0 {
		t.Fatalf("journaled run: exit %d, %s", code, errOut)
	}
	if b, err := os.ReadFile(journaled); err != nil || !strings.Contains(string(b), "eu-distance-threshold") {
		t.Fatalf("the journaled run does not decide the EU threshold from the journal: %v", err)
	}
	want = journaled

	data := filepath.Join(dir, "data")
	ctx := context.WithValue(context.Background(), afterPostKey{}, func() error { return errors.New("stopped") })
	var o, e bytes.Buffer
	if code := run(ctx, []string{"batch", "sale", "--in", in, "--out", out, "--data-dir", data}, &o, &e); code != 2 {
		t.Fatalf("interrupted run: exit %d, %s", code, e.String())
	}
	if fi, err := os.Stat(out); err != nil || fi.Size() != 0 {
		t.Fatalf("the interrupted run wrote its output: %v %v", fi, err)
	}
	if code, _, errOut := runCLI(t, "batch", "sale", "--in", in, "--out", out, "--data-dir", data, "--resume"); code != 0 {
		t.Fatalf("resumed run: exit %d, %s", code, errOut)
	}
	batchtest.SameFile(t, out, want)
	invoices := []string{"INV-2001", "INV-2002", "INV-2003", "EU-3001", "EU-3002"}
	for id, n := range versionCounts(t, data, append(invoices, "Q-1001")) {
		if want := 1; id == "Q-1001" && n != 0 || id != "Q-1001" && n != want {
			t.Fatalf("transaction %s has %d versions in the journal", id, n)
		}
	}
}
