// Package br builds Levy's Brazilian content: the tables of
// data.Brazil (the states' ICMS, the interstate rates, the NCM codes
// with their IPI rates, PIS/COFINS, the CBS and IBS of the reform, the
// code lists) and the jurisdictions of the 27 states and 5,570
// municipalities, from the br folder of the source data and the tables
// curated in this folder. Its note, br.md, says what is modelled and what
// is not. Package datagen runs it as a step of the generator.
package br

import (
	"cmp"
	"embed"
	"encoding/csv"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/jurisdiction"
	"github.com/shopspring/decimal"
)

// Dir is this folder, as documents and messages name it.
const Dir = "internal/datagen/br"

// curated are the tables curated in this folder, and its note.
//
//go:embed *.csv br.md
var curated embed.FS

// Source describes one input, for data/SOURCES.md.
type Source struct {
	Key, Files, What, From, Licence, Attribution string
}

// Result is what Build makes.
type Result struct {
	// Tables are the contents of data/files/brazil.lvd.
	Tables data.BrazilTables
	// Jurisdictions are the states (BR-SP) and the municipalities
	// (BR-3550308, by IBGE code), in jurisdictions.lvd.
	Jurisdictions []jurisdiction.Jurisdiction
	// Sources are the inputs read.
	Sources []Source
}

// Note returns the note of this folder, br.md.
func Note() (string, error) {
	b, err := fs.ReadFile(curated, "br.md")
	return string(b), err
}

// noteMust are what the note must name among what is not modelled.
var noteMust = []string{"ICMS-ST", "Reduced bases", "Zona Franca de Manaus", "Imposto Seletivo", "## What is not modelled", "country: BR"}

// checkNote checks that the note exists and says what is not modelled.
func checkNote() error {
	n, err := Note()
	if err != nil {
		return fmt.Errorf("%s/br.md: %w", Dir, err)
	}
	for _, m := range noteMust {
		if !strings.Contains(n, m) {
			return fmt.Errorf("%s/br.md does not name %q", Dir, m)
		}
	}
	return nil
}

// CuratedFiles lists the files of this folder that Build reads.
func CuratedFiles() []string {
	return []string{"icms-history.csv", "difal.csv", "transition.csv", "iss-place.csv", "lc116-added.csv", "br.md"}
}

// Build reads the br folder of the source folder src and the curated
// tables, and checks them: every state has a rate, every pair of states
// an interstate rate, every curated row names a real state or item.
func Build(src string) (*Result, error) {
	b := &builder{src: src, res: &Result{}}
	for _, step := range []struct {
		name string
		run  func() error
	}{
		{"states", b.states},
		{"interstate", b.interstate},
		{"PIS/COFINS", b.pisCofins},
		{"single stage", b.singleStage},
		{"CBS/IBS", b.reform},
		{"transition", b.transition},
		{"NCM", b.ncm},
		{"CFOP", b.cfop},
		{"CNAE", b.cnae},
		{"services", b.services},
		{"municipalities", b.municipalities},
	} {
		if err := step.run(); err != nil {
			return nil, fmt.Errorf("brazil: %s: %w", step.name, err)
		}
	}
	if err := checkNote(); err != nil {
		return nil, err
	}
	b.res.Tables.Checked = "Source files of ../shared/data/br as documented in their README (check dates 2026, search corpus with items up to January 2026); " +
		"curated tables of " + Dir + " (2026-11)"
	if _, err := data.NewBrazil(b.res.Tables); err != nil {
		return nil, err
	}
	return b.res, nil
}

type builder struct {
	src string
	res *Result
	// states by UF, in the order of the source
	ufs map[string]*data.BRState
}

// table is a CSV file with a header, read whole.
type table struct {
	name string
	cols map[string]int
	rows [][]string
}

// get returns column col of row, trimmed.
func (t *table) get(row []string, col string) string { return strings.TrimSpace(row[t.cols[col]]) }

