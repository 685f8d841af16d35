package cli

import (
	"flag"
	"net/http"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// markdownTable returns the rows of the table that follows heading in the
// Markdown file, each as its cells, trimmed; the header and the rule
// below it are left out.
func markdownTable(t *testing.T, file, heading string) [][]string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(b), "\n"+heading+"\n")
	if !ok {
		t.Fatalf("%s has no heading %q", file, heading)
	}
	var rows [][]string
	inTable := false
	for _, line := range strings.Split(after, "\n") {
		if !strings.HasPrefix(line, "|") {
			if inTable {
				break
			}
			continue
		}
		inTable = true
		cells := strings.Split(strings.Trim(line, "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		rows = append(rows, cells)
	}
	if len(rows) < 3 {
		t.Fatalf("%s: no table under %q", file, heading)
	}
	return rows[2:]
}

// firstCode returns the text of the first `code` span of a cell, and
// whether it has one.
func firstCode(cell string) (string, bool) {
	m := regexp.MustCompile("`([^`]*)`").FindStringSubmatch(cell)
	if m == nil {
		return "", false
	}
	return m[1], true
}

// TestServingDocListsEveryServeFlag holds the table of docs/serving.md
// that lists the flags of levy serve to the program: one row for each
// flag and none for a flag it does not have, each with the flag's
// environment variable and its default, as -h shows them (the default
// that a flag's own usage states when its value is set elsewhere, such
// as --api-audience's), or "none" for a flag without one.
func TestServingDocListsEveryServeFlag(t *testing.T) {
	rows := markdownTable(t, "../../docs/serving.md", "## Every flag of `levy serve`")
	fs := serveFlags(&serveConfig{})
	seen := map[string]bool{}
	for _, r := range rows {
		if len(r) != 3 {
			t.Errorf("row %q: want 3 cells", r)
			continue
		}
		name, _ := firstCode(r[0])
		name = strings.TrimPrefix(name, "--")
		f := fs.Lookup(name)
		if f == nil {
			t.Errorf("the doc lists --%s, which levy serve does not have", name)
			continue
		}
		if seen[name] {
			t.Errorf("the doc lists --%s twice", name)
		}
		seen[name] = true
		if env, _ := firstCode(r[1]); env != envName(name) {
			t.Errorf("--%s: the doc names the variable %q, levy serve reads %s", name, env, envName(name))
		}
		want := documentedDefault(f)
		got, ok := firstCode(r[2])
		if !ok || strings.HasPrefix(r[2], "none") {
			got = ""
		}
		if got != want {
			t.Errorf("--%s: the doc gives the default %q, levy serve -h %q", name, r[2], want)
		}
	}
	var missing []string
	fs.VisitAll(func(f *flag.Flag) {
		if !seen[f.Name] {
			missing = append(missing, "--"+f.Name)
		}
	})
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("docs/serving.md does not list %s", strings.Join(missing, ", "))
	}
}

// documentedDefault is the default of a flag as -h shows it: its
// default value unless that is empty, false or zero, else the one its
// usage states ("default X"), else none ("").
func documentedDefault(f *flag.Flag) string {
	switch f.DefValue {
	case "", "false", "0", "[]":
	default:
		return f.DefValue
	}
	if m := regexp.MustCompile(`(?:\(default |; default )([^ ;)]+)`).FindStringSubmatch(f.Usage); m != nil {
		return m[1]
	}
	return ""
}

// TestServingDocListsEveryMetric holds the table of metrics of
// docs/serving.md to what a server serves at /metrics: every series of
// Levy's own (levy_) is listed with its type and labels, and every
// listed one is served.
func TestServingDocListsEveryMetric(t *testing.T) {
	rows := markdownTable(t, "../../docs/serving.md", "## Metrics and logs")
	base, stop, _, _ := startServe(t, t.TempDir(), serveConfig{})
	defer func() {
		if err := stop(); err != nil {
			t.Error(err)
		}
	}()
	// A request of each kind the labels tell apart, so that the vectors
	// have series: a 200 and a refusal.
	for _, path := range []string{"/healthz", "/api/v2/no-such-route"} {
		resp, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	_, text := get(t, base+"/metrics")
	types := map[string]string{}
	labels := map[string]map[string]bool{}
	typeLine := regexp.MustCompile(`^# TYPE (levy_\w+) (\w+)$`)
	sample := regexp.MustCompile(`^(levy_\w+?)(_bucket|_sum|_count)?(\{[^}]*\})? `)
	labelName := regexp.MustCompile(`(\w+)="`)
	for _, line := range strings.Split(text, "\n") {
		if m := typeLine.FindStringSubmatch(line); m != nil {
			types[m[1]] = m[2]
			if labels[m[1]] == nil {
				labels[m[1]] = map[string]bool{}
			}
			continue
		}
		m := sample.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		name := m[1]
		if _, ok := types[name]; !ok {
			name = m[1] + m[2] // a counter's own _total, or a name without a suffix
		}
		for _, l := range labelName.FindAllStringSubmatch(m[3], -1) {
			if l[1] != "le" {
				labels[name][l[1]] = true
			}
		}
	}
	if len(types) == 0 {
		t.Fatalf("/metrics serves no levy_ series:\n%.500s", text)
	}
	documented := map[string]bool{}
	for _, r := range rows {
		if len(r) != 4 {
			t.Errorf("row %q: want 4 cells", r)
			continue
		}
		name, _ := firstCode(r[0])
		documented[name] = true
		typ, ok := types[name]
		if !ok {
			t.Errorf("the doc lists %s, which /metrics does not serve", name)
			continue
		}
		if r[1] != typ {
			t.Errorf("%s: the doc says %s, /metrics %s", name, r[1], typ)
		}
		var want []string
		for _, l := range regexp.MustCompile("`([^`]*)`").FindAllStringSubmatch(r[2], -1) {
			want = append(want, l[1])
		}
		var got []string
		for l := range labels[name] {
			got = append(got, l)
		}
		sort.Strings(want)
		sort.Strings(got)
		if strings.Join(want, ",") != strings.Join(got, ",") {
			t.Errorf("%s: the doc gives the labels %v, /metrics %v", name, want, got)
		}
	}
	for name := range types {
		if !documented[name] {
			t.Errorf("/metrics serves %s, which docs/serving.md does not list", name)
		}
	}
}
