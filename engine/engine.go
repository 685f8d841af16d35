package engine

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/rules"
	"github.com/levytax/levy/taxarea"
)

// Engine calculates taxes. It is safe for concurrent use: every
// calculation runs against an immutable snapshot of the dataset and the
// compiled rule tables, and Reload swaps the snapshot atomically, so a
// calculation in flight finishes with the tables it started with.
type Engine struct {
	snap    atomic.Pointer[snapshot]
	config  config        // the options of the last successful New or Reload
	journal journal.Store // set by New, never changed; nil without WithJournal
}

// snapshot is everything a calculation reads. It is never modified after
// it is built.
type snapshot struct {
	ds         *data.Dataset
	resolver   *taxarea.Resolver
	jur        *data.Jurisdictions
	codes      *data.Codes
	currencies *money.Currencies
	ips        *data.IPTable
	bins       *data.BINTable
	shipping   map[string]data.Shipping // by US state postal code
	hostTable  *rules.Table             // the host's rules, consulted before the defaults
	table      *rules.Table
	hostStruct *rules.Structures
	structures *rules.Structures
	rates      map[string][]userRate // the dataset's and the host's rates by jurisdiction ID
	settings   Settings
	validator  *numberCheck
	today      func() civil.Date
	log        *slog.Logger
	// decisions caches taxability decisions; the snapshot's rules never
	// change, so neither do they.
	decisions decisionCache
	// scratch pools the reusable state of calculations (*scratch, see
	// pool.go).
	scratch sync.Pool
}

// userRate is a rate a host added with WithRates.
type userRate struct {
	jurisdiction.Rate
	informationOnly bool
}

// config collects the options.
type config struct {
	ds         *data.Dataset
	rules      []rules.Rule
	structures []rules.Structure
	ruleFiles  []string
	noDefaults bool
	rates      []RateEntry
	settings   Settings
	validator  NumberValidator
	today      func() civil.Date
	log        *slog.Logger
	journal    journal.Store
}

// Option configures an Engine.
type Option func(*config)

// WithDataset calculates with ds instead of the embedded default dataset.
func WithDataset(ds *data.Dataset) Option { return func(c *config) { c.ds = ds } }

// WithRules adds a host's taxability rules and rate structures. The
// host's tables are consulted first: a host rule that applies wins over
// every default rule, and the defaults decide only what no host rule
// covers.
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

// WithSettings sets the engine's business settings.
func WithSettings(s Settings) Option { return func(c *config) { c.settings = s } }

// WithNumberValidator plugs in an external tax registration number
// service. Without one the engine validates syntax and check digits only
// and says that external validation is not available.
func WithNumberValidator(v NumberValidator) Option { return func(c *config) { c.validator = v } }

// WithToday sets the clock used for the default document date.
func WithToday(today func() civil.Date) Option { return func(c *config) { c.today = today } }

// WithLogger sets the logger for load-time messages.
func WithLogger(l *slog.Logger) Option { return func(c *config) { c.log = l } }

// New builds an Engine: it loads the dataset (the embedded default
// unless WithDataset says otherwise), builds the tax area resolver,
// compiles the default and host rule tables and fails on the first bad
// rule, naming it.
func New(ctx context.Context, opts ...Option) (*Engine, error) {
	var c config
	for _, o := range opts {
		o(&c)
	}
	e := &Engine{config: c, journal: c.journal}
	s, err := build(ctx, &c)
	if err != nil {
		return nil, err
	}
	e.snap.Store(s)
	return e, nil
}

// Reload rebuilds the engine's snapshot with its options and the extra
// ones given (re-reading rule files), and swaps it in atomically. On error
// the engine keeps calculating with the snapshot it had. Reload is not
// meant to be called concurrently with itself.
func (e *Engine) Reload(ctx context.Context, opts ...Option) error {
	c := e.config
	c.rules = append([]rules.Rule(nil), c.rules...)
	c.structures = append([]rules.Structure(nil), c.structures...)
	c.ruleFiles = append([]string(nil), c.ruleFiles...)
	c.rates = append([]RateEntry(nil), c.rates...)
	for _, o := range opts {
		o(&c)
	}
	s, err := build(ctx, &c)
	if err != nil {
		return err
	}
	e.config = c
	e.snap.Store(s)
	return nil
}

// DatasetVersion returns the version of the dataset in use.
func (e *Engine) DatasetVersion() string { return e.snap.Load().ds.Version() }

// Resolver returns the tax area resolver of the current snapshot.
func (e *Engine) Resolver() *taxarea.Resolver { return e.snap.Load().resolver }

func build(ctx context.Context, c *config) (*snapshot, error) {
	start := time.Now()
	s := &snapshot{ds: c.ds, settings: c.settings, validator: newNumberCheck(c.validator), today: c.today, log: c.log}
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
	var err error
	if s.jur, err = s.ds.Jurisdictions(); err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	if s.codes, err = s.ds.Codes(); err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	s.currencies = s.codes.Currencies()
	if s.ips, err = s.ds.IPs(); err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	if s.bins, err = s.ds.BINs(); err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	tx, err := s.ds.Taxability()
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
	for _, path := range c.ruleFiles {
		f, err := os.Open(path)
		if err != nil {
			return nil, fmt.Errorf("engine: rule file: %w", err)
		}
		rf, err := rules.ReadFile(f)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("engine: %s: %w", path, err)
		}
		rs = append(rs, rf.Rules...)
		ss = append(ss, rf.Structures...)
	}
	if s.hostTable, err = rules.Compile(rs); err != nil {
		return nil, fmt.Errorf("engine: host rules: %w", err)
	}
	if s.hostStruct, err = rules.CompileStructures(ss); err != nil {
		return nil, fmt.Errorf("engine: host rules: %w", err)
	}
	s.rates = map[string][]userRate{}
	for _, j := range s.jur.All() {
		for _, r := range s.jur.Rates(j.ID) {
			s.rates[j.ID] = append(s.rates[j.ID], userRate{Rate: r})
		}
	}
	for i, r := range c.rates {
		if _, ok := s.jur.ByID(r.Jurisdiction); !ok {
			return nil, fmt.Errorf("engine: rate %d: jurisdiction %q is not in the dataset", i, r.Jurisdiction)
		}
		if r.Value.Sign() < 0 || r.Value.GreaterThan(decimalOne) {
			return nil, fmt.Errorf("engine: rate %d: %s is not a fraction between 0 and 1", i, r.Value)
		}
		if r.Category == "" {
			r.Category = jurisdiction.General
		}
		s.rates[r.Jurisdiction] = append(s.rates[r.Jurisdiction], userRate{Rate: r.Rate, informationOnly: r.InformationOnly})
	}
	s.log.LogAttrs(ctx, slog.LevelInfo, "engine ready", slog.String("dataset", s.ds.Version()),
		slog.Int("rules", s.table.Len()+s.hostTable.Len()), slog.Int("structures", s.structures.Len()+s.hostStruct.Len()), slog.Duration("took", time.Since(start)))
	return s, nil
}