// readTable reads a CSV with a header from fsys and checks its columns.
func readTable(fsys fs.FS, name, ref string, want ...string) (*table, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.Comment = '#'
	head, err := r.Read()
	if err != nil {
		return nil, fmt.Errorf("%s: header: %w", ref, err)
	}
	t := &table{name: ref, cols: map[string]int{}}
	for i, h := range head {
		t.cols[strings.TrimPrefix(strings.TrimSpace(h), "\ufeff")] = i
	}
	for _, w := range want {
		if _, ok := t.cols[w]; !ok {
			return nil, fmt.Errorf("%s: no column %q", ref, w)
		}
	}
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", ref, err)
		}
		t.rows = append(t.rows, rec)
	}
	return t, nil
}

// source reads a file of the source folder's br folder.
func (b *builder) source(name string, want ...string) (*table, error) {
	return readTable(os.DirFS(filepath.Join(b.src, "br")), name, "br/"+name, want...)
}

// own reads a curated table of this folder.
func own(name string, want ...string) (*table, error) {
	return readTable(curated, name, Dir+"/"+name, want...)
}

// percent reads a percentage ("20.5") as a fraction (0.205).
func percent(s string) (decimal.Decimal, error) {
	d, err := decimal.NewFromString(strings.TrimSpace(s))
	if err != nil {
		return decimal.Decimal{}, fmt.Errorf("rate %q: %w", s, err)
	}
	if d.IsNegative() || d.GreaterThan(decimal.NewFromInt(1000)) {
		// The TIPI has rates above 100% (tobacco: 300%).
		return decimal.Decimal{}, fmt.Errorf("rate %q is not a percentage", s)
	}
	return canonical(d.Shift(-2)), nil
}

// canonical drops trailing zeros: 0.1800 becomes 0.18.
func canonical(d decimal.Decimal) decimal.Decimal {
	if d.IsZero() {
		return decimal.Zero
	}
	// String writes the value without trailing zeros.
	return decimal.RequireFromString(d.String())
}

// date reads YYYY-MM-DD, or "" for the zero Date.
func date(s string) (civil.Date, error) {
	if s == "" {
		return civil.Date{}, nil
	}
	return civil.Parse(s)
}

