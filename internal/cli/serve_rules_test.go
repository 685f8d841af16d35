package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestServeRefusesBadRuleFiles starts serve with rule files that cannot
// be used and checks that it refuses each with exit status 2, naming
// the file and the line, before anything listens or is written into the
// data directory. Before, serve listened, opened the journal and only
// then failed on the rule file, with status 1.
func TestServeRefusesBadRuleFiles(t *testing.T) {
	rulesDir := t.TempDir()
	for name, c := range map[string]struct{ body, want string }{
		"syntax.json":   {"{\"version\": 1,\n \"rules\": [{\"id\": \"a\", \"outcome\": \"EXEMPT\"},\n {\"id\": \"b\",}]}", "line 3"},
		"failing.json":  {"{\"version\": 1, \"rules\": [\n\n {\"id\": \"mod\", \"outcome\": \"EXEMPT\", \"when\": \"len(productClass) % 0 == 1\"}]}", "line 3: rules: rule mod"},
		"negative.json": {"{\"version\": 1, \"structures\": [\n {\"id\": \"tn\", \"kind\": \"TIERED\", \"tiers\": [{\"upTo\": -1000, \"rate\": 0}, {\"rate\": 0.1}]}]}", "line 2: rules: structure tn"},
		"missing.json":  {"", "no such file"},
	} {
		path := filepath.Join(rulesDir, name)
		if name != "missing.json" {
			if err := os.WriteFile(path, []byte(c.body), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		dir := t.TempDir()
		code, _, errOut := runCLI(t, "serve", "--addr", "127.0.0.1:0", "--data-dir", dir, "--log-format", "text",
			"--secrets-key-insecure-none", "--rules", path)
		if code != 2 || !strings.Contains(errOut, name) || !strings.Contains(errOut, c.want) || strings.Contains(errOut, "listening") {
			t.Errorf("%s: exit %d, want 2 naming the file and %q before listening:\n%s", name, code, c.want, errOut)
		}
		if entries, err := os.ReadDir(dir); err != nil || len(entries) != 0 {
			t.Errorf("%s: a refused serve wrote into the data directory: %v %v", name, entries, err)
		}
	}
}
