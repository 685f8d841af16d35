package engine

import (
	"context"
	"errors"
	"strconv"
	"sync"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestDoneContextStopsBuilding: a calculation whose context is done
// stops before it resolves its lines, and one whose context ends while
// they are resolved stops at the next line; it went on through every line
// of the document, each failing its lookup with the context's error, so
// that a document of many lines took longer to give up than to be
// calculated. Counted in allocations, not time: giving up on a document
// of 2,000 lines costs what validating it does and about what giving up
// on one of 20 does besides.
func TestDoneContextStopsBuilding(t *testing.T) {
	e := testEngine(t)
	doc := func(n int) *wire.SaleRequest {
		lines := make([]wire.SaleLineItem, n)
		for i := range lines {
			lines[i] = Line(strconv.Itoa(i), "GENERAL", "10.00")
		}
		return Quotation("2026-06-01",
			SellerAt(USAddress("", "Seattle", "WA", "98101")),
			CustomerAt(USAddress("", "Boston", "MA", "02108")), lines...)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	allocs := func(req *wire.SaleRequest) float64 {
		return testing.AllocsPerRun(5, func() {
			if _, err := e.Sale(ctx, req); !errors.Is(err, context.Canceled) {
				t.Fatalf("error %v, want context.Canceled", err)
			}
		})
	}
	// Validating the request, which comes first, is the floor: it reads
	// every line whatever the context.
	big := doc(2000)
	floor := testing.AllocsPerRun(5, func() {
		if err := big.Validate(); err != nil {
			t.Fatal(err)
		}
	})
	small, large := allocs(doc(20)), allocs(big)
	if large > floor+2*small+50 {
		t.Errorf("giving up on 2,000 lines took %.0f allocations (%.0f of them validating), on 20 lines %.0f: the lines were worked through", large, floor, small)
	}

	// The context ends once the calculation has begun: the first time
	// it is asked is before the lines are read, the second at the first
	// line.
	cd := &countdown{Context: context.Background()}
	midway := testing.AllocsPerRun(1, func() {
		cd.reset(2)
		ctx = cd
		if _, err := e.Sale(ctx, big); !errors.Is(err, context.Canceled) {
			t.Fatalf("error %v, want context.Canceled", err)
		}
	})
	full := testing.AllocsPerRun(1, func() {
		if _, err := e.Sale(context.Background(), big); err != nil {
			t.Fatal(err)
		}
	})
	if midway > (floor+full)/2 {
		t.Errorf("giving up on 2,000 lines midway took %.0f allocations (%.0f of them validating), a whole calculation %.0f", midway, floor, full)
	}
}

// countdown is a context that is done once Err has been called left
// times: an end that comes at a known point of a calculation.
type countdown struct {
	context.Context
	mu   sync.Mutex
	left int
	done chan struct{}
}

func (c *countdown) reset(left int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.left, c.done = left, make(chan struct{})
}

func (c *countdown) Done() <-chan struct{} {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.done
}

func (c *countdown) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.left > 0 {
		c.left--
		if c.left > 0 {
			return nil
		}
		close(c.done)
	}
	return context.Canceled
}
