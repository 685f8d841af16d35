package nexusadmin_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/levytax/levy/nexus"
	"github.com/levytax/levy/profile"
	"github.com/shopspring/decimal"
)

// TestReportTenantShare: the route asked without share makes a state
// approaching from the share of the tenant's policy (nexusShare 0.5:
// Washington at 55% of its threshold is approaching), and from 80% once
// the policy chooses none; share in the query still decides. The route
// answered from 80% whatever the policy.
func TestReportTenantShare(t *testing.T) {
	ctx := context.Background()
	store := profile.NewMemory()
	cache := profile.NewCache(store, nil)
	svc := profile.NewService(store, profile.Config{Cache: cache})
	half := decimal.RequireFromString("0.5")
	if _, err := svc.Apply(ctx, "acme", "test", profile.ChangeSet{Policy: &profile.Policy{NexusShare: &half}}); err != nil {
		t.Fatal(err)
	}
	s := newServerWith(t, cache)
	s.sale(t, "WA-1", "ACME", "2026-03-01", "WA", "55000.00", false)
	ask := func(query string) (string, string) {
		t.Helper()
		code, b := s.send(t, "GET", "/admin/v1/nexus/report?asOf=2026-03-31&company=ACME"+query, s.admin, "")
		if code != 200 {
			t.Fatalf("report%s: %d %s", query, code, b)
		}
		var answer struct {
			Data nexus.Report `json:"data"`
		}
		if err := json.Unmarshal(b, &answer); err != nil {
			t.Fatal(err)
		}
		for _, r := range answer.Data.Rows {
			if r.State == "WA" {
				return r.Status, answer.Data.Share.String()
			}
		}
		t.Fatalf("no WA row: %s", b)
		return "", ""
	}
	if st, share := ask(""); st != nexus.StatusApproaching || share != "0.5" {
		t.Errorf("without share, the policy's 0.5: WA %s from %s; want approaching from 0.5", st, share)
	}
	if st, share := ask("&share=0.6"); st != nexus.StatusNone || share != "0.6" {
		t.Errorf("share=0.6: WA %s from %s; want none from 0.6", st, share)
	}
	if _, err := svc.Apply(ctx, "acme", "test", profile.ChangeSet{Policy: &profile.Policy{}}); err != nil {
		t.Fatal(err)
	}
	if st, share := ask(""); st != nexus.StatusNone || share != "0.8" {
		t.Errorf("without share, a policy that chooses none: WA %s from %s; want none from 0.8", st, share)
	}
}
