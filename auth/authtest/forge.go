package authtest

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"testing"
	"time"

	"github.com/dgraph-io/badger/v4"
)

// SigningKeys reads the signing keys of the auth store in dir, which no
// one may hold open, as an attacker who copied the directory would: by
// key ID (base64url, as auth.Claims.KeyID shows it).
func SigningKeys(t testing.TB, dir string) map[string][]byte {
	t.Helper()
	db, err := badger.Open(badger.DefaultOptions(dir).WithLogger(nil).WithReadOnly(true))
	if err != nil {
		t.Fatalf("authtest: open %s: %v", dir, err)
	}
	defer db.Close()
	keys := map[string][]byte{}
	err = db.View(func(txn *badger.Txn) error {
		it := txn.NewIterator(badger.IteratorOptions{Prefix: []byte{'K'}, PrefetchValues: true})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			var r struct {
				Key []byte `json:"key"`
			}
			if err := it.Item().Value(func(v []byte) error { return json.Unmarshal(v, &r) }); err != nil {
				return err
			}
			keys[base64.RawURLEncoding.EncodeToString(it.Item().Key()[1:])] = r.Key
		}
		return nil
	})
	if err != nil {
		t.Fatalf("authtest: read the signing keys of %s: %v", dir, err)
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
