package oauth_test

import (
	"encoding/base64"
	"net/http"
	"strings"
	"testing"

	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth/authtest"
)

// TestJSONBodyWithoutItsMediaType sends, over loopback, a token request
// whose body is a JSON object but whose Content-Type does not say so:
// none (Python's requests with data=json.dumps(...), Go's http.Post with
// an empty type), or text/plain (a browser's fetch with a string body).
// The body is read as the JSON it is, as the API's routes read a body
// without a Content-Type, rather than as a form that lacks client_id;
// a form is still read as a form.
func TestJSONBodyWithoutItsMediaType(t *testing.T) {
	f := setup(t)
	cred, secret := authtest.Credential(t, f.iss, "acme", oauth.DefaultAudience)
	js := `{"grant_type":"client_credentials","client_id":"` + cred.ClientID + `","client_secret":"` + secret + `"}`
	for _, c := range []struct{ name, contentType, body string }{
		{"no Content-Type", "", js},
		{"text/plain", "text/plain;charset=UTF-8", js},
		{"text/plain, with a byte order mark and a newline first", "text/plain", "\ufeff\n " + js},
		{"a form without Content-Type", "", form("grant_type", "client_credentials", "client_id", cred.ClientID, "client_secret", secret)},
	} {
		r := f.send(t, "POST", "/cached/oauth/token", c.contentType, c.body)
		if r.status != 200 || r.body["access_token"] == nil {
			t.Errorf("%s: %d %s, want 200 with a token", c.name, r.status, r.raw)
		}
	}
	// A JSON body that is not what a token request holds is refused as
	// JSON, naming what is wrong, not as a form without grant_type.
	r := f.send(t, "POST", "/oauth/token", "", `{"grant_type":"client_credentials","client_id":7}`)
	d, _ := r.body["error_description"].(string)
	if r.status != 400 || r.body["error"] != "invalid_request" || !strings.Contains(d, "JSON") {
		t.Errorf("broken JSON without Content-Type: %d %s, want 400 invalid_request about the JSON", r.status, r.raw)
	}
}

// TestHeaderAuthenticationThatFailsIsInvalidClient sends token requests
// whose client authentication in the Authorization header fails: with a
// scheme the endpoint does not take, or Basic without a secret. RFC
// 6749 §5.2 makes both invalid_client ("client authentication failed
// (e.g., ... unsupported authentication method)"), 401 with a
// WWW-Authenticate challenge, since the client used the header; the
// challenge names Basic, the scheme it may use.
func TestHeaderAuthenticationThatFailsIsInvalidClient(t *testing.T) {
	f := setup(t)
	cred, secret := authtest.Credential(t, f.iss, "acme", oauth.DefaultAudience)
	inBody := form("grant_type", "client_credentials", "client_id", cred.ClientID, "client_secret", secret)
	grant := form("grant_type", "client_credentials")
	noSecret := "Basic " + base64.StdEncoding.EncodeToString([]byte(cred.ClientID+":"))
	for _, c := range []struct{ name, path, body, header, challenge string }{
		{"Digest", "/oauth/token", inBody, `Digest username="` + cred.ClientID + `"`, "Basic"},
		{"Bearer at the standard endpoint", "/oauth/token", inBody, "Bearer " + base64.StdEncoding.EncodeToString([]byte(cred.ClientID+":"+secret)), "Basic"},
		{"a scheme alone", "/oauth/token", inBody, "Negotiate", "Basic"},
		{"Basic without a secret", "/oauth/token", grant, noSecret, "Basic"},
		{"Basic without a secret, caching endpoint", "/cached/oauth/token", grant, noSecret, "Basic"},
		{"Bearer without a secret, caching endpoint", "/cached/oauth/token", grant,
			"Bearer " + base64.StdEncoding.EncodeToString([]byte(cred.ClientID+":")), "Bearer"},
	} {
		r := f.send(t, "POST", c.path, formType, c.body, "Authorization", c.header)
		if r.status != 401 || r.body["error"] != "invalid_client" {
			t.Errorf("%s: %d %s, want 401 invalid_client", c.name, r.status, r.raw)
			continue
		}
		if got := r.header.Get("WWW-Authenticate"); !strings.HasPrefix(got, c.challenge+" ") {
			t.Errorf("%s: WWW-Authenticate %q, want a %s challenge", c.name, got, c.challenge)
		}
	}
}

