package money

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/shopspring/decimal"
)

func weights(ws ...string) []decimal.Decimal {
	out := make([]decimal.Decimal, len(ws))
	for i, w := range ws {
		out[i] = decimal.RequireFromString(w)
	}
	return out
}

func TestAllocate(t *testing.T) {
	tests := []struct {
		total   string
		weights []string
		places  int32
		want    string
	}{
		{"100.00", []string{"1", "1", "1"}, 2, "33.34 33.33 33.33"},
		{"100", []string{"1", "1", "1"}, 2, "33.34 33.33 33.33"},
		{"-100.00", []string{"1", "1", "1"}, 2, "-33.34 -33.33 -33.33"},
		{"0.05", []string{"1", "1", "1"}, 2, "0.02 0.02 0.01"},
		{"-0.05", []string{"1", "1", "1"}, 2, "-0.02 -0.02 -0.01"},
		{"0.02", []string{"1", "1", "1"}, 2, "0.01 0.01 0.00"},
		{"0.01", []string{"1", "1", "1"}, 2, "0.01 0.00 0.00"},
		{"100.00", []string{"1", "2"}, 2, "33.33 66.67"},
		{"100.00", []string{"2", "1"}, 2, "66.67 33.33"},
		{"1.00", []string{"0", "1", "1"}, 2, "0.00 0.50 0.50"},
		{"0.01", []string{"0", "1", "1"}, 2, "0.00 0.01 0.00"},
		{"10.01", []string{"0.5", "0.25", "0.25"}, 2, "5.01 2.50 2.50"},
		{"10", []string{"70", "20", "10"}, 0, "7 2 1"},
		{"10", []string{"1", "1", "1"}, 0, "4 3 3"},
		{"0.00", []string{"1", "1"}, 2, "0.00 0.00"},
		{"5", []string{"3"}, 2, "5.00"},
		{"100.000", []string{"1", "1", "1"}, 2, "33.34 33.33 33.33"},
		{"1000", []string{"1", "1", "1"}, -1, "340 330 330"},
		{"12.34", []string{"0.0001", "1000"}, 2, "0.00 12.34"},
		// The larger remainder wins over the lower index.
		{"1.00", []string{"1", "2", "3"}, 2, "0.17 0.33 0.50"},
		{"123456789012345678901234567890.12", []string{"1", "1"}, 2,
			"61728394506172839450617283945.06 61728394506172839450617283945.06"},
	}
	for _, tt := range tests {
		parts, err := Allocate(mustParse(t, tt.total), weights(tt.weights...), tt.places)
		if err != nil {
			t.Errorf("Allocate(%s, %v): %v", tt.total, tt.weights, err)
			continue
		}
		var got []string
		sum := Zero()
		for _, p := range parts {
			got = append(got, p.String())
			sum = sum.Add(p)
		}
		if strings.Join(got, " ") != tt.want {
			t.Errorf("Allocate(%s, %v, %d) = %v, want %s", tt.total, tt.weights, tt.places, got, tt.want)
		}
		if !sum.Equal(mustParse(t, tt.total)) {
			t.Errorf("Allocate(%s, %v): parts add up to %s", tt.total, tt.weights, sum)
		}
	}
}

func TestAllocateRejects(t *testing.T) {
	tests := []struct {
		name    string
		total   string
		weights []string
	}{
		{"no weights", "1.00", nil},
		{"all zero", "1.00", []string{"0", "0.00"}},
		{"negative weight", "1.00", []string{"1", "-1", "1"}},
		{"too many places", "100.005", []string{"1", "1"}},
	}
	for _, tt := range tests {
		if parts, err := Allocate(mustParse(t, tt.total), weights(tt.weights...), 2); !errors.Is(err, ErrAllocation) {
			t.Errorf("%s: Allocate = %v, %v; want ErrAllocation", tt.name, parts, err)
		}
	}
}

// TestAllocateProperties checks on random inputs that the parts add up to
// the total and that each part is within one unit of its exact share.
func TestAllocateProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	unit := decimal.New(1, -2)
	for range 2000 {
		total := New(decimal.New(r.Int64N(2000001)-1000000, -2))
		ws := make([]decimal.Decimal, 1+r.IntN(8))
		sumW := decimal.Zero
		for i := range ws {
			ws[i] = decimal.New(r.Int64N(1000), -r.Int32N(3))
			sumW = sumW.Add(ws[i])
		}
		if sumW.IsZero() {
			ws[0] = decimal.NewFromInt(1)
			sumW = ws[0]
		}
		parts, err := Allocate(total, ws, 2)
		if err != nil {
			t.Fatalf("Allocate(%s, %v): %v", total, ws, err)
		}
		sum := Zero()
		for i, p := range parts {
			sum = sum.Add(p)
			if p.Decimal().Exponent() != -2 {
				t.Fatalf("part %s has exponent %d", p, p.Decimal().Exponent())
			}
			// |p - total × w / sumW| < 0.01, that is
			// |p × sumW - total × w| < 0.01 × sumW.
			diff := p.Decimal().Mul(sumW).Sub(total.Decimal().Mul(ws[i])).Abs()
			if diff.Cmp(unit.Mul(sumW)) >= 0 {
				t.Fatalf("Allocate(%s, %v): part %d = %s is off its share", total, ws, i, p)
			}
			if ws[i].IsZero() && !p.IsZero() {
				t.Fatalf("Allocate(%s, %v): zero weight %d got %s", total, ws, i, p)
			}
		}
		if !sum.Equal(total) {
			t.Fatalf("Allocate(%s, %v) adds up to %s", total, ws, sum)
		}
	}
}
