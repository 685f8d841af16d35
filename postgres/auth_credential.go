package postgres

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/levytax/levy"
	"github.com/levytax/levy/auth"
)

// authColumns are the columns of a credential's row that authScan reads,
// with its tenant's ID, from auth_credentials c joined with auth_tenants t.
const authColumns = `c.client_id, c.tenant, t.id, c.audiences, c.generation,
	c.created_ns, c.active_from_ns, c.secret_rotated_ns, c.revoked_ns,
	c.secret_alg, c.secret_time, c.secret_memory, c.secret_threads, c.secret_salt, c.secret_hash`

// authFrom is the FROM clause of authColumns.
const authFrom = ` FROM auth_credentials c JOIN auth_tenants t ON t.tenant = c.tenant`

// authRow is a credential's row as authColumns reads it.
type authRow struct {
	r                                 auth.Record
	generation, secretTime, secretMem int64
	threads                           int16
	created, active, rotated, revoked *int64
}

// dest returns the destinations of authColumns.
func (a *authRow) dest() []any {
	r := &a.r
	return []any{&r.ClientID, &r.Tenant, &r.TenantID, &r.Audiences, &a.generation,
		&a.created, &a.active, &a.rotated, &a.revoked,
		&r.Secret.Alg, &a.secretTime, &a.secretMem, &a.threads, &r.Secret.Salt, &r.Secret.Hash}
}

// record returns the record read.
func (a *authRow) record() auth.Record {
	r := a.r
	r.Generation = uint32(a.generation)
	r.Secret.Time, r.Secret.Memory, r.Secret.Threads = uint32(a.secretTime), uint32(a.secretMem), uint8(a.threads)
	r.CreatedAt, r.ActiveFrom = authTime(a.created), authTime(a.active)
	r.SecretRotatedAt, r.RevokedAt = authTime(a.rotated), authTime(a.revoked)
	if r.Audiences == nil {
		r.Audiences = []string{}
	}
	return r
}

// authRecords reads the credentials of tenant, or of every tenant for "",
// sorted by tenant, then client ID, in byte order.
func authRecords(ctx context.Context, q pgx.Tx, tenant string) ([]auth.Record, error) {
	rows, err := q.Query(ctx, `SELECT `+authColumns+authFrom+`
		WHERE $1 = '' OR c.tenant = $1
		ORDER BY c.tenant COLLATE "C", c.client_id COLLATE "C"`, tenant)
	if err != nil {
		return nil, fmt.Errorf("read credentials: %w", err)
	}
	var (
		out []auth.Record
		a   authRow
	)
	if _, err := pgx.ForEachRow(rows, a.dest(), func() error {
		out = append(out, a.record())
		a = authRow{}
		return nil
	}); err != nil {
		return nil, fmt.Errorf("read credentials: %w", err)
	}
	return out, nil
}

// authRecord reads the client's record in tx, its row locked in the
// mode lock names ("NO KEY UPDATE", say; "" for none). It fails with a levy.ENotFound error
// for an unknown client.
func authRecord(ctx context.Context, tx pgx.Tx, clientID, lock string) (auth.Record, error) {
	if !storableText(clientID) {
		return auth.Record{}, authNoClient(clientID)
	}
	var a authRow
	sql := `SELECT ` + authColumns + authFrom + ` WHERE c.client_id = $1`
	if lock != "" {
		sql += ` FOR ` + lock + ` OF c`
	}
	err := tx.QueryRow(ctx, sql, clientID).Scan(a.dest()...)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return auth.Record{}, authNoClient(clientID)
	case err != nil:
		return auth.Record{}, fmt.Errorf("read credential: %w", err)
	}
	return a.record(), nil
}

// authNoClient is the levy.ENotFound error of an unknown client. A
// client ID that a text column cannot hold (not UTF-8, or with a NUL),
// which a token request may send, is one: it is answered so before it
// reaches the database, which would refuse it as a fault of the query.
func authNoClient(clientID string) error {
	return levy.NotFound("client_id", "no client %q", clientID)
}

