package auth

import (
	"crypto/hmac"
	"crypto/sha256"
	"fmt"
	"hash"
	"maps"
	"sync"
	"time"
)

// Sizes of a signing key and its ID, in bytes.
const (
	kidLen = len(KeyID{})
	keyLen = 32
)

// signKey is a signing key in memory, with a pool of HMAC hashers keyed
// with it. It is immutable but for the pool, which is safe for concurrent
// use.
type signKey struct {
	id         KeyID
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

// newSignKey returns the signing key k in memory.
func newSignKey(k SigningKey) *signKey {
	s := &signKey{id: k.ID, kid: k.ID.String(), key: k.Key, created: k.CreatedAt.UTC()}
	if !k.SupersededAt.IsZero() {
		s.superseded = k.SupersededAt.Unix()
	}
	s.pool.New = func() any { return &macState{h: hmac.New(sha256.New, s.key)} }
	return s
}

// parseKid reads a key ID as Claims.KeyID and KeyInfo show it.
func parseKid(kid string) (KeyID, bool) {
	var id KeyID
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

// state returns what verifying a token needs of r.
func (r *Record) state() *credState {
	return &credState{
		client:     r.ClientID,
		tenant:     r.Tenant,
		audiences:  r.Audiences,
		generation: r.Generation,
		revoked:    r.Revoked(),
	}
}

// memState is the in-memory state of a Registry: its signing keys, the
// state of its credentials and its tenants' IDs, as of the Store's
// version. It is immutable: a change makes a new one.
type memState struct {
	version uint64 // the Store's version of the last snapshot loaded
	keys    map[KeyID]*signKey
	current *signKey // nil until the first key is made
	creds   map[string]*credState
	tenants map[string]string // tenant to its ID
}

// newMemState returns the in-memory state of snap. It fails on a signing
// key that is not 32 bytes long.
func newMemState(snap *Snapshot) (*memState, error) {
	m := &memState{version: snap.Version, creds: make(map[string]*credState, len(snap.Credentials)), tenants: make(map[string]string, len(snap.Tenants))}
	for n := range snap.Credentials {
		r := &snap.Credentials[n]
		m.creds[r.ClientID] = r.state()
	}
	maps.Copy(m.tenants, snap.Tenants)
	keys, current, err := keyMap(snap.Keys)
	if err != nil {
		return nil, err
	}
	m.keys, m.current = keys, current
	return m, nil
}

// keyMap returns the signing keys ks in memory, by ID, and the current
// one (nil when none is). It fails on a key that is not 32 bytes long.
func keyMap(ks []SigningKey) (map[KeyID]*signKey, *signKey, error) {
	keys := make(map[KeyID]*signKey, len(ks))
	var current *signKey
	for _, k := range ks {
		if len(k.Key) != keyLen {
			return nil, nil, fmt.Errorf("signing key %s: %d bytes, want %d", k.ID, len(k.Key), keyLen)
		}
		s := newSignKey(k)
		keys[k.ID] = s
		if s.superseded == 0 {
			current = s
		}
	}
	return keys, current, nil
}

// with returns a copy of m with the changes of the non-nil arguments: the
// credential c, the tenant's ID (when tenant is not ""), and the signing
// keys.
func (m *memState) with(c *credState, tenant, tenantID string, keys map[KeyID]*signKey, current *signKey) *memState {
	n := *m
	if c != nil {
		n.creds = maps.Clone(m.creds)
		n.creds[c.client] = c
	}
	if tenant != "" {
		n.tenants = maps.Clone(m.tenants)
		n.tenants[tenant] = tenantID
	}
	if keys != nil {
		n.keys, n.current = keys, current
	}
	return &n
}

// without returns a copy of m without the credentials of the client IDs
// ids.
func (m *memState) without(ids []string) *memState {
	n := *m
	n.creds = maps.Clone(m.creds)
	for _, id := range ids {
		delete(n.creds, id)
	}
	return &n
}
