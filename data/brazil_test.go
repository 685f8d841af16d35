package data

import (
	"testing"

	"github.com/levytax/levy/civil"
)

// TestBrazilDefault reads the embedded Brazilian tables.
func TestBrazilDefault(t *testing.T) {
	b, err := Default().Brazil()
	if err != nil {
		t.Fatal(err)
	}
	sp, ok := b.State("SP")
	if !ok {
		t.Fatal("no SP")
	}
	if r, ok := sp.InternalRate(civil.MustParse("2026-09-01")); !ok || r.Value.String() != "0.18" {
		t.Errorf("SP: %v %v", r.Value, ok)
	}
	if len(b.Tables().States) != 27 || len(b.Tables().NCM) < 11000 {
		t.Errorf("%d states, %d NCM codes", len(b.Tables().States), len(b.Tables().NCM))
	}
	if _, ok := b.CFOP("5102"); !ok {
		t.Error("no CFOP 5102")
	}
	c := b.Coverage(civil.MustParse("2026-11-01"), 5570)
	if len(c.States) != 27 || c.Markdown() == "" {
		t.Errorf("coverage of %d states", len(c.States))
	}
}
