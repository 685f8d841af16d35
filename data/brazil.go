package data

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/binfmt"
	"github.com/shopspring/decimal"
)

// The generated Brazil file; internal/datagen/br builds its tables and
// BrazilTables.Encode writes it.
const (
	brFile    = "brazil.lvd"
	brKind    = "brazil"
	brVersion = 2
)

// Brazil holds what Levy knows of Brazil's taxes on goods and services:
// the states' ICMS (internal rates, poverty-fund surcharges, the DIFAL
// base each uses), the interstate rates, the NCM codes with their TIPI
// IPI rates, PIS/COFINS by regime and for single-stage products, the CBS
// and IBS rates of the reform by year, the transition's dated facts, and
// the code lists (CFOP, CNAE, the LC 116 services) that requests are
// checked against. Municipal ISS rates are not open data: a user loads
// them as content (data/content, format br-iss), and ISSRate finds them.
// A Brazil is immutable and safe for concurrent use.
type Brazil struct {
	t       BrazilTables
	stateAt map[string]int
	inter   map[[2]string]int
	cnae    map[string]int // digits -> index in t.CNAE
	cfop    map[string]int
	service map[string]int
	place   map[string]int
	// iss is the loaded content's municipal ISS rates, sorted by
	// municipality, item and start.
	iss []BRISSRate
	// issFiles names the content files the rates came from.
	issFiles []string
}

// BrazilTables are the tables of a Brazil, as the generator builds them
// and the file holds them. Rates are fractions (0.18 for 18%).
type BrazilTables struct {
	// Checked says when and against what the facts were checked.
	Checked string
	// States are the 27 states, sorted by UF.
	States []BRState
	// Interstate are the interstate rates of every ordered pair of
	// states.
	Interstate []BRInterstate
	// Regimes are the PIS/COFINS rates of the sellers' regimes.
	Regimes []BRRegime
	// SingleStage are the single-stage (monofásico) PIS/COFINS groups by
	// NCM prefix.
	SingleStage []BRSingleStage
	// Reform are the CBS and IBS rates by year.
	Reform []BRReformRate
	// Transition are the reform's dated facts about the old taxes.
	Transition []BRTransition
	// NCM are the NCM codes (with their Ex rows), sorted by code and Ex.
	NCM []BRNCM
	// CFOP, CNAE and Services are the code lists.
	CFOP     []BRCFOP
	CNAE     []BRCNAE
	Services []BRService
	// ISSPlace are the LC 116 items whose ISS is due away from the
	// provider's establishment.
	ISSPlace []BRISSPlace
}

// BRRate is a rate with its period and the act that sets it.
type BRRate struct {
	Value decimal.Decimal `json:"rate"`
	civil.Period
	Source string `json:"source"`
	Status string `json:"status,omitempty"`
}

// BRState is what Levy knows of one state's ICMS.
type BRState struct {
	UF   string `json:"uf"`
	Name string `json:"name"`
	// Internal are the general internal rate's periods (the alíquota
	// modal), oldest first; a day outside them has no known rate.
	Internal []BRRate `json:"internal"`
	// FCP is the poverty-fund surcharge on every good (RJ's FECP 2%,
	// SE's 1%), zero where the state has none.
	FCP BRRate `json:"fcp"`
	// FCPListed is the surcharge on the goods of the state's list, and
	// FCPListedKnown whether the rate is known.
	FCPListed      decimal.Decimal `json:"fcpListed"`
	FCPListedKnown bool            `json:"fcpListedKnown"`
	// Status and Notes say how sure the state's facts are.
	Status string `json:"status"`
	Notes  string `json:"notes,omitempty"`
	// DIFAL are the bases the state uses for the difference of rates on
	// sales to non-contributors (EC 87/2015), DIFALContributor on a
	// contributor's purchases for its own use (LC 190/2022), each from
	// its From, oldest first; DIFALOn finds the one of a day.
	DIFAL            []BRMethod `json:"difal"`
	DIFALContributor []BRMethod `json:"difalContributor"`
}

