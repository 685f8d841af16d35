package cli

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// envCase is one bad environment variable given to one command line.
type envCase struct {
	name  string
	path  []string // the command and subcommand
	args  []string // its flags and arguments, with {store} and the like
	env   string   // the variable
	value string   // its bad value
	// says is what stderr must say beside the variable, if anything.
	says string
	// flagFault is set for the cases whose fault is a flag on the command
	// line beside a good variable, or a flag missing beside a variable
	// that the command does not read: stderr names the flag and not the
	// variable, which did not give the value.
	flagFault bool
	// ok is set for the cases that must run: a flag on the command line
	// wins over the bad variable.
	ok bool
}

// envCases returns the bad variables of every command that reads one:
// each of serve's flags by its variable, and the variables the other
// commands read beside their flags.
func envCases(t *testing.T) []envCase {
	serveBase := []string{"--addr", "127.0.0.1:0", "--data-dir", "{store}", "--secrets-key-insecure-none"}
	files := map[string]bool{"content": true, "rules": true, "secrets-key-file": true, "tls-cert-file": true, "tls-key-file": true, "secrets-previous-key-file": true}
	var cs []envCase
	serveSays := func(flag, value, says string) {
		cs = append(cs, envCase{name: fmt.Sprintf("%s=%q", envName(flag), value), path: []string{"serve"}, args: withoutFlag(serveBase, flag), env: envName(flag), value: value, says: says})
	}
	serve := func(flag, value string) { serveSays(flag, value, "") }
	for _, f := range sweepFlags(t, []string{"serve"}) {
		switch {
		case f.kind == "int":
			serveSays(f.name, "ten", "want a whole number")
			serveSays(f.name, "1e400", "want a whole number")
		case f.kind == "duration":
			serveSays(f.name, "soon", "want a duration")
			serveSays(f.name, "\xff", "want a duration")
		case f.kind == "":
			serveSays(f.name, "maybe", "want true or false")
		case files[f.name]:
			serve(f.name, "{missing}")
			serve(f.name, "{dir}")
		case f.name == "content-date":
			serve(f.name, "2026-02-30")
		}
	}
	for _, v := range []string{"nothere", " ", "\xff"} {
		serve("addr", v)
		serve("metrics-addr", v)
	}
	serve("data-dir", " ")
	serve("memory-limit", "1e400")
	serve("memory-limit", "-5%")
	serve("log-level", "loud")
	serve("log-format", "yaml")
	serve("address-check", "loose")
	serve("levy-members", "some")
	serve("api-audience", "a b")
	serve("trusted-proxies", "not-an-address")
	serve("database", "mysql://x")
	serve("tenant-address-check", "shop")
	serve("tenant-address-check", "shop=loose")
	serve("einvoice-node", "a b")
	serve("einvoice-node", "\xff")
	serve("admin-audience", " ")
	serve("console-audience", "a b")
	serve("content-date", " ")
	serve("content-date", "\xff")
	for _, v := range []string{"short", " ", "\xff"} {
		cs = append(cs, envCase{name: "LEVY_SECRETS_KEY=" + v, path: []string{"serve"}, args: withoutFlag(serveBase, "secrets-key-insecure-none"), env: secretsKeyEnv, value: v})
		cs = append(cs, envCase{name: "LEVY_SECRETS_PREVIOUS_KEYS=" + v, path: []string{"serve"}, args: serveBase, env: secretsPreviousKeysEnv, value: v})
	}
	calc := []string{"{req}"}
	jstore := []string{"--data-dir", "{jstore}"}
	cs = append(cs,
		envCase{name: "LEVY_ADDRESS_CHECK none of its checks", path: []string{"calc", "sale"}, args: calc, env: "LEVY_ADDRESS_CHECK", value: "loose"},
		envCase{name: "LEVY_DATABASE_URL not PostgreSQL", path: []string{"calc", "sale"}, args: calc, env: databaseEnv, value: "mysql://x"},
		envCase{name: "LEVY_RULES a missing file", path: []string{"profile", "import"}, args: []string{"--data-dir", "{store}", "{csv}"}, env: "LEVY_RULES", value: "{missing}"},
		envCase{name: "LEVY_RULES a directory", path: []string{"profile", "import"}, args: []string{"--data-dir", "{store}", "{csv}"}, env: "LEVY_RULES", value: "{dir}"},
		envCase{name: "LEVY_DATABASE_URL not PostgreSQL", path: []string{"journal", "report"}, env: databaseEnv, value: "mysql://x"},
		envCase{name: "LEVY_DATA_DIR a file", path: []string{"journal", "report"}, env: dataDirEnv, value: "{req}"},
		envCase{name: "LEVY_DATA_DIR spaces", path: []string{"profile", "list"}, args: []string{"customers"}, env: dataDirEnv, value: "  "},
		// levy clients reads no LEVY_DATA_DIR (LEVY_DATABASE_URL only):
		// the data directory is missing, and not said to be set by it.
		envCase{name: "LEVY_DATA_DIR spaces", path: []string{"clients", "list"}, env: dataDirEnv, value: "  ", flagFault: true},
		envCase{name: "LEVY_SERVER not a URL", path: []string{"journal", "report"}, env: serverEnv, value: "::nothere"},
		envCase{name: "LEVY_SERVER spaces", path: []string{"profile", "list"}, args: []string{"customers"}, env: serverEnv, value: "  "},
		envCase{name: "LEVY_DATABASE_URL not PostgreSQL", path: []string{"batch", "sale"}, args: []string{"--in", "{req}", "--out", "{dir}/out.jsonl"}, env: databaseEnv, value: "mysql://x"},
		envCase{name: "LEVY_DATABASE_URL not PostgreSQL", path: []string{"clients", "list"}, env: databaseEnv, value: "mysql://x"},
		envCase{name: "LEVY_DATABASE_URL not PostgreSQL", path: []string{"webhook", "dead-letters", "list"}, env: databaseEnv, value: "mysql://x"},
		envCase{name: "LEVY_DATA_DIR a file", path: []string{"einvoice", "render"}, args: []string{"--transaction", "T1", "--out", "{dir}/out.xml"}, env: dataDirEnv, value: "{req}"},
		envCase{name: "LEVY_DATA_DIR a file", path: []string{"nexus", "report"}, env: dataDirEnv, value: "{req}"},
		envCase{name: "LEVY_CLIENT_ID without its secret", path: []string{"journal", "report"}, args: []string{"--server", "http://127.0.0.1:1"}, env: clientIDEnv, value: "abc"},
		envCase{name: "LEVY_CLIENT_SECRET without its ID", path: []string{"profile", "list", "customers"}, args: []string{"--server", "http://127.0.0.1:1"}, env: clientSecretEnv, value: "abc"},
		envCase{name: "LEVY_ADMIN_AUDIENCE with a space", path: []string{"journal", "report"}, args: []string{"--server", "http://127.0.0.1:1", "--client-id", "x", "--client-secret", "y"}, env: adminAudEnv, value: "a b"},
		envCase{name: "LEVY_ADMIN_AUDIENCE spaces", path: []string{"profile", "list", "customers"}, args: []string{"--server", "http://127.0.0.1:1", "--client-id", "x", "--client-secret", "y"}, env: adminAudEnv, value: " "},
		envCase{name: "LEVY_WEBHOOK_SECRET spaces", path: []string{"webhook", "receive"}, args: []string{"--addr", "127.0.0.1:0", "--target-url", "http://127.0.0.1/hook"}, env: webhookSecretEnv, value: "  "},
		// A bad flag beside a good variable is the flag's fault alone.
		envCase{name: "--addr bad beside LEVY_ADDR", path: []string{"serve"}, args: append([]string{"--addr", "nothere"}, withoutFlag(serveBase, "addr")...), env: "LEVY_ADDR", value: "127.0.0.1:0", flagFault: true},
		envCase{name: "--data-dir a file beside LEVY_DATA_DIR", path: []string{"journal", "report"}, args: []string{"--data-dir", "{req}"}, env: dataDirEnv, value: "{jstore}", flagFault: true},
		// A flag given wins over its bad variable.
		envCase{name: "--log-level over LEVY_LOG_LEVEL", path: []string{"serve"}, args: append([]string{"--log-level", "info"}, serveBase...), env: "LEVY_LOG_LEVEL", value: "loud", ok: true},
		envCase{name: "--addr over LEVY_ADDR", path: []string{"serve"}, args: serveBase, env: "LEVY_ADDR", value: "nothere", ok: true},
		envCase{name: "--address-check over LEVY_ADDRESS_CHECK", path: []string{"calc", "sale"}, args: []string{"--address-check", "lenient", "{req}"}, env: "LEVY_ADDRESS_CHECK", value: "loose", ok: true},
		envCase{name: "--data-dir over LEVY_DATA_DIR", path: []string{"journal", "report"}, args: jstore, env: dataDirEnv, value: "{req}", ok: true},
	)
	return cs
}

