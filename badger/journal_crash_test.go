package badger

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
)

// crashDirEnv names the directory of TestCrashChild's journal; the child
// runs only when it is set.
const crashDirEnv = "LEVY_JOURNAL_CRASH_DIR"

// crashTx returns the transaction that the crash test posts under id,
// every field derived from id so that the parent can rebuild it.
func crashTx(id string) *journal.Transaction {
	n := 0
	for _, c := range id {
		n = n*31 + int(c)
	}
	n = (n%100000 + 100000) % 100000
	net := money.FromInt(int64(n)).Add(money.FromInt(1)) // never zero
	tax, _ := net.Div(money.FromInt(16), 2, money.HalfUp)
	rate, _ := money.Parse("0.0625")
	d := civil.New(2026, time.Month(1+n%12), 1+n%28)
	// The sale counts in the sales figures: a company, a state.
	state := []string{"US-CA", "US-TX", "US-WA", "US-NY"}[n%4]
	return &journal.Transaction{
		TransactionID: id, Perspective: "SELLER", MessageType: "INVOICE", Company: []string{"", "ACME"}[n%2],
		DocumentNumber: "DOC-" + id, DocumentDate: d, PostingDate: d, Currency: "USD",
		SubTotal: net, TotalTax: tax, Total: net.Add(tax),
		Lines: []journal.Line{{LineItemID: "1", Destination: state, Amount: net, TotalTax: tax, Taxes: []journal.Tax{{
			JurisdictionID: state, Taxable: net, Tax: tax, Rate: rate,
		}}}},
	}
}

// crashReversed reports whether the crash test's child reverses the
// sale it posted as its goroutine's ith, in the next month.
func crashReversed(i int) bool { return i%3 == 2 }

// TestCrashChild posts as fast as it can from 16 goroutines and prints
// "ack <id>" for each post acknowledged, until it is killed. It runs only
// as the child of TestCrashKeepsAcknowledged.
func TestCrashChild(t *testing.T) {
	dir := os.Getenv(crashDirEnv)
	if dir == "" {
		t.Skip("the child of TestCrashKeepsAcknowledged")
	}
	b, err := OpenJournal(context.Background(), dir, WithSyncWrites(true))
	if err != nil {
		fmt.Printf("open failed: %v\n", err)
		os.Exit(2)
	}
	var mu sync.Mutex // one line per write on stdout
	for g := range 16 {
		go func() {
			for i := 0; ; i++ {
				id := fmt.Sprintf("C%02d-%07d", g, i)
				tx, err := b.Post(context.Background(), "crash", crashTx(id))
				if err != nil {
					fmt.Printf("post failed: %v\n", err)
					os.Exit(2)
				}
				if crashReversed(i) {
					// A second unit of two IDs, which moves the figures
					// of another month.
					r := journal.Reversal{TransactionID: "R-" + id, PostingDate: tx.PostingDate.AddDays(31)}
					if _, err := b.Reverse(context.Background(), "crash", id, r); err != nil {
						fmt.Printf("reverse failed: %v\n", err)
						os.Exit(2)
					}
				}
				mu.Lock()
				_, _ = os.Stdout.WriteString("ack " + id + "\n")
				mu.Unlock()
			}
		}()
	}
	// The parent kills the child long before; this bounds an orphan.
	time.Sleep(30 * time.Second)
	os.Exit(3)
}

// TestCrashKeepsAcknowledged kills a process that posts from many
// goroutines (SIGKILL, no Close) and checks that every post it
// acknowledged is in the journal afterwards, intact.
func TestCrashKeepsAcknowledged(t *testing.T) {
	if testing.Short() {
		t.Skip("kills a child process after 1.5 s")
	}
	dir := t.TempDir()
	acked, stderr := killChild(t, "TestCrashChild", 1500*time.Millisecond, ackedLines(100), crashDirEnv+"="+dir)
	if len(acked) < 100 {
		t.Fatalf("the child acknowledged only %d posts:\n%s", len(acked), stderr)
	}
	t.Logf("%d posts acknowledged before the kill", len(acked))

	b, err := OpenJournal(context.Background(), dir)
	if err != nil {
		t.Fatalf("reopening after the crash: %v", err)
	}
	defer b.Close()
	ctx := context.Background()
	for _, id := range acked {
		got, err := b.Get(ctx, "crash", id)
		if err != nil {
			t.Fatalf("acknowledged %s is lost: %v", id, err)
		}
		want := crashTx(id)
		want.Version = 1
		want.PostedAt = got.PostedAt
		if g, w := mustJSON(t, got), mustJSON(t, want); g != w || got.PostedAt.IsZero() {
			t.Fatalf("acknowledged %s is damaged:\n got %s\nwant %s", id, g, w)
		}
	}
	scanned := 0
	err = b.Scan(ctx, "crash", civil.Date{}, civil.Date{}, func(tx *journal.Transaction) error {
		scanned++
		if tx.Version != 1 || (tx.Total.Sign() <= 0) == (tx.ReversalOf == "") {
			return fmt.Errorf("scanned %s is damaged: %+v", tx.TransactionID, tx)
		}
		return nil
	})
	if err != nil {
		t.Fatalf("Scan after the crash: %v", err)
	}
	if scanned < len(acked) {
		t.Fatalf("Scan finds %d transactions, %d were acknowledged", scanned, len(acked))
	}
	// The sales figures were written in the units of the transactions:
	// whatever the kill cut, they are what the journal adds up to.
	stored, err := b.Figures(ctx, "crash", civil.Date{}, civil.Date{})
	if err != nil {
		t.Fatal(err)
	}
	computed, err := journal.Recompute(ctx, b, "crash")
	if err != nil {
		t.Fatal(err)
	}
	if d := journal.CompareFigures(stored, computed); len(d) > 0 || len(computed) == 0 {
		t.Fatalf("after the crash, %d of %d figures differ from the journal's: %+v", len(d), len(computed), d[:min(len(d), 3)])
	}
	t.Logf("%d transactions scanned, %d figures agree with them", scanned, len(computed))
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
