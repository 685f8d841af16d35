package badger

import (
	"cmp"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	bdb "github.com/dgraph-io/badger/v4"

	"github.com/levytax/levy"
	"github.com/levytax/levy/auth"
)

// Key prefixes of the auth store (see AuthStore).
const (
	authKeyCredential = 'C'
	authKeySigning    = 'K'
	authKeyCurrent    = 'A'
	authKeyRate       = 'R'
	authKeyCache      = 'T'
	authKeyTenant     = 'N'
)

// authPrefixes are the first bytes of the keys of the auth store, the
// schema version's and the kind's aside (see Schema.Prefixes).
const authPrefixes = string(authKeyCredential) + string(authKeySigning) + string(authKeyCurrent) +
	string(authKeyRate) + string(authKeyCache) + string(authKeyTenant)

// authCredentialKey is 'C' client.
func authCredentialKey(client string) []byte {
	return AppendLP([]byte{authKeyCredential}, client)
}

// authTenantKey is 'N' tenant.
func authTenantKey(tenant string) []byte {
	return AppendLP([]byte{authKeyTenant}, tenant)
}

// authRecord is a credential as stored under 'C' client (JSON): the
// credential without its tenant's ID, which the tenant's record keeps,
// its generation and the hash of its secret.
type authRecord struct {
	auth.Credential
	Generation uint32     `json:"generation"`
	Secret     authSecret `json:"secret"`
}

// authSecret is the argon2id hash of a secret with its parameters, as
// stored in a credential's record.
type authSecret struct {
	Alg     string `json:"alg"`
	Time    uint32 `json:"t"`
	Memory  uint32 `json:"m"` // KiB
	Threads uint8  `json:"p"`
	Salt    []byte `json:"salt"`
	Hash    []byte `json:"hash"`
}

// authTenant is a tenant as stored under 'N' tenant (JSON): its ID and
// when it was made.
type authTenant struct {
	ID        string    `json:"id"`
	CreatedAt time.Time `json:"created_at"`
}

// authGetRecord reads the client's record, without its tenant's ID; it
// fails with a levy.ENotFound error for an unknown client.
func authGetRecord(txn *bdb.Txn, clientID string) (auth.Record, error) {
	v, ok, err := readKey(txn, authCredentialKey(clientID))
	switch {
	case err != nil:
		return auth.Record{}, fmt.Errorf("read credential: %w", err)
	case !ok:
		return auth.Record{}, levy.NotFound("client_id", "no client %q", clientID)
	}
	return authDecodeRecord(v)
}

// authDecodeRecord decodes a credential's record.
func authDecodeRecord(v []byte) (auth.Record, error) {
	var r authRecord
	if err := json.Unmarshal(v, &r); err != nil {
		return auth.Record{}, fmt.Errorf("read credential: %w", err)
	}
	return auth.Record{Credential: r.Credential, Generation: r.Generation, Secret: auth.SecretHash(r.Secret)}, nil
}

// authPutRecord writes r, without its tenant's ID.
func authPutRecord(txn *bdb.Txn, r auth.Record) error {
	stored := authRecord{Credential: r.Credential, Generation: r.Generation, Secret: authSecret(r.Secret)}
	stored.TenantID = ""
	v, err := json.Marshal(&stored)
	if err != nil {
		return fmt.Errorf("encode credential: %w", err)
	}
	if err := txn.Set(authCredentialKey(r.ClientID), v); err != nil {
		return fmt.Errorf("write credential: %w", err)
	}
	return nil
}

// authTenantID reads the tenant's ID, and false when it has none.
func authTenantID(txn *bdb.Txn, tenant string) (string, bool, error) {
	v, ok, err := readKey(txn, authTenantKey(tenant))
	if err != nil || !ok {
		return "", false, err
	}
	var t authTenant
	if err := json.Unmarshal(v, &t); err != nil {
		return "", false, fmt.Errorf("read tenant %q: %w", tenant, err)
	}
	return t.ID, true, nil
}

