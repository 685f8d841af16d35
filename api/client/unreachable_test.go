package client_test

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"syscall"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api/client"
)

// closedPort returns the address of a loopback port that nothing
// listens on: one that a listener held and has closed.
func closedPort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	return addr
}

// TestUnreachableServerIsUnavailable: a call to a server that cannot be
// reached (a closed loopback port: connection refused) fails with
// levy.EUnavailable, so that a host that retries by code retries it, and
// the error still wraps the network's. Before, its code was internal.
// The token endpoint's being unreachable is the same.
func TestUnreachableServerIsUnavailable(t *testing.T) {
	ctx := context.Background()
	addr := closedPort(t)
	c, err := client.New("http://" + addr + "/api/v2")
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.TransactionExists(ctx, "x")
	if got := levy.ErrorCode(err); got != levy.EUnavailable {
		t.Fatalf("a closed port: code %q (%v), want %q", got, err, levy.EUnavailable)
	}
	var op *net.OpError
	if !errors.As(err, &op) || !errors.Is(err, syscall.ECONNREFUSED) {
		t.Errorf("the error does not wrap the network's: %#v", err)
	}

	tc, err := client.New("http://"+addr+"/api/v2", client.WithClientCredentials("http://"+addr+"/oauth/token", "id", "secret", "calc"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = tc.TransactionExists(ctx, "x")
	if got := levy.ErrorCode(err); got != levy.EUnavailable || !errors.Is(err, syscall.ECONNREFUSED) {
		t.Errorf("an unreachable token endpoint: code %q (%v), want %q", got, err, levy.EUnavailable)
	}

	// A call whose context has ended keeps the context's error.
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := c.TransactionExists(cctx, "x"); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled call: %v", err)
	}
}

// TestGatewayAnswersAreUnavailable: a 502, 503 or 504 without Levy's
// error body (a proxy's page in front of a server that is down) is
// levy.EUnavailable; a 500 stays internal.
func TestGatewayAnswersAreUnavailable(t *testing.T) {
	for status, want := range map[int]string{
		http.StatusBadGateway:          levy.EUnavailable,
		http.StatusServiceUnavailable:  levy.EUnavailable,
		http.StatusGatewayTimeout:      levy.EUnavailable,
		http.StatusInternalServerError: levy.EInternal,
	} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(status)
			_, _ = w.Write([]byte("<html><body>gateway</body></html>"))
		}))
		c, err := client.New(srv.URL + "/api/v2")
		if err != nil {
			t.Fatal(err)
		}
		_, err = c.TransactionExists(context.Background(), "x")
		if got := levy.ErrorCode(err); got != want {
			t.Errorf("status %d: code %q (%v), want %q", status, got, err, want)
		}
		srv.Close()
	}
}
