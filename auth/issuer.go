package auth

import (
	"cmp"
	"context"
	"crypto/hmac"
	"encoding/binary"
	"errors"
	"fmt"
	"log/slog"
	"net/netip"
	"time"

	"github.com/levytax/levy"
)

// Defaults of Config.
const (
	defaultTTL             = 20 * time.Minute
	defaultActivationDelay = 15 * time.Minute
	defaultRateLimit       = 10
	defaultRateWindow      = 28800 * time.Second
)

// CacheMargin is the lifetime that a cached token must have left for
// Cached to return it: a token closer to its expiry is replaced by a new
// one, so that a client does not receive a token that expires before it
// can use it. With a TTL shorter than twice CacheMargin, the margin is
// half the TTL, so that a token of a short
// lifetime is still served from the cache for half of it.
const CacheMargin = 30 * time.Second

// cacheMargin returns the margin of the cache for tokens of lifetime
// ttl: CacheMargin, or half of ttl when that is shorter. A fixed margin
// as long as the TTL or longer would leave no token servable from the
// cache, and every call of Cached would sign and store a new token,
// outside the rate limit.
func cacheMargin(ttl time.Duration) time.Duration {
	return min(CacheMargin, ttl/2)
}

// maxClockSkew is how far in the future a token's issue time may be for
// Verify to accept it.
const maxClockSkew = 60 * time.Second

// Bounds of the parameters of a token request, beyond which the request
// is refused without a store lookup (after the same slow hash as any
// other refusal).
const (
	maxClientID = 64
	maxSecret   = 256
)

// Config configures an Issuer, or a Registry (which reads only Hash,
// HashConcurrency, HashQueue, Logger and Now). Its zero value gives the
// defaults.
type Config struct {
	// TTL is the lifetime of a token (20 minutes by default).
	TTL time.Duration
	// ActivationDelay is how long a new credential must wait before it may
	// request tokens (15 minutes when 0, unless NoActivationDelay). A
	// credential's ActiveFrom, when set, overrides it.
	ActivationDelay time.Duration
	// NoActivationDelay makes new credentials active at once, whatever
	// ActivationDelay says: it is how a delay of 0 is set.
	NoActivationDelay bool
	// RateLimit is the number of tokens per client and audience per
	// RateWindow that Issue grants (10 by default).
	RateLimit int
	// RateWindow is the sliding window of the rate limit (28800 seconds
	// by default).
	RateWindow time.Duration
	// ClientFailures is how many failed authentications a client ID may
	// have per minute (a token bucket of as many, 10 by default; negative
	// for no limit). Beyond it, its token requests are refused before
	// their secret is hashed (CodeThrottled, with RetryAfter), except
	// those with the secret that last succeeded, which need no hash.
	ClientFailures int
	// SourceFailures is the same per source address (an IPv4 address or
	// an IPv6 /64; 30 by default), for the requests made with Grant.
	SourceFailures int

	// Hash is the argon2id parameters of the secrets hashed from now on:
	// 2 passes over 19 MiB with one thread when zero (OWASP's
	// recommendation for argon2id). Tests lower them to run fast, a
	// product has no reason to. Parameters out of bounds (more than 16
	// passes, 256 MiB or 16 threads) are refused.
	Hash HashParams
	// HashConcurrency is how many secrets are hashed at once (by default,
	// when not positive, GOMAXPROCS, at least 2 and at most 4). Each hash
	// holds the memory of its parameters, so this bounds the memory that
	// a burst of token requests can take; the others wait their turn, or
	// until their context ends.
	HashConcurrency int
	// HashQueue is how many token requests may wait for a hashing slot
	// (32 by default, when not positive), in each of two queues: the
	// requests for known clients, and those for unknown client IDs,
	// whose hash only makes the answer take as long. A request beyond it
	// is refused at once (CodeTemporarilyUnavailable, RetryAfter 1
	// second). The hashes for unknown client IDs hold at most all slots
	// but one (with at least two slots), so that the known clients always
	// have one.
	HashQueue int

	// Logger receives the logs of credentials created, rotated and
	// revoked, signing keys rotated and retired, rate limits exceeded in
	// Issue (Grant leaves those to the token endpoint that calls it) and
	// throttling (never a secret or a token). Nil logs nothing.
	Logger *slog.Logger
	// Now returns the current time (time.Now by default); tests set it.
	Now func() time.Time
}

