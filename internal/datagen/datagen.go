// Package datagen builds Levy's default dataset from its public sources:
// the steps of the generator and what they share. Command levydata runs
// it:
//
//	go run ./cmd/levydata --src ../shared/data [--out data]
//
// A run reads the source files (see the README of the source folder), the
// tables the project curates (the folder curated, embedded here) and the
// states' folders (package states lists them), and writes the compact
// files under <out>/files, the Go manifest <out>/zz_manifest.go,
// <out>/SOURCES.md and the generated documents. The output is a function
// of the inputs alone: running it twice gives the same bytes.
package datagen

import (
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"go/format"
	"io"
	"io/fs"
	"log/slog"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
)

// Version is the dataset version. Bump it whenever the generated data
// changes; `levy version` reports it.
const Version = "2027.01.12"

// Source describes one input for SOURCES.md.
type Source struct {
	Key         string // short key, referenced by rates ("us-sst-mn")
	Files       string // files read, relative to --src (or "internal/datagen/curated/..." for curated tables)
	What        string // what Levy takes from it
	From        string // publisher and version
	Licence     string
	Attribution string // required attribution text, if any
}

// gen carries the state of one run.
type gen struct {
	src     string
	curated fs.FS               // the curated tables (curatedFiles)
	states  map[string]StateDef // the states' parts, by postal code
	// alone is set when the states are built without the others
	// (CheckStates): the rows of the others are left out.
	alone   bool
	sources []Source
	files   map[string][]byte // name under files/ -> contents
	docs    map[string][]byte // generated documents, by path under out
	log     *slog.Logger

	// The US places are read once and shared by the steps that need
	// them (loadUSPlaces).
	placesOnce sync.Once
	places     *usPlaces
	placesErr  error
	zipsOnce   sync.Once
	zips       map[string]*ZIP
	zipsErr    error
	// local is the US local content built by the rates step, which the
	// boundaries step reads to write the places it needs.
	local *usLocal
	// brazilCoverage is the Brazilian part of COVERAGE.md, which the
	// rates step writes.
	brazilCoverage string
}

// addSource records an input for SOURCES.md.
func (g *gen) addSource(s Source) { g.sources = append(g.sources, s) }

// emit stores a generated file under files/.
func (g *gen) emit(name string, b []byte) { g.files[name] = b }

// doc stores a generated document, written under the output folder
// (beside SOURCES.md) rather than embedded.
func (g *gen) doc(name, text string) { g.docs[name] = []byte(text) }

// path returns the path of a source file.
func (g *gen) path(rel string) string { return filepath.Join(g.src, filepath.FromSlash(rel)) }

// curatedFiles are the tables the project curates for every state or
// country (the states' own are in their folders): read by the steps as
// the folder curated names them.
//
//go:embed curated/*.csv curated/us-taxability/*.csv
var curatedFiles embed.FS

// curatedRef is how documents and messages name the folder of the
// curated tables.
const curatedRef = "internal/datagen/curated/"

// Config is what a run of the generator reads.
type Config struct {
	// Src is the folder of the public source data.
	Src string
	// States are the parts of the US states, each from its folder
	// (package states lists them all). A full run needs every state,
	// DC and Puerto Rico.
	States []StateDef
	// Log receives the run's progress and findings; nil discards them.
	Log *slog.Logger
}

// newGen starts a run.
func newGen(cfg Config) (*gen, error) {
	curated, err := fs.Sub(curatedFiles, "curated")
	if err != nil {
		return nil, err
	}
	log := cfg.Log
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	g := &gen{src: cfg.Src, curated: curated, states: map[string]StateDef{}, files: map[string][]byte{}, docs: map[string][]byte{}, log: log}
	for _, d := range cfg.States {
		if _, dup := g.states[d.Code]; dup {
			return nil, fmt.Errorf("state %s: two parts", d.Code)
		}
		g.states[d.Code] = d
	}
	return g, nil
}

// Dataset is a generated dataset, in memory until Write.
type Dataset struct {
	// Files are the dataset's files, by name under files/.
	Files map[string][]byte
	// Docs are the other files written under the output folder, by
	// slash path: the manifest zz_manifest.go, SOURCES.md and the
	// generated documents.
	Docs map[string][]byte
	// Ledger says what became of every rate row of the US local
	// sources: represented by jurisdictions, or refused with a reason.
	Ledger []LedgerEntry
}

// Generate runs every step of the generator over the sources and
// returns the dataset.
func Generate(ctx context.Context, cfg Config) (*Dataset, error) {
	g, err := newGen(cfg)
	if err != nil {
		return nil, err
	}
	if err := g.run(ctx); err != nil {
		return nil, err
	}
	manifest, err := g.manifest()
	if err != nil {
		return nil, err
	}
	d := &Dataset{Files: g.files, Docs: g.docs}
	d.Docs["zz_manifest.go"] = manifest
	d.Docs["SOURCES.md"] = []byte(sourcesMarkdown(g.sources))
	if g.local != nil {
		d.Ledger = g.local.ledger
	}
	return d, nil
}

