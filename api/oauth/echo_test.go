package oauth_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
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

// TestChunkedTokenBodyOverLimitSaysTheLimit sends, over loopback, token
// requests of 16 KB and one byte in chunks, without a Content-Length:
// one announced by its Content-Length is refused naming the limit of
// 16384 bytes, but one in chunks was told only that it "is too large".
// Each is refused 413 invalid_request saying the limit.
func TestChunkedTokenBodyOverLimitSaysTheLimit(t *testing.T) {
	f := setup(t)
	for _, path := range []string{"/oauth/token", "/cached/oauth/token"} {
		for _, c := range []struct{ media, body string }{
			{formType, "a=" + strings.Repeat("b", 16<<10-1)},
			{"application/json", `{"a":"` + strings.Repeat("b", 16<<10-7) + `"}`},
		} {
			req, err := http.NewRequest("POST", f.srv.URL+path, io.MultiReader(strings.NewReader(c.body)))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Content-Type", c.media)
			resp, err := f.srv.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			var got struct {
				Error       string `json:"error"`
				Description string `json:"error_description"`
			}
			err = json.NewDecoder(resp.Body).Decode(&got)
			resp.Body.Close()
			if err != nil || resp.StatusCode != http.StatusRequestEntityTooLarge || got.Error != "invalid_request" ||
				!strings.Contains(got.Description, "16384 bytes") {
				t.Errorf("%s, %s of %d bytes in chunks: %d %+v (%v), want 413 invalid_request saying the limit of 16384 bytes",
					path, c.media, len(c.body), resp.StatusCode, got, err)
			}
		}
	}
}

// TestAdminRefusalsQuoteLongValuesCut sends, over loopback, a credential
// request of acme's admin for an audience of 10,000 characters and for
// a tenant of 10,000 characters, both within the route's body limit:
// each 403 quoted the value whole, an answer of 10 KB. Each is still
// refused 403 naming the member, the value cut.
func TestAdminRefusalsQuoteLongValuesCut(t *testing.T) {
	f := setup(t)
	admin := authtest.Token(t, f.iss, "acme", oauth.DefaultAdminAudience)
	long := strings.Repeat("a", 10000)
	for _, c := range []struct{ body, field string }{
		{`{"audiences":["` + long + `"]}`, "audiences[0]"},
		{`{"tenant":"` + long + `","audiences":["verx://migration-api"]}`, "tenant"},
	} {
		r := f.send(t, "POST", "/admin/v1/clients", "application/json", c.body, "Authorization", "Bearer "+admin)
		if r.status != 403 || refusedTarget(t, r.raw) != c.field {
			t.Errorf("%.60s: %d %.300s, want 403 naming %s", c.body, r.status, r.raw, c.field)
		}
		if !strings.Contains(r.raw, strings.Repeat("a", 64)+"…") || len(r.raw) > 1024 {
			t.Errorf("%.60s: an answer of %d bytes, %.300s; want the value cut with an ellipsis", c.body, len(r.raw), r.raw)
		}
	}
}

// TestAdminRefusalShowsInvisibleCharactersOfTheTenant: acme's admin asks
// GET /admin/v1/clients?tenant=be%E2%80%8Bta, beta's name with a zero
// width space inside. It is refused 403 naming tenant, as any other
// tenant is; before, the refusal said "tenant be​ta is administered by
// ..." with the character unseen, so that it read as a refusal of beta
// itself. The tenant asked is quoted now, the character escaped.
func TestAdminRefusalShowsInvisibleCharactersOfTheTenant(t *testing.T) {
	f := setup(t)
	admin := authtest.Token(t, f.iss, "acme", oauth.DefaultAdminAudience)
	r := f.send(t, "GET", "/admin/v1/clients?tenant="+url.QueryEscape("be\u200bta"), "", "", "Authorization", "Bearer "+admin)
	if r.status != 403 || refusedTarget(t, r.raw) != "tenant" {
		t.Fatalf("GET /admin/v1/clients for be\\u200bta: %d %s, want 403 naming tenant", r.status, r.raw)
	}
	var a struct{ Errors []struct{ Message string } }
	if err := json.Unmarshal([]byte(r.raw), &a); err != nil || len(a.Errors) != 1 {
		t.Fatalf("the refusal %s: %v", r.raw, err)
	}
	if msg := a.Errors[0].Message; !strings.Contains(msg, `tenant "be\u200bta" is administered`) || strings.ContainsRune(msg, '\u200b') {
		t.Errorf("the refusal says %q, want the tenant quoted with its zero width space escaped", msg)
	}
}
