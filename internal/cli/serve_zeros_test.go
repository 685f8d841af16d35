package cli

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
)

// TestServeRefusesMeaninglessZeros gives serve, one at a time, a zero or
// negative value that a package below would read as its default or bend
// silently. Each must stop serve before it listens, with a usage error
// naming the flag; a server that started instead is stopped and fails
// the test.
func TestServeRefusesMeaninglessZeros(t *testing.T) {
	cases := [][]string{
		{"--token-rate-limit", "0"},
		{"--token-ttl", "0s"},
		{"--token-rate-window", "0s"},
		{"--token-ttl", "-5m"},
		{"--token-rate-limit", "-1"},
		{"--token-ttl", "500ms"},
		{"--webhook-min-backoff", "0s"},
		{"--webhook-max-backoff", "0s"},
		{"--webhook-max-attempts", "0"},
		{"--webhook-timeout", "0s"},
		{"--auth-hash-queue", "0"},
		{"--max-body", "0"},
		{"--einvoice-max-document", "0"},
		{"--credential-activation-delay", "-1m"},
		{"--einvoice-lease-term", "-1m"},
		{"--auth-refusal-delay", "-1s"},
		{"--auth-client-failures", "-1"},
		{"--nexus-interval", "-1h"},
		{"--read-timeout", "-1s"},
		{"--webhook-max-backoff", "1s", "--webhook-min-backoff", "2s"},
		{"--einvoice-lease-term", "15s", "--webhook-timeout", "10s"},
	}
	for _, args := range cases {
		ctx, cancel := context.WithCancel(context.Background())
		c := serveConfig{listening: func(string) { cancel() }}
		all := append([]string{"--addr", "127.0.0.1:0", "--data-dir", t.TempDir(), "--secrets-key-insecure-none"}, args...)
		err := runServe(ctx, all, io.Discard, io.Discard, c)
		cancel()
		var ue usageError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), args[0]+" ") {
			t.Errorf("%v: %v, want a usage error naming %s", args, err, args[0])
		}
	}
}

// TestServeKeepsMeaningfulZeros checks that the flags whose 0 has a
// documented meaning still take it: serve starts, answers and stops cleanly.
func TestServeKeepsMeaningfulZeros(t *testing.T) {
	_, stop, _, token := startServe(t, t.TempDir(), serveConfig{},
		"--credential-activation-delay", "0s", "--einvoice-lease-term", "0s", "--auth-client-failures", "0",
		"--auth-source-failures", "0", "--auth-refusal-delay", "0s", "--nexus-interval", "0s")
	if token == "" {
		t.Error("no token from the server started with meaningful zeros")
	}
	if err := stop(); err != nil {
		t.Fatalf("serve with meaningful zeros: %v", err)
	}
}
