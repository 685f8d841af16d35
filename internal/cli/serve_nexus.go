package cli

import (
	"context"
	"log/slog"
	"slices"
	"time"

	"github.com/levytax/levy/api"
	"github.com/levytax/levy/api/nexusadmin"
	"github.com/levytax/levy/auth"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/nexus"
)

// defaultNexusInterval is how often levy serve checks the tenants'
// economic-nexus statuses to send the changes to their webhooks.
const defaultNexusInterval = 5 * time.Minute

// nexusServe mounts the economic-nexus report's admin route and starts
// the watcher that sends the tenants' webhooks the changes of status
// every interval (none when interval is 0), keeping in sent what it
// notified. It returns the route's options and the function that stops
// the watcher. profiles may be nil.
func nexusServe(ctx context.Context, store journal.Store, profiles nexus.Profiles, admin api.Authenticator, iss *auth.Issuer,
	einv *einvoice.Service, sent nexus.SentStore, interval time.Duration, log *slog.Logger) ([]api.Option, func() error, error) {
	rules, err := data.Default().Nexus()
	if err != nil {
		return nil, nil, err
	}
	opts := nexusadmin.New(store, rules, admin, nexusadmin.WithProfiles(profiles)).Mounts()
	if interval <= 0 {
		return opts, func() error { return nil }, nil
	}
	w := nexus.NewWatcher(nexus.WatcherConfig{Figures: store, Rules: rules, Profiles: profiles, Notify: einv, Sent: sent, Log: log,
		Tenants: func(ctx context.Context) ([]string, error) { return credentialTenants(ctx, iss) }})
	watchCtx, stop := context.WithCancel(context.WithoutCancel(ctx))
	done := make(chan struct{})
	go func() { w.Run(watchCtx, interval); close(done) }()
	return opts, func() error { stop(); <-done; return nil }, nil
}

// credentialTenants lists the tenants that have credentials.
func credentialTenants(ctx context.Context, iss *auth.Issuer) ([]string, error) {
	creds, err := iss.List(ctx, "")
	if err != nil {
		return nil, err
	}
	var out []string
	for _, c := range creds {
		out = append(out, c.Tenant)
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}
