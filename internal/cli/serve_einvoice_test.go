package cli

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/levytax/levy/badger"
)

// writeKey writes a new secrets key into a file of dir and returns the
// file's path.
func writeKey(t *testing.T, dir, name string) string {
	t.Helper()
	raw := make([]byte, 32)
	_, _ = rand.Read(raw)
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(base64.StdEncoding.EncodeToString(raw)+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestServeNeedsSecretsKey: without a key for the webhook secrets, serve
// refuses to start unless told to store them in clear; a key file inside
// the data directory is refused too.
func TestServeNeedsSecretsKey(t *testing.T) {
	dir := t.TempDir()
	args := []string{"serve", "--addr", "127.0.0.1:0", "--data-dir", dir, "--log-format", "text"}
	code, _, errOut := runCLI(t, args...)
	if code != 2 || !strings.Contains(errOut, "--secrets-key-file") || !strings.Contains(errOut, "--secrets-key-insecure-none") {
		t.Fatalf("without a key: exit %d\n%s", code, errOut)
	}
	inside := writeKey(t, dir, "secrets.key")
	if code, _, errOut := runCLI(t, append(args, "--secrets-key-file", inside)...); code != 2 || !strings.Contains(errOut, "inside the data directory") {
		t.Fatalf("a key in the data directory: exit %d\n%s", code, errOut)
	}
	t.Setenv(secretsKeyEnv, "not a key")
	if code, _, errOut := runCLI(t, args...); code != 2 || !strings.Contains(errOut, secretsKeyEnv) {
		t.Fatalf("a bad key in %s: exit %d\n%s", secretsKeyEnv, code, errOut)
	}
	// Refused before anything listened or was written: the data
	// directory holds only the key file put there above.
	if code, _, errOut := runCLI(t, args...); code != 2 || strings.Contains(errOut, "listening") {
		t.Fatalf("refused after listening: exit %d\n%s", code, errOut)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 || entries[0].Name() != "secrets.key" {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Fatalf("a refused serve wrote into the data directory: %v", names)
	}
}

// TestServeSecretsAtRestAndRotation runs serve with a key file, creates a
// webhook connection over HTTP and reads the store as a copy of the data
// directory: the secret is not in it. A restart with a new key and the
// old one as previous re-encrypts it; the old key alone is refused after.
func TestServeSecretsAtRestAndRotation(t *testing.T) {
	dir, keys := t.TempDir(), t.TempDir()
	k1, k2 := writeKey(t, keys, "k1"), writeKey(t, keys, "k2")
	secret := base64.RawURLEncoding.EncodeToString([]byte("a connection secret of well over thirty-two bytes"))
	base, stop, _, token := startServe(t, dir, serveConfig{}, "--secrets-key-file", k1)
	body := `{"targetUrl":"https://hooks.example.com/levy","secretKey":"` + secret + `","events":"all"}`
	resp := authed(t, "POST", base+"/einvoicing/v1/webhooks", token, strings.NewReader(body))
	if resp.StatusCode != 201 {
		b, _ := io.ReadAll(resp.Body)
		t.Fatalf("create: %d %s", resp.StatusCode, b)
	}
	resp.Body.Close()
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	assertNoSecret(t, dir, secret)

	_, stop, logs, _ := startServe(t, dir, serveConfig{}, "--secrets-key-file", k2, "--secrets-previous-key-file", k1)
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(logs.String(), "webhook secrets encrypted with the current key") {
		t.Errorf("the restart with a new key did not re-encrypt:\n%s", logs)
	}
	assertNoSecret(t, dir, secret)
	code, _, errOut := runCLI(t, "serve", "--addr", "127.0.0.1:0", "--data-dir", dir, "--log-format", "text", "--secrets-key-file", k1)
	if code != 1 || !strings.Contains(errOut, "encrypted with key") {
		t.Fatalf("the retired key: exit %d\n%s", code, errOut)
	}
}

// assertNoSecret reads every version of every value of the e-invoicing
// store of a data directory.
func assertNoSecret(t *testing.T, dir, secret string) {
	t.Helper()
	conns := 0
	err := badger.ReadRaw(filepath.Join(einvoiceDir(dir), "db"), func(k, v []byte) error {
		if bytes.Contains(v, []byte(secret)) {
			return errors.New("a raw value holds the secret: " + string(v))
		}
		if k[0] == 'W' && bytes.Contains(v, []byte(`"keyId"`)) {
			conns++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if conns != 1 {
		t.Errorf("%d sealed connections, want 1", conns)
	}
}

func TestSecretKeysFromEnvironment(t *testing.T) {
	keys := t.TempDir()
	k1, k2 := writeKey(t, keys, "k1"), writeKey(t, keys, "k2")
	read := func(p string) string { b, _ := os.ReadFile(p); return strings.TrimSpace(string(b)) }
	env := map[string]string{secretsKeyEnv: read(k2), secretsPreviousKeysEnv: read(k1) + ", "}
	ks, err := secretKeys(serveConfig{dataDir: t.TempDir()}, func(k string) string { return env[k] })
	if err != nil || ks.Current == nil || len(ks.Previous) != 1 {
		t.Fatalf("from the environment: %+v %v", ks, err)
	}
	byFile, err := secretKeys(serveConfig{dataDir: t.TempDir(), secretsKeyFile: k2, secretsPrevFiles: listFlag{k1}}, func(string) string { return "" })
	if err != nil || byFile.Current.ID() != ks.Current.ID() || byFile.Previous[0].ID() != ks.Previous[0].ID() {
		t.Fatalf("from files: %+v %v", byFile, err)
	}
	for _, c := range []struct {
		c   serveConfig
		env map[string]string
	}{
		{serveConfig{secretsKeyFile: k1}, map[string]string{secretsKeyEnv: read(k2)}},
		{serveConfig{secretsPrevFiles: listFlag{k1}}, nil},
		{serveConfig{secretsKeyFile: k1 + ".missing"}, nil},
		{serveConfig{}, map[string]string{secretsKeyEnv: read(k1), secretsPreviousKeysEnv: "short"}},
	} {
		c.c.dataDir = t.TempDir()
		if _, err := secretKeys(c.c, func(k string) string { return c.env[k] }); err == nil {
			t.Errorf("%+v %v: no error", c.c, c.env)
		}
	}
	if ks, err := secretKeys(serveConfig{dataDir: t.TempDir()}, func(string) string { return "" }); ks != nil || err != nil {
		t.Errorf("no key: %v %v", ks, err)
	}
}

func TestMemoryLimit(t *testing.T) {
	files := map[string]string{
		"/proc/self/cgroup":                           "0::/levy\n",
		"/sys/fs/cgroup/levy/memory.max":              "2147483648\n",
		"/proc/meminfo":                               "MemTotal:       16384000 kB\nMemFree: 1 kB\n",
		"/sys/fs/cgroup/memory.max":                   "max\n",
		"/sys/fs/cgroup/memory/memory.limit_in_bytes": "9223372036854771712\n",
	}
	container := func(p string) ([]byte, error) {
		if v, ok := files[p]; ok {
			return []byte(v), nil
		}
		return nil, os.ErrNotExist
	}
	bare := func(p string) ([]byte, error) {
		if p == "/proc/meminfo" || strings.Contains(p, "limit_in_bytes") {
			return container(p)
		}
		return nil, os.ErrNotExist
	}
	noEnv := func(string) string { return "" }
	for _, c := range []struct {
		v     string
		read  func(string) ([]byte, error)
		env   func(string) string
		limit int64
		set   bool
	}{
		{"auto", container, noEnv, 2147483648 / 100 * 80, true},
		{"auto", bare, noEnv, 0, false},
		{"auto", container, func(k string) string { return map[string]string{"GOMEMLIMIT": "1GiB"}[k] }, 0, false},
		{"off", container, noEnv, math.MaxInt64, true},
		{"50%", container, noEnv, 1 << 30, true},
		{"50%", bare, noEnv, 16384000 << 10 / 2, true},
		{"1536MiB", bare, noEnv, 1536 << 20, true},
		{"2GB", bare, noEnv, 2e9, true},
		{"268435456", bare, noEnv, 1 << 28, true},
	} {
		limit, set, _, err := memoryLimit(c.v, c.env, c.read)
		if err != nil || limit != c.limit || set != c.set {
			t.Errorf("%s: %d %v %v, want %d %v", c.v, limit, set, err, c.limit, c.set)
		}
	}
	for _, bad := range []string{"lots", "0%", "150%", "-1GiB", "1MiB", "12 parsecs"} {
		if _, _, _, err := memoryLimit(bad, noEnv, bare); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
	// serve sets the limit it is given.
	before := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(before)
	_, stop, _, _ := startServe(t, t.TempDir(), serveConfig{}, "--memory-limit", "3GiB")
	if got := debug.SetMemoryLimit(-1); got != 3<<30 {
		t.Errorf("the memory limit is %d", got)
	}
	_ = stop()
	if code, _, errOut := runCLI(t, "serve", "--data-dir", t.TempDir(), "--dev", "--memory-limit", "lots"); code != 2 || !strings.Contains(errOut, "--memory-limit") {
		t.Errorf("a bad limit: exit %d %s", code, errOut)
	}
}
