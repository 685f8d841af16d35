package engine

import (
	"context"
	"strconv"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestLineTypesEmptyValueRefused checks that a lineTypes entry naming
// no line type is refused, naming its value: before, "" (or blanks) was
// taken as a line type Levy does not know and flagged not-acted-on,
// while its count still took its share of the line's revenue from the
// line types that bear taxes.
func TestLineTypesEmptyValueRefused(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	for _, v := range []string{"", "  "} {
		req := telecomSaleIn("2026-02-15", "Birmingham", "AL", "35203",
			wire.LineTypeSet{Value: "WIRELESS", Count: amt("2")}, wire.LineTypeSet{Value: v, Count: amt("1")})
		resp, err := e.Sale(ctx, req)
		answered := ""
		if err == nil {
			answered = "totalTax " + resp.TotalTax.String()
		}
		wantInvalidField(t, "lineTypes[1].value "+strconv.Quote(v), "lineItems[0].lineTypes[1].value", err, answered)
	}
	// A known value is still taken.
	if _, err := e.Sale(ctx, telecomSaleIn("2026-02-15", "Birmingham", "AL", "35203", wire.LineTypeSet{Value: "WIRELESS", Count: amt("2")})); err != nil {
		t.Fatal(err)
	}
}
