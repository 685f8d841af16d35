package oauth

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api"
	"github.com/levytax/levy/auth"
	"github.com/levytax/levy/internal/jsonbody"
)

// NewClient is the body of a credential's creation.
type NewClient struct {
	// Tenant is the credential's tenant: the admin token's own when left
	// out; another tenant needs an operator token.
	Tenant    string   `json:"tenant,omitempty"`
	Audiences []string `json:"audiences"`
	// ActiveNow skips the activation delay.
	ActiveNow bool `json:"activeNow,omitempty"`
}

// ClientSecret is a credential with its secret, which is shown only in
// the answer that creates or replaces it.
type ClientSecret struct {
	auth.Credential
	ClientSecret string `json:"client_secret"`
}

// rotatedKey is the answer of a key rotation: the new key, and when.
type rotatedKey struct {
	KeyID     string    `json:"kid"`
	RotatedAt time.Time `json:"rotatedAt"`
}

// SchemaName names the schema of a rotation in the OpenAPI document.
func (rotatedKey) SchemaName() string { return "RotatedKey" }

// retiredKey is the answer of the retirement of a signing key: the key
// retired, when, and the key that signs new tokens now.
type retiredKey struct {
	KeyID     string    `json:"kid"`
	RetiredAt time.Time `json:"retiredAt"`
	Current   string    `json:"current"`
}

// SchemaName names the schema of a retirement in the OpenAPI document.
func (retiredKey) SchemaName() string { return "RetiredKey" }

func (h *Handler) createClient(w http.ResponseWriter, r *http.Request) {
	var nc NewClient
	if err := api.JSONContent(r); err != nil {
		api.WriteError(w, r, err)
		return
	}
	var body bytes.Buffer
	if err := jsonbody.Decode(io.TeeReader(r.Body, &body), &nc, maxForm); err != nil {
		api.WriteError(w, r, err)
		return
	}
	if err := unknownMembers(body.Bytes(), &nc); err != nil {
		api.WriteError(w, r, err)
		return
	}
	tenant, err := api.AdminScope(r.Context(), nc.Tenant, "tenant", false)
	if err == nil {
		err = h.noOperatorAudience(nc.Audiences)
	}
	if err == nil && !api.Operator(r.Context()) {
		err = h.tenantAudiences(nc.Audiences)
	}
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	// A tenant's admin makes its tenant's credentials up to a limit; the
	// operator, who answers for the server, is not bounded.
	limit := h.tenantCreds
	if api.Operator(r.Context()) {
		limit = 0
	}
	c, secret, err := h.iss.CreateLimited(r.Context(), tenant, nc.Audiences, nc.ActiveNow, limit)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	h.log.Info("credential created", "client_id", c.ClientID, "tenant", c.Tenant, "audiences", c.Audiences)
	w.Header().Set("Cache-Control", "no-store")
	api.WriteData(w, r, http.StatusCreated, ClientSecret{c, secret})
}

