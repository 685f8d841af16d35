package rules

import (
	"os"
	"strings"
	"testing"
)

// The table of product classes in docs/product-classes.md is the
// catalogue's.
func TestDocsClassTable(t *testing.T) {
	b, err := os.ReadFile("../docs/product-classes.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), ClassTable()) {
		t.Errorf("docs/product-classes.md does not hold the table of product classes that ClassTable writes; put this in its place:\n%s", ClassTable())
	}
}

func TestClasses(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range Classes {
		if seen[c.Class] {
			t.Errorf("%s twice", c.Class)
		}
		seen[c.Class] = true
		if c.Covers == "" || c.Examples == "" || c.Unsure == "" {
			t.Errorf("%s: covers, examples and when unsure must be written", c.Class)
		}
		if c.Parent != "" && !seen[c.Parent] {
			t.Errorf("%s: parent %s is not an earlier class", c.Class, c.Parent)
		}
		if c.Digital && !c.Service {
			t.Errorf("%s: a digital class is a service", c.Class)
		}
	}
	if p, ok := ParentOf(Textbooks); !ok || p != Books {
		t.Errorf("ParentOf(TEXTBOOKS) = %q, %v", p, ok)
	}
	if p, ok := ParentOf(ChildrensClothing); !ok || p != Clothing {
		t.Errorf("ParentOf(CHILDRENS_CLOTHING) = %q, %v", p, ok)
	}
	if _, ok := ParentOf("NOT_A_CLASS"); ok {
		t.Error("an unknown class has a parent")
	}
	if c, ok := ClassOf(SaaS); !ok || !c.Digital || !c.Service {
		t.Errorf("ClassOf(SAAS) = %+v, %v", c, ok)
	}
}
