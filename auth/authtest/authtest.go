package authtest

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"testing"

	"github.com/levytax/levy/auth"
)

// FastHash returns the hash parameters that make secrets cheap to hash
// (one pass over 64 KiB): for tests only.
func FastHash() auth.HashParams {
	return auth.HashParams{Time: 1, Memory: 64, Threads: 1}
}

// Open returns a new store in memory (auth.NewMemory), closed when the
// test ends.
func Open(t testing.TB) auth.Store {
	t.Helper()
	s := auth.NewMemory()
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("authtest: close the store: %v", err)
		}
	})
	return s
}

// Issuer returns an Issuer with cfg over a new store from Open. It hashes
// secrets with FastHash unless cfg.Hash says otherwise.
func Issuer(t testing.TB, cfg auth.Config) *auth.Issuer {
	t.Helper()
	if cfg.Hash == (auth.HashParams{}) {
		cfg.Hash = FastHash()
	}
	i, err := auth.NewIssuer(context.Background(), Open(t), cfg)
	if err != nil {
		t.Fatalf("authtest: new issuer: %v", err)
	}
	return i
}

// Credential creates a credential of tenant for audiences, active at
// once, and returns it with its secret.
func Credential(t testing.TB, i *auth.Issuer, tenant string, audiences ...string) (auth.Credential, string) {
	t.Helper()
	c, secret, err := i.Create(context.Background(), tenant, audiences, true)
	if err != nil {
		t.Fatalf("authtest: create a credential: %v", err)
	}
	return c, secret
}

// Token creates a credential of tenant for audience, active at once, and
// returns a token issued to it.
func Token(t testing.TB, i *auth.Issuer, tenant, audience string) string {
	t.Helper()
	c, secret := Credential(t, i, tenant, audience)
	tok, err := i.Issue(context.Background(), c.ClientID, secret, audience)
	if err != nil {
		t.Fatalf("authtest: issue a token: %v", err)
	}
	return tok.AccessToken
}

// RandomClientID returns a client ID that no store has: 16 random bytes
// in base64url, as real ones are.
func RandomClientID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}