// Issuer issues tokens to the credentials of a Store and verifies them.
// Verify reads only memory: the signing keys and the state of the
// credentials that the Issuer's Registry keeps, which its own changes
// update at once (Create, Rotate, Revoke, RotateKey, RetireKey) and the
// changes of other processes sharing the Store at Refresh, which it also
// runs before it signs a new token or hands out a cached one, so that a
// key another process has retired signs none and verifies no cached
// token handed out.
//
// Issuer is safe for concurrent use. Its mutable state is its
// Registry's and the failure limiters', each safe for concurrent use.
type Issuer struct {
	r      *Registry
	ttl    time.Duration
	ttlSec int64         // ttl in whole seconds, rounded up: the longest lifetime Verify accepts
	margin time.Duration // the cache's margin for ttl (cacheMargin)
	delay  time.Duration
	limit  int
	window time.Duration
	now    func() time.Time

	// clients and sources limit the failed authentications per client ID
	// and per source address (nil for no limit).
	clients, sources *failureLimiter
}

// NewIssuer returns an Issuer over s with cfg. It loads the signing keys
// and the state of every credential from s (see NewRegistry), makes the
// store's first signing key if it has none, and deletes the keys
// superseded at least a TTL ago. It fails with a levy.EInvalid error for
// a setting of cfg out of bounds.
func NewIssuer(ctx context.Context, s Store, cfg Config) (*Issuer, error) {
	i := &Issuer{
		ttl:    cmp.Or(cfg.TTL, defaultTTL),
		delay:  cmp.Or(cfg.ActivationDelay, defaultActivationDelay),
		limit:  cmp.Or(cfg.RateLimit, defaultRateLimit),
		window: cmp.Or(cfg.RateWindow, defaultRateWindow),
		now:    cfg.Now,
	}
	if cfg.NoActivationDelay {
		i.delay = 0
	}
	i.clients = newFailureLimiter(cmp.Or(cfg.ClientFailures, defaultClientFailures))
	i.sources = newFailureLimiter(cmp.Or(cfg.SourceFailures, defaultSourceFailures))
	i.ttlSec = seconds(i.ttl)
	i.margin = cacheMargin(i.ttl)
	if i.now == nil {
		i.now = time.Now
	}
	switch {
	case i.ttl < time.Second:
		return nil, levy.Invalid("TTL", "a token's lifetime must be at least a second, not %v", cfg.TTL)
	case i.delay < 0:
		return nil, levy.Invalid("ActivationDelay", "the activation delay may not be negative")
	case i.limit < 0:
		return nil, levy.Invalid("RateLimit", "the rate limit may not be negative")
	case i.window < time.Second:
		return nil, levy.Invalid("RateWindow", "the rate window must be at least a second, not %v", cfg.RateWindow)
	}
	cfg.Now = i.now
	var err error
	if i.r, err = NewRegistry(ctx, s, cfg); err != nil {
		return nil, err
	}
	if _, err := i.r.addKey(ctx, true); err != nil {
		return nil, err
	}
	if _, err := i.r.pruneKeys(ctx, i.now(), i.ttl); err != nil {
		return nil, err
	}
	if _, err := i.PurgeRevoked(ctx); err != nil {
		return nil, err
	}
	return i, nil
}

// revokedKeep is how long a revoked credential is kept after its
// revocation: until every token it was issued has expired, which is one
// token lifetime after the last, plus the skew by which an issuer's
// clock may be ahead of the one that revoked (a token issued up to
// maxClockSkew in the future verifies).
func (i *Issuer) revokedKeep() time.Duration {
	return time.Duration(i.ttlSec)*time.Second + maxClockSkew
}