// states reads icms-uf.csv with the earlier rates of icms-history.csv and
// the DIFAL bases of difal.csv.
func (b *builder) states() error {
	t, err := b.source("icms-uf.csv", "uf", "internal_rate", "fcp_rate", "fcp_listed_rate", "effective_from", "source_act", "status", "notes")
	if err != nil {
		return err
	}
	b.ufs = map[string]*data.BRState{}
	for i, row := range t.rows {
		uf := t.get(row, "uf")
		sub, ok := jurisdiction.SubdivisionOf("BR", uf)
		if !ok || sub.Code != uf {
			return fmt.Errorf("%s row %d: %q is not a Brazilian state", t.name, i+2, uf)
		}
		if b.ufs[uf] != nil {
			return fmt.Errorf("%s row %d: %s twice", t.name, i+2, uf)
		}
		rate, err := percent(t.get(row, "internal_rate"))
		if err != nil {
			return fmt.Errorf("%s row %d: %w", t.name, i+2, err)
		}
		from, err := date(t.get(row, "effective_from"))
		if err != nil {
			return fmt.Errorf("%s row %d: %w", t.name, i+2, err)
		}
		fcp, err := percent(t.get(row, "fcp_rate"))
		if err != nil {
			return fmt.Errorf("%s row %d: fcp_rate: %w", t.name, i+2, err)
		}
		s := &data.BRState{UF: uf, Name: sub.Name, Status: t.get(row, "status"), Notes: t.get(row, "notes"),
			Internal: []data.BRRate{{Value: rate, Period: civil.Period{Effective: from}, Source: t.get(row, "source_act"), Status: t.get(row, "status")}},
			FCP:      data.BRRate{Value: fcp, Source: t.get(row, "source_act"), Status: "as " + t.name + " gives it (fcp_rate)"}}
		if v := t.get(row, "fcp_listed_rate"); v != "" {
			if s.FCPListed, err = percent(v); err != nil {
				return fmt.Errorf("%s row %d: fcp_listed_rate: %w", t.name, i+2, err)
			}
			s.FCPListedKnown = true
		}
		b.ufs[uf] = s
	}
	if len(b.ufs) != 27 {
		return fmt.Errorf("%s: %d states, want 27", t.name, len(b.ufs))
	}
	h, err := own("icms-history.csv", "uf", "internal_rate", "effective_from", "effective_to", "source_act", "status")
	if err != nil {
		return err
	}
	for i, row := range h.rows {
		s := b.ufs[h.get(row, "uf")]
		if s == nil {
			return fmt.Errorf("%s row %d: unknown state %q", h.name, i+2, h.get(row, "uf"))
		}
		rate, err := percent(h.get(row, "internal_rate"))
		if err != nil {
			return fmt.Errorf("%s row %d: %w", h.name, i+2, err)
		}
		from, err1 := date(h.get(row, "effective_from"))
		to, err2 := date(h.get(row, "effective_to"))
		if err := cmp.Or(err1, err2); err != nil || from.IsZero() || to.IsZero() || to.Before(from) {
			return fmt.Errorf("%s row %d: a period needs both dates, in order (%v)", h.name, i+2, err)
		}
		s.Internal = append(s.Internal, data.BRRate{Value: rate, Period: civil.Period{Effective: from, Expiration: to},
			Source: h.get(row, "source_act"), Status: h.get(row, "status")})
	}
	for _, s := range b.ufs {
		slices.SortFunc(s.Internal, func(x, y data.BRRate) int { return x.Effective.Compare(y.Effective) })
		for k := 1; k < len(s.Internal); k++ {
			p, r := s.Internal[k-1], s.Internal[k]
			if p.Expiration.IsZero() || p.Expiration.AddDays(1) != r.Effective {
				return fmt.Errorf("%s: the internal rates of %s do not follow each other (%s to %s, then from %s)",
					h.name, s.UF, p.Effective, p.Expiration, r.Effective)
			}
		}
	}
	d, err := own("difal.csv", "uf", "from", "noncontributor", "noncontributor_source", "noncontributor_status",
		"contributor", "contributor_source", "contributor_status")
	if err != nil {
		return err
	}
	seen := map[string]bool{}
	last := map[string]civil.Date{}
	for i, row := range d.rows {
		uf := d.get(row, "uf")
		s := b.ufs[uf]
		if s == nil {
			return fmt.Errorf("%s row %d: unknown state %q", d.name, i+2, uf)
		}
		from, err := date(d.get(row, "from"))
		if err != nil {
			return fmt.Errorf("%s row %d: from: %w", d.name, i+2, err)
		}
		// A state's first row has no date, and its later rows follow in
		// the order of their dates.
		if seen[uf] != !from.IsZero() || (seen[uf] && !from.After(last[uf])) {
			return fmt.Errorf("%s row %d: %s: the first row of a state has no from date, and each later row a date after the one before", d.name, i+2, uf)
		}
		seen[uf], last[uf] = true, from
		for _, m := range []struct {
			col string
			dst *[]data.BRMethod
		}{{"noncontributor", &s.DIFAL}, {"contributor", &s.DIFALContributor}} {
			var x data.BRMethod
			switch v := d.get(row, m.col); v {
			case "single", "double":
				x = data.BRMethod{Double: v == "double", Known: true, From: from, Source: d.get(row, m.col+"_source"), Status: d.get(row, m.col+"_status")}
			case "":
				x = data.BRMethod{From: from, Status: cmp.Or(d.get(row, m.col+"_status"), "not checked")}
			default:
				return fmt.Errorf("%s row %d: %s %q is not single or double", d.name, i+2, m.col, v)
			}
			// A row that repeats the method in force adds nothing.
			if n := len(*m.dst); n > 0 {
				p := (*m.dst)[n-1]
				if p.Double == x.Double && p.Known == x.Known && p.Source == x.Source && p.Status == x.Status {
					continue
				}
			}
			*m.dst = append(*m.dst, x)
		}
	}
	for _, uf := range slices.Sorted(mapsKeys(b.ufs)) {
		if !seen[uf] {
			return fmt.Errorf("%s: no row for %s", d.name, uf)
		}
		b.res.Tables.States = append(b.res.Tables.States, *b.ufs[uf])
	}
	b.res.Sources = append(b.res.Sources, Source{
		Key: "br-icms-uf", Files: "br/icms-uf.csv, " + Dir + "/icms-history.csv, " + Dir + "/difal.csv",
		What: "the general internal ICMS rate of every state in force on 2026-11-01 with the act that sets it, the poverty-fund surcharges (general and on listed goods), " +
			"the earlier rates of the states that changed theirs in 2023-2026 (curated from the notes of icms-uf.csv), and the DIFAL base (single or double) " +
			"of each state where a source was found",
		From:    "OCA/l10n-brazil l10n_br_fiscal (2024-07), each state checked against its acts and news (2026); curated by the Levy project",
		Licence: "facts of official acts (Lei 9.610/1998 art. 8 IV); the AGPL-3 files are not copied",
	})
	return nil
}

