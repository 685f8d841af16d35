package datagen

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBINSourceChangedFieldsNamed: a BIN source whose keys changed (the
// prefixes renamed, the country missing) or that lists no bank is an
// error naming the file and the field. A renamed "prefixes" used to give
// an empty BIN table and a run that succeeded.
func TestBINSourceChangedFieldsNamed(t *testing.T) {
	cases := []struct{ name, json, want string }{
		{"prefixes renamed", `[{"name":"galicia","country":"ar","bins":[402918]}]`, `"prefixes"`},
		{"prefixes empty", `[{"name":"galicia","country":"ar","prefixes":[]}]`, `"prefixes"`},
		{"country missing", `[{"name":"galicia","prefixes":[402918]}]`, `"country"`},
		{"name missing", `[{"country":"ar","prefixes":[402918]}]`, `"name"`},
		{"no banks", `[]`, "no bank"},
	}
	for _, c := range cases {
		dir := t.TempDir()
		p := filepath.Join(dir, filepath.FromSlash(binFile))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(c.json), 0o644); err != nil {
			t.Fatal(err)
		}
		g, err := newGen(Config{Src: dir})
		if err != nil {
			t.Fatal(err)
		}
		_, err = buildBIN(g, map[string]bool{"AR": true})
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		for _, w := range []string{binFile, c.want} {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: %v, want it to name %s", c.name, err, w)
			}
		}
	}
	// The source's own shape still builds.
	dir := t.TempDir()
	p := filepath.Join(dir, filepath.FromSlash(binFile))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(`[{"name":"galicia","country":"ar","prefixes":[402918]}]`), 0o644); err != nil {
		t.Fatal(err)
	}
	g, err := newGen(Config{Src: dir})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := buildBIN(g, map[string]bool{"AR": true}); err != nil {
		t.Error(err)
	}
}
