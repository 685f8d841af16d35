package nexus_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/pgtest"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/nexus"
	"github.com/levytax/levy/postgres"
)

// TestMain runs the tests with a throwaway PostgreSQL cluster, for the
// EU source over a PostgreSQL journal (pgtest); the other tests do not
// use it.
func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// TestEUSourceMonthsAgreeWithDays builds a random history of EU distance
// sales over three calendar years (posts, new versions on other days,
// reversals, deletions) in a Badger and a PostgreSQL journal, and checks
// that the EU source, which reads whole months from the journal's
// monthly totals (AreaSums), gives on every day it is asked for what the
// read of every day's figure gives (a source without AreaSums).
func TestEUSourceMonthsAgreeWithDays(t *testing.T) {
	stores := map[string]func(t *testing.T) journal.Store{
		"badger": func(t *testing.T) journal.Store {
			j, err := badger.OpenJournal(context.Background(), t.TempDir(), badger.WithSyncWrites(false))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { j.Close() })
			return j
		},
		"postgres": func(t *testing.T) journal.Store {
			db, err := postgres.Open(context.Background(), pgtest.URL(t))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			return db.Journal()
		},
	}
	for name, open := range stores {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			j := open(t)
			rng := rand.New(rand.NewPCG(3, 5))
			first := civil.MustParse("2024-12-01")
			companies := []string{"ACME", "BETA"}
			sale := func(id string) *journal.Transaction {
				a := money.MustParse(fmt.Sprintf("%d.%02d", 1+rng.IntN(900), rng.IntN(100)))
				tx := &journal.Transaction{TransactionID: id, Perspective: "SELLER", MessageType: "INVOICE",
					Company: companies[rng.IntN(2)], DocumentDate: first.AddDays(rng.IntN(790)), Currency: "EUR", SubTotal: a, Total: a,
					Lines: []journal.Line{{Destination: "FR", Amount: a, EUDistanceSale: true}}}
				tx.Marketplace = rng.IntN(6) == 0
				return tx
			}
			var ids []string
			for op := range 300 {
				switch k := rng.IntN(10); {
				case k < 6 || len(ids) == 0:
					id := fmt.Sprintf("S%d", op)
					ids = append(ids, id)
					if _, err := j.Post(ctx, "acme", sale(id)); err != nil {
						t.Fatal(err)
					}
				case k < 8:
					if _, err := j.Post(ctx, "acme", sale(ids[rng.IntN(len(ids))])); err != nil {
						t.Fatal(err)
					}
				case k == 8:
					// A reversal of one reversed or deleted is refused,
					// and changes nothing.
					id := ids[rng.IntN(len(ids))]
					_, _ = j.Reverse(ctx, "acme", id, journal.Reversal{TransactionID: id + "-R", PostingDate: civil.MustParse("2027-01-20")})
				default:
					// So is the deletion of one deleted.
					_ = j.Delete(ctx, "acme", ids[rng.IntN(len(ids))])
				}
			}
			byMonths, byDays := nexus.NewEUSource(j, nil), nexus.NewEUSource(daysOnly{j}, nil)
			days := []civil.Date{civil.MustParse("2026-01-01"), civil.MustParse("2026-12-31"), civil.MustParse("2025-02-28"),
				civil.MustParse("2027-01-31"), civil.MustParse("2024-12-31")}
			for range 60 {
				days = append(days, first.AddDays(rng.IntN(800)))
			}
			for _, d := range days {
				for _, c := range companies {
					id := ids[rng.IntN(len(ids))]
					for _, replacing := range []bool{false, true} {
						get := func(s *nexus.EUSource) (string, error) {
							f, err := s.EUDistanceSales(ctx, "acme", c, d)
							if replacing {
								f, err = s.EUDistanceSalesReplacing(ctx, "acme", c, d, id)
							}
							return f.Current.String() + " " + f.Previous.String() + " " + f.Source, err
						}
						got, err := get(byMonths)
						if err != nil {
							t.Fatal(err)
						}
						want, err := get(byDays)
						if err != nil {
							t.Fatal(err)
						}
						if got != want {
							t.Errorf("%s on %s (replacing %v): %s, by days %s", c, d, replacing, got, want)
						}
					}
				}
			}
		})
	}
}
