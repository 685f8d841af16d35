package cli

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// TestServerRedirectKeepsTheCredential points the commands that work
// through a server (--server) at one that answers every request with a
// redirect to another host, as a misconfigured proxy or a host taken over
// would. The token request used to follow a 307 or 308 and post the
// client's secret to the other host, and a 308 of an admin request sent
// the bearer token to another port of the same host over plain HTTP. Now
// no redirect is followed: the command fails naming the redirect and the
// server's URL, and the other host receives nothing.
func TestServerRedirectKeepsTheCredential(t *testing.T) {
	const secret = "the-admin-secret-0123456789abcdefghijklmnopq"
	var mu sync.Mutex
	var got []string
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		got = append(got, r.Method+" "+r.URL.String()+" "+r.Header.Get("Authorization")+" "+string(b))
		mu.Unlock()
		if r.URL.Path == "/cached/oauth/token" {
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, `{"access_token":"stolen","token_type":"Bearer","expires_in":60}`)
			return
		}
		http.NotFound(w, r)
	}))
	defer other.Close()
	for _, status := range []int{http.StatusTemporaryRedirect, http.StatusPermanentRedirect} {
		first := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, other.URL+r.URL.RequestURI(), status)
		}))
		for _, args := range [][]string{
			{"journal", "report", "--from", "2026-01-01", "--to", "2026-01-31"},
			{"nexus", "report"},
			{"profile", "list", "customers"},
		} {
			code, _, errOut := runCLI(t, append(args, "--server", first.URL, "--client-id", "acme-admin", "--client-secret", secret)...)
			if code == 0 || !strings.Contains(errOut, "redirect") || !strings.Contains(errOut, first.URL) {
				t.Errorf("%d, %v: exit %d, %s; want a failure naming the redirect of %s", status, args, code, errOut, first.URL)
			}
			if strings.Contains(errOut, secret) {
				t.Errorf("%d, %v: the error shows the secret: %s", status, args, errOut)
			}
		}
		first.Close()
	}
	mu.Lock()
	defer mu.Unlock()
	for _, g := range got {
		t.Errorf("the other host received %s", g)
	}
}
