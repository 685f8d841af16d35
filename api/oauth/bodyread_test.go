package oauth_test

import (
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth/authtest"
	"github.com/levytax/levy/internal/httpbody/bodytest"
)

// TestBrokenBodiesAreRefusals sends the broken bodies of the review's
// finding Low 5 over raw TCP to the token endpoints (a form) and to the
// creation of a credential (JSON), on a server with a read timeout: each
// is answered 400, the body that stalls past the read timeout 408 (the
// token endpoints answered it 400 before), in the form of each route,
// and none is logged at ERROR.
func TestBrokenBodiesAreRefusals(t *testing.T) {
	f := setup(t)
	srv := httptest.NewUnstartedServer(f.srv.Config.Handler)
	srv.Config.ReadTimeout, srv.Config.IdleTimeout = bodytest.ReadTimeout, time.Minute
	srv.Start()
	t.Cleanup(srv.Close)
	admin := authtest.Token(t, f.iss, "acme", oauth.DefaultAdminAudience)
	for _, route := range []struct{ path, head string }{
		{"/oauth/token", "Content-Type: application/x-www-form-urlencoded"},
		{"/cached/oauth/token", "Content-Type: application/x-www-form-urlencoded"},
		{"/admin/v1/clients", "Content-Type: application/json\nAuthorization: Bearer " + admin},
	} {
		for _, c := range bodytest.Cases() {
			head := "POST " + route.path + " HTTP/1.1\nHost: levy\n" + route.head
			a := bodytest.Send(t, srv.Listener.Addr().String(), head, c)
			t.Logf("%s, %s: %d %s", route.path, c.Name, a.Status, a.Body)
			if a.Status != c.Status {
				t.Errorf("%s, %s: %d, want %d", route.path, c.Name, a.Status, c.Status)
			}
			var body map[string]any
			if err := json.Unmarshal(a.Body, &body); err != nil {
				t.Errorf("%s, %s: the answer is not JSON: %s", route.path, c.Name, a.Body)
			}
			if strings.HasSuffix(route.path, "/token") && body["error"] != "invalid_request" {
				t.Errorf("%s, %s: not an OAuth error: %s", route.path, c.Name, a.Body)
			}
			if strings.Contains(string(a.Body), "127.0.0.1") {
				t.Errorf("%s, %s: the answer names the server's address: %s", route.path, c.Name, a.Body)
			}
		}
	}
	for _, line := range strings.Split(f.logged(), "\n") {
		if strings.Contains(line, `"level":"ERROR"`) {
			t.Errorf("a broken body was logged as a fault: %s", line)
		}
	}
}
