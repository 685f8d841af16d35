// Package auth issues and verifies the access tokens of Levy's HTTP API:
// the OAuth 2.0 client credentials grant (RFC 6749 §4.4) over credentials
// kept in a Store, bearer tokens signed with HMAC-SHA256 and verified
// without a store lookup, a rate limit that survives a restart, and a
// token cache. It holds the rules and knows neither HTTP (package oauth
// answers its refusals) nor any database.
//
// # Storage
//
// Store is what the package needs from storage: credentials, tenants'
// IDs, signing keys, rate-limit counts and cached tokens, each of its
// methods one atomic step with its errors documented. NewMemory keeps
// them in memory; package badger keeps them on disk (badger.OpenAuth,
// which documents its key layout and schema version); package postgres
// keeps them in a database that several processes share
// (postgres.DB.Auth). The conformance suite authtest.Run holds each to
// the contract, and authtest.RunShared holds two handles on one shared
// store to it as two processes would use them. The rules stay here: the
// hashing of secrets, the token format, the rate-limit policy (the Store
// counts an issuance against the limit and window it is given, in one
// step, so that processes sharing a Store share the limit exactly), the
// audiences, the throttling of failed authentication, and the state in
// memory that Verify reads. That state is loaded from Store.Snapshot;
// the changes a process makes reach it at once, and Refresh loads those
// that other processes made when Store.Version says there are some;
// Follow calls Refresh every interval, as each node of a cluster does.
//
// A Registry manages credentials and signing keys over a Store (levy
// clients uses one); an Issuer has its own Registry and issues and
// verifies tokens.
//
// # Credentials
//
// A Credential maps a client ID to one tenant and the audiences (APIs) it
// may ask tokens for. Create makes one and returns its secret once: the
// client ID is 16 random bytes and the secret 32, both in base64url (22
// and 43 characters), and the store keeps only an argon2id hash of the
// secret, with its salt and parameters (2 passes over 19 MiB by default,
// Config.Hash). Hashing is bounded (Config.HashConcurrency), so that a
// burst of token requests waits instead of exhausting memory. A secret
// that matched is recognized for the next ten minutes without argon2id,
// from an HMAC of it under a key made when the Registry starts (never the
// secret itself); a wrong secret always pays for argon2id, and so does a
// secret presented for an unknown client ID, against a hash of nothing,
// so that the answer takes as long. A new credential may request tokens
// after an activation delay (Config.ActivationDelay), or at once when
// made with activeNow. Rotate gives a client a new secret and invalidates
// its earlier tokens; Revoke ends it.
//
// A revoked credential is kept, and its tokens refused as a revoked
// client's, until every token it was issued has expired: one token
// lifetime and a minute (the clock skew Verify allows) after its
// revocation. Then Issuer.PurgeRevoked deletes it, with its rate-limit
// counts and cached tokens (Store.PurgeRevoked: one step over PostgreSQL,
// as many bounded transactions as they need over Badger, each credential's
// record deleted after its counts and tokens); its tenant
// keeps its ID, and a token of it that turned up would be refused as one
// of an unknown client. NewIssuer purges, and so does every creation
// through an Issuer, the one change that adds a record; the other nodes
// drop what was deleted at their next Refresh. The log keeps who
// revoked what (the revocation's log line and the admin route's) and
// the deletion. Under a limit (CreateLimited, the creations of a
// tenant's admin), a tenant may have limit credentials that are not
// revoked, and limit revoked ones not yet deleted: beyond either, the
// creation is refused, saying when the first revoked one is deleted.
// So a tenant's admin that creates and revokes in a loop keeps at most
// twice the limit of records in the store and in each node's memory,
// rather than one more per round; a bound on creations per window alone
// would still let the records grow with time, and one on records
// revoked or not, without a purge, would lock out for good a tenant
// that had revoked the limit. The operator's creations are not bounded.
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
// Each tenant gets a random UUID (version 4, NewTenantID) with its first
// credential, kept in the store for as long as it lives, whatever
// happens to the tenant's credentials: TenantID returns it, and
// Credential.TenantID shows it.
//
// # Failed authentication
//
// Since a wrong secret costs a hash, failures are limited before the
// hash (Issuer.Grant): per client ID (Config.ClientFailures, 10 a minute
// by default) and per source address (Config.SourceFailures, 30 a minute;
// an IPv6 /64 counts as one address), each a token bucket in memory. A
// request of a client or an address out of failures is refused at once
// with CodeThrottled and the wait in Error.RetryAfter, unless its secret
// matched in the last ten minutes (which needs no hash). A success gives
// its failure back. The hashes wait in two queues of Config.HashQueue
// requests each, beyond which a request is refused with
// temporarily_unavailable (Retry-After 1 s): one for the known
// clients, one for the unknown client IDs, whose hashes run one at a time
// and leave their lane idle three times as long as they took. So a flood
// of random client IDs takes at most a quarter of a core, and a known
// client's first token waits for no hash of the flood. Under such a flood
// an unknown client ID is answered later than a known one, which tells
// whether an ID exists (never a secret); client IDs are 128 random bits.
//
// The buckets are each process's own, not the Store's: behind a load
// balancer, N nodes let a client ID or an address fail N times as often.
// That is by design. What the limits protect is each node's CPU, which
// hashes only its own requests, and which a count shared by the nodes
// would protect no better; guessing a secret of 256 random bits is out
// of reach at any multiple of these rates. A shared count would cost a
// write to the shared database for each request before its hash, a flood
// of them included, and a row for every source address met.
//
// # Rate limit and cache
//
// Issue grants Config.RateLimit tokens per client and audience per
// Config.RateWindow, a sliding window: the store keeps the issue times of
// the last tokens, and checks and updates them in one step
// (Store.CountIssue), which also refuses a client rotated or revoked
// since its record was read. Cached returns the client's cached token for
// an audience while it has CacheMargin left (half the TTL when that is
// shorter), and otherwise issues a new one and caches it, unless a
// concurrent call has just cached one (Store.SwapCachedToken); its
// tokens do not count against the rate limit. Rotate and Revoke drop a client's cached tokens.
//
// # Errors
//
// Issue, Cached and Grant fail with an *Error carrying one of the codes
// CodeInvalidRequest and the others (the OAuth error codes of RFC 6749
// §5.2 and RFC 8707, and CodeThrottled); package oauth maps them to HTTP
// statuses. Verify fails with a *levy.Error of code levy.EUnauthorized.
// The methods that manage credentials and keys fail with a *levy.Error of
// code levy.ENotFound for an unknown client or key, levy.EConflict for a
// change the stored state forbids and levy.EInvalid for bad input; their
// other errors are wrapped with the operation that met them. Nothing is
// logged with a secret or a token.
package auth
