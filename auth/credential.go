package auth

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/levytax/levy"
)

// Bounds of a credential's fields.
const (
	maxAudience  = 200 // bytes
	maxAudiences = 16
)

// Credential is a client of Levy's API: a client ID mapped to one tenant
// and the audiences (APIs) it may ask tokens for. Its secret is not part
// of it: the store keeps only a hash of it, and the secret is shown once,
// by Create or Rotate.
type Credential struct {
	ClientID string `json:"client_id"`
	Tenant   string `json:"tenant"`
	// TenantID is the tenant's UUID (see Registry.TenantID). The store
	// fills it in from the tenant's record; it is not kept with the
	// credential.
	TenantID  string    `json:"tenant_id,omitempty"`
	Audiences []string  `json:"audiences"`
	CreatedAt time.Time `json:"created_at"`
	// ActiveFrom, when set, overrides the activation delay (a development
	// credential is active at once). One no later than CreatedAt, as
	// activeNow makes it, is active at once by every clock that reads
	// it, including a node's that is behind the clock that made it.
	ActiveFrom      time.Time `json:"active_from,omitzero"`
	SecretRotatedAt time.Time `json:"secret_rotated_at,omitzero"`
	RevokedAt       time.Time `json:"revoked_at,omitzero"`
}

// Revoked reports whether the credential is revoked.
func (c Credential) Revoked() bool { return !c.RevokedAt.IsZero() }

// Allows reports whether the credential may ask tokens for audience.
func (c Credential) Allows(audience string) bool { return slices.Contains(c.Audiences, audience) }

// CheckCredential returns the error that creating a credential of tenant
// with audiences meets for them, before any store is opened: a tenant
// that is no identifier, no audience, an empty one or one with spaces.
func CheckCredential(tenant string, audiences []string) error {
	_, err := checkCredential(tenant, audiences)
	return err
}

// checkCredential checks the tenant and audiences of a new credential
// and returns the audiences without duplicates, in their order.
func checkCredential(tenant string, audiences []string) ([]string, error) {
	// The tenant is checked as every store that keeps one checks it (a
	// profile's, a stored transaction's), so that a credential's tenant
	// may write all it owns; it is named in the query of the admin
	// routes (?tenant=), whose values the API checks as identifiers. A
	// new tenant may not hold a character that is not seen either, so
	// that no tenant reads as another (levy.CheckNewTenant).
	if err := levy.CheckNewTenant(tenant); err != nil {
		return nil, err
	}
	switch {
	case len(audiences) == 0:
		return nil, levy.Invalid("audiences", "a credential needs at least one audience")
	case len(audiences) > maxAudiences:
		return nil, levy.Invalid("audiences", "a credential may have %d audiences at most, not %d", maxAudiences, len(audiences))
	}
	out := make([]string, 0, len(audiences))
	for n, a := range audiences {
		if fault := audienceFault(a); fault != "" {
			return nil, levy.Invalid(fmt.Sprintf("audiences[%d]", n), "%s", fault)
		}
		if !slices.Contains(out, a) {
			out = append(out, a)
		}
	}
	return out, nil
}

// CheckAudience checks an audience as a credential's are checked: not
// empty, at most 200 bytes, UTF-8 without spaces or control characters.
// A server's audiences (levy serve's flags) and a client's (the audience
// it asks a token for) are checked with it, so that each names the same
// faults. The error names no field: the caller knows where the audience
// came from.
func CheckAudience(a string) error {
	if fault := audienceFault(a); fault != "" {
		return errors.New(fault)
	}
	return nil
}

// audienceFault says what is wrong with the audience a, "" when nothing
// is.
func audienceFault(a string) string {
	switch {
	case a == "":
		return "an audience may not be empty"
	case len(a) > maxAudience:
		return fmt.Sprintf("the audience is longer than %d bytes", maxAudience)
	case !printable(a) || strings.IndexFunc(a, unicode.IsSpace) >= 0:
		return "an audience may not have spaces or control characters"
	}
	return ""
}

// printable reports whether s is UTF-8 without control characters.
func printable(s string) bool {
	return utf8.ValidString(s) && strings.IndexFunc(s, unicode.IsControl) < 0
}

// newClientID returns a random client ID: 16 random bytes in unpadded
// base64url, drawn again while it starts with "-", which a command line
// would read as a flag (levy clients revoke ID).
func newClientID() string {
	for {
		if id := encodeString(randomBytes(16)); id[0] != '-' {
			return id
		}
	}
}

