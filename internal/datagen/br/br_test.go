package br

import (
	"io/fs"
	"slices"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/internal/srcdata"
	"github.com/shopspring/decimal"
)

// TestBuild builds the Brazilian tables from the sources and checks
// facts of every kind against the source files, and that the file
// encodes and decodes to the same tables.
func TestBuild(t *testing.T) {
	src := srcdata.Need(t)
	res, err := Build(src)
	if err != nil {
		t.Fatal(err)
	}
	b, err := data.NewBrazil(res.Tables)
	if err != nil {
		t.Fatal(err)
	}
	day := civil.MustParse("2026-09-01")
	for _, c := range []struct {
		uf, rate string
		day      string
	}{{"SP", "0.18", "2026-09-01"}, {"RJ", "0.2", "2026-09-01"}, {"BA", "0.205", "2026-09-01"}, {"AL", "0.19", "2026-03-31"},
		{"AL", "0.205", "2026-04-01"}, {"MA", "0.22", "2025-01-01"}, {"RN", "0.18", "2024-06-01"},
		// DF's 18% of Lei 5.548/2015, from 2016-01-01 until the 20% of
		// icms-uf.csv from 2024-01-21.
		{"DF", "0.18", "2016-01-01"}, {"DF", "0.18", "2024-01-20"}, {"DF", "0.2", "2024-01-21"}} {
		s, ok := b.State(c.uf)
		if !ok {
			t.Fatalf("no state %s", c.uf)
		}
		r, ok := s.InternalRate(civil.MustParse(c.day))
		if !ok || !r.Value.Equal(decimal.RequireFromString(c.rate)) {
			t.Errorf("%s on %s: %v %v, want %s", c.uf, c.day, r.Value, ok, c.rate)
		}
	}
	if s, _ := b.State("BA"); s.DIFALOn(civil.MustParse("2026-01-01"), false).Name() != "single" || s.DIFALOn(civil.MustParse("2026-01-01"), true).Name() != "double" || !s.FCPListedKnown || !s.FCPListed.Equal(decimal.RequireFromString("0.02")) {
		t.Errorf("BA: %+v", s)
	}
	// The bases by date of difal.csv: a state's method of a day is the one
	// of its last row not after that day, "not checked" before any.
	for _, c := range []struct {
		uf, day    string
		contrib    bool
		want, from string
	}{
		{"MS", "2023-03-31", true, "not checked", ""},
		{"MS", "2023-04-01", true, "double", "2023-04-01"},
		{"MT", "2024-03-27", true, "single", ""},
		{"MT", "2024-03-28", true, "double", "2024-03-28"},
		{"MT", "2024-03-28", false, "single", ""},
		{"MG", "2015-12-31", true, "not checked", ""},
		{"MG", "2016-01-01", true, "double", "2016-01-01"},
		{"MG", "2026-01-01", false, "not checked", ""},
		{"AC", "2023-04-01", true, "double", "2023-04-01"},
		// Round four: ES's contributor base double from January 2023 (Lei
		// 11.623/2022; Glorian and IOB), its non-contributor base single
		// on every date (IOB).
		{"ES", "2022-12-31", true, "not checked", ""},
		{"ES", "2023-01-01", true, "double", "2023-01-01"},
		{"ES", "2023-07-28", true, "double", "2023-01-01"},
		{"ES", "2016-01-01", false, "single", ""},
		{"ES", "2026-01-01", false, "single", ""},
		{"GO", "2020-01-01", true, "double", ""},
		{"PB", "2019-12-31", false, "not checked", ""},
		{"PB", "2020-01-01", false, "double", "2020-01-01"},
		{"PB", "2022-05-30", false, "double", "2020-01-01"},
		{"PB", "2022-05-31", false, "double", "2022-05-31"},
		{"PB", "2026-01-01", true, "double", "2020-01-01"},
		{"CE", "2024-09-29", false, "not checked", ""},
		{"CE", "2024-09-30", false, "double", "2024-09-30"},
		{"CE", "2026-01-01", true, "not checked", ""},
		{"AM", "2023-12-31", true, "not checked", ""},
		{"AM", "2024-01-01", true, "double", "2024-01-01"},
		{"MA", "2024-01-01", true, "double", "2024-01-01"},
		{"PA", "2016-03-03", true, "double", "2016-03-03"},
		{"PI", "2023-03-08", true, "double", "2023-03-08"},
		{"RN", "2024-03-26", true, "double", "2024-03-26"},
		{"RO", "2024-01-12", true, "single", "2024-01-12"},
		{"SE", "2023-04-01", true, "double", "2023-04-01"},
		{"TO", "2023-04-01", true, "double", "2023-04-01"},
		// Round three: PR's single contributor base from Lei 15.342/2006
		// until Lei 20.949/2021 took its place (not checked since); RR's
		// double one; RJ's double non-contributor base (SEFAZ-RJ's FAQ)
		// and single contributor one (RICMS-RJ art. 4 VI).
		{"PR", "2007-03-22", true, "not checked", ""},
		{"PR", "2007-03-23", true, "single", "2007-03-23"},
		{"PR", "2016-09-26", true, "single", "2007-03-23"},
		// Round ten: Lei 18.879/2016 rewrote art. 6-A on 2016-09-27, and
		// the base since is not checked.
		{"PR", "2016-09-27", true, "not checked", "2016-09-27"},
		{"PR", "2022-03-31", true, "not checked", "2016-09-27"},
		{"PR", "2022-04-01", true, "not checked", "2016-09-27"},
		{"PR", "2026-01-01", false, "not checked", ""},
		{"RR", "2023-03-29", true, "not checked", ""},
		{"RR", "2023-03-30", true, "double", "2023-03-30"},
		{"RJ", "2022-03-31", false, "not checked", ""},
		{"RJ", "2022-04-01", false, "double", "2022-04-01"},
		{"RJ", "2026-01-01", false, "double", "2022-04-01"},
		{"RJ", "2024-03-19", true, "not checked", ""},
		{"RJ", "2024-03-20", true, "single", "2024-03-20"},
		// Round five: the DF's single base from its Solução de Consulta
		// COTRI 4/2021, for non-contributors until LC 190/2022 and for
		// contributors until its Solução de Consulta 31/2024, not read.
		{"DF", "2021-04-25", false, "not checked", ""},
		{"DF", "2021-04-25", true, "not checked", ""},
		{"DF", "2021-04-26", false, "single", "2021-04-26"},
		{"DF", "2021-04-26", true, "single", "2021-04-26"},
		{"DF", "2022-01-05", false, "not checked", "2022-01-05"},
		{"DF", "2024-10-23", true, "single", "2021-04-26"},
		{"DF", "2024-10-24", true, "not checked", "2024-10-24"},
		{"DF", "2026-01-01", true, "not checked", "2024-10-24"},
		{"DF", "2026-01-01", false, "not checked", "2022-01-05"},
		// Round eight: AP's contributor base double from the assessment of
		// September 2022 (Lei 2.756/2022, Glorian; RICMS-AP Anexo III art.
		// 16 II, rotinafiscal), not checked the day before; its
		// non-contributor base still not checked.
		{"AP", "2022-08-31", true, "not checked", ""},
		{"AP", "2022-09-01", true, "double", "2022-09-01"},
		{"AP", "2026-01-01", true, "double", "2022-09-01"},
		{"AP", "2026-01-01", false, "not checked", ""},
		{"AL", "2026-01-01", true, "not checked", ""},
	} {
		s, _ := b.State(c.uf)
		m := s.DIFALOn(civil.MustParse(c.day), c.contrib)
		from := ""
		if !m.From.IsZero() {
			from = m.From.String()
		}
		if m.Name() != c.want || from != c.from || (m.Known && m.Source == "") {
			t.Errorf("%s on %s (contributor %v): %s from %q, want %s from %q", c.uf, c.day, c.contrib, m.Name(), from, c.want, c.from)
		}
	}
	// A row that repeats the method in force adds nothing: MT's
	// non-contributor base is one method.
	if s, _ := b.State("MT"); len(s.DIFAL) != 1 || len(s.DIFALContributor) != 2 {
		t.Errorf("MT: %d and %d methods, want 1 and 2", len(s.DIFAL), len(s.DIFALContributor))
	}
	// PB's third row repeats its contributor base: three non-contributor
	// methods, two contributor ones.
	if s, _ := b.State("PB"); len(s.DIFAL) != 3 || len(s.DIFALContributor) != 2 {
		t.Errorf("PB: %d and %d methods, want 3 and 2", len(s.DIFAL), len(s.DIFALContributor))
	}
	// RJ's 2024 row repeats its non-contributor base and its 2022 row
	// its unchecked contributor one: two methods each. PR's contributor
	// base goes not checked, single, not checked again.
	if s, _ := b.State("RJ"); len(s.DIFAL) != 2 || len(s.DIFALContributor) != 2 {
		t.Errorf("RJ: %d and %d methods, want 2 and 2", len(s.DIFAL), len(s.DIFALContributor))
	}
	// ES's 2023 row repeats its non-contributor base: one method, and
	// two contributor ones (not checked, then double).
	if s, _ := b.State("ES"); len(s.DIFAL) != 1 || len(s.DIFALContributor) != 2 {
		t.Errorf("ES: %d and %d methods, want 1 and 2", len(s.DIFAL), len(s.DIFALContributor))
	}
	// The DF's 2022 row repeats its contributor base: three methods each
	// (not checked, single, not checked).
	if s, _ := b.State("DF"); len(s.DIFAL) != 3 || len(s.DIFALContributor) != 3 {
		t.Errorf("DF: %d and %d methods, want 3 and 3", len(s.DIFAL), len(s.DIFALContributor))
	}
	if s, _ := b.State("PR"); len(s.DIFAL) != 1 || len(s.DIFALContributor) != 3 {
		t.Errorf("PR: %d and %d methods, want 1 and 3", len(s.DIFAL), len(s.DIFALContributor))
	}
	if s, _ := b.State("RJ"); !s.FCP.Value.Equal(decimal.RequireFromString("0.02")) {
		t.Errorf("RJ FCP %s", s.FCP.Value)
	}
	if s, _ := b.State("PI"); s.FCPListedKnown {
		t.Error("PI's listed FCP is not known")
	}
	for _, c := range []struct{ o, d, rate string }{{"SP", "RJ", "0.12"}, {"SP", "BA", "0.07"}, {"BA", "SP", "0.12"}, {"RS", "ES", "0.07"}, {"ES", "RS", "0.12"}} {
		r, imp, ok := b.Interstate(c.o, c.d, day)
		if !ok || !r.Equal(decimal.RequireFromString(c.rate)) || !imp.Equal(decimal.RequireFromString("0.04")) {
			t.Errorf("%s-%s: %s %s %v", c.o, c.d, r, imp, ok)
		}
	}
	if n, ok := b.NCM("84713012", ""); !ok || !n.RateKnown || !n.Rate.Equal(decimal.RequireFromString("0.15")) {
		t.Errorf("84713012: %+v %v", n, ok)
	}
	if n, ok := b.NCM("22084000", "01"); !ok || !n.Rate.Equal(decimal.RequireFromString("0.195")) {
		t.Errorf("22084000 ex 01: %+v %v", n, ok)
	}
	if n, ok := b.NCM("01012100", ""); !ok || !n.NT {
		t.Errorf("01012100: %+v", n)
	}
	if n, ok := b.NCM("28439040", ""); !ok || n.RateKnown || n.Hint != nil || n.ValidFrom != civil.MustParse("2024-04-01") {
		t.Errorf("28439040: %+v", n)
	}
	if g := b.SingleStage("30049099", ""); len(g) != 1 || g[0].Group != "201" {
		t.Errorf("30049099: %+v", g)
	}
	if g := b.SingleStage("30049046", ""); len(g) != 0 {
		t.Errorf("30049046 is excluded: %+v", g)
	}
	if r, ok := b.Reform("CBS", day); !ok || !r.Value.Equal(decimal.RequireFromString("0.009")) || r.Provisional {
		t.Errorf("CBS 2026: %+v", r)
	}
	if r, ok := b.Reform("CBS", civil.MustParse("2027-03-01")); !ok || !r.Provisional {
		t.Errorf("CBS 2027: %+v", r)
	}
	if c, ok := b.CFOP("6108"); !ok || c.Entry || c.Scope != "interestadual" {
		t.Errorf("6108: %+v", c)
	}
	for _, code := range []string{"4751-2/01", "4751201"} {
		if _, ok := b.CNAE(code); !ok {
			t.Errorf("CNAE %s not found", code)
		}
	}
	for _, item := range []string{"1.05", "01.05", "1.09", "17.25"} {
		if _, ok := b.Service(item); !ok {
			t.Errorf("item %s not found", item)
		}
	}
	if p, ok := b.ISSPlace("7.02"); !ok || p.Citation == "" {
		t.Errorf("7.02: %+v", p)
	}
	if _, ok := b.ISSPlace("1.05"); ok {
		t.Error("1.05 is due at the provider's establishment")
	}
	var states, cities int
	for _, j := range res.Jurisdictions {
		if j.Parent == "BR" {
			states++
		} else {
			cities++
		}
	}
	if states != 27 || cities != 5570 {
		t.Errorf("%d states, %d municipalities", states, cities)
	}
	raw, err := res.Tables.Encode()
	if err != nil {
		t.Fatal(err)
	}
	back, err := data.DecodeBrazil(raw)
	if err != nil {
		t.Fatal(err)
	}
	bt := back.Tables()
	again, err := bt.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if string(again) != string(raw) {
		t.Error("the file does not decode to the tables it was written from")
	}
}

// TestCuratedFilesRead checks that every file of this folder that the
// build embeds is one it reads.
func TestCuratedFilesRead(t *testing.T) {
	entries, err := fs.ReadDir(curated, ".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !slices.Contains(CuratedFiles(), e.Name()) {
			t.Errorf("%s is embedded but not read", e.Name())
		}
	}
	if len(entries) != len(CuratedFiles()) {
		t.Errorf("%d files embedded, %d read", len(entries), len(CuratedFiles()))
	}
}
