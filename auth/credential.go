package auth

import (
	"cmp"
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/dgraph-io/badger/v4"
	"golang.org/x/crypto/argon2"

	"github.com/levytax/levy"
	kv "github.com/levytax/levy/badger"
)

// Bounds of a credential's fields.
const (
	maxTenant    = 200 // bytes
	maxAudience  = 200 // bytes
	maxAudiences = 16
	clientIDLen  = 22 // base64url of 16 random bytes
	secretLen    = 43 // base64url of 32 random bytes
	saltLen      = 16
	hashLen      = 32
)

// Credential is a client of Levy's API: a client ID mapped to one tenant
// and the audiences (APIs) it may ask tokens for. Its secret is not part
// of it: the store keeps only a hash of it, and the secret is shown once,
// by Create or Rotate.
type Credential struct {
	ClientID string `json:"client_id"`
	Tenant   string `json:"tenant"`
	// TenantID is the tenant's UUID (see Store.TenantID). The store fills
	// it in from the tenant's record; it is not kept in the credential's.
	TenantID  string    `json:"tenant_id,omitempty"`
	Audiences []string  `json:"audiences"`
	CreatedAt time.Time `json:"created_at"`
	// ActiveFrom, when set, overrides the activation delay (a development
	// credential is active at once).
	ActiveFrom      time.Time `json:"active_from,omitzero"`
	SecretRotatedAt time.Time `json:"secret_rotated_at,omitzero"`
	RevokedAt       time.Time `json:"revoked_at,omitzero"`
}

// Revoked reports whether the credential is revoked.
func (c Credential) Revoked() bool { return !c.RevokedAt.IsZero() }

// Allows reports whether the credential may ask tokens for audience.
func (c Credential) Allows(audience string) bool { return slices.Contains(c.Audiences, audience) }

// record is a credential as stored under 'C' client (JSON): the
// credential, the hash of its secret and its generation, which Rotate
// increments and every token carries, so that the tokens issued with an
// earlier secret stop verifying.
type record struct {
	Credential
	Generation uint32     `json:"generation"`
	Secret     secretHash `json:"secret"`
}

// state returns what verifying a token needs of r.
func (r *record) state() *credState {
	return &credState{
		client:     r.ClientID,
		tenant:     r.Tenant,
		audiences:  r.Audiences,
		generation: r.Generation,
		revoked:    r.Revoked(),
	}
}

// secretHash is the argon2id hash of a secret with its parameters.
type secretHash struct {
	Alg     string `json:"alg"` // "argon2id"
	Time    uint32 `json:"t"`
	Memory  uint32 `json:"m"` // KiB
	Threads uint8  `json:"p"`
	Salt    []byte `json:"salt"`
	Hash    []byte `json:"hash"`
}

// params returns the parameters of h.
func (h secretHash) params() HashParams {
	return HashParams{Time: h.Time, Memory: h.Memory, Threads: h.Threads}
}

// newHash hashes secret with a new salt and the store's parameters.
func (s *Store) newHash(ctx context.Context, secret string) (secretHash, error) {
	h := secretHash{
		Alg:     "argon2id",
		Time:    s.hash.Time,
		Memory:  s.hash.Memory,
		Threads: s.hash.Threads,
		Salt:    randomBytes(saltLen),
	}
	var err error
	h.Hash, err = s.argon2(ctx, secret, h, laneKnown, false)
	return h, err
}

// known reports whether secret matched h in the last minutes (see
// verified), which needs no argon2id.
func (s *Store) known(h secretHash, secret string) bool {
	return s.verified.known(h.Hash, secret, s.now())
}

