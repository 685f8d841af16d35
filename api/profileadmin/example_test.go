package profileadmin_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/oauth2/clientcredentials"

	"github.com/levytax/levy/api"
	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/api/profileadmin"
	"github.com/levytax/levy/auth"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

// A server mounts the profile's admin routes beside the API over one
// profile store: an administrator imports a customer and its resale
// certificate with a token of the admin audience, and the tenant's next
// calculation for that customer is exempt.
func ExampleNew() {
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "levy-profileadmin-example")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	quiet := slog.New(slog.DiscardHandler)
	creds, err := badger.OpenAuth(ctx, filepath.Join(dir, "auth"))
	if err != nil {
		panic(err)
	}
	defer creds.Close()
	iss, err := auth.NewIssuer(ctx, creds, auth.Config{})
	if err != nil {
		panic(err)
	}
	store := profile.NewMemory()
	cache := profile.NewCache(store, quiet)
	e, err := engine.New(ctx, engine.WithProfiles(cache), engine.WithLogger(quiet))
	if err != nil {
		panic(err)
	}
	tokens := oauth.New(iss, oauth.WithLogger(quiet))
	opts := append([]api.Option{api.WithLogger(quiet), api.WithAuthenticator(tokens.Authenticator())}, tokens.Mounts()...)
	admin := profileadmin.New(profile.NewService(store, profile.Config{Cache: cache}), tokens.AdminAuthenticator(), profileadmin.WithLogger(quiet))
	s, err := api.New(e, append(opts, admin.Mounts()...)...)
	if err != nil {
		panic(err)
	}
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	cred, secret, err := iss.Create(ctx, "acme", []string{oauth.DefaultAudience, oauth.DefaultAdminAudience}, true)
	if err != nil {
		panic(err)
	}
	client := func(audience string) *clientcredentials.Config {
		return &clientcredentials.Config{ClientID: cred.ClientID, ClientSecret: secret,
			TokenURL: srv.URL + "/oseries-auth/oauth/token", EndpointParams: url.Values{"audience": {audience}}}
	}

	changes := `{"customers":[{"code":"C-1","isBusiness":true}],
	 "certificates":[{"number":"TX-1001","customerCode":"C-1","jurisdictions":["TX"],"reasonCode":"G","effectiveDate":"2026-01-01"}]}`
	resp, err := client(oauth.DefaultAdminAudience).Client(ctx).Post(srv.URL+"/admin/v1/profile/import", "application/json", strings.NewReader(changes))
	if err != nil {
		panic(err)
	}
	var imported struct{ Data profileadmin.ImportAnswer }
	err = json.NewDecoder(resp.Body).Decode(&imported)
	resp.Body.Close()
	if err != nil {
		panic(err)
	}
	fmt.Println("import", resp.Status, "version", imported.Data.Version, imported.Data.Customers, imported.Data.Certificates)

	for _, code := range []string{"C-1", "C-2"} {
		sale := `{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"2026-06-01",
		 "seller":{"physicalOrigin":{"city":"Houston","mainDivision":"TX","postalCode":"77002","country":"US"}},
		 "customer":{"customerCode":{"value":"` + code + `"},"destination":{"city":"Houston","mainDivision":"TX","postalCode":"77002","country":"US"}},
		 "lineItems":[{"lineItemId":"shelf","extendedPrice":100}]}`
		resp, err := client(oauth.DefaultAudience).Client(ctx).Post(srv.URL+"/api/v2/supplies", "application/json", strings.NewReader(sale))
		if err != nil {
			panic(err)
		}
		var answer struct{ Data wire.SaleResponse }
		err = json.NewDecoder(resp.Body).Decode(&answer)
		resp.Body.Close()
		if err != nil {
			panic(err)
		}
		fmt.Println(code, resp.Status, "total tax", answer.Data.TotalTax)
	}
	// Output:
	// import 200 OK version 1 1 1
	// C-1 200 OK total tax 0.00
	// C-2 200 OK total tax 8.25
}
