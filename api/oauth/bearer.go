package oauth

import (
	"net/http"
	"slices"
	"strings"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api"
	"github.com/levytax/levy/auth"
)

// Authenticator returns the bearer check of the API: a valid token for
// one of the API's audiences.
func (h *Handler) Authenticator() api.Authenticator { return bearer{h, h.audiences} }

// AdminAuthenticator returns the bearer check of the admin routes: a
// valid token of the admin audience.
func (h *Handler) AdminAuthenticator() api.Authenticator { return bearer{h, []string{h.admin}} }

// bearer checks the access token of a request against a set of
// audiences.
type bearer struct {
	h         *Handler
	audiences []string
}

// Authenticate verifies the token of r: 401 when it is missing, malformed,
// expired, tampered with or revoked, 403 when it is for another audience.
func (b bearer) Authenticate(r *http.Request) (api.Principal, error) {
	c, err := b.h.verify(r)
	if err != nil {
		return api.Principal{}, err
	}
	if !slices.Contains(b.audiences, c.Audience) {
		return api.Principal{}, &levy.Error{Code: levy.EForbidden, Message: "the access token is for audience " + c.Audience + ", which may not use this route"}
	}
	return api.Principal{Tenant: c.Tenant, Client: c.Client}, nil
}

// verify reads and verifies the bearer token of r.
func (h *Handler) verify(r *http.Request) (auth.Claims, error) {
	v := r.Header.Get("Authorization")
	scheme, tok, _ := strings.Cut(v, " ")
	if v == "" {
		return auth.Claims{}, &levy.Error{Code: levy.EUnauthorized, Message: "an access token is required: Authorization: Bearer <token>"}
	}
	if !strings.EqualFold(scheme, "Bearer") || strings.TrimSpace(tok) == "" {
		return auth.Claims{}, &levy.Error{Code: levy.EUnauthorized, Message: "the Authorization header must be Bearer <token>"}
	}
	return h.iss.VerifyContext(r.Context(), strings.TrimSpace(tok))
}
