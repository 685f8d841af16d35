package auth

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/internal/storeclosed"
)

// ErrClosed is the error, wrapped, of the methods of a Store after its
// Close. It carries the code levy.EUnavailable (errors.As finds a
// *levy.Error in it): the store cannot serve now, as when its host is
// shutting down, and the same call may succeed later, to a store opened
// again.
var ErrClosed = storeclosed.New("the auth store is closed")

// Store keeps what package auth must not lose: the credentials with the
// hashes of their secrets, the tenants' IDs, the signing keys, the
// rate-limit counts and the cached tokens. The rules live in package auth
// (hashing, the token format, the rate-limit policy, audiences,
// throttling, the in-memory state that Verify reads); a Store keeps
// records, and each of its methods is one atomic step, all of it or
// nothing, so that a store shared by several processes keeps the rules
// exact across them: the rate limit counts each issuance once wherever it
// happens, and an issuance meets a rotation or revocation committed
// before it.
//
// Every method is safe for concurrent use. The errors of the caller's
// fault, or of a step that the stored state forbids, are *levy.Error
// values: levy.ENotFound and levy.EConflict where a method names them,
// levy.EUnavailable when the store cannot take writes now (a retry later
// may succeed). When ctx has ended, a method fails with an error that
// wraps ctx.Err(); after Close, with one that wraps ErrClosed. Any other
// error is a fault of the store, wrapped with the operation that met it
// ("auth: revoke CLIENT: ...").
//
// A client ID, tenant or audience is any string a request sent: one that
// no credential can have (not UTF-8, or with a NUL) is unknown like any
// other, and a store that keeps text (a database's) answers it so rather
// than fail.
//
// The times given to a Store are kept as they are given; package auth
// gives them in UTC.
type Store interface {
	// Snapshot returns every credential record (with its tenant's ID),
	// every tenant's ID and every signing key, as of one moment, with the
	// version of that moment or an earlier one (see Version). In Keys,
	// the current key is the one whose SupersededAt is zero; there is
	// one unless the store has no key.
	Snapshot(ctx context.Context) (*Snapshot, error)
	// Version returns a number that changes whenever a credential, a
	// tenant's ID or a signing key does (not when a rate-limit count or a
	// cached token does), so that a process can tell at little cost
	// whether its snapshot is stale: once the call that made a change
	// has returned, Version differs from the Version of every Snapshot
	// that does not show the change.
	Version(ctx context.Context) (uint64, error)

	// Create stores the new credential r and gives its tenant the ID
	// tenantID, unless the tenant has one already. It returns r with
	// Credential.TenantID set to the tenant's ID. It fails with a
	// levy.EConflict error when a credential has r's client ID. With a
	// limit above 0, it stores nothing and fails with an error wrapping
	// ErrCredentialLimit when the tenant has limit credentials or more
	// that are not revoked, and with one wrapping ErrRevokedLimit when
	// it has limit revoked credentials or more (kept until PurgeRevoked
	// deletes them): counted in the same atomic step as the write, so
	// that concurrent creations, in any process sharing the store, keep
	// the limits.
	Create(ctx context.Context, r Record, tenantID string, limit int) (Record, error)
	// Get returns the client's record with its tenant's ID. It fails
	// with a levy.ENotFound error for an unknown client.
	Get(ctx context.Context, clientID string) (Record, error)
	// List returns the credentials of tenant, or of every tenant for "",
	// with their tenants' IDs, sorted by tenant, then client ID. It
	// returns none, and no error, for an unknown tenant.
	List(ctx context.Context, tenant string) ([]Credential, error)
	// TenantID returns the tenant's ID. It fails with a levy.ENotFound
	// error for a tenant that never had a credential.
	TenantID(ctx context.Context, tenant string) (string, error)
	// Rotate gives the client the secret hashed in h if its generation
	// is still gen (the one read before h was made): it stores h,
	// increments the client's generation, sets its SecretRotatedAt to
	// at and drops its cached tokens; its rate-limit counts stay. It
	// returns the record as stored. It fails with a levy.ENotFound error
	// for an unknown client, and a levy.EConflict error for a revoked one
	// or one whose generation is not gen (another replacement of its
	// secret came first, whose secret would otherwise be dead already
	// when handed out).
	Rotate(ctx context.Context, clientID string, gen uint32, h SecretHash, at time.Time) (Record, error)
	// Revoke sets the client's RevokedAt to at, drops its cached tokens
	// and returns the record as stored with true. A revoked client is
	// returned as it is, with false. It fails with a levy.ENotFound error
	// for an unknown client.
	Revoke(ctx context.Context, clientID string, at time.Time) (Record, bool, error)
	// PurgeRevoked deletes the credentials revoked before t, with their
	// rate-limit counts and cached tokens, and returns their client IDs,
	// sorted. It deletes no credential that is not revoked, and no
	// tenant's ID.
	PurgeRevoked(ctx context.Context, t time.Time) ([]string, error)

	// AddKey makes k the current signing key: the key that was current
	// is marked superseded at k.CreatedAt. With ifNone, it stores nothing
	// when the store has a current key. It returns every signing key
	// after the step. It fails with a levy.EConflict error when a key has
	// k's ID.
	AddKey(ctx context.Context, k SigningKey, ifNone bool) ([]SigningKey, error)
	// RetireKey deletes the signing key id. When that was the current
	// key, next becomes the current key; otherwise next is not stored.
	// It returns every signing key after the step. It fails with a
	// levy.ENotFound error for an unknown key.
	RetireKey(ctx context.Context, id KeyID, next SigningKey) ([]SigningKey, error)
	// PruneKeys deletes the signing keys superseded before t and returns
	// their IDs. It never deletes the current key.
	PruneKeys(ctx context.Context, t time.Time) ([]KeyID, error)

	// CountIssue counts the issuance is against the rate limit of its
	// client and audience: when fewer than limit issuances are counted
	// for them after is.At minus window, it counts this one, at is.At,
	// and returns true; otherwise it counts nothing and returns false.
	// Of concurrent calls for one client and audience, exactly as many
	// return true as the limit allows. It fails with a levy.ENotFound
	// error for an unknown client, and a levy.EConflict error when the
	// client is revoked or its generation is not is.Generation (it was
	// rotated since its record was read).
	CountIssue(ctx context.Context, is Issuance, limit int, window time.Duration) (bool, error)
	// RateFreesAt returns when the rate limit of limit issuances per
	// window lets the client and audience have a token again, after at,
	// if none is counted meanwhile: at itself when fewer than limit
	// issuances are counted after at minus window, and otherwise the
	// time at which the limit-th latest of them leaves the window (its
	// time plus window). It returns the zero time for a limit below 1,
	// which never lets one. It counts and changes nothing, and returns
	// at for a client or audience with nothing counted.
	RateFreesAt(ctx context.Context, clientID, audience string, at time.Time, limit int, window time.Duration) (time.Time, error)
	// CachedToken returns the cached token of the client and audience,
	// and false when there is none. Its expiry may be kept to the second
	// only.
	CachedToken(ctx context.Context, clientID, audience string) (Token, bool, error)
	// SwapCachedToken caches c.New as the token of c's client and
	// audience if the token cached for them is c.Old ("" for none), and
	// returns the token cached after the step (c.New when it was
	// stored), and false when there is none. It fails with a
	// levy.ENotFound error for an unknown client, and a levy.EConflict
	// error when the client is revoked or its generation is not
	// c.Generation.
	SwapCachedToken(ctx context.Context, c CacheSwap) (Token, bool, error)

	// CheckWrite returns nil when the store can take writes, and a
	// levy.EUnavailable error that says why not otherwise (a health
	// check calls it).
	CheckWrite(ctx context.Context) error
	// Close waits for the calls in progress and releases the store. A
	// second Close does nothing and returns nil.
	Close() error
}

