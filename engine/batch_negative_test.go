package engine

import (
	"context"
	"iter"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestBatchRefusesNegative: a negative Workers or Window of Batch is
// refused with one error naming the field, before a request is read, as
// batch.Config refuses its negative fields; the batch methods took it
// for the default and calculated the run.
func TestBatchRefusesNegative(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	for _, c := range []struct {
		b     Batch
		field string
	}{
		{Batch{Workers: -1}, "Workers"},
		{Batch{Window: -1}, "Window"},
		{Batch{Workers: 2, Window: -8}, "Window"},
		{Batch{Workers: -3, Window: 4}, "Workers"},
	} {
		read := 0
		sales := func(yield func(*wire.SaleRequest) bool) { read++; yield(embedInvoice("")) }
		purchases := func(yield func(*wire.PurchaseRequest) bool) { read++; yield(&wire.PurchaseRequest{}) }
		owners := func(yield func(*wire.OwnerRequest) bool) { read++; yield(&wire.OwnerRequest{}) }
		for name, seq := range map[string]func(func(any, error) bool){
			"Sales":     anySeq(e.Sales(ctx, iter.Seq[*wire.SaleRequest](sales), c.b)),
			"Purchases": anySeq(e.Purchases(ctx, iter.Seq[*wire.PurchaseRequest](purchases), c.b)),
			"Owners":    anySeq(e.Owners(ctx, iter.Seq[*wire.OwnerRequest](owners), c.b)),
		} {
			n := 0
			var first error
			for _, err := range seq {
				if n == 0 {
					first = err
				}
				n++
			}
			wantField(t, name+" "+c.field, first, c.field)
			if n != 1 {
				t.Errorf("%s with %+v yielded %d pairs, want 1", name, c.b, n)
			}
		}
		if read != 0 {
			t.Errorf("%+v: the requests were read %d times, want none", c.b, read)
		}
	}
}
