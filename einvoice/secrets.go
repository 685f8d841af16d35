package einvoice

import (
	"bytes"
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
)

// SecretKeySize is the size in bytes of a key that encrypts the secrets
// of webhook connections: AES-256.
const SecretKeySize = 32

// SecretKey encrypts the secrets of webhook connections at rest with
// AES-256-GCM. Its ID, derived from the key, is stored beside every value
// it encrypts, so that a reader knows which key opens it.
type SecretKey struct {
	id   string
	aead cipher.AEAD
}

// NewSecretKey returns the key of raw, which must have SecretKeySize
// bytes.
func NewSecretKey(raw []byte) (*SecretKey, error) {
	if len(raw) != SecretKeySize {
		return nil, fmt.Errorf("a secrets key has %d bytes, not %d", SecretKeySize, len(raw))
	}
	block, err := aes.NewCipher(raw)
	if err != nil {
		return nil, fmt.Errorf("a secrets key: %w", err)
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, fmt.Errorf("a secrets key: %w", err)
	}
	sum := sha256.Sum256(append([]byte("levy einvoice secrets key id\x00"), raw...))
	return &SecretKey{id: hex.EncodeToString(sum[:8]), aead: aead}, nil
}

// ParseSecretKey reads a key written as text: 64 hexadecimal digits, or
// 32 bytes in base64 (standard or URL alphabet, with or without
// padding), with surrounding white space ignored. `openssl rand -base64
// 32` writes one.
func ParseSecretKey(text []byte) (*SecretKey, error) {
	s := strings.TrimSpace(string(text))
	if len(s) == 2*SecretKeySize {
		if raw, err := hex.DecodeString(s); err == nil {
			return NewSecretKey(raw)
		}
	}
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		if raw, err := enc.DecodeString(s); err == nil && len(raw) == SecretKeySize {
			return NewSecretKey(raw)
		}
	}
	return nil, fmt.Errorf("a secrets key must be %d random bytes in base64 (openssl rand -base64 %d) or %d hexadecimal digits", SecretKeySize, SecretKeySize, 2*SecretKeySize)
}

// ReadSecretKeyFile reads a key from a file, as ParseSecretKey reads it.
func ReadSecretKeyFile(path string) (*SecretKey, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read the secrets key: %w", err)
	}
	k, err := ParseSecretKey(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return k, nil
}

// ID returns the key's ID: 16 hexadecimal digits of a hash of the key.
func (k *SecretKey) ID() string { return k.id }

// SecretKeys are the keys of Config.Secrets: Current encrypts every
// secret written, and Previous, the keys it replaced, only decrypt. New
// re-encrypts with Current every secret stored under a previous key or
// in clear.
type SecretKeys struct {
	Current  *SecretKey
	Previous []*SecretKey
}

// find returns the key of id.
func (ks *SecretKeys) find(id string) *SecretKey {
	if ks == nil {
		return nil
	}
	if ks.Current != nil && ks.Current.id == id {
		return ks.Current
	}
	for _, k := range ks.Previous {
		if k != nil && k.id == id {
			return k
		}
	}
	return nil
}

// SealedSecret is a connection's secret as a Store keeps it: sealed with
// AES-256-GCM under a key of SecretKeys (a fresh random nonce per value,
// bound to the connection, see connectionAAD), or in clear when the
// service has no key. A Store keeps it as an opaque value, in the JSON
// form its MarshalJSON writes: a JSON string for a secret in clear (the
// only form of the first stores), an object {"keyId", "nonce", "sealed"}
// for a sealed one. Its zero value is an empty secret in clear.
type SealedSecret struct {
	clear  string
	keyID  string
	nonce  []byte
	sealed []byte
}

// sealedJSON is the JSON form of a sealed secret.
type sealedJSON struct {
	KeyID  string `json:"keyId"`
	Nonce  []byte `json:"nonce"`
	Sealed []byte `json:"sealed"`
}

// String hides the secret from a log or a %v.
func (SealedSecret) String() string { return "[secret]" }

