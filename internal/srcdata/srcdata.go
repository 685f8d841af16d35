package srcdata

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// EnvDir names the environment variable of the folder of the sources.
const EnvDir = "LEVY_SRC"

// EnvRequire names the environment variable that, set to 1, makes Need
// fail a test rather than skip it when the sources are missing.
const EnvRequire = "LEVY_REQUIRE_SOURCES"

// Dir returns the folder of the source data: $LEVY_SRC, or shared/data
// beside the root of the repository that holds the working directory.
// It fails when that folder does not exist.
func Dir() (string, error) {
	dir := os.Getenv(EnvDir)
	if dir == "" {
		root, err := moduleRoot()
		if err != nil {
			return "", err
		}
		dir = filepath.Join(root, "..", "shared", "data")
	}
	fi, err := os.Stat(dir)
	if err != nil {
		return "", fmt.Errorf("the source data is not at %s (set %s to its folder): %w", dir, EnvDir, err)
	}
	if !fi.IsDir() {
		return "", fmt.Errorf("the source data at %s is not a folder (%s)", dir, EnvDir)
	}
	return dir, nil
}

// Need returns Dir for a test that reads the sources. Without them it
// skips t with a message naming the folder it looked for and how to
// give another, or, under LEVY_REQUIRE_SOURCES=1, fails it.
func Need(t testing.TB) string {
	t.Helper()
	dir, err := Dir()
	if err == nil {
		return dir
	}
	if os.Getenv(EnvRequire) == "1" {
		t.Fatalf("srcdata: %v (required: %s=1)", err, EnvRequire)
	}
	t.Skipf("srcdata: skipped, it compares the content with its sources: %v", err)
	return ""
}

// moduleRoot finds the folder of go.mod above the working directory.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("srcdata: no go.mod above the working directory")
		}
		dir = parent
	}
}
