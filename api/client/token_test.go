package client_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/levytax/levy/api/client"
	"github.com/levytax/levy/wire"
)

// TestTokenFetchHonoursContext: a call that must first get an access
// token stops when its context ends while the token endpoint has not
// answered, with the context's error; the token was fetched under a
// context of its own that no call could end, so the call hung as long as
// the endpoint did (for ever with http.DefaultClient). A token that does
// come is then kept and shared by the calls, fetched once.
func TestTokenFetchHonoursContext(t *testing.T) {
	arrived := make(chan struct{}, 16)
	release := make(chan struct{})
	var fetches atomic.Int32
	mux := http.NewServeMux()
	mux.HandleFunc("POST /oauth/token", func(w http.ResponseWriter, r *http.Request) {
		n := fetches.Add(1)
		if n == 1 {
			arrived <- struct{}{}
			select { // the first fetch hangs until the test lets it go
			case <-release:
			case <-r.Context().Done():
			}
			return
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"access_token":"tok-2","token_type":"Bearer","expires_in":3600}`)
	})
	var mu sync.Mutex
	var seen []string
	mux.HandleFunc("POST /api/v2/supplies", func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.Header.Get("Authorization"))
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"data":{}}`)
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	defer close(release)

	c, err := client.New(srv.URL+"/api/v2", client.WithHTTPClient(srv.Client()),
		client.WithClientCredentials(srv.URL+"/oauth/token", "id", "secret", "aud"))
	if err != nil {
		t.Fatal(err)
	}
	req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale}

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := c.Sale(ctx, req)
		done <- err
	}()
	<-arrived
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("the call ended with %v, want context.Canceled", err)
		}
	case <-time.After(10 * time.Second): // a guard against a hang, not a measure
		t.Fatal("the call did not stop when its context ended: it waits for the token endpoint")
	}

	// The next calls get a token of their own, once for all of them.
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			if _, err := c.Sale(context.Background(), req); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if n := fetches.Load(); n != 2 {
		t.Errorf("%d token fetches, want 2 (the one abandoned, then one kept)", n)
	}
	for _, a := range seen {
		if a != "Bearer tok-2" {
			t.Errorf("a call sent %q", a)
		}
	}
}
