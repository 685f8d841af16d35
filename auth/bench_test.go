package auth_test

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"strings"
	"testing"

	"github.com/levytax/levy/auth"
)

// benchToken returns an Issuer and a valid token of it.
func benchToken(b *testing.B) (*auth.Issuer, string) {
	clk := newClock()
	i := issuer(b, open(b), clk, auth.Config{})
	c, secret := create(b, i, "https://api.levy.example/calc")
	return i, issue(b, i, c.ClientID, secret, "https://api.levy.example/calc").AccessToken
}

// BenchmarkVerify verifies a valid token.
func BenchmarkVerify(b *testing.B) {
	i, tok := benchToken(b)
	b.SetBytes(int64(len(tok)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := i.Verify(tok); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkHMAC is the floor of BenchmarkVerify: a bare HMAC-SHA256 of
// the payload of the same token with one reused hasher (no decoding, no
// checks).
func BenchmarkHMAC(b *testing.B) {
	_, tok := benchToken(b)
	p, err := base64.RawURLEncoding.DecodeString(tok[:strings.IndexByte(tok, '.')])
	if err != nil {
		b.Fatal(err)
	}
	h := hmac.New(sha256.New, make([]byte, 32))
	var sum [sha256.Size]byte
	b.SetBytes(int64(len(tok)))
	b.ReportAllocs()
	for b.Loop() {
		h.Reset()
		h.Write(p)
		h.Sum(sum[:0])
	}
}

// BenchmarkVerifyParallel verifies a valid token on every core.
func BenchmarkVerifyParallel(b *testing.B) {
	i, tok := benchToken(b)
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if _, err := i.Verify(tok); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

// BenchmarkIssue issues tokens with the default hash parameters: the cost
// of a token request, dominated by argon2id.
func BenchmarkIssue(b *testing.B) {
	i, err := auth.NewIssuer(context.Background(), open(b), auth.Config{RateLimit: 1 << 30})
	if err != nil {
		b.Fatal(err)
	}
	c, secret, err := i.Create(context.Background(), "acme", []string{"calc"}, true)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := i.Issue(context.Background(), c.ClientID, secret, "calc"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCachedHit answers the caching endpoint from its cache, with
// the secret that last succeeded (no hash): the store reads of a cached
// token handed out, the credential's, the store's version and the
// cached token's, over the memory store.
func BenchmarkCachedHit(b *testing.B) {
	i := issuer(b, open(b), newClock(), auth.Config{})
	c, secret := create(b, i, "calc")
	first, err := i.Cached(context.Background(), c.ClientID, secret, "calc")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		tok, err := i.Cached(context.Background(), c.ClientID, secret, "calc")
		if err != nil || tok != first {
			b.Fatalf("Cached: %v, a new token %v", err, tok != first)
		}
	}
}
