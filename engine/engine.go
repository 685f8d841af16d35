package engine

import (
	"context"
	"fmt"
	"hash/maphash"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/data/content"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/rules"
	"github.com/levytax/levy/taxarea"
	"github.com/shopspring/decimal"
)

// Engine calculates taxes. It is safe for concurrent use: every
// calculation runs against an immutable snapshot of the dataset and the
// compiled rule tables, and Reload swaps the snapshot atomically, so a
// calculation in flight finishes with the tables it started with.
type Engine struct {
	snap     atomic.Pointer[snapshot]
	config   config         // the options of the last successful New or Reload; written under reload
	reload   chan struct{}  // holds one token while a Reload runs: Reloads take turns (made by New)
	journal  journal.Store  // set by New, never changed; nil without WithJournal
	profiles *profile.Cache // set by New, never changed; nil without WithProfiles
	loans    loanPool       // the tax blocks of responses handed back (lend.go)
}

// snapshot is everything a calculation reads. It is never modified after
// it is built.
type snapshot struct {
	// seed seeds the hashes of rule environments (calc.envHash).
	seed maphash.Seed
	ds   *data.Dataset
	// embedded is the version of the dataset under any content loaded
	// (ds's, without the names of the files), which an explanation gives
	// for the dataset's rates (explainSource).
	embedded   string
	resolver   *taxarea.Resolver
	jur        *data.Jurisdictions
	vat        *jurisdiction.VATGeography // the dataset's VAT areas and special territories (jur.VATGeography)
	codes      *data.Codes
	currencies *money.Currencies
	ips        *data.IPTable
	bins       *data.BINTable
	brazil     *data.Brazil             // Brazil's tables, with any ISS rates loaded as content
	shipping   map[string]data.Shipping // by US state postal code
	sourcing   map[string]*usSourcing   // by US state postal code
	hostTable  *rules.Table             // the host's rules, consulted before the defaults
	table      *rules.Table
	hostStruct *rules.Structures
	structures *rules.Structures
	// withholdings are the host's withholding impositions (see
	// withholding.go).
	withholdings *rules.Withholdings
	// withheldRare holds, for each of the withholdings (by its index),
	// the source of its rate, which its taxes share (taxRare.source).
	withheldRare []taxRare
	// franchise are the franchise area fees of the content loaded (see
	// franchise.go).
	franchise franchiseTable
	// profileFee holds the source of a franchise fee of a tenant's
	// profile, which those fees share: its explanation names the record
	// (explainSource).
	profileFee *taxRare
	// comms is the dataset's US communications content (see comms.go),
	// nil for a dataset without any.
	comms *commsContent
	// intrastat is the dataset's Intrastat code lists (see
	// intrastat.go), nil for a dataset without them.
	intrastat *data.Intrastat
	classes   map[string][]lackingTax // the product classes Levy knows (the built-in ones and those the rules name), see general
	// telecom are the periods over which the US matrix records each
	// state's treatment of TELECOMMUNICATIONS, by postal code (see
	// telecomParameters).
	telecom   map[string][]civil.Period
	rates     rateTable // the dataset's and the host's rates
	settings  Settings
	distance  DistanceSales // a seller's EU distance sales (WithDistanceSales)
	validator *numberCheck
	today     func() civil.Date
	log       *slog.Logger
	// noTemplates: every line is computed in full (see template.go);
	// onTemplate, when set, is called when a line takes a template
	// (tests).
	noTemplates bool
	onTemplate  func()
	// decisions caches taxability decisions; the snapshot's rules never
	// change, so neither do they.
	decisions decisionCache
	// ratesMemo keeps the rates of jurisdictions on dates (calc.ratesOn).
	ratesMemo rateMemo
	// policies caches the settings of the tenants' policies (see
	// settingsOf).
	policies tenantPolicies
	// scratch pools the reusable state of calculations (*scratch, see
	// pool.go).
	scratch sync.Pool
	// newest is the latest effective date of the rates (the content's
	// date), horizon the last day it vouches for (see ContentDates).
	newest, horizon civil.Date
	// subdivisionsFrom is the latest of the first days of the rates of
	// the countries' subdivisions (states, provinces, territories): a
	// line dated on or after it lies after the first rate of its
	// subdivision, and one dated before it is checked (BeforeRatesRule).
	subdivisionsFrom civil.Date
	// classes holds, for each class it knows, the taxes that Levy knows
	// of and does not compute on it (none for most), and general those of
	// GENERAL, for the lines without a class.
	general []lackingTax
}

