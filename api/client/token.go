package client

import (
	"context"
	"fmt"
	"net/http"
	"sync"

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

func newTokens(cfg *clientcredentials.Config, hc *http.Client) *tokens {
	return &tokens{cfg: cfg, hc: hc, turn: make(chan struct{}, 1)}
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
		return "", err
	}
	t.mu.Lock()
	t.tok = tok
	t.mu.Unlock()
	return tok.AccessToken, nil
}
