package postgres

import (
	"context"
	"encoding/json"
	"log/slog"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/journal/journaltest"
)

// TestJournalReportCompany posts the sales of two companies of one
// tenant (journaltest.Companies), a purchase, an owner's movement and a
// reversal, calculated by the engine, into the PostgreSQL journal and
// into the memory journal, and checks that the reports read through
// PostgreSQL, of every company and of each one, in both views, are
// those of the memory journal (whose figures the journal's own tests
// check), and that each company's report has its own transactions.
func TestJournalReportCompany(t *testing.T) {
	ctx := context.Background()
	pg, mem := openTest(t).Journal(), journal.NewMemory()
	t.Cleanup(func() { _ = mem.Close() })
	for _, s := range []journal.Store{pg, mem} {
		e, err := engine.New(ctx, engine.WithJournal(s), engine.WithLogger(slog.New(slog.DiscardHandler)))
		if err != nil {
			t.Fatal(err)
		}
		journaltest.Post(t, levy.WithTenant(ctx, "acme"), e, journaltest.Companies(), &journaltest.CompanyReversal)
	}
	from, to := civil.MustParse("2026-06-01"), civil.MustParse("2026-06-30")
	report := func(s journal.Store, company *string) *journal.Report {
		t.Helper()
		var rep *journal.Report
		var err error
		if company == nil {
			rep, err = journal.Summarize(ctx, s, "acme", from, to)
		} else {
			rep, err = journal.SummarizeCompany(ctx, s, "acme", *company, from, to)
		}
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	str := func(s string) *string { return &s }
	for _, c := range []struct {
		company *string
		txs     int
	}{{nil, 9}, {str(journaltest.CompanyEast), 3}, {str(journaltest.CompanyWest), 5}, {str(""), 1}} {
		got, want := report(pg, c.company), report(mem, c.company)
		for _, v := range [][2]any{{got, want}, {got.FilingView(), want.FilingView()}} {
			g, _ := json.Marshal(v[0])
			w, _ := json.Marshal(v[1])
			if string(g) != string(w) {
				t.Errorf("company %v over PostgreSQL:\n%s\nover the memory journal:\n%s", c.company, g, w)
			}
		}
		if got.Transactions != c.txs {
			t.Errorf("company %v over PostgreSQL: %d transactions, want %d", c.company, got.Transactions, c.txs)
		}
	}
}