// PurgeRevoked deletes the credentials revoked long enough ago that
// every token they were issued has expired (one token lifetime and a
// minute), with their rate-limit counts and cached tokens, from the
// Store and from memory, and returns their client IDs. A token of a
// credential deleted so is refused as one of an unknown client, as it
// was refused as one of a revoked client before. NewIssuer, Create and
// CreateLimited call it, so that a tenant that creates and revokes
// credentials without end keeps a bounded number of them.
func (i *Issuer) PurgeRevoked(ctx context.Context) ([]string, error) {
	ids, err := i.r.purgeRevoked(ctx, i.now().Add(-i.revokedKeep()))
	if err != nil {
		return nil, fmt.Errorf("auth: delete the revoked credentials whose tokens have expired: %w", err)
	}
	return ids, nil
}

// Create is Registry.Create, after PurgeRevoked. The credential may
// request tokens once the Issuer's activation delay has passed, or at
// once with activeNow.
func (i *Issuer) Create(ctx context.Context, tenant string, audiences []string, activeNow bool) (Credential, string, error) {
	return i.CreateLimited(ctx, tenant, audiences, activeNow, 0)
}

// CreateLimited is Registry.CreateLimited, after PurgeRevoked: Create,
// refused when the tenant has limit credentials or more that are not
// revoked, or limit revoked ones or more whose tokens may not all have
// expired yet (limit above 0).
func (i *Issuer) CreateLimited(ctx context.Context, tenant string, audiences []string, activeNow bool, limit int) (Credential, string, error) {
	if _, err := i.PurgeRevoked(ctx); err != nil {
		return Credential{}, "", err
	}
	return i.r.create(ctx, tenant, audiences, activeNow, limit, i.revokedKeep())
}

// Rotate is Registry.Rotate: the tokens of the old secret fail Verify as
// soon as it returns.
func (i *Issuer) Rotate(ctx context.Context, clientID string) (Credential, string, error) {
	return i.r.Rotate(ctx, clientID)
}

// Revoke is Registry.Revoke: the client's tokens fail Verify as soon as
// it returns.
func (i *Issuer) Revoke(ctx context.Context, clientID string) (Credential, error) {
	return i.r.Revoke(ctx, clientID)
}

// Get is Registry.Get.
func (i *Issuer) Get(ctx context.Context, clientID string) (Credential, error) {
	return i.r.Get(ctx, clientID)
}

// TenantID is Registry.TenantID.
func (i *Issuer) TenantID(ctx context.Context, tenant string) (string, error) {
	return i.r.TenantID(ctx, tenant)
}

// List is Registry.List.
func (i *Issuer) List(ctx context.Context, tenant string) ([]Credential, error) {
	return i.r.List(ctx, tenant)
}

// Refresh is Registry.Refresh: the changes that other processes made to
// the Store reach Verify.
func (i *Issuer) Refresh(ctx context.Context) (bool, error) {
	return i.r.Refresh(ctx)
}

// Follow is Registry.Follow: it refreshes the issuer's state every
// interval until ctx ends.
func (i *Issuer) Follow(ctx context.Context, every time.Duration) { i.r.Follow(ctx, every) }

// RotateKey is Registry.RotateKey: the tokens issued after it returns
// are signed with the new key, and the earlier key retires one TTL
// later. The keys superseded at least one TTL ago are deleted.
func (i *Issuer) RotateKey(ctx context.Context) (string, error) {
	kid, err := i.r.RotateKey(ctx)
	if err != nil {
		return "", err
	}
	if _, err := i.r.pruneKeys(ctx, i.now(), i.ttl); err != nil {
		return "", err
	}
	return kid, nil
}

// RetireKey is Registry.RetireKey: the tokens signed with kid fail Verify
// as soon as it returns.
func (i *Issuer) RetireKey(ctx context.Context, kid string) (string, error) {
	return i.r.RetireKey(ctx, kid)
}

// Keys is Registry.Keys without the keys that have retired, with the time
// at which each superseded key retires.
func (i *Issuer) Keys() []KeyInfo {
	now := i.now()
	ks := i.r.Keys()
	out := ks[:0]
	for _, k := range ks {
		if !k.SupersededAt.IsZero() {
			k.RetiresAt = k.SupersededAt.Add(time.Duration(i.ttlSec) * time.Second)
			if !now.Before(k.RetiresAt) {
				continue
			}
		}
		out = append(out, k)
	}
	return out
}