// mapsKeys returns the keys of m.
func mapsKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// interstate reads icms-interstate.csv: every ordered pair of states.
func (b *builder) interstate() error {
	t, err := b.source("icms-interstate.csv", "origin_uf", "dest_uf", "rate", "imported_rate")
	if err != nil {
		return err
	}
	pairs := map[[2]string]bool{}
	for i, row := range t.rows {
		o, d := t.get(row, "origin_uf"), t.get(row, "dest_uf")
		if b.ufs[o] == nil || b.ufs[d] == nil || o == d || pairs[[2]string{o, d}] {
			return fmt.Errorf("%s row %d: bad or repeated pair %s-%s", t.name, i+2, o, d)
		}
		pairs[[2]string{o, d}] = true
		rate, err1 := percent(t.get(row, "rate"))
		imp, err2 := percent(t.get(row, "imported_rate"))
		if err := cmp.Or(err1, err2); err != nil {
			return fmt.Errorf("%s row %d: %w", t.name, i+2, err)
		}
		b.res.Tables.Interstate = append(b.res.Tables.Interstate, data.BRInterstate{Origin: o, Dest: d, Rate: rate, Imported: imp,
			ImportedFrom: civil.MustParse("2013-01-01")})
	}
	if len(pairs) != 27*26 {
		return fmt.Errorf("%s: %d pairs, want %d", t.name, len(pairs), 27*26)
	}
	slices.SortFunc(b.res.Tables.Interstate, func(x, y data.BRInterstate) int {
		return cmp.Or(strings.Compare(x.Origin, y.Origin), strings.Compare(x.Dest, y.Dest))
	})
	b.res.Sources = append(b.res.Sources, Source{
		Key: "br-icms-interstate", Files: "br/icms-interstate.csv",
		What: "the interstate ICMS rate of every ordered pair of states (7% from the South and Southeast but Espírito Santo to the North, Northeast, Centre-West and Espírito Santo, 12% otherwise; " +
			"Resolução do Senado Federal 22/1989) and 4% for imported goods from 2013-01-01 (Resolução do Senado Federal 13/2012)",
		From: "Resoluções do Senado Federal 22/1989 and 13/2012, as laid out in the source file", Licence: "facts of official acts",
	})
	return nil
}

// pisCofins reads pis-cofins.csv; the contributions end with 2026
// (transition.csv).
func (b *builder) pisCofins() error {
	t, err := b.source("pis-cofins.csv", "regime", "pis_rate", "cofins_rate", "source_act", "notes")
	if err != nil {
		return err
	}
	for i, row := range t.rows {
		key := t.get(row, "regime")
		if key != "cumulativo" && key != "nao_cumulativo" {
			return fmt.Errorf("%s row %d: unknown regime %q", t.name, i+2, key)
		}
		pis, err1 := percent(t.get(row, "pis_rate"))
		cofins, err2 := percent(t.get(row, "cofins_rate"))
		if err := cmp.Or(err1, err2); err != nil {
			return fmt.Errorf("%s row %d: %w", t.name, i+2, err)
		}
		b.res.Tables.Regimes = append(b.res.Tables.Regimes, data.BRRegime{Key: key, PIS: pis, COFINS: cofins,
			Period: civil.Period{Expiration: civil.MustParse("2026-12-31")}, Source: t.get(row, "source_act"), Notes: t.get(row, "notes")})
	}
	if len(b.res.Tables.Regimes) != 2 {
		return fmt.Errorf("%s: %d regimes, want 2", t.name, len(b.res.Tables.Regimes))
	}
	b.res.Sources = append(b.res.Sources, Source{
		Key: "br-pis-cofins", Files: "br/pis-cofins.csv",
		What: "PIS and COFINS rates of the cumulative regime (0.65% and 3%: Lei 9.715/1998 art. 8 I, Lei 9.718/1998 art. 8) and of the non-cumulative regime " +
			"(1.65% and 7.6%: Lei 10.637/2002 art. 2, Lei 10.833/2003 art. 2), until 2026-12-31",
		From: "OCA/l10n-brazil l10n_br_fiscal (EFD-Contribuições tables), with the acts cited", Licence: "facts of official acts",
	})
	return nil
}

