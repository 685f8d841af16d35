package client_test

import (
	"context"
	"errors"
	"fmt"
	"net/http/httptest"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api"
	"github.com/levytax/levy/api/client"
	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// A host calculates in its own process or through a Levy server by what
// it assigns to a wire.Calculator: the same request gets the same answer.
// The server here is one on loopback over another engine, open to any
// token; a real one takes client.WithClientCredentials.
func Example_remote() {
	ctx := context.Background()
	eng, err := engine.New(ctx)
	if err != nil {
		panic(err)
	}
	s, err := api.New(eng)
	if err != nil {
		panic(err)
	}
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()

	var calc wire.Calculator = eng // in-process
	local, err := calc.Sale(ctx, engine.Quotation("2026-06-01",
		engine.SellerAt(engine.USAddress("", "Seattle", "WA", "98101")),
		engine.CustomerAt(engine.USAddress("", "Boston", "MA", "02108")),
		engine.Line("lamp", "GENERAL", "40.00")))
	if err != nil {
		panic(err)
	}

	remote, err := client.New(srv.URL+"/api/v2", client.WithStaticToken("any"))
	if err != nil {
		panic(err) // not an http or https URL
	}
	calc = remote // remote
	answer, err := calc.Sale(ctx, engine.Quotation("2026-06-01",
		engine.SellerAt(engine.USAddress("", "Seattle", "WA", "98101")),
		engine.CustomerAt(engine.USAddress("", "Boston", "MA", "02108")),
		engine.Line("lamp", "GENERAL", "40.00")))
	if err != nil {
		panic(err)
	}
	fmt.Println("in-process", local.TotalTax, "remote", answer.TotalTax)
	// Output:
	// in-process 2.50 remote 2.50
}

// A Go service calls a remote Levy with a client credential: the client
// gets an access token from the server's token caching endpoint
// (/cached/oauth/token, which a process that runs for hours needs: the
// standard /oauth/token grants 10 tokens per 8 hours), keeps it until it
// expires and sends it with each call. The tenant is the credential's.
// A refusal keeps the server's code and field (errors.As of a
// *levy.Error), as the engine's own does in-process.
func ExampleWithClientCredentials() {
	ctx := context.Background()
	// The server, with a credential of tenant acme (levy serve prints one).
	iss, err := auth.NewIssuer(ctx, auth.NewMemory(), auth.Config{})
	if err != nil {
		panic(err)
	}
	eng, err := engine.New(ctx)
	if err != nil {
		panic(err)
	}
	tokens := oauth.New(iss)
	s, err := api.New(eng, append([]api.Option{api.WithAuthenticator(tokens.Authenticator())}, tokens.Mounts()...)...)
	if err != nil {
		panic(err)
	}
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	cred, secret, err := iss.Create(ctx, "acme", []string{oauth.DefaultAudience}, true)
	if err != nil {
		panic(err)
	}

	// The calling service.
	c, err := client.New(srv.URL+"/api/v2", client.WithClientCredentials(srv.URL+"/cached/oauth/token", cred.ClientID, secret, oauth.DefaultAudience))
	if err != nil {
		panic(err)
	}
	q := engine.Quotation("2026-06-01",
		engine.SellerAt(engine.USAddress("", "Seattle", "WA", "98101")),
		engine.CustomerAt(engine.USAddress("", "Boston", "MA", "02108")),
		engine.Line("coat", "CLOTHING", "200.00"))
	resp, err := c.Sale(ctx, q)
	if err != nil {
		panic(err)
	}
	fmt.Println("total tax", resp.TotalTax)

	q.LineItems[0].ExtendedPrice = nil
	q.LineItems[0].Quantity = &wire.Measure{Value: new(money.MustParse("-1"))}
	_, err = c.Sale(ctx, q)
	var le *levy.Error
	if errors.As(err, &le) {
		fmt.Println(le.Code, le.Field)
	}
	// Output:
	// total tax 1.56
	// invalid lineItems[0].quantity.value
}
