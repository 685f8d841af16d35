package cli

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

// TestServeRefusesAnAudienceOfTwoRoles starts levy serve with flags that
// give one audience two roles. With --operator-audience levy://admin, the
// server used to start and every tenant's admin credential was the
// operator's: acme's admin token listed beta's credentials. Each such
// start is now refused before the server listens, naming the flags and
// the audience.
func TestServeRefusesAnAudienceOfTwoRoles(t *testing.T) {
	dir := t.TempDir()
	created := func(args ...string) (id, secret string) {
		t.Helper()
		code, out, errOut := runCLI(t, append([]string{"clients", "create", "--data-dir", dir, "--active-now"}, args...)...)
		var c struct {
			ClientID     string `json:"client_id"`
			ClientSecret string `json:"client_secret"`
		}
		if err := json.Unmarshal([]byte(out), &c); code != 0 || err != nil {
			t.Fatalf("clients create %v: exit %d, %v, %s", args, code, err, errOut)
		}
		return c.ClientID, c.ClientSecret
	}
	acmeID, acmeSecret := created("--tenant", "acme", "--audience", "levy://admin")
	betaID, _ := created("--tenant", "beta", "--audience", "verx://migration-api")

	cases := []struct {
		flags    []string
		audience string
	}{
		{[]string{"--operator-audience", "levy://admin"}, "levy://admin"},
		{[]string{"--operator-audience", "verx://migration-api"}, "verx://migration-api"},
		{[]string{"--operator-audience", "levy://console"}, "levy://console"},
		{[]string{"--admin-audience", "levy://console"}, "levy://console"},
		{[]string{"--api-audience", "levy://operator"}, "levy://operator"},
		// The console's audience named as an API audience made every
		// read-only console credential a writer of its tenant's data.
		{[]string{"--api-audience", "levy://console"}, "levy://console"},
		{[]string{"--console-audience", "verx://migration-api"}, "verx://migration-api"},
	}
	for _, c := range cases {
		ctx, cancel := context.WithCancel(context.Background())
		addr := make(chan string, 1)
		done := make(chan error, 1)
		cfg := serveConfig{listening: func(a string) { addr <- a }}
		go func() {
			done <- runServe(ctx, append([]string{"--addr", "127.0.0.1:0", "--data-dir", dir, "--log-format", "text",
				"--secrets-key-insecure-none"}, c.flags...), io.Discard, io.Discard, cfg)
		}()
		select {
		case err := <-done:
			var ue usageError
			if !errors.As(err, &ue) || !strings.Contains(err.Error(), "--operator-audience") || !strings.Contains(err.Error(), c.audience+" is both") {
				t.Errorf("serve %v: %v, want a usage error naming the flags and %s", c.flags, err, c.audience)
			}
		case a := <-addr:
			base := "http://" + a
			waitReady(t, base)
			if c.flags[1] == "levy://admin" {
				if list := adminClients(t, base, acmeID, acmeSecret); strings.Contains(list, betaID) {
					t.Errorf("serve %v: acme's admin token listed beta's credential %s: %s", c.flags, betaID, list)
				}
			}
			t.Errorf("serve %v started: one audience holds two roles", c.flags)
			cancel()
			<-done
		case <-time.After(time.Minute):
			t.Fatalf("serve %v neither listened nor ended", c.flags)
		}
		cancel()
	}
}

// adminClients answers GET /admin/v1/clients with a token of the admin
// credential id:secret.
func adminClients(t *testing.T, base, id, secret string) string {
	t.Helper()
	resp, err := http.PostForm(base+"/oauth/token", url.Values{"grant_type": {"client_credentials"}, "client_id": {id}, "client_secret": {secret}})
	if err != nil {
		t.Fatal(err)
	}
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	err = json.NewDecoder(resp.Body).Decode(&tok)
	resp.Body.Close()
	if err != nil || tok.AccessToken == "" {
		t.Fatalf("token of acme's admin: %d %v", resp.StatusCode, err)
	}
	req, err := http.NewRequest(http.MethodGet, base+"/admin/v1/clients", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+tok.AccessToken)
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestConsoleAudienceCheckedOnlyWhenServed checks the audiences of the
// console's role against the API's only while the console is served:
// with --console=false its audience has no role, and an API audience may
// take its name.
func TestConsoleAudienceCheckedOnlyWhenServed(t *testing.T) {
	c := serveConfig{apiAudiences: listFlag{"levy://console"}, consoleAudience: "levy://console",
		adminAudience: "levy://admin", operatorAudience: "levy://operator"}
	if err := c.checkAudiences(); err != nil {
		t.Errorf("console off: %v, want the API audience levy://console accepted", err)
	}
	if _, readers := c.tokenAudiences(); len(readers) != 0 {
		t.Errorf("console off: read-only audiences %q, want none", readers)
	}
	c.console = true
	err := c.checkAudiences()
	var ue usageError
	if !errors.As(err, &ue) || !strings.Contains(err.Error(), "levy://console is both an API audience and a read-only audience") {
		t.Errorf("console on: %v, want a usage error naming levy://console and its two roles", err)
	}
}
