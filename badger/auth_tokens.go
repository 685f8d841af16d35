package badger

import (
	"context"
	"encoding/binary"
	"fmt"
	"time"

	bdb "github.com/dgraph-io/badger/v4"

	"github.com/levytax/levy"
	"github.com/levytax/levy/auth"
)

// authPairKey is prefix client audience: 'R' for a rate limit, 'T' for a
// cached token.
func authPairKey(prefix byte, client, audience string) []byte {
	return AppendLP(AppendLP([]byte{prefix}, client), audience)
}

// authDropCache deletes the client's cached tokens.
func authDropCache(txn *bdb.Txn, clientID string) error {
	if err := authDropPrefix(txn, AppendLP([]byte{authKeyCache}, clientID)); err != nil {
		return fmt.Errorf("drop cached token: %w", err)
	}
	return nil
}

// authDropPrefix deletes the keys that begin with prefix.
func authDropPrefix(txn *bdb.Txn, prefix []byte) error {
	for _, k := range keysUnder(txn, prefix, nil, 0) {
		if err := txn.Delete(k); err != nil {
			return err
		}
	}
	return nil
}

// authCheckGeneration reads the client's record in txn, which puts it in
// the transaction's reads (a Rotate or Revoke committed meanwhile makes
// the transaction conflict, and its retry sees the change), and fails
// with a levy.ENotFound error for an unknown client and a levy.EConflict
// error for one that is revoked or not of generation gen.
func authCheckGeneration(txn *bdb.Txn, clientID string, gen uint32) error {
	r, err := authGetRecord(txn, clientID)
	if err != nil {
		return err
	}
	if r.Revoked() || r.Generation != gen {
		return &levy.Error{Code: levy.EConflict, Field: "client_id", Message: fmt.Sprintf("client %s was revoked or rotated", clientID)}
	}
	return nil
}

// step runs fn as an issuance step of the client and audience: one at a
// time per pair, in a read-write transaction (see update) that first
// checks that the client is of generation gen (authCheckGeneration). It
// changes no credential, tenant or key.
func (s *AuthStore) step(ctx context.Context, op, client, audience string, gen uint32, fn func(*bdb.Txn) error) error {
	if s == nil || s.db == nil {
		return unopened("auth", op, "OpenAuth")
	}
	mu := s.stripe(client, audience)
	mu.Lock()
	defer mu.Unlock()
	return s.update(ctx, op, client, func(txn *bdb.Txn) (bool, error) {
		if err := authCheckGeneration(txn, client, gen); err != nil {
			return false, err
		}
		return false, fn(txn)
	})
}

// CountIssue counts the issuance is unless limit issuances of its client
// and audience are counted within window before it (auth.Store).
func (s *AuthStore) CountIssue(ctx context.Context, is auth.Issuance, limit int, window time.Duration) (bool, error) {
	var counted bool
	err := s.step(ctx, "count a token of", is.ClientID, is.Audience, is.Generation, func(txn *bdb.Txn) error {
		counted = false
		key := authPairKey(authKeyRate, is.ClientID, is.Audience)
		times, _, err := readKey(txn, key)
		if err != nil {
			return fmt.Errorf("read rate count: %w", err)
		}
		if len(times)%8 != 0 {
			return fmt.Errorf("read rate count: %d bytes", len(times))
		}
		// Keep the times within the window and, below the limit, add
		// this one. Each time is checked: a clock stepped back leaves
		// them out of order, and a later one may have left the window
		// before an earlier.
		since := is.At.Add(-window).UnixNano()
		v := make([]byte, 0, len(times)+8)
		for ; len(times) > 0; times = times[8:] {
			if int64(binary.BigEndian.Uint64(times)) > since {
				v = append(v, times[:8]...)
			}
		}
		if len(v)/8 >= limit {
			return nil
		}
		v = binary.BigEndian.AppendUint64(v, uint64(is.At.UnixNano()))
		if err := txn.Set(key, v); err != nil {
			return fmt.Errorf("write rate count: %w", err)
		}
		counted = true
		return nil
	})
	return counted, err
}

// RateFreesAt returns when the rate limit lets the client and audience
// have a token again (auth.Store).
func (s *AuthStore) RateFreesAt(ctx context.Context, clientID, audience string, at time.Time, limit int, window time.Duration) (time.Time, error) {
	var in []time.Time
	err := s.view(ctx, "read the rate count of", clientID, func(txn *bdb.Txn) error {
		in = in[:0]
		times, _, err := readKey(txn, authPairKey(authKeyRate, clientID, audience))
		if err != nil {
			return fmt.Errorf("read rate count: %w", err)
		}
		if len(times)%8 != 0 {
			return fmt.Errorf("read rate count: %d bytes", len(times))
		}
		since := at.Add(-window).UnixNano()
		for ; len(times) > 0; times = times[8:] {
			if ns := int64(binary.BigEndian.Uint64(times)); ns > since {
				in = append(in, time.Unix(0, ns).UTC())
			}
		}
		return nil
	})
	if err != nil {
		return time.Time{}, err
	}
	return auth.RateFreesAt(in, at, limit, window), nil
}

// authDecodeToken reads a cached token: its expiry (Unix seconds, 8
// bytes big-endian), then the token; false for a value too short to be
// one.
func authDecodeToken(v []byte) (auth.Token, bool) {
	if len(v) < 8 {
		return auth.Token{}, false
	}
	return auth.Token{AccessToken: string(v[8:]), ExpiresAt: time.Unix(int64(binary.BigEndian.Uint64(v)), 0).UTC()}, true
}

// CachedToken returns the cached token of the client and audience
// (auth.Store).
func (s *AuthStore) CachedToken(ctx context.Context, clientID, audience string) (auth.Token, bool, error) {
	var (
		tok   auth.Token
		found bool
	)
	err := s.view(ctx, "read the cached token of", clientID, func(txn *bdb.Txn) error {
		v, ok, err := readKey(txn, authPairKey(authKeyCache, clientID, audience))
		if err != nil {
			return fmt.Errorf("read cached token: %w", err)
		}
		if ok {
			tok, found = authDecodeToken(v)
		}
		return nil
	})
	return tok, found, err
}

// SwapCachedToken caches c.New if the token cached is c.Old, and returns
// the token cached after (auth.Store).
func (s *AuthStore) SwapCachedToken(ctx context.Context, c auth.CacheSwap) (auth.Token, bool, error) {
	var (
		tok   auth.Token
		found bool
	)
	err := s.step(ctx, "cache a token of", c.ClientID, c.Audience, c.Generation, func(txn *bdb.Txn) error {
		key := authPairKey(authKeyCache, c.ClientID, c.Audience)
		v, ok, err := readKey(txn, key)
		if err != nil {
			return fmt.Errorf("read cached token: %w", err)
		}
		tok, found = auth.Token{}, false
		if ok {
			tok, found = authDecodeToken(v)
		}
		if tok.AccessToken != c.Old || found != (c.Old != "") {
			return nil
		}
		v = binary.BigEndian.AppendUint64(nil, uint64(c.New.ExpiresAt.Unix()))
		v = append(v, c.New.AccessToken...)
		if err := txn.Set(key, v); err != nil {
			return fmt.Errorf("write cached token: %w", err)
		}
		tok, found = authDecodeToken(v)
		return nil
	})
	if err != nil {
		return auth.Token{}, false, err
	}
	return tok, found, nil
}