// singleStage reads pis-cofins-monofasico.csv.
func (b *builder) singleStage() error {
	t, err := b.source("pis-cofins-monofasico.csv", "ncm_prefix", "ex", "group_code", "group", "pis_rate", "cofins_rate", "excluding_ncm", "source_act")
	if err != nil {
		return err
	}
	for i, row := range t.rows {
		pis, err1 := percent(t.get(row, "pis_rate"))
		cofins, err2 := percent(t.get(row, "cofins_rate"))
		if err := cmp.Or(err1, err2); err != nil {
			return fmt.Errorf("%s row %d: %w", t.name, i+2, err)
		}
		prefix := t.get(row, "ncm_prefix")
		if !digits(prefix) || len(prefix) < 2 || len(prefix) > 8 {
			return fmt.Errorf("%s row %d: NCM prefix %q", t.name, i+2, prefix)
		}
		s := data.BRSingleStage{Prefix: prefix, Ex: t.get(row, "ex"), Group: t.get(row, "group_code"), GroupName: t.get(row, "group"),
			PIS: pis, COFINS: cofins, Source: t.get(row, "source_act")}
		if x := t.get(row, "excluding_ncm"); x != "" {
			s.Excluding = strings.Fields(x)
		}
		b.res.Tables.SingleStage = append(b.res.Tables.SingleStage, s)
	}
	b.res.Sources = append(b.res.Sources, Source{
		Key: "br-pis-cofins-monofasico", Files: "br/pis-cofins-monofasico.csv",
		What: "single-stage (monofásico) PIS/COFINS groups by NCM prefix with the producer's or importer's ad valorem rates (fuels, alcohol, biodiesel, " +
			"pharmaceuticals, perfumery, vehicles, tyres, cold drinks); resale is at 0%",
		From: "OCA/l10n-brazil l10n_br_fiscal (EFD-Contribuições tables, about 2019-2021), with the acts cited", Licence: "facts of official acts",
	})
	return nil
}

// reform reads cbs-ibs.csv.
func (b *builder) reform() error {
	t, err := b.source("cbs-ibs.csv", "year", "tax", "rate", "valid_from", "valid_to", "status", "source", "notes")
	if err != nil {
		return err
	}
	for i, row := range t.rows {
		tax := t.get(row, "tax")
		if tax != "CBS" && tax != "IBS_UF" && tax != "IBS_MUN" {
			return fmt.Errorf("%s row %d: unknown tax %q", t.name, i+2, tax)
		}
		rate, err := percent(t.get(row, "rate"))
		if err != nil {
			return fmt.Errorf("%s row %d: %w", t.name, i+2, err)
		}
		from, err1 := date(t.get(row, "valid_from"))
		to, err2 := date(t.get(row, "valid_to"))
		if err := cmp.Or(err1, err2); err != nil || from.IsZero() {
			return fmt.Errorf("%s row %d: dates: %v", t.name, i+2, err)
		}
		st := t.get(row, "status")
		if st != "statutory" && st != "provisional" {
			return fmt.Errorf("%s row %d: status %q", t.name, i+2, st)
		}
		b.res.Tables.Reform = append(b.res.Tables.Reform, data.BRReformRate{Tax: tax, Value: rate, Period: civil.Period{Effective: from, Expiration: to},
			Provisional: st == "provisional", Source: t.get(row, "source"), Notes: t.get(row, "notes")})
	}
	b.res.Sources = append(b.res.Sources, Source{
		Key: "br-cbs-ibs", Files: "br/cbs-ibs.csv",
		What: "CBS, state IBS and municipal IBS rates by year, 2026-2033: 2026 (0.9%, 0.1%, 0) and the IBS of 2027-2028 are statutory (LC 214/2025 arts. 343, 344, 346, 348); " +
			"every other row is a provisional placeholder of the Receita Federal's calculator, which responses flag",
		From: "nfe/rtc-calculadora-offline at commit 12100712d67c (2026-03-18), the Receita Federal's offline CBS/IBS calculator; LC 214/2025", Licence: "facts of official acts",
	})
	return nil
}

