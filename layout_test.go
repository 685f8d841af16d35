package levy_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The rules of the house's layout, which the compiler does not keep: a
// host that embeds the calculator links no database, and storage code
// stays in the one package of its dependency.

// engineModules are the only third-party modules that the engine links.
var engineModules = []string{
	"github.com/expr-lang/expr",
	"github.com/golang/geo",
	"github.com/shopspring/decimal",
}

// TestEngineLinksNoDatabase lists what package engine depends on and
// fails on a package outside the standard library, Levy and the three
// modules of the calculation.
func TestEngineLinksNoDatabase(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	out, err := exec.Command("go", "list", "-deps", "./engine").Output()
	if err != nil {
		t.Fatalf("go list -deps ./engine: %v", err)
	}
	var third []string
	for _, p := range strings.Fields(string(out)) {
		first, _, _ := strings.Cut(p, "/")
		switch {
		case !strings.Contains(first, "."): // the standard library
		case p == "github.com/levytax/levy/badger" || strings.HasPrefix(p, "github.com/levytax/levy/badger/"):
			t.Errorf("the engine depends on %s", p)
		case strings.HasPrefix(p, "github.com/levytax/levy"):
		case slices.ContainsFunc(engineModules, func(m string) bool { return p == m || strings.HasPrefix(p, m+"/") }):
			third = append(third, p)
		default:
			t.Errorf("the engine depends on %s, outside the modules of the calculation %v", p, engineModules)
		}
	}
	if len(third) == 0 {
		t.Fatal("go list found none of the engine's own dependencies; the test reads nothing")
	}
	t.Logf("the engine links %d third-party packages", len(third))
}

// TestRemoteClientLinksNoCalculator lists what package api/client
// depends on: a Go service that calls a remote Levy links the wire
// format (package wire) and Levy's small packages, and none of the
// calculator, its rule compiler, the S2 index, the embedded dataset or a
// database.
func TestRemoteClientLinksNoCalculator(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	out, err := exec.Command("go", "list", "-deps", "./api/client").Output()
	if err != nil {
		t.Fatalf("go list -deps ./api/client: %v", err)
	}
	deps := strings.Fields(string(out))
	if !slices.Contains(deps, "github.com/levytax/levy/wire") {
		t.Fatalf("api/client does not depend on package wire: %v", deps)
	}
	for _, p := range deps {
		for _, bad := range []string{"github.com/expr-lang/expr", "github.com/golang/geo", "github.com/dgraph-io/badger",
			"github.com/jackc/pgx", "github.com/levytax/levy/data", "github.com/levytax/levy/engine", "github.com/levytax/levy/taxarea",
			"github.com/levytax/levy/rules", "github.com/levytax/levy/journal"} {
			if p == bad || strings.HasPrefix(p, bad+"/") {
				t.Errorf("api/client depends on %s", p)
			}
		}
	}
}

// TestProfileLinksNoDataset lists what package profile depends on: the
// engine will link it, and a host that keeps profiles without the
// calculator (an import tool) must not link the dataset, the rules'
// compiler or a database; it checks jurisdictions and classes through the
// functions its caller gives it (profile.Validator).
func TestProfileLinksNoDataset(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	out, err := exec.Command("go", "list", "-deps", "./profile").Output()
	if err != nil {
		t.Fatalf("go list -deps ./profile: %v", err)
	}
	deps := strings.Fields(string(out))
	if !slices.Contains(deps, "github.com/levytax/levy/wire") {
		t.Fatalf("go list found none of the profile's own dependencies: %v", deps)
	}
	for _, p := range deps {
		for _, bad := range []string{"github.com/expr-lang/expr", "github.com/golang/geo", "github.com/dgraph-io/badger",
			"github.com/jackc/pgx", "github.com/levytax/levy/data", "github.com/levytax/levy/engine", "github.com/levytax/levy/taxarea",
			"github.com/levytax/levy/rules", "github.com/levytax/levy/journal", "net/http"} {
			if p == bad || strings.HasPrefix(p, bad+"/") {
				t.Errorf("package profile depends on %s", p)
			}
		}
	}
}

// domains are the directories of the packages that define what they need
// from storage and hold no storage code.
var domains = []string{"journal", "auth", "einvoice", "engine", "taxarea", "rules", "jurisdiction", "money", "civil", "data", "wire", "batch", "profile", "nexus"}

// forbidden are imports that only some directories may hold: the
// database drivers in their own package, net/http in the adapters and
// the domains that send or receive over HTTP.
var forbidden = []struct {
	path    string   // the import path, or a prefix of it ending in "/"
	allowed []string // the directories, relative to the module, that may import it
	in      []string // the directories the rule covers; all when empty
	code    bool     // the rule covers code only, not test files
}{
	{path: "github.com/dgraph-io/badger/", allowed: []string{"badger"}},
	// The benchmarks, a module of their own, reach into the database to
	// set up and check their runs.
	{path: "github.com/jackc/pgx/", allowed: []string{"postgres", "internal/pgtest", "benchmarks"}},
	// A domain's tests may run over a Badger store; its code may not.
	{path: "github.com/levytax/levy/badger", in: domains, code: true},
	{path: "github.com/levytax/levy/postgres", in: domains, code: true},
	{path: "net/http", in: []string{"auth", "journal", "engine", "rules", "taxarea", "jurisdiction", "money", "civil", "wire", "profile"}},
	// A batch run is no HTTP adapter; its tests compare it with the API.
	{path: "net/http", in: []string{"batch", "nexus"}, code: true},
	// The dataset is read by the rules, the tax areas and the engine,
	// and built by internal/datagen (command levydata): nothing under
	// data/, tests included, imports them back.
	{path: "github.com/levytax/levy/rules", in: []string{"data"}},
	{path: "github.com/levytax/levy/taxarea", in: []string{"data"}},
	{path: "github.com/levytax/levy/engine", in: []string{"data"}},
	{path: "github.com/levytax/levy/internal/datagen", in: []string{"data"}},
}

