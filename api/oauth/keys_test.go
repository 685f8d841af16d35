package oauth_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth"
	"github.com/levytax/levy/auth/authtest"
)

// TestLeakedKeyAfterRotation replays the attack of a leaked signing key
// over HTTP: a token forged with it for a real client, generation 1 and an
// expiry in 2100 is refused, before the rotation (its lifetime is longer
// than the TTL) and after the rotation and a TTL (the key has retired);
// DELETE /admin/v1/keys/{kid} retires a key at once.
func TestLeakedKeyAfterRotation(t *testing.T) {
	ctx := context.Background()
	s := authtest.Open(t)
	i, err := auth.NewIssuer(ctx, s, auth.Config{Hash: authtest.FastHash()})
	if err != nil {
		t.Fatal(err)
	}
	cred, secret := authtest.Credential(t, i, "acme", oauth.DefaultAudience)
	admin, adminSecret := authtest.Credential(t, i, "acme", oauth.DefaultOperatorAudience)
	keys := authtest.SigningKeys(t, s) // the leak
	f := setupWith(t, func(clk *clock) *auth.Issuer {
		i, err := auth.NewIssuer(ctx, s, auth.Config{Hash: authtest.FastHash(), Now: clk.now})
		if err != nil {
			t.Fatal(err)
		}
		return i
	})
	f.clk.set(time.Now().Add(time.Second)) // the credentials were made on the real clock
	var leaked string
	for kid := range keys {
		leaked = kid
	}
	forge := func(issued, expires time.Time) string {
		return authtest.Forge(t, keys[leaked], authtest.Forged{KeyID: leaked, IssuedAt: issued, ExpiresAt: expires,
			Generation: 1, Tenant: "acme", Client: cred.ClientID, Audience: oauth.DefaultAudience})
	}
	calc := func(tok string) reply {
		return f.send(t, "POST", "/vertex-ws/v2/supplies", "application/json", quotation(t), "Authorization", "Bearer "+tok)
	}
	in2100 := time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC)
	token := func(id, secret string) string {
		r := f.send(t, "POST", "/oauth/token", formType, form("grant_type", "client_credentials", "client_id", id, "client_secret", secret))
		tok, _ := r.body["access_token"].(string)
		if r.status != 200 || tok == "" {
			t.Fatalf("token: %d %s", r.status, r.raw)
		}
		return tok
	}
	adminTok := token(admin.ClientID, adminSecret)

	if r := calc(forge(f.clk.now(), in2100)); r.status != 401 {
		t.Fatalf("forged with the current key, expiry in 2100: %d %s", r.status, r.raw)
	}
	if r := calc(forge(f.clk.now(), f.clk.now().Add(20*time.Minute))); r.status != 200 {
		t.Fatalf("forged with the current key within the TTL (the forger is right): %d %s", r.status, r.raw)
	}
	if r := f.send(t, "POST", "/admin/v1/keys", "", "", "Authorization", "Bearer "+adminTok); r.status != 200 {
		t.Fatalf("rotation: %d %s", r.status, r.raw)
	}
	f.clk.add(20 * time.Minute)
	if r := calc(forge(f.clk.now(), in2100)); r.status != 401 {
		t.Fatalf("forged with the previous key after rotation and a TTL, expiry in 2100: %d %s", r.status, r.raw)
	}
	if r := calc(forge(f.clk.now(), f.clk.now().Add(20*time.Minute))); r.status != 401 {
		t.Fatalf("forged with the previous key after rotation and a TTL: %d %s", r.status, r.raw)
	}

	// Retiring the current key at once.
	adminTok = token(admin.ClientID, adminSecret)
	tok := token(cred.ClientID, secret)
	if r := calc(tok); r.status != 200 {
		t.Fatalf("a token of the current key: %d %s", r.status, r.raw)
	}
	r := f.send(t, "GET", "/admin/v1/keys", "", "", "Authorization", "Bearer "+adminTok)
	list, _ := r.body["data"].([]any)
	if r.status != 200 || len(list) != 1 {
		t.Fatalf("keys: %d %s", r.status, r.raw)
	}
	current, _ := list[0].(map[string]any)["kid"].(string)
	r = f.send(t, "DELETE", "/admin/v1/keys/"+current, "", "", "Authorization", "Bearer "+adminTok)
	data, _ := r.body["data"].(map[string]any)
	if r.status != 200 || data["kid"] != current || data["current"] == current || data["current"] == "" {
		t.Fatalf("retire the current key: %d %s", r.status, r.raw)
	}
	if r := calc(tok); r.status != 401 {
		t.Fatalf("a token of the retired key: %d %s", r.status, r.raw)
	}
	if r := calc(token(cred.ClientID, secret)); r.status != 200 {
		t.Fatalf("a token of the new key: %d %s", r.status, r.raw)
	}
	adminTok = token(admin.ClientID, adminSecret)
	for kid, status := range map[string]int{current: 404, "short": 400} {
		if r := f.send(t, "DELETE", "/admin/v1/keys/"+kid, "", "", "Authorization", "Bearer "+adminTok); r.status != status {
			t.Errorf("retire %q: %d %s, want %d", kid, r.status, r.raw, status)
		}
	}
}

