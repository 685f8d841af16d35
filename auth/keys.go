package auth

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"sync"
	"time"

	"github.com/dgraph-io/badger/v4"

	kv "github.com/levytax/levy/badger"
)

// Key prefixes of the Badger layout (see the package documentation).
const (
	keySchema     = 'V'
	keyCredential = 'C'
	keySigning    = 'K'
	keyCurrent    = 'A'
	keyRate       = 'R'
	keyCache      = 'T'
	keyTenant     = 'N'
)

// schemaVersion is the layout this package reads and writes.
const schemaVersion = "1"

// credentialKey is 'C' client.
func credentialKey(client string) []byte {
	return kv.AppendLP([]byte{keyCredential}, client)
}

// signingKey is 'K' kid.
func signingKey(kid [kidLen]byte) []byte {
	return append([]byte{keySigning}, kid[:]...)
}

// rateKey is 'R' client audience.
func rateKey(client, audience string) []byte {
	return kv.AppendLP(kv.AppendLP([]byte{keyRate}, client), audience)
}

// cacheKey is 'T' client audience.
func cacheKey(client, audience string) []byte {
	return kv.AppendLP(kv.AppendLP([]byte{keyCache}, client), audience)
}

// cachePrefix is 'T' client, the prefix of a client's cached tokens.
func cachePrefix(client string) []byte {
	return kv.AppendLP([]byte{keyCache}, client)
}

// Sizes of a signing key and its ID, in bytes.
const (
	kidLen = 8
	keyLen = 32
)

// keyRecord is a signing key as stored under 'K' kid (JSON).
type keyRecord struct {
	Key       []byte    `json:"key"`
	CreatedAt time.Time `json:"created_at"`
	// SupersededAt is when another key became the current one; zero for
	// the current key. Keys stored before it was kept have none: they
	// count as superseded when the current key was made.
	SupersededAt time.Time `json:"superseded_at,omitzero"`
}

// signKey is a signing key in memory, with a pool of HMAC hashers keyed
// with it. It is immutable but for the pool, which is safe for concurrent
// use.
type signKey struct {
	id         [kidLen]byte
	kid        string // id in base64url, as Claims.KeyID shows it
	key        []byte
	created    time.Time
	superseded int64     // Unix seconds when another key became current; 0 for the current key
	pool       sync.Pool // of *macState
}

// macState is a hasher of one key with the scratch space of a
// verification, taken from the key's pool by one goroutine at a time.
type macState struct {
	h   hash.Hash
	sum [sha256.Size]byte
	buf [maxPayload]byte
}

// newSignKey returns a signing key in memory, made at created and
// superseded at superseded (zero for the current key).
func newSignKey(id [kidLen]byte, key []byte, created, superseded time.Time) *signKey {
	k := &signKey{id: id, kid: encodeString(id[:]), key: key, created: created.UTC()}
	if !superseded.IsZero() {
		k.superseded = superseded.Unix()
	}
	k.pool.New = func() any { return &macState{h: hmac.New(sha256.New, k.key)} }
	return k
}

// supersededAt returns k marked as superseded at t.
func (k *signKey) supersededAt(t time.Time) *signKey {
	return newSignKey(k.id, k.key, k.created, t)
}

// record returns k as the store keeps it.
func (k *signKey) record() keyRecord {
	r := keyRecord{Key: k.key, CreatedAt: k.created}
	if k.superseded != 0 {
		r.SupersededAt = time.Unix(k.superseded, 0).UTC()
	}
	return r
}

// parseKid reads a key ID as Claims.KeyID and KeyInfo show it.
func parseKid(kid string) ([kidLen]byte, bool) {
	var id [kidLen]byte
	n, ok := decode(id[:], kid)
	return id, ok && n == kidLen
}

// credState is what verifying a token needs of a credential. It is
// immutable.
type credState struct {
	client     string
	tenant     string
	audiences  []string
	generation uint32
	revoked    bool
}

// memState is the in-memory state of a Store: its signing keys and the
// state of its credentials. It is immutable: a change makes a new one.
type memState struct {
	keys    map[[kidLen]byte]*signKey
	current *signKey // nil until the first key is made
	creds   map[string]*credState
	tenants map[string]string // tenant to its UUID
}