// DIFALOn returns the DIFAL base the state uses on d, on a contributor's
// own purchase or on a sale to a non-contributor: the last method whose
// From is not after d, or a method not checked when there is none.
func (s *BRState) DIFALOn(d civil.Date, contributor bool) BRMethod {
	ms := s.DIFAL
	if contributor {
		ms = s.DIFALContributor
	}
	m := BRMethod{Status: "not checked"}
	for _, x := range ms {
		if x.From.After(d) {
			break
		}
		m = x
	}
	return m
}

// BRMethod is the DIFAL base of a state: single (the origin's base, one
// base for both rates) or double (the destination's own base, with its
// internal rate inside it), from the day From (zero: every day before the
// next method). Known is false where no act or source was found; Levy
// then uses the single base and says so.
type BRMethod struct {
	Double bool       `json:"double"`
	Known  bool       `json:"known"`
	From   civil.Date `json:"from,omitzero"`
	Source string     `json:"source,omitempty"`
	Status string     `json:"status,omitempty"`
}

// Name is "single", "double" or "not checked".
func (m BRMethod) Name() string {
	switch {
	case !m.Known:
		return "not checked"
	case m.Double:
		return "double"
	}
	return "single"
}

// BRInterstate is the interstate rate from one state to another, and the
// rate of imported goods (Res. SF 13/2012) from ImportedFrom.
type BRInterstate struct {
	Origin, Dest string
	Rate         decimal.Decimal
	Imported     decimal.Decimal
	ImportedFrom civil.Date
}

// BRRegime is the PIS and COFINS rates of a regime: "cumulativo" (lucro
// presumido) or "nao_cumulativo" (lucro real).
type BRRegime struct {
	Key         string          `json:"key"`
	PIS, COFINS decimal.Decimal `json:"-"`
	civil.Period
	Source string `json:"source"`
	Notes  string `json:"notes,omitempty"`
}

// BRSingleStage is a single-stage PIS/COFINS group of NCM codes: the
// producer's or importer's rates.
type BRSingleStage struct {
	Prefix, Ex  string
	Group       string
	GroupName   string
	PIS, COFINS decimal.Decimal
	Excluding   []string
	Source      string
}

// BRReformRate is a CBS or IBS rate: Tax is CBS, IBS_UF or IBS_MUN.
type BRReformRate struct {
	Tax   string
	Value decimal.Decimal
	civil.Period
	Provisional bool
	Source      string
	Notes       string
}

// BRTransition is a dated fact of the reform's transition: Fact is
// "pis-cofins-end" (the contributions are not due from Effective),
// "ipi-zero" (IPI rates are zero from Effective), or "icms-iss-share"
// (over the period ICMS and ISS are charged at Value of their rates).
type BRTransition struct {
	Fact  string
	Value decimal.Decimal
	civil.Period
	Citation string
}

// BRNCM is an NCM code (with an Ex of the TIPI when Ex is set) and its
// IPI rate.
type BRNCM struct {
	Code, Ex string
	// Rate is the TIPI rate; NT marks a product outside the IPI (não
	// tributado).
	Rate decimal.Decimal
	NT   bool
	// RateKnown is false for a code created after the TIPI table Levy
	// holds: Hint is then the rate of the extinct code HintFrom it came
	// from, a guess that Levy never charges.
	RateKnown bool
	Hint      *decimal.Decimal
	HintFrom  string
	// ValidFrom is when a newer code took effect (zero for the codes of
	// the TIPI table); Extinct marks a code no longer in the 2026 NCM.
	ValidFrom civil.Date
	Extinct   bool
}

// BRCFOP is a CFOP code: Entry for the codes of entries (1, 2, 3),
// Scope estadual, interestadual or exterior.
type BRCFOP struct {
	Code        string
	Description string
	Entry       bool
	Scope       string
}

// BRCNAE is a CNAE code: Code as IBGE writes it ("4751-2/01"), Digits
// without punctuation, Level its level (secao to subclasse).
type BRCNAE struct {
	Code, Digits, Level string
}

// BRService is an item (or group) of the LC 116/2003 service list.
type BRService struct {
	Item        string
	Group       bool
	Description string
}

