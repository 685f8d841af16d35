package cli

import (
	"bytes"
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestCommandEnvIsWhatCommandsRead holds commandEnv, the table that -h
// and fromEnvNote read, to the commands themselves: every command and
// subcommand is run, for its help (which builds its flags, and so reads
// the variables that are their defaults) and with a command line that
// gets past its flags to the variables read after them, through an
// envReader that records which variable each flag reads and sets none.
// A variable read for a flag that the command's row does not name for
// it fails, and so does a variable that the row names for a flag of the
// command that the command never reads.
func TestCommandEnvIsWhatCommandsRead(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing")
	// run is the command line past the command's words; nil runs the
	// help alone, for the commands that read no variable.
	type command struct {
		words []string
		run   []string
	}
	var cases []command
	add := func(run []string, words ...string) { cases = append(cases, command{words, run}) }
	add(nil, "version")
	for _, sub := range []string{"address", "point", "taxarea", "code", "changed"} {
		add(nil, "lookup", sub)
	}
	add(nil, "data", "coverage")
	for _, p := range calcPerspectives {
		// The request file is opened after the variables are read.
		add([]string{missing}, "calc", p)
		// The input is opened after the flags are checked; --workers 0 is
		// refused by then.
		add([]string{"--in", missing, "--workers", "0"}, "batch", p)
	}
	// Without a store, the commands below fail once they have read the
	// variables of their flags, before anything is opened.
	for _, sub := range []string{"report", "export", "intrastat"} {
		add([]string{}, "journal", sub)
	}
	for _, sub := range profileCommands {
		// LEVY_RULES is read once the store is chosen: a data directory
		// that is not there stops the command later.
		add([]string{"--data-dir", missing}, "profile", sub)
	}
	for _, sub := range []string{"report", "rebuild"} {
		add([]string{}, "nexus", sub)
	}
	add([]string{}, "serve")
	for _, sub := range []string{"create", "rotate", "revoke", "list", "rotate-key", "keys", "retire-key"} {
		add([]string{}, "clients", sub)
	}
	add([]string{}, "webhook", "receive")
	for _, sub := range []string{"list", "replay"} {
		add([]string{}, "webhook", "dead-letters", sub)
	}
	add([]string{}, "einvoice", "render")

	var covered []string
	for _, c := range cases {
		covered = append(covered, c.words[0])
	}
	for _, name := range commands {
		if !slices.Contains(covered, name) {
			t.Errorf("levy %s is not run here: add its subcommands to the cases", name)
		}
	}

	for _, c := range cases {
		name := strings.Join(c.words, " ")
		read := map[string][]string{} // flag -> the variables read for it
		ctx := context.WithValue(context.Background(), envKey{}, envReader(func(flag, env string) string {
			if !slices.Contains(read[flag], env) {
				read[flag] = append(read[flag], env)
			}
			return ""
		}))
		var help bytes.Buffer
		if ran, err := runCommand(ctx, append(slices.Clone(c.words), "-h"), strings.NewReader(""), &help, &bytes.Buffer{}); !ran || err != nil {
			t.Fatalf("levy %s -h: ran %v, %v", name, ran, err)
		}
		if c.run != nil {
			// The command's error is not what is tested: only which
			// variables it read on its way to it.
			runCommand(ctx, append(slices.Clone(c.words), c.run...), strings.NewReader(""), &bytes.Buffer{}, &bytes.Buffer{})
		}
		flags := helpFlags(help.String())
		row := commandEnv(c.words)
		for flag, envs := range read {
			if !slices.Contains(flags, flag) {
				t.Errorf("levy %s reads %v for --%s, which is none of its flags %v", name, envs, flag, flags)
			}
			for _, env := range envs {
				if row(flag) != env {
					t.Errorf("levy %s reads %s for --%s; commandEnv names %q", name, env, flag, row(flag))
				}
			}
		}
		for _, flag := range flags {
			if env := row(flag); env != "" && !slices.Contains(read[flag], env) {
				t.Errorf("commandEnv names %s for --%s of levy %s, which reads %v for it", env, flag, name, read[flag])
			}
		}
	}
}

// helpFlags returns the names of the flags that help, printHelp's text,
// lists.
func helpFlags(help string) []string {
	var names []string
	for line := range strings.SplitSeq(help, "\n") {
		if rest, ok := strings.CutPrefix(line, "  --"); ok {
			name, _, _ := strings.Cut(rest, " ")
			names = append(names, name)
		}
	}
	return names
}

// TestFlagVariablesAreReadThroughEnvReader keeps the package from reading
// the process environment but through envOfContext, where
// TestCommandEnvIsWhatCommandsRead sees the reads, save in the functions
// below, whose variables set no flag or are read for display only.
func TestFlagVariablesAreReadThroughEnvReader(t *testing.T) {
	allowed := map[string]string{
		"envOfContext":     "the envReader of the process environment",
		"printHelp":        "whether a flag's default came from its variable, which help then does not show",
		"einvoiceConfig":   "LEVY_SECRETS_KEY and LEVY_SECRETS_PREVIOUS_KEYS, keys that set no flag",
		"applyMemoryLimit": "GOMEMLIMIT, Go's own",
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	seen := map[string]bool{}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok {
				continue
			}
			ast.Inspect(fn, func(n ast.Node) bool {
				sel, ok := n.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "os" && slices.Contains([]string{"Getenv", "LookupEnv", "Environ"}, sel.Sel.Name) {
					if _, ok := allowed[fn.Name.Name]; !ok {
						t.Errorf("%s: %s reads the environment with os.%s: read a flag's variable through envOfContext(ctx)", fset.Position(sel.Pos()), fn.Name.Name, sel.Sel.Name)
					}
					seen[fn.Name.Name] = true
				}
				return true
			})
		}
	}
	for fn, what := range allowed {
		if !seen[fn] {
			t.Errorf("%s reads the environment (%s) no more: take it out of the functions allowed to", fn, what)
		}
	}
}