// Create stores the new credential r and gives its tenant the ID
// tenantID unless it has one, unless the tenant has limit credentials
// that are not revoked, or limit revoked ones (limit above 0): see
// auth.Store. The count is made
// under the lock of the version row that every change takes first
// (change), so that concurrent creations, on any node, keep the limit.
func (s *authStore) Create(ctx context.Context, r auth.Record, tenantID string, limit int) (auth.Record, error) {
	times := make([]*int64, 4)
	for n, f := range []struct {
		name string
		t    time.Time
	}{{"created_at", r.CreatedAt}, {"active_from", r.ActiveFrom}, {"secret_rotated_at", r.SecretRotatedAt}, {"revoked_at", r.RevokedAt}} {
		var err error
		if times[n], err = authNanos(f.name, f.t); err != nil {
			return auth.Record{}, err
		}
	}
	audiences := r.Audiences
	if audiences == nil {
		audiences = []string{}
	}
	var stored string
	err := s.change(ctx, "create a credential of "+r.Tenant, func(tx pgx.Tx) (bool, error) {
		if limit > 0 {
			var active, revoked int
			if err := tx.QueryRow(ctx, `SELECT count(*) FILTER (WHERE revoked_ns IS NULL), count(*) FILTER (WHERE revoked_ns IS NOT NULL)
				FROM auth_credentials WHERE tenant = $1`, r.Tenant).Scan(&active, &revoked); err != nil {
				return false, fmt.Errorf("count the credentials: %w", err)
			}
			if err := auth.CheckLimit(active, revoked, limit); err != nil {
				return false, err
			}
		}
		// The tenant's row first: the credential's refers to it. A tenant
		// made by a concurrent Create is seen once its INSERT commits.
		err := tx.QueryRow(ctx, `INSERT INTO auth_tenants (tenant, id) VALUES ($1, $2)
			ON CONFLICT (tenant) DO NOTHING RETURNING id`, r.Tenant, tenantID).Scan(&stored)
		if errors.Is(err, pgx.ErrNoRows) {
			err = tx.QueryRow(ctx, `SELECT id FROM auth_tenants WHERE tenant = $1`, r.Tenant).Scan(&stored)
		}
		if err != nil {
			return false, fmt.Errorf("write tenant: %w", err)
		}
		tag, err := tx.Exec(ctx, `INSERT INTO auth_credentials (client_id, tenant, audiences, generation,
				created_ns, active_from_ns, secret_rotated_ns, revoked_ns,
				secret_alg, secret_time, secret_memory, secret_threads, secret_salt, secret_hash)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
			ON CONFLICT (client_id) DO NOTHING`,
			r.ClientID, r.Tenant, audiences, int64(r.Generation), times[0], times[1], times[2], times[3],
			r.Secret.Alg, int64(r.Secret.Time), int64(r.Secret.Memory), int16(r.Secret.Threads), authBytes(r.Secret.Salt), authBytes(r.Secret.Hash))
		if err != nil {
			return false, fmt.Errorf("write credential: %w", err)
		}
		if tag.RowsAffected() == 0 {
			// The transaction rolls back: the tenant gets no ID from it.
			return false, &levy.Error{Code: levy.EConflict, Field: "client_id", Message: fmt.Sprintf("client %s exists", r.ClientID)}
		}
		return true, nil
	})
	if err != nil {
		return auth.Record{}, err
	}
	out := authCopy(r)
	out.TenantID = stored
	return out, nil
}

// authBytes returns b, or an empty slice for nil, for a NOT NULL bytea.
func authBytes(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}

// authCopy returns r with slices of its own.
func authCopy(r auth.Record) auth.Record {
	r.Audiences = slices.Clone(r.Audiences)
	r.Secret.Salt = slices.Clone(r.Secret.Salt)
	r.Secret.Hash = slices.Clone(r.Secret.Hash)
	return r
}

// Get returns the client's record with its tenant's ID (auth.Store).
func (s *authStore) Get(ctx context.Context, clientID string) (auth.Record, error) {
	if !storableText(clientID) {
		return auth.Record{}, authNoClient(clientID)
	}
	var a authRow
	found, err := s.row(ctx, "get "+clientID, `SELECT `+authColumns+authFrom+` WHERE c.client_id = $1`, []any{clientID}, a.dest()...)
	switch {
	case err != nil:
		return auth.Record{}, err
	case !found:
		return auth.Record{}, authNoClient(clientID)
	}
	return a.record(), nil
}