// checkClientID refuses an empty client ID, which no credential has.
func checkClientID(clientID string) error {
	if clientID == "" {
		return levy.Invalid("client_id", "no client ID")
	}
	return nil
}

// Create makes a credential of tenant for audiences and returns it with
// its secret, which is shown this once: the store keeps only its hash.
// The credential may request tokens once the Issuer's activation delay
// after its creation has passed, or at once with activeNow. A tenant's
// first credential gives it its ID (see TenantID). It fails with a
// levy.EInvalid error for an empty or overlong tenant, one that begins or
// ends with a space or that the query of the admin routes refuses (a
// control character, a line separator or a bidirectional formatting
// character; see wire.CheckIdentifier), no audience, more
// than 16, or an audience that is empty, longer than 200 bytes or has
// spaces. Duplicate audiences are dropped.
func (r *Registry) Create(ctx context.Context, tenant string, audiences []string, activeNow bool) (Credential, string, error) {
	return r.CreateLimited(ctx, tenant, audiences, activeNow, 0)
}

// CreateLimited is Create, bounded: with a limit above 0, it fails with
// a levy.EConflict error (field tenant) that says so, and makes nothing,
// when the tenant has limit credentials or more that are not revoked,
// or limit revoked credentials or more that the store keeps still (see
// Issuer.CreateLimited, which deletes those whose tokens have all
// expired), counted in the store in the same step as the creation (so
// that creations at once, in any process sharing the store, keep the
// limit). So a tenant's credentials in the store, revoked or not, are
// at most twice the limit, whatever its admin creates and revokes. The
// admin routes bound the creations of a tenant's admin so; the
// operator's are not.
func (r *Registry) CreateLimited(ctx context.Context, tenant string, audiences []string, activeNow bool, limit int) (Credential, string, error) {
	return r.create(ctx, tenant, audiences, activeNow, limit, 0)
}

// create is CreateLimited; keep, when above 0, is how long after its
// revocation a revoked credential is kept, for the refusal of a tenant
// at its limit of revoked credentials to say when the first is deleted.
func (r *Registry) create(ctx context.Context, tenant string, audiences []string, activeNow bool, limit int, keep time.Duration) (Credential, string, error) {
	auds, err := checkCredential(tenant, audiences)
	if err != nil {
		return Credential{}, "", err
	}
	secret := encodeString(randomBytes(32))
	h, err := r.newHash(ctx, secret)
	if err != nil {
		return Credential{}, "", fmt.Errorf("auth: create a credential of %s: %w", tenant, err)
	}
	now := r.now().UTC()
	rec := Record{
		Credential: Credential{ClientID: newClientID(), Tenant: tenant, Audiences: auds, CreatedAt: now},
		Generation: 1,
		Secret:     h,
	}
	if activeNow {
		rec.ActiveFrom = now
	}

	r.admin.Lock()
	defer r.admin.Unlock()
	rec, err = r.store.Create(ctx, rec, NewTenantID(), limit)
	if errors.Is(err, ErrCredentialLimit) {
		r.log.Info("auth: credential limit reached", "tenant", tenant, "limit", limit)
		return Credential{}, "", &levy.Error{Code: levy.EConflict, Field: "tenant", Message: fmt.Sprintf(
			"tenant %s has %d or more credentials that are not revoked, the most its admin may have; revoke one it no longer uses first, or ask the server's operator (levy serve --tenant-credentials)", tenant, limit)}
	}
	if errors.Is(err, ErrRevokedLimit) {
		r.log.Info("auth: revoked credential limit reached", "tenant", tenant, "limit", limit)
		return Credential{}, "", &levy.Error{Code: levy.EConflict, Field: "tenant", Message: fmt.Sprintf(
			"tenant %s has %d or more revoked credentials, the most kept for its admin: a revoked credential is kept until every token it was issued has expired%s, and counts until then; or ask the server's operator (levy serve --tenant-credentials)",
			tenant, limit, r.firstFreed(ctx, tenant, keep))}
	}
	if err != nil {
		return Credential{}, "", err
	}
	m := r.mem.Load()
	tenantNew := ""
	if _, ok := m.tenants[tenant]; !ok {
		tenantNew = tenant
	}
	r.mem.Store(m.with(rec.state(), tenantNew, rec.TenantID, nil, nil))
	r.log.Info("auth: credential created", "client_id", rec.ClientID, "tenant", tenant, "audiences", auds, "active_now", activeNow)
	return rec.Credential, secret, nil
}