// authPutTenant gives tenant the ID id, made at at, unless it has one,
// and returns the tenant's ID and whether it wrote it.
func authPutTenant(txn *bdb.Txn, tenant, id string, at time.Time) (string, bool, error) {
	if cur, ok, err := authTenantID(txn, tenant); err != nil || ok {
		return cur, false, err
	}
	v, err := json.Marshal(authTenant{ID: id, CreatedAt: at})
	if err != nil {
		return "", false, fmt.Errorf("encode tenant %q: %w", tenant, err)
	}
	if err := txn.Set(authTenantKey(tenant), v); err != nil {
		return "", false, fmt.Errorf("write tenant %q: %w", tenant, err)
	}
	return id, true, nil
}

// authTenants reads every tenant's ID.
func authTenants(txn *bdb.Txn) (map[string]string, error) {
	tenants := map[string]string{}
	err := authEach(txn, []byte{authKeyTenant}, func(k, v []byte) error {
		n, size := binary.Uvarint(k[1:])
		if size <= 0 || n != uint64(len(k)-1-size) {
			return fmt.Errorf("tenant key %x: bad length", k)
		}
		tenant := string(k[1+size:])
		var t authTenant
		if err := json.Unmarshal(v, &t); err != nil {
			return fmt.Errorf("read tenant %q: %w", tenant, err)
		}
		tenants[tenant] = t.ID
		return nil
	})
	return tenants, err
}

// authRecords calls fn with each credential's record, without its
// tenant's ID, in key order.
func authRecords(txn *bdb.Txn, fn func(auth.Record)) error {
	return authEach(txn, []byte{authKeyCredential}, func(_, v []byte) error {
		r, err := authDecodeRecord(v)
		if err == nil {
			fn(r)
		}
		return err
	})
}

// authWithTenantID returns r with its tenant's ID, read in txn.
func authWithTenantID(txn *bdb.Txn, r auth.Record) (auth.Record, error) {
	id, _, err := authTenantID(txn, r.Tenant)
	r.TenantID = id
	return r, err
}

// giveTenantsIDs gives an ID to each tenant of a credential that has
// none, as in a store written before tenants had one. It writes nothing
// when every tenant has one, so opening a store twice changes nothing.
func (s *AuthStore) giveTenantsIDs(ctx context.Context) error {
	given := 0
	err := s.update(ctx, "give the tenants their IDs", "", func(txn *bdb.Txn) (bool, error) {
		given = 0
		tenants, err := authTenants(txn)
		if err != nil {
			return false, err
		}
		var missing []string
		err = authRecords(txn, func(r auth.Record) {
			if _, ok := tenants[r.Tenant]; !ok && !slices.Contains(missing, r.Tenant) {
				missing = append(missing, r.Tenant)
			}
		})
		if err != nil {
			return false, err
		}
		now := time.Now().UTC()
		for _, t := range missing {
			if _, _, err := authPutTenant(txn, t, auth.NewTenantID(), now); err != nil {
				return false, err
			}
		}
		given = len(missing)
		return given > 0, nil
	})
	if err == nil && given > 0 {
		s.log.Info("auth: tenants given their IDs", "tenants", given)
	}
	return err
}

// Snapshot returns every credential with its tenant's ID, every tenant's
// ID and every signing key, read in one transaction (auth.Store).
func (s *AuthStore) Snapshot(ctx context.Context) (*auth.Snapshot, error) {
	if s == nil || s.db == nil {
		return nil, unopened("auth", "snapshot", "OpenAuth")
	}
	// The version is read before the transaction starts: a change that
	// commits in between may show in the snapshot and not in its version,
	// which makes a reader load once more, never miss a change.
	snap := &auth.Snapshot{Version: s.version.Load()}
	err := s.view(ctx, "snapshot", "", func(txn *bdb.Txn) error {
		var err error
		if snap.Tenants, err = authTenants(txn); err != nil {
			return err
		}
		if snap.Keys, err = authKeys(txn); err != nil {
			return err
		}
		return authRecords(txn, func(r auth.Record) {
			r.TenantID = snap.Tenants[r.Tenant]
			snap.Credentials = append(snap.Credentials, r)
		})
	})
	if err != nil {
		return nil, err
	}
	return snap, nil
}

