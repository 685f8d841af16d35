package auth

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"slices"
	"sync"
	"time"

	"github.com/levytax/levy"
)

// memory is the Store of NewMemory.
//
// memory is safe for concurrent use: one mutex guards all of it, so that
// each method is one atomic step.
type memory struct {
	mu      sync.Mutex
	closed  bool
	version uint64
	creds   map[string]Record
	tenants map[string]string
	keys    map[KeyID]SigningKey
	rates   map[pair][]time.Time // issue times, oldest first
	cache   map[pair]Token
}

// pair is a client and an audience.
type pair struct{ client, audience string }

// NewMemory returns a Store that keeps everything in memory, for tests
// and for programs that need no credential to outlive the process. Its
// values are copies: a caller that changes what it gave or got changes
// nothing in the store.
func NewMemory() Store {
	return &memory{
		version: 1,
		creds:   map[string]Record{},
		tenants: map[string]string{},
		keys:    map[KeyID]SigningKey{},
		rates:   map[pair][]time.Time{},
		cache:   map[pair]Token{},
	}
}

// lock takes the mutex for op on subject unless ctx has ended or the
// store is closed; the caller unlocks it when it gets no error.
func (m *memory) lock(ctx context.Context, op, subject string) error {
	if subject != "" {
		op += " " + subject
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("auth: %s: %w", op, err)
	}
	m.mu.Lock()
	if m.closed {
		m.mu.Unlock()
		return fmt.Errorf("auth: %s: %w", op, ErrClosed)
	}
	return nil
}

// copyRecord returns r with its own slices, and its tenant's ID.
func (m *memory) copyRecord(r Record) Record {
	r.Audiences = slices.Clone(r.Audiences)
	r.Secret.Salt = slices.Clone(r.Secret.Salt)
	r.Secret.Hash = slices.Clone(r.Secret.Hash)
	r.TenantID = m.tenants[r.Tenant]
	return r
}

// keyList returns the signing keys, copied.
func (m *memory) keyList() []SigningKey {
	out := make([]SigningKey, 0, len(m.keys))
	for _, k := range m.keys {
		k.Key = slices.Clone(k.Key)
		out = append(out, k)
	}
	return out
}

func (m *memory) Snapshot(ctx context.Context) (*Snapshot, error) {
	if err := m.lock(ctx, "snapshot", ""); err != nil {
		return nil, err
	}
	defer m.mu.Unlock()
	s := &Snapshot{Version: m.version, Tenants: maps.Clone(m.tenants), Keys: m.keyList()}
	for _, r := range m.creds {
		s.Credentials = append(s.Credentials, m.copyRecord(r))
	}
	return s, nil
}

func (m *memory) Version(ctx context.Context) (uint64, error) {
	if err := m.lock(ctx, "version", ""); err != nil {
		return 0, err
	}
	defer m.mu.Unlock()
	return m.version, nil
}

func (m *memory) Create(ctx context.Context, r Record, tenantID string, limit int) (Record, error) {
	if err := m.lock(ctx, "create a credential of", r.Tenant); err != nil {
		return Record{}, err
	}
	defer m.mu.Unlock()
	if _, ok := m.creds[r.ClientID]; ok {
		return Record{}, &levy.Error{Code: levy.EConflict, Field: "client_id", Message: fmt.Sprintf("client %s exists", r.ClientID)}
	}
	if limit > 0 {
		active, revoked := 0, 0
		for _, c := range m.creds {
			switch {
			case c.Tenant != r.Tenant:
			case c.Revoked():
				revoked++
			default:
				active++
			}
		}
		if err := CheckLimit(active, revoked, limit); err != nil {
			return Record{}, fmt.Errorf("auth: create a credential of %s: %w", r.Tenant, err)
		}
	}
	if _, ok := m.tenants[r.Tenant]; !ok {
		m.tenants[r.Tenant] = tenantID
	}
	r.TenantID = ""
	m.creds[r.ClientID] = m.copyRecord(r)
	m.version++
	return m.copyRecord(r), nil
}

// record returns the client's record, or the levy.ENotFound error. The
// caller holds m.mu.
func (m *memory) record(clientID string) (Record, error) {
	r, ok := m.creds[clientID]
	if !ok {
		return Record{}, levy.NotFound("client_id", "no client %q", clientID)
	}
	return r, nil
}

