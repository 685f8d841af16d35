package oauth_test

import (
	"strings"
	"testing"

	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth/authtest"
)

// TestAccessTokenSentToATokenEndpoint sends, over loopback, token
// requests that carry an access token in "Authorization: Bearer", as a
// client does whose HTTP library sends the token it holds with every
// request, the one that asks for the next token included: with the
// credentials in the body, or none. Each is refused 401 invalid_client,
// as before; the refusal now says that the header holds an access token
// and what to do (leave it out when the body has the credentials),
// where it said only that the header was not Basic, or, at the caching
// endpoint, that it did not hold base64(client_id:client_secret), which
// a client that sent its credentials in the body could not act on. A
// Bearer header of credentials that are wrong gets no such hint.
func TestAccessTokenSentToATokenEndpoint(t *testing.T) {
	f := setup(t)
	cred, secret := authtest.Credential(t, f.iss, "acme", oauth.DefaultAudience)
	token := authtest.Token(t, f.iss, "acme", oauth.DefaultAudience)
	const jwt = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl"
	withCreds := form("grant_type", "client_credentials", "client_id", cred.ClientID, "client_secret", secret)
	bare := form("grant_type", "client_credentials")
	for _, c := range []struct {
		name, path, body, token, want string
	}{
		{"standard endpoint, credentials in the body", "/oauth/token", withCreds, token, "leave the Authorization header out"},
		{"caching endpoint, credentials in the body", "/cached/oauth/token", withCreds, token, "leave the Authorization header out"},
		{"caching endpoint, a JWT, credentials in the body", "/cached/oauth/token", withCreds, jwt, "leave the Authorization header out"},
		{"standard endpoint, no credentials", "/oauth/token", bare, token, "Basic base64(client_id:client_secret)"},
		{"caching endpoint, no credentials", "/cached/oauth/token", bare, jwt, "client_id and client_secret in the body"},
	} {
		r := f.send(t, "POST", c.path, formType, c.body, "Authorization", "Bearer "+c.token)
		d, _ := r.body["error_description"].(string)
		if r.status != 401 || r.body["error"] != "invalid_client" {
			t.Errorf("%s: %d %s, want 401 invalid_client", c.name, r.status, r.raw)
			continue
		}
		if !strings.Contains(d, "access token") || !strings.Contains(d, c.want) {
			t.Errorf("%s: %q, want it to say the header holds an access token and %q", c.name, d, c.want)
		}
	}
	r := f.send(t, "POST", "/cached/oauth/token", formType, bare, "Authorization", "Bearer bm90IGJhc2U2NA%%")
	if d, _ := r.body["error_description"].(string); r.status != 401 || strings.Contains(d, "access token") {
		t.Errorf("Bearer of no credentials and no token: %d %s, want 401 without the access token's hint", r.status, r.raw)
	}
}
