package oauth_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth/authtest"
)

// The walk below goes over the token endpoints and the bearer check the
// way the author of an OAuth client library meets them, over loopback:
// each scenario names the answer that the service's specification, RFC
// 6749 (OAuth 2.0) or RFC 6750 (bearer tokens) gives it.

// tokenMembers checks the body of a token answer member by member (RFC
// 6749 §5.1 and the specification): access_token a non-empty string,
// token_type "Bearer", expires_in a JSON integer equal to want, and no
// member besides those (Levy grants no scope, so it names none). It also
// checks the headers of §5.1: JSON, Cache-Control: no-store and Pragma:
// no-cache. It returns the token.
func tokenMembers(t *testing.T, what string, r reply, want int64) string {
	t.Helper()
	if r.status != http.StatusOK {
		t.Fatalf("%s: %d %s, want 200", what, r.status, r.raw)
	}
	dec := json.NewDecoder(strings.NewReader(r.raw))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		t.Fatalf("%s: the body is not a JSON object: %v: %s", what, err, r.raw)
	}
	tok, ok := m["access_token"].(string)
	if !ok || tok == "" {
		t.Errorf("%s: access_token %#v, want a non-empty string", what, m["access_token"])
	}
	if m["token_type"] != "Bearer" {
		t.Errorf("%s: token_type %#v, want \"Bearer\"", what, m["token_type"])
	}
	n, ok := m["expires_in"].(json.Number)
	got, err := n.Int64()
	if !ok || err != nil || strings.ContainsAny(n.String(), ".eE") {
		t.Errorf("%s: expires_in %#v, want a JSON integer", what, m["expires_in"])
	} else if got != want {
		t.Errorf("%s: expires_in %d, want %d", what, got, want)
	}
	for k := range m {
		if k != "access_token" && k != "token_type" && k != "expires_in" {
			t.Errorf("%s: member %q, which the token answer does not have", what, k)
		}
	}
	for h, v := range map[string]string{"Content-Type": "application/json", "Cache-Control": "no-store", "Pragma": "no-cache"} {
		if got := r.header.Get(h); got != v {
			t.Errorf("%s: %s %q, want %q", what, h, got, v)
		}
	}
	return tok
}

// refused checks that r is a refusal of RFC 6749 §5.2: the status, the
// error code, a string error_description, JSON and Cache-Control:
// no-store, and, when challenge is not empty, a WWW-Authenticate header
// beginning with it (empty: none at all).
func refused(t *testing.T, what string, r reply, status int, code, challenge string) {
	t.Helper()
	if r.status != status || r.body["error"] != code {
		t.Errorf("%s: %d %s, want %d %s", what, r.status, r.raw, status, code)
		return
	}
	if d, ok := r.body["error_description"].(string); !ok || d == "" {
		t.Errorf("%s: error_description %#v, want a string", what, r.body["error_description"])
	}
	if r.header.Get("Content-Type") != "application/json" || r.header.Get("Cache-Control") != "no-store" {
		t.Errorf("%s: Content-Type %q, Cache-Control %q", what, r.header.Get("Content-Type"), r.header.Get("Cache-Control"))
	}
	got := r.header.Get("WWW-Authenticate")
	if challenge == "" && got != "" || challenge != "" && !strings.HasPrefix(got, challenge) {
		t.Errorf("%s: WWW-Authenticate %q, want %q", what, got, challenge)
	}
}