func (m *memory) Get(ctx context.Context, clientID string) (Record, error) {
	if err := m.lock(ctx, "get", clientID); err != nil {
		return Record{}, err
	}
	defer m.mu.Unlock()
	r, err := m.record(clientID)
	if err != nil {
		return Record{}, err
	}
	return m.copyRecord(r), nil
}

func (m *memory) List(ctx context.Context, tenant string) ([]Credential, error) {
	if err := m.lock(ctx, "list", tenant); err != nil {
		return nil, err
	}
	defer m.mu.Unlock()
	var out []Credential
	for _, r := range m.creds {
		if tenant == "" || r.Tenant == tenant {
			out = append(out, m.copyRecord(r).Credential)
		}
	}
	slices.SortFunc(out, func(a, b Credential) int {
		return cmp.Or(cmp.Compare(a.Tenant, b.Tenant), cmp.Compare(a.ClientID, b.ClientID))
	})
	return out, nil
}

func (m *memory) TenantID(ctx context.Context, tenant string) (string, error) {
	if err := m.lock(ctx, "tenant ID of", tenant); err != nil {
		return "", err
	}
	defer m.mu.Unlock()
	id, ok := m.tenants[tenant]
	if !ok {
		return "", levy.NotFound("tenant", "no tenant %q", tenant)
	}
	return id, nil
}

// dropCache drops the client's cached tokens. The caller holds m.mu.
func (m *memory) dropCache(clientID string) {
	for p := range m.cache {
		if p.client == clientID {
			delete(m.cache, p)
		}
	}
}

func (m *memory) Rotate(ctx context.Context, clientID string, gen uint32, h SecretHash, at time.Time) (Record, error) {
	if err := m.lock(ctx, "rotate the secret of", clientID); err != nil {
		return Record{}, err
	}
	defer m.mu.Unlock()
	r, err := m.record(clientID)
	if err != nil {
		return Record{}, err
	}
	if r.Revoked() {
		return Record{}, &levy.Error{Code: levy.EConflict, Field: "client_id", Message: fmt.Sprintf("client %s is revoked", clientID)}
	}
	if r.Generation != gen {
		return Record{}, RotatedMeanwhile(clientID)
	}
	r.Generation++
	r.SecretRotatedAt = at
	r.Secret = h
	m.creds[clientID] = m.copyRecord(r)
	m.dropCache(clientID)
	m.version++
	return m.copyRecord(r), nil
}

func (m *memory) Revoke(ctx context.Context, clientID string, at time.Time) (Record, bool, error) {
	if err := m.lock(ctx, "revoke", clientID); err != nil {
		return Record{}, false, err
	}
	defer m.mu.Unlock()
	r, err := m.record(clientID)
	switch {
	case err != nil:
		return Record{}, false, err
	case r.Revoked():
		return m.copyRecord(r), false, nil
	}
	r.RevokedAt = at
	m.creds[clientID] = r
	m.dropCache(clientID)
	m.version++
	return m.copyRecord(r), true, nil
}

func (m *memory) PurgeRevoked(ctx context.Context, t time.Time) ([]string, error) {
	if err := m.lock(ctx, "purge the revoked credentials", ""); err != nil {
		return nil, err
	}
	defer m.mu.Unlock()
	var ids []string
	for id, r := range m.creds {
		if r.Revoked() && r.RevokedAt.Before(t) {
			delete(m.creds, id)
			m.dropCache(id)
			for p := range m.rates {
				if p.client == id {
					delete(m.rates, p)
				}
			}
			ids = append(ids, id)
		}
	}
	if len(ids) > 0 {
		m.version++
	}
	slices.Sort(ids)
	return ids, nil
}

// current returns the current signing key's ID, and false when there is
// none. The caller holds m.mu.
func (m *memory) current() (KeyID, bool) {
	for id, k := range m.keys {
		if k.SupersededAt.IsZero() {
			return id, true
		}
	}
	return KeyID{}, false
}

// promote makes k the current key, superseding the current one. The
// caller holds m.mu.
func (m *memory) promote(k SigningKey) {
	if id, ok := m.current(); ok {
		old := m.keys[id]
		old.SupersededAt = k.CreatedAt
		m.keys[id] = old
	}
	k.Key = slices.Clone(k.Key)
	k.SupersededAt = time.Time{}
	m.keys[k.ID] = k
	m.version++
}

