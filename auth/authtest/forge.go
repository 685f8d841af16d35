package authtest

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"testing"
	"time"

	"github.com/levytax/levy/auth"
)

// SigningKeys reads the signing keys of s, as an attacker who copied
// its storage would have them: by key ID (base64url, as
// auth.Claims.KeyID shows it).
func SigningKeys(t testing.TB, s auth.Store) map[string][]byte {
	t.Helper()
	snap, err := s.Snapshot(context.Background())
	if err != nil {
		t.Fatalf("authtest: read the signing keys: %v", err)
	}
	keys := map[string][]byte{}
	for _, k := range snap.Keys {
		keys[k.ID.String()] = k.Key
	}
	return keys
}

// Forged is what a forged token claims.
type Forged struct {
	KeyID                    string // the signing key's ID, base64url
	IssuedAt, ExpiresAt      time.Time
	Generation               uint32
	Tenant, Client, Audience string
}

// Forge returns a token with the claims of f signed with key, built from
// the token format that package auth documents, as an attacker who holds
// a signing key would build it.
func Forge(t testing.TB, key []byte, f Forged) string {
	t.Helper()
	kid, err := base64.RawURLEncoding.DecodeString(f.KeyID)
	if err != nil || len(kid) != 8 {
		t.Fatalf("authtest: key ID %q", f.KeyID)
	}
	p := append([]byte{1}, kid...)
	p = binary.BigEndian.AppendUint64(p, uint64(f.IssuedAt.Unix()))
	p = binary.BigEndian.AppendUint64(p, uint64(f.ExpiresAt.Unix()))
	p = binary.BigEndian.AppendUint32(p, f.Generation)
	id := make([]byte, 12)
	_, _ = rand.Read(id)
	p = append(p, id...)
	for _, s := range []string{f.Tenant, f.Client, f.Audience} {
		p = binary.AppendUvarint(p, uint64(len(s)))
		p = append(p, s...)
	}
	m := hmac.New(sha256.New, key)
	m.Write(p)
	enc := base64.RawURLEncoding
	return enc.EncodeToString(p) + "." + enc.EncodeToString(m.Sum(nil))
}
