package hostwalk_test

import (
	"context"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api/client"
	"github.com/levytax/levy/api/oauth"
)

// The operator retires the signing key at once (levy clients retire-key,
// a key thought leaked): the token a remote host keeps is refused, and
// the host's next call gets a new token and succeeds, rather than being
// refused until its old token would have expired.
func TestRemoteHostAfterKeyRetired(t *testing.T) {
	ctx := context.Background()
	r := startRemote(t, nil)
	srv, iss, tokenCalls := r.srv, r.iss, r.tokenCalls
	c, err := client.New(srv.URL+"/api/v2", client.WithClientCredentials(srv.URL+"/cached/oauth/token", r.clientID, r.secret, oauth.DefaultAudience))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Sale(ctx, quotation()); err != nil {
		t.Fatal(err)
	}
	var old string
	for _, k := range iss.Keys() {
		if k.Current {
			old = k.KeyID
		}
	}
	if _, err := iss.RotateKey(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := iss.RetireKey(ctx, old); err != nil {
		t.Fatal(err)
	}
	resp, err := c.Sale(ctx, quotation())
	if err != nil {
		t.Fatalf("the call after the retirement: %q %v (%d token requests), want a new token and an answer", levy.ErrorCode(err), err, tokenCalls.Load())
	}
	if resp.TotalTax.String() != "2.50" || tokenCalls.Load() != 2 {
		t.Fatalf("after the retirement: tax %s with %d token requests, want 2.50 with 2", resp.TotalTax, tokenCalls.Load())
	}

	// A credential revoked meanwhile is refused as unauthorized (its new
	// token is refused), once.
	if _, err := iss.Revoke(ctx, r.clientID); err != nil {
		t.Fatal(err)
	}
	_, err = c.Sale(ctx, quotation())
	if code := levy.ErrorCode(err); code != levy.EUnauthorized {
		t.Fatalf("a revoked credential: %q %v, want %q", code, err, levy.EUnauthorized)
	}
}
