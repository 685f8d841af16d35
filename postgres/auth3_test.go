package postgres

import (
	"context"
	"encoding/base64"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/auth"
)

// TestAuthClientIDThatPostgresCannotHold: a token request whose client
// ID holds a NUL or bytes that are not UTF-8 (a client ID pasted from a
// binary file, a Basic header of another encoding) names no credential,
// as over memory and Badger: it is refused 401 invalid_client, as an
// unknown client ID is, never 500. Before, the PostgreSQL store sent the
// ID to the database, which refused the text ("invalid byte sequence for
// encoding UTF8"), and the token endpoint answered 500 server_error and
// logged a fault for what a client had sent.
func TestAuthClientIDThatPostgresCannotHold(t *testing.T) {
	ctx := context.Background()
	s := nodes(t, 1)[0].Auth()
	t.Cleanup(func() { s.Close() })
	issuers, now := authIssuers(t, []auth.Store{s})
	c, secret := authCredential(t, issuers)
	base := authHTTPNode(ctx, t, issuers[0], func() time.Time { return *now.Load() })

	for _, id := range []string{"a\x00b", c.ClientID + "\x00", "caf\xe9", "\xff\xfe"} {
		if _, err := s.Get(ctx, id); levy.ErrorCode(err) != levy.ENotFound {
			t.Errorf("Get(%q) = %v, want a levy.ENotFound error", id, err)
		}
		form := url.Values{"grant_type": {"client_credentials"}, "client_id": {id}, "client_secret": {secret}}.Encode()
		for _, path := range []string{"/oauth/token", "/cached/oauth/token"} {
			status, body := authPost(t, base+path, "application/x-www-form-urlencoded", form, "")
			if status != http.StatusUnauthorized || body["error"] != "invalid_client" {
				t.Errorf("POST %s with client_id %q: %d %v, want 401 invalid_client", path, id, status, body)
			}
		}
		// The same ID in HTTP Basic (RFC 6749 §2.3.1 form-encodes it).
		req, err := http.NewRequest(http.MethodPost, base+"/oauth/token", strings.NewReader("grant_type=client_credentials"))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(url.QueryEscape(id)+":"+secret)))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusUnauthorized {
			t.Errorf("POST /oauth/token with Basic of client_id %q: %d, want 401", id, resp.StatusCode)
		}
	}
	// The credential itself still gets its token.
	form := url.Values{"grant_type": {"client_credentials"}, "client_id": {c.ClientID}, "client_secret": {secret}}.Encode()
	if status, body := authPost(t, base+"/oauth/token", "application/x-www-form-urlencoded", form, ""); status != http.StatusOK {
		t.Errorf("the credential's own token: %d %v", status, body)
	}
}
