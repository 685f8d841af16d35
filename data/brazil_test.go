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

// TestBrazilDIFALOrder checks that the DIFAL bases of a state must follow
// the order of their dates, and that DIFALOn reads the one of a day.
func TestBrazilDIFALOrder(t *testing.T) {
	b, err := Default().Brazil()
	if err != nil {
		t.Fatal(err)
	}
	tb := b.Tables()
	states := append([]BRState(nil), tb.States...)
	s := &states[0]
	s.DIFALContributor = []BRMethod{
		{Status: "not checked"},
		{Known: true, Double: true, From: civil.MustParse("2023-04-01"), Source: "test"},
		{Known: true, From: civil.MustParse("2025-01-01"), Source: "test"},
	}
	for day, want := range map[string]string{"2023-03-31": "not checked", "2023-04-01": "double", "2024-12-31": "double", "2025-01-01": "single"} {
		if got := s.DIFALOn(civil.MustParse(day), true).Name(); got != want {
			t.Errorf("%s: %s, want %s", day, got, want)
		}
	}
	if got := s.DIFALOn(civil.MustParse("2025-01-01"), false); got.Known != (len(s.DIFAL) > 0 && s.DIFAL[len(s.DIFAL)-1].Known) {
		t.Errorf("non-contributor: %+v", got)
	}
	tb.States = states
	raw, err := tb.Encode()
	if err != nil {
		t.Fatal(err)
	}
	back, err := DecodeBrazil(raw)
	if err != nil {
		t.Fatal(err)
	}
	if s2, _ := back.State(s.UF); len(s2.DIFALContributor) != 3 || s2.DIFALContributor[2].From != civil.MustParse("2025-01-01") {
		t.Errorf("round trip: %+v", s2.DIFALContributor)
	}
	s.DIFALContributor[1], s.DIFALContributor[2] = s.DIFALContributor[2], s.DIFALContributor[1]
	if _, err := NewBrazil(tb); err == nil {
		t.Error("bases out of the order of their dates accepted")
	}
}
