package nexus_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"sync/atomic"
	"testing"

	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/pgtest"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/nexus"
	"github.com/levytax/levy/postgres"
)

// everyFigure is a figure source that reads the figures of every
// company, as a report of one company read them before the journal had
// CompanyFigures: the journal without that method.
type everyFigure struct{ j journal.Store }

func (e everyFigure) EachFigure(ctx context.Context, tenant string, from, to civil.Date, fn func(journal.Figure) error) error {
	return e.j.EachFigure(ctx, tenant, from, to, fn)
}

func (e everyFigure) AreaFigures(ctx context.Context, tenant, company, area string, from, to civil.Date, fn func(journal.Figure) error) error {
	return e.j.AreaFigures(ctx, tenant, company, area, from, to, fn)
}

// figureCounter is a journal that counts the figures its reads of
// figures give a report, over a real store.
type figureCounter struct {
	journal.Store
	each, company atomic.Int64 // figures read by EachFigure, by CompanyFigures
}

func (c *figureCounter) EachFigure(ctx context.Context, tenant string, from, to civil.Date, fn func(journal.Figure) error) error {
	return c.Store.EachFigure(ctx, tenant, from, to, func(f journal.Figure) error { c.each.Add(1); return fn(f) })
}

func (c *figureCounter) CompanyFigures(ctx context.Context, tenant, company string, from, to civil.Date, fn func(journal.Figure) error) error {
	return c.Store.CompanyFigures(ctx, tenant, company, from, to, func(f journal.Figure) error { c.company.Add(1); return fn(f) })
}

// benchCompanies is the count of companies of the one-company report's
// journal.
const benchCompanies = 50

// fillCompanies posts to j, for each of companies seller companies
// (C00, C01, ...; C00 also as the company "" has none), perCompany
// sales into 20 states and the EU over the 730 days before 2026-12-31,
// in units of a thousand.
func fillCompanies(tb testing.TB, j journal.Store, companies, perCompany int) {
	ctx := context.Background()
	first := civil.MustParse("2025-01-01")
	amount := money.MustParse("250.00")
	var batch []*journal.Transaction
	n := 0
	for i := range perCompany {
		for c := range companies {
			n++
			tx := &journal.Transaction{TransactionID: fmt.Sprint("T", n), Perspective: "SELLER", MessageType: "INVOICE",
				Company: fmt.Sprintf("C%02d", c), DocumentDate: first.AddDays((i*7 + c) % 730), Currency: "USD", SubTotal: amount, Total: amount}
			if i%10 == 0 {
				tx.Currency = "EUR"
				tx.Lines = []journal.Line{{Destination: "FR", Amount: amount, EUDistanceSale: true}}
			} else {
				st := "US-" + benchStates[(i+c)%20]
				tx.Lines = []journal.Line{{Destination: st, Amount: amount, Taxes: []journal.Tax{{JurisdictionID: st, Taxable: amount}}}}
			}
			batch = append(batch, tx)
			if len(batch) == 1000 {
				if _, err := j.PostAll(ctx, "bench", batch); err != nil {
					tb.Fatal(err)
				}
				batch = batch[:0]
			}
		}
	}
	if len(batch) > 0 {
		if _, err := j.PostAll(ctx, "bench", batch); err != nil {
			tb.Fatal(err)
		}
	}
}

// reportJSON builds the report of o from src and returns its JSON.
func reportJSON(tb testing.TB, src nexus.FigureSource, o nexus.Options) string {
	tb.Helper()
	rep, err := nexus.Build(context.Background(), src, rules(tb), "bench", o)
	if err != nil {
		tb.Fatal(err)
	}
	b, err := json.Marshal(rep)
	if err != nil {
		tb.Fatal(err)
	}
	return string(b)
}

