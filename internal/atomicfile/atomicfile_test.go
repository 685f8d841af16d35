package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

// TestWrite replaces a file whole, with its permissions, and leaves no
// temporary file behind; a directory that does not exist is an error
// that leaves nothing either.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f")
	for _, content := range []string{"first", "the second, longer"} {
		if err := Write(path, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(path)
		if err != nil || string(got) != content {
			t.Fatalf("read %q, %v; want %q", got, err, content)
		}
	}
	fi, err := os.Stat(path)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("mode %v, %v; want 0600", fi.Mode(), err)
	}
	if err := Write(filepath.Join(dir, "missing", "f"), []byte("x"), 0o600); err == nil {
		t.Fatal("a write into a missing directory succeeded")
	}
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) != 1 {
		t.Fatalf("the directory holds %v, %v; want only f", entries, err)
	}
}

// TestFile streams content into a File: the path keeps its old content
// until Commit; an abandoned File leaves the path and the directory as
// they were.
func TestFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "export.csv")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := Create(path, 0o640)
	if err != nil {
		t.Fatal(err)
	}
	for _, part := range []string{"a,", "b,", "c"} {
		if _, err := f.WriteString(part); err != nil {
			t.Fatal(err)
		}
	}
	if got, _ := os.ReadFile(path); string(got) != "old" {
		t.Fatalf("before Commit the path reads %q", got)
	}
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	f.Abandon() // after Commit: nothing
	if got, err := os.ReadFile(path); err != nil || string(got) != "a,b,c" {
		t.Fatalf("after Commit: %q, %v", got, err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o640 {
		t.Fatalf("mode %v, %v; want 0640", fi.Mode(), err)
	}
	if err := f.Commit(); err == nil {
		t.Error("a second Commit succeeded")
	}

	g, err := Create(path, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	g.WriteString("half")
	g.Abandon()
	if got, _ := os.ReadFile(path); string(got) != "a,b,c" {
		t.Errorf("after Abandon the path reads %q", got)
	}
	if entries, err := os.ReadDir(dir); err != nil || len(entries) != 1 {
		t.Errorf("the directory holds %v, %v; want only export.csv", entries, err)
	}
}
