// Package auth issues and verifies the access tokens of Levy's HTTP API:
// the OAuth 2.0 client credentials grant (RFC 6749 §4.4) over credentials
// kept in a Badger store, bearer tokens signed with HMAC-SHA256 and
// verified without a store lookup, a rate limit that survives a restart,
// and a token cache.
//
// # Credentials
//
// A Credential maps a client ID to one tenant and the audiences (APIs) it
// may ask tokens for. Store.Create makes one and returns its secret once:
// the client ID is 16 random bytes and the secret 32, both in base64url
// (22 and 43 characters), and the store keeps only an argon2id hash of
// the secret, with its salt and parameters (2 passes over 19 MiB by
// default). Hashing is bounded (WithHashConcurrency), so that a burst of
// token requests waits instead of exhausting memory. A secret that matched
// is recognized for the next ten minutes without argon2id, from an HMAC of
// it under a key made when the store opens (never the secret itself); a
// wrong secret always pays for argon2id, and so does a secret presented
// for an unknown client ID, against a hash of nothing, so that the answer
// takes as long. A new credential may
// request tokens after an activation delay (Config.ActivationDelay), or
// at once when made with activeNow. Rotate gives a client a new secret
// and invalidates its earlier tokens; Revoke ends it.
//
// # Tokens
//
// An Issuer issues tokens (Issue, Cached) and verifies them (Verify).
// A token is opaque to clients; it is
//
//	base64url(payload) "." base64url(HMAC-SHA256(key, payload))
//
// without padding, where payload is
//
//	version     1 byte, 1
//	kid         8 bytes: the ID of the signing key
//	issued at   8 bytes, big-endian Unix seconds
//	expires at  8 bytes, big-endian Unix seconds
//	generation  4 bytes, big-endian: the client's secret generation
//	token ID    12 random bytes
//	tenant, client ID, audience   each length-prefixed (uvarint, bytes)
//
// Verify bounds the token to 1 KiB before it does any work, finds the key
// by its ID in memory, checks the signature in constant time, the expiry,
// that the key has not retired, that the token lives no longer than the
// TTL (expiry minus issue time) and was not issued more than a minute in
// the future, and the client's state in memory: a revoked client's tokens
// fail, and so do the tokens of an earlier generation (Rotate increments
// it). It reads no store and allocates nothing for a valid token. So a
// signing key that leaks cannot sign a token that outlives the TTL, nor
// one that outlives the key's retirement.
//
// The signing keys are 32 random bytes in the store, so tokens survive a
// restart. NewIssuer makes the first; RotateKey makes a new one current.
// The earlier key is then superseded: it keeps verifying the tokens it
// signed for one TTL, which is as long as they can live, and then
// retires: Verify refuses its tokens, and NewIssuer and Issuer.RotateKey
// delete it from the store. RetireKey deletes a key at once (after making
// a new one current if it was the current one).
//
// # Tenants
//
// Each tenant gets a random UUID (version 4) with its first credential,
// kept in the store for as long as it lives, whatever happens to the
// tenant's credentials: TenantID returns it, and Credential.TenantID
// shows it. A store written before tenants had one gives one to each of
// its tenants when it opens.
//
// # Failed authentication
//
// Since a wrong secret costs a hash, failures are limited before the
// hash (Issuer.Grant): per client ID (Config.ClientFailures, 10 a minute
// by default) and per source address (Config.SourceFailures, 30 a minute;
// an IPv6 /64 counts as one address), each a token bucket in memory. A
// request of a client or an address out of failures is refused at once
// with invalid_request, HTTP 429 and the wait in Error.RetryAfter, unless
// its secret matched in the last ten minutes (which needs no hash). A
// success gives its failure back. The hashes wait in two queues of
// WithHashQueue requests each, beyond which a request is refused with
// temporarily_unavailable (503, Retry-After 1 s): one for the known
// clients, one for the unknown client IDs, whose hashes run one at a time
// and leave their lane idle three times as long as they took. So a flood
// of random client IDs takes at most a quarter of a core, and a known
// client's first token waits for no hash of the flood. Under such a flood
// an unknown client ID is answered later than a known one, which tells
// whether an ID exists (never a secret); client IDs are 128 random bits.
//
// # Rate limit and cache
//
// Issue grants Config.RateLimit tokens per client and audience per
// Config.RateWindow, a sliding window: the store keeps the issue times of
// the last tokens, and checks and updates them in the transaction that
// issues the token. Cached returns the client's cached token for an
// audience while it has CacheMargin left, and otherwise issues a new one
// and caches it; its tokens do not count against the rate limit. Rotate
// and Revoke drop a client's cached tokens.
//
// # Errors
//
// Issue and Cached fail with an *Error carrying an OAuth error code
// (RFC 6749 §5.2, RFC 8707) and its HTTP status. Verify fails with a
// *levy.Error of code levy.EUnauthorized. The Store's methods fail with a
// *levy.Error of code levy.ENotFound for an unknown client and
// levy.EInvalid for bad input; their other errors are wrapped with the
// operation that met them. Nothing is logged with a secret or a token.
//
// # Badger key layout
//
// Keys start with one byte that says what they hold; strings inside keys
// are length-prefixed (a uvarint, then the bytes), so a client's keys
// share one prefix:
//
//	'V'                      schema version, "1"; Open refuses any other
//	'C' client               credential: the Credential, its secret's hash
//	                         and parameters, its generation (JSON)
//	'K' kid(8 bytes)         signing key, its creation time and when it was
//	                         superseded (JSON)
//	'A'                      the current signing key's kid (8 bytes)
//	'R' client audience      rate limit: the issue times of the last tokens,
//	                         8 bytes big-endian Unix nanoseconds each, oldest first
//	'T' client audience      cached token: its expiry (8 bytes big-endian
//	                         Unix seconds), then the token
//	'N' tenant               the tenant's UUID and its creation time (JSON)
//
// Writes are acknowledged after Badger has synced them to disk
// (SyncWrites). Changes of credentials and keys are serialized; the
// issuance of tokens meets Badger's conflict detection and bounded
// retries. The store runs no value log garbage collection: its values are
// far smaller than the threshold (64 KiB) under which Badger keeps them
// in its LSM tree rather than its value log.
package auth