// rateTable is the rates of the dataset and of the host (WithRates) by
// jurisdiction, the dataset's first. It holds no pointers for the garbage
// collector to follow but its short lists of words and values.
type rateTable struct {
	rates  []userRate
	off    []int32 // the rates of the i-th jurisdiction (data.Jurisdictions.At) are rates[off[i]:off[i+1]]
	words  []string
	values []decimal.Decimal
}

// userRate is a rate of a rateTable.
type userRate struct {
	period                civil.Period
	tax, category, source int32 // in rateTable.words
	value                 int32 // in rateTable.values
	informationOnly       bool
	// host: the host added the rate (WithRates).
	host bool
}

// rateOrigin names where a rate of a rateTable came from, in four
// bytes, for an explanation (explainSource): 0 for none, i+1 for a rate
// of the dataset whose source is rateTable.words[i] (the embedded
// dataset's or a content file's), -(i+1) for a rate of the host.
type rateOrigin int32

// origin returns the rate's origin.
func (u *userRate) origin() rateOrigin {
	if u.host {
		return -rateOrigin(u.source) - 1
	}
	return rateOrigin(u.source) + 1
}

// newRateTable builds the rate table of jur, with the host's rates added.
// The host's rates must be of jurisdictions of jur.
func newRateTable(jur *data.Jurisdictions, host []RateEntry) rateTable {
	var t rateTable
	wordIdx := map[string]int32{}
	word := func(w string) int32 {
		i, ok := wordIdx[w]
		if !ok {
			i = int32(len(t.words))
			t.words = append(t.words, w)
			wordIdx[w] = i
		}
		return i
	}
	// Equal values written alike share an entry: the coefficient and the
	// exponent tell them apart, as 0.07 from 0.070.
	valueIdx := map[string]int32{}
	value := func(v decimal.Decimal) int32 {
		key := v.Coefficient().String() + "e" + strconv.Itoa(int(v.Exponent()))
		i, ok := valueIdx[key]
		if !ok {
			i = int32(len(t.values))
			t.values = append(t.values, v)
			valueIdx[key] = i
		}
		return i
	}
	rec := func(r jurisdiction.Rate, info, host bool) userRate {
		return userRate{period: r.Period, tax: word(string(r.Tax)), category: word(r.Category), source: word(r.Source), value: value(r.Value),
			informationOnly: info, host: host}
	}
	byJur := make([][]userRate, jur.Len())
	for i := range byJur {
		for _, r := range jur.Rates(jur.At(i).ID) {
			byJur[i] = append(byJur[i], rec(r, false, false))
		}
	}
	for _, r := range host {
		i, _ := jur.Index(r.Jurisdiction)
		byJur[i] = append(byJur[i], rec(r.Rate, r.InformationOnly, true))
	}
	t.off = make([]int32, len(byJur)+1)
	for i, rs := range byJur {
		t.rates = append(t.rates, rs...)
		t.off[i+1] = int32(len(t.rates))
	}
	return t
}

// horizonMonths is how long after the newest rate change it knows of
// the content vouches for the rates: a year of the quarterly changes of
// US local rates, and of the yearly ones of most VAT rates.
const horizonMonths = 12

// horizon returns the latest effective date of the table's rates and
// the content's horizon, horizonMonths after it; both are zero for a
// table without dated rates.
func (t *rateTable) horizon() (newest, horizon civil.Date) {
	for i := range t.rates {
		if e := t.rates[i].period.Effective; e.After(newest) {
			newest = e
		}
	}
	if newest.IsZero() {
		return newest, newest
	}
	return newest, civil.Of(newest.Time().AddDate(0, horizonMonths, 0))
}

