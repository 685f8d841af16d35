package oauth

import (
	"net/http"
	"strings"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api"
	"github.com/levytax/levy/auth"
)

// Authenticator returns the bearer check of the API: a valid token for
// one of the API's audiences (api.RoleAPI) or of a reader audience
// (api.RoleReader, whose requests may change nothing).
func (h *Handler) Authenticator() api.Authenticator {
	return h.bearer(append(h.roleAudiences(api.RoleAPI), h.roleAudiences(api.RoleReader)...)...)
}

// AdminAuthenticator returns the bearer check of the admin routes: a
// valid token of the admin audience (api.RoleAdmin, which acts on its own
// tenant only) or of the operator audience (api.RoleOperator). Each admin
// route then draws its own line between the two (see scope).
func (h *Handler) AdminAuthenticator() api.Authenticator {
	return h.bearer(h.admin, h.operator)
}

// AdminReaderAuthenticator returns the bearer check of the admin routes
// that the console's readers may call too: a valid token of a reader
// audience (api.RoleReader, whose requests carry levy.WithReadOnly, so
// that they read and change nothing), of the admin audience or of the
// operator's. Such a route refuses a reader's writes itself (see
// levy.CheckWritable), as the routes of the API do.
func (h *Handler) AdminReaderAuthenticator() api.Authenticator {
	return h.bearer(append(h.roleAudiences(api.RoleReader), h.admin, h.operator)...)
}

// OperatorAuthenticator returns the bearer check of the routes that act on
// what every tenant shares (the signing keys): a valid token of the
// operator audience.
func (h *Handler) OperatorAuthenticator() api.Authenticator { return h.bearer(h.operator) }

// ConsoleAuthenticator returns the bearer check of the web console's own
// routes: a valid token of a reader audience (the console's) or of the
// admin audience, for the token's own tenant. The API's calculation
// audiences may not use them.
func (h *Handler) ConsoleAuthenticator() api.Authenticator {
	return h.bearer(append(h.roleAudiences(api.RoleReader), h.admin)...)
}

// bearer returns the check of a token of one of audiences, each with the
// role the Handler gives it.
func (h *Handler) bearer(audiences ...string) api.Authenticator {
	b := bearer{h: h, roles: make(map[string]api.Role, len(audiences))}
	for _, a := range audiences {
		if a != "" {
			b.roles[a] = h.roleOf(a)
		}
	}
	return b
}

// roleOf returns the role of a token of audience aud.
func (h *Handler) roleOf(aud string) api.Role {
	switch {
	case aud == h.operator:
		return api.RoleOperator
	case aud == h.admin:
		return api.RoleAdmin
	}
	for _, r := range h.readers {
		if r == aud {
			return api.RoleReader
		}
	}
	return api.RoleAPI
}

// roleAudiences returns the audiences of role r among the API's and the
// readers'.
func (h *Handler) roleAudiences(r api.Role) []string {
	var out []string
	for _, a := range append(append([]string(nil), h.audiences...), h.readers...) {
		if h.roleOf(a) == r {
			out = append(out, a)
		}
	}
	return out
}

// bearer checks the access token of a request against a set of
// audiences, each with its role.
type bearer struct {
	h     *Handler
	roles map[string]api.Role
}

// Authenticate verifies the token of r: 401 when it is missing, malformed,
// expired, tampered with or revoked, 403 when it is for another audience.
func (b bearer) Authenticate(r *http.Request) (api.Principal, error) {
	c, err := b.h.verify(r)
	if err != nil {
		return api.Principal{}, err
	}
	role, ok := b.roles[c.Audience]
	if !ok {
		return api.Principal{}, &levy.Error{Code: levy.EForbidden, Message: "the access token is for audience " + c.Audience + ", which may not use this route"}
	}
	return api.Principal{Tenant: c.Tenant, Client: c.Client, Role: role}, nil
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
