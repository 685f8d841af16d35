package oauth_test

import (
	"context"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth"
	"github.com/levytax/levy/auth/authtest"
)

// rendezvousStore is a Store whose first two calls of Rotate meet: the
// first waits until the second has come (both requests have read the
// credential), then the second waits until the first has replaced the
// secret. It makes two replacements of one secret at once happen in the
// same order on every run.
type rendezvousStore struct {
	auth.Store
	calls         atomic.Int32
	second, first chan struct{}
}

func (s *rendezvousStore) Rotate(ctx context.Context, clientID string, gen uint32, h auth.SecretHash, at time.Time) (auth.Record, error) {
	switch s.calls.Add(1) {
	case 1:
		select {
		case <-s.second:
		case <-ctx.Done():
			return auth.Record{}, ctx.Err()
		}
		defer close(s.first)
	case 2:
		close(s.second)
		select {
		case <-s.first:
		case <-ctx.Done():
			return auth.Record{}, ctx.Err()
		}
	}
	return s.Store.Rotate(ctx, clientID, gen, h, at)
}

// TestRotateSecretTwiceAtOnce: two admins of acme replace one
// credential's secret at the same moment, through two nodes sharing the
// store. Before, both got 200 with a secret, and the first of them was
// already dead: the admin who received it handed a dead secret to the
// integration. Now the replacement holds only if the secret is still the
// one the request read: the second is answered 409 naming the client,
// and the secret of the 200 is the one that works.
func TestRotateSecretTwiceAtOnce(t *testing.T) {
	ctx := context.Background()
	store := &rendezvousStore{Store: authtest.Open(t), second: make(chan struct{}), first: make(chan struct{})}
	node := func() *fixture {
		return setupWith(t, func(clk *clock) *auth.Issuer {
			iss, err := auth.NewIssuer(ctx, store, auth.Config{Now: clk.now, Hash: authtest.FastHash()})
			if err != nil {
				t.Fatal(err)
			}
			return iss
		})
	}
	a, b := node(), node()
	c, _ := authtest.Credential(t, a.iss, "acme", oauth.DefaultAudience)
	if _, err := b.iss.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	tokA := authtest.Token(t, a.iss, "acme", oauth.DefaultAdminAudience)
	tokB := authtest.Token(t, b.iss, "acme", oauth.DefaultAdminAudience)

	replies := make([]reply, 2)
	var wg sync.WaitGroup
	for n, node := range []struct {
		f   *fixture
		tok string
	}{{a, tokA}, {b, tokB}} {
		wg.Go(func() {
			replies[n] = node.f.send(t, "POST", "/admin/v1/clients/"+c.ClientID+"/secret", "", "", "Authorization", "Bearer "+node.tok)
		})
	}
	wg.Wait()

	var secret string
	statuses := []int{replies[0].status, replies[1].status}
	for _, r := range replies {
		switch r.status {
		case 200:
			data, _ := r.body["data"].(map[string]any)
			secret, _ = data["client_secret"].(string)
		case 409:
			if !strings.Contains(r.raw, c.ClientID) {
				t.Errorf("the refused replacement does not name the client: %s", r.raw)
			}
		}
	}
	if !(statuses[0] == 200 && statuses[1] == 409 || statuses[0] == 409 && statuses[1] == 200) {
		t.Fatalf("two replacements of one secret at once: %v (%s | %s), want one 200 and one 409", statuses, replies[0].raw, replies[1].raw)
	}
	for _, f := range []*fixture{a, b} {
		if _, err := f.iss.Issue(ctx, c.ClientID, secret, oauth.DefaultAudience); err != nil {
			t.Errorf("a token with the secret of the 200: %v", err)
		}
	}
}
