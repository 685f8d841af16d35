package auth

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/levytax/levy"
)

// KeyInfo describes a signing key, never its bytes.
type KeyInfo struct {
	KeyID     string    `json:"kid"`
	CreatedAt time.Time `json:"created_at"`
	// Current says whether the key signs new tokens.
	Current bool `json:"current"`
	// SupersededAt is when another key became current (zero for the
	// current key).
	SupersededAt time.Time `json:"superseded_at,omitzero"`
	// RetiresAt is when the key stops verifying the tokens it signed: one
	// token lifetime after it was superseded. Only an Issuer, which knows
	// the lifetime, sets it.
	RetiresAt time.Time `json:"retires_at,omitzero"`
}

// Keys returns the signing keys in memory: the superseded ones in the
// order they were superseded, then the current one.
func (r *Registry) Keys() []KeyInfo {
	m := r.mem.Load()
	out := make([]KeyInfo, 0, len(m.keys))
	for _, k := range m.keys {
		ki := KeyInfo{KeyID: k.kid, CreatedAt: k.created, Current: k == m.current}
		if k.superseded != 0 {
			ki.SupersededAt = time.Unix(k.superseded, 0).UTC()
		}
		out = append(out, ki)
	}
	slices.SortFunc(out, func(a, b KeyInfo) int {
		return cmp.Or(compareBool(a.Current, b.Current), a.SupersededAt.Compare(b.SupersededAt),
			a.CreatedAt.Compare(b.CreatedAt), cmp.Compare(a.KeyID, b.KeyID))
	})
	return out
}

// compareBool orders false before true.
func compareBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// newSigningKey returns a new signing key made at now, whose ID is none
// of the keys of m.
func newSigningKey(m *memState, now time.Time) SigningKey {
	var id KeyID
	for {
		copy(id[:], randomBytes(kidLen))
		if m.keys[id] == nil {
			break
		}
	}
	return SigningKey{ID: id, Key: randomBytes(keyLen), CreatedAt: now.UTC()}
}

// RotateKey makes a new signing key the current one and returns its ID.
// Tokens are signed with the current key; the earlier ones keep verifying
// the tokens they signed for one token lifetime after they were
// superseded (the Issuer's TTL), and an Issuer deletes them from the store
// after that (NewIssuer, Issuer.RotateKey).
func (r *Registry) RotateKey(ctx context.Context) (string, error) {
	return r.addKey(ctx, false)
}

// addKey makes a new current signing key, or with ifNone only when there
// is none, and returns the current key's ID.
func (r *Registry) addKey(ctx context.Context, ifNone bool) (string, error) {
	r.admin.Lock()
	defer r.admin.Unlock()
	m := r.mem.Load()
	if ifNone && m.current != nil {
		return m.current.kid, nil
	}
	ks, err := r.store.AddKey(ctx, newSigningKey(m, r.now()), ifNone)
	if err != nil {
		return "", err
	}
	current, err := r.setKeys(ks)
	if err != nil {
		return "", fmt.Errorf("auth: rotate the signing key: %w", err)
	}
	r.log.Info("auth: signing key rotated", "kid", current.kid)
	return current.kid, nil
}

// setKeys puts the keys ks, as the Store returned them after a change,
// in memory, and returns the current one. The caller holds r.admin.
func (r *Registry) setKeys(ks []SigningKey) (*signKey, error) {
	keys, current, err := keyMap(ks)
	if err != nil {
		return nil, err
	}
	if current == nil {
		return nil, fmt.Errorf("the store has no current signing key")
	}
	r.mem.Store(r.mem.Load().with(nil, "", "", keys, current))
	return current, nil
}

// RetireKey deletes the signing key kid at once: the tokens it signed
// stop verifying (in this process at once). Retiring the current key
// first makes a new one current, whose ID it returns (the current key's
// ID in any case). It fails with a levy.EInvalid error for a string that
// is not a key ID and a levy.ENotFound error for an unknown key.
func (r *Registry) RetireKey(ctx context.Context, kid string) (string, error) {
	id, ok := parseKid(kid)
	if !ok {
		return "", levy.Invalid("kid", "%q is not a key ID (11 characters of base64url)", kid)
	}
	r.admin.Lock()
	defer r.admin.Unlock()
	ks, err := r.store.RetireKey(ctx, id, newSigningKey(r.mem.Load(), r.now()))
	if err != nil {
		return "", err
	}
	current, err := r.setKeys(ks)
	if err != nil {
		return "", fmt.Errorf("auth: retire the signing key %s: %w", kid, err)
	}
	r.log.Info("auth: signing key retired", "kid", kid, "current", current.kid)
	return current.kid, nil
}

// pruneKeys deletes the keys superseded at least ttl before now, whose
// tokens have all expired, and returns their IDs.
func (r *Registry) pruneKeys(ctx context.Context, now time.Time, ttl time.Duration) ([]string, error) {
	r.admin.Lock()
	defer r.admin.Unlock()
	// Verify counts in whole seconds: a key superseded in the second
	// now-ttl has retired.
	ids, err := r.store.PruneKeys(ctx, time.Unix(now.Unix()-seconds(ttl)+1, 0).UTC())
	if err != nil || len(ids) == 0 {
		return nil, err
	}
	m := r.mem.Load()
	keys := maps.Clone(m.keys)
	kids := make([]string, len(ids))
	for n, id := range ids {
		delete(keys, id)
		kids[n] = id.String()
	}
	r.mem.Store(m.with(nil, "", "", keys, m.current))
	slices.Sort(kids)
	r.log.Info("auth: superseded signing keys retired", "kids", kids)
	return kids, nil
}

// seconds returns d in whole seconds, rounded up.
func seconds(d time.Duration) int64 {
	return int64((d + time.Second - 1) / time.Second)
}
