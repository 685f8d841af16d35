package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/levytax/levy"
	"github.com/levytax/levy/auth"
)

// authKeys reads every signing key.
func authKeys(ctx context.Context, tx pgx.Tx) ([]auth.SigningKey, error) {
	rows, err := tx.Query(ctx, `SELECT kid, key, created_ns, superseded_ns FROM auth_keys ORDER BY kid`)
	if err != nil {
		return nil, fmt.Errorf("read signing keys: %w", err)
	}
	var (
		out                 []auth.SigningKey
		kid, key            []byte
		created, superseded *int64
	)
	_, err = pgx.ForEachRow(rows, []any{&kid, &key, &created, &superseded}, func() error {
		k := auth.SigningKey{Key: key, CreatedAt: authTime(created), SupersededAt: authTime(superseded)}
		if copy(k.ID[:], kid) != len(k.ID) {
			return fmt.Errorf("signing key %x: the ID has %d bytes", kid, len(kid))
		}
		out = append(out, k)
		key = nil
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read signing keys: %w", err)
	}
	return out, nil
}

// authKeyExists is the levy.EConflict error of a signing key whose ID is
// taken.
func authKeyExists(id auth.KeyID) error {
	return &levy.Error{Code: levy.EConflict, Field: "kid", Message: fmt.Sprintf("signing key %s exists", id)}
}

// authPromote makes k the current signing key: the current one, if any,
// is superseded at k.CreatedAt. The caller holds the version row's lock.
func authPromote(ctx context.Context, tx pgx.Tx, k auth.SigningKey) error {
	created, err := authNanos("created_at", k.CreatedAt)
	if err != nil {
		return err
	}
	// A current key superseded at the zero time would look current
	// still: it is superseded at the earliest time kept instead.
	superseded := created
	if superseded == nil {
		superseded = new(authMinTime.UnixNano())
	}
	if _, err := tx.Exec(ctx, `UPDATE auth_keys SET superseded_ns = $1 WHERE superseded_ns IS NULL`, superseded); err != nil {
		return fmt.Errorf("supersede the current signing key: %w", err)
	}
	tag, err := tx.Exec(ctx, `INSERT INTO auth_keys (kid, key, created_ns) VALUES ($1, $2, $3) ON CONFLICT (kid) DO NOTHING`,
		k.ID[:], authBytes(k.Key), created)
	if err != nil {
		return fmt.Errorf("write signing key %s: %w", k.ID, err)
	}
	if tag.RowsAffected() == 0 {
		return authKeyExists(k.ID)
	}
	return nil
}

// changeKeys runs fn as a change of the signing keys (see change) and
// returns every key after it.
func (s *authStore) changeKeys(ctx context.Context, op string, fn func(pgx.Tx) (bool, error)) ([]auth.SigningKey, error) {
	var keys []auth.SigningKey
	err := s.change(ctx, op, func(tx pgx.Tx) (bool, error) {
		changed, err := fn(tx)
		if err != nil {
			return false, err
		}
		keys, err = authKeys(ctx, tx)
		return changed, err
	})
	if err != nil {
		return nil, err
	}
	return keys, nil
}

// AddKey makes k the current signing key, or with ifNone only when there
// is none (auth.Store).
func (s *authStore) AddKey(ctx context.Context, k auth.SigningKey, ifNone bool) ([]auth.SigningKey, error) {
	return s.changeKeys(ctx, "add the signing key "+k.ID.String(), func(tx pgx.Tx) (bool, error) {
		var taken, current bool
		err := tx.QueryRow(ctx, `SELECT
				EXISTS (SELECT FROM auth_keys WHERE kid = $1),
				EXISTS (SELECT FROM auth_keys WHERE superseded_ns IS NULL)`, k.ID[:]).Scan(&taken, &current)
		switch {
		case err != nil:
			return false, fmt.Errorf("read signing keys: %w", err)
		case taken:
			return false, authKeyExists(k.ID)
		case ifNone && current:
			return false, nil
		}
		return true, authPromote(ctx, tx, k)
	})
}

// RetireKey deletes the signing key id, and makes next the current key
// when id was (auth.Store).
func (s *authStore) RetireKey(ctx context.Context, id auth.KeyID, next auth.SigningKey) ([]auth.SigningKey, error) {
	return s.changeKeys(ctx, "retire the signing key "+id.String(), func(tx pgx.Tx) (bool, error) {
		var current bool
		err := tx.QueryRow(ctx, `DELETE FROM auth_keys WHERE kid = $1 RETURNING superseded_ns IS NULL`, id[:]).Scan(&current)
		switch {
		case errors.Is(err, pgx.ErrNoRows):
			return false, levy.NotFound("kid", "no signing key %s", id)
		case err != nil:
			return false, fmt.Errorf("delete signing key: %w", err)
		case current:
			return true, authPromote(ctx, tx, next)
		}
		return true, nil
	})
}

// PruneKeys deletes the signing keys superseded before t (auth.Store).
func (s *authStore) PruneKeys(ctx context.Context, t time.Time) ([]auth.KeyID, error) {
	var ids []auth.KeyID
	err := s.change(ctx, "prune the signing keys", func(tx pgx.Tx) (bool, error) {
		ids = nil
		rows, err := tx.Query(ctx, `DELETE FROM auth_keys WHERE superseded_ns < $1 RETURNING kid`, authClamp(t))
		if err != nil {
			return false, fmt.Errorf("delete signing keys: %w", err)
		}
		var kid []byte
		_, err = pgx.ForEachRow(rows, []any{&kid}, func() error {
			var id auth.KeyID
			copy(id[:], kid)
			ids = append(ids, id)
			return nil
		})
		if err != nil {
			return false, fmt.Errorf("delete signing keys: %w", err)
		}
		return len(ids) > 0, nil
	})
	if err != nil {
		return nil, err
	}
	return ids, nil
}
