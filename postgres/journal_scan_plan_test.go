package postgres

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/journal/journaltest"
)

// scanBoundCases are the periods the scan plan test and benchmark read
// over journaltest.Bulk transactions (posted on days of January to June
// 2026): one month with both bounds, from a day on, up to a day, and
// open.
var scanBoundCases = []struct {
	name     string
	from, to civil.Date
}{
	{"month", civil.MustParse("2026-03-01"), civil.MustParse("2026-03-31")},
	{"from", civil.MustParse("2026-05-01"), civil.Date{}},
	{"to", civil.Date{}, civil.MustParse("2026-01-31")},
	{"open", civil.Date{}, civil.Date{}},
}

// scanIDs returns the transaction IDs that a scan of s reports, in order.
func scanIDs(t *testing.T, s journal.Store, tenant string, from, to civil.Date) []string {
	t.Helper()
	var ids []string
	if err := s.Scan(context.Background(), tenant, from, to, func(tx *journal.Transaction) error {
		ids = append(ids, tx.TransactionID)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return ids
}

// TestJournalScanGenericPlan posts 3,600 transactions of one tenant and
// 600 of another to PostgreSQL and to the memory journal, and scans them
// with every prepared statement planned generically: for every period
// (both bounds, one open, both open), seven times each, the scan reports
// the memory journal's transactions in its order (several pages each),
// and so does a report (journal.Summarize). Then it runs the generic
// plans of the first page and of the second with EXPLAIN ANALYZE and
// checks that each reads from journal_heads only the heads of its page:
// none removed by a filter. A bound written as ($2 IS NULL OR
// posting_date >= $2), or a cursor as an OR, fails that check, its plan
// walking the tenant's heads from the first.
func TestJournalScanGenericPlan(t *testing.T) {
	ctx := context.Background()
	db := openGenericTest(t)
	pg, mem := db.Journal(), journal.NewMemory()
	t.Cleanup(func() { _ = mem.Close() })
	for _, s := range []journal.Store{pg, mem} {
		journaltest.PostBulk(t, s, "acme", 3600)
		journaltest.PostBulk(t, s, "other", 600)
	}
	if _, err := db.pool.Exec(ctx, `ANALYZE journal_heads; ANALYZE journal_versions`); err != nil {
		t.Fatal(err)
	}
	for round := range 7 {
		for _, c := range scanBoundCases {
			got, want := scanIDs(t, pg, "acme", c.from, c.to), scanIDs(t, mem, "acme", c.from, c.to)
			if len(want) <= pageSize {
				t.Fatalf("%s: the memory journal has %d transactions, not more than a page", c.name, len(want))
			}
			if !slices.Equal(got, want) {
				t.Fatalf("round %d, %s: PostgreSQL scanned %d transactions, the memory journal %d (first %v and %v)",
					round+1, c.name, len(got), len(want), got[:min(3, len(got))], want[:3])
			}
			if round == 0 {
				gr, err := journal.Summarize(ctx, pg, "acme", c.from, c.to)
				if err != nil {
					t.Fatal(err)
				}
				wr, err := journal.Summarize(ctx, mem, "acme", c.from, c.to)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(gr, wr) {
					t.Fatalf("%s: the PostgreSQL report differs from the memory journal's", c.name)
				}
			}
		}
	}

	conn, err := db.pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Release()
	for _, c := range scanBoundCases {
		var all []*journal.Transaction
		if err := mem.Scan(ctx, "acme", c.from, c.to, func(tx *journal.Transaction) error {
			all = append(all, tx)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		last := all[pageSize-1]
		pages := []struct {
			first bool
			want  int
		}{{true, pageSize}, {false, min(pageSize, len(all)-pageSize)}}
		for i, p := range pages {
			sql, args := scanStatement("acme", c.from, c.to, p.first, dateParam(last.PostingDate), last.TransactionID)
			name := fmt.Sprintf("scan_%s_%d", c.name, i)
			if _, err := conn.Exec(ctx, `PREPARE `+name+` AS `+sql); err != nil {
				t.Fatal(err)
			}
			for j, a := range args {
				if b, ok := a.(bool); ok {
					args[j] = strconv.FormatBool(b)
				}
			}
			plan := explainExecute(t, conn, name, args)
			read, removed, ok := relationScan(plan, "journal_heads")
			if !ok {
				t.Fatalf("%s, %s: the plan reads no journal_heads:\n%s", c.name, name, plan)
			}
			if removed != 0 || read != p.want {
				t.Errorf("%s, %s: the generic plan read %d heads and removed %d of them by a filter, want %d heads and none removed:\n%s",
					c.name, name, read, removed, p.want, plan)
			}
		}
	}
}

// TestJournalScanNullPostingDate sets the posting date of one head to
// NULL by hand, which no write of Levy does (a zero date is stored as
// -infinity): a scan reports the tenant's other transactions, with
// either bound or none, and never that one.
func TestJournalScanNullPostingDate(t *testing.T) {
	ctx := context.Background()
	db := openGenericTest(t)
	pg := db.Journal()
	journaltest.PostBulk(t, pg, "acme", 12)
	if _, err := db.pool.Exec(ctx, `UPDATE journal_heads SET posting_date = NULL WHERE tenant = 'acme' AND id = 'BULK-00003'`); err != nil {
		t.Fatal(err)
	}
	for _, c := range scanBoundCases {
		for _, id := range scanIDs(t, pg, "acme", c.from, c.to) {
			if id == "BULK-00003" {
				t.Errorf("%s: the scan reported the head without a posting date", c.name)
			}
		}
	}
	if got := scanIDs(t, pg, "acme", civil.Date{}, civil.Date{}); len(got) != 11 {
		t.Errorf("an open scan reported %d transactions, want the 11 with a posting date", len(got))
	}
}

// relationScan returns the rows that the plan in EXPLAIN's JSON read
// from the table rel and of those the rows it removed by a filter (or
// an index's recheck), and whether it reads the table at all.
func relationScan(plan, rel string) (read, removed int, ok bool) {
	var top []struct {
		Plan planNode `json:"Plan"`
	}
	if err := json.Unmarshal([]byte(plan), &top); err != nil || len(top) != 1 {
		return 0, 0, false
	}
	var walk func(n *planNode)
	walk = func(n *planNode) {
		if n.Relation == rel {
			ok = true
			loops := max(n.Loops, 1)
			read += int((n.Rows + n.Filtered + n.Rechecks) * loops)
			removed += int((n.Filtered + n.Rechecks) * loops)
		}
		for i := range n.Plans {
			walk(&n.Plans[i])
		}
	}
	walk(&top[0].Plan)
	return read, removed, ok
}

// oldScanPageSQL is the statement of a scan's page before its bounds
// were plain comparisons and its cursor a row comparison: an open bound
// was NULL, $4 true on the first page, and the cursor a disjunction.
const oldScanPageSQL = `SELECT v.body FROM journal_heads h
		JOIN journal_versions v ON v.tenant = h.tenant AND v.id = h.id AND v.version = h.latest
		WHERE h.tenant = $1 AND NOT h.deleted
		AND ($2::date IS NULL OR h.posting_date >= $2::date)
		AND ($3::date IS NULL OR h.posting_date <= $3::date)
		AND ($4 OR h.posting_date > $5::date OR (h.posting_date = $5::date AND h.id COLLATE "C" > $6))
		ORDER BY h.posting_date, h.id COLLATE "C"
		LIMIT `

// oldScanBackend is the PostgreSQL journal backend with the scan of
// oldScanPageSQL, for BenchmarkJournalScanReport.
type oldScanBackend struct{ *journalBackend }

// Scan is journalBackend.Scan with oldScanPageSQL.
func (b oldScanBackend) Scan(ctx context.Context, tenant string, from, to civil.Date, fn func(*journal.Transaction) error) error {
	afterDate, afterID, first := "-infinity", "", true
	for {
		rows, err := b.db.pool.Query(ctx, oldScanPageSQL+strconv.Itoa(pageSize), tenant, boundParam(from), boundParam(to), first, afterDate, afterID)
		if err != nil {
			return err
		}
		var page []*journal.Transaction
		for rows.Next() {
			var body []byte
			if err := rows.Scan(&body); err != nil {
				rows.Close()
				return err
			}
			tx := new(journal.Transaction)
			if err := json.Unmarshal(body, tx); err != nil {
				rows.Close()
				return err
			}
			page = append(page, tx)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, tx := range page {
			if err := fn(tx); err != nil {
				return err
			}
		}
		if len(page) < pageSize {
			return nil
		}
		last := page[len(page)-1]
		first, afterDate, afterID = false, dateParam(last.PostingDate), last.TransactionID
	}
}

// BenchmarkJournalScanReport posts 20,000 transactions of one tenant
// (journaltest.Bulk, January to June 2026) and makes a report
// (journal.Summarize, whose scan reads pages of pageSize) for each
// period of scanBoundCases, with the scan of the journal and, in the
// same run, with the old one (oldScanPageSQL), alternating by slices of
// 10. ns/op is a report with the scan of the journal, old-ns/op one
// with the old scan, ratio old over new. The pool has one connection and
// the server's default plan_cache_mode (auto), as a product node's;
// LEVY_BENCH_GENERIC=1 plans every statement generically.
func BenchmarkJournalScanReport(b *testing.B) {
	ctx := context.Background()
	db := planBenchDB(b)
	be := &journalBackend{db: db}
	store, old := journal.NewStore(be), journal.NewStore(oldScanBackend{be})
	journaltest.PostBulk(b, store, "acme", 20000)
	if _, err := db.pool.Exec(ctx, `ANALYZE journal_heads; ANALYZE journal_versions`); err != nil {
		b.Fatal(err)
	}
	const slice = 10
	for _, c := range scanBoundCases {
		b.Run(c.name, func(b *testing.B) {
			want, err := journal.Summarize(ctx, old, "acme", c.from, c.to)
			if err != nil {
				b.Fatal(err)
			}
			run := func(s journal.Store, k int) time.Duration {
				start := time.Now()
				for range k {
					r, err := journal.Summarize(ctx, s, "acme", c.from, c.to)
					if err != nil {
						b.Fatal(err)
					}
					if !reflect.DeepEqual(r, want) {
						b.Fatal("the reports differ")
					}
				}
				return time.Since(start)
			}
			var n, o time.Duration
			b.ResetTimer()
			for done := 0; done < b.N; done += slice {
				k := min(slice, b.N-done)
				n += run(store, k)
				o += run(old, k)
			}
			b.StopTimer()
			b.ReportMetric(float64(n.Nanoseconds())/float64(b.N), "ns/op")
			b.ReportMetric(float64(o.Nanoseconds())/float64(b.N), "old-ns/op")
			b.ReportMetric(float64(o)/float64(n), "ratio")
		})
	}
}
