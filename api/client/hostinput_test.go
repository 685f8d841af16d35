package client_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api/client"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// fieldOf returns the code and the field of err's first *levy.Error.
func fieldOf(err error) (string, string) {
	var le *levy.Error
	if !errors.As(err, &le) {
		return levy.ErrorCode(err), ""
	}
	return le.Code, le.Field
}

// TestSameTransactionIDErrors: an ID that no journal holds ("", one too
// long) is refused as the engine refuses it, invalid and naming the path
// parameter; the client sent the empty one, and the server's router
// answered not_found for a route it has not ("there is no
// /api/v2/transactions//reversal"), so that a host retrying by code took
// a bad ID for a missing transaction.
func TestSameTransactionIDErrors(t *testing.T) {
	e, c := setup(t)
	ctx := context.Background()
	messages := map[string]string{} // by operation and ID, the engine's
	for _, id := range []string{"", "a\x00b", "a\xffb", strings.Repeat("x", 41)} {
		for _, calc := range []wire.Calculator{e, c} {
			ops := map[string]func() error{
				"DeleteTransaction": func() error { return calc.DeleteTransaction(ctx, id) },
				"ReverseTransaction": func() error {
					_, err := calc.ReverseTransaction(ctx, id, wire.ReversalRequest{})
					return err
				},
				"RollbackTransaction": func() error {
					_, err := calc.RollbackTransaction(ctx, id)
					return err
				},
				"TransactionExists": func() error {
					_, err := calc.TransactionExists(ctx, id)
					return err
				},
			}
			for name, op := range ops {
				want := "id"
				if name == "TransactionExists" {
					want = "transactionid"
				}
				err := op()
				if code, field := fieldOf(err); code != levy.EInvalid || field != want {
					t.Errorf("%T.%s(%q): %s naming %q, want %s naming %q", calc, name, id, code, field, levy.EInvalid, want)
				}
				key := name + " " + id
				if calc == wire.Calculator(e) {
					messages[key] = err.Error()
				} else if err.Error() != messages[key] {
					t.Errorf("%s(%q): the client says %q, the engine %q", name, id, err, messages[key])
				}
			}
		}
	}
}

// countingServer returns the URL of a server that counts the requests
// it gets and answers each 500.
func countingServer(t *testing.T) (string, *atomic.Int64) {
	t.Helper()
	var n atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		n.Add(1)
		w.WriteHeader(http.StatusInternalServerError)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/api/v2", &n
}

// TestNilRequests: a nil request is refused as the engine refuses it,
// one invalid error, without a call; the client sent the body "null",
// and the server answered with the errors of an empty request.
func TestNilRequests(t *testing.T) {
	url, sent := countingServer(t)
	c, err := client.New(url, client.WithStaticToken("x"))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	calls := map[string]func() error{
		"Sale":     func() error { _, err := c.Sale(ctx, nil); return err },
		"Purchase": func() error { _, err := c.Purchase(ctx, nil); return err },
		"Owner":    func() error { _, err := c.Owner(ctx, nil); return err },
		"ExplainSale": func() error {
			_, _, err := c.ExplainSale(ctx, nil)
			return err
		},
		"ExplainPurchase": func() error {
			_, _, err := c.ExplainPurchase(ctx, nil)
			return err
		},
		"ExplainOwner": func() error {
			_, _, err := c.ExplainOwner(ctx, nil)
			return err
		},
	}
	for name, call := range calls {
		err := call()
		var le *levy.Error
		if !errors.As(err, &le) || le.Code != levy.EInvalid {
			t.Errorf("%s(nil): %v, want one invalid error", name, err)
		}
		var list levy.Errors
		if errors.As(err, &list) {
			t.Errorf("%s(nil): a list of %d errors, want one", name, len(list))
		}
	}
	if n := sent.Load(); n != 0 {
		t.Errorf("%d requests were sent for nil requests, want none", n)
	}

	// The errors are the engine's own.
	e, _ := setup(t)
	same := func(name string, local, remote error) {
		t.Helper()
		if local == nil || remote == nil || local.Error() != remote.Error() {
			t.Errorf("%s(nil): the engine says %v, the client %v", name, local, remote)
		}
	}
	_, errLocal := e.Sale(ctx, nil)
	same("Sale", errLocal, calls["Sale"]())
	_, errLocal = e.Purchase(ctx, nil)
	same("Purchase", errLocal, calls["Purchase"]())
	_, errLocal = e.Owner(ctx, nil)
	same("Owner", errLocal, calls["Owner"]())
	_, _, errLocal = e.ExplainSale(ctx, nil)
	same("ExplainSale", errLocal, calls["ExplainSale"]())
	_, _, errLocal = e.ExplainPurchase(ctx, nil)
	same("ExplainPurchase", errLocal, calls["ExplainPurchase"]())
	_, _, errLocal = e.ExplainOwner(ctx, nil)
	same("ExplainOwner", errLocal, calls["ExplainOwner"]())
}

