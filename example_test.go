package levy_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/levytax/levy"
)

// A host decides what to do with an error of Levy by its code, whether
// the error came from the engine in its own process or from a server
// through api/client. The end of the caller's own context is the
// context's error, not a *levy.Error: ErrorCode calls it internal, so a
// host asks errors.Is about it first.
func ExampleErrorCode() {
	decide := func(err error) string {
		switch {
		case err == nil:
			return "done"
		case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
			return "given up by the caller"
		}
		switch levy.ErrorCode(err) {
		case levy.EInvalid:
			var le *levy.Error
			errors.As(err, &le)
			return "fix the request at " + le.Field
		case levy.EUnavailable, levy.ETooMany:
			return "retry later"
		default:
			return "report " + levy.ErrorCode(err)
		}
	}
	fmt.Println(decide(nil))
	fmt.Println(decide(fmt.Errorf("calculating: %w", levy.Invalid("lineItems[0].extendedPrice", "is not a number"))))
	fmt.Println(decide(&levy.Error{Code: levy.EUnavailable, Message: "the journal is closed"}))
	fmt.Println(decide(fmt.Errorf("engine: %w", context.Canceled)))
	fmt.Println(decide(errors.New("disk on fire")))
	// Output:
	// done
	// fix the request at lineItems[0].extendedPrice
	// retry later
	// given up by the caller
	// report internal
}

// A host that serves several businesses names the tenant of each call in
// its context; a context that names none is the DefaultTenant's.
func ExampleWithTenant() {
	ctx := context.Background()
	fmt.Println(levy.Tenant(ctx))
	fmt.Println(levy.Tenant(levy.WithTenant(ctx, "acme")))
	// Output:
	// default
	// acme
}