// ErrCredentialLimit is the error, wrapped, of Store.Create for a tenant
// that has as many credentials that are not revoked as the limit allows.
var ErrCredentialLimit = errors.New("the tenant has the most active credentials allowed")

// ErrRevokedLimit is the error, wrapped, of Store.Create for a tenant
// that has as many revoked credentials, not yet deleted by
// Store.PurgeRevoked, as the limit allows.
var ErrRevokedLimit = errors.New("the tenant has the most revoked credentials kept allowed")

// CheckLimit returns the error of Store.Create for a tenant that has
// active credentials that are not revoked and revoked ones not yet
// purged, under a limit above 0: one wrapping ErrCredentialLimit or
// ErrRevokedLimit, or nil when the tenant may have another. A store
// calls it with the counts it made in the step that creates.
func CheckLimit(active, revoked, limit int) error {
	switch {
	case active >= limit:
		return fmt.Errorf("%d active credentials: %w", active, ErrCredentialLimit)
	case revoked >= limit:
		return fmt.Errorf("%d revoked credentials kept: %w", revoked, ErrRevokedLimit)
	}
	return nil
}

// ClockedCounter is implemented by a Store that processes on several
// hosts share and that keeps a clock of its own (a database server's),
// so that the rate limit does not follow the clocks of the hosts, which
// may differ: counted by each host's clock, a client would get up to
// the difference in extra tokens by asking one host after another. The
// Issuer counts with CountIssueNow when its Store implements it, and
// with CountIssue otherwise.
type ClockedCounter interface {
	// CountIssueNow is Store.CountIssue with the store's clock, read in
	// the step that counts, for the issuance's time and the window, in
	// place of is.At (which it ignores). When it counts nothing, it
	// returns also how long, by that clock, until the limit lets the
	// client and audience have a token again if none is counted
	// meanwhile (as Store.RateFreesAt says it); it returns a negative
	// wait for a limit below 1, which never lets one.
	CountIssueNow(ctx context.Context, is Issuance, limit int, window time.Duration) (counted bool, wait time.Duration, err error)
}