// firstFreed returns the words of the refusal of a tenant at its limit
// of revoked credentials that say when the first of them is deleted: ""
// when keep is not above 0 or the tenant's credentials cannot be read.
func (r *Registry) firstFreed(ctx context.Context, tenant string, keep time.Duration) string {
	if keep <= 0 {
		return ""
	}
	cs, err := r.store.List(ctx, tenant)
	if err != nil {
		return ""
	}
	var first time.Time
	for _, c := range cs {
		if c.Revoked() && (first.IsZero() || c.RevokedAt.Before(first)) {
			first = c.RevokedAt
		}
	}
	if first.IsZero() {
		return ""
	}
	return fmt.Sprintf(" (%v after its revocation: the first is deleted, and frees its place, at %s)",
		keep, first.Add(keep).UTC().Format(time.RFC3339))
}

// purgeRevoked deletes from the Store, and from memory, the credentials
// revoked before t, with their rate-limit counts and cached tokens, and
// returns their client IDs.
func (r *Registry) purgeRevoked(ctx context.Context, t time.Time) ([]string, error) {
	r.admin.Lock()
	defer r.admin.Unlock()
	ids, err := r.store.PurgeRevoked(ctx, t)
	if err != nil || len(ids) == 0 {
		return nil, err
	}
	r.mem.Store(r.mem.Load().without(ids))
	r.log.Info("auth: revoked credentials deleted, their tokens all expired", "count", len(ids), "client_ids", ids, "revoked_before", t.UTC())
	return ids, nil
}

// Rotate gives the client a new secret, which it returns; the old secret
// and every token issued before now stop working (in this process at
// once), and the client's cached tokens are dropped. Its rate-limit
// counts stay. It fails with a levy.ENotFound error for an unknown client
// and a levy.EConflict error for a revoked one, or for one whose secret
// another call (in any process sharing the store) replaced between this
// call's read of it and its write: of two replacements at once, one
// succeeds and the other fails, so that no secret handed out is dead
// already.
func (r *Registry) Rotate(ctx context.Context, clientID string) (Credential, string, error) {
	if err := checkClientID(clientID); err != nil {
		return Credential{}, "", err
	}
	// The secret replaced is the one read now: if another replacement
	// stores its secret while this one hashes, this one fails rather
	// than kill the secret that the other has just handed out.
	cur, err := r.store.Get(ctx, clientID)
	if err != nil {
		return Credential{}, "", err
	}
	secret := encodeString(randomBytes(32))
	h, err := r.newHash(ctx, secret)
	if err != nil {
		return Credential{}, "", fmt.Errorf("auth: rotate the secret of %s: %w", clientID, err)
	}
	r.admin.Lock()
	defer r.admin.Unlock()
	rec, err := r.store.Rotate(ctx, clientID, cur.Generation, h, r.now().UTC())
	if err != nil {
		return Credential{}, "", err
	}
	r.mem.Store(r.mem.Load().with(rec.state(), "", "", nil, nil))
	r.log.Info("auth: secret rotated", "client_id", clientID, "tenant", rec.Tenant)
	return rec.Credential, secret, nil
}

// Revoke revokes the client: its secret and its tokens stop working (in
// this process at once), and its cached tokens are dropped. Revoking a
// revoked client returns it unchanged. It fails with a levy.ENotFound
// error for an unknown client.
func (r *Registry) Revoke(ctx context.Context, clientID string) (Credential, error) {
	if err := checkClientID(clientID); err != nil {
		return Credential{}, err
	}
	r.admin.Lock()
	defer r.admin.Unlock()
	rec, revoked, err := r.store.Revoke(ctx, clientID, r.now().UTC())
	if err != nil {
		return Credential{}, err
	}
	// Whether this call or another revoked it, the client is revoked.
	r.mem.Store(r.mem.Load().with(rec.state(), "", "", nil, nil))
	if revoked {
		r.log.Info("auth: credential revoked", "client_id", clientID, "tenant", rec.Tenant)
	}
	return rec.Credential, nil
}

// Get returns the client's credential, as the Store has it. It fails
// with a levy.ENotFound error for an unknown client.
func (r *Registry) Get(ctx context.Context, clientID string) (Credential, error) {
	if err := checkClientID(clientID); err != nil {
		return Credential{}, err
	}
	rec, err := r.store.Get(ctx, clientID)
	if err != nil {
		return Credential{}, err
	}
	return rec.Credential, nil
}

// List returns the credentials of tenant, or of every tenant for "",
// sorted by tenant, then client ID, as the Store has them.
func (r *Registry) List(ctx context.Context, tenant string) ([]Credential, error) {
	return r.store.List(ctx, tenant)
}
