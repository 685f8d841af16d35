package console_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http/httptest"

	"github.com/levytax/levy/api"
	"github.com/levytax/levy/api/console"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/rules"
)

// A host mounts the console beside the API. Its pages run in a browser,
// but its routes are plain JSON: the page that explains a calculation
// asks for the rule that a tax's calculationRuleId names. Without an
// authenticator, as here, every request is the default tenant's; a
// server that others reach sets WithAuthenticator.
func ExampleNew() {
	ctx := context.Background()
	quiet := slog.New(slog.DiscardHandler)
	j := journal.NewMemory()
	e, err := engine.New(ctx, engine.WithJournal(j), engine.WithLogger(quiet))
	if err != nil {
		panic(err)
	}
	c := console.New(e, console.WithJournal(j), console.WithLogger(quiet))
	s, err := api.New(e, append([]api.Option{api.WithLogger(quiet)}, c.Mounts()...)...)
	if err != nil {
		panic(err)
	}
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()

	resp, err := srv.Client().Get(srv.URL + "/console/api/rules/us-ma-clothing")
	if err != nil {
		panic(err)
	}
	defer resp.Body.Close()
	var answer struct {
		Data struct {
			ID    string
			Rules []rules.Rule
		}
	}
	if err := json.NewDecoder(resp.Body).Decode(&answer); err != nil {
		panic(err)
	}
	fmt.Println(resp.Status, answer.Data.ID)
	for _, r := range answer.Data.Rules {
		fmt.Println(r.Jurisdiction, r.ProductClass, r.Outcome, r.Threshold.Kind, r.Threshold.Amount, r.Threshold.Currency)
	}
	// Output:
	// 200 OK us-ma-clothing
	// US-MA* CLOTHING TAXABLE above_excess 175 USD
}