// unknownMembers refuses the members of the JSON body, already decoded
// into v, that v's type does not have, naming each: a member that a
// write ignored would leave the credential other than its admin asked
// (active_now, say, for activeNow).
func unknownMembers(body []byte, v any) error {
	var errs levy.Errors
	jsonbody.UnknownMembers(bytes.TrimPrefix(body, []byte("\ufeff")), reflect.TypeOf(v), nil, func(u jsonbody.Unknown) bool {
		errs = append(errs, levy.Invalid(jsonbody.Clip(u.Path.String()), "%q is not a member here; the members are %s",
			jsonbody.Clip(u.Name), strings.Join(u.Known, ", ")))
		return len(errs) < maxUnknown
	})
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// maxUnknown is the most unknown members one answer names.
const maxUnknown = 10

func (h *Handler) listClients(w http.ResponseWriter, r *http.Request) {
	tenant, err := api.AdminScope(r.Context(), r.URL.Query().Get("tenant"), "tenant", true)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	cs, err := h.iss.List(r.Context(), tenant)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	if !api.Operator(r.Context()) {
		cs = slices.DeleteFunc(cs, h.operatorCredential)
	}
	if cs == nil {
		// A list, even of none: the OpenAPI document says an array.
		cs = []auth.Credential{}
	}
	api.WriteData(w, r, http.StatusOK, cs)
}

// operatorCredential reports whether c is a credential of the server's
// operator. Its tenant ("default" unless levy clients create --operator
// is given another) matters to nothing but the list of credentials: it
// is not one of that tenant's, which the tenant's admin administers.
// A credential of the default operator audience is one too when the
// server runs with another (see noOperatorAudience): it was made as the
// operator's before the setting changed, and is the operator's again on
// a node started with the default, so a tenant's admin that replaced its
// secret would hold the operator's role there.
func (h *Handler) operatorCredential(c auth.Credential) bool {
	return (h.operator != "" && c.Allows(h.operator)) || c.Allows(DefaultOperatorAudience)
}

// OperatorClient reports whether clientID names a stored credential of
// the server's operator (of its operator audience, or of the default
// one). A client ID that names no credential, or that is no client ID
// (such as "cli" of the command line), is not the operator's. It is for
// the routes that answer who made a record (profileadmin's versions),
// which must not tell a tenant the operator's client ID.
func (h *Handler) OperatorClient(ctx context.Context, clientID string) (bool, error) {
	c, err := h.iss.Get(ctx, clientID)
	switch levy.ErrorCode(err) {
	case "":
		return h.operatorCredential(c), nil
	case levy.ENotFound, levy.EInvalid:
		return false, nil
	}
	return false, fmt.Errorf("oauth: read credential %s: %w", clientID, err)
}

func (h *Handler) rotateClient(w http.ResponseWriter, r *http.Request) {
	c, err := h.owned(r.Context(), r.PathValue("id"))
	if err == nil && h.operatorCredential(c) {
		err = &levy.Error{Code: levy.EForbidden, Field: "id", Message: "the secret of an operator credential is replaced only with levy clients rotate on the server's storage"}
	}
	if err != nil {
		api.WriteError(w, r, clientIDParam(err))
		return
	}
	c, secret, err := h.iss.Rotate(r.Context(), c.ClientID)
	if err != nil {
		api.WriteError(w, r, clientIDParam(err))
		return
	}
	h.log.Info("credential secret replaced", "client_id", c.ClientID, "tenant", c.Tenant)
	w.Header().Set("Cache-Control", "no-store")
	api.WriteData(w, r, http.StatusOK, ClientSecret{c, secret})
}

func (h *Handler) revokeClient(w http.ResponseWriter, r *http.Request) {
	c, err := h.owned(r.Context(), r.PathValue("id"))
	if err != nil {
		api.WriteError(w, r, clientIDParam(err))
		return
	}
	c, err = h.iss.Revoke(r.Context(), c.ClientID)
	if err != nil {
		api.WriteError(w, r, clientIDParam(err))
		return
	}
	h.log.Info("credential revoked", "client_id", c.ClientID, "tenant", c.Tenant)
	api.WriteData(w, r, http.StatusOK, c)
}

func (h *Handler) rotateKey(w http.ResponseWriter, r *http.Request) {
	kid, err := h.iss.RotateKey(r.Context())
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	h.log.Info("signing key rotated", "kid", kid)
	api.WriteData(w, r, http.StatusOK, rotatedKey{kid, h.now().UTC()})
}

func (h *Handler) listKeys(w http.ResponseWriter, r *http.Request) {
	api.WriteData(w, r, http.StatusOK, h.iss.Keys())
}

func (h *Handler) retireKey(w http.ResponseWriter, r *http.Request) {
	kid := r.PathValue("kid")
	current, err := h.iss.RetireKey(r.Context(), kid)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	h.log.Info("signing key retired", "kid", kid, "current", current)
	api.WriteData(w, r, http.StatusOK, retiredKey{kid, h.now().UTC(), current})
}

// clientIDParam gives an error about the client ID of an admin route the
// name of its path parameter, id: the issuer calls it client_id.
func clientIDParam(err error) error { return api.RenameField(err, "client_id", "id") }

// owned returns the credential clientID when the request's token may
// manage it: an operator token any, an admin token those of its own
// tenant but the operator's credentials, whatever their tenant. Another
// tenant's credential, and an operator's, is answered as one that does
// not exist, with the same error, so that an admin token cannot tell
// those client IDs from unknown ones.
func (h *Handler) owned(ctx context.Context, clientID string) (auth.Credential, error) {
	c, err := h.iss.Get(ctx, clientID)
	if err != nil {
		return auth.Credential{}, err
	}
	if p, _ := api.PrincipalOf(ctx); !api.Operator(ctx) && (c.Tenant != p.Tenant || h.operatorCredential(c)) {
		return auth.Credential{}, levy.NotFound("client_id", "no client %q", clientID)
	}
	return c, nil
}

// tenantAudiences refuses, for a credential that a tenant's admin
// makes, an audience to which this server gives no tenant's role: one
// that is not among the API's audiences, the read-only ones or the admin
// audience. Nodes that share a database may be started with other
// audiences; an audience this node does not know may be another node's
// operator audience (--operator-audience), whose credential that node
// would take for its operator's, reaching every tenant and the signing
// keys. The operator, who answers for every node, is not bounded so.
func (h *Handler) tenantAudiences(audiences []string) error {
	known := append(append(slices.Clip(h.audiences), h.readers...), h.admin)
	for i, a := range audiences {
		if a == "" || slices.Contains(known, a) {
			continue
		}
		return &levy.Error{Code: levy.EForbidden, Field: fmt.Sprintf("audiences[%d]", i), Message: fmt.Sprintf(
			"%q is not an audience this server gives a tenant (%s): a tenant's admin makes credentials of those only; another audience, such as another node's --operator-audience, is made by the operator",
			jsonbody.Clip(a), strings.Join(slices.DeleteFunc(known, func(k string) bool { return k == "" }), ", "))}
	}
	return nil
}

// noOperatorAudience refuses a credential of the operator audience: no
// route makes one, whatever the token (see DefaultOperatorAudience). The
// default operator audience is refused too when the server runs with
// another: a credential of it would become an operator's the day the
// server is started with the default again. Both are compared without
// regard to case, so that no spelling of them is made either.
func (h *Handler) noOperatorAudience(audiences []string) error {
	for i, a := range audiences {
		if a == "" || (!strings.EqualFold(a, h.operator) && !strings.EqualFold(a, DefaultOperatorAudience)) {
			continue
		}
		msg := "operator credentials are made only with levy clients create --operator on the server's own storage"
		if !strings.EqualFold(a, h.operator) {
			msg = a + " is the default audience of the server's operator, which a server started without --operator-audience gives the operator's role: " + msg
		}
		return &levy.Error{Code: levy.EForbidden, Field: fmt.Sprintf("audiences[%d]", i), Message: msg}
	}
	return nil
}
