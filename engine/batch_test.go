package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestSalesMatchesSale: a batch of mixed requests, good and bad, answers
// each exactly as Sale does one at a time, in order.
func TestSalesMatchesSale(t *testing.T) {
	ctx := context.Background()
	e := testEngine(t)
	var reqs []*wire.SaleRequest
	for i := range 60 {
		q := Quotation("2026-06-01", SellerAt(USAddress("", "Seattle", "WA", "98101")),
			CustomerAt(USAddress("", "", "", []string{"98101", "02108", "10118", "90012", "60601"}[i%5])),
			Line("1", []string{"GENERAL", "CLOTHING", "FOOD"}[i%3], fmt.Sprintf("%d.%02d", 10+i, i)))
		switch i % 11 {
		case 3:
			q.LineItems = nil
		case 7:
			q.Currency = CurrencyCode("XXXX")
		}
		reqs = append(reqs, q)
	}
	seq := func(yield func(*wire.SaleRequest) bool) {
		for _, r := range reqs {
			if !yield(r) {
				return
			}
		}
	}
	i := 0
	for resp, err := range e.Sales(ctx, seq, Batch{Workers: 3, Window: 5}) {
		want, wantErr := e.Sale(ctx, reqs[i])
		if fmt.Sprint(err) != fmt.Sprint(wantErr) {
			t.Fatalf("request %d: error %v, Sale says %v", i, err, wantErr)
		}
		got, _ := json.Marshal(resp)
		exp, _ := json.Marshal(want)
		if string(got) != string(exp) {
			t.Fatalf("request %d: %s\nSale says %s", i, got, exp)
		}
		i++
	}
	if i != len(reqs) {
		t.Fatalf("%d answers to %d requests", i, len(reqs))
	}
}
