package cli

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
)

// recordingTransport answers every request with 503 and keeps the
// bodies it was sent, standing for the network between a command and a
// server.
type recordingTransport struct {
	mu     sync.Mutex
	hosts  []string
	bodies []string
}

func (rt *recordingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	var body []byte
	if req.Body != nil {
		body, _ = io.ReadAll(req.Body)
		req.Body.Close()
	}
	rt.mu.Lock()
	rt.hosts = append(rt.hosts, req.URL.Scheme+"://"+req.URL.Host)
	rt.bodies = append(rt.bodies, string(body))
	rt.mu.Unlock()
	return &http.Response{StatusCode: http.StatusServiceUnavailable, Status: "503 Service Unavailable",
		Header: http.Header{}, Body: io.NopCloser(strings.NewReader("{}")), Request: req}, nil
}

// TestServerPlainHTTPToAnotherHost sends levy journal, nexus and profile
// with --server http:// of another machine: the commands refuse before
// anything is sent, naming --server, so that the client secret never
// crosses the network in clear. Loopback and https are sent as before,
// and so is http to another machine with --insecure-http.
func TestServerPlainHTTPToAnotherHost(t *testing.T) {
	const secret = "s3cret-that-must-not-travel-in-clear"
	commands := map[string][]string{
		"journal": {"journal", "report", "--from", "2026-01-01", "--to", "2026-01-31"},
		"nexus":   {"nexus", "report", "--as-of", "2026-12-31"},
		"profile": {"profile", "list", "customers"},
	}
	for name, cmd := range commands {
		for _, c := range []struct {
			server string
			more   []string
			sent   bool
		}{
			{"http://levy.example:8080", nil, false},
			{"http://10.0.0.7:8080/", nil, false},
			{"http://[2001:db8::7]:8080", nil, false},
			{"HTTP://Levy.Example", nil, false},
			{"http://levy.example:8080", []string{"--insecure-http"}, true},
			{"http://127.0.0.1:8080", nil, true},
			{"http://127.3.2.1:8080", nil, true},
			{"http://[::1]:8080", nil, true},
			{"http://localhost:8080", nil, true},
			{"https://levy.example", nil, true},
		} {
			rt := &recordingTransport{}
			args := append(append(append([]string{}, cmd...), "--server", c.server, "--client-id", "client-1", "--client-secret", secret), c.more...)
			var out, errBuf bytes.Buffer
			code := run(context.WithValue(context.Background(), serverTransportKey{}, http.RoundTripper(rt)), args, &out, &errBuf)
			errOut := errBuf.String()

			sentSecret := false
			for _, b := range rt.bodies {
				sentSecret = sentSecret || strings.Contains(b, secret)
			}
			if c.sent {
				if !sentSecret || code == 2 {
					t.Errorf("%s --server %s %v: exit %d, secret sent %v (want sent): %s", name, c.server, c.more, code, sentSecret, errOut)
				}
				continue
			}
			if code != 2 || len(rt.hosts) > 0 || !strings.Contains(errOut, "--server") || !strings.Contains(errOut, "--insecure-http") ||
				!strings.Contains(errOut, "unencrypted") {
				t.Errorf("%s --server %s: exit %d, requests to %v, want exit 2 naming --server and --insecure-http before any request: %s",
					name, c.server, code, rt.hosts, errOut)
			}
		}
	}
}

// TestLoopbackHost lists the hosts to which plain http crosses no
// network.
func TestLoopbackHost(t *testing.T) {
	for host, want := range map[string]bool{
		"localhost": true, "LOCALHOST": true, "localhost.": true, "127.0.0.1": true, "127.255.0.9": true,
		"::1": true, "::ffff:127.0.0.1": true,
		"levy.example": false, "localhost.levy.example": false, "10.0.0.1": false, "0.0.0.0": false,
		"::": false, "192.168.1.2": false, "": false, "127.0.0.1.nip.io": false,
	} {
		if got := loopbackHost(host); got != want {
			t.Errorf("loopbackHost(%q) = %v, want %v", host, got, want)
		}
	}
}