// matches reports whether secret is the secret hashed in h, after
// argon2id in lane of the hash gate (a token request's hash waits in a
// capped queue and fails with errBusy when it is full). It takes as long
// whether or not it is.
func (s *Store) matches(ctx context.Context, h secretHash, secret string, lane int) (bool, error) {
	if h.Alg != "argon2id" || !h.params().valid() || len(h.Salt) == 0 || len(h.Hash) != hashLen {
		return false, fmt.Errorf("stored secret hash: unsupported algorithm or parameters")
	}
	sum, err := s.argon2(ctx, secret, h, lane, true)
	if err != nil {
		return false, err
	}
	ok := subtle.ConstantTimeCompare(sum, h.Hash) == 1
	if ok {
		s.verified.remember(h.Hash, secret, s.now())
	}
	return ok, nil
}

// argon2 hashes secret with the salt and parameters of h, once the hash
// gate gives it a slot in lane (see hashGate.enter for capped).
func (s *Store) argon2(ctx context.Context, secret string, h secretHash, lane int, capped bool) ([]byte, error) {
	leave, err := s.hashes.enter(ctx, lane, capped)
	if err != nil {
		return nil, err
	}
	defer leave()
	return argon2.IDKey([]byte(secret), h.Salt, h.Time, h.Memory, h.Threads, hashLen), nil
}

// randomBytes returns n bytes from crypto/rand, which never fails (it
// crashes the program if the system's generator does).
func randomBytes(n int) []byte {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return b
}

// checkCredential checks the tenant and audiences of a new credential
// and returns the audiences without duplicates, in their order.
func checkCredential(tenant string, audiences []string) ([]string, error) {
	switch {
	case tenant == "":
		return nil, levy.Invalid("tenant", "a credential needs a tenant")
	case len(tenant) > maxTenant:
		return nil, levy.Invalid("tenant", "the tenant is longer than %d bytes", maxTenant)
	case !printable(tenant):
		return nil, levy.Invalid("tenant", "the tenant has a control character or is not UTF-8")
	case len(audiences) == 0:
		return nil, levy.Invalid("audiences", "a credential needs at least one audience")
	case len(audiences) > maxAudiences:
		return nil, levy.Invalid("audiences", "a credential may have %d audiences at most, not %d", maxAudiences, len(audiences))
	}
	out := make([]string, 0, len(audiences))
	for n, a := range audiences {
		field := fmt.Sprintf("audiences[%d]", n)
		switch {
		case a == "":
			return nil, levy.Invalid(field, "an audience may not be empty")
		case len(a) > maxAudience:
			return nil, levy.Invalid(field, "the audience is longer than %d bytes", maxAudience)
		case !printable(a) || strings.IndexFunc(a, unicode.IsSpace) >= 0:
			return nil, levy.Invalid(field, "an audience may not have spaces or control characters")
		}
		if !slices.Contains(out, a) {
			out = append(out, a)
		}
	}
	return out, nil
}

// printable reports whether s is UTF-8 without control characters.
func printable(s string) bool {
	return utf8.ValidString(s) && strings.IndexFunc(s, unicode.IsControl) < 0
}

// Create makes a credential of tenant for audiences and returns it with
// its secret, which is shown this once: the store keeps only its hash.
// The credential may request tokens once the Issuer's activation delay
// after its creation has passed, or at once with activeNow. It fails with
// a levy.EInvalid error for an empty or overlong tenant, no audience, more
// than 16, or an audience that is empty, longer than 200 bytes or has
// spaces. Duplicate audiences are dropped.
func (s *Store) Create(ctx context.Context, tenant string, audiences []string, activeNow bool) (Credential, string, error) {
	return s.create(ctx, s.now(), tenant, audiences, activeNow)
}

