package batch_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/batch"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/internal/batchtest"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/wire"
)

// TestMain lets a test run a host's journaled batch job as a child
// process (the kill -9 test): LEVY_BATCH_CHILD=IN,OUT,JOURNAL[,resume]
// makes the test binary run IN into the File OUT over the Badger
// journal in JOURNAL (none when it is empty), as a host program would,
// and exit.
func TestMain(m *testing.M) {
	if spec := os.Getenv("LEVY_BATCH_CHILD"); spec != "" {
		os.Exit(child(strings.Split(spec, ",")))
	}
	os.Exit(m.Run())
}

// child is the host program of TestFileKill9: Ctrl-C ends its run in
// order, SIGKILL anywhere.
func child(args []string) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	fail := func(err error) int {
		fmt.Fprintln(os.Stderr, "child:", err)
		return 2
	}
	in, err := os.Open(args[0])
	if err != nil {
		return fail(err)
	}
	defer in.Close()
	e, err := engine.New(ctx)
	if err != nil {
		return fail(err)
	}
	cfg := batch.Config{Engine: e, Perspective: batch.Sale, Workers: 2, Chunk: 16}
	if v := os.Getenv("LEVY_BATCH_INFLIGHT"); v != "" {
		if cfg.InFlight, err = strconv.Atoi(v); err != nil {
			return fail(err)
		}
	}
	if args[2] != "" { // else a run without a journal
		j, err := badger.OpenJournal(ctx, args[2])
		if err != nil {
			return fail(err)
		}
		defer j.Close()
		cfg.Journal = j
	}
	f, err := batch.OpenFile(ctx, cfg, args[1], len(args) > 3)
	if err != nil {
		return fail(err)
	}
	if _, err := f.Run(ctx, in); err != nil {
		return fail(err)
	}
	return 0
}

