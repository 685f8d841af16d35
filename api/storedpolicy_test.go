package api

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/profile"
)

// TestStoredPolicyRoundingErrorsListed: a tenant's policy stored with
// rounding keys that no policy written today may hold (a prefix no ID
// starts with, an ID the dataset does not know), as an older Levy or a
// hand edit of the store could leave it, refuses the tenant's
// calculations with 409 and one error item per key, each naming its key
// in target and with the code conflict, as a policy refused when written
// lists its keys; the items are not one message that a client would
// have to take apart.
func TestStoredPolicyRoundingErrorsListed(t *testing.T) {
	ctx := context.Background()
	store := profile.NewMemory()
	b, err := json.Marshal(&profile.Policy{Rounding: map[string]money.RoundingMode{"TX*": money.Down, "US-48999": money.Up, "US-CA": money.Down}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := store.Apply(ctx, "t-stale", profile.Commit{By: "test", Entries: []profile.Entry{{Key: profile.PolicyKey(), Data: b}}}); err != nil {
		t.Fatal(err)
	}
	e, err := engine.New(ctx, engine.WithProfileStore(store), engine.WithJournal(journal.NewMemory()),
		engine.WithToday(func() civil.Date { return civil.MustParse("2026-06-01") }))
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(e, WithLogger(slog.New(slog.DiscardHandler)), WithAuthenticator(tokenAuth{}))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	h := &harness{t: t, api: s, srv: srv, logs: &syncBuffer{}}

	a := h.do("POST", "/api/v2/supplies", strings.NewReader(quotation), "Authorization", "Bearer t-stale")
	if a.status != 409 {
		t.Fatalf("a tenant whose stored policy holds bad rounding keys: %d %s, want 409", a.status, a.body)
	}
	var body ErrorBody
	if err := json.Unmarshal(a.body, &body); err != nil {
		t.Fatal(err)
	}
	var targets []string
	for _, it := range body.Errors {
		targets = append(targets, it.Target)
		if it.Code != levy.EConflict || !strings.Contains(it.Message, "t-stale") || !strings.Contains(it.Message, "PUT /admin/v1/profile/policy") {
			t.Errorf("error item %+v: want code %s, naming the tenant and how to correct the policy", it, levy.EConflict)
		}
	}
	if want := []string{`policy.rounding["TX*"]`, `policy.rounding["US-48999"]`}; !slices.Equal(targets, want) {
		t.Errorf("targets %q, want %q", targets, want)
	}
	if len(body.Errors) == 2 && !strings.Contains(body.Errors[0].Message, "US-TX*") {
		t.Errorf("the item of TX* does not say what to write instead: %q", body.Errors[0].Message)
	}
	if a := h.do("POST", "/api/v2/supplies", strings.NewReader(quotation), "Authorization", "Bearer other"); a.status != 200 {
		t.Errorf("a tenant without a policy: %d %s", a.status, a.body)
	}
}