// TestChallengeWithoutAToken calls the API over loopback without an
// access token, and with credentials of another scheme: RFC 6750 §3.1
// says the challenge to a request that lacks any authentication
// information SHOULD NOT carry an error code, which a client would read
// as a token it sent being refused (invalid_token: get a new one). A
// Bearer token that fails still gets error="invalid_token".
func TestChallengeWithoutAToken(t *testing.T) {
	f := setup(t)
	for _, c := range []struct{ name, header, want string }{
		{"no Authorization", "", `Bearer realm="levy"`},
		{"Basic credentials", "Basic " + base64.StdEncoding.EncodeToString([]byte("id:secret")), `Bearer realm="levy"`},
		{"a scheme alone", "Negotiate", `Bearer realm="levy"`},
		{"a Bearer token that fails", "Bearer not-a-token", `Bearer realm="levy", error="invalid_token"`},
		{"bearer in lower case, a token that fails", "bearer not-a-token", `Bearer realm="levy", error="invalid_token"`},
	} {
		var header []string
		if c.header != "" {
			header = []string{"Authorization", c.header}
		}
		r := f.send(t, "GET", "/api/v2/transaction-exists/x", "", "", header...)
		if r.status != 401 || r.header.Get("WWW-Authenticate") != c.want {
			t.Errorf("%s: %d WWW-Authenticate %q, want 401 %q", c.name, r.status, r.header.Get("WWW-Authenticate"), c.want)
		}
	}
}

// TestAuthorizationTwice sends, over loopback, two Authorization lines
// that disagree. The first was taken and the second passed over: with
// acme's token first and globex's second, the API answered as acme,
// while a proxy that reads the last line (to log or to limit by tenant)
// took it for globex; the token endpoint likewise took the first of two
// Basic credentials. Which credential the client meant cannot be told:
// the API refuses it 400 naming Authorization, the token endpoints 400
// invalid_request, and neither answer quotes the credentials.
func TestAuthorizationTwice(t *testing.T) {
	f := setup(t)
	cred, secret := authtest.Credential(t, f.iss, "acme", oauth.DefaultAudience)
	other, otherSecret := authtest.Credential(t, f.iss, "globex", oauth.DefaultAudience)
	tokA := authtest.Token(t, f.iss, "acme", oauth.DefaultAudience)
	tokB := authtest.Token(t, f.iss, "globex", oauth.DefaultAudience)
	send := func(method, path, body string, auths ...string) reply {
		t.Helper()
		req, err := http.NewRequest(method, f.srv.URL+path, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		if body != "" {
			req.Header.Set("Content-Type", formType)
		}
		for _, a := range auths {
			req.Header.Add("Authorization", a)
		}
		resp, err := f.srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		return readReply(resp)
	}
	r := send("GET", "/api/v2/transaction-exists/twice", "", "Bearer "+tokA, "Bearer "+tokB)
	errs, _ := r.body["errors"].([]any)
	first, _ := func() (map[string]any, bool) {
		if len(errs) == 0 {
			return nil, false
		}
		m, ok := errs[0].(map[string]any)
		return m, ok
	}()
	if r.status != 400 || first["target"] != "Authorization" || strings.Contains(r.raw, tokA) || strings.Contains(r.raw, tokB) {
		t.Errorf("two bearer tokens: %d %s, want 400 naming Authorization", r.status, r.raw)
	}
	if r := send("GET", "/api/v2/transaction-exists/twice", "", "Bearer "+tokA, "Bearer "+tokA); r.status != 200 {
		t.Errorf("the same token twice: %d %s, want 200", r.status, r.raw)
	}
	grant := form("grant_type", "client_credentials")
	for _, path := range []string{"/oauth/token", "/cached/oauth/token"} {
		r := send("POST", path, grant, basic(cred.ClientID, secret), basic(other.ClientID, otherSecret))
		d, _ := r.body["error_description"].(string)
		if r.status != 400 || r.body["error"] != "invalid_request" || !strings.Contains(d, "Authorization") || strings.Contains(r.raw, secret) {
			t.Errorf("%s, two Basic credentials: %d %s, want 400 invalid_request naming Authorization", path, r.status, r.raw)
		}
	}
}

// TestTokenBodyAnnouncedOverItsLimit announces, over loopback, a token
// request body of 16 KiB and a byte, the token endpoints' limit, and
// sends none of it. The server's limit for a route (8 MiB in levy serve)
// let it through to the endpoint, which waited for the body, and with
// Expect: 100-continue asked for it; it is refused 413 invalid_request
// at once, before any of it is read, as the API's routes refuse a body
// announced over theirs.
func TestTokenBodyAnnouncedOverItsLimit(t *testing.T) {
	f := setup(t)
	for _, path := range []string{"/oauth/token", "/cached/oauth/token", "/api/v2/authorize"} {
		r := f.rawRequest(t, "POST "+path+" HTTP/1.1\r\nHost: levy\r\nContent-Type: application/x-www-form-urlencoded\r\n"+
			"Expect: 100-continue\r\nContent-Length: 16385\r\n\r\n")
		if r.status != 413 || r.body["error"] != "invalid_request" || !strings.Contains(r.raw, "16384") {
			t.Errorf("%s: %d %s, want 413 invalid_request naming the limit of 16384 bytes", path, r.status, r.raw)
		}
	}
}
