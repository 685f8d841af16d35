package oauth_test

import (
	"encoding/base64"
	"strings"
	"testing"

	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth/authtest"
)

// TestWhitespaceInCredentialsHinted: a client sends its secret, or its
// client ID, with the newline that the file it was read from keeps
// (curl --data-urlencode client_secret@file), or with a space pasted
// after it. The token endpoint still refuses it (401 invalid_client) but
// says in error_description what the request holds, and says it the same
// for a client that exists and for one that does not. A request without
// whitespace keeps the bare refusal.
func TestWhitespaceInCredentialsHinted(t *testing.T) {
	f := setup(t)
	cred, secret := authtest.Credential(t, f.iss, "acme", oauth.DefaultAudience)
	unknown := authtest.RandomClientID()
	refused := func(what string, r reply) string {
		t.Helper()
		if r.status != 401 || r.body["error"] != "invalid_client" {
			t.Fatalf("%s: %d %s, want 401 invalid_client", what, r.status, r.raw)
		}
		d, _ := r.body["error_description"].(string)
		return d
	}
	post := func(id, sec string) reply {
		t.Helper()
		return f.send(t, "POST", "/oauth/token", formType, tokenForm(id, sec))
	}
	for _, c := range []struct {
		name, id, secret, want string
	}{
		{"a secret with a newline", cred.ClientID, secret + "\n", "the client_secret ends with whitespace"},
		{"a secret with a space", cred.ClientID, secret + " ", "the client_secret ends with whitespace"},
		{"a client ID with a newline", cred.ClientID + "\r\n", secret, "the client_id ends with whitespace"},
		{"a client ID led by a space", " " + cred.ClientID, secret, "the client_id begins with whitespace"},
	} {
		known := refused(c.name, post(c.id, c.secret))
		if !strings.Contains(known, c.want) {
			t.Errorf("%s: error_description %q, want it to say %q", c.name, known, c.want)
		}
		// The same request for a client ID that does not exist is told
		// the same: the hint tells nothing of the client.
		other := strings.Replace(c.id, cred.ClientID, unknown, 1)
		if d := refused(c.name+", unknown client", post(other, c.secret)); d != known {
			t.Errorf("%s: an unknown client is told %q, a known one %q", c.name, d, known)
		}
	}
	// In the Authorization header, after base64.
	basic := "Basic " + base64.StdEncoding.EncodeToString([]byte(cred.ClientID+":"+secret+"\n"))
	r := f.send(t, "POST", "/oauth/token", formType, "grant_type=client_credentials&audience="+oauth.DefaultAudience, "Authorization", basic)
	if d := refused("Basic with a newline", r); !strings.Contains(d, "the secret of the Authorization header ends with whitespace") {
		t.Errorf("Basic with a newline: error_description %q", d)
	}
	// A wrong secret without whitespace keeps the bare refusal.
	if d := refused("a wrong secret", post(cred.ClientID, "wrong")); d != "client authentication failed" {
		t.Errorf("a wrong secret: error_description %q", d)
	}
	// The right secret still gets its token.
	if r := post(cred.ClientID, secret); r.status != 200 {
		t.Errorf("the right secret: %d %s", r.status, r.raw)
	}
}
