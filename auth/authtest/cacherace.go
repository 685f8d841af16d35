package authtest

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/levytax/levy/auth"
)

// hookStore is a Store that runs hook once, at its first CachedToken,
// before it reads the cached token; it passes every call on to the Store
// it holds.
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

// testCachedAfterRotation replaces a client's secret through the Issuer
// over store a while a request at the caching endpoint with the old
// secret, through the Issuer over store b, is between its authentication
// and its read of the cache, and the new secret caches a token
// meanwhile. With a == b it is one node (one Issuer); otherwise two nodes
// sharing the storage. The request with the old secret must be refused
// invalid_client: it may not leave with the token cached for the new
// secret, which stays cached for it.
func testCachedAfterRotation(t *testing.T, a, b auth.Store) {
	ctx := context.Background()
	cfg := auth.Config{Hash: FastHash(), Now: func() time.Time { return epoch }}
	hs := &hookStore{Store: b}
	second, err := auth.NewIssuer(ctx, hs, cfg)
	must(t, err)
	first := second
	if a != b {
		first, err = auth.NewIssuer(ctx, a, cfg)
		must(t, err)
	}
	cred, old, err := second.Create(ctx, "acme", []string{"calc"}, true)
	must(t, err)
	_, err = first.Refresh(ctx)
	must(t, err)
	var (
		fresh     auth.Token
		newSecret string
	)
	hs.hook = func() {
		var err error
		_, newSecret, err = first.Rotate(ctx, cred.ClientID)
		must(t, err)
		fresh, err = first.Cached(ctx, cred.ClientID, newSecret, "calc")
		must(t, err)
	}
	tok, err := second.Cached(ctx, cred.ClientID, old, "calc")
	var ae *auth.Error
	if !errors.As(err, &ae) || ae.Code != auth.CodeInvalidClient {
		same := tok.AccessToken != "" && tok.AccessToken == fresh.AccessToken
		t.Fatalf("the old secret after the rotation: %v (the new secret's token: %v); want invalid_client", err, same)
	}
	if again, err := first.Cached(ctx, cred.ClientID, newSecret, "calc"); err != nil || again.AccessToken != fresh.AccessToken {
		t.Fatalf("the new secret again: same token %v, %v; want the token cached for it", again.AccessToken == fresh.AccessToken, err)
	}
}
