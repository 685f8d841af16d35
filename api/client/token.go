package client

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"

	"github.com/levytax/levy/internal/clip"
	"golang.org/x/oauth2"
	"golang.org/x/oauth2/clientcredentials"
)

// tokens keeps the access token of WithClientCredentials, shared by the
// calls of a Client. A call whose token is missing or about to expire
// fetches one under its own context, so the end of that context stops
// the wait; the calls that need a token meanwhile queue for the one fetch
// in progress, each as long as its own context allows, and take the
// token it kept.
type tokens struct {
	cfg  *clientcredentials.Config
	hc   *http.Client
	turn chan struct{} // holds one value while a fetch is in progress

	mu  sync.Mutex
	tok *oauth2.Token
}

// newTokens returns the tokens of cfg, asked for with a copy of hc that
// follows no redirect: the token request posts the client's secret, and
// a 307 or 308 would post it again to the redirect's host (see
// redirected).
func newTokens(cfg *clientcredentials.Config, hc *http.Client) *tokens {
	own := *hc
	own.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return &tokens{cfg: cfg, hc: &own, turn: make(chan struct{}, 1)}
}

// redirected returns the error of a token request answered with a
// redirect, which err (of the oauth2 package) holds, or err.
func (t *tokens) redirected(err error) error {
	var re *oauth2.RetrieveError
	if !errors.As(err, &re) || re.Response == nil || re.Response.StatusCode < 300 || re.Response.StatusCode > 399 {
		return err
	}
	return fmt.Errorf("client: the token URL %s answered %s, a redirect to %q, which the client does not follow with its secret: "+
		"give WithClientCredentials the URL that answers itself", t.cfg.TokenURL, re.Response.Status, clip.To(re.Response.Header.Get("Location"), 200))
}

// valid returns the kept token when it is not about to expire, or "".
func (t *tokens) valid() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.tok.Valid() {
		return t.tok.AccessToken
	}
	return ""
}

// get returns a valid access token, fetching one when needed.
// forget drops the kept token when it is s, one that the server refused
// before it expired, so that the next fetch asks for a new one. It
// reports whether a call sent again may get another token: false only
// for a call that sent none.
func (t *tokens) forget(s string) bool {
	if s == "" {
		return false
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.tok != nil && t.tok.AccessToken == s {
		t.tok = nil
	}
	return true
}

func (t *tokens) get(ctx context.Context) (string, error) {
	if s := t.valid(); s != "" {
		return s, nil
	}
	select {
	case t.turn <- struct{}{}:
	case <-ctx.Done():
		return "", ctx.Err()
	}
	defer func() { <-t.turn }()
	if s := t.valid(); s != "" {
		return s, nil // fetched by the call before this one
	}
	tok, err := t.cfg.Token(context.WithValue(ctx, oauth2.HTTPClient, t.hc))
	if err != nil {
		if ctx.Err() != nil {
			return "", fmt.Errorf("client: fetching an access token: %w", ctx.Err())
		}
		return "", t.redirected(err)
	}
	t.mu.Lock()
	t.tok = tok
	t.mu.Unlock()
	return tok.AccessToken, nil
}
