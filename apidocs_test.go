package levy_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// TestExportedHaveDocs reads the library's packages (not internal ones,
// commands or tests) and fails on an exported function, method of an
// exported type, or type without a doc comment, or one whose doc comment
// does not start with its name (after an article) or with "Deprecated:":
// what go doc shows a host that embeds Levy. It also fails on an Example without an
// Output comment, which go test compiles but never checks.
func TestExportedHaveDocs(t *testing.T) {
	fset := token.NewFileSet()
	files := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if path != "." && (strings.HasPrefix(name, ".") || name == "testdata" || name == "internal" || name == "cmd" || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		if f.Name.Name == "main" {
			return nil
		}
		files++
		if strings.HasSuffix(path, "_test.go") {
			checkExamples(t, fset, f)
			return nil
		}
		for _, decl := range f.Decls {
			switch decl := decl.(type) {
			case *ast.FuncDecl:
				if decl.Recv != nil && !ast.IsExported(receiverName(decl.Recv.List[0].Type)) {
					continue
				}
				checkDoc(t, fset, decl.Name, decl.Doc)
			case *ast.GenDecl:
				for _, spec := range decl.Specs {
					ts, ok := spec.(*ast.TypeSpec)
					if !ok {
						continue
					}
					doc := ts.Doc
					if doc == nil && len(decl.Specs) == 1 {
						doc = decl.Doc
					}
					checkDoc(t, fset, ts.Name, doc)
				}
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

// receiverName returns the name of a method's receiver type, without
// its pointer and type parameters.
func receiverName(x ast.Expr) string {
	for {
		switch e := x.(type) {
		case *ast.StarExpr:
			x = e.X
		case *ast.IndexExpr:
			x = e.X
		case *ast.IndexListExpr:
			x = e.X
		case *ast.Ident:
			return e.Name
		default:
			return ""
		}
	}
}

// checkDoc reports an exported name without a doc comment or with one
// that does not start with the name.
func checkDoc(t *testing.T, fset *token.FileSet, name *ast.Ident, doc *ast.CommentGroup) {
	t.Helper()
	if !name.IsExported() {
		return
	}
	if doc == nil {
		t.Errorf("%s: %s has no doc comment", fset.Position(name.Pos()), name.Name)
		return
	}
	text := doc.Text()
	if strings.HasPrefix(text, "Deprecated:") {
		return // an alias kept for a release says only what replaces it
	}
	words := strings.Fields(text)
	if len(words) > 1 && (words[0] == "A" || words[0] == "An" || words[0] == "The") {
		words = words[1:]
	}
	if len(words) == 0 || strings.TrimRight(words[0], ".,:;") != name.Name {
		t.Errorf("%s: the doc comment of %s does not start with its name", fset.Position(name.Pos()), name.Name)
	}
}

// checkExamples reports the Examples of a test file that have no
// Output comment.
func checkExamples(t *testing.T, fset *token.FileSet, f *ast.File) {
	t.Helper()
	for _, decl := range f.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if !ok || fn.Recv != nil || !strings.HasPrefix(fn.Name.Name, "Example") || fn.Body == nil {
			continue
		}
		found := false
		for _, cg := range f.Comments {
			if cg.Pos() < fn.Body.Lbrace || cg.End() > fn.Body.Rbrace {
				continue
			}
			text := strings.TrimSpace(cg.Text())
			if strings.HasPrefix(text, "Output:") || strings.HasPrefix(text, "Unordered output:") {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: %s has no Output comment", fset.Position(fn.Pos()), fn.Name.Name)
		}
	}
}