// retireMidway is a Store that, once armed, runs retire inside the next
// issuance step (CountIssue or SwapCachedToken) before the step itself:
// the operator's DELETE /admin/v1/keys/{kid} landing while a token
// request is between signing its token and the store's answer.
type retireMidway struct {
	auth.Store
	retire atomic.Pointer[func()]
}

func (s *retireMidway) midway() {
	if f := s.retire.Swap(nil); f != nil {
		(*f)()
	}
}

func (s *retireMidway) CountIssue(ctx context.Context, is auth.Issuance, limit int, window time.Duration) (bool, error) {
	s.midway()
	return s.Store.CountIssue(ctx, is, limit, window)
}

func (s *retireMidway) SwapCachedToken(ctx context.Context, c auth.CacheSwap) (auth.Token, bool, error) {
	s.midway()
	return s.Store.SwapCachedToken(ctx, c)
}

// TestKeyRetiredWhileATokenIsIssued: the operator retires the current
// signing key (DELETE /admin/v1/keys/{kid}, as after a leak) while a
// client's token request is in the store's step, at each token endpoint.
// The client's token must be signed with a key that verifies: the
// calculation with it is answered 200. Before, the token was signed with
// the key just retired before the store's step and handed out 200 all
// the same: the calculation got 401, and at /oauth/token that dead token
// had spent one of the client's 10 tokens per 8 hours.
func TestKeyRetiredWhileATokenIsIssued(t *testing.T) {
	ctx := context.Background()
	s := &retireMidway{Store: authtest.Open(t)}
	f := setupWith(t, func(clk *clock) *auth.Issuer {
		i, err := auth.NewIssuer(ctx, s, auth.Config{Hash: authtest.FastHash(), Now: clk.now})
		if err != nil {
			t.Fatal(err)
		}
		return i
	})
	cred, secret := authtest.Credential(t, f.iss, "acme", oauth.DefaultAudience)
	op, opSecret := authtest.Credential(t, f.iss, "default", oauth.DefaultOperatorAudience)
	f.clk.set(time.Now().Add(time.Second)) // the credentials were made on the real clock
	token := func(path, id, secret string) string {
		t.Helper()
		r := f.send(t, "POST", path, formType, form("grant_type", "client_credentials", "client_id", id, "client_secret", secret))
		tok, _ := r.body["access_token"].(string)
		if r.status != 200 || tok == "" {
			t.Fatalf("%s: %d %s", path, r.status, r.raw)
		}
		return tok
	}
	for _, path := range []string{"/oauth/token", "/cached/oauth/token"} {
		opTok := token("/oauth/token", op.ClientID, opSecret)
		var current string
		for _, k := range f.iss.Keys() {
			if k.Current {
				current = k.KeyID
			}
		}
		retire := func() {
			if r := f.send(t, "DELETE", "/admin/v1/keys/"+current, "", "", "Authorization", "Bearer "+opTok); r.status != 200 {
				t.Errorf("DELETE /admin/v1/keys/%s: %d %s", current, r.status, r.raw)
			}
		}
		s.retire.Store(&retire)
		tok := token(path, cred.ClientID, secret)
		r := f.send(t, "POST", "/vertex-ws/v2/supplies", "application/json", quotation(t), "Authorization", "Bearer "+tok)
		if r.status != 200 {
			t.Errorf("%s, key %s retired while the token was issued: the calculation with the token is %d %s, want 200", path, current, r.status, r.raw)
		}
	}
}
