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

// authCheckGeneration reads the client's row FOR NO KEY UPDATE in tx, so
// that a Rotate or Revoke waits for tx or tx for it (see authStore), and
// fails
// with a levy.ENotFound error for an unknown client and a levy.EConflict
// error for one revoked or not of generation gen.
func authCheckGeneration(ctx context.Context, tx pgx.Tx, clientID string, gen uint32) error {
	var (
		stored  int64
		revoked bool
	)
	if !storableText(clientID) {
		return authNoClient(clientID)
	}
	err := tx.QueryRow(ctx, `SELECT generation, revoked_ns IS NOT NULL FROM auth_credentials WHERE client_id = $1 FOR NO KEY UPDATE`,
		clientID).Scan(&stored, &revoked)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return authNoClient(clientID)
	case err != nil:
		return fmt.Errorf("read credential: %w", err)
	case revoked || stored != int64(gen):
		return &levy.Error{Code: levy.EConflict, Field: "client_id", Message: fmt.Sprintf("client %s was revoked or rotated", clientID)}
	}
	return nil
}

// step runs fn as an issuance step of the client: a read-committed
// transaction that first checks that the client is of generation gen
// (authCheckGeneration). It changes no credential, tenant or key.
func (s *authStore) step(ctx context.Context, op, clientID string, gen uint32, fn func(pgx.Tx) error) error {
	return s.tx(ctx, op+" "+clientID, pgx.TxOptions{IsoLevel: pgx.ReadCommitted}, func(tx pgx.Tx) error {
		if err := authCheckGeneration(ctx, tx, clientID, gen); err != nil {
			return err
		}
		return fn(tx)
	})
}

// CountIssue counts the issuance is unless limit issuances of its client
// and audience are counted within window before it (auth.Store). The
// check and the count are one statement on the pair's row, which it
// locks.
func (s *authStore) CountIssue(ctx context.Context, is auth.Issuance, limit int, window time.Duration) (bool, error) {
	at, err := authNanos("at", is.At)
	if err != nil {
		return false, err
	}
	if at == nil {
		return false, levy.Invalid("at", "the issuance has no time")
	}
	since := authClamp(is.At.Add(-window))
	var counted bool
	err = s.step(ctx, "count a token of", is.ClientID, is.Generation, func(tx pgx.Tx) error {
		var err error
		counted, err = authCount(ctx, tx, is, limit, *at, since)
		return err
	})
	if err != nil {
		return false, err
	}
	return counted, nil
}

// CountIssueNow is CountIssue by the database server's clock
// (auth.ClockedCounter): the nodes sharing the database share the window
// whatever their own clocks say. The clock is read in the transaction
// that counts, which then computes the wait of a refusal too.
func (s *authStore) CountIssueNow(ctx context.Context, is auth.Issuance, limit int, window time.Duration) (bool, time.Duration, error) {
	var (
		counted bool
		wait    time.Duration
	)
	err := s.step(ctx, "count a token of", is.ClientID, is.Generation, func(tx pgx.Tx) error {
		counted, wait = false, 0
		if limit < 1 {
			wait = -1
			return nil
		}
		var now int64
		if s.now != nil {
			now = s.now().UnixNano()
		} else if err := tx.QueryRow(ctx, `SELECT (extract(epoch FROM clock_timestamp()) * 1000000)::bigint * 1000`).Scan(&now); err != nil {
			return fmt.Errorf("read the database's clock: %w", err)
		}
		since := now - int64(window)
		var err error
		if counted, err = authCount(ctx, tx, is, limit, now, since); err != nil || counted {
			return err
		}
		var latest int64
		err = tx.QueryRow(ctx, `SELECT x FROM auth_rates AS r, unnest(r.issued) AS x WHERE r.client_id = $1 AND r.audience = $2 AND x > $3
			ORDER BY x DESC OFFSET $4 LIMIT 1`, is.ClientID, is.Audience, since, limit-1).Scan(&latest)
		switch {
		case errors.Is(err, pgx.ErrNoRows):
			// Freed meanwhile: no wait to give.
			return nil
		case err != nil:
			return fmt.Errorf("read the rate count: %w", err)
		}
		wait = time.Duration(latest + int64(window) - now)
		return nil
	})
	if err != nil {
		return false, 0, err
	}
	return counted, wait, nil
}