// TestTokenEndpointWalk requests tokens in every way RFC 6749 and the
// specification allow a confidential client, and in the ways a client
// library gets wrong, at the standard endpoint.
func TestTokenEndpointWalk(t *testing.T) {
	f := setup(t)
	cred, secret := authtest.Credential(t, f.iss, "acme", oauth.DefaultAudience)
	aud := oauth.DefaultAudience
	post := form("grant_type", "client_credentials", "client_id", cred.ClientID, "client_secret", secret, "audience", aud)
	lifetime := int64(20 * 60)

	// 1. client_secret_post, a form: the specification's own request.
	tokenMembers(t, "client_secret_post", f.send(t, "POST", "/oauth/token", formType, post), lifetime)

	// 2. client_secret_basic: HTTP Basic of the form-encoded id and
	// secret, the method RFC 6749 §2.3.1 says every server supports.
	tokenMembers(t, "client_secret_basic", f.send(t, "POST", "/oauth/token", formType,
		form("grant_type", "client_credentials", "audience", aud), "Authorization", basic(cred.ClientID, secret)), lifetime)

	// 3. A JSON body, as the specification's samples send it.
	js, _ := json.Marshal(map[string]string{"grant_type": "client_credentials", "client_id": cred.ClientID, "client_secret": secret, "audience": aud})
	tokenMembers(t, "JSON body", f.send(t, "POST", "/oauth/token", "application/json", string(js)), lifetime)

	// 4. A charset parameter on the form's media type, which some
	// libraries add.
	tokenMembers(t, "form; charset=UTF-8", f.send(t, "POST", "/oauth/token", formType+"; charset=UTF-8", post), lifetime)

	// 5. scope, which the specification's oauth2 scheme does not define:
	// ignored, so the token answer names none.
	tokenMembers(t, "with scope", f.send(t, "POST", "/oauth/token", formType,
		form("grant_type", "client_credentials", "client_id", cred.ClientID, "client_secret", secret, "audience", aud, "scope", "calc")), lifetime)

	// 6. The audience left out by a credential of one audience.
	tokenMembers(t, "no audience", f.send(t, "POST", "/oauth/token", formType,
		form("grant_type", "client_credentials", "client_id", cred.ClientID, "client_secret", secret)), lifetime)

	// 7. An audience the credential may not use: invalid_target (RFC
	// 8707 §2), with no challenge, since the client authenticated.
	refused(t, "another audience", f.send(t, "POST", "/oauth/token", formType,
		form("grant_type", "client_credentials", "client_id", cred.ClientID, "client_secret", secret, "audience", oauth.DefaultAdminAudience)),
		400, "invalid_target", "")

	// 8. A wrong secret in the Authorization header: 401 invalid_client
	// with a Basic challenge (RFC 6749 §5.2).
	refused(t, "wrong secret, Basic", f.send(t, "POST", "/oauth/token", formType,
		form("grant_type", "client_credentials", "audience", aud), "Authorization", basic(cred.ClientID, "x"+secret)),
		401, "invalid_client", "Basic ")

	// 9. A wrong secret in the body: 401 invalid_client, as the OAuth
	// servers of the commercial API's kind answer it, without a
	// challenge: RFC 6749 §5.2 requires one only of a client that used
	// the Authorization header, and a Basic challenge would make a
	// browser open its own sign-in dialog over the console's sign-in
	// form, which sends the secret in the body (see the package
	// documentation).
	refused(t, "wrong secret, body", f.send(t, "POST", "/oauth/token", formType,
		form("grant_type", "client_credentials", "client_id", cred.ClientID, "client_secret", "x"+secret, "audience", aud)),
		401, "invalid_client", "")

	// 10. An unknown client ID, in the body: the same answer as a wrong
	// secret, so that IDs cannot be probed.
	refused(t, "unknown client", f.send(t, "POST", "/oauth/token", formType,
		form("grant_type", "client_credentials", "client_id", authtest.RandomClientID(), "client_secret", secret, "audience", aud)),
		401, "invalid_client", "")

	// 11. grant_type left out at the standard endpoint, where the
	// specification requires it: invalid_request.
	refused(t, "no grant_type", f.send(t, "POST", "/oauth/token", formType,
		form("client_id", cred.ClientID, "client_secret", secret, "audience", aud)), 400, "invalid_request", "")

	// 12. Another grant: unsupported_grant_type.
	for _, g := range []string{"password", "authorization_code", "refresh_token", "urn:ietf:params:oauth:grant-type:jwt-bearer"} {
		refused(t, "grant_type "+g, f.send(t, "POST", "/oauth/token", formType,
			form("grant_type", g, "client_id", cred.ClientID, "client_secret", secret, "audience", aud)), 400, "unsupported_grant_type", "")
	}

	// 13. A body of another media type: invalid_request naming the types
	// the endpoint takes.
	for _, ct := range []string{"application/xml", "multipart/form-data; boundary=x"} {
		r := f.send(t, "POST", "/oauth/token", ct, post)
		refused(t, "Content-Type "+ct, r, 400, "invalid_request", "")
		if d, _ := r.body["error_description"].(string); !strings.Contains(d, "application/x-www-form-urlencoded") {
			t.Errorf("Content-Type %s: %q does not name the form's type", ct, d)
		}
	}

	// 14. GET, which RFC 6749 §3.2 rules out: 405 saying POST.
	if r := f.send(t, "GET", "/oauth/token", "", ""); r.status != 405 || !strings.Contains(r.header.Get("Allow"), "POST") {
		t.Errorf("GET: %d Allow %q, want 405 allowing POST", r.status, r.header.Get("Allow"))
	}

	// 15. No secret reached the log.
	if strings.Contains(f.logged(), secret) {
		t.Error("the secret was logged")
	}
}