// BRISSPlace is an LC 116 item whose ISS is due where the service is
// performed or the customer is (LC 116/2003 art. 3), with the rule.
type BRISSPlace struct {
	Item     string
	Where    string
	Citation string
}

// BRISSRate is a municipality's ISS rate for an item of the LC 116
// list, loaded as content.
type BRISSRate struct {
	// Municipality is the municipality's 7-digit IBGE code.
	Municipality string
	Item         string
	Rate         decimal.Decimal
	civil.Period
	Source string
	// File and Line say where the row was loaded from.
	File string
	Line int
}

// Brazil returns the dataset's Brazilian tables, with any municipal ISS
// rates loaded as content.
func (d *Dataset) Brazil() (*Brazil, error) {
	return part(d, &d.brazil, brFile, DecodeBrazil)
}

// NewBrazil indexes tables, checking them.
func NewBrazil(t BrazilTables) (*Brazil, error) {
	b := &Brazil{t: t, stateAt: map[string]int{}, inter: map[[2]string]int{}, cnae: map[string]int{},
		cfop: map[string]int{}, service: map[string]int{}, place: map[string]int{}}
	for i, s := range t.States {
		if _, dup := b.stateAt[s.UF]; dup {
			return nil, fmt.Errorf("data: brazil: state %s twice", s.UF)
		}
		b.stateAt[s.UF] = i
		for _, ms := range [][]BRMethod{s.DIFAL, s.DIFALContributor} {
			for k := 1; k < len(ms); k++ {
				if !ms[k].From.After(ms[k-1].From) {
					return nil, fmt.Errorf("data: brazil: the DIFAL bases of %s are not in the order of their dates (%s, then %s)", s.UF, ms[k-1].From, ms[k].From)
				}
			}
		}
	}
	for i, x := range t.Interstate {
		b.inter[[2]string{x.Origin, x.Dest}] = i
	}
	for i, c := range t.CNAE {
		b.cnae[c.Digits] = i
	}
	for i, c := range t.CFOP {
		b.cfop[c.Code] = i
	}
	for i, s := range t.Services {
		b.service[s.Item] = i
	}
	for i, p := range t.ISSPlace {
		b.place[p.Item] = i
	}
	if !slices.IsSortedFunc(t.NCM, func(x, y BRNCM) int { return cmp.Or(strings.Compare(x.Code, y.Code), strings.Compare(x.Ex, y.Ex)) }) {
		return nil, fmt.Errorf("data: brazil: the NCM codes are not sorted")
	}
	return b, nil
}

// Tables returns a copy of b's tables (the slices are shared: do not
// change them).
func (b *Brazil) Tables() BrazilTables { return b.t }

// State returns a state by its UF ("SP").
func (b *Brazil) State(uf string) (*BRState, bool) {
	i, ok := b.stateAt[uf]
	if !ok {
		return nil, false
	}
	return &b.t.States[i], true
}

// InternalRate returns the state's general internal rate on d.
func (s *BRState) InternalRate(d civil.Date) (BRRate, bool) {
	for _, r := range s.Internal {
		if r.Contains(d) {
			return r, true
		}
	}
	return BRRate{}, false
}

// Interstate returns the interstate rate from origin to dest and the
// rate of imported goods on d (the ordinary rate before the imported
// goods' rate took effect).
func (b *Brazil) Interstate(origin, dest string, d civil.Date) (rate, imported decimal.Decimal, ok bool) {
	i, ok := b.inter[[2]string{origin, dest}]
	if !ok {
		return decimal.Zero, decimal.Zero, false
	}
	x := b.t.Interstate[i]
	imported = x.Imported
	if !x.ImportedFrom.IsZero() && d.Before(x.ImportedFrom) {
		imported = x.Rate
	}
	return x.Rate, imported, true
}

// Regime returns the PIS/COFINS rates of a regime.
func (b *Brazil) Regime(key string) (BRRegime, bool) {
	for _, r := range b.t.Regimes {
		if r.Key == key {
			return r, true
		}
	}
	return BRRegime{}, false
}

