package datagen_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/levytax/levy/internal/datagen"
	"github.com/levytax/levy/internal/datagen/states"
	"github.com/levytax/levy/internal/srcdata"
)

// dataDir is the dataset package's folder, where the generated files are
// committed.
var dataDir = filepath.Join("..", "..", "data")

// generation is one run of the generator over the sources, with every
// state, shared by the tests of the package.
type generation struct {
	d   *datagen.Dataset
	src string
	out string
	err error
}

var generated = sync.OnceValue(func() generation {
	src, err := srcdata.Dir()
	if err != nil {
		return generation{err: err}
	}
	defs, err := states.All()
	if err != nil {
		return generation{err: err}
	}
	d, err := datagen.Generate(context.Background(), datagen.Config{Src: src, States: defs})
	if err != nil {
		return generation{src: src, err: err}
	}
	out, err := os.MkdirTemp("", "levy-gen-")
	if err != nil {
		return generation{err: err}
	}
	return generation{d: d, src: src, out: out, err: d.Write(out, nil)}
})

// runGenerator returns the shared run of the generator, the folder of
// the sources and the folder it was written to.
func runGenerator(t *testing.T) (*datagen.Dataset, string, string) {
	t.Helper()
	srcdata.Need(t)
	r := generated()
	if r.err != nil {
		t.Fatal(r.err)
	}
	return r.d, r.src, r.out
}

// TestMain removes the shared run's output folder after the tests.
func TestMain(m *testing.M) {
	code := m.Run()
	if _, err := srcdata.Dir(); err != nil {
		os.Exit(code)
	}
	if r := generated(); r.out != "" {
		os.RemoveAll(r.out)
	}
	os.Exit(code)
}

// TestCommittedDatasetIsUpToDate regenerates the dataset from the sources
// and checks that every committed file is what the generator writes now:
// the generator is deterministic and nobody edited its output by hand.
func TestCommittedDatasetIsUpToDate(t *testing.T) {
	d, _, out := runGenerator(t)
	for name, b := range d.Files {
		committed, err := os.ReadFile(filepath.Join(dataDir, "files", name))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !bytes.Equal(committed, b) {
			t.Errorf("data/files/%s differs from the generator's output: run go generate ./data/...", name)
		}
	}
	names := []string{"zz_manifest.go", "SOURCES.md"}
	for name := range d.Docs {
		names = append(names, name)
	}
	for _, name := range names {
		want, _ := os.ReadFile(filepath.Join(out, name))
		got, err := os.ReadFile(filepath.Join(dataDir, name))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("data/%s differs from the generator's output: run go generate ./data/...", name)
		}
	}
	entries, err := os.ReadDir(filepath.Join(dataDir, "files"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if _, ok := d.Files[e.Name()]; !ok {
			t.Errorf("data/files/%s is not written by the generator", e.Name())
		}
	}
}
