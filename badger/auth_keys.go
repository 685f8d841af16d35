package badger

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	bdb "github.com/dgraph-io/badger/v4"

	"github.com/levytax/levy"
	"github.com/levytax/levy/auth"
)

// authKey is a signing key as stored under 'K' kid (JSON).
type authKey struct {
	Key       []byte    `json:"key"`
	CreatedAt time.Time `json:"created_at"`
	// SupersededAt is when another key became the current one; zero for
	// the current key. Keys stored before it was kept have none.
	SupersededAt time.Time `json:"superseded_at,omitzero"`
}

// authSigningKey is 'K' kid.
func authSigningKey(id auth.KeyID) []byte {
	return append([]byte{authKeySigning}, id[:]...)
}

// authPutKey writes the signing key k.
func authPutKey(txn *bdb.Txn, k auth.SigningKey) error {
	v, err := json.Marshal(authKey{Key: k.Key, CreatedAt: k.CreatedAt, SupersededAt: k.SupersededAt})
	if err != nil {
		return fmt.Errorf("encode signing key %s: %w", k.ID, err)
	}
	if err := txn.Set(authSigningKey(k.ID), v); err != nil {
		return fmt.Errorf("write signing key %s: %w", k.ID, err)
	}
	return nil
}

// authMakeCurrent writes k as the current signing key.
func authMakeCurrent(txn *bdb.Txn, k auth.SigningKey) error {
	k.SupersededAt = time.Time{}
	if err := authPutKey(txn, k); err != nil {
		return err
	}
	if err := txn.Set([]byte{authKeyCurrent}, k.ID[:]); err != nil {
		return fmt.Errorf("write current signing key: %w", err)
	}
	return nil
}

// authCurrent reads the current signing key's ID, and false when there
// is none.
func authCurrent(txn *bdb.Txn) (auth.KeyID, bool, error) {
	v, ok, err := readKey(txn, []byte{authKeyCurrent})
	switch {
	case err != nil:
		return auth.KeyID{}, false, fmt.Errorf("read current signing key: %w", err)
	case !ok:
		return auth.KeyID{}, false, nil
	case len(v) != len(auth.KeyID{}):
		return auth.KeyID{}, false, fmt.Errorf("read current signing key: bad key ID %x", v)
	}
	return auth.KeyID(v), true, nil
}

// authKeys reads the signing keys. A key stored without the time it was
// superseded, other than the current one, counts as superseded when the
// current key was made, or when it was made itself if that is later (or
// without a current key, when it was made).
func authKeys(txn *bdb.Txn) ([]auth.SigningKey, error) {
	var ks []auth.SigningKey
	err := authEach(txn, []byte{authKeySigning}, func(k, v []byte) error {
		if len(k) != 1+len(auth.KeyID{}) {
			return fmt.Errorf("signing key %x: bad key length", k)
		}
		id := auth.KeyID(k[1:])
		var r authKey
		if err := json.Unmarshal(v, &r); err != nil {
			return fmt.Errorf("read signing key %s: %w", id, err)
		}
		ks = append(ks, auth.SigningKey{ID: id, Key: r.Key, CreatedAt: r.CreatedAt, SupersededAt: r.SupersededAt})
		return nil
	})
	if err != nil {
		return nil, err
	}
	cur, ok, err := authCurrent(txn)
	if err != nil {
		return nil, err
	}
	at := -1
	for n, k := range ks {
		if ok && k.ID == cur {
			at = n
		}
	}
	if ok && at < 0 {
		return nil, fmt.Errorf("read current signing key: no key %s", cur)
	}
	for n := range ks {
		k := &ks[n]
		switch {
		case n == at:
			k.SupersededAt = time.Time{}
		case k.SupersededAt.IsZero() && at >= 0 && ks[at].CreatedAt.After(k.CreatedAt):
			k.SupersededAt = ks[at].CreatedAt
		case k.SupersededAt.IsZero():
			k.SupersededAt = k.CreatedAt
		}
	}
	return ks, nil
}

// changeKeys runs fn in a read-write transaction (see update) and
// returns the signing keys after it.
func (s *AuthStore) changeKeys(ctx context.Context, op, subject string, fn func(*bdb.Txn) (bool, error)) ([]auth.SigningKey, error) {
	var ks []auth.SigningKey
	err := s.update(ctx, op, subject, func(txn *bdb.Txn) (bool, error) {
		changed, err := fn(txn)
		if err != nil {
			return false, err
		}
		ks, err = authKeys(txn)
		return changed, err
	})
	if err != nil {
		return nil, err
	}
	return ks, nil
}

// AddKey makes k the current signing key, superseding the current one at
// k.CreatedAt, or with ifNone only when there is no current key
// (auth.Store).
func (s *AuthStore) AddKey(ctx context.Context, k auth.SigningKey, ifNone bool) ([]auth.SigningKey, error) {
	return s.changeKeys(ctx, "add the signing key", k.ID.String(), func(txn *bdb.Txn) (bool, error) {
		if _, ok, err := readKey(txn, authSigningKey(k.ID)); err != nil || ok {
			if err == nil {
				err = &levy.Error{Code: levy.EConflict, Field: "kid", Message: fmt.Sprintf("signing key %s exists", k.ID)}
			}
			return false, err
		}
		ks, err := authKeys(txn)
		if err != nil {
			return false, err
		}
		for _, old := range ks {
			if !old.SupersededAt.IsZero() {
				continue
			}
			if ifNone {
				return false, nil
			}
			old.SupersededAt = k.CreatedAt
			if err := authPutKey(txn, old); err != nil {
				return false, err
			}
		}
		return true, authMakeCurrent(txn, k)
	})
}

// RetireKey deletes the signing key id, making next the current key when
// id was (auth.Store).
func (s *AuthStore) RetireKey(ctx context.Context, id auth.KeyID, next auth.SigningKey) ([]auth.SigningKey, error) {
	return s.changeKeys(ctx, "retire the signing key", id.String(), func(txn *bdb.Txn) (bool, error) {
		if _, ok, err := readKey(txn, authSigningKey(id)); err != nil || !ok {
			if err == nil {
				err = levy.NotFound("kid", "no signing key %s", id)
			}
			return false, err
		}
		cur, ok, err := authCurrent(txn)
		if err != nil {
			return false, err
		}
		if err := txn.Delete(authSigningKey(id)); err != nil {
			return false, fmt.Errorf("delete signing key %s: %w", id, err)
		}
		if ok && cur == id {
			return true, authMakeCurrent(txn, next)
		}
		return true, nil
	})
}

// PruneKeys deletes the signing keys superseded before t (auth.Store).
func (s *AuthStore) PruneKeys(ctx context.Context, t time.Time) ([]auth.KeyID, error) {
	var ids []auth.KeyID
	err := s.update(ctx, "retire superseded signing keys", "", func(txn *bdb.Txn) (bool, error) {
		ids = nil
		ks, err := authKeys(txn)
		if err != nil {
			return false, err
		}
		for _, k := range ks {
			if k.SupersededAt.IsZero() || !k.SupersededAt.Before(t) {
				continue
			}
			if err := txn.Delete(authSigningKey(k.ID)); err != nil {
				return false, fmt.Errorf("delete signing key %s: %w", k.ID, err)
			}
			ids = append(ids, k.ID)
		}
		return len(ids) > 0, nil
	})
	if err != nil {
		return nil, err
	}
	return ids, nil
}