// TestReportOfOneCompanyReadsItsFigures: the report of one company of
// 50 reads that company's figures alone (CompanyFigures, no read of
// every company's), as many as the journal holds of it in the report's
// period, and is the report that reading every company's figures and
// keeping that company's gave, in the same JSON; so is the report of a
// company that has no figures. Over Badger on disk, PostgreSQL and the
// memory store.
func TestReportOfOneCompanyReadsItsFigures(t *testing.T) {
	stores := journalStores(true)
	for name, open := range stores {
		t.Run(name, func(t *testing.T) {
			j := open(t)
			defer j.Close()
			fillCompanies(t, j, benchCompanies, 40)
			asOf := civil.MustParse("2026-12-31")
			from := civil.MustParse("2024-10-01")
			for _, company := range []string{"C07", "C49", "C7", ""} {
				var want int64
				err := j.EachFigure(context.Background(), "bench", from, asOf, func(f journal.Figure) error {
					if f.Company == company {
						want++
					}
					return nil
				})
				if err != nil {
					t.Fatal(err)
				}
				o := nexus.Options{AsOf: asOf, Company: company, CompanySet: true}
				c := &figureCounter{Store: j}
				got := reportJSON(t, c, o)
				if c.each.Load() != 0 || c.company.Load() != want {
					t.Errorf("report of %q read %d figures of every company and %d of its own, want 0 and %d", company, c.each.Load(), c.company.Load(), want)
				}
				if old := reportJSON(t, everyFigure{j}, o); got != old {
					t.Errorf("report of %q:\n%s\nreading every company's figures:\n%s", company, got, old)
				}
			}
		})
	}
}

// BenchmarkReportOneCompany builds the nexus report of one company of
// 50 whose sales (LEVY_NEXUS_BENCH_PER_COMPANY each, 400 by default,
// into 20 states and the EU over two years) a Badger journal holds, and
// of a PostgreSQL one: reading its figures alone (CompanyFigures), and,
// for the comparison in the same run, reading every company's and
// keeping its own (every-company). figures/op counts the figures read.
func BenchmarkReportOneCompany(b *testing.B) {
	per := 400
	if v := os.Getenv("LEVY_NEXUS_BENCH_PER_COMPANY"); v != "" {
		var err error
		if per, err = strconv.Atoi(v); err != nil {
			b.Fatal(err)
		}
	}
	stores := []struct {
		name string
		open func(b *testing.B) journal.Store
	}{
		{"badger", func(b *testing.B) journal.Store {
			j, err := badger.OpenJournal(context.Background(), b.TempDir(), badger.WithSyncWrites(false))
			if err != nil {
				b.Fatal(err)
			}
			return j
		}},
		{"postgres", func(b *testing.B) journal.Store {
			db, err := postgres.Open(context.Background(), pgtest.URL(b))
			if err != nil {
				b.Fatal(err)
			}
			return db.Journal()
		}},
	}
	for _, st := range stores {
		b.Run(st.name, func(b *testing.B) {
			j := st.open(b)
			defer j.Close()
			fillCompanies(b, j, benchCompanies, per)
			o := nexus.Options{AsOf: civil.MustParse("2026-12-31"), Company: "C07", CompanySet: true}
			if reportJSON(b, j, o) != reportJSON(b, everyFigure{j}, o) {
				b.Fatal("the report of one company differs from the one of every company's figures")
			}
			for _, src := range []struct {
				name string
				src  func(c *figureCounter) nexus.FigureSource
			}{
				{"one-company", func(c *figureCounter) nexus.FigureSource { return c }},
				{"every-company", func(c *figureCounter) nexus.FigureSource { return everyFigure{c} }},
			} {
				b.Run(src.name, func(b *testing.B) {
					c := &figureCounter{Store: j}
					s := src.src(c)
					r := rules(b)
					b.ReportAllocs()
					for b.Loop() {
						if _, err := nexus.Build(context.Background(), s, r, "bench", o); err != nil {
							b.Fatal(err)
						}
					}
					b.ReportMetric(float64(c.each.Load()+c.company.Load())/float64(b.N), "figures/op")
				})
			}
		})
	}
}