// subdivisionsFrom returns the latest of the first days of the rates of
// jur's subdivisions (a jurisdiction whose parent is its country) that
// hold rates; zero when none does.
func (t *rateTable) subdivisionsFrom(jur *data.Jurisdictions) civil.Date {
	var latest civil.Date
	for i := range len(t.off) - 1 {
		rs := t.of(i)
		if len(rs) == 0 {
			continue
		}
		if j := jur.At(i); j.Parent == "" || j.Parent != j.Country {
			continue
		}
		first := rs[0].period.Effective
		for _, r := range rs[1:] {
			if r.period.Effective.Before(first) {
				first = r.period.Effective
			}
		}
		if first.After(latest) {
			latest = first
		}
	}
	return latest
}

// ContentDates returns the date of the content in use, the latest
// effective date of its rates (the dataset's, loaded content's and the
// host's WithRates), and its horizon, twelve months later. A line dated
// after the horizon is still calculated with the rates Levy knows, but
// its response line says so in assistedParameters: paramName
// documentDate (or taxDate, when the line has its own), ruleName
// date-beyond-content, the date as originalValue and value.
func (e *Engine) ContentDates() (newest, horizon civil.Date) {
	s := e.current()
	if s == nil {
		return civil.Date{}, civil.Date{}
	}
	return s.newest, s.horizon
}

// of returns the rates of the i-th jurisdiction.
func (t *rateTable) of(i int) []userRate { return t.rates[t.off[i]:t.off[i+1]] }

// rate returns a rate of the jurisdiction id.
func (t *rateTable) rate(id string, u *userRate) jurisdiction.Rate {
	return jurisdiction.Rate{Jurisdiction: id, Tax: jurisdiction.Tax(t.words[u.tax]), Category: t.words[u.category],
		Value: t.values[u.value], Period: u.period, Source: t.words[u.source]}
}

// config collects the options.
type config struct {
	ds           *data.Dataset
	rules        []rules.Rule
	structures   []rules.Structure
	withholdings []rules.Withholding
	ruleFiles    []string
	noDefaults   bool
	rates        []RateEntry
	settings     Settings
	validator    NumberValidator
	today        func() civil.Date
	log          *slog.Logger
	journal      journal.Store
	// profiles, or a cache New builds over profileStore, is where the
	// tenants' tax profiles are read.
	profiles     *profile.Cache
	profileStore profile.Store
	content      []content.Source
	contentOpt   content.Options
	distance     DistanceSales
	// noTemplates computes every line in full (see template.go), for
	// the tests that compare the two ways.
	noTemplates bool
}

// Option configures an Engine.
type Option func(*config)

// WithDataset calculates with ds instead of the embedded default dataset
// (data.Default), which a nil ds keeps.
func WithDataset(ds *data.Dataset) Option { return func(c *config) { c.ds = ds } }

// WithRules adds a host's taxability rules and rate structures. The
// host's tables are consulted first: a host rule that applies wins over
// every default rule, and the defaults decide only what no host rule
// covers. They come before the rule files' (WithRuleFiles) and are
// checked with them: New refuses an ID used twice and a rule or
// structure that one alike in all but its period, before it, decides on
// every day both are in force (rules.FindShadow), naming it "given in Go
// (WithRules), rules[i]".
func WithRules(rs []rules.Rule, ss []rules.Structure) Option {
	return func(c *config) {
		c.rules = append(c.rules, rs...)
		c.structures = append(c.structures, ss...)
	}
}

// WithRuleFiles reads rule files (see rules.File) when the engine is built
// or reloaded, so that a Reload picks up their new contents.
func WithRuleFiles(paths ...string) Option {
	return func(c *config) { c.ruleFiles = append(c.ruleFiles, paths...) }
}

// WithoutDefaultRules leaves out Levy's default taxability tables, for a
// host that brings complete tables of its own.
func WithoutDefaultRules() Option { return func(c *config) { c.noDefaults = true } }

// RateEntry is a rate a host adds to the dataset: a local rate the
// dataset lacks, say, or a fee. InformationOnly rates are calculated and
// shown but kept out of every total.
type RateEntry struct {
	jurisdiction.Rate
	InformationOnly bool
}