// TestNilOptions: a nil Option, WithHTTPClient(nil) and WithToken(nil)
// are refused by New, invalid and naming the parameter, as engine.New
// refuses a nil option; New panicked on the first, and the client it
// made of the second panicked on its first call. A token URL that is not
// an http or https URL is refused as the base URL is; it failed every
// call, as an internal error of the token fetch.
func TestNilOptions(t *testing.T) {
	url, _ := countingServer(t)
	for _, c := range []struct {
		name  string
		opts  []client.Option
		field string
	}{
		{"nil option", []client.Option{nil}, "opts[0]"},
		{"nil second option", []client.Option{client.WithStaticToken("x"), nil}, "opts[1]"},
		{"WithHTTPClient(nil)", []client.Option{client.WithHTTPClient(nil)}, "hc"},
		{"WithToken(nil)", []client.Option{client.WithToken(nil)}, "fn"},
		{"WithClientCredentials without a token URL", []client.Option{client.WithClientCredentials("", "id", "secret", "aud")}, "tokenURL"},
		{"WithClientCredentials with a relative token URL", []client.Option{client.WithClientCredentials("/oauth/token", "id", "secret", "aud")}, "tokenURL"},
	} {
		func() {
			defer func() {
				if p := recover(); p != nil {
					t.Errorf("%s: New panicked: %v", c.name, p)
				}
			}()
			got, err := client.New(url, c.opts...)
			if code, field := fieldOf(err); code != levy.EInvalid || field != c.field {
				t.Errorf("%s: New returned %v (%s naming %q), want %s naming %q", c.name, err, code, field, levy.EInvalid, c.field)
			}
			if got != nil {
				t.Errorf("%s: New returned a client beside its error", c.name)
			}
		}()
	}
}

// TestZeroClient: a Client not made by New answers an error on every
// call instead of panicking on its missing HTTP client.
func TestZeroClient(t *testing.T) {
	var c client.Client
	ctx := context.Background()
	defer func() {
		if p := recover(); p != nil {
			t.Fatalf("the zero Client panicked: %v", p)
		}
	}()
	if _, err := c.Sale(ctx, &wire.SaleRequest{}); err == nil {
		t.Error("the zero Client's Sale returned no error")
	}
	if _, err := c.TransactionExists(ctx, "x"); err == nil {
		t.Error("the zero Client's TransactionExists returned no error")
	}
}

// errorShape is the code and field of each error of err, for comparing
// an in-process error with a remote one.
func errorShape(err error) []string {
	var list levy.Errors
	if errors.As(err, &list) {
		var out []string
		for _, e := range list {
			out = append(out, e.Code+" "+e.Field)
		}
		return out
	}
	code, field := fieldOf(err)
	if code == "" {
		return nil
	}
	return []string{code + " " + field}
}

// TestSameLookupAnswers: the lookups that the resolver refuses, or
// answers, without a tax area to look at get the same answer through the
// client. A search without a request failed to encode (an internal error
// naming no search), a nil batch was sent as null (invalid, where the
// resolver finds nothing), and a tax area ID that a URL path does not
// carry ("", ".") reached no route (not_found, where the resolver says
// invalid naming taxareaid).
func TestSameLookupAnswers(t *testing.T) {
	e, c := setup(t)
	ctx := context.Background()
	local, remote := e.Resolver(), c
	day := civil.MustParse("2026-01-01")
	for _, id := range []string{"", ".", "..", "12a"} {
		_, err1 := local.TaxAreaChanged(ctx, id, day, day)
		_, err2 := remote.TaxAreaChanged(ctx, id, day, day)
		if s1, s2 := errorShape(err1), errorShape(err2); len(s1) == 0 || !reflect.DeepEqual(s1, s2) {
			t.Errorf("TaxAreaChanged(%q): in-process %v, remote %v (%v)", id, s1, s2, err2)
		}
	}
	addr := &wire.AddressLookupRequest{PostalAddress: wire.PostalAddress{City: "Seattle", MainDivision: "WA", PostalCode: "98101", Country: "US"}}
	for name, searches := range map[string][]wire.Search{
		"nil":                   nil,
		"empty":                 {},
		"no request":            {{LookupID: "a"}},
		"second without one":    {{LookupID: "a", Address: addr}, {LookupID: "b"}},
		"two without one":       {{}, {LookupID: "b"}},
		"one with a bad lookup": {{LookupID: "a", Address: &wire.AddressLookupRequest{}}},
	} {
		r1, err1 := local.Find(ctx, searches)
		r2, err2 := remote.Find(ctx, searches)
		if s1, s2 := errorShape(err1), errorShape(err2); !reflect.DeepEqual(s1, s2) {
			t.Errorf("Find %s: in-process %v, remote %v (%v)", name, s1, s2, err2)
		}
		if len(r1) != len(r2) {
			t.Errorf("Find %s: in-process %d results, remote %d", name, len(r1), len(r2))
		}
	}
}

// TestErrorOfWithoutBody: ErrorOf of a nil response, or of one without a
// body (a zero http.Response, a response a test built), is an error of
// its status instead of a panic reading the missing body.
func TestErrorOfWithoutBody(t *testing.T) {
	for name, c := range map[string]struct {
		resp *http.Response
		want string
	}{
		"nil":              {nil, levy.EInternal},
		"zero":             {&http.Response{}, levy.EInternal},
		"503 with no body": {&http.Response{StatusCode: http.StatusServiceUnavailable, Status: "503 Service Unavailable"}, levy.EUnavailable},
	} {
		func() {
			defer func() {
				if p := recover(); p != nil {
					t.Errorf("%s: ErrorOf panicked: %v", name, p)
				}
			}()
			if got := levy.ErrorCode(client.ErrorOf(c.resp)); got != c.want {
				t.Errorf("%s: code %q, want %q", name, got, c.want)
			}
		}()
	}
}
