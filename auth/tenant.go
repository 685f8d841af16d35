package auth

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"time"

	"github.com/dgraph-io/badger/v4"

	"github.com/levytax/levy"
	kv "github.com/levytax/levy/badger"
)

// tenantRecord is a tenant as stored under 'N' tenant (JSON): the UUID
// that identifies it outside Levy (webhook events carry it as tenantId)
// and when it was made.
type tenantRecord struct {
	ID        string    `json:"id"`
	CreatedAt time.Time `json:"created_at"`
}

// tenantKey is 'N' tenant.
func tenantKey(tenant string) []byte {
	return kv.AppendLP([]byte{keyTenant}, tenant)
}

// newUUID returns a random UUID (RFC 9562, version 4) in its canonical
// form.
func newUUID() string {
	b := randomBytes(16)
	b[6] = b[6]&0x0f | 0x40 // version 4
	b[8] = b[8]&0x3f | 0x80 // the variant of RFC 9562
	h := hex.EncodeToString(b)
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:32]
}

// TenantID returns the UUID of tenant, which the store made with the
// tenant's first credential and keeps while the store lives, whatever
// happens to the credentials. It reads only memory. It fails with a
// levy.ENotFound error for a tenant that never had a credential.
func (s *Store) TenantID(ctx context.Context, tenant string) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", fmt.Errorf("auth: tenant ID of %s: %w", tenant, err)
	}
	if id, ok := s.mem.Load().tenants[tenant]; ok {
		return id, nil
	}
	return "", levy.NotFound("tenant", "no tenant %q", tenant)
}

// withTenantID returns c with its tenant's UUID.
func (s *Store) withTenantID(c Credential) Credential {
	c.TenantID = s.mem.Load().tenants[c.Tenant]
	return c
}

// putTenant gives tenant a UUID in txn unless it has one, and returns
// the tenant's UUID.
func putTenant(txn *badger.Txn, tenant string, now time.Time) (string, error) {
	item, err := txn.Get(tenantKey(tenant))
	switch {
	case err == nil:
		var r tenantRecord
		if err := item.Value(func(v []byte) error { return json.Unmarshal(v, &r) }); err != nil {
			return "", fmt.Errorf("read tenant %q: %w", tenant, err)
		}
		return r.ID, nil
	case !errors.Is(err, badger.ErrKeyNotFound):
		return "", fmt.Errorf("read tenant %q: %w", tenant, err)
	}
	r := tenantRecord{ID: newUUID(), CreatedAt: now.UTC()}
	v, err := json.Marshal(r)
	if err != nil {
		return "", fmt.Errorf("encode tenant %q: %w", tenant, err)
	}
	if err := txn.Set(tenantKey(tenant), v); err != nil {
		return "", fmt.Errorf("write tenant %q: %w", tenant, err)
	}
	return r.ID, nil
}

// loadTenants reads the tenants' UUIDs into m.
func loadTenants(txn *badger.Txn, m *memState) error {
	it := txn.NewIterator(badger.IteratorOptions{Prefix: []byte{keyTenant}, PrefetchValues: true})
	defer it.Close()
	for it.Rewind(); it.Valid(); it.Next() {
		tenant, _, ok := readLP(it.Item().Key()[1:])
		if !ok {
			return fmt.Errorf("tenant key %x: bad length", it.Item().Key())
		}
		var r tenantRecord
		if err := it.Item().Value(func(v []byte) error { return json.Unmarshal(v, &r) }); err != nil {
			return fmt.Errorf("read tenant %q: %w", tenant, err)
		}
		m.tenants[string(tenant)] = r.ID
	}
	return nil
}

// ensureTenants gives a UUID to every tenant of a credential that has
// none, as in a store written before tenants had one. It does nothing
// when every tenant has one, so opening a store twice changes nothing.
func (s *Store) ensureTenants(ctx context.Context) error {
	s.admin.Lock()
	defer s.admin.Unlock()
	m := s.mem.Load()
	var missing []string
	for _, c := range m.creds {
		if _, ok := m.tenants[c.tenant]; !ok {
			missing = append(missing, c.tenant)
		}
	}
	if len(missing) == 0 {
		return nil
	}
	tenants := maps.Clone(m.tenants)
	err := s.update(ctx, func(txn *badger.Txn) error {
		for _, t := range missing {
			id, err := putTenant(txn, t, s.now())
			if err != nil {
				return err
			}
			tenants[t] = id
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("give the tenants their IDs: %w", err)
	}
	s.mem.Store(m.withTenants(tenants))
	s.log.Info("auth: tenants given their IDs", "tenants", len(missing))
	return nil
}
