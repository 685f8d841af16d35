package oauth_test

import (
	"strings"
	"testing"

	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth/authtest"
)

// TestNewClientBodyAnnouncedOverItsLimit: POST /admin/v1/clients reads at
// most 16 KiB, and refuses a body whose Content-Length announces more,
// 413 naming the limit, before any of it is read. It sent 100 Continue
// and waited for the whole body (up to the server's limit), then refused
// it.
func TestNewClientBodyAnnouncedOverItsLimit(t *testing.T) {
	f := setup(t)
	admin := authtest.Token(t, f.iss, "acme", oauth.DefaultAdminAudience)
	r := f.rawRequest(t, "POST /admin/v1/clients HTTP/1.1\r\nHost: levy\r\nAuthorization: Bearer "+admin+
		"\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: 1048576\r\n\r\n")
	if r.status != 413 || !strings.Contains(r.raw, "16384") {
		t.Errorf("%d %s, want 413 naming the limit of 16384 bytes", r.status, r.raw)
	}
}