// newEngine is an engine over the embedded dataset.
func newEngine(t testing.TB) *engine.Engine {
	t.Helper()
	e, err := engine.New(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// runFile runs the file in into out as a host would, with j as the
// journal when it is not nil.
func runFile(t *testing.T, e *engine.Engine, in, out string, j journal.Store, resume bool) (batch.Summary, error) {
	t.Helper()
	return runConfig(context.Background(), t, batch.Config{Engine: e, Perspective: batch.Sale, Journal: j}, in, out, resume)
}

// runConfig runs the file in into the File out under cfg and ctx, as
// runFile does with a Config of the test's own (a progress hook, a
// limit on errors).
func runConfig(ctx context.Context, t *testing.T, cfg batch.Config, in, out string, resume bool) (batch.Summary, error) {
	t.Helper()
	src, err := os.Open(in)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	f, err := batch.OpenFile(ctx, cfg, out, resume)
	if err != nil {
		return batch.Summary{}, err
	}
	return f.Run(ctx, src)
}

// versionCounts returns how many versions each of ids has in j (0 for an
// unknown one).
func versionCounts(t *testing.T, j journal.Store, ids []string) map[string]int {
	t.Helper()
	out := map[string]int{}
	for _, id := range ids {
		vs, err := j.Versions(context.Background(), levy.DefaultTenant, id)
		if err != nil && levy.ErrorCode(err) != levy.ENotFound {
			t.Fatalf("versions of %s: %v", id, err)
		}
		out[id] = len(vs)
	}
	return out
}

// openJournal opens the Badger journal in dir.
func openJournal(t *testing.T, dir string) *badger.JournalStore {
	t.Helper()
	j, err := badger.OpenJournal(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	return j
}

// wantVersions fails unless each of ids has n versions in j, and the
// quotations and refused lines of invoiceFile none.
func wantVersions(t *testing.T, j journal.Store, ids []string, n int) {
	t.Helper()
	counts := versionCounts(t, j, append(slices.Clone(ids), "T-7", "T-14", "T-97"))
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

// TestFileJournal stores a file's invoices into a journal: each once,
// the quotations and refused lines not at all, and the output the same
// as a run without a journal; the checkpoint left is the end mark;
// a second run gives each invoice a second version, as the API does.
func TestFileJournal(t *testing.T) {
	dir := t.TempDir()
	e := newEngine(t)
	in, ids := batchtest.InvoiceFile(t, dir, 700)
	plain, stored := filepath.Join(dir, "plain.jsonl"), filepath.Join(dir, "stored.jsonl")
	if sum, err := runFile(t, e, in, plain, nil, false); err != nil || sum.Documents != 700 || sum.Failed != 7 {
		t.Fatalf("run without a journal: %+v, %v", sum, err)
	}
	j := journal.NewMemory()
	if sum, err := runFile(t, e, in, stored, j, false); err != nil || sum.Failed != 7 {
		t.Fatalf("journaled run: %+v, %v", sum, err)
	}
	batchtest.SameFile(t, stored, plain)
	batchtest.EndMark(t, stored, 700)
	wantVersions(t, j, ids, 1)
	if _, err := runFile(t, e, in, stored, j, false); err != nil {
		t.Fatal(err)
	}
	wantVersions(t, j, ids, 2)
}

// TestRunBlankTransactionID checks that a line whose transaction ID is
// only whitespace fails with its own error record naming transactionId,
// is not stored, and leaves the lines around it answered and stored.
func TestRunBlankTransactionID(t *testing.T) {
	e := newEngine(t)
	line := func(id string) string {
		return strings.Replace(batchtest.Quote(id), `"QUOTATION"`, `"INVOICE"`, 1)
	}
	in := strings.Join([]string{line("B-1"), line("   "), line("\u3000"), line("B-4")}, "\n") + "\n"
	j := journal.NewMemory()
	var out bytes.Buffer
	sum, err := batch.Run(context.Background(), batch.Config{Engine: e, Perspective: batch.Sale, Journal: j}, strings.NewReader(in), &out)
	if err != nil || sum.Documents != 4 || sum.Failed != 2 {
		t.Fatalf("run: %+v, %v; want 4 documents, 2 failed", sum, err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 4 {
		t.Fatalf("%d output lines, want 4:\n%s", len(lines), out.String())
	}
	for i, want := range []string{"", "   ", "\u3000", ""} {
		var rec batch.ErrorRecord
		if want == "" {
			if strings.Contains(lines[i], `"errors"`) {
				t.Errorf("line %d failed: %s", i+1, lines[i])
			}
			continue
		}
		if err := json.Unmarshal([]byte(lines[i]), &rec); err != nil || rec.Line != i+1 || len(rec.Errors) != 1 ||
			rec.Errors[0].Target != "transactionId" || rec.Errors[0].Code != string(levy.EInvalid) {
			t.Errorf("line %d: %s (%v), want its error record about transactionId", i+1, lines[i], err)
		}
		if ok, err := j.Exists(context.Background(), levy.DefaultTenant, want); ok || err != nil {
			t.Errorf("line %d: the ID %q is in the journal (%v)", i+1, want, err)
		}
	}
	if n := versionCounts(t, j, []string{"B-1", "B-4"}); n["B-1"] != 1 || n["B-4"] != 1 {
		t.Errorf("the good lines were not stored once each: %v", n)
	}
}

// lostAck is a journal whose PostAll stores the group and then, at the
// group numbered at, fails as a crash between the commit and the output
// would: the one place where stored and acknowledged differ.
type lostAck struct {
	journal.Store
	groups, at int
}

var errLostAck = errors.New("stopped as by a crash")

func (l *lostAck) PostAll(ctx context.Context, tenant string, txs []*journal.Transaction) ([]*journal.Transaction, error) {
	out, err := l.Store.PostAll(ctx, tenant, txs)
	if l.groups++; err == nil && l.groups == l.at {
		return nil, errLostAck
	}
	return out, err
}

// TestFileResumeStoredGroup stops a journaled run after the journal
// stored its second group and before that group's output was written;
// the resumed File writes that output from the checkpoint without
// storing it again, and the finished output equals a run's that never
// stopped. Resuming with another perspective, or without the journal,
// is refused.
func TestFileResumeStoredGroup(t *testing.T) {
	dir := t.TempDir()
	e := newEngine(t)
	in, ids := batchtest.InvoiceFile(t, dir, 900)
	want, got := filepath.Join(dir, "want.jsonl"), filepath.Join(dir, "got.jsonl")
	if _, err := runFile(t, e, in, want, nil, false); err != nil {
		t.Fatal(err)
	}
	j := journal.NewMemory()
	if _, err := runFile(t, e, in, got, &lostAck{Store: j, at: 2}, false); !errors.Is(err, errLostAck) {
		t.Fatalf("interrupted run: %v", err)
	}
	if n := batchtest.LineCount(t, got); n != batch.GroupSize {
		t.Fatalf("the interrupted run wrote %d lines, want its first group of %d", n, batch.GroupSize)
	}
	if _, err := os.Stat(got + batch.CheckpointSuffix); err != nil {
		t.Fatalf("no checkpoint after the interruption: %v", err)
	}

	var me *batch.MismatchError
	if _, err := runFile(t, e, in, got, nil, true); !errors.As(err, &me) || !me.Journaled {
		t.Fatalf("resumed without the journal: %v", err)
	}
	f, err := batch.OpenFile(context.Background(), batch.Config{Engine: e, Perspective: batch.Purchase, Journal: j}, got, true)
	if !errors.As(err, &me) || me.Perspective != batch.Sale || f != nil {
		t.Fatalf("resumed as a purchase run: %v", err)
	}

	f, err = batch.OpenFile(context.Background(), batch.Config{Engine: e, Perspective: batch.Sale, Journal: j}, got, true)
	if err != nil || f.Done() != 2*batch.GroupSize {
		t.Fatalf("resume: %v, %d documents done, want %d", err, f.Done(), 2*batch.GroupSize)
	}
	src, err := os.Open(in)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	if sum, err := f.Run(context.Background(), src); err != nil || sum.Documents != 900-2*batch.GroupSize {
		t.Fatalf("resumed run: %+v, %v", sum, err)
	}
	batchtest.SameFile(t, got, want)
	wantVersions(t, j, ids, 1)
}

// TestFileKill9 kills a host's journaled batch job (a child process
// running a File over a Badger journal) with SIGKILL at several points
// and resumes it each time: every document whose output line was
// written is in the journal exactly once, and the finished output equals
// that of a run that never stopped. The first stop is Ctrl-C, which ends
// the run in order: then the journal holds exactly the answered
// documents.
func TestFileKill9(t *testing.T) {
	if testing.Short() {
		t.Skip("kills a batch run several times")
	}
	fileKill9(t, "")
}

// TestFileKill9InFlight is TestFileKill9 with a Config.InFlight of 64
// KiB: groups of a few documents, and the reading held back for the
// answers before, do not change what a stop leaves stored and written.
func TestFileKill9InFlight(t *testing.T) {
	fileKill9(t, "65536")
}

// fileKill9 stops and resumes a child process's journaled run as
// TestFileKill9 says, with Config.InFlight set to inFlight when it is
// not empty.
func fileKill9(t *testing.T, inFlight string) {
	dir := t.TempDir()
	in, ids := batchtest.InvoiceFile(t, dir, 2500)
	want, got, data := filepath.Join(dir, "want.jsonl"), filepath.Join(dir, "got.jsonl"), filepath.Join(dir, "journal")
	if _, err := runFile(t, newEngine(t), in, want, nil, false); err != nil {
		t.Fatal(err)
	}
	ref, err := os.Stat(want)
	if err != nil {
		t.Fatal(err)
	}
	perLine := ref.Size() / int64(batchtest.LineCount(t, want))
	spec := strings.Join([]string{in, got, data}, ",")
	kills := 0
	for i, at := range []int{300, 1000, 1800} {
		sig := syscall.SIGKILL
		if i == 0 {
			sig = syscall.SIGINT
		}
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), "LEVY_BATCH_CHILD="+spec, "LEVY_BATCH_INFLIGHT="+inFlight)
		if kills > 0 {
			cmd.Env = append(os.Environ(), "LEVY_BATCH_CHILD="+spec+",resume", "LEVY_BATCH_INFLIGHT="+inFlight)
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
				t.Fatalf("the run ended before it was stopped at line %d: %v\n%s", at, err, stderr.String())
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
		j := openJournal(t, data)
		counts := versionCounts(t, j, ids)
		j.Close()
		for _, id := range ids {
			var n int
			fmt.Sscanf(id, "T-%d", &n)
			if n <= done && counts[id] != 1 {
				t.Fatalf("after stop %d: %s, answered on line %d of %d, has %d versions", kills, id, n, done, counts[id])
			}
			if counts[id] > 1 {
				t.Fatalf("after stop %d: %s has %d versions", kills, id, counts[id])
			}
			if sig == syscall.SIGINT && n > done && counts[id] != 0 {
				t.Fatalf("after Ctrl-C: %s, not answered (%d lines written), is in the journal", id, done)
			}
		}
		t.Logf("stop %d (%v) at %d lines written", kills, sig, done)
	}
	j := openJournal(t, data)
	defer j.Close()
	if _, err := runFile(t, newEngine(t), in, got, j, true); err != nil {
		t.Fatalf("final resumed run: %v", err)
	}
	batchtest.SameFile(t, got, want)
	wantVersions(t, j, ids, 1)
}

// TestSales runs an iterator of requests through a journal: the results
// come in order, numbered, each bad request with its error; the
// invoices are stored once, the quotations not; MaxErrors stops the run
// with ErrMaxErrors after every result before it.
func TestSales(t *testing.T) {
	e := newEngine(t)
	reqs := func(yield func(*wire.SaleRequest) bool) {
		for i := 1; i <= 600; i++ {
			kind := "INVOICE"
			if i%5 == 0 {
				kind = "QUOTATION"
			}
			body := fmt.Sprintf(`{"saleMessageType":%q,"transactionType":"SALE","transactionId":"S-%d","documentDate":"2026-06-01",`+
				`"seller":{"physicalOrigin":{"postalCode":"98101","country":"US"}},"customer":{"destination":{"postalCode":"10118","country":"US"}},`+
				`"lineItems":[{"lineItemNumber":1,"extendedPrice":%d}]}`, kind, i, 10+i)
			if i%100 == 0 { // no date, no parties, no lines: refused
				body = fmt.Sprintf(`{"saleMessageType":"INVOICE","transactionId":"S-%d"}`, i)
			}
			r := new(wire.SaleRequest)
			if err := json.Unmarshal([]byte(body), r); err != nil {
				t.Fatal(err)
			}
			if !yield(r) {
				return
			}
		}
	}
	j := journal.NewMemory()
	n, failed := 0, 0
	for res, err := range batch.Sales(context.Background(), batch.Config{Engine: e, Journal: j, Workers: 2}, reqs) {
		if err != nil {
			t.Fatalf("after %d results: %v", n, err)
		}
		n++
		if res.N != n {
			t.Fatalf("result %d is numbered %d", n, res.N)
		}
		switch {
		case n%100 == 0:
			if res.Err == nil || levy.ErrorCode(res.Err) != levy.EInvalid {
				t.Fatalf("request %d: %v, want it refused", n, res.Err)
			}
			failed++
		case res.Err != nil:
			t.Fatalf("request %d: %v", n, res.Err)
		case res.Response.TransactionID != fmt.Sprintf("S-%d", n):
			t.Fatalf("request %d answered as %s", n, res.Response.TransactionID)
		}
	}
	if n != 600 || failed != 6 {
		t.Fatalf("%d results, %d failed", n, failed)
	}
	for i := 1; i <= 600; i++ {
		id := fmt.Sprintf("S-%d", i)
		ok, err := j.Exists(context.Background(), levy.DefaultTenant, id)
		if err != nil || ok != (i%5 != 0 && i%100 != 0) {
			t.Fatalf("%s stored: %v, %v", id, ok, err)
		}
	}

	n = 0
	var last error
	for res, err := range batch.Sales(context.Background(), batch.Config{Engine: e, MaxErrors: 2}, reqs) {
		if err != nil {
			last = err
			continue
		}
		n = res.N
	}
	if !errors.Is(last, batch.ErrMaxErrors) || n != 200 {
		t.Fatalf("with MaxErrors 2: the last result %d, then %v", n, last)
	}
}