// NCM returns an NCM code's row: the row of its Ex when ex is given.
func (b *Brazil) NCM(code, ex string) (BRNCM, bool) {
	i, ok := slices.BinarySearchFunc(b.t.NCM, [2]string{code, ex}, func(x BRNCM, k [2]string) int {
		return cmp.Or(strings.Compare(x.Code, k[0]), strings.Compare(x.Ex, k[1]))
	})
	if !ok {
		return BRNCM{}, false
	}
	return b.t.NCM[i], true
}

// SingleStage returns the single-stage groups whose NCM prefix (and Ex)
// matches an NCM code, the longest prefix's first.
func (b *Brazil) SingleStage(code, ex string) []BRSingleStage {
	var out []BRSingleStage
	for _, s := range b.t.SingleStage {
		if !strings.HasPrefix(code, s.Prefix) || s.Ex != "" && s.Ex != ex || slices.Contains(s.Excluding, code) {
			continue
		}
		out = append(out, s)
	}
	slices.SortStableFunc(out, func(x, y BRSingleStage) int { return cmp.Compare(len(y.Prefix), len(x.Prefix)) })
	if len(out) > 0 {
		// Only the longest prefixes speak for the code.
		n := len(out[0].Prefix)
		k := 0
		for k < len(out) && len(out[k].Prefix) == n {
			k++
		}
		out = out[:k]
	}
	return out
}

// Reform returns the CBS or IBS rate (tax CBS, IBS_UF or IBS_MUN) on d.
func (b *Brazil) Reform(tax string, d civil.Date) (BRReformRate, bool) {
	for _, r := range b.t.Reform {
		if r.Tax == tax && r.Contains(d) {
			return r, true
		}
	}
	return BRReformRate{}, false
}

// ReformStart returns the first day of the CBS rates.
func (b *Brazil) ReformStart() civil.Date {
	var first civil.Date
	for _, r := range b.t.Reform {
		if first.IsZero() || r.Effective.Before(first) {
			first = r.Effective
		}
	}
	return first
}

// Transition returns the fact of the transition in force on d.
func (b *Brazil) Transition(fact string, d civil.Date) (BRTransition, bool) {
	for _, t := range b.t.Transition {
		if t.Fact == fact && t.Contains(d) {
			return t, true
		}
	}
	return BRTransition{}, false
}

// CFOP returns a CFOP code.
func (b *Brazil) CFOP(code string) (BRCFOP, bool) {
	i, ok := b.cfop[code]
	if !ok {
		return BRCFOP{}, false
	}
	return b.t.CFOP[i], true
}

// CNAE returns a CNAE code written as IBGE writes it ("4751-2/01") or as
// its digits ("4751201").
func (b *Brazil) CNAE(code string) (BRCNAE, bool) {
	digits := strings.Map(func(r rune) rune {
		if r == '.' || r == '-' || r == '/' || r == ' ' {
			return -1
		}
		return r
	}, code)
	i, ok := b.cnae[digits]
	if !ok {
		return BRCNAE{}, false
	}
	return b.t.CNAE[i], true
}

// Service returns an item of the LC 116 list ("1.05"; a leading zero,
// "01.05", is allowed).
func (b *Brazil) Service(item string) (BRService, bool) {
	i, ok := b.service[ServiceItem(item)]
	if !ok {
		return BRService{}, false
	}
	return b.t.Services[i], true
}

// ServiceItem writes an LC 116 item as the list does: "01.05" becomes
// "1.05".
func ServiceItem(item string) string {
	g, sub, ok := strings.Cut(strings.TrimSpace(item), ".")
	g = strings.TrimLeft(g, "0")
	if !ok {
		return g
	}
	return g + "." + sub
}

// ISSPlace returns the rule of an item whose ISS is due away from the
// provider's establishment.
func (b *Brazil) ISSPlace(item string) (BRISSPlace, bool) {
	i, ok := b.place[ServiceItem(item)]
	if !ok {
		return BRISSPlace{}, false
	}
	return b.t.ISSPlace[i], true
}