// TestImportsStayInTheirPackage parses every Go file of the module and
// checks the import rules above.
func TestImportsStayInTheirPackage(t *testing.T) {
	fset := token.NewFileSet()
	files := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != "." && (strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		files++
		dir := filepath.ToSlash(filepath.Dir(path))
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			for _, r := range forbidden {
				if !matches(p, r.path) || (len(r.in) > 0 && !under(dir, r.in)) || under(dir, r.allowed) ||
					(r.code && strings.HasSuffix(path, "_test.go")) {
					continue
				}
				t.Errorf("%s imports %s", path, p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 100 {
		t.Fatalf("read %d Go files; the walk missed the module", files)
	}
}

// matches reports whether import path p is rule, or under it when rule
// ends in a slash.
func matches(p, rule string) bool {
	if strings.HasSuffix(rule, "/") {
		return strings.HasPrefix(p, rule)
	}
	return p == rule || strings.HasPrefix(p, rule+"/")
}

// under reports whether dir is one of dirs or inside one.
func under(dir string, dirs []string) bool {
	for _, d := range dirs {
		if dir == d || strings.HasPrefix(dir, d+"/") {
			return true
		}
	}
	return false
}

// TestReadmeExample keeps the Go program of the README equal to
// Example_readme in engine/example_test.go, whose output go test checks:
// the README's first program compiles and prints what it says.
func TestReadmeExample(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(readme), "```go\npackage main\n")
	if !ok {
		t.Fatal("README.md has no Go program (a go block that starts with package main)")
	}
	program, _, _ := strings.Cut(rest, "```")
	_, body, ok := strings.Cut(program, "func main() {\n")
	if !ok {
		t.Fatal("the README's program has no func main")
	}
	body = strings.TrimSuffix(strings.TrimRight(body, "\n"), "}")

	src, err := os.ReadFile("engine/example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	_, ex, ok := strings.Cut(string(src), "func Example_readme() {\n")
	if !ok {
		t.Fatal("engine/example_test.go has no Example_readme")
	}
	ex, output, ok := strings.Cut(ex, "\t// Output:\n")
	if !ok {
		t.Fatal("Example_readme checks no output")
	}
	if strings.TrimSpace(ex) != strings.TrimSpace(body) {
		t.Errorf("the README's program differs from Example_readme:\nREADME:\n%s\nexample:\n%s", body, ex)
	}
	want, _, _ := strings.Cut(output, "\n")
	want = strings.TrimPrefix(strings.TrimSpace(want), "// ")
	if !strings.Contains(string(readme), "It prints `"+want+"`") {
		t.Errorf("the README does not say that the program prints %q", want)
	}
}

// maxCommandLines bounds the non-test Go of a command (a package main):
// a command parses its flags and calls importable packages, where the
// work is tested and reused.
const maxCommandLines = 1500

// TestCommandsStayThin counts the lines of the non-test Go files of each
// package main of the module and fails on one over maxCommandLines: the
// levy command and the dataset's generator, cmd/levydata, whose work is
// package internal/datagen's.
func TestCommandsStayThin(t *testing.T) {
	lines := map[string]int{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != "." && (strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules" || name == "benchmarks") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.PackageClauseOnly)
		if err != nil {
			return err
		}
		if f.Name.Name != "main" {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		lines[filepath.ToSlash(filepath.Dir(path))] += strings.Count(string(b), "\n")
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"cmd/levy", "cmd/levydata"} {
		if lines[cmd] == 0 {
			t.Fatalf("found no package main in %s; the walk missed the module", cmd)
		}
	}
	for dir, n := range lines {
		if n > maxCommandLines {
			t.Errorf("package main in %s has %d lines of non-test Go, more than %d: move the work into an importable package", dir, n, maxCommandLines)
		}
		t.Logf("%s: %d lines", dir, n)
	}
}

// TestPackagesHaveDocGo walks the module and fails on a package outside
// internal/ (and outside the benchmarks' own module) whose Go files hold
// no doc.go: a reader of a public package,
// or of a command, finds its description, what of it is safe for
// concurrent use and how it fails, in that one file.
func TestPackagesHaveDocGo(t *testing.T) {
	dirs := map[string]bool{} // a directory of Go code: whether it has doc.go
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if path != "." && (strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules" || name == "internal") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); path != "." && err == nil {
				return filepath.SkipDir // another module (benchmarks)
			}
			return nil
		}
		name := d.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		dir := filepath.ToSlash(filepath.Dir(path))
		dirs[dir] = dirs[dir] || name == "doc.go"
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(dirs) < 20 {
		t.Fatalf("found %d packages; the walk missed the module", len(dirs))
	}
	for _, dir := range slices.Sorted(maps.Keys(dirs)) {
		if !dirs[dir] {
			t.Errorf("package %s has no doc.go", dir)
		}
	}
}
