package nexus_test

import (
	"context"
	"sync"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/einvoice/webhook"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/nexus"
	"github.com/levytax/levy/profile"
	"github.com/shopspring/decimal"
)

// notices is a Notifier that keeps what it is given, by tenant.
type notices struct {
	mu  sync.Mutex
	got map[string][]*webhook.NexusNotice
}

func (n *notices) Notify(_ context.Context, tenant, _, _ string, ev webhook.Event) (bool, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.got == nil {
		n.got = map[string][]*webhook.NexusNotice{}
	}
	n.got[tenant] = append(n.got[tenant], ev.Nexus)
	return true, nil
}

// shareTenants stores a WA sale of 55,000.00 (55% of Washington's
// 100,000 threshold) for tenants acme and globex, and gives acme a policy
// whose nexusShare is 0.5; globex has no policy (80%). It returns the
// journal and the profiles.
func shareTenants(t *testing.T) (journal.Store, *profile.Cache) {
	t.Helper()
	ctx := context.Background()
	j := journal.NewMemory()
	sale(t, j, "acme", "1", "", "2026-03-01", "WA", "55000.00")
	sale(t, j, "globex", "1", "", "2026-03-01", "WA", "55000.00")
	store := profile.NewMemory()
	cache := profile.NewCache(store, nil)
	half := decimal.RequireFromString("0.5")
	if _, err := profile.NewService(store, profile.Config{Cache: cache}).Apply(ctx, "acme", "test",
		profile.ChangeSet{Policy: &profile.Policy{NexusShare: &half}}); err != nil {
		t.Fatal(err)
	}
	return j, cache
}

// TestWatcherTenantShare: a tenant whose policy chooses a share of 0.5
// is sent an "approaching" event for a state at 55% of its threshold;
// another tenant with the same sales, whose policy chooses none, is sent
// nothing (80%). The watcher warned every tenant at 80%, whatever its
// policy.
func TestWatcherTenantShare(t *testing.T) {
	ctx := context.Background()
	j, cache := shareTenants(t)
	n := &notices{}
	day := civil.MustParse("2026-03-10")
	w := nexus.NewWatcher(nexus.WatcherConfig{Figures: j, Rules: rules(t), Profiles: cache, Notify: n,
		Today: func() civil.Date { return day }, Tenants: func(context.Context) ([]string, error) { return []string{"acme", "globex"}, nil }})
	w.CheckAll(ctx)
	if got := n.got["acme"]; len(got) != 1 || got[0].State != "WA" || got[0].Status != nexus.StatusApproaching {
		t.Errorf("acme, warned from 50%%, at 55%% of Washington's threshold: %+v; want one approaching notice of WA", got)
	}
	if got := n.got["globex"]; len(got) != 0 {
		t.Errorf("globex, warned from 80%%, at 55%% of Washington's threshold: %+v; want no notice", got[0])
	}
}

// TestReportTenantShare: a report that names no share takes the
// tenant's policy's (acme's 0.5: Washington at 55% is approaching), else
// 80% (globex: none); one that names a share takes it over the policy's.
func TestReportTenantShare(t *testing.T) {
	ctx := context.Background()
	j, cache := shareTenants(t)
	build := func(tenant string, share string) *nexus.Report {
		t.Helper()
		snap, err := cache.Snapshot(ctx, tenant)
		if err != nil {
			t.Fatal(err)
		}
		o := nexus.Options{AsOf: civil.MustParse("2026-03-31"), Profile: snap}
		if share != "" {
			o.Share = decimal.RequireFromString(share)
		}
		rep, err := nexus.Build(ctx, j, rules(t), tenant, o)
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	rep := build("acme", "")
	if r := row(t, rep, "", "WA"); r.Status != nexus.StatusApproaching || !rep.Share.Decimal().Equal(decimal.RequireFromString("0.5")) {
		t.Errorf("acme's report from its policy's 50%%: WA %s, share %s; want approaching from 0.5", r.Status, rep.Share)
	}
	rep = build("globex", "")
	if r := row(t, rep, "", "WA"); r.Status != nexus.StatusNone || !rep.Share.Decimal().Equal(nexus.DefaultShare) {
		t.Errorf("globex's report without a policy: WA %s, share %s; want none from 0.8", r.Status, rep.Share)
	}
	rep = build("acme", "0.6")
	if r := row(t, rep, "", "WA"); r.Status != nexus.StatusNone || !rep.Share.Decimal().Equal(decimal.RequireFromString("0.6")) {
		t.Errorf("acme's report asked from 60%%: WA %s, share %s; want none from 0.6", r.Status, rep.Share)
	}
}