// ISSRate returns the loaded ISS rate of a municipality (7-digit IBGE
// code) for an item on d.
func (b *Brazil) ISSRate(municipality, item string, d civil.Date) (BRISSRate, bool) {
	item = ServiceItem(item)
	for _, r := range b.iss {
		if r.Municipality == municipality && r.Item == item && r.Contains(d) {
			return r, true
		}
	}
	return BRISSRate{}, false
}

// ISSRates returns the loaded municipal ISS rates and the files they came
// from.
func (b *Brazil) ISSRates() ([]BRISSRate, []string) {
	return slices.Clone(b.iss), slices.Clone(b.issFiles)
}

// WithISS returns b with the municipal ISS rates of content files added
// (files names them). Rates of one municipality and item must not
// overlap.
func (b *Brazil) WithISS(rates []BRISSRate, files []string) (*Brazil, error) {
	out := *b
	out.iss = append(slices.Clone(b.iss), rates...)
	slices.SortStableFunc(out.iss, func(x, y BRISSRate) int {
		return cmp.Or(strings.Compare(x.Municipality, y.Municipality), strings.Compare(x.Item, y.Item), x.Effective.Compare(y.Effective))
	})
	for i := 1; i < len(out.iss); i++ {
		p, r := out.iss[i-1], out.iss[i]
		if p.Municipality == r.Municipality && p.Item == r.Item && (p.Expiration.IsZero() || !p.Expiration.Before(r.Effective)) {
			return nil, fmt.Errorf("data: ISS rates of municipality %s, item %s overlap (%s line %d and %s line %d)",
				r.Municipality, r.Item, p.File, p.Line, r.File, r.Line)
		}
	}
	out.issFiles = append(slices.Clone(b.issFiles), files...)
	return &out, nil
}