// transition reads transition.csv.
func (b *builder) transition() error {
	t, err := own("transition.csv", "fact", "value", "effective", "expiration", "citation")
	if err != nil {
		return err
	}
	for i, row := range t.rows {
		fact := t.get(row, "fact")
		switch fact {
		case "pis-cofins-end", "ipi-zero", "icms-iss-share":
		default:
			return fmt.Errorf("%s row %d: unknown fact %q", t.name, i+2, fact)
		}
		v := decimal.Zero
		if s := t.get(row, "value"); s != "" {
			if v, err = decimal.NewFromString(s); err != nil {
				return fmt.Errorf("%s row %d: %w", t.name, i+2, err)
			}
		}
		from, err1 := date(t.get(row, "effective"))
		to, err2 := date(t.get(row, "expiration"))
		if err := cmp.Or(err1, err2); err != nil || from.IsZero() {
			return fmt.Errorf("%s row %d: dates: %v", t.name, i+2, err)
		}
		b.res.Tables.Transition = append(b.res.Tables.Transition, data.BRTransition{Fact: fact, Value: v,
			Period: civil.Period{Effective: from, Expiration: to}, Citation: t.get(row, "citation")})
	}
	b.res.Sources = append(b.res.Sources, Source{
		Key: "br-transition", Files: Dir + "/transition.csv",
		What: "the dated facts of the reform's transition that bear on the old taxes: PIS and COFINS end and the IPI falls to zero from 2027 (EC 132/2023); " +
			"ICMS and ISS are charged at 9/10 to 6/10 of their rates in 2029-2032 and end in 2033",
		From: "EC 132/2023 (articles of the ADCT cited per row); curated by the Levy project", Licence: "facts of official acts",
	})
	return nil
}

// ncm reads ncm-tipi.csv and ncm-new-codes.csv.
func (b *builder) ncm() error {
	t, err := b.source("ncm-tipi.csv", "ncm", "ex", "ipi_rate", "in_ncm_2026")
	if err != nil {
		return err
	}
	seen := map[[2]string]bool{}
	var out []data.BRNCM
	for i, row := range t.rows {
		n := data.BRNCM{Code: t.get(row, "ncm"), Ex: t.get(row, "ex"), RateKnown: true}
		if !digits(n.Code) || len(n.Code) != 8 || n.Ex != "" && !digits(n.Ex) || seen[[2]string{n.Code, n.Ex}] {
			return fmt.Errorf("%s row %d: bad or repeated code %q ex %q", t.name, i+2, n.Code, n.Ex)
		}
		seen[[2]string{n.Code, n.Ex}] = true
		switch v := t.get(row, "ipi_rate"); v {
		case "NT":
			n.NT = true
		default:
			if n.Rate, err = percent(v); err != nil {
				return fmt.Errorf("%s row %d: %w", t.name, i+2, err)
			}
		}
		switch t.get(row, "in_ncm_2026") {
		case "yes":
		case "no":
			n.Extinct = true
		default:
			return fmt.Errorf("%s row %d: in_ncm_2026 %q", t.name, i+2, t.get(row, "in_ncm_2026"))
		}
		out = append(out, n)
	}
	nt, err := b.source("ncm-new-codes.csv", "ncm", "valid_from", "ipi_rate_hint", "hint_from_ncm")
	if err != nil {
		return err
	}
	for i, row := range nt.rows {
		n := data.BRNCM{Code: nt.get(row, "ncm")}
		if !digits(n.Code) || len(n.Code) != 8 || seen[[2]string{n.Code, ""}] {
			return fmt.Errorf("%s row %d: bad or repeated code %q", nt.name, i+2, n.Code)
		}
		seen[[2]string{n.Code, ""}] = true
		if n.ValidFrom, err = date(nt.get(row, "valid_from")); err != nil || n.ValidFrom.IsZero() {
			return fmt.Errorf("%s row %d: valid_from: %v", nt.name, i+2, err)
		}
		if h := nt.get(row, "ipi_rate_hint"); h != "" {
			v, err := percent(h)
			if err != nil {
				return fmt.Errorf("%s row %d: %w", nt.name, i+2, err)
			}
			n.Hint, n.HintFrom = &v, nt.get(row, "hint_from_ncm")
		}
		out = append(out, n)
	}
	slices.SortFunc(out, func(x, y data.BRNCM) int { return cmp.Or(strings.Compare(x.Code, y.Code), strings.Compare(x.Ex, y.Ex)) })
	b.res.Tables.NCM = out
	b.res.Sources = append(b.res.Sources, Source{
		Key: "br-ncm-tipi", Files: "br/ncm-tipi.csv, br/ncm-new-codes.csv",
		What: "the NCM codes and their Ex rows with the IPI rate of the TIPI (Decreto 11.158/2022 as amended to about May 2023; later decrees are not in it), " +
			"the codes no longer in the 2026 NCM, and 88 codes in force in 2026 that the TIPI table lacks, whose IPI rate Levy does not know (the source's hint is a guess and is never charged)",
		From:    "OCA/l10n-brazil l10n_br_fiscal at commit 22d3fa66cffd (2024-10-24); nfe/rtc-calculadora-offline at commit 12100712d67c (2026-03-18)",
		Licence: "facts of official acts (Lei 9.610/1998 art. 8 IV); the AGPL-3 files are not copied",
	})
	return nil
}