// Issue is the standard token endpoint (client credentials grant,
// RFC 6749 §4.4): it authenticates the client with its secret and returns
// a new token for audience. An empty audience means the credential's
// audience when it has exactly one (real clients of the wire format send
// none); a credential with several must name one. Each client and
// audience may have RateLimit tokens per RateWindow (a sliding window
// counted in the store, so that a restart does not reset it and the
// processes sharing a store share the limit).
//
// It fails with an *Error: invalid_request for a missing parameter, an
// audience left out by a credential that has several, or over the rate
// limit (with RetryAfter: when the limit lets it have a token again, if
// none is issued meanwhile), invalid_client for an unknown client, a wrong
// secret or a revoked client (alike, and as slow), unauthorized_client
// for a credential that is not active yet and invalid_target for an
// audience the credential may not use. Any other error is a failure of
// the store or the end of ctx.
func (i *Issuer) Issue(ctx context.Context, clientID, secret, audience string) (Token, error) {
	return i.issue(ctx, Request{ClientID: clientID, Secret: secret, Audience: audience}, true)
}

// Cached is the caching token endpoint: like Issue, but it returns the
// client's cached token for audience while that has at least the cache's
// margin left (see CacheMargin), with its remaining lifetime (see
// Token.ExpiresIn), and otherwise issues a new one and caches it in the
// store. The tokens it issues do not count against the rate limit: the
// store caches one per client and audience per TTL less the margin (at
// least half the TTL), which concurrent calls share. It authenticates the
// client on every call and fails as Issue does, but for the rate limit.
func (i *Issuer) Cached(ctx context.Context, clientID, secret, audience string) (Token, error) {
	return i.issue(ctx, Request{ClientID: clientID, Secret: secret, Audience: audience, Cached: true}, true)
}

// Request is a token request as a token endpoint received it.
type Request struct {
	ClientID, Secret string
	// Audience may be empty: see Issue.
	Audience string
	// Source is the address the request came from: the failed
	// authentications are limited per source address as well as per
	// client ID (Config.SourceFailures). The zero Addr is no address.
	Source netip.Addr
	// Cached asks for the client's cached token, as Cached does.
	Cached bool
}

// Grant answers a token request: it is Issue, or Cached with req.Cached,
// with the failed authentications limited per source address too.
//
// Before it hashes a secret, it takes one of the failures that the source
// address and the client ID (when it is known) may have, and gives it
// back when the secret matches: a source or a client that has failed too
// often is refused without a hash (CodeThrottled, with the wait in
// RetryAfter), except with the secret that last matched, which needs no
// hash. The hash then waits in a queue (Config.HashQueue), and is refused
// when that is full (CodeTemporarilyUnavailable). A known
// client's secret is hashed before the others, so that a flood of random
// client IDs does not hold up the clients that exist.
//
// Unlike Issue, Grant does not log a refusal for the rate limit: its
// caller, a token endpoint, logs each refusal it answers (with the
// request's ID and source, which Grant does not know), and the
// refusal's Error says it is the rate limit's (RateLimited, Audience).
func (i *Issuer) Grant(ctx context.Context, req Request) (Token, error) {
	return i.issue(ctx, req, false)
}

