package oauth_test

import (
	"encoding/base64"
	"strings"
	"testing"

	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth/authtest"
)

// TestJSONBodyLabelledAForm sends, over loopback, token requests whose
// body is a JSON object holding every parameter, but whose Content-Type
// says application/x-www-form-urlencoded (a client whose HTTP library
// sets the form's type by default). Read as a form, the body held no
// parameter, and the refusal named one the client had sent: "the
// parameter grant_type is required", or client_id at the caching
// endpoint. The refusal now says that the body is JSON and what
// Content-Type to send; no token is issued, and a form under the same
// label is still read as a form.
func TestJSONBodyLabelledAForm(t *testing.T) {
	f := setup(t)
	cred, secret := authtest.Credential(t, f.iss, "acme", oauth.DefaultAudience)
	full := `{"grant_type":"client_credentials","client_id":"` + cred.ClientID + `","client_secret":"` + secret + `","audience":"` + oauth.DefaultAudience + `"}`
	basic := "Basic " + base64.StdEncoding.EncodeToString([]byte(cred.ClientID+":"+secret))
	for _, c := range []struct{ name, path, contentType, body, authorization string }{
		{"standard endpoint", "/oauth/token", formType, full, ""},
		{"caching endpoint", "/cached/oauth/token", formType, full, ""},
		{"with a charset", "/oauth/token", formType + "; charset=UTF-8", "\n" + full, ""},
		{"led by a byte order mark", "/oauth/token", formType, "\ufeff" + full, ""},
		{"credentials in Basic", "/oauth/token", formType, `{"grant_type":"client_credentials"}`, basic},
	} {
		var r reply
		if c.authorization != "" {
			r = f.send(t, "POST", c.path, c.contentType, c.body, "Authorization", c.authorization)
		} else {
			r = f.send(t, "POST", c.path, c.contentType, c.body)
		}
		d, _ := r.body["error_description"].(string)
		if r.status != 400 || r.body["error"] != "invalid_request" || !strings.Contains(d, "JSON") || !strings.Contains(d, "Content-Type") {
			t.Errorf("%s: %d %s, want 400 invalid_request saying the body is JSON and naming Content-Type", c.name, r.status, r.raw)
		}
		if strings.Contains(d, "is required") {
			t.Errorf("%s: %q names a parameter the request sent as missing", c.name, d)
		}
	}
	r := f.send(t, "POST", "/oauth/token", formType, form("grant_type", "client_credentials", "client_id", cred.ClientID, "client_secret", secret))
	if r.status != 200 || r.body["access_token"] == nil {
		t.Errorf("a form: %d %s, want 200 with a token", r.status, r.raw)
	}
}

// TestFormLabelledJSON sends, over loopback, token requests whose body is
// a form but whose Content-Type says application/json (curl -H
// 'Content-Type: application/json' -d grant_type=...). They were refused
// for the JSON parser's "invalid character 'g' looking for beginning of
// value", which does not say what to change; the refusal now says that
// the body is a form and names Content-Type. Broken JSON is still
// refused naming what is wrong with it.
func TestFormLabelledJSON(t *testing.T) {
	f := setup(t)
	cred, secret := authtest.Credential(t, f.iss, "acme", oauth.DefaultAudience)
	for _, c := range []struct{ name, path, body string }{
		{"standard endpoint", "/oauth/token", form("grant_type", "client_credentials", "client_id", cred.ClientID, "client_secret", secret)},
		{"caching endpoint, audience alone", "/cached/oauth/token", form("audience", oauth.DefaultAudience)},
	} {
		r := f.send(t, "POST", c.path, "application/json", c.body)
		d, _ := r.body["error_description"].(string)
		if r.status != 400 || r.body["error"] != "invalid_request" || !strings.Contains(d, "the body is a form") || !strings.Contains(d, "Content-Type") {
			t.Errorf("%s: %d %s, want 400 invalid_request saying the body is a form and naming Content-Type", c.name, r.status, r.raw)
		}
	}
	r := f.send(t, "POST", "/oauth/token", "application/json", `{"grant_type":"client_credentials",}`)
	if d, _ := r.body["error_description"].(string); r.status != 400 || strings.Contains(d, "form") || !strings.Contains(d, "JSON") {
		t.Errorf("broken JSON: %d %s, want 400 about the JSON", r.status, r.raw)
	}
}
