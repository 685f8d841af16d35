package cli

import (
	"bufio"
	"bytes"
	"fmt"
	"log/slog"
	"math"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/levytax/levy/einvoice"
)

// einvoiceConfig is the configuration of the e-invoicing service of
// serve. Without a secrets key, it is an error unless the operator
// accepts secrets in clear (--secrets-key-insecure-none, or --dev); with
// --dev, webhook targets may be private addresses, as on a developer's
// machine.
func einvoiceConfig(c serveConfig, log *slog.Logger) (einvoice.Config, error) {
	keys, err := secretKeys(c, os.Getenv)
	if err != nil {
		return einvoice.Config{}, err
	}
	if keys == nil && !c.secretsInsecureNone && !c.dev {
		return einvoice.Config{}, badFlags([]string{"secrets-key-file"}, "webhook secrets need a key kept outside the data directory: --secrets-key-file FILE (LEVY_SECRETS_KEY_FILE) or the key in "+
			secretsKeyEnv+"; make one with `openssl rand -base64 32 > FILE`. --secrets-key-insecure-none stores them in clear instead")
	}
	if keys == nil {
		log.Warn("webhook secrets are stored in clear: whoever copies the data directory can sign events; give --secrets-key-file")
	}
	return einvoice.Config{MinBackoff: c.webhookMin, MaxBackoff: c.webhookMax, MaxAttempts: c.webhookAttempts, Timeout: c.webhookTimeout,
		AllowHTTP: c.webhookHTTP, AllowPrivateTargets: c.webhookPrivate || c.dev, Secrets: keys,
		MaxDocumentBytes: int(min(c.maxDocument, c.maxBody, 1<<30)), LeaseTerm: c.leaseTerm, Node: c.einvoiceNode, Logger: log}, nil
}

// The environment variables that hold secrets keys themselves, for
// platforms that hand secrets to a process in its environment. They have
// no flags, which would show a key in the process list.
const (
	secretsKeyEnv          = "LEVY_SECRETS_KEY"
	secretsPreviousKeysEnv = "LEVY_SECRETS_PREVIOUS_KEYS"
)

// secretKeys reads the keys of the webhook secrets: the current one from
// --secrets-key-file or LEVY_SECRETS_KEY (not both), the previous ones
// from --secrets-previous-key-file (repeated, or comma-separated in its
// variable) and LEVY_SECRETS_PREVIOUS_KEYS (comma-separated). It returns
// nil when there is no current key. A key file inside the data directory
// is refused: whoever copies the directory would have the key with the
// secrets.
func secretKeys(c serveConfig, getenv func(string) string) (*einvoice.SecretKeys, error) {
	var files []string
	for _, f := range c.secretsPrevFiles {
		for _, p := range strings.Split(f, ",") {
			if p = strings.TrimSpace(p); p != "" {
				files = append(files, p)
			}
		}
	}
	if c.secretsKeyFile != "" {
		files = append([]string{c.secretsKeyFile}, files...)
	}
	for _, f := range files {
		if inside(c.dataDir, f) {
			at := "secrets-previous-key-file"
			if f == c.secretsKeyFile {
				at = "secrets-key-file"
			}
			return nil, onFlags([]string{at, "data-dir"}, usageError{fmt.Sprintf("the secrets key file %s is inside the data directory %s; keep it elsewhere, or whoever copies the data directory has the key too", f, c.dataDir)})
		}
	}
	var ks einvoice.SecretKeys
	if c.secretsKeyFile != "" {
		if getenv(secretsKeyEnv) != "" {
			return nil, badFlags([]string{"secrets-key-file"}, "give the secrets key once: --secrets-key-file (LEVY_SECRETS_KEY_FILE) or "+secretsKeyEnv+", not both")
		}
		k, err := einvoice.ReadSecretKeyFile(c.secretsKeyFile)
		if err != nil {
			return nil, badFlag("secrets-key-file", "--secrets-key-file: %v", err)
		}
		ks.Current = k
		files = files[1:]
	} else if v := getenv(secretsKeyEnv); v != "" {
		k, err := einvoice.ParseSecretKey([]byte(v))
		if err != nil {
			return nil, usageError{secretsKeyEnv + ": " + err.Error()}
		}
		ks.Current = k
	}
	for _, f := range files {
		k, err := einvoice.ReadSecretKeyFile(f)
		if err != nil {
			return nil, badFlag("secrets-previous-key-file", "--secrets-previous-key-file: %v", err)
		}
		ks.Previous = append(ks.Previous, k)
	}
	if v := getenv(secretsPreviousKeysEnv); v != "" && strings.Trim(v, ", \t") == "" {
		return nil, usageError{fmt.Sprintf("%s=%q holds no key: unset it, or give the keys comma-separated", secretsPreviousKeysEnv, v)}
	}
	for i, v := range strings.Split(getenv(secretsPreviousKeysEnv), ",") {
		if v = strings.TrimSpace(v); v == "" {
			continue
		}
		k, err := einvoice.ParseSecretKey([]byte(v))
		if err != nil {
			return nil, usageError{fmt.Sprintf("%s, key %d: %v", secretsPreviousKeysEnv, i+1, err)}
		}
		ks.Previous = append(ks.Previous, k)
	}
	if ks.Current == nil {
		if len(ks.Previous) > 0 {
			at := ""
			if len(c.secretsPrevFiles) > 0 {
				at = "secrets-previous-key-file"
			}
			return nil, badFlags([]string{at}, "previous secrets keys need a current one: --secrets-key-file or "+secretsKeyEnv)
		}
		return nil, nil
	}
	return &ks, nil
}

