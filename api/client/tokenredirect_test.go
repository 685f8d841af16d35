package client_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/levytax/levy/api/client"
)

// TestTokenRequestFollowsNoRedirect points WithClientCredentials at a
// token URL that redirects (307 and 308) to another host. The oauth2
// package asked with the Client's HTTP client, which followed the
// redirect and posted the form again, client_secret included, to the
// other host, and the call then used the token that host made up. Now
// the token request follows no redirect, whatever the HTTP client: the
// call fails naming the redirect, and the other host receives nothing.
func TestTokenRequestFollowsNoRedirect(t *testing.T) {
	const secret = "the-client-secret-0123456789abcdefghijklmn"
	var mu sync.Mutex
	var got []string
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		got = append(got, r.Method+" "+r.URL.Path+" "+string(b))
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"access_token":"made-up","token_type":"Bearer","expires_in":3600}`)
	}))
	defer other.Close()
	for _, status := range []int{http.StatusTemporaryRedirect, http.StatusPermanentRedirect} {
		first := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, other.URL+r.URL.RequestURI(), status)
		}))
		for name, opts := range map[string][]client.Option{
			"the default HTTP client": nil,
			"a client of the caller":  {client.WithHTTPClient(&http.Client{})},
		} {
			c, err := client.New(first.URL+"/api/v2", append(opts, client.WithClientCredentials(first.URL+"/oauth/token", "id", secret, "calc"))...)
			if err != nil {
				t.Fatal(err)
			}
			_, err = c.TransactionExists(context.Background(), "x")
			if err == nil || !strings.Contains(err.Error(), "redirect") || !strings.Contains(err.Error(), other.URL) {
				t.Errorf("%d, %s: %v, want an error naming the redirect", status, name, err)
			}
			if err != nil && strings.Contains(err.Error(), secret) {
				t.Errorf("%d, %s: the error shows the secret: %v", status, name, err)
			}
		}
		first.Close()
	}
	mu.Lock()
	defer mu.Unlock()
	for _, g := range got {
		if strings.Contains(g, secret) {
			t.Errorf("the other host received the secret: %s", g)
		} else {
			t.Errorf("the other host received %s", g)
		}
	}
}
