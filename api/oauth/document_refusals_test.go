package oauth_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth"
	"github.com/levytax/levy/auth/authtest"
)

// TestThrottledAnswerInTheDocument reads the OpenAPI document that the
// server serves, as a client generated from it would, for the answers of
// the token endpoints that wait: 429, which the throttling of failed
// authentications answers (sent here for real), and 503 when too many
// secrets wait to be hashed or the store cannot be reached. Each must be
// declared with the body every refusal of a token endpoint has (the
// OAuthError schema: error, error_description) and Retry-After. Before,
// 429 was not declared at all, and 503 was declared as any object.
func TestThrottledAnswerInTheDocument(t *testing.T) {
	cfg := auth.Config{ClientFailures: 1}
	f := setupWith(t, func(clk *clock) *auth.Issuer {
		cfg.Now = clk.now
		return authtest.Issuer(t, cfg)
	}, oauth.WithRefusalDelay(0))
	cred, _ := authtest.Credential(t, f.iss, "acme", oauth.DefaultAudience)
	_ = f.send(t, "POST", "/oauth/token", formType, tokenForm(cred.ClientID, "guess"))
	r := f.send(t, "POST", "/oauth/token", formType, tokenForm(cred.ClientID, "guess"))
	if r.status != http.StatusTooManyRequests || r.body["error"] == nil || r.header.Get("Retry-After") == "" {
		t.Fatalf("a second wrong secret: %d %v %s, want 429 with error and Retry-After", r.status, r.header, r.raw)
	}

	resp, err := http.Get(f.srv.URL + "/api/v2/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var doc struct {
		Paths map[string]map[string]json.RawMessage
	}
	if err := json.NewDecoder(resp.Body).Decode(&doc); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/oauth/token", "/cached/oauth/token", "/oseries-auth/oauth/token", "/api/v2/authorize"} {
		var op struct {
			Responses map[string]struct {
				Headers map[string]json.RawMessage
				Content map[string]struct {
					Schema struct {
						Ref string `json:"$ref"`
					}
				}
			}
		}
		if err := json.Unmarshal(doc.Paths[path]["post"], &op); err != nil {
			t.Errorf("POST %s: %v", path, err)
			continue
		}
		for _, status := range []string{"429", "503"} {
			a, ok := op.Responses[status]
			switch {
			case !ok:
				t.Errorf("POST %s: answer %s not declared", path, status)
			case a.Content["application/json"].Schema.Ref != "#/components/schemas/OAuthError":
				t.Errorf("POST %s: answer %s has schema %+v, want OAuthError", path, status, a.Content["application/json"].Schema)
			case a.Headers["Retry-After"] == nil:
				t.Errorf("POST %s: answer %s without Retry-After", path, status)
			}
		}
	}
}