// cfop reads cfop.csv.
func (b *builder) cfop() error {
	t, err := b.source("cfop.csv", "code", "description", "direction", "scope")
	if err != nil {
		return err
	}
	seen := map[string]bool{}
	for i, row := range t.rows {
		c := data.BRCFOP{Code: t.get(row, "code"), Description: t.get(row, "description"), Scope: t.get(row, "scope")}
		if !digits(c.Code) || len(c.Code) != 4 || seen[c.Code] {
			return fmt.Errorf("%s row %d: bad or repeated code %q", t.name, i+2, c.Code)
		}
		seen[c.Code] = true
		switch t.get(row, "direction") {
		case "entrada":
			c.Entry = true
		case "saida":
		default:
			return fmt.Errorf("%s row %d: direction %q", t.name, i+2, t.get(row, "direction"))
		}
		want := map[byte]string{'1': "estadual", '2': "interestadual", '3': "exterior", '5': "estadual", '6': "interestadual", '7': "exterior"}[c.Code[0]]
		if c.Scope != want || c.Entry != (c.Code[0] < '5') {
			return fmt.Errorf("%s row %d: %s is %s %s, which its first digit contradicts", t.name, i+2, c.Code, t.get(row, "direction"), c.Scope)
		}
		b.res.Tables.CFOP = append(b.res.Tables.CFOP, c)
	}
	b.res.Sources = append(b.res.Sources, Source{
		Key: "br-cfop", Files: "br/cfop.csv",
		What:    "the CFOP codes (619) with their description, direction and scope, which requests' cfopTaxCodeOverride is checked against",
		From:    "OCA/l10n-brazil l10n_br_fiscal (2024-04); CFOP table of the Convênio s/nº of 1970 as replaced by Ajuste SINIEF 07/2001 and later Ajustes",
		Licence: "facts of official acts",
	})
	return nil
}

// cnae reads cnae.csv.
func (b *builder) cnae() error {
	t, err := b.source("cnae.csv", "code", "code_digits", "level")
	if err != nil {
		return err
	}
	seen := map[string]bool{}
	for i, row := range t.rows {
		c := data.BRCNAE{Code: t.get(row, "code"), Digits: t.get(row, "code_digits"), Level: t.get(row, "level")}
		if c.Digits == "" || seen[c.Digits] {
			return fmt.Errorf("%s row %d: bad or repeated code %q", t.name, i+2, c.Digits)
		}
		seen[c.Digits] = true
		b.res.Tables.CNAE = append(b.res.Tables.CNAE, c)
	}
	b.res.Sources = append(b.res.Sources, Source{
		Key: "br-cnae", Files: "br/cnae.csv",
		What: "the CNAE 2.3 codes (sections to the 1,331 subclasses), which requests' sellerCNAE and buyerCNAE are checked against",
		From: "OCA/l10n-brazil l10n_br_fiscal; CNAE-Subclasses 2.3 (IBGE/CONCLA)", Licence: "facts of official acts",
	})
	return nil
}

