package journaladmin_test

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
	"github.com/levytax/levy/api/journaladmin"
	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
)

// A server mounts the journal's admin routes beside the API: a tenant's
// client posts an invoice with a token of the API's audience, and its
// administrator reads the remittance report with a token of the admin
// audience.
func ExampleNew() {
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "levy-journaladmin-example")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	quiet := slog.New(slog.DiscardHandler)
	store, err := badger.OpenJournal(ctx, filepath.Join(dir, "journal"))
	if err != nil {
		panic(err)
	}
	defer store.Close()
	creds, err := badger.OpenAuth(ctx, filepath.Join(dir, "auth"))
	if err != nil {
		panic(err)
	}
	defer creds.Close()
	iss, err := auth.NewIssuer(ctx, creds, auth.Config{})
	if err != nil {
		panic(err)
	}
	e, err := engine.New(ctx, engine.WithJournal(store), engine.WithLogger(quiet))
	if err != nil {
		panic(err)
	}
	tokens := oauth.New(iss, oauth.WithLogger(quiet))
	opts := append([]api.Option{api.WithLogger(quiet), api.WithAuthenticator(tokens.Authenticator())}, tokens.Mounts()...)
	opts = append(opts, journaladmin.New(store, tokens.AdminAuthenticator(), journaladmin.WithLogger(quiet)).Mounts()...)
	s, err := api.New(e, opts...)
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
	invoice := `{"saleMessageType":"INVOICE","transactionType":"SALE","documentDate":"2026-06-01","transactionId":"INV-1",
	 "seller":{"physicalOrigin":{"city":"Seattle","mainDivision":"WA","postalCode":"98101","country":"US"}},
	 "customer":{"destination":{"city":"Boston","mainDivision":"MA","postalCode":"02108","country":"US"}},
	 "lineItems":[{"lineItemId":"lamp","extendedPrice":40}]}`
	resp, err := client(oauth.DefaultAudience).Client(ctx).Post(srv.URL+"/api/v2/supplies", "application/json", strings.NewReader(invoice))
	if err != nil {
		panic(err)
	}
	resp.Body.Close()
	fmt.Println("invoice", resp.Status)

	resp, err = client(oauth.DefaultAdminAudience).Client(ctx).Get(srv.URL + "/admin/v1/journal/report?from=2026-06-01&to=2026-06-30")
	if err != nil {
		panic(err)
	}
	defer resp.Body.Close()
	var report struct{ Data journal.Report }
	if err := json.NewDecoder(resp.Body).Decode(&report); err != nil {
		panic(err)
	}
	fmt.Println("report", resp.Status, report.Data.Tenant, report.Data.Transactions, "transaction(s)")
	for _, c := range report.Data.Currencies {
		for _, r := range c.Rows {
			fmt.Println(c.Currency, r.JurisdictionID, r.Imposition, "taxable", r.Taxable, "tax", r.Tax)
		}
	}
	// Output:
	// invoice 200 OK
	// report 200 OK acme 1 transaction(s)
	// USD US-MA Sales and Use Tax taxable 40.00 tax 2.50
}
