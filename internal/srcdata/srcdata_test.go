package srcdata

import (
	"os"
	"path/filepath"
	"testing"
)

// TestDir finds the folder that LEVY_SRC names, and refuses one that is
// missing or a file, naming it.
func TestDir(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(EnvDir, dir)
	if got, err := Dir(); err != nil || got != dir {
		t.Errorf("Dir() = %q, %v; want %q", got, err, dir)
	}
	missing := filepath.Join(dir, "nope")
	t.Setenv(EnvDir, missing)
	if _, err := Dir(); err == nil {
		t.Error("a missing folder was found")
	}
	file := filepath.Join(dir, "f")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv(EnvDir, file)
	if _, err := Dir(); err == nil {
		t.Error("a file was taken for the folder")
	}
}

// TestModuleRoot finds the repository's go.mod from this package's
// folder.
func TestModuleRoot(t *testing.T) {
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "internal", "srcdata", "doc.go")); err != nil {
		t.Errorf("root %s: %v", root, err)
	}
}
