package postgres

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy/api"
	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth"
	"github.com/levytax/levy/auth/authtest"
	"github.com/levytax/levy/engine"
)

// TestAuthFollowOutlivesAHungConnection: node B serves the API over
// real HTTP and follows the credentials of the database it shares with
// node A (auth.Issuer.Follow, as levy serve does on a shared database).
// The connection of node B's pool then hangs under a statement (its
// server process stopped, as a server that froze or a network path that
// went silent would leave it: the statement neither answers nor fails).
// Node A revokes beta's credential, say because its secret leaked. Node B
// must come to refuse the credential's tokens: the refresh that met the
// hung connection gives up within its bound, and the next one, on a new
// connection, reads the revocation. Before, Follow waited on the hung
// statement for good, and node B took the tokens issued before the
// revocation until they expired or node B restarted.
func TestAuthFollowOutlivesAHungConnection(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	a := nodes(t, 1)[0]
	b := peerNode(ctx, t, a)
	cfg := auth.Config{Hash: authtest.FastHash(), NoActivationDelay: true}
	issA, err := auth.NewIssuer(ctx, a.Auth(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	issB, err := auth.NewIssuer(ctx, b.Auth(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	const aud = "verx://migration-api"
	cred, secret, err := issA.Create(ctx, "beta", []string{aud}, true)
	if err != nil {
		t.Fatal(err)
	}
	tok, err := issA.Issue(ctx, cred.ClientID, secret, aud)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := issB.Refresh(ctx); err != nil {
		t.Fatal(err)
	}

	quiet := slog.New(slog.DiscardHandler)
	e, err := engine.New(ctx, engine.WithLogger(quiet))
	if err != nil {
		t.Fatal(err)
	}
	srv, err := api.New(e, api.WithLogger(quiet), api.WithAuthenticator(oauth.New(issB, oauth.WithLogger(quiet)).Authenticator()))
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	quote := func() int {
		t.Helper()
		req, err := http.NewRequest("POST", ts.URL+"/api/v2/supplies", strings.NewReader(`{"saleMessageType":"QUOTATION",
			"transactionType":"SALE","documentDate":"2026-06-01",
			"seller":{"physicalOrigin":{"city":"Seattle","mainDivision":"WA","postalCode":"98109","country":"US"}},
			"customer":{"destination":{"city":"Los Angeles","mainDivision":"CA","postalCode":"90012","country":"US"}},
			"lineItems":[{"lineItemId":"1","product":{"productClass":"GENERAL"},"quantity":{"value":1},"extendedPrice":100}]}`))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer "+tok.AccessToken)
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if st := quote(); st != http.StatusOK {
		t.Fatalf("beta's token on node B before the revocation: %d", st)
	}

	// Stop the server process of node B's one connection, which its next
	// statement takes: the pool has opened no other.
	hangNextConn(ctx, t, b)

	done := make(chan struct{})
	go func() { issB.Follow(ctx, 10*time.Millisecond); close(done) }()
	defer func() { cancel(); <-done }()
	if _, err := issA.Revoke(ctx, cred.ClientID); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(20 * time.Millisecond) {
		st := quote()
		if st == http.StatusUnauthorized {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("node B still answers the revoked credential's token %d a minute after the revocation", st)
		}
	}
}
