package levy_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/levytax/levy/data"
)

var (
	// mdLink is a Markdown link's target: [text](target).
	mdLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	// mdHeading is a Markdown heading.
	mdHeading = regexp.MustCompile(`(?m)^#{1,6}[ \t]+(.+?)[ \t]*$`)
	// notInAnchor is what a heading's anchor leaves out.
	notInAnchor = regexp.MustCompile(`[^\p{L}\p{N}_ -]`)
)

// anchors returns the anchors of the headings of a Markdown text, as
// GitHub makes them: lower case, punctuation dropped, spaces as hyphens.
func anchors(text string) map[string]bool {
	out := map[string]bool{}
	for _, m := range mdHeading.FindAllStringSubmatch(text, -1) {
		h := strings.ToLower(strings.ReplaceAll(m[1], "`", ""))
		out[strings.ReplaceAll(notInAnchor.ReplaceAllString(h, ""), " ", "-")] = true
	}
	return out
}

// TestDocLinksResolve checks every relative link of README.md,
// SECURITY.md and docs/*.md: the file or folder it names exists, and a
// link to a heading of a Markdown file (#anchor) finds that heading.
func TestDocLinksResolve(t *testing.T) {
	files, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, "README.md", "SECURITY.md")
	links := 0
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range mdLink.FindAllStringSubmatch(string(b), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			links++
			path, anchor, _ := strings.Cut(target, "#")
			dest := file
			if path != "" {
				dest = filepath.Join(filepath.Dir(file), path)
			}
			if _, err := os.Stat(dest); err != nil {
				t.Errorf("%s: the link %s names %s, which does not exist", file, target, dest)
				continue
			}
			if anchor == "" || !strings.HasSuffix(dest, ".md") {
				continue
			}
			text, err := os.ReadFile(dest)
			if err != nil {
				t.Fatal(err)
			}
			if !anchors(string(text))[anchor] {
				t.Errorf("%s: the link %s names no heading of %s", file, target, dest)
			}
		}
	}
	if links < 50 {
		t.Fatalf("only %d relative links found: is the documentation where the test looks?", links)
	}
}

// embeddedVersion is the dataset version a document's example of an
// explained tax's source gives: {"content": "embedded", "version": "..."}.
var embeddedVersion = regexp.MustCompile(`"content":\s*"embedded",\s*"version":\s*"([^"]+)"`)

// TestDocExamplesNameTheDataset keeps the dataset version of the examples
// of README.md and docs/*.md the one `levy version` prints: the
// generator's new version shows in every example when the content
// changes, instead of an older one a reader cannot find.
func TestDocExamplesNameTheDataset(t *testing.T) {
	files, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, name := range append([]string{"README.md"}, files...) {
		text, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range embeddedVersion.FindAllStringSubmatch(string(text), -1) {
			seen++
			if m[1] != data.Version {
				t.Errorf("%s: an example names dataset version %s; the embedded dataset is %s", name, m[1], data.Version)
			}
		}
	}
	if seen == 0 {
		t.Error("no example names the embedded dataset's version: the README's example of an explained tax's source is gone")
	}
}