// TestCredentialNotYetActiveWalk asks for a token with a credential made
// without activeNow: the specification holds it back for 15 minutes
// after its creation. The refusal is unauthorized_client (RFC 6749
// §5.2), and the same request gets its token once the delay has passed.
func TestCredentialNotYetActiveWalk(t *testing.T) {
	f := setup(t)
	cred, secret, err := f.iss.Create(context.Background(), "acme", []string{oauth.DefaultAudience}, false)
	if err != nil {
		t.Fatal(err)
	}
	req := form("grant_type", "client_credentials", "client_id", cred.ClientID, "client_secret", secret, "audience", oauth.DefaultAudience)
	refused(t, "at once", f.send(t, "POST", "/oauth/token", formType, req), 400, "unauthorized_client", "")
	f.clk.add(14*time.Minute + 59*time.Second)
	refused(t, "a second early", f.send(t, "POST", "/oauth/token", formType, req), 400, "unauthorized_client", "")
	f.clk.add(time.Second)
	tokenMembers(t, "after 15 minutes", f.send(t, "POST", "/oauth/token", formType, req), 20*60)
}

// TestCachingEndpointWalk follows one client at the token caching
// endpoint through a token's life: a token still valid is the cached one
// with its remaining lifetime, one within 30 seconds of its expiry and
// one expired are replaced. grant_type may be left out there, the
// credentials may come in a JSON body or in the header as Basic or as
// Bearer base64(id:secret), and its tokens are not counted against the
// standard endpoint's rate limit.
func TestCachingEndpointWalk(t *testing.T) {
	f := setup(t)
	cred, secret := authtest.Credential(t, f.iss, "acme", oauth.DefaultAudience)
	aud := oauth.DefaultAudience
	pair := base64.StdEncoding.EncodeToString([]byte(cred.ClientID + ":" + secret))
	onlyAud := form("audience", aud)
	const path = "/cached/oauth/token"

	first := tokenMembers(t, "first", f.send(t, "POST", path, formType,
		form("client_id", cred.ClientID, "client_secret", secret, "audience", aud)), 1200)

	f.clk.add(5 * time.Minute)
	js, _ := json.Marshal(map[string]string{"client_id": cred.ClientID, "client_secret": secret, "audience": aud, "grant_type": "client_credentials"})
	if tok := tokenMembers(t, "valid, JSON", f.send(t, "POST", path, "application/json", string(js)), 900); tok != first {
		t.Error("valid, JSON: a new token, want the cached one")
	}
	if tok := tokenMembers(t, "valid, Basic", f.send(t, "POST", path, formType, onlyAud, "Authorization", "Basic "+pair), 900); tok != first {
		t.Error("valid, Basic: a new token, want the cached one")
	}
	if tok := tokenMembers(t, "valid, Bearer", f.send(t, "POST", path, formType, onlyAud, "Authorization", "Bearer "+pair), 900); tok != first {
		t.Error("valid, Bearer: a new token, want the cached one")
	}

	// 30 seconds left: still the cached token; 29 left: a new one.
	f.clk.add(14*time.Minute + 30*time.Second)
	if tok := tokenMembers(t, "30 seconds left", f.send(t, "POST", path, formType, onlyAud, "Authorization", "Basic "+pair), 30); tok != first {
		t.Error("30 seconds left: a new token, want the cached one")
	}
	f.clk.add(time.Second)
	second := tokenMembers(t, "29 seconds left", f.send(t, "POST", path, formType, onlyAud, "Authorization", "Basic "+pair), 1200)
	if second == first {
		t.Error("29 seconds left: the old token, want a new one")
	}

	// Expired: a new token, which the calculation API takes.
	f.clk.add(21 * time.Minute)
	third := tokenMembers(t, "expired", f.send(t, "POST", path, formType, onlyAud, "Authorization", "Basic "+pair), 1200)
	if third == second {
		t.Error("expired: the old token, want a new one")
	}
	if r := f.send(t, "GET", "/api/v2/transaction-exists/walk", "", "", "Authorization", "Bearer "+third); r.status != 200 {
		t.Errorf("the renewed token on the API: %d %s", r.status, r.raw)
	}

	// A wrong secret as Bearer credentials: 401 with a Bearer challenge.
	wrong := base64.StdEncoding.EncodeToString([]byte(cred.ClientID + ":x" + secret))
	refused(t, "wrong secret, Bearer", f.send(t, "POST", path, formType, onlyAud, "Authorization", "Bearer "+wrong), 401, "invalid_client", "Bearer ")

	// Many requests at the caching endpoint spend none of the standard
	// endpoint's 10 tokens per 28800 seconds.
	for i := range 12 {
		f.clk.add(21 * time.Minute)
		tokenMembers(t, "cached "+strconv.Itoa(i), f.send(t, "POST", path, formType, onlyAud, "Authorization", "Basic "+pair), 1200)
	}
	tokenMembers(t, "standard after the cached ones", f.send(t, "POST", "/oauth/token", formType,
		form("grant_type", "client_credentials", "audience", aud), "Authorization", "Basic "+pair), 1200)
}