// withCred returns a copy of m with c.
func (m *memState) withCred(c *credState) *memState {
	n := &memState{keys: m.keys, current: m.current, creds: make(map[string]*credState, len(m.creds)+1), tenants: m.tenants}
	for k, v := range m.creds {
		n.creds[k] = v
	}
	n.creds[c.client] = c
	return n
}

// withTenants returns a copy of m with the tenants' UUIDs of tenants,
// which it keeps.
func (m *memState) withTenants(tenants map[string]string) *memState {
	return &memState{keys: m.keys, current: m.current, creds: m.creds, tenants: tenants}
}

// withKeys returns a copy of m with current as the current key, the keys
// of put added or replaced, and the keys of drop removed.
func (m *memState) withKeys(current *signKey, put []*signKey, drop [][kidLen]byte) *memState {
	n := &memState{keys: make(map[[kidLen]byte]*signKey, len(m.keys)+len(put)), current: current, creds: m.creds, tenants: m.tenants}
	for id, v := range m.keys {
		n.keys[id] = v
	}
	for _, k := range put {
		n.keys[k.id] = k
	}
	for _, id := range drop {
		delete(n.keys, id)
	}
	return n
}

// load reads the signing keys and the credentials' states.
func (s *Store) load() (*memState, error) {
	m := &memState{keys: map[[kidLen]byte]*signKey{}, creds: map[string]*credState{}, tenants: map[string]string{}}
	err := s.db.View(func(txn *badger.Txn) error {
		if err := loadKeys(txn, m); err != nil {
			return err
		}
		if err := loadTenants(txn, m); err != nil {
			return err
		}
		return loadCreds(txn, m)
	})
	if err != nil {
		return nil, fmt.Errorf("load: %w", err)
	}
	return m, nil
}

// loadKeys reads the signing keys and the current key's ID into m.
func loadKeys(txn *badger.Txn, m *memState) error {
	it := txn.NewIterator(badger.IteratorOptions{Prefix: []byte{keySigning}, PrefetchValues: false})
	defer it.Close()
	for it.Rewind(); it.Valid(); it.Next() {
		item := it.Item()
		k := item.Key()
		if len(k) != 1+kidLen {
			return fmt.Errorf("signing key %x: bad key length", k)
		}
		var id [kidLen]byte
		copy(id[:], k[1:])
		var r keyRecord
		if err := item.Value(func(v []byte) error { return json.Unmarshal(v, &r) }); err != nil {
			return fmt.Errorf("read signing key %s: %w", encodeString(id[:]), err)
		}
		if len(r.Key) != keyLen {
			return fmt.Errorf("read signing key %s: %d bytes, want %d", encodeString(id[:]), len(r.Key), keyLen)
		}
		m.keys[id] = newSignKey(id, r.Key, r.CreatedAt, r.SupersededAt)
	}

	item, err := txn.Get([]byte{keyCurrent})
	if errors.Is(err, badger.ErrKeyNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("read current signing key: %w", err)
	}
	v, err := item.ValueCopy(nil)
	if err != nil {
		return fmt.Errorf("read current signing key: %w", err)
	}
	if len(v) != kidLen {
		return fmt.Errorf("read current signing key: bad key ID %x", v)
	}
	var id [kidLen]byte
	copy(id[:], v)
	if m.current = m.keys[id]; m.current == nil {
		return fmt.Errorf("read current signing key: no key %s", encodeString(id[:]))
	}
	// A key stored before the time it was superseded was kept counts as
	// superseded when the current key was made, which is no earlier.
	for kid, k := range m.keys {
		if k != m.current && k.superseded == 0 {
			m.keys[kid] = k.supersededAt(maxTime(m.current.created, k.created))
		}
	}
	return nil
}

// maxTime returns the later of a and b.
func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// loadCreds reads the credentials' states into m.
func loadCreds(txn *badger.Txn, m *memState) error {
	return eachRecord(txn, func(r *record) { m.creds[r.ClientID] = r.state() })
}

// eachRecord calls fn with the record of each credential, in key order.
func eachRecord(txn *badger.Txn, fn func(*record)) error {
	it := txn.NewIterator(badger.IteratorOptions{Prefix: []byte{keyCredential}, PrefetchValues: true})
	defer it.Close()
	for it.Rewind(); it.Valid(); it.Next() {
		r, err := decodeRecord(it.Item())
		if err != nil {
			return err
		}
		fn(r)
	}
	return nil
}
