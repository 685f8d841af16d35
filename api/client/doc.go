// Package client calls a Levy server (or any server of the same v2 wire
// format) over HTTP. A *Client implements wire.Calculator and
// wire.Lookups, the interfaces that *engine.Engine and
// *taxarea.Resolver implement in-process, so a host switches between
// calculating in its own process and calling a remote service by changing
// what it assigns (Example_remote):
//
//	var calc wire.Calculator = eng // in-process: eng is an *engine.Engine
//	remote, err := client.New("https://tax.example.com/api/v2",
//		client.WithClientCredentials("https://tax.example.com/cached/oauth/token", id, secret, audience))
//	if err != nil {
//		return err // not an http or https URL
//	}
//	calc = remote // remote
//
// The token URL is the server's token caching endpoint: the standard
// one, /oauth/token, grants too few tokens (10 per 8 hours) for a
// process that runs for hours (see WithClientCredentials). A token the
// server refuses before it expires (a signing key retired at once) is
// dropped, and the call sent once more with a new one.
//
// A *Client also implements wire.Explainer, as *engine.Engine does:
// ExplainSale, ExplainPurchase and ExplainOwner return the response and
// the wire.Explanation of its taxes (each tax's rule and reason), and the
// server stores nothing.
//
// Errors keep their meaning across the wire: an error answer becomes a
// *levy.Error (or a levy.Errors list when the server reported several),
// with the code, the message and the JSON path of the offending field that
// the server sent, so errors.As and levy.ErrorCode work the same on both
// sides. A failure to reach the server (or the token endpoint): the
// connection refused or reset, a name that does not resolve, no answer in
// time, is levy.EUnavailable, as is a 502, 503 or 504 answer without
// Levy's error body (a proxy's page): a host that retries by code retries
// it. The network's error stays wrapped (errors.As of a *net.OpError). A
// client credential that the token endpoint refuses has the code of the
// refusal: levy.EUnauthorized for an unknown client or a wrong secret
// (invalid_client), levy.EForbidden for a token it may not have (an
// audience or a grant refused), levy.ETooMany for a token refused for
// now (the standard endpoint's rate limit, whose error names the caching
// endpoint, or a 429), the endpoint's *oauth2.RetrieveError wrapped. A call whose context ended returns the context's error, and a TLS
// certificate that is refused keeps its own error (levy.ErrorCode calls
// both internal). What the engine refuses before
// it calculates, the client refuses before it sends, with the same code
// and field: a nil request, and a transaction ID that no journal holds
// (wire.CheckTransactionIDParam: empty, over wire.MaxTransactionIDLength
// characters, not UTF-8, or holding NUL), which the engine refuses too,
// or that the server refuses in any path parameter (wire.CheckIdentifier:
// a control or bidirectional formatting character). An ID that a new
// transaction may no longer take (whitespace alone, "." or "..") is sent,
// "." and ".." as %2E, as the engine looks it up: one stored before can
// still be found, reversed, rolled back and deleted. New refuses a nil Option, and a nil value of
// WithHTTPClient or WithToken, naming it (levy.EInvalid).
//
// The tenant of a remote call is the one of the access token; the tenant
// in the context (levy.WithTenant) applies only in-process.
//
// A Client is safe for concurrent use.
package client