// Create stores the new credential r, giving its tenant tenantID unless
// it has an ID, unless the tenant has limit credentials that are not
// revoked, or limit revoked ones (limit above 0): see auth.Store. Creations are serialized, so
// that the count of the tenant's credentials holds until the write.
func (s *AuthStore) Create(ctx context.Context, r auth.Record, tenantID string, limit int) (auth.Record, error) {
	if s != nil { // a nil store answers its error from update
		s.creating.Lock()
		defer s.creating.Unlock()
	}
	err := s.update(ctx, "create a credential of", r.Tenant, func(txn *bdb.Txn) (bool, error) {
		if _, ok, err := readKey(txn, authCredentialKey(r.ClientID)); err != nil || ok {
			if err == nil {
				err = &levy.Error{Code: levy.EConflict, Field: "client_id", Message: fmt.Sprintf("client %s exists", r.ClientID)}
			}
			return false, err
		}
		if limit > 0 {
			active, revoked := 0, 0
			if err := authRecords(txn, func(c auth.Record) {
				switch {
				case c.Tenant != r.Tenant:
				case c.Revoked():
					revoked++
				default:
					active++
				}
			}); err != nil {
				return false, err
			}
			if err := auth.CheckLimit(active, revoked, limit); err != nil {
				return false, err
			}
		}
		var err error
		if r.TenantID, _, err = authPutTenant(txn, r.Tenant, tenantID, r.CreatedAt); err != nil {
			return false, err
		}
		return true, authPutRecord(txn, r)
	})
	if err != nil {
		return auth.Record{}, err
	}
	return r, nil
}

// Get returns the client's record with its tenant's ID (auth.Store).
func (s *AuthStore) Get(ctx context.Context, clientID string) (auth.Record, error) {
	var r auth.Record
	err := s.view(ctx, "get", clientID, func(txn *bdb.Txn) error {
		var err error
		if r, err = authGetRecord(txn, clientID); err != nil {
			return err
		}
		r, err = authWithTenantID(txn, r)
		return err
	})
	return r, err
}

// List returns the credentials of tenant, or of every tenant for "",
// sorted by tenant, then client ID (auth.Store).
func (s *AuthStore) List(ctx context.Context, tenant string) ([]auth.Credential, error) {
	var out []auth.Credential
	err := s.view(ctx, "list", tenant, func(txn *bdb.Txn) error {
		tenants, err := authTenants(txn)
		if err != nil {
			return err
		}
		return authRecords(txn, func(r auth.Record) {
			if tenant == "" || r.Tenant == tenant {
				r.TenantID = tenants[r.Tenant]
				out = append(out, r.Credential)
			}
		})
	})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(out, func(a, b auth.Credential) int {
		return cmp.Or(cmp.Compare(a.Tenant, b.Tenant), cmp.Compare(a.ClientID, b.ClientID))
	})
	return out, nil
}

// TenantID returns the tenant's ID (auth.Store).
func (s *AuthStore) TenantID(ctx context.Context, tenant string) (string, error) {
	var id string
	err := s.view(ctx, "tenant ID of", tenant, func(txn *bdb.Txn) error {
		var ok bool
		var err error
		if id, ok, err = authTenantID(txn, tenant); err == nil && !ok {
			err = levy.NotFound("tenant", "no tenant %q", tenant)
		}
		return err
	})
	return id, err
}

// Rotate stores the client's new secret hash, raises its generation and
// drops its cached tokens (auth.Store).
func (s *AuthStore) Rotate(ctx context.Context, clientID string, gen uint32, h auth.SecretHash, at time.Time) (auth.Record, error) {
	var r auth.Record
	err := s.update(ctx, "rotate the secret of", clientID, func(txn *bdb.Txn) (bool, error) {
		var err error
		if r, err = authGetRecord(txn, clientID); err != nil {
			return false, err
		}
		if r.Revoked() {
			return false, &levy.Error{Code: levy.EConflict, Field: "client_id", Message: fmt.Sprintf("client %s is revoked", clientID)}
		}
		if r.Generation != gen {
			return false, auth.RotatedMeanwhile(clientID)
		}
		r.Generation++
		r.SecretRotatedAt = at
		r.Secret = h
		if err := authPutRecord(txn, r); err != nil {
			return false, err
		}
		if err := authDropCache(txn, clientID); err != nil {
			return false, err
		}
		r, err = authWithTenantID(txn, r)
		return true, err
	})
	return r, err
}

