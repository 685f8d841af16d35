package engine

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

// storeRawPolicy stores pol as the tenant's policy straight into store,
// past the Service and its validation, as an older Levy or a hand edit
// of the store could have left it.
func storeRawPolicy(t *testing.T, store profile.Store, tenant string, pol *profile.Policy) {
	t.Helper()
	b, err := json.Marshal(pol)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := store.Apply(context.Background(), tenant, profile.Commit{By: "test",
		Entries: []profile.Entry{{Key: profile.PolicyKey(), Data: b}}}); err != nil {
		t.Fatal(err)
	}
}

// TestStoredPolicyRoundingKeyRechecked: a tenant's policy stored with a
// rounding key that no policy written today may hold (a prefix no ID
// starts with, "TX*", or an exact key naming no jurisdiction of the
// dataset) is not applied silently: the tenant's calculations are
// refused as a conflict whose message names the key, the stored policy
// is kept as it was, and a corrected policy applies at once. Another
// tenant is not affected.
func TestStoredPolicyRoundingKeyRechecked(t *testing.T) {
	store := profile.NewMemory()
	e, _ := profileEngine(t, store)
	ctx := context.Background()
	for _, key := range []string{"TX*", "US-48999"} {
		tenant := "t-" + strings.TrimSuffix(key, "*")
		storeRawPolicy(t, store, tenant, &profile.Policy{Rounding: map[string]money.RoundingMode{key: money.Down}})
		_, err := e.Sale(levy.WithTenant(ctx, tenant), usSale("", "Houston", "TX", "77002", "GENERAL", "10.99"))
		if levy.ErrorCode(err) != levy.EConflict || !strings.Contains(err.Error(), `policy.rounding["`+key+`"]`) {
			t.Errorf("key %q: %v, want a conflict naming policy.rounding[%q]", key, err, key)
		}
		r, err := store.Records(ctx, tenant, time.Time{})
		if err != nil || r.Policy == nil || r.Policy.Rounding[key] != money.Down {
			t.Errorf("key %q: the stored policy is no longer as stored: %v %+v", key, err, r)
		}
	}
	if _, err := e.Sale(levy.WithTenant(ctx, "other"), usSale("", "Houston", "TX", "77002", "GENERAL", "10.99")); err != nil {
		t.Errorf("a tenant without a policy: %v", err)
	}
	// Corrected, the policy applies: 6.25% of 10.99 is 0.686875, 0.68 down.
	svc := profile.NewService(store, profile.Config{})
	if _, err := svc.Apply(ctx, "t-TX", "test", profile.ChangeSet{Policy: &profile.Policy{Rounding: map[string]money.RoundingMode{"US-TX*": money.Down}}}); err != nil {
		t.Fatal(err)
	}
	if err := e.Profiles().Invalidate(ctx, "t-TX"); err != nil {
		t.Fatal(err)
	}
	r, err := e.Sale(levy.WithTenant(ctx, "t-TX"), usSale("", "Houston", "TX", "77002", "GENERAL", "10.99"))
	if err != nil {
		t.Fatalf("the corrected policy: %v", err)
	}
	wantTexasRoundedDown(t, r)
}

// wantTexasRoundedDown checks that the one line of r, a sale of 10.99 in
// Houston, bears Texas's 6.25% rounded down: 0.686875 gives 0.68.
func wantTexasRoundedDown(t *testing.T, r *wire.SaleResponse) {
	t.Helper()
	texas := false
	for _, tx := range r.LineItems[0].Taxes {
		if tx.Jurisdiction.JurisdictionID == "US-TX" {
			texas = true
			if tx.CalculatedTax.String() != "0.68" {
				t.Errorf("Texas tax of 10.99 rounded down: %s, want 0.68", tx.CalculatedTax)
			}
		}
	}
	if !texas {
		t.Errorf("no Texas tax: %+v", r.LineItems[0].Taxes)
	}
}