// TestRateLimitWalk spends the standard endpoint's 10 tokens per 28800
// seconds: the 11th is refused 400 invalid_request, as the specification
// gives it, saying that the client and audience exceeded the rate limit
// of 10 tokens per 28800 seconds, with Retry-After. The limit counts per
// client and audience, not per tenant: another client of the tenant
// still gets tokens, and so does the same client for its other audience.
// The sliding window frees a token when the oldest leaves it; a failed
// request does not count. Every standard endpoint (/oauth/token and the
// paths the commercial API's clients know it by) spends the same count,
// and the caching endpoint, which spends none, still hands out a token.
func TestRateLimitWalk(t *testing.T) {
	f := setup(t)
	cred, secret := authtest.Credential(t, f.iss, "acme", oauth.DefaultAudience, oauth.DefaultAdminAudience)
	other, otherSecret := authtest.Credential(t, f.iss, "acme", oauth.DefaultAudience)
	standard := []string{"/oauth/token", "/oseries-auth/oauth/token", "/api/v2/authorize", "/vertex-ws/v2/authorize"}
	askAt := func(path, id, sec, aud string) reply {
		return f.send(t, "POST", path, formType, form("grant_type", "client_credentials", "audience", aud), "Authorization", basic(id, sec))
	}
	ask := func(id, sec, aud string) reply { return askAt("/oauth/token", id, sec, aud) }
	for i := range 10 {
		path := standard[i%len(standard)]
		tokenMembers(t, "token "+strconv.Itoa(i+1)+" at "+path, askAt(path, cred.ClientID, secret, oauth.DefaultAudience), 1200)
		f.clk.add(time.Minute)
		// A refused request between them is not counted.
		refused(t, "wrong secret", askAt(path, cred.ClientID, "x"+secret, oauth.DefaultAudience), 401, "invalid_client", "Basic ")
	}
	for _, path := range standard {
		refused(t, "eleventh at "+path, askAt(path, cred.ClientID, secret, oauth.DefaultAudience), 400, "invalid_request", "")
	}
	tokenMembers(t, "the caching endpoint over the limit", askAt("/cached/oauth/token", cred.ClientID, secret, oauth.DefaultAudience), 1200)
	r := ask(cred.ClientID, secret, oauth.DefaultAudience)
	refused(t, "eleventh", r, 400, "invalid_request", "")
	if d, _ := r.body["error_description"].(string); !strings.Contains(d, cred.ClientID) || !strings.Contains(d, oauth.DefaultAudience) ||
		!strings.Contains(d, "rate limit of 10 tokens/28800 seconds") {
		t.Errorf("eleventh: %q does not name the client, the audience and the limit", d)
	}
	if got, want := r.header.Get("Retry-After"), strconv.Itoa(28800-10*60); got != want {
		t.Errorf("eleventh: Retry-After %q, want %q", got, want)
	}
	tokenMembers(t, "another client of the tenant", ask(other.ClientID, otherSecret, oauth.DefaultAudience), 1200)
	tokenMembers(t, "the client's other audience", ask(cred.ClientID, secret, oauth.DefaultAdminAudience), 1200)

	// The first token leaves the window 28800 seconds after it was
	// issued: one second early is still refused, then one token is free.
	f.clk.add(28800*time.Second - 10*time.Minute - time.Second)
	r = ask(cred.ClientID, secret, oauth.DefaultAudience)
	refused(t, "a second early", r, 400, "invalid_request", "")
	if got := r.header.Get("Retry-After"); got != "1" {
		t.Errorf("a second early: Retry-After %q, want 1", got)
	}
	f.clk.add(time.Second)
	tokenMembers(t, "the first left the window", ask(cred.ClientID, secret, oauth.DefaultAudience), 1200)
	refused(t, "the second is still in it", ask(cred.ClientID, secret, oauth.DefaultAudience), 400, "invalid_request", "")
}

