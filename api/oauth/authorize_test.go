package oauth_test

import (
	"encoding/json"
	"testing"

	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth/authtest"
)

// TestTokenAtAuthorize: the interface description of the commercial API
// names its client-credentials token URL as the base address followed by
// /authorize, so a client generated from it asks there for its tokens.
// Under both base paths it is the standard token endpoint: the same
// answers, the same rate limit, and it is in the OpenAPI document.
func TestTokenAtAuthorize(t *testing.T) {
	f := setup(t)
	cred, secret := authtest.Credential(t, f.iss, "acme", oauth.DefaultAudience)
	good := form("grant_type", "client_credentials", "client_id", cred.ClientID, "client_secret", secret, "audience", oauth.DefaultAudience)
	paths := []string{"/api/v2/authorize", "/vertex-ws/v2/authorize"}
	for i := 0; i < 10; i++ {
		path := paths[i%2]
		r := f.send(t, "POST", path, formType, good)
		if r.status != 200 || r.body["token_type"] != "Bearer" || r.body["access_token"] == "" || r.header.Get("Cache-Control") != "no-store" {
			t.Fatalf("%s, token %d: %d %s", path, i+1, r.status, r.raw)
		}
		if i == 0 {
			tok, _ := r.body["access_token"].(string)
			if a := f.send(t, "GET", "/api/v2/transaction-exists/T-1", "", "", "Authorization", "Bearer "+tok); a.status != 200 {
				t.Fatalf("the API with a token of %s: %d %s", path, a.status, a.raw)
			}
		}
	}
	for _, path := range append(paths, "/oauth/token") {
		r := f.send(t, "POST", path, formType, good)
		if r.status != 400 || r.body["error"] != "invalid_request" {
			t.Errorf("%s after 10 tokens at /authorize: %d %s", path, r.status, r.raw)
		}
	}
	if r := f.send(t, "POST", paths[0], formType, form("grant_type", "client_credentials", "client_id", cred.ClientID, "client_secret", "x"+secret)); r.status != 401 || r.body["error"] != "invalid_client" {
		t.Errorf("wrong secret: %d %s", r.status, r.raw)
	}

	doc := f.send(t, "GET", "/api/v2/openapi.json", "", "")
	var d struct {
		Paths map[string]map[string]any `json:"paths"`
	}
	if err := json.Unmarshal([]byte(doc.raw), &d); err != nil {
		t.Fatal(err)
	}
	for _, p := range paths {
		if d.Paths[p]["post"] == nil {
			t.Errorf("the OpenAPI document has no POST %s", p)
		}
	}
}
