package oauth_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"

	"golang.org/x/oauth2/clientcredentials"

	"github.com/levytax/levy/api"
	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/engine"
)

// A Go program that used the commercial API switches to Levy by changing
// the host name: golang.org/x/oauth2's clientcredentials gets a token
// without an audience (the credential has one) and calculates with it.
func Example_clientCredentials() {
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "levy-oauth-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)

	// The server: the engine, the credentials, the token endpoints.
	store, err := badger.OpenAuth(ctx, filepath.Join(dir, "auth"))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer store.Close()
	iss, err := auth.NewIssuer(ctx, store, auth.Config{})
	if err != nil {
		fmt.Println(err)
		return
	}
	e, err := engine.New(ctx)
	if err != nil {
		fmt.Println(err)
		return
	}
	tokens := oauth.New(iss)
	s, err := api.New(e, append([]api.Option{api.WithAuthenticator(tokens.Authenticator())}, tokens.Mounts()...)...)
	if err != nil {
		fmt.Println(err)
		return
	}
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	cred, secret, err := iss.Create(ctx, "acme", []string{oauth.DefaultAudience}, true)
	if err != nil {
		fmt.Println(err)
		return
	}

	// The client, as it was configured for the commercial API.
	cfg := clientcredentials.Config{
		ClientID:     cred.ClientID,
		ClientSecret: secret,
		TokenURL:     srv.URL + "/oseries-auth/oauth/token",
	}
	body, err := os.Open("../../engine/testdata/golden/sale-us-ca-los-angeles-quotation.request.json")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer body.Close()
	resp, err := cfg.Client(ctx).Post(srv.URL+"/vertex-ws/v2/supplies", "application/json", body)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer resp.Body.Close()
	var out struct {
		Data struct {
			TotalTax json.Number `json:"totalTax"`
		} `json:"data"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(resp.Status, "total tax", out.Data.TotalTax)
	// Output:
	// 200 OK total tax 5.85
}