// Encode writes the tables as the dataset's file.
//
// Layout (version 1), strings length-prefixed, rates as a decimal
// (coefficient and exponent, signed varints), dates as uvarints (0 for
// the zero Date, else days since 1970 + 2^20), bools as a byte:
//
//	checked
//	states: count, then UF, name, status, notes, count of internal
//	    rates and each rate, the FCP rate, the listed FCP rate and
//	    whether it is known, the two DIFAL histories (non-contributor,
//	    contributor: count, then each method's double, known, from,
//	    source, status)
//	interstate: count, then origin, dest, rate, imported rate, its start
//	regimes: count, then key, PIS, COFINS, period, source, notes
//	single stage: count, then prefix, ex, group, group name, PIS,
//	    COFINS, count of excluded codes and each, source
//	reform: count, then tax, rate, period, provisional, source, notes
//	transition: count, then fact, value, period, citation
//	NCM: count, then code, ex, flags (1 NT, 2 rate known, 4 hint, 8
//	    extinct), rate, hint and its code when flagged, valid from
//	CFOP: count, then code, description, entry, scope
//	CNAE: count, then code, digits, level
//	services: count, then item, group, description
//	ISS places: count, then item, where, citation
//
// A rate is its value, period, source and status.
func (t *BrazilTables) Encode() ([]byte, error) {
	w := binfmt.NewWriter(brKind, brVersion)
	dec := func(d decimal.Decimal) {
		c := d.Coefficient()
		if !c.IsInt64() {
			panic("data: brazil: rate out of range")
		}
		w.Varint(c.Int64())
		w.Varint(int64(d.Exponent()))
	}
	date := func(d civil.Date) {
		if d.IsZero() {
			w.Uvarint(0)
			return
		}
		w.Uvarint(uint64(int64(d.Days()) + jurisDateOffset))
	}
	period := func(p civil.Period) { date(p.Effective); date(p.Expiration) }
	rate := func(r BRRate) { dec(r.Value); period(r.Period); w.String(r.Source); w.String(r.Status) }
	methods := func(ms []BRMethod) {
		w.Uvarint(uint64(len(ms)))
		for _, m := range ms {
			w.Bool(m.Double)
			w.Bool(m.Known)
			date(m.From)
			w.String(m.Source)
			w.String(m.Status)
		}
	}

	w.String(t.Checked)
	w.Uvarint(uint64(len(t.States)))
	for _, s := range t.States {
		w.String(s.UF)
		w.String(s.Name)
		w.String(s.Status)
		w.String(s.Notes)
		w.Uvarint(uint64(len(s.Internal)))
		for _, r := range s.Internal {
			rate(r)
		}
		rate(s.FCP)
		dec(s.FCPListed)
		w.Bool(s.FCPListedKnown)
		methods(s.DIFAL)
		methods(s.DIFALContributor)
	}
	w.Uvarint(uint64(len(t.Interstate)))
	for _, x := range t.Interstate {
		w.String(x.Origin)
		w.String(x.Dest)
		dec(x.Rate)
		dec(x.Imported)
		date(x.ImportedFrom)
	}
	w.Uvarint(uint64(len(t.Regimes)))
	for _, r := range t.Regimes {
		w.String(r.Key)
		dec(r.PIS)
		dec(r.COFINS)
		period(r.Period)
		w.String(r.Source)
		w.String(r.Notes)
	}
	w.Uvarint(uint64(len(t.SingleStage)))
	for _, s := range t.SingleStage {
		w.String(s.Prefix)
		w.String(s.Ex)
		w.String(s.Group)
		w.String(s.GroupName)
		dec(s.PIS)
		dec(s.COFINS)
		w.Uvarint(uint64(len(s.Excluding)))
		for _, x := range s.Excluding {
			w.String(x)
		}
		w.String(s.Source)
	}
	w.Uvarint(uint64(len(t.Reform)))
	for _, r := range t.Reform {
		w.String(r.Tax)
		dec(r.Value)
		period(r.Period)
		w.Bool(r.Provisional)
		w.String(r.Source)
		w.String(r.Notes)
	}
	w.Uvarint(uint64(len(t.Transition)))
	for _, x := range t.Transition {
		w.String(x.Fact)
		dec(x.Value)
		period(x.Period)
		w.String(x.Citation)
	}
	w.Uvarint(uint64(len(t.NCM)))
	for _, n := range t.NCM {
		w.String(n.Code)
		w.String(n.Ex)
		var flags uint64
		if n.NT {
			flags |= 1
		}
		if n.RateKnown {
			flags |= 2
		}
		if n.Hint != nil {
			flags |= 4
		}
		if n.Extinct {
			flags |= 8
		}
		w.Uvarint(flags)
		dec(n.Rate)
		if n.Hint != nil {
			dec(*n.Hint)
			w.String(n.HintFrom)
		}
		date(n.ValidFrom)
	}
	w.Uvarint(uint64(len(t.CFOP)))
	for _, c := range t.CFOP {
		w.String(c.Code)
		w.String(c.Description)
		w.Bool(c.Entry)
		w.String(c.Scope)
	}
	w.Uvarint(uint64(len(t.CNAE)))
	for _, c := range t.CNAE {
		w.String(c.Code)
		w.String(c.Digits)
		w.String(c.Level)
	}
	w.Uvarint(uint64(len(t.Services)))
	for _, s := range t.Services {
		w.String(s.Item)
		w.Bool(s.Group)
		w.String(s.Description)
	}
	w.Uvarint(uint64(len(t.ISSPlace)))
	for _, p := range t.ISSPlace {
		w.String(p.Item)
		w.String(p.Where)
		w.String(p.Citation)
	}
	return w.Finish()
}

