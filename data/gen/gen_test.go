package main

import (
	"bytes"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/levytax/levy/internal/srcdata"
)

// generation is one run of the generator over the sources, shared by
// the tests of the package.
type generation struct {
	g   *gen
	out string
	err error
}

var generated = sync.OnceValue(func() generation {
	src, err := srcdata.Dir()
	if err != nil {
		return generation{err: err}
	}
	out, err := os.MkdirTemp("", "levy-gen-")
	if err != nil {
		return generation{err: err}
	}
	// The curated tables and the states' notes live beside the generated
	// files.
	if err := os.CopyFS(filepath.Join(out, "src"), os.DirFS(filepath.Join("..", "src"))); err != nil {
		return generation{err: err}
	}
	if err := os.CopyFS(filepath.Join(out, "states"), os.DirFS(filepath.Join("..", "states"))); err != nil {
		return generation{err: err}
	}
	g := &gen{src: src, out: out, files: map[string][]byte{}, docs: map[string][]byte{}, log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	return generation{g: g, out: out, err: run(g)}
})

// runGenerator returns the shared run of the generator.
func runGenerator(t *testing.T) (*gen, string) {
	t.Helper()
	srcdata.Need(t)
	r := generated()
	if r.err != nil {
		t.Fatal(r.err)
	}
	return r.g, r.out
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
	g, out := runGenerator(t)
	for name, b := range g.files {
		committed, err := os.ReadFile(filepath.Join("..", "files", name))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !bytes.Equal(committed, b) {
			t.Errorf("data/files/%s differs from the generator's output: run go generate ./data/...", name)
		}
	}
	names := []string{"zz_manifest.go", "SOURCES.md"}
	for name := range g.docs {
		names = append(names, name)
	}
	for _, name := range names {
		want, _ := os.ReadFile(filepath.Join(out, name))
		got, err := os.ReadFile(filepath.Join("..", name))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("data/%s differs from the generator's output: run go generate ./data/...", name)
		}
	}
	entries, err := os.ReadDir(filepath.Join("..", "files"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if _, ok := g.files[e.Name()]; !ok {
			t.Errorf("data/files/%s is not written by the generator", e.Name())
		}
	}
}