// TestBearerWalk calls the calculation API with a token in the ways RFC
// 6750 describes: the header with the scheme in any case works; a token
// in the query (§2.3, which Levy does not take) is a request without
// credentials, answered 401 with a challenge that has no error code
// (§3.1); an expired token is 401 with error="invalid_token".
func TestBearerWalk(t *testing.T) {
	f := setup(t)
	cred, secret := authtest.Credential(t, f.iss, "acme", oauth.DefaultAudience)
	r := f.send(t, "POST", "/oauth/token", formType, form("grant_type", "client_credentials", "client_id", cred.ClientID, "client_secret", secret))
	tok := tokenMembers(t, "token", r, 1200)
	calc := func(header ...string) reply {
		return f.send(t, "POST", "/api/v2/supplies", "application/json", quotation(t), header...)
	}
	for _, scheme := range []string{"Bearer", "bearer", "BEARER"} {
		if r := calc("Authorization", scheme+" "+tok); r.status != 200 {
			t.Errorf("scheme %q: %d %s", scheme, r.status, r.raw)
		}
	}
	q := f.send(t, "GET", "/api/v2/transaction-exists/walk?access_token="+tok, "", "")
	if q.status != 401 || q.header.Get("WWW-Authenticate") != `Bearer realm="levy"` {
		t.Errorf("token in the query: %d %q %s", q.status, q.header.Get("WWW-Authenticate"), q.raw)
	}
	// A form body's access_token (§2.2) is not read either.
	if r := f.send(t, "POST", "/api/v2/supplies", formType, "access_token="+tok); r.status != 401 {
		t.Errorf("token in a form body: %d %s", r.status, r.raw)
	}

	f.clk.add(20 * time.Minute)
	r = calc("Authorization", "Bearer "+tok)
	if r.status != 401 || !strings.HasPrefix(r.header.Get("WWW-Authenticate"), `Bearer realm="levy", error="invalid_token"`) {
		t.Errorf("expired: %d %q %s", r.status, r.header.Get("WWW-Authenticate"), r.raw)
	}
	if !bytes.Contains([]byte(r.raw), []byte("expired")) {
		t.Errorf("expired: %s does not say the token expired", r.raw)
	}
}