// WithRates adds rates to the dataset's. A rate's jurisdiction must exist
// in the dataset.
func WithRates(rates ...RateEntry) Option {
	return func(c *config) { c.rates = append(c.rates, rates...) }
}

// WithContent loads rate and boundary files over the dataset when the
// engine is built or reloaded (so that a Reload picks up their new
// contents): SST rate and boundary files, ZIP rate tables, Levy's own
// CSV, tables of Brazilian municipal ISS rates, a table of franchise
// area fees, of places in another country's VAT area or of low-value
// import limits (see package data/content). For the US states they cover
// the rate and boundary files replace the dataset's local content; the
// ISS rates are those of Brazilian services; the franchise fees are
// charged on the lines that name their area (a tenant's profile may
// replace an area's fees); the VAT areas join the dataset's, and a
// country's low-value limits replace its rows. A file with a bad row
// fails New, naming the file, line and column. opts.AsOf picks the rows
// of SST boundary files in force (today when zero).
func WithContent(opts content.Options, sources ...content.Source) Option {
	return func(c *config) {
		c.content = append(c.content, sources...)
		c.contentOpt = opts
	}
}

// WithSettings sets the engine's business settings.
func WithSettings(s Settings) Option { return func(c *config) { c.settings = s } }

// WithAddressCheck sets the address check of the engine's settings
// (Settings.AddressCheck) and the tenants' own (TenantAddressCheck),
// keeping the other settings. Give it after WithSettings, which sets
// them all.
func WithAddressCheck(server AddressCheck, tenants map[string]AddressCheck) Option {
	return func(c *config) { c.settings.AddressCheck, c.settings.TenantAddressCheck = server, tenants }
}

// WithNumberValidator plugs in an external tax registration number
// service. Without one the engine validates syntax and check digits only
// and says that external validation is not available; a nil v is the same.
func WithNumberValidator(v NumberValidator) Option { return func(c *config) { c.validator = v } }

// WithToday sets the clock used for the default document date. A nil
// today keeps the engine's own clock.
func WithToday(today func() civil.Date) Option { return func(c *config) { c.today = today } }

// WithLogger sets the logger for load-time messages. A nil l is the same
// as leaving the option out.
func WithLogger(l *slog.Logger) Option { return func(c *config) { c.log = l } }

// New builds an Engine: it loads the dataset (the embedded default
// unless WithDataset says otherwise), builds the tax area resolver,
// compiles the default and host rule tables and fails on the first bad
// rule, naming it. A nil option is refused (levy.EInvalid, field
// "opts[i]").
func New(ctx context.Context, opts ...Option) (*Engine, error) {
	var c config
	if err := applyOptions(&c, opts); err != nil {
		return nil, err
	}
	if c.profiles == nil && c.profileStore != nil {
		c.profiles = profile.NewCache(c.profileStore, c.log)
	}
	e := &Engine{config: c, journal: c.journal, profiles: c.profiles, reload: make(chan struct{}, 1)}
	s, err := build(ctx, &c)
	if err != nil {
		return nil, err
	}
	e.snap.Store(s)
	return e, nil
}

// Reload rebuilds the engine's snapshot with its options and the extra
// ones given (re-reading rule files), and swaps it in atomically. On error
// the engine keeps calculating with the snapshot it had. Reload is safe
// to call concurrently with itself: the Reloads take turns, each starting
// from the options the one before it left, so that none loses the
// options of another. A Reload waiting for its turn returns the error of
// ctx when ctx ends first, having changed nothing.
func (e *Engine) Reload(ctx context.Context, opts ...Option) error {
	if e.current() == nil {
		return notMade()
	}
	select {
	case e.reload <- struct{}{}:
	case <-ctx.Done():
		return fmt.Errorf("engine: reload: waiting for another reload: %w", ctx.Err())
	}
	defer func() { <-e.reload }()
	c := e.config
	c.rules = append([]rules.Rule(nil), c.rules...)
	c.structures = append([]rules.Structure(nil), c.structures...)
	c.withholdings = append([]rules.Withholding(nil), c.withholdings...)
	c.ruleFiles = append([]string(nil), c.ruleFiles...)
	c.rates = append([]RateEntry(nil), c.rates...)
	c.content = append([]content.Source(nil), c.content...)
	if err := applyOptions(&c, opts); err != nil {
		return err
	}
	s, err := build(ctx, &c)
	if err != nil {
		return err
	}
	e.config = c
	e.snap.Store(s)
	return nil
}