// TestBadEnvSweep runs the commands that read LEVY_* variables with one
// bad variable at a time, and finds no panic, exit 2, the variable named
// on stderr, and nothing created or opened; a flag given beside its bad
// variable wins, and the command runs.
func TestBadEnvSweep(t *testing.T) {
	for _, e := range os.Environ() {
		if name, _, _ := strings.Cut(e, "="); strings.HasPrefix(name, "LEVY_") {
			t.Setenv(name, "")
		}
	}
	dir := t.TempDir()
	t.Chdir(dir)
	req, csv := sweepInputs(t, dir)
	done, cancel := context.WithCancel(context.Background())
	cancel()
	cs := envCases(t)
	entries := 2 // req.json and customers.csv, beside a directory a case
	for n, k := range cs {
		work := filepath.Join(dir, fmt.Sprint(n))
		if err := os.Mkdir(work, 0o700); err != nil {
			t.Fatal(err)
		}
		store, jstore := filepath.Join(work, "store"), filepath.Join(work, "jstore")
		if err := os.MkdirAll(journalDir(jstore), 0o700); err != nil {
			t.Fatal(err)
		}
		r := strings.NewReplacer("{store}", store, "{jstore}", jstore, "{req}", req, "{csv}", csv, "{missing}", filepath.Join(work, "missing.txt"), "{dir}", work)
		args := append([]string{}, k.path...)
		for _, a := range k.args {
			args = append(args, r.Replace(a))
		}
		t.Setenv(k.env, r.Replace(k.value))
		ctx := context.Background()
		if k.path[0] == "serve" || k.path[0] == "webhook" {
			ctx = done
		}
		code, errOut := sweepRun(ctx, args)
		t.Setenv(k.env, "")
		line := fmt.Sprintf("levy %s (%s)", strings.Join(k.path, " "), k.name)
		switch {
		case strings.Contains(errOut, "panic") || strings.Contains(errOut, "goroutine "):
			t.Errorf("%s: panicked: %s", line, errOut)
			continue
		case k.ok:
			if code == 2 || code < 0 {
				t.Errorf("%s: exit %d, stderr %q; want the flag to win", line, code, errOut)
			}
			continue
		case k.flagFault:
			if code != 2 || namesVar(errOut, k.env) {
				t.Errorf("%s: exit %d, stderr %q; want 2 and the flag named, not %s", line, code, errOut, k.env)
			}
		case code != 2:
			t.Errorf("%s: exit %d, want 2; stderr %q", line, code, errOut)
		case !strings.Contains(errOut, k.env):
			t.Errorf("%s: stderr does not name %s: %q", line, k.env, errOut)
		case !strings.Contains(errOut, k.says):
			t.Errorf("%s: stderr does not say %q: %q", line, k.says, errOut)
		}
		if _, err := os.Stat(store); err == nil {
			t.Errorf("%s: the data directory %s was created", line, store)
		}
		if names, err := os.ReadDir(journalDir(jstore)); err != nil || len(names) > 0 {
			t.Errorf("%s: the journal was opened: %v %v", line, names, err)
		}
		entries++
		if names, _ := os.ReadDir(dir); len(names) != entries {
			t.Errorf("%s: something was created in the working directory: %d entries, want %d", line, len(names), entries)
			entries = len(names)
		}
	}
	t.Logf("%d bad variables", len(cs))
}
