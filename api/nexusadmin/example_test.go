package nexusadmin_test

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
	"github.com/levytax/levy/api/nexusadmin"
	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/nexus"
)

// A server mounts the nexus report over the journal its engine writes:
// once a tenant's invoices to Georgia pass the state's threshold, the
// report, read with an admin token, says from when it must collect.
func ExampleNew() {
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "levy-nexusadmin-example")
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
	rules, err := data.Default().Nexus()
	if err != nil {
		panic(err)
	}
	tokens := oauth.New(iss, oauth.WithLogger(quiet))
	today := func() civil.Date { return civil.MustParse("2026-06-30") }
	opts := append([]api.Option{api.WithLogger(quiet), api.WithAuthenticator(tokens.Authenticator())}, tokens.Mounts()...)
	opts = append(opts, nexusadmin.New(store, rules, tokens.AdminAuthenticator(), nexusadmin.WithToday(today)).Mounts()...)
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

	for i, day := range []string{"2026-03-02", "2026-05-04"} {
		invoice := fmt.Sprintf(`{"saleMessageType":"INVOICE","transactionType":"SALE","transactionId":"INV-%d","documentDate":%q,
		 "seller":{"company":"ACME","physicalOrigin":{"city":"Portland","mainDivision":"OR","postalCode":"97201","country":"US"}},
		 "customer":{"destination":{"city":"Atlanta","mainDivision":"GA","postalCode":"30303","country":"US"}},
		 "lineItems":[{"lineItemId":"1","extendedPrice":60000}]}`, i+1, day)
		resp, err := client(oauth.DefaultAudience).Client(ctx).Post(srv.URL+"/api/v2/supplies", "application/json", strings.NewReader(invoice))
		if err != nil {
			panic(err)
		}
		resp.Body.Close()
	}
	resp, err := client(oauth.DefaultAdminAudience).Client(ctx).Get(srv.URL + "/admin/v1/nexus/report")
	if err != nil {
		panic(err)
	}
	defer resp.Body.Close()
	var report struct{ Data nexus.Report }
	if err := json.NewDecoder(resp.Body).Decode(&report); err != nil {
		panic(err)
	}
	fmt.Println(resp.Status, report.Data.Tenant, report.Data.AsOf)
	for _, r := range report.Data.Rows {
		if r.State == "GA" {
			fmt.Println(r.Company, r.State, r.Status, r.Sales, r.Currency, "of", r.SalesThreshold, "crossed", r.CrossedOn, "collect from", r.CollectFrom)
		}
	}
	// Output:
	// 200 OK acme 2026-06-30
	// ACME GA exceeded 120000.00 USD of 100000 crossed 2026-05-04 collect from 2026-05-05
}
