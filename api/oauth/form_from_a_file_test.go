package oauth_test

import (
	"strings"
	"testing"

	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth/authtest"
)

// TestFormFromAFile sends, over loopback, token requests whose form was
// read from a file: led by the UTF-8 byte order mark that PowerShell 5's
// Set-Content -Encoding UTF8 and Windows editors write
// (Invoke-RestMethod -InFile, curl --data-binary @file), and ended by
// the file's newline. The mark became part of the first parameter's
// name, and the request was refused naming that parameter (grant_type,
// client_id) as missing though it was sent; the newline became part of
// the last value (audience, grant_type, client_secret). A JSON body
// with the mark was already read. Each now gets its token; an encoded
// newline (%0A), which is the value's, is still refused.
func TestFormFromAFile(t *testing.T) {
	f := setup(t)
	cred, secret := authtest.Credential(t, f.iss, "acme", oauth.DefaultAudience)
	const bom = "\ufeff"
	// In the order given: form would sort the parameters. Client IDs and
	// secrets are base64url, which a form carries as it is.
	id, sec, grant, aud := "client_id="+cred.ClientID, "client_secret="+secret, "grant_type=client_credentials", "audience="+oauth.DefaultAudience
	params := func(p ...string) string { return strings.Join(p, "&") }
	for _, c := range []struct{ name, path, body string }{
		{"a mark before grant_type", "/oauth/token", bom + params(grant, id, sec)},
		{"a mark before client_id, caching endpoint", "/cached/oauth/token", bom + params(id, sec)},
		{"a newline after the audience", "/oauth/token", params(grant, id, sec, aud) + "\r\n"},
		{"a newline after grant_type", "/oauth/token", params(id, sec, grant) + "\n"},
		{"a mark, and a newline after the secret", "/oauth/token", bom + params(grant, id, sec) + "\n"},
	} {
		if r := f.send(t, "POST", c.path, formType, c.body); r.status != 200 || r.body["access_token"] == nil {
			t.Errorf("%s: %d %s, want 200 with a token", c.name, r.status, r.raw)
		}
	}
	r := f.send(t, "POST", "/oauth/token", formType, form("grant_type", "client_credentials", "client_id", cred.ClientID, "client_secret", secret+"\n"))
	if r.status != 401 || r.body["error"] != "invalid_client" {
		t.Errorf("an encoded newline in the secret: %d %s, want 401 invalid_client", r.status, r.raw)
	}
}