// DecodeBrazil reads the file that Encode wrote.
func DecodeBrazil(file []byte) (*Brazil, error) {
	r, err := binfmt.Open(file, brKind, brVersion)
	if err != nil {
		return nil, err
	}
	dec := func() decimal.Decimal {
		c := r.Varint()
		e := r.Varint()
		if e < -20 || e > 20 {
			r.Raw(-1) // corrupt: fail the reader
			return decimal.Zero
		}
		return decimal.New(c, int32(e))
	}
	period := func() civil.Period {
		return civil.Period{Effective: readJurisDate(r), Expiration: readJurisDate(r)}
	}
	rate := func() BRRate {
		v := dec()
		return BRRate{Value: v, Period: period(), Source: r.String(), Status: r.String()}
	}
	methods := func() []BRMethod {
		ms := make([]BRMethod, r.Count(5))
		for i := range ms {
			ms[i] = BRMethod{Double: r.Bool(), Known: r.Bool(), From: readJurisDate(r), Source: r.String(), Status: r.String()}
		}
		if len(ms) == 0 {
			return nil
		}
		return ms
	}
	var t BrazilTables
	t.Checked = r.String()
	t.States = make([]BRState, r.Count(8))
	for i := range t.States {
		s := &t.States[i]
		s.UF, s.Name, s.Status, s.Notes = r.String(), r.String(), r.String(), r.String()
		s.Internal = make([]BRRate, r.Count(4))
		for k := range s.Internal {
			s.Internal[k] = rate()
		}
		s.FCP = rate()
		s.FCPListed = dec()
		s.FCPListedKnown = r.Bool()
		s.DIFAL = methods()
		s.DIFALContributor = methods()
	}
	t.Interstate = make([]BRInterstate, r.Count(7))
	for i := range t.Interstate {
		x := &t.Interstate[i]
		x.Origin, x.Dest = r.String(), r.String()
		x.Rate, x.Imported = dec(), dec()
		x.ImportedFrom = readJurisDate(r)
	}
	t.Regimes = make([]BRRegime, r.Count(6))
	for i := range t.Regimes {
		x := &t.Regimes[i]
		x.Key = r.String()
		x.PIS, x.COFINS = dec(), dec()
		x.Period = period()
		x.Source, x.Notes = r.String(), r.String()
	}
	t.SingleStage = make([]BRSingleStage, r.Count(9))
	for i := range t.SingleStage {
		x := &t.SingleStage[i]
		x.Prefix, x.Ex, x.Group, x.GroupName = r.String(), r.String(), r.String(), r.String()
		x.PIS, x.COFINS = dec(), dec()
		x.Excluding = make([]string, r.Count(1))
		for k := range x.Excluding {
			x.Excluding[k] = r.String()
		}
		if len(x.Excluding) == 0 {
			x.Excluding = nil
		}
		x.Source = r.String()
	}
	t.Reform = make([]BRReformRate, r.Count(7))
	for i := range t.Reform {
		x := &t.Reform[i]
		x.Tax = r.String()
		x.Value = dec()
		x.Period = period()
		x.Provisional = r.Bool()
		x.Source, x.Notes = r.String(), r.String()
	}
	t.Transition = make([]BRTransition, r.Count(5))
	for i := range t.Transition {
		x := &t.Transition[i]
		x.Fact = r.String()
		x.Value = dec()
		x.Period = period()
		x.Citation = r.String()
	}
	t.NCM = make([]BRNCM, r.Count(6))
	for i := range t.NCM {
		n := &t.NCM[i]
		n.Code, n.Ex = r.String(), r.String()
		flags := r.Uvarint()
		n.NT, n.RateKnown, n.Extinct = flags&1 != 0, flags&2 != 0, flags&8 != 0
		n.Rate = dec()
		if flags&4 != 0 {
			h := dec()
			n.Hint, n.HintFrom = &h, r.String()
		}
		n.ValidFrom = readJurisDate(r)
	}
	t.CFOP = make([]BRCFOP, r.Count(4))
	for i := range t.CFOP {
		c := &t.CFOP[i]
		c.Code, c.Description = r.String(), r.String()
		c.Entry = r.Bool()
		c.Scope = r.String()
	}
	t.CNAE = make([]BRCNAE, r.Count(3))
	for i := range t.CNAE {
		t.CNAE[i] = BRCNAE{Code: r.String(), Digits: r.String(), Level: r.String()}
	}
	t.Services = make([]BRService, r.Count(3))
	for i := range t.Services {
		s := &t.Services[i]
		s.Item = r.String()
		s.Group = r.Bool()
		s.Description = r.String()
	}
	t.ISSPlace = make([]BRISSPlace, r.Count(3))
	for i := range t.ISSPlace {
		t.ISSPlace[i] = BRISSPlace{Item: r.String(), Where: r.String(), Citation: r.String()}
	}
	if err := r.Done(); err != nil {
		return nil, err
	}
	return NewBrazil(t)
}