// Run generates the dataset and writes it under out, the dataset
// package's folder.
func Run(ctx context.Context, cfg Config, out string) error {
	d, err := Generate(ctx, cfg)
	if err != nil {
		return err
	}
	return d.Write(out, cfg.Log)
}

// Write writes the dataset under out: the files under out/files, the
// documents beside them.
func (d *Dataset) Write(out string, log *slog.Logger) error {
	dir := filepath.Join(out, "files")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, n := range slices.Sorted(maps.Keys(d.Files)) {
		b := d.Files[n]
		if err := os.WriteFile(filepath.Join(dir, n), b, 0o644); err != nil {
			return err
		}
		if log != nil {
			log.Info("wrote", "file", n, "bytes", len(b))
		}
	}
	for _, name := range slices.Sorted(maps.Keys(d.Docs)) {
		p := filepath.Join(out, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, d.Docs[name], 0o644); err != nil {
			return err
		}
	}
	return nil
}

// steps run in order; each reads its sources and emits its files.
var steps = []struct {
	name string
	run  func(*gen) error
}{
	{"codes", genCodes},
	{"jurisdictions and rates", genRates},
	{"boundaries", genGeo},
	{"postal codes", genPostal},
	{"location evidence", genEvidence},
	{"taxability", genTaxability}, // reads the jurisdictions file of the rates step
	{"economic nexus", genNexus},
	{"communications", genComms},
	{"intrastat", genIntrastat},
}

// run runs the steps.
func (g *gen) run(ctx context.Context) error {
	if _, err := os.Stat(g.src); err != nil {
		return fmt.Errorf("source folder: %w", err)
	}
	for _, s := range steps {
		if err := ctx.Err(); err != nil {
			return err
		}
		start := time.Now()
		if err := s.run(g); err != nil {
			return fmt.Errorf("%s: %w", s.name, err)
		}
		g.log.Info("generated", "step", s.name, "took", time.Since(start).Round(time.Millisecond))
	}
	return nil
}

// manifest returns the Go file that gives the dataset's version and the
// SHA-256 of every file.
func (g *gen) manifest() ([]byte, error) {
	names := make([]string, 0, len(g.files))
	for n := range g.files {
		names = append(names, n)
	}
	sort.Strings(names)
	var manifest strings.Builder
	fmt.Fprintf(&manifest, "// Code generated by go run ./cmd/levydata. DO NOT EDIT.\n\npackage data\n\n")
	fmt.Fprintf(&manifest, "// Version is the version of the embedded default dataset.\nconst Version = %q\n\n", Version)
	fmt.Fprintf(&manifest, "// fileDigests holds the SHA-256 of every embedded file.\nvar fileDigests = map[string]string{\n")
	for _, n := range names {
		sum := sha256.Sum256(g.files[n])
		fmt.Fprintf(&manifest, "\t%q: %q,\n", n, hex.EncodeToString(sum[:]))
	}
	manifest.WriteString("}\n")
	src, err := format.Source([]byte(manifest.String()))
	if err != nil {
		return nil, fmt.Errorf("format manifest: %w", err)
	}
	return src, nil
}

// PrintOpenCells lists the cells of the US taxability matrix that need a
// decision (of the states given, or of all when none is), one a line,
// and writes nothing else.
func PrintOpenCells(cfg Config, w io.Writer, states []string) error {
	g, err := newGen(cfg)
	if err != nil {
		return err
	}
	return printOpenCells(g, w, states)
}

// sourcesMarkdown writes SOURCES.md: every input with what Levy takes
// from it, where it comes from, its licence and its attribution.
func sourcesMarkdown(ss []Source) string {
	var b strings.Builder
	b.WriteString("<!-- Code generated by go run ./cmd/levydata. DO NOT EDIT. -->\n")
	b.WriteString("# Sources of the default dataset\n\n")
	fmt.Fprintf(&b, "Dataset version %s. Every input of the generator (`cmd/levydata`) is listed here with what Levy takes from it, where it comes from, its licence and the attribution it requires.\n\n", Version)
	for _, s := range ss {
		fmt.Fprintf(&b, "## %s\n\n", s.Key)
		fmt.Fprintf(&b, "- Files: %s\n- What: %s\n- From: %s\n- Licence: %s\n", s.Files, s.What, s.From, s.Licence)
		if s.Attribution != "" {
			fmt.Fprintf(&b, "- Attribution: %s\n", s.Attribution)
		}
		b.WriteString("\n")
	}
	return b.String()
}
