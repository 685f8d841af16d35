package oauth_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth/authtest"
)

// TestRefusedTokenRequestsLogTheClientID: a token request refused for a
// wrong secret or an unknown client is logged with the client ID it sent
// and the class of the refusal, so that an operator can tell which
// integration is misconfigured; the secret sent is never logged. Before,
// such a refusal logged no line that named the client.
func TestRefusedTokenRequestsLogTheClientID(t *testing.T) {
	f := setup(t)
	cred, secret := authtest.Credential(t, f.iss, "acme", oauth.DefaultAudience)
	const wrong = "not-the-secret-0123456789abcdef"
	for _, c := range []struct{ name, clientID, secret string }{
		{"wrong secret", cred.ClientID, wrong},
		{"unknown client", "no-such-client-42", wrong + "x"},
	} {
		r := f.send(t, "POST", "/oauth/token", "application/x-www-form-urlencoded",
			form("grant_type", "client_credentials", "client_id", c.clientID, "client_secret", c.secret))
		if r.status != 401 {
			t.Fatalf("%s: %d %s, want 401", c.name, r.status, r.raw)
		}
		found := false
		for _, raw := range strings.Split(strings.TrimSpace(f.logged()), "\n") {
			if strings.Contains(raw, c.secret) || strings.Contains(raw, secret) {
				t.Errorf("%s: a log line holds a secret: %s", c.name, raw)
			}
			var l struct{ Msg, Level, Client_ID, Reason string }
			if err := json.Unmarshal([]byte(raw), &l); err != nil {
				t.Fatalf("%v: %s", err, raw)
			}
			if l.Msg == "oauth: token request refused" && l.Client_ID == c.clientID {
				found = true
				if l.Reason != "invalid_client" || l.Level != "WARN" {
					t.Errorf("%s: logged %s; want WARN with reason invalid_client", c.name, raw)
				}
			}
		}
		if !found {
			t.Errorf("%s: no refusal line names client %s:\n%s", c.name, c.clientID, f.logged())
		}
	}
}
