package jsonbody_test

import (
	"bytes"
	"errors"
	"runtime"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/internal/jsonbody"
	"github.com/levytax/levy/wire"
)

// emptyLines returns a sale request of n empty line items, nested at the
// path given: "lineItems" or "lineItems[0].lineItems".
func emptyLines(n int, nested bool) []byte {
	items := "[" + strings.TrimSuffix(strings.Repeat("{},", n), ",") + "]"
	if nested {
		return []byte(`{"lineItems":[{"lineItemId":"1","lineItems":` + items + `}]}`)
	}
	return []byte(`{"saleMessageType":"QUOTATION","lineItems":` + items + `}`)
}

// TestDecodeRefusesItemsOverTheBudget sends bodies of empty line items,
// three bytes each that would take a kilobyte each of memory: past the
// budget of the body, Decode refuses them as too large, naming the array,
// before it allocates the items (and without handing the body to the
// reference decoder, which would); a body under it decodes.
func TestDecodeRefusesItemsOverTheBudget(t *testing.T) {
	for _, nested := range []bool{false, true} {
		body := emptyLines(400_000, nested)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		var req wire.SaleRequest
		err := jsonbody.Decode(bytes.NewReader(body), &req, 8<<20)
		runtime.ReadMemStats(&after)
		var le *levy.Error
		if !errors.Is(err, jsonbody.ErrTooLarge) || !errors.As(err, &le) || le.Code != levy.EInvalid {
			t.Fatalf("nested %v: %d empty lines: error %v, want a too-large EInvalid", nested, 400_000, err)
		}
		want := "lineItems"
		if nested {
			want = "lineItems[0].lineItems"
		}
		if le.Field != want || !strings.Contains(le.Message, "more items than a body of") {
			t.Errorf("nested %v: field %q, message %q; want the field %q", nested, le.Field, le.Message, want)
		}
		// 400,000 lines would take 400 MB; the refusal takes the body's
		// buffer and little else.
		if grew := after.TotalAlloc - before.TotalAlloc; grew > 16<<20 {
			t.Errorf("nested %v: Decode allocated %d bytes before refusing", nested, grew)
		}
	}
	var req wire.SaleRequest
	if err := jsonbody.Decode(bytes.NewReader(emptyLines(wire.MaxLines, false)), &req, 8<<20); err != nil || len(req.LineItems) != wire.MaxLines {
		t.Fatalf("%d empty lines: %v, %d lines decoded", wire.MaxLines, err, len(req.LineItems))
	}
}