func (m *memory) AddKey(ctx context.Context, k SigningKey, ifNone bool) ([]SigningKey, error) {
	if err := m.lock(ctx, "add the signing key", k.ID.String()); err != nil {
		return nil, err
	}
	defer m.mu.Unlock()
	if _, ok := m.keys[k.ID]; ok {
		return nil, &levy.Error{Code: levy.EConflict, Field: "kid", Message: fmt.Sprintf("signing key %s exists", k.ID)}
	}
	if _, ok := m.current(); !ok || !ifNone {
		m.promote(k)
	}
	return m.keyList(), nil
}

func (m *memory) RetireKey(ctx context.Context, id KeyID, next SigningKey) ([]SigningKey, error) {
	if err := m.lock(ctx, "retire the signing key", id.String()); err != nil {
		return nil, err
	}
	defer m.mu.Unlock()
	k, ok := m.keys[id]
	if !ok {
		return nil, levy.NotFound("kid", "no signing key %s", id)
	}
	delete(m.keys, id)
	m.version++
	if k.SupersededAt.IsZero() {
		m.promote(next)
	}
	return m.keyList(), nil
}

func (m *memory) PruneKeys(ctx context.Context, t time.Time) ([]KeyID, error) {
	if err := m.lock(ctx, "prune the signing keys", ""); err != nil {
		return nil, err
	}
	defer m.mu.Unlock()
	var ids []KeyID
	for id, k := range m.keys {
		if !k.SupersededAt.IsZero() && k.SupersededAt.Before(t) {
			delete(m.keys, id)
			ids = append(ids, id)
		}
	}
	if len(ids) > 0 {
		m.version++
	}
	return ids, nil
}

// check returns the levy.ENotFound error of an unknown client, and the
// levy.EConflict error of one revoked or not of generation gen. The
// caller holds m.mu.
func (m *memory) check(clientID string, gen uint32) error {
	r, err := m.record(clientID)
	if err != nil {
		return err
	}
	if r.Revoked() || r.Generation != gen {
		return &levy.Error{Code: levy.EConflict, Field: "client_id", Message: fmt.Sprintf("client %s was revoked or rotated", clientID)}
	}
	return nil
}

func (m *memory) CountIssue(ctx context.Context, is Issuance, limit int, window time.Duration) (bool, error) {
	if err := m.lock(ctx, "count a token of", is.ClientID); err != nil {
		return false, err
	}
	defer m.mu.Unlock()
	if err := m.check(is.ClientID, is.Generation); err != nil {
		return false, err
	}
	p := pair{is.ClientID, is.Audience}
	since := is.At.Add(-window)
	// Each time is checked: a clock stepped back leaves them out of
	// order, and a later one may have left the window before an earlier.
	times := slices.DeleteFunc(slices.Clone(m.rates[p]), func(t time.Time) bool { return !t.After(since) })
	if len(times) >= limit {
		m.rates[p] = times
		return false, nil
	}
	m.rates[p] = append(times, is.At)
	return true, nil
}

func (m *memory) RateFreesAt(ctx context.Context, clientID, audience string, at time.Time, limit int, window time.Duration) (time.Time, error) {
	if err := m.lock(ctx, "read the rate count of", clientID); err != nil {
		return time.Time{}, err
	}
	defer m.mu.Unlock()
	since := at.Add(-window)
	var in []time.Time
	for _, t := range m.rates[pair{clientID, audience}] {
		if t.After(since) {
			in = append(in, t)
		}
	}
	return RateFreesAt(in, at, limit, window), nil
}

func (m *memory) CachedToken(ctx context.Context, clientID, audience string) (Token, bool, error) {
	if err := m.lock(ctx, "read the cached token of", clientID); err != nil {
		return Token{}, false, err
	}
	defer m.mu.Unlock()
	tok, ok := m.cache[pair{clientID, audience}]
	return tok, ok, nil
}

func (m *memory) SwapCachedToken(ctx context.Context, c CacheSwap) (Token, bool, error) {
	if err := m.lock(ctx, "cache a token of", c.ClientID); err != nil {
		return Token{}, false, err
	}
	defer m.mu.Unlock()
	if err := m.check(c.ClientID, c.Generation); err != nil {
		return Token{}, false, err
	}
	p := pair{c.ClientID, c.Audience}
	if cur, ok := m.cache[p]; ok != (c.Old != "") || cur.AccessToken != c.Old {
		return cur, ok, nil
	}
	m.cache[p] = c.New
	return c.New, true, nil
}

func (m *memory) CheckWrite(ctx context.Context) error {
	if err := m.lock(ctx, "check", ""); err != nil {
		return err
	}
	m.mu.Unlock()
	return nil
}

func (m *memory) Close() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.closed = true
	return nil
}