// DatasetVersion returns the version of the dataset in use ("" for an
// Engine that New did not make).
func (e *Engine) DatasetVersion() string {
	if s := e.current(); s != nil {
		return s.ds.Version()
	}
	return ""
}

// DatasetLacks returns the generated files that the dataset in use
// lacks and the engine runs without, with what is off while each is
// absent (data.Dataset.Lacks); nil for the embedded dataset and for a
// folder that has them all. An Engine that New did not make is
// levy.EInvalid.
func (e *Engine) DatasetLacks() ([]data.Lack, error) {
	if s := e.current(); s != nil {
		return s.ds.Lacks()
	}
	return nil, notMade()
}

// warnLacks logs a warning for each generated file that ds lacks, naming
// it and what is off: a folder written by an older Levy, or one that
// lost a file, calculates without it and would otherwise say nothing.
func warnLacks(ctx context.Context, ds *data.Dataset, log *slog.Logger) error {
	lacks, err := ds.Lacks()
	if err != nil {
		return err
	}
	for _, l := range lacks {
		log.LogAttrs(ctx, slog.LevelWarn, "dataset lacks a file", slog.String("dataset", ds.Version()),
			slog.String("file", l.File), slog.String("effect", l.Effect))
	}
	return nil
}

// Resolver returns the tax area resolver of the current snapshot (nil
// for an Engine that New did not make).
func (e *Engine) Resolver() *taxarea.Resolver {
	if s := e.current(); s != nil {
		return s.resolver
	}
	return nil
}

// VATGeography returns the VAT areas and special territories of the
// current snapshot's dataset, with any the content loaded adds (nil for
// an Engine that New did not make).
func (e *Engine) VATGeography() *jurisdiction.VATGeography {
	if s := e.current(); s != nil {
		return s.vat
	}
	return nil
}

