// Package oauth is the HTTP face of Levy's access tokens (package auth):
// the OAuth 2.0 client-credentials token endpoint (POST /oauth/token, also
// at /oseries-auth/oauth/token), the token caching endpoint (POST
// /cached/oauth/token), the bearer check that guards the API, and the
// admin routes that manage credentials on a running server.
//
// Token endpoints take their parameters as a form
// (application/x-www-form-urlencoded, also when sent without a type or as
// text/plain, as browsers label a string body) or as JSON (also a JSON
// object sent without a type or as text/plain; one labelled a form, a
// form labelled JSON and a body in UTF-16 are refused, saying so):
// grant_type (the constant client_credentials), client_id,
// client_secret and audience. A form's byte order mark and its final
// newline, as a file keeps them, are not its.
// The audience may be left out, as every client of the wire format does:
// the token is then for the credential's audience when it has exactly
// one, and a credential with several is answered invalid_request naming
// them. The rate limit counts per client and audience either way. The client
// may instead authenticate with HTTP Basic (base64 of id:secret, each
// form-encoded as RFC 6749 says), and at the caching endpoint also with
// "Bearer base64(id:secret)", which older clients send. A token answers
// 200 with {"access_token", "token_type": "Bearer", "expires_in"} and
// Cache-Control: no-store; a refusal answers {"error",
// "error_description"} with the status of RFC 6749 §5.2 (401 with
// WWW-Authenticate for invalid_client when the client authenticated in
// the Authorization header: its scheme, or Basic when the endpoint does
// not take the scheme it used; a client that sent its secret in the body
// gets the 401 without a challenge, because a Basic challenge makes a
// browser open its own sign-in dialog over the web console's, which
// posts the secret in the body).
//
// Failed authentications are limited per client ID and per source address
// (see package auth): a request beyond the limit is refused with 429 and
// a request that finds the queue of secrets to hash full with 503
// (temporarily_unavailable), both with Retry-After, after a delay
// (WithRefusalDelay, 1 second by default) so that a client that retries
// at once, as a flood does, costs no CPU. The source address is the
// connection's remote address; X-Forwarded-For is read only when that is
// a trusted proxy (WithTrustedProxies), from the right, up to the first
// address that is not a trusted proxy. An address there may carry its
// port ("203.0.113.7:50122", "[2001:db8::7]:443"), as some gateways write
// it.
//
// The bearer check (Handler.Authenticator) verifies the token's signature
// and lifetime without a store lookup and gives the API the token's
// tenant and role (api.Role): the API's audiences write, the reader
// audiences (the console's) only read; a token for another audience is
// answered 403. The admin routes under /admin/v1 need a token of a
// tenant's admin (levy://admin by default), which acts on its own tenant
// only, or of the server's operator (levy://operator by default), which
// names the tenant it acts on (api.AdminScope); the signing keys, which
// every tenant shares, need the operator's:
//
//	POST   /admin/v1/clients              create a credential: {"tenant", "audiences", "activeNow"} (tenant: the admin's own when left out)
//	GET    /admin/v1/clients[?tenant=T]   list credentials (never a secret): the admin's tenant's; the operator's, T's or every tenant's
//	POST   /admin/v1/clients/{id}/secret  replace the secret (the old one and its tokens retire)
//	DELETE /admin/v1/clients/{id}         revoke a credential
//	POST   /admin/v1/keys                 operator: start signing with a new key (the previous one retires one token lifetime later)
//	GET    /admin/v1/keys                 operator: list the signing keys (never their bytes)
//	DELETE /admin/v1/keys/{kid}           operator: retire a key at once: its tokens stop verifying (a new key becomes current if it was)
//
// An admin's request naming another tenant is answered 403; another
// tenant's client ID is answered 404, exactly as an unknown one is, so
// that client IDs of other tenants cannot be told from unknown ones. No
// route creates a credential of the operator's audience or replaces an
// operator's secret: `levy clients create --operator` does, on the
// server's own storage.
//
// Neither secrets nor tokens are ever logged. A Handler is safe for
// concurrent use.
package oauth
