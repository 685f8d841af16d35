package client_test

import (
	"context"
	"fmt"
	"net/http/httptest"

	"github.com/levytax/levy/api"
	"github.com/levytax/levy/api/client"
	"github.com/levytax/levy/engine"
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
