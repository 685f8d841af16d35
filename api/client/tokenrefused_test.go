package client_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"golang.org/x/oauth2"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api/client"
	"github.com/levytax/levy/wire"
)

// TestTokenRefusedCode: a client credential that the token endpoint
// refuses is an error of the refusal's code (a wrong secret unauthorized,
// an audience the credential may not have forbidden, an endpoint that is
// down unavailable), with the endpoint's error wrapped, where every such
// error was internal: a host that tells a bad credential from a fault by
// code, as it does for a refused token, could not.
func TestTokenRefusedCode(t *testing.T) {
	cases := []struct {
		name   string
		status int
		body   string
		want   string
	}{
		{"a wrong secret", 401, `{"error":"invalid_client","error_description":"client authentication failed"}`, levy.EUnauthorized},
		{"an audience refused", 400, `{"error":"invalid_target","error_description":"may not request tokens for audience"}`, levy.EForbidden},
		{"a client refused the grant", 400, `{"error":"unauthorized_client"}`, levy.EForbidden},
		{"a bad request", 400, `{"error":"invalid_request"}`, levy.EInvalid},
		{"an endpoint down behind a proxy", 503, `<html>down</html>`, levy.EUnavailable},
		{"the rate limit", 400, `{"error":"invalid_request","error_description":"Client id audience aud has exceeded the rate limit of 10 tokens/28800 seconds"}`, levy.ETooMany},
		{"a client throttled", 429, `{"error":"invalid_request","error_description":"too many failed authentications"}`, levy.ETooMany},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			calls := 0
			mux := http.NewServeMux()
			mux.HandleFunc("POST /oauth/token", func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(tc.status)
				fmt.Fprint(w, tc.body)
			})
			mux.HandleFunc("POST /api/v2/supplies", func(w http.ResponseWriter, r *http.Request) {
				calls++
				w.WriteHeader(http.StatusInternalServerError)
			})
			srv := httptest.NewServer(mux)
			defer srv.Close()
			c, err := client.New(srv.URL+"/api/v2", client.WithHTTPClient(srv.Client()),
				client.WithClientCredentials(srv.URL+"/oauth/token", "id", "secret", "aud"))
			if err != nil {
				t.Fatal(err)
			}
			_, err = c.Sale(context.Background(), &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale})
			var le *levy.Error
			if !errors.As(err, &le) || le.Code != tc.want {
				t.Errorf("Sale: %v (code %q), want code %q", err, levy.ErrorCode(err), tc.want)
			}
			var re *oauth2.RetrieveError
			if !errors.As(err, &re) {
				t.Errorf("Sale: %v wraps no *oauth2.RetrieveError", err)
			}
			if calls != 0 {
				t.Errorf("the calculation was sent %d times without a token", calls)
			}
		})
	}
}
