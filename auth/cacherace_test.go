package auth_test

import (
	"context"
	"errors"
	"testing"

	"github.com/levytax/levy/auth"
)

// hookStore is a Store that runs hook once, at its first CachedToken,
// before it reads the cached token.
type hookStore struct {
	auth.Store
	hook func()
}

func (s *hookStore) CachedToken(ctx context.Context, clientID, audience string) (auth.Token, bool, error) {
	if h := s.hook; h != nil {
		s.hook = nil
		h()
	}
	return s.Store.CachedToken(ctx, clientID, audience)
}

// TestCachedTokenOfTheOldSecretAfterRotation replaces a client's secret
// while a request with the old secret is between its authentication and
// its read of the cache, and the new secret caches a token meanwhile (on
// the same node, or on another node sharing the store). The request with
// the old secret must be refused: it may not leave with the token cached
// for the new secret.
func TestCachedTokenOfTheOldSecretAfterRotation(t *testing.T) {
	ctx := context.Background()
	for _, otherNode := range []bool{false, true} {
		name := "same node"
		if otherNode {
			name = "other node"
		}
		t.Run(name, func(t *testing.T) {
			clk := newClock()
			shared := open(t)
			hs := &hookStore{Store: shared}
			b := issuer(t, hs, clk, auth.Config{})
			a := b
			if otherNode {
				a = issuer(t, shared, clk, auth.Config{})
			}
			cred, old, err := b.Create(ctx, "acme", []string{"calc"}, true)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := a.Refresh(ctx); err != nil {
				t.Fatal(err)
			}
			var (
				fresh     auth.Token
				newSecret string
			)
			hs.hook = func() {
				var err error
				if _, newSecret, err = a.Rotate(ctx, cred.ClientID); err != nil {
					t.Fatal(err)
				}
				if fresh, err = a.Cached(ctx, cred.ClientID, newSecret, "calc"); err != nil {
					t.Fatal(err)
				}
			}
			tok, err := b.Cached(ctx, cred.ClientID, old, "calc")
			var ae *auth.Error
			if !errors.As(err, &ae) || ae.Code != auth.CodeInvalidClient {
				same := tok.AccessToken != "" && tok.AccessToken == fresh.AccessToken
				t.Fatalf("the old secret after the rotation: %+v, %v (the new secret's token: %v); want invalid_client", tok, err, same)
			}
			// The new secret's token stays cached for it.
			if again, err := a.Cached(ctx, cred.ClientID, newSecret, "calc"); err != nil || again.AccessToken != fresh.AccessToken {
				t.Fatalf("the new secret again: %v, %v; want the token cached for it", again.AccessToken == fresh.AccessToken, err)
			}
		})
	}
}
