package main

import (
	"bytes"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
)

// TestCommittedDatasetIsUpToDate regenerates the dataset from the sources
// and checks that every committed file is what the generator writes now:
// the generator is deterministic and nobody edited its output by hand.
func TestCommittedDatasetIsUpToDate(t *testing.T) {
	src := filepath.Join("..", "..", "..", "shared", "data")
	if v := os.Getenv("LEVY_SRC"); v != "" {
		src = v
	}
	if _, err := os.Stat(src); err != nil {
		t.Skipf("source data not found at %s (set LEVY_SRC): %v", src, err)
	}
	out := t.TempDir()
	// The curated tables live beside the generated files.
	if err := os.CopyFS(filepath.Join(out, "src"), os.DirFS(filepath.Join("..", "src"))); err != nil {
		t.Fatal(err)
	}
	if err := os.CopyFS(filepath.Join(out, "states"), os.DirFS(filepath.Join("..", "states"))); err != nil {
		t.Fatal(err)
	}
	g := &gen{src: src, out: out, files: map[string][]byte{}, docs: map[string][]byte{}, log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if err := run(g); err != nil {
		t.Fatal(err)
	}
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
