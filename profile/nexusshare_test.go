package profile_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/profile"
	"github.com/shopspring/decimal"
)

// TestPolicyNexusShareChecked: a policy's nexusShare is a share above 0
// and at most 1, as a nexus report's share parameter reads it; one
// outside is refused naming policy.nexusShare, and one inside is stored
// and read back through the tenant's snapshot. Before the policy had the
// member, a change set could not choose the share at all.
func TestPolicyNexusShareChecked(t *testing.T) {
	for _, bad := range []string{"0", "-0.5", "1.01", "80"} {
		d := decimal.RequireFromString(bad)
		cs := profile.ChangeSet{Policy: &profile.Policy{NexusShare: &d}}
		err := profile.Validator{}.Check(&cs)
		var list levy.Errors
		if !errors.As(err, &list) || len(list) != 1 || list[0].Field != "policy.nexusShare" || levy.ErrorCode(err) != levy.EInvalid ||
			!strings.Contains(list[0].Message, "above 0 and at most 1") {
			t.Errorf("nexusShare %s: %v; want one EInvalid error naming policy.nexusShare", bad, err)
		}
	}
	ctx := context.Background()
	store := profile.NewMemory()
	cache := profile.NewCache(store, nil)
	svc := profile.NewService(store, profile.Config{Cache: cache})
	for _, good := range []string{"0.5", "1", "0.0001"} {
		var p profile.Policy
		if err := json.Unmarshal([]byte(`{"nexusShare":"`+good+`"}`), &p); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Apply(ctx, "acme", "test", profile.ChangeSet{Policy: &p}); err != nil {
			t.Fatalf("nexusShare %s: %v", good, err)
		}
		snap, err := cache.Snapshot(ctx, "acme")
		if err != nil {
			t.Fatal(err)
		}
		if got := snap.Policy(); got == nil || got.NexusShare == nil || !got.NexusShare.Equal(decimal.RequireFromString(good)) {
			t.Errorf("nexusShare %s read back as %+v", good, got)
		}
	}
}
