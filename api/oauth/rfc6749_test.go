package oauth_test

import (
	"encoding/base64"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth/authtest"
)

// TestInvalidClientChallengesTheSchemeUsed sends, over loopback, token
// requests whose client authentication fails in the Authorization
// header: RFC 6749 §5.2 requires the 401 to carry a WWW-Authenticate
// challenge of the scheme the client used. The caching endpoint takes
// the credentials as Bearer base64(client_id:client_secret), as the
// service's specification says, as well as Basic.
func TestInvalidClientChallengesTheSchemeUsed(t *testing.T) {
	f := setup(t)
	cred, secret := authtest.Credential(t, f.iss, "acme", oauth.DefaultAudience)
	wrong := base64.StdEncoding.EncodeToString([]byte(cred.ClientID + ":x" + secret))
	onlyAud := form("grant_type", "client_credentials", "audience", oauth.DefaultAudience)
	for _, c := range []struct {
		name, path, header, scheme string
	}{
		{"Basic, wrong secret", "/oauth/token", "Basic " + wrong, "Basic"},
		{"Basic, wrong secret, caching endpoint", "/cached/oauth/token", "Basic " + wrong, "Basic"},
		{"Bearer, wrong secret, caching endpoint", "/cached/oauth/token", "Bearer " + wrong, "Bearer"},
		{"bearer in lower case, wrong secret", "/cached/oauth/token", "bearer " + wrong, "Bearer"},
		{"Bearer, not base64", "/cached/oauth/token", "Bearer !!!", "Bearer"},
		{"Basic, not base64", "/oauth/token", "Basic !!!", "Basic"},
	} {
		r := f.send(t, "POST", c.path, formType, onlyAud, "Authorization", c.header)
		if r.status != 401 || r.body["error"] != "invalid_client" {
			t.Errorf("%s: %d %s, want 401 invalid_client", c.name, r.status, r.raw)
			continue
		}
		if got := r.header.Get("WWW-Authenticate"); !strings.HasPrefix(got, c.scheme+" ") {
			t.Errorf("%s: WWW-Authenticate %q, want a %s challenge", c.name, got, c.scheme)
		}
		if r.header.Get("Cache-Control") != "no-store" {
			t.Errorf("%s: Cache-Control %q", c.name, r.header.Get("Cache-Control"))
		}
	}
	// The right secret as Bearer still gets the token.
	good := base64.StdEncoding.EncodeToString([]byte(cred.ClientID + ":" + secret))
	if r := f.send(t, "POST", "/cached/oauth/token", formType, onlyAud, "Authorization", "Bearer "+good); r.status != 200 {
		t.Fatalf("Bearer, right secret: %d %s", r.status, r.raw)
	}
}

// TestBadFormEncodingNamesTheParameter sends a form whose value holds a
// "%" that the client did not encode (a hand-built body, a secret pasted
// into a shell script): the refusal names the parameter.
func TestBadFormEncodingNamesTheParameter(t *testing.T) {
	f := setup(t)
	cred, _ := authtest.Credential(t, f.iss, "acme", oauth.DefaultAudience)
	for _, c := range []struct{ body, want string }{
		{"grant_type=client_credentials&client_id=" + cred.ClientID + "&client_secret=50%off", `"client_secret"`},
		{"grant_type=client_credentials&client_id=" + cred.ClientID + "&client_secret=abc&audience=verx%3//x", `"audience"`},
		{"grant_type=client_credentials;client_id=" + cred.ClientID, `"&"`},
		{"grant_%zz=client_credentials", "parameter name"},
	} {
		r := f.send(t, "POST", "/oauth/token", formType, c.body)
		d, _ := r.body["error_description"].(string)
		if r.status != 400 || r.body["error"] != "invalid_request" || !strings.Contains(d, c.want) {
			t.Errorf("%s: %d %s, want 400 invalid_request naming %s", c.body, r.status, r.raw, c.want)
		}
	}
}