// List returns the credentials of tenant, or of every tenant for "",
// sorted by tenant, then client ID (auth.Store).
func (s *authStore) List(ctx context.Context, tenant string) ([]auth.Credential, error) {
	var out []auth.Credential
	if !storableText(tenant) {
		return out, nil // no credential has such a tenant
	}
	op := "list"
	if tenant != "" {
		op += " " + tenant
	}
	err := s.tx(ctx, op, pgx.TxOptions{IsoLevel: pgx.ReadCommitted, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		rs, err := authRecords(ctx, tx, tenant)
		out = make([]auth.Credential, len(rs))
		for n, r := range rs {
			out[n] = r.Credential
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// TenantID returns the tenant's ID (auth.Store).
func (s *authStore) TenantID(ctx context.Context, tenant string) (string, error) {
	if !storableText(tenant) {
		return "", levy.NotFound("tenant", "no tenant %q", tenant)
	}
	var id string
	found, err := s.row(ctx, "tenant ID of "+tenant, `SELECT id FROM auth_tenants WHERE tenant = $1`, []any{tenant}, &id)
	switch {
	case err != nil:
		return "", err
	case !found:
		return "", levy.NotFound("tenant", "no tenant %q", tenant)
	}
	return id, nil
}

// authDropCache deletes the client's cached tokens.
func authDropCache(ctx context.Context, tx pgx.Tx, clientID string) error {
	if _, err := tx.Exec(ctx, `DELETE FROM auth_tokens WHERE client_id = $1`, clientID); err != nil {
		return fmt.Errorf("drop cached tokens: %w", err)
	}
	return nil
}

// Rotate gives the client the secret hashed in h, increments its
// generation and drops its cached tokens (auth.Store).
func (s *authStore) Rotate(ctx context.Context, clientID string, gen uint32, h auth.SecretHash, at time.Time) (auth.Record, error) {
	atNs, err := authNanos("secret_rotated_at", at)
	if err != nil {
		return auth.Record{}, err
	}
	var r auth.Record
	err = s.change(ctx, "rotate the secret of "+clientID, func(tx pgx.Tx) (bool, error) {
		var err error
		if r, err = authRecord(ctx, tx, clientID, "NO KEY UPDATE"); err != nil {
			return false, err
		}
		if r.Revoked() {
			return false, &levy.Error{Code: levy.EConflict, Field: "client_id", Message: fmt.Sprintf("client %s is revoked", clientID)}
		}
		if r.Generation != gen {
			return false, auth.RotatedMeanwhile(clientID)
		}
		r.Generation++
		r.SecretRotatedAt, r.Secret = at, h
		_, err = tx.Exec(ctx, `UPDATE auth_credentials SET generation = $2, secret_rotated_ns = $3,
				secret_alg = $4, secret_time = $5, secret_memory = $6, secret_threads = $7, secret_salt = $8, secret_hash = $9
			WHERE client_id = $1`,
			clientID, int64(r.Generation), atNs,
			h.Alg, int64(h.Time), int64(h.Memory), int16(h.Threads), authBytes(h.Salt), authBytes(h.Hash))
		if err != nil {
			return false, fmt.Errorf("write credential: %w", err)
		}
		return true, authDropCache(ctx, tx, clientID)
	})
	if err != nil {
		return auth.Record{}, err
	}
	return authCopy(r), nil
}

// Revoke sets the client's RevokedAt and drops its cached tokens, unless
// it is revoked already (auth.Store).
func (s *authStore) Revoke(ctx context.Context, clientID string, at time.Time) (auth.Record, bool, error) {
	atNs, err := authNanos("revoked_at", at)
	if err != nil {
		return auth.Record{}, false, err
	}
	var (
		r       auth.Record
		revoked bool
	)
	err = s.change(ctx, "revoke "+clientID, func(tx pgx.Tx) (bool, error) {
		var err error
		if r, err = authRecord(ctx, tx, clientID, "NO KEY UPDATE"); err != nil {
			return false, err
		}
		if revoked = !r.Revoked(); !revoked {
			return false, nil
		}
		r.RevokedAt = at
		if _, err := tx.Exec(ctx, `UPDATE auth_credentials SET revoked_ns = $2 WHERE client_id = $1`, clientID, atNs); err != nil {
			return false, fmt.Errorf("write credential: %w", err)
		}
		return true, authDropCache(ctx, tx, clientID)
	})
	if err != nil {
		return auth.Record{}, false, err
	}
	return r, revoked, nil
}

// PurgeRevoked deletes the credentials revoked before t, with their
// rate-limit counts and cached tokens, in one transaction (auth.Store).
// A revoked client gets no new count or cached token (CountIssue and
// SwapCachedToken lock its row and refuse it), so none is added between
// the deletions of its counts and of its row.
func (s *authStore) PurgeRevoked(ctx context.Context, t time.Time) ([]string, error) {
	var ids []string
	before := authClamp(t)
	err := s.change(ctx, "purge the revoked credentials", func(tx pgx.Tx) (bool, error) {
		ids = nil
		for _, table := range []string{"auth_rates", "auth_tokens"} {
			if _, err := tx.Exec(ctx, `DELETE FROM `+table+` WHERE client_id IN
				(SELECT client_id FROM auth_credentials WHERE revoked_ns < $1)`, before); err != nil {
				return false, fmt.Errorf("delete the %s of revoked credentials: %w", table, err)
			}
		}
		rows, err := tx.Query(ctx, `DELETE FROM auth_credentials WHERE revoked_ns < $1 RETURNING client_id`, before)
		if err != nil {
			return false, fmt.Errorf("delete revoked credentials: %w", err)
		}
		var id string
		if _, err := pgx.ForEachRow(rows, []any{&id}, func() error {
			ids = append(ids, id)
			return nil
		}); err != nil {
			return false, fmt.Errorf("delete revoked credentials: %w", err)
		}
		return len(ids) > 0, nil
	})
	if err != nil {
		return nil, err
	}
	slices.Sort(ids)
	return ids, nil
}
