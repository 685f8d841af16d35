package badger

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	bdb "github.com/dgraph-io/badger/v4"

	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/nexus"
	"github.com/levytax/levy/profile"
)

// The crash tests of this file kill (SIGKILL) a child process that
// writes to a store, reopen the store and check that every write the
// child acknowledged is there, whole, and that nothing is half applied.
// In the normal run each kills its child once, after a second; the long
// run kills it again and again over one store:
//
//	LEVY_CRASH_ROUNDS=50 go test ./badger -run 'TestCrash' -count=1 -v
//
// (TestCrashKeepsAcknowledged, of posts and reversals, kills once;
// TestCrashEInvoiceOutbox, in crash_einvoice_test.go, uses the same, as
// do the crash tests of syncs and rollbacks (crash_sync_test.go), of
// webhook delivery (crash_delivery_test.go), of the rewrite of the
// connections (crash_reseal_test.go) and of credentials and signing
// keys (crash_auth_test.go).)
const (
	crashOpsDirEnv   = "LEVY_CRASH_OPS_DIR"    // the child's store, when it runs
	crashRoundEnv    = "LEVY_CRASH_ROUND"      // the round, which the child's IDs carry
	crashRoundsEnv   = "LEVY_CRASH_ROUNDS"     // the rounds of the long run
	crashProfileSize = 1500                    // customers of each profile change
	crashNameSize    = 2000                    // bytes of each customer's name
	crashTenant      = "crash"                 // the tenant the children write
	crashChildBound  = 30 * time.Second        // how long an orphaned child lives
	crashFirstKill   = 1000 * time.Millisecond // when the normal run kills
)

// crashRounds returns the rounds to run: 1, or LEVY_CRASH_ROUNDS.
func crashRounds(t *testing.T) int {
	if testing.Short() {
		t.Skip("kills a child process after a second")
	}
	n, err := strconv.Atoi(os.Getenv(crashRoundsEnv))
	if err != nil || n < 1 {
		return 1
	}
	return n
}

// crashDelay is when round r kills its child: a second in the first
// round, then between 0.1 and 1.6 s, so that the kills fall at every
// point of the child's writes.
func crashDelay(r int) time.Duration {
	if r == 0 {
		return crashFirstKill
	}
	return 100*time.Millisecond + time.Duration(r*7919%1500)*time.Millisecond
}

// crashEnough is when a child has done enough for a test to judge:
// true once the acknowledgements so far suffice.
type crashEnough func(acked []string) bool

// ackedIDs is enough once acknowledgements name n IDs (the text before
// a space).
func ackedIDs(n int) crashEnough {
	return func(acked []string) bool {
		ids := map[string]bool{}
		for _, a := range acked {
			id, _, _ := strings.Cut(a, " ")
			ids[id] = true
		}
		return len(ids) >= n
	}
}

// ackedLines is enough once n acknowledgements came.
func ackedLines(n int) crashEnough {
	return func(acked []string) bool { return len(acked) >= n }
}

// runCrashChild runs the test child of this test binary over the store
// in dir, kills it after delay and returns what it acknowledged: the
// text after "ack " of each whole line. Any other line fails the test.
// The first round waits past the delay until enough is acknowledged,
// so that a slow machine (the race detector, a loaded host) tests as
// much as a quick one; later rounds kill at their delay whatever the
// child did.
func runCrashChild(t *testing.T, child, dir string, round int, delay time.Duration, enough crashEnough) []string {
	t.Helper()
	if round > 0 {
		enough = nil
	}
	acked, _ := killChild(t, child, delay, enough, crashOpsDirEnv+"="+dir, crashRoundEnv+"="+strconv.Itoa(round))
	return acked
}