// issue is Grant, which logs the rate limit's refusals when logLimit
// says so.
func (i *Issuer) issue(ctx context.Context, req Request, logLimit bool) (Token, error) {
	clientID, audience := req.ClientID, req.Audience
	switch {
	case clientID == "":
		return Token{}, invalidRequest("the client_id is missing")
	case req.Secret == "":
		return Token{}, invalidRequest("the client_secret is missing")
	}
	now := i.now()
	r, err := i.authenticate(ctx, req, now)
	if err != nil {
		return Token{}, err
	}
	if r.Revoked() {
		return Token{}, invalidClient()
	}
	switch {
	case !r.ActiveFrom.IsZero() && !r.ActiveFrom.After(r.CreatedAt):
		// Made active at once (activeNow): by whatever clock reads it.
		// Its ActiveFrom is the clock of the process that made it, which
		// another node's, or this one's stepped back, may not have
		// reached yet.
	case !r.ActiveFrom.IsZero():
		if now.Before(r.ActiveFrom) {
			return Token{}, notActive(clientID, r.ActiveFrom, 0)
		}
	default:
		if from := r.CreatedAt.Add(i.delay); now.Before(from) {
			return Token{}, notActive(clientID, from, i.delay)
		}
	}
	if audience == "" {
		// Clients of the wire format do not send an audience: the
		// credential's only one is meant. With several, the client must
		// name one.
		if len(r.Audiences) != 1 {
			return Token{}, audienceRequired(clientID, r.Audiences)
		}
		audience = r.Audiences[0]
	}
	if !r.Allows(audience) {
		return Token{}, invalidTarget(clientID, audience)
	}
	if !i.r.holds(r) {
		// The credential is newer than memory (another process made or
		// rotated it): refresh, so that the token verifies here at once.
		if err := i.r.refreshAfterMiss(ctx); err != nil && ctx.Err() == nil {
			i.r.log.Warn("auth: refresh the credentials and keys for a credential newer than memory", "client_id", clientID, "err", err)
		}
	}
	if req.Cached {
		return i.cached(ctx, r, audience, now)
	}
	// The store counts the token and checks, in the same step, that the
	// client was neither rotated nor revoked since its record was read.
	is := Issuance{ClientID: clientID, Audience: audience, Generation: r.Generation, At: now}
	ok, wait, err := i.count(ctx, is)
	switch {
	case err != nil:
		return Token{}, storeRefusal(err)
	case !ok:
		if logLimit {
			i.r.log.Info("auth: rate limit exceeded", "client_id", clientID, "audience", audience)
		}
		e := rateLimited(clientID, audience, i.limit, i.window)
		if wait > 0 {
			e.RetryAfter = wait
		}
		return Token{}, e
	}
	// Signed once counted, with the key current then: a key retired
	// while the store counted (DELETE /admin/v1/keys/{kid}), here or by
	// another process sharing the store, signs nothing that was handed
	// out dead, at the price of a count.
	i.fresh(ctx)
	return i.sign(r, audience, now)
}

// count counts the issuance is against the rate limit, by the store's
// clock when the store keeps one (ClockedCounter: the processes sharing
// it share the window whatever their own clocks say), and otherwise by
// is.At. When the limit refuses it, wait is how long until it lets the
// client have a token again, 0 when unknown: only a hint, without which
// the refusal stands.
func (i *Issuer) count(ctx context.Context, is Issuance) (ok bool, wait time.Duration, err error) {
	if cc, clocked := i.r.store.(ClockedCounter); clocked {
		return cc.CountIssueNow(ctx, is, i.limit, i.window)
	}
	if ok, err = i.r.store.CountIssue(ctx, is, i.limit, i.window); err != nil || ok {
		return ok, 0, err
	}
	at, ferr := i.r.store.RateFreesAt(ctx, is.ClientID, is.Audience, is.At, i.limit, i.window)
	switch {
	case ferr != nil:
		if ctx.Err() == nil {
			i.r.log.Warn("auth: read when the rate limit frees", "client_id", is.ClientID, "audience", is.Audience, "err", ferr)
		}
	case at.After(is.At):
		wait = at.Sub(is.At)
	}
	return false, wait, nil
}

// cached returns the client's cached token for audience if it has
// the cache's margin left at now and still verifies, and otherwise a new token,
// which it caches unless another call has just cached one that can serve
// (then it returns that one). When the key that signed the token it
// would return retired while the store's step ran, it asks once more,
// so that a new token of the current key replaces it in the cache.
func (i *Issuer) cached(ctx context.Context, r *Record, audience string, now time.Time) (Token, error) {
	tok, err := i.cachedOnce(ctx, r, audience, now)
	if err != nil {
		return Token{}, err
	}
	if _, _, err := i.verify(tok.AccessToken); err != nil {
		return i.cachedOnce(ctx, r, audience, now)
	}
	return tok, nil
}

