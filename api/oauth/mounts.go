package oauth

import (
	"net/http"
	"reflect"
	"strconv"

	"github.com/levytax/levy/api"
	"github.com/levytax/levy/auth"
)

// tokenDescription says what the token endpoints take.
const tokenDescription = "Issues an access token for the client credentials grant (RFC 6749 section 4.4). " +
	"The parameters come in the body, never in the URL, as a form (application/x-www-form-urlencoded) or as a JSON object; the client authenticates " +
	"with client_id and client_secret in the body or with HTTP Basic (each part form-encoded), not both. " +
	"A body sent as text/plain or without Content-Type is read as a form, as browsers send one, or as JSON when it is a JSON object; " +
	"a JSON object sent as a form, or a form sent as JSON, is refused (invalid_request naming Content-Type), and so is a body in UTF-16. " +
	"An Authorization header of another scheme, or without a secret, is invalid_client. " +
	"audience names the API the token is for; a credential of one audience may leave it out, and one of several " +
	"is answered invalid_request naming them. " +
	"Errors have the form of RFC 6749 section 5.2. Past a client's rate limit for an audience (10 tokens per 28800 seconds by default, " +
	"counted at the standard endpoints only), the answer is 400 invalid_request with Retry-After: the seconds until the sliding window " +
	"lets it have a token again. Failed authentication is throttled per client ID and per source " +
	"address: beyond the limit the answer is 429 with Retry-After, before the secret is checked; when too many secrets " +
	"wait to be checked, 503 with Retry-After."

// operatorAccess says who may call the routes of the signing keys.
const operatorAccess = "Needs an access token of the server's operator (levy://operator by default): the signing keys are shared by every tenant."

// tokenOperation describes a token endpoint at path for the OpenAPI
// document.
func tokenOperation(path, id, summary, description string) api.Operation {
	return api.Operation{Method: http.MethodPost, Path: path, ID: id, Tag: "Tokens", Summary: summary, Description: description,
		Body: reflect.TypeFor[tokenRequest](), BodyRequired: true, BodyMedia: []string{"application/x-www-form-urlencoded", "application/json"},
		Answer: reflect.TypeFor[tokenAnswer](), Public: true, OAuthError: reflect.TypeFor[errorBody](),
		Unavailable: "Too many failed client authentications are waiting to be checked, or the store of the credentials cannot be reached or written " +
			"(error temporarily_unavailable); ask again after Retry-After seconds.",
		TooMany: "The client ID or the source address has failed to authenticate too often lately: the request is refused before its secret " +
			"is checked (error invalid_request); ask again after Retry-After seconds."}
}

// tokenPaths returns the paths of the token endpoints.
func tokenPaths() []string {
	paths := []string{"/oauth/token", "/oseries-auth/oauth/token", "/cached/oauth/token"}
	for _, base := range api.Bases {
		paths = append(paths, base+"/authorize")
	}
	return paths
}

// clientIDPath is the path parameter that names a credential.
func clientIDPath() []api.Param {
	return []api.Param{{Name: "id", In: "path", Required: true, Format: "identifier", Description: "The client ID of a credential."}}
}

