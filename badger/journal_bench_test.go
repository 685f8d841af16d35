package badger

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	bdb "github.com/dgraph-io/badger/v4"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
)

// benchWriters are the numbers of concurrent writers of the benchmarks
// (goroutines under -cpu 1).
var benchWriters = []int{1, 8, 64}

// benchInvoice returns a stored invoice as the engine writes one: three
// lines, each with a state, county, city and district tax.
func benchInvoice(b *testing.B) *journal.Transaction {
	b.Helper()
	p := func(s string) money.Amount {
		a, err := money.Parse(s)
		if err != nil {
			b.Fatal(err)
		}
		return a
	}
	juris := []struct{ id, typ, name, rate string }{
		{"06", "STATE", "CALIFORNIA", "0.0600"},
		{"06-037", "COUNTY", "LOS ANGELES", "0.0025"},
		{"06-037-44000", "CITY", "LOS ANGELES", "0.0000"},
		{"06-037-D103", "DISTRICT", "LOS ANGELES COUNTY TRANSIT", "0.0225"},
	}
	d := civil.MustParse("2026-03-14")
	tx := &journal.Transaction{
		TransactionID: "INV-0", Perspective: "SELLER", MessageType: "INVOICE",
		DocumentNumber: "SO-2026-0031415", DocumentDate: d, PostingDate: d, Currency: "USD",
	}
	for i, net := range []string{"1249.99", "89.50", "15.00"} {
		l := journal.Line{LineItemID: strconv.Itoa(i + 1), LineItemNumber: (i + 1) * 10, ProductClass: "TPP-GENERAL", Amount: p(net)}
		for _, j := range juris {
			tax := p(net).MulRate(p(j.rate).Decimal()).Decimal().Round(2)
			t := journal.Tax{
				JurisdictionID: j.id, JurisdictionType: j.typ, JurisdictionName: j.name,
				Imposition: "Sales and Use Tax", ImpositionType: "General Sales and Use Tax",
				TaxType: "SALES", TaxResult: "TAXABLE", Situs: "DESTINATION", CollectedFrom: "SELLER",
				Taxable: p(net), Exempt: p("0.00"), NonTaxable: p("0.00"), Tax: money.New(tax), Rate: p(j.rate),
				RuleID: "R-" + j.id + "-GEN",
			}
			l.Taxes = append(l.Taxes, t)
			l.TotalTax = l.TotalTax.Add(t.Tax)
		}
		tx.Lines = append(tx.Lines, l)
		tx.SubTotal = tx.SubTotal.Add(l.Amount)
		tx.TotalTax = tx.TotalTax.Add(l.TotalTax)
	}
	tx.Total = tx.SubTotal.Add(tx.TotalTax)
	return tx
}

// BenchmarkPost posts new invoices, synced, from concurrent writers.
func BenchmarkPost(b *testing.B) {
	ctx := context.Background()
	for _, writers := range benchWriters {
		b.Run(fmt.Sprintf("writers=%d", writers), func(b *testing.B) {
			s, err := OpenJournal(ctx, b.TempDir(), WithSyncWrites(true))
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			tx := benchInvoice(b)
			var n atomic.Int64
			b.ReportAllocs()
			b.SetParallelism(writers)
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				mine := *tx // Post does not modify what it is given
				for pb.Next() {
					mine.TransactionID = "INV-" + strconv.FormatInt(n.Add(1), 10)
					if _, err := s.Post(ctx, "bench", &mine); err != nil {
						b.Error(err)
						return
					}
				}
			})
		})
	}
}

// BenchmarkRawBadger writes the bytes that BenchmarkPost stores for a
// version, one key per write, in plain synced Badger transactions: the
// floor under Post's cost.
func BenchmarkRawBadger(b *testing.B) {
	for _, writers := range benchWriters {
		b.Run(fmt.Sprintf("writers=%d", writers), func(b *testing.B) {
			db, err := bdb.Open(bdb.DefaultOptions(b.TempDir()).WithSyncWrites(true).WithLogger(nil))
			if err != nil {
				b.Fatal(err)
			}
			defer db.Close()
			tx := benchInvoice(b)
			tx.Version = 1
			tx.PostedAt = time.Now().UTC()
			value, err := json.Marshal(tx)
			if err != nil {
				b.Fatal(err)
			}
			var n atomic.Int64
			b.ReportAllocs()
			b.SetParallelism(writers)
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					key := journalVersionKey("bench", "INV-"+strconv.FormatInt(n.Add(1), 10), 1)
					err := db.Update(func(txn *bdb.Txn) error { return txn.Set(key, value) })
					if err != nil {
						b.Error(err)
						return
					}
				}
			})
		})
	}
}