// cachedOnce is cached, without the second ask.
func (i *Issuer) cachedOnce(ctx context.Context, r *Record, audience string, now time.Time) (Token, error) {
	// Fresh before the cached token is read, as before a token is signed:
	// the cached token may be of a key that another process sharing the
	// Store has retired since this one last refreshed, which memory
	// would still verify, and every process refuse once it knew.
	i.fresh(ctx)
	s := i.r.store
	cur, found, err := s.CachedToken(ctx, r.ClientID, audience)
	if err != nil {
		return Token{}, err
	}
	if found && i.serves(ctx, cur, r.Generation, now) {
		return cur, nil
	}
	tok, err := i.sign(r, audience, now)
	if err != nil {
		return Token{}, err
	}
	swap := CacheSwap{ClientID: r.ClientID, Audience: audience, Generation: r.Generation, New: tok}
	if found {
		swap.Old = cur.AccessToken
	}
	got, found, err := s.SwapCachedToken(ctx, swap)
	switch {
	case err != nil:
		return Token{}, storeRefusal(err)
	case found && got.AccessToken != tok.AccessToken && i.serves(ctx, got, r.Generation, now):
		return got, nil
	}
	// Cached now, or another call cached one that cannot serve: this one
	// goes out uncached.
	return tok, nil
}

// serves reports whether the cached token tok has the cache's margin
// (CacheMargin) left at now, still verifies and was issued at generation gen of its client's
// secret: the generation of the record with whose secret the request
// authenticated. A token of a later generation was cached for a secret
// that replaced that one since the record was read; the request, which
// holds the replaced secret, must not leave with it.
func (i *Issuer) serves(ctx context.Context, tok Token, gen uint32, now time.Time) bool {
	if tok.ExpiresAt.Sub(now) < i.margin {
		return false
	}
	if _, err := i.VerifyContext(ctx, tok.AccessToken); err != nil {
		return false
	}
	g, ok := generation(tok.AccessToken)
	return ok && g == gen
}

// storeRefusal turns the refusal of a Store's issuance step for a client
// that is unknown, revoked or rotated since its record was read into the
// invalid_client error; it returns any other error as it is.
func storeRefusal(err error) error {
	if c := levy.ErrorCode(err); c == levy.ENotFound || c == levy.EConflict {
		return invalidClient()
	}
	return err
}

// authenticate returns the client's record if secret is its secret, and
// otherwise the invalid_client error, after the same slow hash whether
// the client is known or not, once the failure limits allow it (see
// Grant).
func (i *Issuer) authenticate(ctx context.Context, req Request, now time.Time) (*Record, error) {
	clientID, secret := req.ClientID, req.Secret
	var r *Record
	if len(clientID) <= maxClientID && len(secret) <= maxSecret {
		rec, err := i.r.store.Get(ctx, clientID)
		switch {
		case err == nil:
			r = &rec
		case levy.ErrorCode(err) != levy.ENotFound:
			return nil, err
		}
	}
	if r != nil && i.r.known(r.Secret, secret, now) {
		return r, nil
	}
	h, lane := i.r.dummy, laneUnknown
	if r != nil {
		h, lane = r.Secret, laneKnown
	} else {
		secret = secret[:min(len(secret), maxSecret)]
	}

	// Take a failure of the source and of the client before the hash;
	// give them back unless it fails.
	var limits []limited
	if src := sourceKey(req.Source); src != "" && i.sources != nil {
		limits = append(limits, limited{i.sources, src, "source"})
	}
	if r != nil && i.clients != nil {
		limits = append(limits, limited{i.clients, clientID, "client_id"})
	}
	for n, l := range limits {
		if ok, wait, first := l.limiter.take(l.key, now); !ok {
			if first {
				i.r.log.Warn("auth: failed authentications throttled", l.attr, l.key, "retry_after", wait.Round(time.Second).String())
			}
			giveBack(limits[:n], now)
			return nil, throttled(wait)
		}
	}

	ok, err := i.r.matches(ctx, h, secret, lane, now)
	switch {
	case errors.Is(err, errBusy):
		giveBack(limits, now)
		return nil, busy()
	case err != nil:
		giveBack(limits, now)
		return nil, fmt.Errorf("auth: authenticate %s: %w", clientID, err)
	case r == nil || !ok:
		return nil, invalidClient()
	}
	giveBack(limits, now)
	return r, nil
}