// killChild runs the test child of this test binary with env added to
// its environment, kills it (SIGKILL) once delay has passed and enough
// (if not nil) holds, and returns what it acknowledged: the text after
// "ack " of each whole line (a line cut by the kill acknowledges
// nothing; any other line fails the test), and what it wrote to its
// standard error. A child that never does enough is killed before its
// own bound, crashChildBound, ends it.
func killChild(t *testing.T, child string, delay time.Duration, enough crashEnough, env ...string) ([]string, string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^"+child+"$", "-test.count=1")
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var (
		mu           sync.Mutex
		acked, other []string
	)
	done := make(chan struct{}) // enough acknowledged
	read := make(chan error, 1) // the reader's end
	go func() {
		r := bufio.NewReader(out)
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				if err == io.EOF {
					err = nil // a line cut by the kill acknowledges nothing
				}
				read <- err
				return
			}
			mu.Lock()
			if a, ok := strings.CutPrefix(strings.TrimSuffix(line, "\n"), "ack "); ok {
				acked = append(acked, a)
				if enough != nil && enough(acked) {
					close(done)
					enough = nil
				}
			} else {
				other = append(other, line)
			}
			mu.Unlock()
		}
	}()
	time.Sleep(delay)
	mu.Lock()
	waiting := enough != nil
	mu.Unlock()
	if waiting {
		select {
		case <-done:
		case err := <-read: // the child ended on its own
			read <- err
		case <-time.After(crashChildBound - 5*time.Second):
		}
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatalf("kill: %v", err)
	}
	if err := <-read; err != nil {
		t.Fatalf("reading the child: %v", err)
	}
	_ = cmd.Wait()
	if len(other) > 0 {
		t.Fatalf("the child failed:\n%s%s", strings.Join(other, ""), stderr.String())
	}
	return acked, stderr.String()
}

// crashChild returns the store directory and round of a child, and
// false in a normal run, where the child does not run.
func crashChild(t *testing.T) (string, int, bool) {
	dir := os.Getenv(crashOpsDirEnv)
	if dir == "" {
		t.Skip("the child of a crash test")
		return "", 0, false
	}
	r, _ := strconv.Atoi(os.Getenv(crashRoundEnv))
	return dir, r, true
}

// ackWriter prints acknowledgements, one whole line each.
type ackWriter struct{ mu sync.Mutex }

func (a *ackWriter) ack(format string, args ...any) {
	a.mu.Lock()
	defer a.mu.Unlock()
	_, _ = os.Stdout.WriteString("ack " + fmt.Sprintf(format, args...) + "\n")
}

// childFail reports a failure of a child and ends it.
func childFail(format string, args ...any) {
	fmt.Printf(format+"\n", args...)
	os.Exit(2)
}

// journalOpsState is what the journal holds of one ID of the journal
// crash test after a step of its sequence.
type journalOpsState struct {
	live       bool
	version    int
	reversedBy string
}

// journalOpsSteps returns the states of the ID of goroutine g's ith
// sequence after each of its steps, the first step's first:
//   - i%4 == 0: post;
//   - i%4 == 1: post, post a second version (another date and amount);
//   - i%4 == 2: post, post a second version, delete, post again (a third
//     version, which restarts the ID);
//   - i%4 == 3: post, reverse (under "R-" and the ID, a month later).
func journalOpsSteps(i int) []journalOpsState {
	switch i % 4 {
	case 1:
		return []journalOpsState{{true, 1, ""}, {true, 2, ""}}
	case 2:
		return []journalOpsState{{true, 1, ""}, {true, 2, ""}, {false, 2, ""}, {true, 3, ""}}
	case 3:
		return []journalOpsState{{true, 1, ""}, {true, 1, "R-"}}
	}
	return []journalOpsState{{true, 1, ""}}
}

// journalOpsVersion returns version v (1 to 3) of the transaction id of
// the journal crash test: each version on another day, of another
// amount.
func journalOpsVersion(id string, v int) *journal.Transaction {
	tx := crashTx(id)
	if v > 1 {
		d := tx.PostingDate.AddDays(3 * (v - 1))
		tx.PostingDate, tx.DocumentDate = d, d
		net := tx.SubTotal.Add(money.FromInt(int64(v)))
		tax, _ := net.Div(money.FromInt(16), 2, money.HalfUp)
		tx.SubTotal, tx.TotalTax, tx.Total = net, tax, net.Add(tax)
		tx.Lines[0].Amount, tx.Lines[0].TotalTax = net, tax
		tx.Lines[0].Taxes[0].Taxable, tx.Lines[0].Taxes[0].Tax = net, tax
	}
	return tx
}

