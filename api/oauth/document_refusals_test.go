package oauth_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth"
	"github.com/levytax/levy/auth/authtest"
)

// documentedAnswer is an answer of an operation in the OpenAPI document.
type documentedAnswer struct {
	Description string
	Headers     map[string]json.RawMessage
	Content     map[string]struct {
		Schema struct {
			Ref string `json:"$ref"`
		}
	}
}

// tokenPathsDocumented are paths of the token endpoints.
var tokenPathsDocumented = []string{"/oauth/token", "/cached/oauth/token", "/oseries-auth/oauth/token", "/api/v2/authorize"}

// documentedAnswers reads the OpenAPI document that the server at base
// serves, as a client generated from it would, and returns the answers
// of POST at each of paths by status.
func documentedAnswers(t *testing.T, base string, paths []string) map[string]map[string]documentedAnswer {
	t.Helper()
	resp, err := http.Get(base + "/api/v2/openapi.json")
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
	out := map[string]map[string]documentedAnswer{}
	for _, path := range paths {
		var op struct{ Responses map[string]documentedAnswer }
		if err := json.Unmarshal(doc.Paths[path]["post"], &op); err != nil || op.Responses == nil {
			t.Fatalf("POST %s in the document: %v", path, err)
		}
		out[path] = op.Responses
	}
	return out
}

// TestThrottledAnswerInTheDocument reads the OpenAPI document for the
// answers of the token endpoints that wait: 429, which the throttling
// of failed authentications answers (sent here for real), and 503 when
// too many secrets wait to be hashed or the store cannot be reached.
// Each must be declared with the body every refusal of a token endpoint
// has (the OAuthError schema: error, error_description) and
// Retry-After. Before, 429 was not declared at all, and 503 was
// declared as any object.
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
	for path, answers := range documentedAnswers(t, f.srv.URL, tokenPathsDocumented) {
		for _, status := range []string{"429", "503"} {
			a, ok := answers[status]
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

// TestTokenRefusalsDescribedInTheDocument reads the descriptions of the
// token endpoints' refusals in the OpenAPI document. They described the
// API's refusals instead: 401 "carries no valid access token", where a
// token endpoint's 401 is a client that failed to authenticate
// (invalid_client); 400 and others an error naming a "target", a member
// that the OAuthError body of a token endpoint does not have; and 400
// said nothing of the rate limit, which the specification answers 400.
func TestTokenRefusalsDescribedInTheDocument(t *testing.T) {
	f := setup(t)
	for path, answers := range documentedAnswers(t, f.srv.URL, tokenPathsDocumented) {
		for status, a := range answers {
			if status[0] != '2' && strings.Contains(strings.ReplaceAll(a.Description, "invalid_target", ""), "target") {
				t.Errorf("POST %s: answer %s names a target, which a token endpoint's refusal has not: %q", path, status, a.Description)
			}
		}
		if d := answers["401"].Description; !strings.Contains(d, "invalid_client") || strings.Contains(d, "access token") {
			t.Errorf("POST %s: 401 is described %q, want the client's failed authentication (invalid_client)", path, d)
		}
		if d := answers["400"].Description; !strings.Contains(d, "rate limit") || !strings.Contains(d, "invalid_request") {
			t.Errorf("POST %s: 400 is described %q, want invalid_request and the rate limit named", path, d)
		}
	}
}