// Mounts returns the options that mount the token endpoints and the
// admin routes on an api.Server, each described for the OpenAPI document
// with the types its handler decodes and encodes.
func (h *Handler) Mounts() []api.Option {
	admin, operator := h.AdminAuthenticator(), h.OperatorAuthenticator()
	opts := []api.Option{
		api.WithOperation(tokenOperation("/oauth/token", "requestToken",
			"Issues an access token for client credentials.", tokenDescription),
			http.HandlerFunc(h.token)),
		api.WithOperation(tokenOperation("/oseries-auth/oauth/token", "requestTokenOSeries",
			"Issues an access token for client credentials, at the path of the commercial API.", tokenDescription),
			http.HandlerFunc(h.token)),
		api.WithOperation(tokenOperation("/cached/oauth/token", "requestCachedToken",
			"Returns the token issued last to the client for the audience while it lasts, else a new one.",
			tokenDescription+" Here grant_type may be left out, and the credentials may also come as Authorization: Bearer base64(client_id:client_secret)."),
			http.HandlerFunc(h.cachedToken)),

		api.WithOperation(api.Operation{Method: http.MethodPost, Path: "/admin/v1/clients", ID: "createClient", Tag: api.AdminTag,
			Summary:     "Creates a credential: a client ID mapped to a tenant and its audiences. The secret is shown only in this answer.",
			Description: api.AdminAccess, Body: reflect.TypeFor[NewClient](), BodyRequired: true,
			Answer: api.Enveloped[ClientSecret](), Status: http.StatusCreated, Conflict: true},
			api.Guard(admin, h.createClient)),
		api.WithOperation(api.Operation{Method: http.MethodGet, Path: "/admin/v1/clients", ID: "listClients", Tag: api.AdminTag,
			Summary: "Lists the credentials, without their secrets.", Description: api.AdminAccess,
			Params: []api.Param{api.AdminTenantParam()}, Answer: api.Enveloped[[]auth.Credential]()},
			api.Guard(admin, h.listClients)),
		api.WithOperation(api.Operation{Method: http.MethodPost, Path: "/admin/v1/clients/{id}/secret", ID: "rotateClientSecret", Tag: api.AdminTag,
			Summary:     "Replaces the secret of a credential; the tokens issued with the old one stop working.",
			Description: api.AdminAccess, Params: clientIDPath(), Answer: api.Enveloped[ClientSecret](), Conflict: true},
			api.Guard(admin, h.rotateClient)),
		api.WithOperation(api.Operation{Method: http.MethodDelete, Path: "/admin/v1/clients/{id}", ID: "revokeClient", Tag: api.AdminTag,
			Summary:     "Revokes a credential and the tokens issued to it.",
			Description: api.AdminAccess, Params: clientIDPath(), Answer: api.Enveloped[auth.Credential]()},
			api.Guard(admin, h.revokeClient)),

		api.WithOperation(api.Operation{Method: http.MethodPost, Path: "/admin/v1/keys", ID: "rotateSigningKey", Tag: api.AdminTag,
			Summary: "Starts signing tokens with a new key.", Description: operatorAccess, Answer: api.Enveloped[rotatedKey]()},
			api.Guard(operator, h.rotateKey)),
		api.WithOperation(api.Operation{Method: http.MethodGet, Path: "/admin/v1/keys", ID: "listSigningKeys", Tag: api.AdminTag,
			Summary:     "Lists the signing keys (never their bytes): which is current, when each was superseded and when it stops verifying.",
			Description: operatorAccess, Answer: api.Enveloped[[]auth.KeyInfo]()},
			api.Guard(operator, h.listKeys)),
		api.WithOperation(api.Operation{Method: http.MethodDelete, Path: "/admin/v1/keys/{kid}", ID: "retireSigningKey", Tag: api.AdminTag,
			Summary:     "Retires a signing key at once: the tokens it signed stop working.",
			Description: operatorAccess,
			Params:      []api.Param{{Name: "kid", In: "path", Required: true, Format: "identifier", Description: "The ID of the signing key."}},
			Answer:      api.Enveloped[retiredKey](), Conflict: true},
			api.Guard(operator, h.retireKey)),
	}
	// The interface description of the commercial API names its token URL
	// as the base address followed by /authorize: clients generated from
	// it ask there.
	for n, base := range api.Bases {
		id := "requestTokenAuthorize"
		if n > 0 {
			id += strconv.Itoa(n + 1)
		}
		opts = append(opts, api.WithOperation(tokenOperation(base+"/authorize", id,
			"Issues an access token for client credentials, at the token URL of the commercial API's interface description.",
			tokenDescription), http.HandlerFunc(h.token)))
	}
	// A token request announced over the endpoints' own limit is refused
	// before any of it is read, and without a 100 Continue.
	for _, path := range tokenPaths() {
		opts = append(opts, api.WithRouteBodyLimit(http.MethodPost+" "+path, maxForm))
	}
	// So is a new credential's body, which createClient reads up to the
	// same limit.
	opts = append(opts, api.WithRouteBodyLimit(http.MethodPost+" /admin/v1/clients", maxForm))
	return opts
}