// TestParametersInTheURL sends the token parameters in the URL's query,
// which RFC 6749 §2.3.1 forbids: the answer names the parameter and where
// it belongs, rather than saying that grant_type is missing, and a
// secret in a URL is never used, even beside a good body.
func TestParametersInTheURL(t *testing.T) {
	f := setup(t)
	cred, secret := authtest.Credential(t, f.iss, "acme", oauth.DefaultAudience)
	all := form("grant_type", "client_credentials", "client_id", cred.ClientID, "client_secret", secret)
	for _, c := range []struct{ query, body, want string }{
		{all, "", "client_secret"},
		{"client_secret=" + url.QueryEscape(secret), all, "client_secret"},
		{"grant_type=client_credentials", form("client_id", cred.ClientID, "client_secret", secret), "grant_type"},
		{"client_id=" + cred.ClientID, form("grant_type", "client_credentials", "client_secret", secret), "client_id"},
		{"audience=" + url.QueryEscape(oauth.DefaultAudience), all, "audience"},
	} {
		for _, path := range []string{"/oauth/token", "/cached/oauth/token"} {
			r := f.send(t, "POST", path+"?"+c.query, formType, c.body)
			d, _ := r.body["error_description"].(string)
			if r.status != 400 || r.body["error"] != "invalid_request" || !strings.HasPrefix(d, "the parameter "+c.want+" is in the URL") {
				t.Errorf("%s?%s: %d %s, want 400 invalid_request naming %s", path, c.query, r.status, r.raw, c.want)
			}
		}
	}
	// Other query parameters change nothing.
	if r := f.send(t, "POST", "/oauth/token?trace=1", formType, all); r.status != 200 {
		t.Fatalf("?trace=1: %d %s", r.status, r.raw)
	}
}

// TestRateLimitSaysWhen spends a credential's 10 tokens per 28800
// seconds at the standard endpoint, a minute apart, over loopback: the
// refusals are 400 invalid_request as the service's specification gives
// them, with Retry-After saying when the sliding window lets the client
// have a token again, to the second.
func TestRateLimitSaysWhen(t *testing.T) {
	f := setup(t)
	cred, secret := authtest.Credential(t, f.iss, "acme", oauth.DefaultAudience)
	good := form("grant_type", "client_credentials", "client_id", cred.ClientID, "client_secret", secret)
	start := f.clk.now()
	for i := range 10 {
		if i > 0 {
			f.clk.add(time.Minute)
		}
		if r := f.send(t, "POST", "/oauth/token", formType, good); r.status != 200 {
			t.Fatalf("token %d: %d %s", i+1, r.status, r.raw)
		}
	}
	refused := func(what, want string) {
		t.Helper()
		r := f.send(t, "POST", "/oauth/token", formType, good)
		if r.status != 400 || r.body["error"] != "invalid_request" || !strings.Contains(r.raw, "rate limit of 10 tokens/28800 seconds") {
			t.Fatalf("%s: %d %s, want 400 invalid_request over the rate limit", what, r.status, r.raw)
		}
		if got := r.header.Get("Retry-After"); got != want {
			t.Fatalf("%s: Retry-After %q, want %q", what, got, want)
		}
		if r.header.Get("Cache-Control") != "no-store" {
			t.Fatalf("%s: Cache-Control %q", what, r.header.Get("Cache-Control"))
		}
	}
	// The first token, at start, leaves the window at start+28800s; it
	// is now start+9 minutes.
	refused("eleventh", strconv.Itoa(28800-9*60))
	f.clk.add(30 * time.Second)
	refused("thirty seconds later", strconv.Itoa(28800-9*60-30))
	// When the first has left, one token, and the next waits for the
	// second token (start+1 minute) to leave.
	f.clk.set(start.Add(28800 * time.Second))
	if r := f.send(t, "POST", "/oauth/token", formType, good); r.status != 200 {
		t.Fatalf("once the first left: %d %s", r.status, r.raw)
	}
	refused("after that", "60")
}