// authCount counts an issuance of is's client and audience at at (Unix
// nanoseconds) in tx unless limit of theirs are counted after since, and
// reports whether it did. The check and the count are one statement on
// the pair's row, which it locks.
func authCount(ctx context.Context, tx pgx.Tx, is auth.Issuance, limit int, at, since int64) (bool, error) {
	if limit <= 0 {
		return false, nil
	}
	var counted bool
	err := tx.QueryRow(ctx, `INSERT INTO auth_rates AS r (client_id, audience, issued) VALUES ($1, $2, ARRAY[$3::bigint])
		ON CONFLICT (client_id, audience) DO UPDATE
			SET issued = ARRAY(SELECT x FROM unnest(r.issued) AS x WHERE x > $4 ORDER BY x) || $3::bigint
			WHERE (SELECT count(*) FROM unnest(r.issued) AS x WHERE x > $4) < $5
		RETURNING true`, is.ClientID, is.Audience, at, since, limit).Scan(&counted)
	if errors.Is(err, pgx.ErrNoRows) {
		// The limit is reached: the row is left as it was.
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("count: %w", err)
	}
	return counted, nil
}

// RateFreesAt returns when the rate limit lets the client and audience
// have a token again (auth.Store): the limit-th latest issue time within
// the window, plus the window.
func (s *authStore) RateFreesAt(ctx context.Context, clientID, audience string, at time.Time, limit int, window time.Duration) (time.Time, error) {
	switch {
	case limit < 1:
		return time.Time{}, nil
	case !storableText(clientID) || !storableText(audience):
		return at, nil // nothing is counted for them
	}
	var latest *int64
	found, err := s.row(ctx, "read the rate count of "+clientID,
		`SELECT x FROM auth_rates AS r, unnest(r.issued) AS x WHERE r.client_id = $1 AND r.audience = $2 AND x > $3
			ORDER BY x DESC OFFSET $4 LIMIT 1`,
		[]any{clientID, audience, authClamp(at.Add(-window)), limit - 1}, &latest)
	switch {
	case err != nil:
		return time.Time{}, err
	case !found || latest == nil:
		return at, nil
	}
	return authTime(latest).Add(window), nil
}

// CachedToken returns the cached token of the client and audience
// (auth.Store).
func (s *authStore) CachedToken(ctx context.Context, clientID, audience string) (auth.Token, bool, error) {
	var (
		tok     auth.Token
		expires *int64
	)
	if !storableText(clientID) || !storableText(audience) {
		return auth.Token{}, false, nil // nothing is cached for them
	}
	found, err := s.row(ctx, "read the cached token of "+clientID,
		`SELECT token, expires_ns FROM auth_tokens WHERE client_id = $1 AND audience = $2`,
		[]any{clientID, audience}, &tok.AccessToken, &expires)
	if err != nil || !found {
		return auth.Token{}, false, err
	}
	tok.ExpiresAt = authTime(expires)
	return tok, true, nil
}

// SwapCachedToken caches c.New if the token cached is c.Old, and returns
// the token cached after (auth.Store). An INSERT ... ON CONFLICT DO
// NOTHING (for no token cached) or an UPDATE ... WHERE token = c.Old
// makes the swap, which the database checks against the row as last
// committed.
func (s *authStore) SwapCachedToken(ctx context.Context, c auth.CacheSwap) (auth.Token, bool, error) {
	expires, err := authNanos("expires_at", c.New.ExpiresAt)
	if err != nil {
		return auth.Token{}, false, err
	}
	var (
		tok   auth.Token
		found bool
	)
	err = s.step(ctx, "cache a token of", c.ClientID, c.Generation, func(tx pgx.Tx) error {
		tok, found = auth.Token{}, false
		var (
			sql  string
			args = []any{c.ClientID, c.Audience, c.New.AccessToken, expires}
		)
		if c.Old == "" {
			sql = `INSERT INTO auth_tokens (client_id, audience, token, expires_ns) VALUES ($1, $2, $3, $4)
				ON CONFLICT (client_id, audience) DO NOTHING RETURNING token, expires_ns`
		} else {
			sql = `UPDATE auth_tokens SET token = $3, expires_ns = $4
				WHERE client_id = $1 AND audience = $2 AND token = $5 RETURNING token, expires_ns`
			args = append(args, c.Old)
		}
		var exp *int64
		err := tx.QueryRow(ctx, sql, args...).Scan(&tok.AccessToken, &exp)
		if errors.Is(err, pgx.ErrNoRows) {
			// No swap: the token cached is another, or none.
			err = tx.QueryRow(ctx, `SELECT token, expires_ns FROM auth_tokens WHERE client_id = $1 AND audience = $2`,
				c.ClientID, c.Audience).Scan(&tok.AccessToken, &exp)
			if errors.Is(err, pgx.ErrNoRows) {
				tok = auth.Token{}
				return nil
			}
		}
		if err != nil {
			return fmt.Errorf("cache token: %w", err)
		}
		tok.ExpiresAt, found = authTime(exp), true
		return nil
	})
	if err != nil {
		return auth.Token{}, false, err
	}
	return tok, found, nil
}
