package cli

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
)

// credential is what levy clients create and rotate print.
type credential struct {
	ClientID     string   `json:"client_id"`
	ClientSecret string   `json:"client_secret"`
	Tenant       string   `json:"tenant"`
	TenantID     string   `json:"tenant_id"`
	Audiences    []string `json:"audiences"`
}

// requestToken asks the standard endpoint for a token.
func requestToken(t *testing.T, base, id, secret, audience string) (status int, body map[string]any) {
	t.Helper()
	resp, err := http.PostForm(base+"/oauth/token", url.Values{"grant_type": {"client_credentials"},
		"client_id": {id}, "client_secret": {secret}, "audience": {audience}})
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body = map[string]any{}
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		t.Fatalf("token answer: %v", err)
	}
	return resp.StatusCode, body
}

func TestClientsCLIAndAdminRoutes(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := runCLI(t, "clients", "create", "--data-dir", dir, "--tenant", "acme",
		"--audience", "verx://migration-api", "--audience", "levy://admin", "--active-now")
	if code != 0 {
		t.Fatalf("create: exit %d: %s", code, errOut)
	}
	var admin credential
	if err := json.Unmarshal([]byte(out), &admin); err != nil || admin.ClientID == "" || len(admin.ClientSecret) < 32 || admin.Tenant != "acme" {
		t.Fatalf("create printed %s", out)
	}
	code, out, _ = runCLI(t, "clients", "list", "--data-dir", dir)
	var listed []credential
	if err := json.Unmarshal([]byte(out), &listed); code != 0 || err != nil || len(listed) != 1 || listed[0].ClientID != admin.ClientID ||
		strings.Contains(out, admin.ClientSecret) || len(listed[0].TenantID) != 36 || listed[0].TenantID != admin.TenantID {
		t.Fatalf("list: %d %s", code, out)
	}
	// The server's operator, who alone creates credentials of other
	// tenants.
	code, out, errOut = runCLI(t, "clients", "create", "--data-dir", dir, "--operator", "--active-now")
	var operator credential
	if err := json.Unmarshal([]byte(out), &operator); code != 0 || err != nil || !slices.Equal(operator.Audiences, []string{"levy://operator"}) {
		t.Fatalf("create --operator: %d %s %s", code, out, errOut)
	}

	base, stop, _, devTok := startServe(t, dir, serveConfig{})
	defer func() {
		if stop != nil {
			stop()
		}
	}()
	if code, _, errOut := runCLI(t, "clients", "list", "--data-dir", dir); code == 0 || !strings.Contains(errOut, "/admin/v1") {
		t.Errorf("list beside a running server: %d %s", code, errOut)
	}
	status, tok := requestToken(t, base, admin.ClientID, admin.ClientSecret, "levy://admin")
	if status != 200 {
		t.Fatalf("admin token: %d %v", status, tok)
	}
	adminTok := tok["access_token"].(string)
	status, tok = requestToken(t, base, operator.ClientID, operator.ClientSecret, "levy://operator")
	if status != 200 {
		t.Fatalf("operator token: %d %v", status, tok)
	}
	operatorTok := tok["access_token"].(string)
	call := func(method, path, token, body string) (int, []byte) {
		t.Helper()
		var rd io.Reader
		if body != "" {
			rd = strings.NewReader(body)
		}
		resp := authed(t, method, base+path, token, rd)
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, b
	}
	if st, b := call("GET", "/admin/v1/clients", devTok, ""); st != 403 {
		t.Fatalf("an API token on an admin route: %d %s", st, b)
	}
	// A credential created by the admin route waits out the activation delay.
	st, b := call("POST", "/admin/v1/clients", operatorTok, `{"tenant":"globex","audiences":["verx://migration-api"]}`)
	var created struct{ Data credential }
	if err := json.Unmarshal(b, &created); err != nil || st != 201 || created.Data.ClientSecret == "" || created.Data.Tenant != "globex" {
		t.Fatalf("admin create: %d %s", st, b)
	}
	if st, body := requestToken(t, base, created.Data.ClientID, created.Data.ClientSecret, "verx://migration-api"); st != 400 || body["error"] != "unauthorized_client" {
		t.Fatalf("a new credential got a token at once: %d %v", st, body)
	}
	if st, b := call("GET", "/admin/v1/clients?tenant=globex", operatorTok, ""); st != 200 || !strings.Contains(string(b), created.Data.ClientID) || strings.Contains(string(b), created.Data.ClientSecret) {
		t.Fatalf("operator list: %d %s", st, b)
	}
	// Revoking the admin's own API access: its API tokens stop working.
	status, tok = requestToken(t, base, admin.ClientID, admin.ClientSecret, "verx://migration-api")
	if status != 200 {
		t.Fatalf("api token: %d %v", status, tok)
	}
	apiTok := tok["access_token"].(string)
	if st, b := call("GET", "/api/v2/transaction-exists/x", apiTok, ""); st != 200 {
		t.Fatalf("api call: %d %s", st, b)
	}
	if st, b := call("DELETE", "/admin/v1/clients/"+created.Data.ClientID, operatorTok, ""); st != 200 {
		t.Fatalf("operator revoke: %d %s", st, b)
	}
	if st, b := call("POST", "/admin/v1/clients/"+admin.ClientID+"/secret", adminTok, ""); st != 200 || !strings.Contains(string(b), "client_secret") {
		t.Fatalf("admin rotate: %d %s", st, b)
	}
	if st, _ := call("GET", "/api/v2/transaction-exists/x", apiTok, ""); st != 401 {
		t.Fatalf("a token issued before the secret was replaced still works: %d", st)
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	stop = nil
	code, out, errOut = runCLI(t, "clients", "revoke", "--data-dir", dir, admin.ClientID)
	if code != 0 || !strings.Contains(out, "revoked_at") {
		t.Fatalf("revoke: %d %s %s", code, out, errOut)
	}
	code, out, _ = runCLI(t, "clients", "rotate-key", "--data-dir", dir)
	var rotated map[string]string
	if err := json.Unmarshal([]byte(out), &rotated); code != 0 || err != nil || rotated["kid"] == "" {
		t.Fatalf("rotate-key: %d %s", code, out)
	}
	code, out, _ = runCLI(t, "clients", "keys", "--data-dir", dir)
	var keys []struct {
		KID     string `json:"kid"`
		Current bool   `json:"current"`
	}
	if err := json.Unmarshal([]byte(out), &keys); code != 0 || err != nil || len(keys) < 2 || keys[len(keys)-1].KID != rotated["kid"] || !keys[len(keys)-1].Current {
		t.Fatalf("keys: %d %s", code, out)
	}
	code, out, _ = runCLI(t, "clients", "retire-key", "--data-dir", dir, "--", keys[0].KID)
	if code != 0 || !strings.Contains(out, `"current": "`+rotated["kid"]+`"`) {
		t.Fatalf("retire-key: %d %s", code, out)
	}
	if code, _, errOut := runCLI(t, "clients", "retire-key", "--data-dir", dir, "--", keys[0].KID); code != 1 || !strings.Contains(errOut, "no signing key") {
		t.Fatalf("retire-key of a retired key: %d %s", code, errOut)
	}
	for _, args := range [][]string{{"clients"}, {"clients", "create", "--data-dir", dir}, {"clients", "rotate", "--data-dir", dir}, {"clients", "bogus", "--data-dir", dir}} {
		if code, _, _ := runCLI(t, args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

func TestPrefixesFlag(t *testing.T) {
	var p prefixesFlag
	if err := p.Set("10.0.0.0/8, 192.0.2.7,::ffff:198.51.100.1"); err != nil {
		t.Fatal(err)
	}
	if err := p.Set("2001:db8::/32"); err != nil {
		t.Fatal(err)
	}
	if got := p.String(); got != "10.0.0.0/8,192.0.2.7/32,198.51.100.1/32,2001:db8::/32" {
		t.Fatalf("prefixes %s", got)
	}
	if err := p.Set("10.0.0.0/8,proxy.example"); err == nil || !strings.Contains(err.Error(), `"proxy.example"`) {
		t.Fatalf("a host name: %v", err)
	}
	if code, _, errOut := runCLI(t, "serve", "--data-dir", t.TempDir(), "--trusted-proxies", "nope"); code != 2 || !strings.Contains(errOut, "trusted-proxies") {
		t.Fatalf("serve --trusted-proxies nope: %d %s", code, errOut)
	}
}

// TestClientsUnknownSubcommand checks that levy clients names an unknown
// subcommand, with exit 2, whatever follows it: without --data-dir it
// used to answer that --data-dir was missing, with -h it printed the help
// and exited 0, and with an argument it said "wrong arguments".
func TestClientsUnknownSubcommand(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"clients", "craete"},
		{"clients", "craete", "-h"},
		{"clients", "craete", "--data-dir", dir},
		{"clients", "craete", "--data-dir", dir, "X"},
		{"help", "clients", "craete"},
	} {
		code, out, errOut := runCLI(t, args...)
		if code != 2 || !strings.Contains(errOut, `unknown subcommand "craete"`) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 naming the subcommand", args, code, out, errOut)
		}
	}
	if code, out, _ := runCLI(t, "clients", "create", "-h"); code != 0 || !strings.Contains(out, "--active-now") {
		t.Errorf("clients create -h: exit %d, stdout %q", code, out)
	}
}