// GoString hides the secret from a %#v.
func (SealedSecret) GoString() string { return "[secret]" }

// MarshalJSON writes a secret in clear as a JSON string, a sealed one as
// an object.
func (s SealedSecret) MarshalJSON() ([]byte, error) {
	if s.keyID == "" {
		return json.Marshal(s.clear)
	}
	return json.Marshal(sealedJSON{KeyID: s.keyID, Nonce: s.nonce, Sealed: s.sealed})
}

// UnmarshalJSON reads either form MarshalJSON writes.
func (s *SealedSecret) UnmarshalJSON(b []byte) error {
	*s = SealedSecret{}
	if b = bytes.TrimSpace(b); len(b) > 0 && b[0] == '"' {
		return json.Unmarshal(b, &s.clear)
	}
	var w sealedJSON
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	if w.KeyID == "" {
		return errors.New("a sealed secret without its key ID")
	}
	s.keyID, s.nonce, s.sealed = w.KeyID, w.Nonce, w.Sealed
	return nil
}

// seal encrypts a secret with k, bound to aad (see connectionAAD), or
// keeps it in clear when k is nil.
func seal(k *SecretKey, secret string, aad []byte) SealedSecret {
	if k == nil {
		return SealedSecret{clear: secret}
	}
	nonce := make([]byte, k.aead.NonceSize())
	_, _ = rand.Read(nonce)
	return SealedSecret{keyID: k.id, nonce: nonce, sealed: k.aead.Seal(nil, nonce, []byte(secret), aad)}
}

// open returns the secret of s with the key among ks that sealed it.
func (s SealedSecret) open(ks *SecretKeys, aad []byte) (string, error) {
	if s.keyID == "" {
		return s.clear, nil
	}
	k := ks.find(s.keyID)
	if k == nil {
		return "", &keyMissingError{keyID: s.keyID}
	}
	if len(s.nonce) != k.aead.NonceSize() {
		return "", fmt.Errorf("the secret sealed with key %s has a nonce of %d bytes", s.keyID, len(s.nonce))
	}
	plain, err := k.aead.Open(nil, s.nonce, s.sealed, aad)
	if err != nil {
		return "", fmt.Errorf("the secret sealed with key %s does not open: %w", s.keyID, err)
	}
	return string(plain), nil
}

// keyMissingError is the error of a secret encrypted with a key that is
// not among the keys given: another process sharing the store (a node
// started with a newer key) sealed it, or this one was given other keys.
type keyMissingError struct{ keyID string }

func (e *keyMissingError) Error() string {
	return fmt.Sprintf("the secret is encrypted with key %s, which is not among the secrets keys given", e.keyID)
}

// reseal makes the stored secrets of connections agree with the keys:
// with keys, every secret stored in clear or under a previous key is
// encrypted again with the current key, and the store rewrites the
// connections so that it keeps no earlier version of them (Store.Reseal);
// without keys (passive is false), a secret encrypted under a key is an
// error, since the connection could not sign. It returns how many
// secrets it encrypted again.
func reseal(ctx context.Context, store Store, keys *SecretKeys, passive bool) (int, error) {
	n, err := store.Reseal(ctx, func(rec *ConnectionRecord) (bool, error) {
		if keys == nil || keys.Current == nil {
			if rec.Secret.keyID != "" && !passive {
				return false, fmt.Errorf("the secret of webhook connection %s is encrypted with key %s, and no secrets key was given", rec.WebhookID, rec.Secret.keyID)
			}
			return false, nil
		}
		if rec.Secret.keyID == keys.Current.id {
			return false, nil
		}
		aad := connectionAAD(rec.TenantID, rec.WebhookID)
		secret, err := rec.Secret.open(keys, aad)
		if err != nil {
			return false, fmt.Errorf("webhook connection %s: %w", rec.WebhookID, err)
		}
		rec.Secret = seal(keys.Current, secret, aad)
		return true, nil
	})
	if err != nil {
		return 0, fmt.Errorf("encrypt the webhook secrets: %w", err)
	}
	return n, nil
}