// RotatedMeanwhile is the levy.EConflict error of Store.Rotate for a
// client whose generation is not the one the caller read.
func RotatedMeanwhile(clientID string) error {
	return &levy.Error{Code: levy.EConflict, Field: "client_id", Message: fmt.Sprintf(
		"the secret of client %s was replaced by another request meanwhile, whose answer holds the secret that works; replace it again to get another", clientID)}
}

// RateFreesAt is Store.RateFreesAt over the issue times counted after at
// minus window, in any order (it sorts them): for the stores that read
// the times of the window whole.
func RateFreesAt(counted []time.Time, at time.Time, limit int, window time.Duration) time.Time {
	if limit < 1 {
		return time.Time{}
	}
	if len(counted) < limit {
		return at
	}
	slices.SortFunc(counted, time.Time.Compare)
	return counted[len(counted)-limit].Add(window)
}

// Record is a credential as a Store keeps it: the credential, the hash of
// its secret and its generation, which Rotate increments and every token
// carries, so that the tokens issued with an earlier secret stop
// verifying.
type Record struct {
	Credential
	Generation uint32
	Secret     SecretHash
}

// SecretHash is the argon2id hash of a secret with the parameters and the
// salt it was made with.
type SecretHash struct {
	Alg     string // "argon2id"
	Time    uint32
	Memory  uint32 // KiB
	Threads uint8
	Salt    []byte
	Hash    []byte
}

// KeyID is the ID of a signing key: 8 random bytes, which every token
// names.
type KeyID [8]byte

// String returns the ID in base64url without padding (11 characters), as
// Claims.KeyID and KeyInfo show it.
func (id KeyID) String() string { return base64.RawURLEncoding.EncodeToString(id[:]) }

// SigningKey is a key that signs tokens, as a Store keeps it.
type SigningKey struct {
	ID        KeyID
	Key       []byte // 32 random bytes
	CreatedAt time.Time
	// SupersededAt is when another key became the current one; zero for
	// the current key.
	SupersededAt time.Time
}

// Snapshot is the state of a Store that package auth keeps in memory.
type Snapshot struct {
	// Version is the Store's version when the snapshot was taken, or an
	// earlier one (see Store.Version).
	Version     uint64
	Credentials []Record
	Tenants     map[string]string // tenant to its ID
	Keys        []SigningKey
}

// Issuance is a token issued, as the rate limit counts it.
type Issuance struct {
	ClientID, Audience string
	// Generation is the client's generation when its record was read.
	Generation uint32
	At         time.Time
}

// CacheSwap is the replacement of a cached token (Store.SwapCachedToken).
type CacheSwap struct {
	ClientID, Audience string
	// Generation is the client's generation when its record was read.
	Generation uint32
	// Old is the token that the caller found cached, "" for none.
	Old string
	// New is the token to cache.
	New Token
}