// limited is a key of a failure limiter, with the name it is logged
// under.
type limited struct {
	limiter *failureLimiter
	key     string
	attr    string
}

// giveBack gives back the failures taken of limits.
func giveBack(limits []limited, now time.Time) {
	for _, l := range limits {
		l.limiter.give(l.key, now)
	}
}

// fresh brings the signing keys in memory up to date with the Store
// before a new token is signed or a cached one handed out: a key that
// another process sharing the Store (a node of a cluster) has retired
// since this one last refreshed would otherwise sign it, or verify the
// cached token signed with it, and every process would refuse that
// token once it knew. It costs a read of the Store's version per token
// answered; a refresh that fails is logged, and the token signed or
// checked with what memory holds.
func (i *Issuer) fresh(ctx context.Context) {
	if _, err := i.r.Refresh(ctx); err != nil && ctx.Err() == nil {
		i.r.log.Warn("auth: refresh the credentials and keys before answering a token", "err", err)
	}
}

// sign returns a new token of r for audience, issued at now and signed
// with the current key.
func (i *Issuer) sign(r *Record, audience string, now time.Time) (Token, error) {
	k := i.r.mem.Load().current
	if k == nil {
		return Token{}, errors.New("auth: no signing key")
	}
	p := payload{
		kid:        k.id,
		issued:     now.Unix(),
		expires:    now.Add(i.ttl).Unix(),
		generation: r.Generation,
		tenant:     r.Tenant,
		client:     r.ClientID,
		audience:   audience,
	}
	return Token{AccessToken: k.sign(p.encode()), ExpiresAt: time.Unix(p.expires, 0).UTC()}, nil
}

// Verify checks token and returns its claims: its format, its signature
// by one of the store's keys that has not retired (a key retires one TTL
// after another became current, or when RetireKey deletes it), its
// expiry, a lifetime (expiry minus issue time) of at most the TTL, an
// issue time no later than maxClockSkew from now, and the state of its
// client (not revoked, secret not rotated since it was issued). It reads only
// memory and allocates nothing when the token is valid. It fails with a
// *levy.Error of code levy.EUnauthorized that says what is wrong, without
// the token.
//
// Verify never asks the Store: a token made by another process sharing
// it (a node of a cluster) since this one last refreshed fails. The API
// uses VerifyContext, which refreshes then.
func (i *Issuer) Verify(token string) (Claims, error) {
	c, _, err := i.verify(token)
	return c, err
}

// VerifyContext is Verify, except for a token that fails only for being
// newer than the state in memory: signed with a key that memory does not
// hold, or, with a valid signature, of a client that memory does not know
// or at a later secret generation than memory's. Such a token comes from
// a change that another process sharing the Store has just made (a
// credential created with levy clients, a key rotated, a secret rotated
// by another node): VerifyContext refreshes the state from the Store once
// and checks the token again. The refreshes it makes are limited in rate
// (one per 100 ms at most, shared by the calls waiting for one), so that
// made-up key IDs cannot hammer the Store; a refresh that fails is
// logged, and the token refused as Verify refuses it. A revoked or
// rotated client stays refused as soon as memory knows of it.
func (i *Issuer) VerifyContext(ctx context.Context, token string) (Claims, error) {
	c, stale, err := i.verify(token)
	if !stale {
		return c, err
	}
	if rerr := i.r.refreshAfterMiss(ctx); rerr != nil {
		if ctx.Err() == nil {
			i.r.log.Warn("auth: refresh the credentials and keys for a token newer than memory", "err", rerr)
		}
		return Claims{}, err
	}
	c, _, err = i.verify(token)
	return c, err
}

