package auth

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"sync"
	"time"
)

// Bounds of the memory of verified secrets.
const (
	verifiedTTL = 10 * time.Minute
	maxVerified = 10_000
)

// verified remembers, for a short time, the secrets that matched their
// stored hash, so that a client that asks for tokens again with the same
// secret is not made to wait for argon2id each time. It keeps no secret:
// an entry is an HMAC of the secret under a key made at random when the
// Registry starts, filed under the stored hash it matched. A rotated secret
// has another hash, so its entries are never consulted again; a wrong
// secret finds no equal entry and goes through argon2id as before.
//
// verified is safe for concurrent use.
type verified struct {
	key [32]byte

	mu      sync.Mutex
	entries map[string]verifiedEntry // by stored hash
}

type verifiedEntry struct {
	mac     [sha256.Size]byte
	expires time.Time
}

func newVerified() *verified {
	v := &verified{entries: map[string]verifiedEntry{}}
	_, _ = rand.Read(v.key[:])
	return v
}

// mac is the HMAC of a secret under the process's key.
func (v *verified) mac(secret string) (sum [sha256.Size]byte) {
	m := hmac.New(sha256.New, v.key[:])
	m.Write([]byte(secret))
	m.Sum(sum[:0])
	return sum
}

// known reports whether secret matched the stored hash recently.
func (v *verified) known(hash []byte, secret string, now time.Time) bool {
	v.mu.Lock()
	e, ok := v.entries[string(hash)]
	v.mu.Unlock()
	if !ok || now.After(e.expires) {
		return false
	}
	sum := v.mac(secret)
	return hmac.Equal(sum[:], e.mac[:])
}

// remember notes that secret matched the stored hash.
func (v *verified) remember(hash []byte, secret string, now time.Time) {
	e := verifiedEntry{mac: v.mac(secret), expires: now.Add(verifiedTTL)}
	v.mu.Lock()
	defer v.mu.Unlock()
	if len(v.entries) >= maxVerified {
		for k, old := range v.entries {
			if now.After(old.expires) || len(v.entries) >= maxVerified {
				delete(v.entries, k)
			}
		}
	}
	v.entries[string(hash)] = e
}