// services reads lc116-services.csv with the items lc116-added.csv adds,
// and iss-place.csv.
func (b *builder) services() error {
	t, err := b.source("lc116-services.csv", "item", "level", "description")
	if err != nil {
		return err
	}
	added, err := own("lc116-added.csv", "item", "level", "description", "citation")
	if err != nil {
		return err
	}
	seen := map[string]bool{}
	for _, tb := range []*table{t, added} {
		for i, row := range tb.rows {
			s := data.BRService{Item: tb.get(row, "item"), Description: tb.get(row, "description")}
			switch tb.get(row, "level") {
			case "grupo":
				s.Group = true
			case "item":
			default:
				return fmt.Errorf("%s row %d: level %q", tb.name, i+2, tb.get(row, "level"))
			}
			if s.Item == "" || data.ServiceItem(s.Item) != s.Item || seen[s.Item] {
				return fmt.Errorf("%s row %d: bad or repeated item %q", tb.name, i+2, s.Item)
			}
			seen[s.Item] = true
			b.res.Tables.Services = append(b.res.Tables.Services, s)
		}
	}
	p, err := own("iss-place.csv", "item", "where", "citation")
	if err != nil {
		return err
	}
	for i, row := range p.rows {
		x := data.BRISSPlace{Item: p.get(row, "item"), Where: p.get(row, "where"), Citation: p.get(row, "citation")}
		if !seen[x.Item] || x.Where == "" || x.Citation == "" {
			return fmt.Errorf("%s row %d: item %q is not an item of the list, or the row is incomplete", p.name, i+2, x.Item)
		}
		b.res.Tables.ISSPlace = append(b.res.Tables.ISSPlace, x)
	}
	b.res.Sources = append(b.res.Sources, Source{
		Key: "br-lc116", Files: "br/lc116-services.csv, " + Dir + "/lc116-added.csv, " + Dir + "/iss-place.csv",
		What: "the LC 116/2003 service list (items that requests name with commodityCodeType LC116), the six items LC 157/2016 added, " +
			"and the items whose ISS is due where the service is performed (LC 116/2003 art. 3)",
		From: "OCA/l10n-brazil l10n_br_fiscal (list annexed to LC 116/2003, 2003 wording); LC 157/2016; curated by the Levy project", Licence: "facts of official acts",
	})
	return nil
}

// municipalities reads municipios.csv: the states' and municipalities'
// jurisdictions.
func (b *builder) municipalities() error {
	t, err := b.source("municipios.csv", "ibge_code", "name", "uf", "uf_code")
	if err != nil {
		return err
	}
	for _, s := range b.res.Tables.States {
		b.res.Jurisdictions = append(b.res.Jurisdictions, jurisdiction.Jurisdiction{ID: "BR-" + s.UF, Type: jurisdiction.State, Name: s.Name,
			Parent: "BR", Country: "BR", ExternalCode: "BR-" + s.UF})
	}
	seen := map[string]bool{}
	for i, row := range t.rows {
		code, uf := t.get(row, "ibge_code"), t.get(row, "uf")
		if !digits(code) || len(code) != 7 || seen[code] || b.ufs[uf] == nil {
			return fmt.Errorf("%s row %d: bad or repeated code %q of state %q", t.name, i+2, code, uf)
		}
		seen[code] = true
		b.res.Jurisdictions = append(b.res.Jurisdictions, jurisdiction.Jurisdiction{ID: "BR-" + code, Type: jurisdiction.City, Name: t.get(row, "name"),
			Parent: "BR-" + uf, Country: "BR", ExternalCode: code})
	}
	if len(seen) < 5500 {
		return fmt.Errorf("%s: %d municipalities", t.name, len(seen))
	}
	b.res.Sources = append(b.res.Sources, Source{
		Key: "br-municipios", Files: "br/municipios.csv",
		What: "the 5,570 municipalities with their 7-digit IBGE codes and states, the jurisdictions of the ISS and the municipal IBS (Boa Esperança do Norte, MT, installed in 2025, is not in it)",
		From: "nfe/rtc-calculadora-offline at commit 12100712d67c (2026-03-18), IBGE codes", Licence: "official data (IBGE codes)",
	})
	return nil
}

// digits reports whether s is ASCII digits only, and not empty.
func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}