// inside reports whether path is dir or under it.
func inside(dir, path string) bool {
	d, err1 := filepath.Abs(dir)
	p, err2 := filepath.Abs(path)
	if err1 != nil || err2 != nil {
		return false
	}
	rel, err := filepath.Rel(d, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// autoMemoryShare is the part of a container's memory limit that
// --memory-limit auto gives the Go runtime: the rest is left to what the
// runtime does not count (Badger's memory-mapped tables, the kernel's
// buffers of the sockets and files).
const autoMemoryShare = 80

// memoryLimit reads --memory-limit: a size in bytes (with B, KiB, MiB,
// GiB, TiB, or KB, MB, GB, TB), a percentage of the container's memory
// limit or, without one, of the machine's memory, "off" (no limit), or
// "auto": autoMemoryShare percent of the container's limit, or nothing
// when there is none or when GOMEMLIMIT is set (the runtime applied it).
// It returns the limit for debug.SetMemoryLimit, whether to set it, and
// where it came from for the log.
func memoryLimit(v string, getenv func(string) string, readFile func(string) ([]byte, error)) (int64, bool, string, error) {
	v = strings.TrimSpace(v)
	switch strings.ToLower(v) {
	case "off":
		return math.MaxInt64, true, "off", nil
	case "auto", "":
		if getenv("GOMEMLIMIT") != "" {
			return 0, false, "GOMEMLIMIT", nil
		}
		limit, ok := containerMemory(readFile)
		if !ok {
			return 0, false, "no container limit", nil
		}
		return limit / 100 * autoMemoryShare, true, fmt.Sprintf("%d%% of the container's %d bytes", autoMemoryShare, limit), nil
	}
	bad := badFlag("memory-limit", "--memory-limit %q: want a size such as 1536MiB or 2GiB, a percentage such as 80%%, off or auto", v)
	if p, ok := strings.CutSuffix(v, "%"); ok {
		pct, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || pct <= 0 || pct > 100 {
			return 0, false, "", bad
		}
		total, ok := containerMemory(readFile)
		of := "the container's"
		if !ok {
			if total, ok = machineMemory(readFile); !ok {
				return 0, false, "", badFlag("memory-limit", "--memory-limit %s: neither the container's memory limit nor the machine's memory can be read; give a size", v)
			}
			of = "the machine's"
		}
		return int64(float64(total) * pct / 100), true, fmt.Sprintf("%s of %s %d bytes", v, of, total), nil
	}
	n, ok := parseSize(v)
	if !ok {
		return 0, false, "", bad
	}
	if n < 32<<20 {
		return 0, false, "", badFlag("memory-limit", "--memory-limit %s is below 32 MiB, too little to serve", v)
	}
	return n, true, v, nil
}

// applyMemoryLimit sets the process's soft memory limit as --memory-limit
// says (see memoryLimit), and logs it.
func applyMemoryLimit(v string, log *slog.Logger) error {
	limit, set, from, err := memoryLimit(v, os.Getenv, os.ReadFile)
	if err != nil {
		return err
	}
	if set {
		debug.SetMemoryLimit(limit)
		log.Info("memory limit", "bytes", limit, "from", from)
	}
	return nil
}

// parseSize reads a number of bytes with an optional unit.
func parseSize(v string) (int64, bool) {
	units := []struct {
		suffix string
		scale  float64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40}, {"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12}, {"B", 1}}
	scale := 1.0
	for _, u := range units {
		if n, ok := strings.CutSuffix(v, u.suffix); ok {
			v, scale = strings.TrimSpace(n), u.scale
			break
		}
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || f <= 0 || f*scale >= math.MaxInt64 {
		return 0, false
	}
	return int64(f * scale), true
}

// containerMemory returns the memory limit of the process's cgroup (v2,
// then v1), if it has one.
func containerMemory(readFile func(string) ([]byte, error)) (int64, bool) {
	var candidates []string
	if b, err := readFile("/proc/self/cgroup"); err == nil {
		sc := bufio.NewScanner(bytes.NewReader(b))
		for sc.Scan() {
			parts := strings.SplitN(sc.Text(), ":", 3)
			if len(parts) != 3 {
				continue
			}
			switch {
			case parts[0] == "0" && parts[1] == "":
				candidates = append(candidates, filepath.Join("/sys/fs/cgroup", parts[2], "memory.max"))
			case strings.Contains(","+parts[1]+",", ",memory,"):
				candidates = append(candidates, filepath.Join("/sys/fs/cgroup/memory", parts[2], "memory.limit_in_bytes"))
			}
		}
	}
	candidates = append(candidates, "/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes")
	for _, path := range candidates {
		b, err := readFile(path)
		if err != nil {
			continue
		}
		s := strings.TrimSpace(string(b))
		if s == "max" {
			return 0, false
		}
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n <= 0 {
			continue
		}
		if n >= 1<<60 { // cgroup v1 writes a huge number for no limit
			return 0, false
		}
		return n, true
	}
	return 0, false
}

// machineMemory returns MemTotal of /proc/meminfo.
func machineMemory(readFile func(string) ([]byte, error)) (int64, bool) {
	b, err := readFile("/proc/meminfo")
	if err != nil {
		return 0, false
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "MemTotal:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb << 10, err == nil && kb > 0
		}
	}
	return 0, false
}