// TestCrashJournalOpsChild runs the sequences of journalOpsSteps from 8
// goroutines, printing "ack <id> <step>" after each step (from 1), until
// it is killed. It runs only as the child of TestCrashJournalOps.
func TestCrashJournalOpsChild(t *testing.T) {
	dir, round, ok := crashChild(t)
	if !ok {
		return
	}
	ctx := context.Background()
	j, err := OpenJournal(ctx, dir)
	if err != nil {
		childFail("open failed: %v", err)
	}
	var out ackWriter
	for g := range 8 {
		go func() {
			for i := 0; ; i++ {
				id := fmt.Sprintf("J%03d-%02d-%06d", round, g, i)
				steps := journalOpsSteps(i)
				for s := range steps {
					var err error
					switch {
					case s == 0:
						_, err = j.Post(ctx, crashTenant, journalOpsVersion(id, 1))
					case i%4 == 3:
						r := journal.Reversal{TransactionID: "R-" + id, PostingDate: crashTx(id).PostingDate.AddDays(31)}
						_, err = j.Reverse(ctx, crashTenant, id, r)
					case !steps[s].live:
						err = j.Delete(ctx, crashTenant, id)
					default:
						_, err = j.Post(ctx, crashTenant, journalOpsVersion(id, steps[s].version))
					}
					if err != nil {
						childFail("step %d of %s failed: %v", s+1, id, err)
					}
					out.ack("%s %d", id, s+1)
				}
			}
		}()
	}
	time.Sleep(crashChildBound)
	os.Exit(3)
}

// TestCrashJournalOps kills a process that posts new versions, deletes,
// posts deleted IDs again and reverses, and checks after each kill that
// every ID is as its last acknowledged step left it (or as the step
// under way when the kill came would have), and that the sales figures
// and their monthly totals are what the journal adds up to (the check of
// `levy nexus rebuild`).
func TestCrashJournalOps(t *testing.T) {
	crashJournalRounds(t, "TestCrashJournalOpsChild", 50, checkJournalOps)
}

// crashJournalRounds runs the crash test's child test child in rounds,
// killing it each time, and after each kill reopens the journal and
// checks it with check against the last step acknowledged of each ID;
// the children must have acknowledged steps of at least want IDs.
func crashJournalRounds(t *testing.T, child string, want int, check func(*testing.T, *JournalStore, map[string]int, int)) {
	t.Helper()
	rounds := crashRounds(t)
	dir := t.TempDir()
	ctx := context.Background()
	acked := map[string]int{} // the last step acknowledged of each ID
	for r := range rounds {
		for _, a := range runCrashChild(t, child, dir, r, crashDelay(r), ackedIDs(want)) {
			id, step, ok := strings.Cut(a, " ")
			n, err := strconv.Atoi(step)
			if !ok || err != nil {
				t.Fatalf("the child acknowledged %q", a)
			}
			acked[id] = max(acked[id], n)
		}
		j, err := OpenJournal(ctx, dir)
		if err != nil {
			t.Fatalf("round %d: reopening after the kill: %v", r, err)
		}
		check(t, j, acked, r)
		if err := j.Close(); err != nil {
			t.Fatal(err)
		}
	}
	if len(acked) < want {
		t.Fatalf("the children acknowledged steps of only %d IDs", len(acked))
	}
	t.Logf("%d rounds, steps of %d IDs acknowledged, every one kept", rounds, len(acked))
}

// checkJournalOps checks the journal j after round r's kill against the
// steps acknowledged.
func checkJournalOps(t *testing.T, j *JournalStore, acked map[string]int, r int) {
	t.Helper()
	ctx := context.Background()
	for id, step := range acked {
		var i int
		if _, err := fmt.Sscanf(id[len(id)-6:], "%d", &i); err != nil {
			t.Fatalf("ID %s: %v", id, err)
		}
		steps := journalOpsSteps(i)
		h, err := j.History(ctx, crashTenant, id)
		if err != nil {
			t.Fatalf("round %d: %s, acknowledged to step %d, is lost: %v", r, id, step, err)
		}
		got := journalOpsState{live: h.Live, version: len(h.Versions), reversedBy: h.ReversedBy}
		okStates := steps[step-1 : min(step+1, len(steps))]
		matched := false
		for _, s := range okStates {
			if s.reversedBy != "" {
				s.reversedBy += id
			}
			matched = matched || got == s
		}
		if !matched {
			t.Fatalf("round %d: %s, acknowledged to step %d of %d, is %+v, want %+v", r, id, step, len(steps), got, okStates)
		}
		for v, tx := range h.Versions {
			want := journalOpsVersion(id, v+1)
			if tx.Version != v+1 || !tx.Total.Equal(want.Total) || tx.PostingDate != want.PostingDate {
				t.Fatalf("round %d: version %d of %s is damaged: %+v", r, v+1, id, tx)
			}
		}
	}
	rb, err := nexus.Rebuild(ctx, j, crashTenant, false)
	if err != nil {
		t.Fatalf("round %d: rebuild: %v", r, err)
	}
	if len(rb.Differences) > 0 || len(rb.Months) > 0 || rb.Figures == 0 {
		t.Fatalf("round %d: after the kill, %d of %d figures and %d monthly totals differ from the journal's: %+v %+v",
			r, len(rb.Differences), rb.Figures, len(rb.Months), rb.Differences[:min(3, len(rb.Differences))], rb.Months[:min(3, len(rb.Months))])
	}
}

