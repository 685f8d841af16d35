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

	"github.com/dgraph-io/badger/v4"

	kv "github.com/levytax/levy/badger"
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
// secret written, and Previous, the keys it replaced, only decrypt. Open
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

// storedSecret is a connection's secret as the store holds it: sealed
// with AES-256-GCM under the key KeyID (a fresh random nonce per value,
// bound to the connection's key in the store), or in clear when the
// service has no key. On the wire of the store, a clear secret is a JSON
// string (the only form of schema version 1), a sealed one an object.
type storedSecret struct {
	Clear  string `json:"-"`
	KeyID  string `json:"keyId"`
	Nonce  []byte `json:"nonce"`
	Sealed []byte `json:"sealed"`
}

// String hides the secret from a log or a %v.
func (storedSecret) String() string { return "[secret]" }

// GoString hides the secret from a %#v.
func (storedSecret) GoString() string { return "[secret]" }

func (s storedSecret) MarshalJSON() ([]byte, error) {
	if s.KeyID == "" {
		return json.Marshal(s.Clear)
	}
	type sealed storedSecret
	return json.Marshal(sealed(s))
}

func (s *storedSecret) UnmarshalJSON(b []byte) error {
	*s = storedSecret{}
	if b = bytes.TrimSpace(b); len(b) > 0 && b[0] == '"' {
		return json.Unmarshal(b, &s.Clear)
	}
	type sealed storedSecret
	if err := json.Unmarshal(b, (*sealed)(s)); err != nil {
		return err
	}
	if s.KeyID == "" {
		return errors.New("a sealed secret without its key ID")
	}
	return nil
}

// seal encrypts a secret with k, bound to aad (the connection's key in
// the store), or keeps it in clear when k is nil.
func seal(k *SecretKey, secret string, aad []byte) storedSecret {
	if k == nil {
		return storedSecret{Clear: secret}
	}
	nonce := make([]byte, k.aead.NonceSize())
	_, _ = rand.Read(nonce)
	return storedSecret{KeyID: k.id, Nonce: nonce, Sealed: k.aead.Seal(nil, nonce, []byte(secret), aad)}
}

// open returns the secret of s with the key among ks that sealed it.
func (s storedSecret) open(ks *SecretKeys, aad []byte) (string, error) {
	if s.KeyID == "" {
		return s.Clear, nil
	}
	k := ks.find(s.KeyID)
	if k == nil {
		return "", fmt.Errorf("the secret is encrypted with key %s, which is not among the secrets keys given", s.KeyID)
	}
	if len(s.Nonce) != k.aead.NonceSize() {
		return "", fmt.Errorf("the secret sealed with key %s has a nonce of %d bytes", s.KeyID, len(s.Nonce))
	}
	plain, err := k.aead.Open(nil, s.Nonce, s.Sealed, aad)
	if err != nil {
		return "", fmt.Errorf("the secret sealed with key %s does not open: %w", s.KeyID, err)
	}
	return string(plain), nil
}

// The keys of a rewrite of the connections (see rewriteConnections).
const (
	keyStage     = 'w' // a connection's record as rewritten: 'w' and the rest of its 'W' key
	keyStageDone = 'R' // the staged records are complete
)

// maxBatch bounds the bytes of records written in one transaction of a
// rewrite, well below Badger's limit on a transaction.
const maxBatch = 256 << 10

// reseal makes the stored secrets of connections agree with the keys:
// with keys, every secret stored in clear or under a previous key is
// encrypted again with the current key; without keys (passive is false),
// a secret encrypted under a key is an error, since the connection could
// not sign. A rewrite leaves no copy of the old values in the store's
// files (see rewriteConnections). It returns how many secrets it
// encrypted again.
func reseal(ctx context.Context, db *badger.DB, keys *SecretKeys, passive bool) (int, error) {
	if err := finishRewrite(ctx, db); err != nil {
		return 0, err
	}
	var recs []kvPair
	changed := 0
	err := db.View(func(txn *badger.Txn) error {
		return scan(txn, []byte{keyConn}, func(k, v []byte) (bool, error) {
			var rec connRecord
			if err := json.Unmarshal(v, &rec); err != nil {
				return false, fmt.Errorf("read a webhook connection: %w", err)
			}
			if keys == nil || keys.Current == nil {
				if rec.Secret.KeyID != "" && !passive {
					return false, fmt.Errorf("the secret of webhook connection %s is encrypted with key %s, and no secrets key was given", rec.WebhookID, rec.Secret.KeyID)
				}
				return true, nil
			}
			if rec.Secret.KeyID != keys.Current.id {
				secret, err := rec.Secret.open(keys, k)
				if err != nil {
					return false, fmt.Errorf("webhook connection %s: %w", rec.WebhookID, err)
				}
				rec.Secret = seal(keys.Current, secret, k)
				changed++
				b, err := json.Marshal(rec)
				if err != nil {
					return false, err
				}
				v = b
			}
			recs = append(recs, kvPair{k: bytes.Clone(k), v: bytes.Clone(v)})
			return true, nil
		})
	})
	if err != nil {
		return 0, fmt.Errorf("encrypt the webhook secrets: %w", err)
	}
	if changed == 0 {
		return 0, nil
	}
	if err := rewriteConnections(ctx, db, recs); err != nil {
		return 0, err
	}
	return changed, nil
}

