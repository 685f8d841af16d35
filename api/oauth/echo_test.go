package oauth_test

import (
	"strings"
	"testing"

	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth/authtest"
)

// TestLongValuesNotEchoed sends, over loopback, a grant_type and an
// audience of 12,000 characters, within the token routes' body limit, to
// both token endpoints: the refusal quoted each back whole, an answer of
// 12 KB. Each is refused with its OAuth code as before, the value
// quoted up to its first 64 bytes and an ellipsis.
func TestLongValuesNotEchoed(t *testing.T) {
	f := setup(t)
	cred, secret := authtest.Credential(t, f.iss, "acme", oauth.DefaultAudience)
	long := strings.Repeat("z", 12000)
	for _, path := range []string{"/oauth/token", "/cached/oauth/token"} {
		for _, c := range []struct{ name, body, code string }{
			{"grant_type", form("grant_type", long, "client_id", cred.ClientID, "client_secret", secret, "audience", oauth.DefaultAudience), "unsupported_grant_type"},
			{"audience", form("grant_type", "client_credentials", "client_id", cred.ClientID, "client_secret", secret, "audience", long), "invalid_target"},
		} {
			r := f.send(t, "POST", path, formType, c.body)
			if r.status != 400 || r.body["error"] != c.code {
				t.Errorf("%s %s: %d %.300s, want 400 %s", path, c.name, r.status, r.raw, c.code)
				continue
			}
			if d, _ := r.body["error_description"].(string); !strings.Contains(d, strings.Repeat("z", 64)+"…") {
				t.Errorf("%s %s: %.300q does not quote the value cut with an ellipsis", path, c.name, d)
			}
			if len(r.raw) > 1024 {
				t.Errorf("%s %s: the answer has %d bytes, quoting the value back", path, c.name, len(r.raw))
			}
		}
	}
}