// Revoke revokes the client and drops its cached tokens, unless it is
// revoked (auth.Store).
func (s *AuthStore) Revoke(ctx context.Context, clientID string, at time.Time) (auth.Record, bool, error) {
	var (
		r       auth.Record
		revoked bool
	)
	err := s.update(ctx, "revoke", clientID, func(txn *bdb.Txn) (bool, error) {
		var err error
		revoked = false
		if r, err = authGetRecord(txn, clientID); err != nil {
			return false, err
		}
		if !r.Revoked() {
			r.RevokedAt = at
			if err := authPutRecord(txn, r); err != nil {
				return false, err
			}
			if err := authDropCache(txn, clientID); err != nil {
				return false, err
			}
			revoked = true
		}
		r, err = authWithTenantID(txn, r)
		return revoked, err
	})
	return r, revoked, err
}

// PurgeRevoked deletes the credentials revoked before t, with their
// rate-limit counts and cached tokens (auth.Store), in as many
// transactions as they need: one transaction of Badger holds a bounded
// number of changes, which the keys of thousands of credentials exceed.
// Each transaction reads the record of each credential it deletes again,
// and deletes its counts and cached tokens before its record: a
// credential whose deletion a full transaction cut short stays, revoked
// (it has no way back), and the next transaction finishes it. The client
// IDs returned are those of the records this call deleted. When a
// transaction fails after others committed, the credentials they deleted
// are gone and the error is returned without their IDs; a revoked
// credential left in a Registry's memory is refused as it was, until its
// next Refresh.
func (s *AuthStore) PurgeRevoked(ctx context.Context, t time.Time) ([]string, error) {
	const op = "purge the revoked credentials"
	var due []string
	err := s.view(ctx, op, "", func(txn *bdb.Txn) error {
		due = due[:0]
		return authRecords(txn, func(r auth.Record) {
			if r.Revoked() && r.RevokedAt.Before(t) {
				due = append(due, r.ClientID)
			}
		})
	})
	if err != nil {
		return nil, err
	}
	var ids []string
	for len(due) > 0 {
		var (
			deleted []string
			n       int // the credentials of due this transaction finished
		)
		err := s.update(ctx, op, "", func(txn *bdb.Txn) (bool, error) {
			deleted, n = nil, 0
			changes := 0
			for _, id := range due {
				keys, err := authPurgeKeys(txn, id, t)
				if err != nil {
					return false, err
				}
				for i, k := range keys {
					err := txn.Delete(k)
					if errors.Is(err, bdb.ErrTxnTooBig) && changes > 0 {
						// Commit what fits; the next transaction
						// goes on from this credential.
						return len(deleted) > 0, nil
					}
					if err != nil {
						return false, fmt.Errorf("delete credential %s: %w", id, err)
					}
					changes++
					if i == len(keys)-1 { // the record, last
						deleted = append(deleted, id)
					}
				}
				n++
			}
			return len(deleted) > 0, nil
		})
		if err != nil {
			return nil, err
		}
		ids = append(ids, deleted...)
		due = due[n:]
	}
	slices.Sort(ids)
	return ids, nil
}

// authPurgeKeys returns the keys PurgeRevoked deletes for the client:
// those of its cached tokens and rate-limit counts, then its record's,
// last. It returns none for a client whose record is gone (another
// purge deleted it) or is not revoked before t. Its read of the record
// makes the transaction conflict with any change of it meanwhile.
func authPurgeKeys(txn *bdb.Txn, clientID string, t time.Time) ([][]byte, error) {
	r, err := authGetRecord(txn, clientID)
	if levy.ErrorCode(err) == levy.ENotFound {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if !r.Revoked() || !r.RevokedAt.Before(t) {
		return nil, nil
	}
	keys := keysUnder(txn, AppendLP([]byte{authKeyCache}, clientID), nil, 0)
	keys = append(keys, keysUnder(txn, AppendLP([]byte{authKeyRate}, clientID), nil, 0)...)
	return append(keys, authCredentialKey(clientID)), nil
}
