package cli

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// docCommand is a levy command line that the documentation shows: the
// words that name the command, the flags it gives, and where it is.
type docCommand struct {
	path  []string
	flags []string
	at    string
}

var (
	// inlineLevy finds a command written in the text: `levy serve --dev`.
	inlineLevy = regexp.MustCompile("`levy ([^`]+)`")
	// commandWord is a word of a command's name (serve, dead-letters).
	commandWord = regexp.MustCompile(`^[a-z][a-z-]*$`)
)

// docCommands returns the levy command lines of a Markdown file: those
// of its sh blocks (go run ./cmd/levy ..., or levy ...), with their
// continued lines joined, and those written inline in backquotes.
func docCommands(t *testing.T, file string) []docCommand {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []docCommand
	add := func(text string, at string) {
		// A line may chain other programs: only the part that runs levy counts.
		for _, part := range regexp.MustCompile(`\|\||&&|[|;]|\$\(`).Split(text, -1) {
			part = strings.TrimSpace(part)
			var rest string
			switch {
			case strings.HasPrefix(part, "go run ./cmd/levy "):
				rest = strings.TrimPrefix(part, "go run ./cmd/levy ")
			case strings.HasPrefix(part, "levy "):
				rest = strings.TrimPrefix(part, "levy ")
			default:
				continue
			}
			c := docCommand{at: at}
			words := strings.Fields(rest)
			for len(c.path) < len(words) && commandWord.MatchString(words[len(c.path)]) {
				c.path = append(c.path, words[len(c.path)])
			}
			for _, w := range words {
				if w == "#" {
					break // a comment
				}
				if strings.HasPrefix(w, "--") && len(w) > 2 {
					name, _, _ := strings.Cut(w, "=")
					c.flags = append(c.flags, strings.TrimRight(name, "`.,;:)"))
				}
			}
			if len(c.path) > 0 {
				out = append(out, c)
			}
		}
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	inSh, n, start := false, 0, 0
	var pending strings.Builder
	for sc.Scan() {
		n++
		line := sc.Text()
		if strings.HasPrefix(line, "```") {
			inSh = !inSh && strings.TrimPrefix(line, "```") == "sh"
			continue
		}
		if inSh {
			if pending.Len() == 0 {
				start = n
			}
			if s, ok := strings.CutSuffix(line, `\`); ok {
				pending.WriteString(s + " ")
				continue
			}
			pending.WriteString(line)
			add(pending.String(), file+":"+strconv.Itoa(start))
			pending.Reset()
			continue
		}
		for _, m := range inlineLevy.FindAllStringSubmatch(line, -1) {
			add("levy "+m[1], file+":"+strconv.Itoa(n))
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestDocumentedFlagsExist reads every levy command line that README.md
// and docs/*.md show, in their sh blocks and inline, and checks that
// the command exists and that its help (levy COMMAND -h) names each flag
// the line gives: a reader who copies a command never meets a flag the
// command does not have.
func TestDocumentedFlagsExist(t *testing.T) {
	files, err := filepath.Glob("../../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, "../../README.md")
	help := map[string]string{}
	checked := 0
	for _, file := range files {
		if filepath.Base(file) == "upgrading.md" {
			continue // it names the flags that were removed
		}
		for _, c := range docCommands(t, file) {
			key := strings.Join(c.path, " ")
			h, ok := help[key]
			if !ok {
				var out, errOut bytes.Buffer
				code := run(context.Background(), append(append([]string(nil), c.path...), "-h"), &out, &errOut)
				h = out.String() + errOut.String()
				if code != 0 || strings.Contains(h, "unknown command") {
					t.Errorf("%s: levy %s -h: exit %d: %s", c.at, key, code, firstLine(h))
				}
				help[key] = h
			}
			for _, f := range c.flags {
				checked++
				if !regexp.MustCompile(regexp.QuoteMeta(f) + `\b`).MatchString(h) {
					t.Errorf("%s: levy %s has no flag %s", c.at, key, f)
				}
			}
		}
	}
	t.Logf("%d documented flags of %d commands checked", checked, len(help))
	if checked < 100 {
		t.Fatalf("only %d documented flags found: is the documentation where the test looks?", checked)
	}
}

// firstLine returns the first line of s.
func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