func build(ctx context.Context, c *config) (*snapshot, error) {
	start := time.Now()
	s := &snapshot{seed: maphash.MakeSeed(), ds: c.ds, settings: c.settings, distance: c.distance, validator: newNumberCheck(c.validator), today: c.today, log: c.log, noTemplates: c.noTemplates}
	if s.ds == nil {
		s.ds = data.Default()
	}
	if s.today == nil {
		s.today = civil.Today
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if err := s.settings.check(); err != nil {
		return nil, err
	}
	s.embedded, _, _ = strings.Cut(s.ds.Version(), "+")
	var franchise []data.FranchiseFee
	if len(c.content) > 0 {
		opt := c.contentOpt
		if opt.AsOf.IsZero() {
			opt.AsOf = s.today()
		}
		o, err := content.Load(ctx, s.ds, opt, c.content...)
		if err != nil {
			return nil, fmt.Errorf("engine: content: %w", err)
		}
		franchise = o.Franchise
		if o.ChangesDataset() {
			if s.ds, err = s.ds.WithOverlay(o); err != nil {
				return nil, fmt.Errorf("engine: content: %w", err)
			}
		}
		s.log.LogAttrs(ctx, slog.LevelInfo, "content loaded", slog.String("files", o.Name), slog.Any("states", o.States))
	}
	var err error
	if s.jur, err = loadPart(ctx, "jurisdictions", s.ds.Jurisdictions); err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	if err := s.checkRounding(); err != nil {
		return nil, err
	}
	s.vat = s.jur.VATGeography()
	if s.codes, err = loadPart(ctx, "codes", s.ds.Codes); err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	s.currencies = s.codes.Currencies()
	if s.brazil, err = loadPart(ctx, "Brazil", s.ds.Brazil); err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	if s.ips, err = loadPart(ctx, "IP ranges", s.ds.IPs); err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	if s.bins, err = loadPart(ctx, "card BINs", s.ds.BINs); err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	tx, err := loadPart(ctx, "taxability", s.ds.Taxability)
	if err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	s.shipping = map[string]data.Shipping{}
	for _, sub := range jurisdiction.Subdivisions() {
		if sub.Country == "US" {
			if sh, ok := tx.Shipping(sub.Code); ok {
				s.shipping[sub.Code] = sh
			}
		}
	}
	if s.resolver, err = taxarea.New(ctx, s.ds, taxarea.WithToday(s.today)); err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	local, err := loadPart(ctx, "local taxes", s.ds.Local)
	if err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	s.sourcing = newUSSourcing(local)
	var rs []rules.Rule
	var ss []rules.Structure
	if !c.noDefaults {
		rs, ss = rules.Defaults(tx)
	}
	if s.table, err = rules.Compile(rs); err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	if s.structures, err = rules.CompileStructures(ss); err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	rs = append([]rules.Rule(nil), c.rules...)
	ss = append([]rules.Structure(nil), c.structures...)
	ws := append([]rules.Withholding(nil), c.withholdings...)
	for i := range rs {
		if err := thresholdCurrencyKnown(s.currencies, &rs[i]); err != nil {
			return nil, hostFault(fmt.Errorf("engine: host rules: %w", err))
		}
	}
	for i := range ss {
		if err := structureCurrencyKnown(s.currencies, &ss[i]); err != nil {
			return nil, hostFault(fmt.Errorf("engine: host rules: %w", err))
		}
	}
	files, err := readRuleFiles(s.jur, s.currencies, ruleFileRecords{rules: rs, structures: ss, withholdings: ws}, c.ruleFiles)
	if err != nil {
		return nil, hostFault(err)
	}
	rs = append(rs, files.rules...)
	ss = append(ss, files.structures...)
	ws = append(ws, files.withholdings...)
	if s.withholdings, err = compileWithholdings(s.jur, ws); err != nil {
		return nil, hostFault(fmt.Errorf("engine: host rules: %w", err))
	}
	s.withheldRare = withheldSources(len(c.withholdings), files.withholdingSources)
	if s.hostTable, err = rules.Compile(rs); err != nil {
		return nil, hostFault(fmt.Errorf("engine: host rules: %w", err))
	}
	s.classes = knownClasses(s.table.Rules(), rs, ss)
	addLacking(s.classes, tx.LackingTaxes())
	s.telecom = telecomPeriods(tx)
	s.general = s.classes[rules.General]
	if s.hostStruct, err = rules.CompileStructures(ss); err != nil {
		return nil, hostFault(fmt.Errorf("engine: host rules: %w", err))
	}
	host := make([]RateEntry, 0, len(c.rates))
	for i, r := range c.rates {
		if _, ok := s.jur.ByID(r.Jurisdiction); !ok {
			return nil, hostFault(fmt.Errorf("engine: rate %d: jurisdiction %q is not in the dataset", i, r.Jurisdiction))
		}
		if r.Value.Sign() < 0 || r.Value.GreaterThan(decimalOne) {
			return nil, hostFault(fmt.Errorf("engine: rate %d: %s is not a fraction between 0 and 1", i, r.Value))
		}
		if r.Category == "" {
			r.Category = jurisdiction.General
		}
		host = append(host, r)
	}
	s.rates = newRateTable(s.jur, host)
	s.franchise = newFranchiseTable(s.jur, franchise)
	s.profileFee = newProfileFeeRare()
	if s.comms, err = loadPart(ctx, "communications", func() (*commsContent, error) { return newCommsContent(s.ds, s.embedded) }); err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	if s.intrastat, err = loadPart(ctx, "Intrastat", func() (*data.Intrastat, error) { return loadIntrastat(s.ds) }); err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	if err := warnLacks(ctx, s.ds, s.log); err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	s.newest, s.horizon = s.rates.horizon()
	s.subdivisionsFrom = s.rates.subdivisionsFrom(s.jur)
	s.log.LogAttrs(ctx, slog.LevelInfo, "engine ready", slog.String("dataset", s.ds.Version()),
		slog.Int("rules", s.table.Len()+s.hostTable.Len()), slog.Int("structures", s.structures.Len()+s.hostStruct.Len()), slog.Duration("took", time.Since(start)))
	return s, nil
}
