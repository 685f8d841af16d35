package rules

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/shopspring/decimal"
)

// TestOddArguments calls the compiled tables and the rule file reader with
// nil and zero values: nil and zero tables are empty, a nil env or reader
// and a withholding index out of range are errors that name them, and none
// of them panics.
func TestOddArguments(t *testing.T) {
	ctx := context.Background()
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	day := civil.Date{Year: 2026, Month: 1, Day: 1}

	table, err := Compile([]Rule{{ID: "all", Outcome: Taxable}})
	if err != nil {
		t.Fatal(err)
	}
	withholdings, err := CompileWithholdings([]Withholding{{ID: "wht", Jurisdiction: "KE", Tax: "WHT", WithholdingType: "X", Rate: decimal.RequireFromString("0.2")}})
	if err != nil {
		t.Fatal(err)
	}
	structures, err := CompileStructures([]Structure{{ID: "s", Kind: SingleRate}})
	if err != nil {
		t.Fatal(err)
	}

	errCases := []struct {
		name string
		run  func() error
		want string
	}{
		{"read a nil reader", func() error { _, err := ReadFile(nil); return err }, "nil reader"},
		{"decide a nil env", func() error { _, _, err := table.Decide(ctx, nil, day); return err }, "nil env"},
		{"decide a nil env outside holidays", func() error { _, _, err := table.DecideOutsideHolidays(ctx, nil, day); return err }, "nil env"},
		{"decide on a nil table, nil env", func() error { var n *Table; _, _, err := n.Decide(ctx, nil, day); return err }, "nil env"},
		{"withholding at -1", func() error { _, err := withholdings.Applies(ctx, -1, &Env{}, day, false); return err }, "withholding -1 of 1"},
		{"withholding past the end", func() error { _, err := withholdings.Applies(ctx, 1, &Env{}, day, false); return err }, "withholding 1 of 1"},
		{"withholding of a nil list", func() error { var n *Withholdings; _, err := n.Applies(ctx, 0, &Env{}, day, false); return err }, "withholding 0 of 0"},
		{"withholding of a zero list", func() error { var z Withholdings; _, err := z.Applies(cancelled, 0, &Env{}, day, false); return err }, "withholding 0 of 0"},
		{"withholding with a nil env", func() error { _, err := withholdings.Applies(ctx, 0, nil, day, false); return err }, "withholding wht: nil env"},
		{"compile a zero rule", func() error { _, err := Compile([]Rule{{}}); return err }, "without an id"},
		{"compile a zero structure", func() error { _, err := CompileStructures([]Structure{{}}); return err }, "without an id"},
		{"compile a zero withholding", func() error { _, err := CompileWithholdings([]Withholding{{}}); return err }, "without an id"},
	}
	for _, tc := range errCases {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.run()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error saying %q", err, tc.want)
			}
		})
	}

	// Empty tables, nil or zero, hold nothing and find nothing.
	for name, tb := range map[string]*Table{"nil": nil, "zero": {}} {
		if tb.Len() != 0 || len(tb.Rules()) != 0 {
			t.Errorf("%s table has %d rules", name, tb.Len())
		}
		if r, ok, err := tb.Decide(ctx, &Env{}, day); r != nil || ok || err != nil {
			t.Errorf("%s table decided %v, %v, %v", name, r, ok, err)
		}
	}
	for name, s := range map[string]*Structures{"nil": nil, "zero": {}} {
		if s.Len() != 0 {
			t.Errorf("%s structures has %d", name, s.Len())
		}
		if got, ok := s.Find(&Env{}, day); got != nil || ok {
			t.Errorf("%s structures found %v", name, got)
		}
	}
	if got, ok := structures.Find(nil, day); got != nil || ok {
		t.Errorf("a nil env found structure %v", got)
	}
	// The compiled table still decides for an env that is given.
	if r, ok, err := table.Decide(ctx, &Env{}, day); err != nil || !ok || r.ID != "all" {
		t.Errorf("table decided %v, %v, %v; want rule all", r, ok, err)
	}
	if got, ok := structures.Find(&Env{}, day); !ok || got.ID != "s" {
		t.Errorf("structures found %v, %v; want s", got, ok)
	}
}