func (s *Store) create(ctx context.Context, now time.Time, tenant string, audiences []string, activeNow bool) (Credential, string, error) {
	auds, err := checkCredential(tenant, audiences)
	if err != nil {
		return Credential{}, "", err
	}
	secret := encodeString(randomBytes(32))
	h, err := s.newHash(ctx, secret)
	if err != nil {
		return Credential{}, "", fmt.Errorf("auth: create a credential of %s: %w", tenant, err)
	}
	now = now.UTC()
	r := &record{
		Credential: Credential{Tenant: tenant, Audiences: auds, CreatedAt: now},
		Generation: 1,
		Secret:     h,
	}
	if activeNow {
		r.ActiveFrom = now
	}

	s.admin.Lock()
	defer s.admin.Unlock()
	err = s.update(ctx, func(txn *badger.Txn) error {
		// A new ID in each try: 128 random bits do not collide, but the
		// check costs one read.
		r.ClientID = encodeString(randomBytes(16))
		if _, err := txn.Get(credentialKey(r.ClientID)); !errors.Is(err, badger.ErrKeyNotFound) {
			if err == nil {
				err = errors.New("client ID collision")
			}
			return err
		}
		if r.TenantID, err = putTenant(txn, tenant, now); err != nil {
			return err
		}
		return putRecord(txn, r)
	})
	if err != nil {
		return Credential{}, "", fmt.Errorf("auth: create a credential of %s: %w", tenant, err)
	}
	m := s.mem.Load()
	if _, ok := m.tenants[tenant]; !ok {
		tenants := maps.Clone(m.tenants)
		tenants[tenant] = r.TenantID
		m = m.withTenants(tenants)
	}
	s.mem.Store(m.withCred(r.state()))
	s.log.Info("auth: credential created", "client_id", r.ClientID, "tenant", tenant, "audiences", auds, "active_now", activeNow)
	return s.withTenantID(r.Credential), secret, nil
}

// Rotate gives the client a new secret, which it returns; the old secret
// and every token issued before now stop working (in this process at
// once), and the client's cached tokens are dropped. Its rate-limit
// counts stay. It fails with a levy.ENotFound error for an unknown client
// and a levy.EConflict error for a revoked one.
func (s *Store) Rotate(ctx context.Context, clientID string) (Credential, string, error) {
	return s.rotate(ctx, s.now(), clientID)
}

func (s *Store) rotate(ctx context.Context, now time.Time, clientID string) (Credential, string, error) {
	secret := encodeString(randomBytes(32))
	h, err := s.newHash(ctx, secret)
	if err != nil {
		return Credential{}, "", fmt.Errorf("auth: rotate the secret of %s: %w", clientID, err)
	}
	r, err := s.change(ctx, "rotate the secret of", clientID, func(r *record) (bool, error) {
		if r.Revoked() {
			return false, &levy.Error{Code: levy.EConflict, Field: "client_id", Message: fmt.Sprintf("client %s is revoked", clientID)}
		}
		r.Generation++
		r.SecretRotatedAt = now.UTC()
		r.Secret = h
		return true, nil
	})
	if err != nil {
		return Credential{}, "", err
	}
	s.log.Info("auth: secret rotated", "client_id", clientID, "tenant", r.Tenant)
	return s.withTenantID(r.Credential), secret, nil
}

// Revoke revokes the client: its secret and its tokens stop working (in
// this process at once), and its cached tokens are dropped. Revoking a
// revoked client returns it unchanged. It fails with a levy.ENotFound
// error for an unknown client.
func (s *Store) Revoke(ctx context.Context, clientID string) (Credential, error) {
	return s.revoke(ctx, s.now(), clientID)
}

func (s *Store) revoke(ctx context.Context, now time.Time, clientID string) (Credential, error) {
	revoked := false
	r, err := s.change(ctx, "revoke", clientID, func(r *record) (bool, error) {
		if r.Revoked() {
			return false, nil
		}
		r.RevokedAt = now.UTC()
		revoked = true
		return true, nil
	})
	if err != nil {
		return Credential{}, err
	}
	if revoked {
		s.log.Info("auth: credential revoked", "client_id", clientID, "tenant", r.Tenant)
	}
	return s.withTenantID(r.Credential), nil
}

