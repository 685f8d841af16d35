package auth

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/dgraph-io/badger/v4"

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

// Keys returns the signing keys: the superseded ones in the order they
// were superseded, then the current one.
func (s *Store) Keys() []KeyInfo {
	m := s.mem.Load()
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

// RotateKey makes a new signing key the current one and returns its ID.
// Tokens are signed with the current key; the earlier ones keep verifying
// the tokens they signed for one token lifetime after they were
// superseded (the Issuer's TTL), and an Issuer deletes them from the store
// after that (NewIssuer, Issuer.RotateKey).
func (s *Store) RotateKey(ctx context.Context) (string, error) {
	return s.rotateKey(ctx, s.now(), false)
}

// rotateKey makes a new current signing key, or with ifNone only when
// there is none, and returns the current key's ID.
func (s *Store) rotateKey(ctx context.Context, now time.Time, ifNone bool) (string, error) {
	s.admin.Lock()
	defer s.admin.Unlock()
	if m := s.mem.Load(); ifNone && m.current != nil {
		return m.current.kid, nil
	}
	m, err := s.changeKeys(ctx, now, true, nil)
	if err != nil {
		return "", fmt.Errorf("auth: rotate the signing key: %w", err)
	}
	s.log.Info("auth: signing key rotated", "kid", m.current.kid)
	return m.current.kid, nil
}

// RetireKey deletes the signing key kid at once: the tokens it signed
// stop verifying (in this process at once). Retiring the current key
// first makes a new one current, whose ID it returns (the current key's
// ID in any case). It fails with a levy.EInvalid error for a string that
// is not a key ID and a levy.ENotFound error for an unknown key.
func (s *Store) RetireKey(ctx context.Context, kid string) (string, error) {
	return s.retireKey(ctx, s.now(), kid)
}

func (s *Store) retireKey(ctx context.Context, now time.Time, kid string) (string, error) {
	id, ok := parseKid(kid)
	if !ok {
		return "", levy.Invalid("kid", "%q is not a key ID (11 characters of base64url)", kid)
	}
	s.admin.Lock()
	defer s.admin.Unlock()
	m := s.mem.Load()
	k := m.keys[id]
	if k == nil {
		return "", levy.NotFound("kid", "no signing key %s", kid)
	}
	m, err := s.changeKeys(ctx, now, k == m.current, [][kidLen]byte{id})
	if err != nil {
		return "", fmt.Errorf("auth: retire the signing key %s: %w", kid, err)
	}
	s.log.Info("auth: signing key retired", "kid", kid, "current", m.current.kid)
	return m.current.kid, nil
}

// retireSuperseded deletes the keys superseded at least ttl before now,
// whose tokens have all expired, and returns their IDs.
func (s *Store) retireSuperseded(ctx context.Context, now time.Time, ttl time.Duration) ([]string, error) {
	s.admin.Lock()
	defer s.admin.Unlock()
	var ids [][kidLen]byte
	var kids []string
	for id, k := range s.mem.Load().keys {
		if k.superseded != 0 && now.Unix() >= k.superseded+seconds(ttl) {
			ids = append(ids, id)
			kids = append(kids, k.kid)
		}
	}
	if len(ids) == 0 {
		return nil, nil
	}
	if _, err := s.changeKeys(ctx, now, false, ids); err != nil {
		return nil, fmt.Errorf("auth: retire superseded signing keys: %w", err)
	}
	slices.Sort(kids)
	s.log.Info("auth: superseded signing keys retired", "kids", kids)
	return kids, nil
}

// seconds returns d in whole seconds, rounded up.
func seconds(d time.Duration) int64 {
	return int64((d + time.Second - 1) / time.Second)
}

// changeKeys changes the signing keys in one transaction, then in memory,
// and returns the new in-memory state: with rotate, a new key becomes
// current and the current one is marked superseded at now; the keys of
// retire are deleted. The caller holds s.admin.
func (s *Store) changeKeys(ctx context.Context, now time.Time, rotate bool, retire [][kidLen]byte) (*memState, error) {
	m := s.mem.Load()
	current := m.current
	var put []*signKey
	if rotate {
		var id [kidLen]byte
		for {
			copy(id[:], randomBytes(kidLen))
			if m.keys[id] == nil {
				break
			}
		}
		if current != nil && !slices.Contains(retire, current.id) {
			put = append(put, current.supersededAt(now))
		}
		current = newSignKey(id, randomBytes(keyLen), now, time.Time{})
		put = append(put, current)
	}
	err := s.update(ctx, func(txn *badger.Txn) error {
		for _, k := range put {
			v, err := json.Marshal(k.record())
			if err != nil {
				return fmt.Errorf("encode signing key: %w", err)
			}
			if err := txn.Set(signingKey(k.id), v); err != nil {
				return fmt.Errorf("write signing key: %w", err)
			}
		}
		if rotate {
			if err := txn.Set([]byte{keyCurrent}, current.id[:]); err != nil {
				return fmt.Errorf("write current signing key: %w", err)
			}
		}
		for _, id := range retire {
			if err := txn.Delete(signingKey(id)); err != nil {
				return fmt.Errorf("delete signing key: %w", err)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	n := m.withKeys(current, put, retire)
	s.mem.Store(n)
	return n, nil
}
