// Package statetest checks a US state's folder of the generator of
// Levy's dataset (internal/datagen/states/<st>) from the folder's own
// test: go test ./internal/datagen/states/tx checks Texas alone, in a
// fraction of a full run of the generator.
package statetest

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/levytax/levy/internal/datagen"
	"github.com/levytax/levy/internal/srcdata"
)

// Check checks the parts defs that the package under test gives (one
// state's, or the states of a shared table) in two subtests:
//
//   - folder: each part's folder (Folder) is the folder of the test, and its
//     note reads (the front matter, the checks table);
//   - build: with the source data (see package srcdata), the states are
//     built alone and checked as a full run checks them
//     (datagen.CheckStates), and every file of the folder but the Go
//     files and a README.md is embedded in the part's Files and read by
//     the build (the states of a shared table have no Files: the
//     package's New reads the table).
func Check(t *testing.T, defs ...datagen.StateDef) {
	t.Helper()
	if len(defs) == 0 {
		t.Fatal("no state to check")
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	t.Run("folder", func(t *testing.T) {
		for _, d := range defs {
			if !strings.HasSuffix(filepath.ToSlash(wd), "/"+d.Folder()) {
				t.Errorf("%s: its folder is %q, but the test runs in %s", d.Code, d.Folder(), wd)
			}
			if _, err := d.ReadNote(); err != nil {
				t.Errorf("%s: %v", d.Code, err)
			}
		}
	})
	t.Run("build", func(t *testing.T) {
		src := srcdata.Need(t)
		read := &readFS{read: map[string]bool{}}
		built := make([]datagen.StateDef, len(defs))
		for i, d := range defs {
			if d.Files != nil {
				d.Files = read.of(d.Files)
			}
			built[i] = d
		}
		if err := datagen.CheckStates(context.Background(), datagen.Config{Src: src, States: built}); err != nil {
			t.Fatal(err)
		}
		// Every file of a part's folder is one the generator reads:
		// embedded in Files, and read by the build. (The states of a
		// shared table have no Files: the table is read by the
		// package's New.)
		entries, err := os.ReadDir(".")
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range defs {
			if d.Files == nil {
				continue
			}
			for _, e := range entries {
				name := e.Name()
				if e.IsDir() || strings.HasSuffix(name, ".go") || name == "README.md" {
					continue
				}
				if _, err := fs.Stat(d.Files, name); err != nil {
					t.Errorf("%s is in the folder of %s, which does not embed it (go:embed)", name, d.Code)
				} else if !read.read[name] {
					t.Errorf("%s is in the folder of %s, and the build read nothing of it", name, d.Code)
				}
			}
		}
	})
}

// readFS records the names of the files opened through the file systems
// it wraps.
type readFS struct {
	mu   sync.Mutex
	read map[string]bool
}

// of wraps fsys.
func (r *readFS) of(fsys fs.FS) fs.FS { return recordingFS{r, fsys} }

// recordingFS is a file system that readFS wraps.
type recordingFS struct {
	r    *readFS
	fsys fs.FS
}

// Open opens a file of the wrapped file system and records its name.
func (f recordingFS) Open(name string) (fs.File, error) {
	file, err := f.fsys.Open(name)
	if err == nil {
		f.r.mu.Lock()
		f.r.read[name] = true
		f.r.mu.Unlock()
	}
	return file, err
}