// change applies fn to the client's record and, when fn says it changed
// it, stores it, drops the client's cached tokens and updates the
// in-memory state. Its errors are wrapped with op.
func (s *Store) change(ctx context.Context, op, clientID string, fn func(*record) (bool, error)) (*record, error) {
	s.admin.Lock()
	defer s.admin.Unlock()
	var (
		r       *record
		changed bool
	)
	err := s.update(ctx, func(txn *badger.Txn) error {
		var err error
		if r, err = getRecord(txn, clientID); err != nil {
			return err
		}
		if changed, err = fn(r); err != nil || !changed {
			return err
		}
		if err := putRecord(txn, r); err != nil {
			return err
		}
		return dropCache(txn, clientID)
	})
	if err != nil {
		return nil, wrap(op, clientID, err)
	}
	if changed {
		s.mem.Store(s.mem.Load().withCred(r.state()))
	}
	return r, nil
}

// dropCache deletes the client's cached tokens.
func dropCache(txn *badger.Txn, clientID string) error {
	var keys [][]byte
	it := txn.NewIterator(badger.IteratorOptions{Prefix: cachePrefix(clientID), PrefetchValues: false})
	for it.Rewind(); it.Valid(); it.Next() {
		keys = append(keys, it.Item().KeyCopy(nil))
	}
	it.Close()
	for _, k := range keys {
		if err := txn.Delete(k); err != nil {
			return fmt.Errorf("drop cached token: %w", err)
		}
	}
	return nil
}

// Get returns the client's credential. It fails with a levy.ENotFound
// error for an unknown client.
func (s *Store) Get(ctx context.Context, clientID string) (Credential, error) {
	var r *record
	err := s.view(ctx, func(txn *badger.Txn) error {
		var err error
		r, err = getRecord(txn, clientID)
		return err
	})
	if err != nil {
		return Credential{}, wrap("get", clientID, err)
	}
	return s.withTenantID(r.Credential), nil
}

// List returns the credentials of tenant, or of every tenant for "",
// sorted by tenant, then client ID.
func (s *Store) List(ctx context.Context, tenant string) ([]Credential, error) {
	var out []Credential
	err := s.view(ctx, func(txn *badger.Txn) error {
		return eachRecord(txn, func(r *record) {
			if tenant == "" || r.Tenant == tenant {
				out = append(out, s.withTenantID(r.Credential))
			}
		})
	})
	if err != nil {
		return nil, wrap("list", tenant, err)
	}
	slices.SortFunc(out, func(a, b Credential) int {
		return cmp.Or(cmp.Compare(a.Tenant, b.Tenant), cmp.Compare(a.ClientID, b.ClientID))
	})
	return out, nil
}

// getRecord reads the client's record; it fails with a levy.ENotFound
// error for an unknown client.
func getRecord(txn *badger.Txn, clientID string) (*record, error) {
	if clientID == "" {
		return nil, levy.Invalid("client_id", "no client ID")
	}
	item, err := txn.Get(credentialKey(clientID))
	if errors.Is(err, badger.ErrKeyNotFound) {
		return nil, levy.NotFound("client_id", "no client %q", clientID)
	}
	if err != nil {
		return nil, fmt.Errorf("read credential: %w", err)
	}
	return decodeRecord(item)
}

// decodeRecord decodes the record in item.
func decodeRecord(item *badger.Item) (*record, error) {
	r := new(record)
	if err := item.Value(func(v []byte) error { return json.Unmarshal(v, r) }); err != nil {
		return nil, fmt.Errorf("read credential %q: %w", item.Key(), err)
	}
	return r, nil
}

// putRecord writes r, without its tenant's UUID, which the tenant's
// record keeps.
func putRecord(txn *badger.Txn, r *record) error {
	stored := *r
	stored.TenantID = ""
	v, err := json.Marshal(&stored)
	if err != nil {
		return fmt.Errorf("encode credential: %w", err)
	}
	if err := txn.Set(credentialKey(r.ClientID), v); err != nil {
		return fmt.Errorf("write credential: %w", err)
	}
	return nil
}

// wrap returns err with the operation and the subject that met it
// ("auth: revoke abc: ..."), except a *levy.Error, which is the caller's
// to report as it is.
func wrap(op, subject string, err error) error {
	return kv.Wrap("auth", op, subject, err)
}