// verify is Verify, and reports whether the token failed only for being
// newer than the state in memory (see VerifyContext).
func (i *Issuer) verify(token string) (Claims, bool, error) {
	switch {
	case token == "":
		return Claims{}, false, unauthorized("no access token")
	case len(token) > maxToken:
		return Claims{}, false, unauthorized("the access token is longer than %d bytes", maxToken)
	}
	dot := len(token) - macChars - 1
	if dot < headChars || token[dot] != '.' {
		return Claims{}, false, errMalformed()
	}
	var head [offIssued]byte
	if n, ok := decode(head[:], token[:headChars]); !ok || n != len(head) {
		return Claims{}, false, errMalformed()
	}
	if head[0] != tokenVersion {
		return Claims{}, false, errMalformed()
	}
	m := i.r.mem.Load()
	k := m.keys[KeyID(head[offKid:offIssued])]
	if k == nil {
		return Claims{}, true, unauthorized("the access token was signed with an unknown key")
	}
	var mac [32]byte
	if n, ok := decode(mac[:], token[dot+1:]); !ok || n != len(mac) {
		return Claims{}, false, errMalformed()
	}

	st := k.pool.Get().(*macState)
	n, ok := decode(st.buf[:], token[:dot])
	if !ok || n < offStrings {
		k.pool.Put(st)
		return Claims{}, false, errMalformed()
	}
	p := st.buf[:n]
	st.h.Reset()
	st.h.Write(p)
	if !hmac.Equal(st.h.Sum(st.sum[:0]), mac[:]) {
		k.pool.Put(st)
		return Claims{}, false, unauthorized("the access token's signature is invalid")
	}
	issued := int64(binary.BigEndian.Uint64(p[offIssued:]))
	expires := int64(binary.BigEndian.Uint64(p[offExpires:]))
	gen := binary.BigEndian.Uint32(p[offGen:])
	tenant, rest, ok1 := readLP(p[offStrings:])
	client, rest, ok2 := readLP(rest)
	audience, rest, ok3 := readLP(rest)
	if !ok1 || !ok2 || !ok3 || len(rest) != 0 {
		k.pool.Put(st)
		return Claims{}, false, errMalformed()
	}
	c := m.creds[string(client)]
	var aud string
	if c != nil && string(tenant) == c.tenant {
		for _, a := range c.audiences {
			if a == string(audience) {
				aud = a
				break
			}
		}
	}
	k.pool.Put(st)

	now := i.now().Unix()
	switch {
	case now >= expires:
		return Claims{}, false, unauthorized("the access token expired at %s", time.Unix(expires, 0).UTC().Format(time.RFC3339))
	case k.superseded != 0 && now >= k.superseded+i.ttlSec:
		return Claims{}, false, unauthorized("the access token was signed with a retired key")
	case expires-issued > i.ttlSec:
		return Claims{}, false, unauthorized("the access token's lifetime is longer than the server's token lifetime")
	case issued > now+int64(maxClockSkew/time.Second):
		return Claims{}, false, unauthorized("the access token was issued in the future")
	case c == nil:
		return Claims{}, true, unauthorized("the access token's client is unknown")
	case c.revoked:
		return Claims{}, false, unauthorized("the access token's client is revoked")
	case gen > c.generation:
		return Claims{}, true, unauthorized("the access token was issued after a rotation of the client's secret that this server does not know of yet")
	case gen != c.generation:
		return Claims{}, false, unauthorized("the access token was issued before the client's secret was rotated")
	case aud == "":
		return Claims{}, false, unauthorized("the access token's tenant or audience is not its client's")
	}
	return Claims{
		Tenant:    c.tenant,
		Client:    c.client,
		Audience:  aud,
		KeyID:     k.kid,
		IssuedAt:  time.Unix(issued, 0).UTC(),
		ExpiresAt: time.Unix(expires, 0).UTC(),
	}, false, nil
}

// unauthorized returns a levy.EUnauthorized error.
func unauthorized(format string, args ...any) *levy.Error {
	return &levy.Error{Code: levy.EUnauthorized, Message: fmt.Sprintf(format, args...)}
}

// errMalformed returns the error of a token that is not one.
func errMalformed() *levy.Error {
	return unauthorized("the access token is malformed")
}