// kvPair is a key and its value.
type kvPair struct{ k, v []byte }

// rewriteConnections replaces the records of every connection with recs
// so that no earlier version of them stays in the store's files: Badger
// keeps the versions a write replaces in its tables until a compaction
// happens to drop them, and an old version holds a secret in clear or
// under a retired key. The new records are staged under keyStage, marked
// complete (keyStageDone); then every version of the 'W' keys is dropped
// from the memtable and the tables (DropPrefix), the staged records are
// copied back, and the staging is dropped the same way. A crash at any
// point leaves either the old records (the staging is incomplete, and is
// dropped) or a complete staging, which the next Open finishes.
func rewriteConnections(ctx context.Context, db *badger.DB, recs []kvPair) error {
	staged := make([]kvPair, len(recs))
	for i, r := range recs {
		staged[i] = kvPair{k: append([]byte{keyStage}, r.k[1:]...), v: r.v}
	}
	if err := writeBatches(ctx, db, staged); err != nil {
		return fmt.Errorf("stage the webhook connections: %w", err)
	}
	if err := kv.Update(ctx, db, func(txn *badger.Txn) error { return txn.Set([]byte{keyStageDone}, nil) }); err != nil {
		return fmt.Errorf("stage the webhook connections: %w", err)
	}
	return finishRewrite(ctx, db)
}

// finishRewrite completes a rewrite of the connections whose staging is
// complete, and drops a staging that is not.
func finishRewrite(ctx context.Context, db *badger.DB) error {
	var done bool
	var staged []kvPair
	err := db.View(func(txn *badger.Txn) error {
		_, err := txn.Get([]byte{keyStageDone})
		switch {
		case err == nil:
			done = true
		case !errors.Is(err, badger.ErrKeyNotFound):
			return err
		}
		return scan(txn, []byte{keyStage}, func(k, v []byte) (bool, error) {
			staged = append(staged, kvPair{k: append([]byte{keyConn}, k[1:]...), v: bytes.Clone(v)})
			return true, nil
		})
	})
	if err != nil {
		return fmt.Errorf("read the staged webhook connections: %w", err)
	}
	if done && len(staged) > 0 {
		if err := db.DropPrefix([]byte{keyConn}); err != nil {
			return fmt.Errorf("drop the old webhook connections: %w", err)
		}
		if err := writeBatches(ctx, db, staged); err != nil {
			return fmt.Errorf("write the webhook connections: %w", err)
		}
	}
	// The mark goes before the staging: a crash between the two leaves a
	// staging without its mark, which is dropped, never a mark without its
	// staging, which would drop every connection.
	if done {
		if err := kv.Update(ctx, db, func(txn *badger.Txn) error { return txn.Delete([]byte{keyStageDone}) }); err != nil {
			return fmt.Errorf("finish the rewrite of the webhook connections: %w", err)
		}
	}
	if len(staged) > 0 {
		if err := db.DropPrefix([]byte{keyStage}); err != nil {
			return fmt.Errorf("drop the staged webhook connections: %w", err)
		}
	}
	return nil
}

// writeBatches writes pairs in transactions of at most maxBatch bytes.
func writeBatches(ctx context.Context, db *badger.DB, pairs []kvPair) error {
	for len(pairs) > 0 {
		n, size := 0, 0
		for n < len(pairs) && (n == 0 || size+len(pairs[n].k)+len(pairs[n].v) <= maxBatch) {
			size += len(pairs[n].k) + len(pairs[n].v)
			n++
		}
		batch := pairs[:n]
		pairs = pairs[n:]
		err := kv.Update(ctx, db, func(txn *badger.Txn) error {
			for _, p := range batch {
				if err := txn.Set(p.k, p.v); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}