// crashProfileCommit is the change that makes version v of the crash
// tenant's profile: crashProfileSize customers, each named after v, in
// more than one Badger transaction.
func crashProfileCommit(v uint64) profile.Commit {
	entries := make([]profile.Entry, 0, crashProfileSize)
	name := fmt.Sprintf("v%08d-", v) + strings.Repeat("n", crashNameSize)
	for i := range crashProfileSize {
		code := fmt.Sprintf("C%05d", i)
		entries = append(entries, profile.Entry{Key: profile.CustomerKey(code),
			Data: fmt.Appendf(nil, `{"code":%q,"name":%q}`, code, name)})
	}
	return profile.Commit{At: time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC), By: "crash", Entries: entries}
}

// TestCrashProfileChild applies changes of crashProfileCommit, one after
// another, and prints "ack <version>" after each, until it is killed.
// It runs only as the child of TestCrashProfileAllOrNothing.
func TestCrashProfileChild(t *testing.T) {
	dir, _, ok := crashChild(t)
	if !ok {
		return
	}
	ctx := context.Background()
	p, err := OpenProfile(ctx, dir)
	if err != nil {
		childFail("open failed: %v", err)
	}
	go func() {
		var out ackWriter
		for {
			v, err := p.Version(ctx, crashTenant)
			if err != nil {
				childFail("version failed: %v", err)
			}
			got, err := p.Apply(ctx, crashTenant, crashProfileCommit(v+1))
			if err != nil || got != v+1 {
				childFail("apply of version %d = %d, %v", v+1, got, err)
			}
			out.ack("%d", got)
		}
	}()
	time.Sleep(crashChildBound)
	os.Exit(3)
}

// TestCrashProfileAllOrNothing kills a process that applies changes of
// the tax profile, each too large for one Badger transaction, and
// checks after each kill that the profile is at the last version
// acknowledged (or the one under way), every record of that version and
// none of another, and that the store keeps no version of a record above
// its head.
func TestCrashProfileAllOrNothing(t *testing.T) {
	rounds := crashRounds(t)
	dir := t.TempDir()
	ctx := context.Background()
	var last uint64
	for r := range rounds {
		for _, a := range runCrashChild(t, "TestCrashProfileChild", dir, r, crashDelay(r), ackedLines(2)) {
			v, err := strconv.ParseUint(a, 10, 64)
			if err != nil {
				t.Fatalf("the child acknowledged %q", a)
			}
			last = max(last, v)
		}
		p, err := OpenProfile(ctx, dir)
		if err != nil {
			t.Fatalf("round %d: reopening after the kill: %v", r, err)
		}
		recs, err := p.Records(ctx, crashTenant, time.Time{})
		if err != nil {
			t.Fatalf("round %d: records: %v", r, err)
		}
		if recs.Version != last && recs.Version != last+1 {
			t.Fatalf("round %d: the profile is at version %d, %d was acknowledged", r, recs.Version, last)
		}
		if recs.Version > 0 && len(recs.Customers) != crashProfileSize {
			t.Fatalf("round %d: version %d has %d customers, want %d", r, recs.Version, len(recs.Customers), crashProfileSize)
		}
		prefix := fmt.Sprintf("v%08d-", recs.Version)
		for _, c := range recs.Customers {
			if !strings.HasPrefix(c.Name, prefix) {
				t.Fatalf("round %d: version %d holds customer %s of another change (%.10s)", r, recs.Version, c.Code, c.Name)
			}
		}
		above := 0
		err = p.db.View(func(txn *bdb.Txn) error {
			prefix := profTenantKey(profRevision, crashTenant, 0)
			it := txn.NewIterator(bdb.IteratorOptions{Prefix: prefix, PrefetchValues: false})
			defer it.Close()
			for it.Rewind(); it.Valid(); it.Next() {
				if _, ver, ok := parseRevisionKey(it.Item().Key(), len(prefix)); ok && ver > recs.Version {
					above++
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if above > 0 {
			t.Fatalf("round %d: %d versions of records above the head (%d) remain after the reopening", r, above, recs.Version)
		}
		if err := p.Close(); err != nil {
			t.Fatal(err)
		}
		last = recs.Version
	}
	if last < 2 {
		t.Fatalf("the children acknowledged only %d changes", last)
	}
	t.Logf("%d rounds, %d changes kept whole", rounds, last)
}
