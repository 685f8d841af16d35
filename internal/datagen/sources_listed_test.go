package datagen_test

import (
	"bytes"
	"context"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/levytax/levy/internal/datagen"
	"github.com/levytax/levy/internal/datagen/states"
)

// TestSourcesListEveryFileRead runs the generator again over a source
// folder that holds only the files data/SOURCES.md lists (linked from
// the real one), and checks that it gives the same bytes: a file the
// generator reads and SOURCES.md does not list would be missing there,
// and the run would fail naming it or give other data. The tables under
// internal/datagen/ are embedded and not looked for in the folder.
func TestSourcesListEveryFileRead(t *testing.T) {
	d, src, _ := runGenerator(t)
	listed := listedSourceFiles(t, string(d.Docs["SOURCES.md"]))
	only := t.TempDir()
	for _, item := range listed {
		// The census place files are listed once, SS standing for each
		// state's FIPS code.
		pattern := filepath.Join(src, filepath.FromSlash(item))
		if dir, base := filepath.Split(pattern); strings.Contains(base, "SS") {
			pattern = dir + strings.ReplaceAll(base, "SS", "[0-9][0-9]")
		}
		matches, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		if len(matches) == 0 {
			t.Errorf("SOURCES.md lists %s, which is not in the source folder", item)
		}
		for _, m := range matches {
			rel, err := filepath.Rel(src, m)
			if err != nil {
				t.Fatal(err)
			}
			to := filepath.Join(only, rel)
			if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(m, to); err != nil && !os.IsExist(err) {
				t.Fatal(err)
			}
		}
	}
	defs, err := states.All()
	if err != nil {
		t.Fatal(err)
	}
	again, err := datagen.Generate(context.Background(), datagen.Config{Src: only, States: defs})
	if err != nil {
		t.Fatalf("the generator reads a source that SOURCES.md does not list: %v", err)
	}
	for _, part := range []struct {
		what      string
		want, got map[string][]byte
	}{{"files/", d.Files, again.Files}, {"", d.Docs, again.Docs}} {
		for _, name := range slices.Sorted(maps.Keys(part.want)) {
			if !bytes.Equal(part.got[name], part.want[name]) {
				t.Errorf("data/%s%s differs when the source folder holds only the files SOURCES.md lists: the generator reads another", part.what, name)
			}
		}
		if len(part.got) != len(part.want) {
			t.Errorf("data/%s: %d files from the listed sources, %d from all", part.what, len(part.got), len(part.want))
		}
	}
}

// listedSourceFiles returns the files of the source folder that the
// Files lines of SOURCES.md name, without a note in parentheses and
// without the project's own tables under internal/datagen/.
func listedSourceFiles(t *testing.T, sources string) []string {
	t.Helper()
	note := regexp.MustCompile(`\s*\([^)]*\)$`)
	var out []string
	for line := range strings.Lines(sources) {
		files, ok := strings.CutPrefix(strings.TrimSpace(line), "- Files: ")
		if !ok {
			continue
		}
		for _, item := range strings.Split(files, ", ") {
			item = strings.TrimSpace(note.ReplaceAllString(item, ""))
			if item == "" || strings.HasPrefix(item, "internal/datagen/") || slices.Contains(out, item) {
				continue
			}
			out = append(out, item)
		}
	}
	if len(out) < 20 {
		t.Fatalf("SOURCES.md lists %d files of the source folder: %q", len(out), out)
	}
	return out
}
