package cli

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"sync"
	"time"

	"github.com/levytax/levy/api"
	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/api/profileadmin"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/profile/expiry"
	"github.com/levytax/levy/rules"
	"github.com/levytax/levy/taxarea"
)

// profileValidator returns the validator of the changes of profiles:
// the jurisdictions, countries (and VAT regions) and currencies of ds, and the product classes that the engine knows
// with the rule files (the built-in ones, those the files' rules and
// structures name, and those the dataset's table of taxes Levy does not
// compute names), as engine.New collects them.
func profileValidator(ds *data.Dataset, ruleFiles []string) (profile.Validator, error) {
	j, err := ds.Jurisdictions()
	if err != nil {
		return profile.Validator{}, err
	}
	codes, err := ds.Codes()
	if err != nil {
		return profile.Validator{}, err
	}
	currencies := codes.Currencies()
	classes := map[string]bool{}
	for _, c := range rules.ProductClasses {
		classes[c] = true
	}
	tx, err := ds.Taxability()
	if err != nil {
		return profile.Validator{}, err
	}
	for _, l := range tx.LackingTaxes() {
		for _, c := range l.Classes {
			classes[c] = true
		}
	}
	for _, path := range ruleFiles {
		f, err := os.Open(path)
		if err != nil {
			return profile.Validator{}, inputError("--rules", path, err)
		}
		rf, err := rules.ReadFile(f)
		f.Close()
		if err != nil {
			return profile.Validator{}, fmt.Errorf("%s: %w", path, err)
		}
		for _, r := range rf.Rules {
			if r.ProductClass != "" {
				classes[r.ProductClass] = true
			}
		}
		for _, st := range rf.Structures {
			if st.ProductClass != "" {
				classes[st.ProductClass] = true
			}
		}
	}
	return profile.Validator{
		Jurisdiction: func(id string) bool { _, ok := j.Index(id); return ok },
		Class:        func(c string) bool { return classes[c] },
		Currency:     func(alpha string) bool { _, ok := currencies.ByAlpha(alpha); return ok },
		Country: func(name string) (string, bool) {
			// As a calculation's request reads a representative's
			// country (taxarea.Resolver.Country): a VAT region of the
			// dataset (XI, Northern Ireland) is its country's, a US
			// territory's name the US.
			alpha2, _, ok := taxarea.CountryNamed(codes, j.VATGeography(), name)
			return alpha2, ok
		},
	}, nil
}

// profiles are the tax profiles of levy serve: the store, the node's
// cache of the tenants' snapshots (which the engine reads), and the
// Service that the admin routes change them through, which refreshes the
// cache at once; over a database the cache follows the other nodes'
// changes, and the offline imports', every second. The expiry notices of
// certificates are sent from here (notify).
type profiles struct {
	store profile.Store
	cache *profile.Cache
	svc   *profile.Service

	// bg is the context of the goroutines, which Close cancels.
	bg     context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
}

// openProfiles opens the profiles of st for serve: a validator over the
// dataset that the engine loads (with --content) and the classes of
// --rules.
func openProfiles(ctx context.Context, st *storage, c serveConfig, log *slog.Logger) (*profiles, error) {
	ds, err := c.content.dataset(ctx)
	if err != nil {
		return nil, err
	}
	v, err := profileValidator(ds, c.rules.files)
	if err != nil {
		return nil, err
	}
	store, err := st.profiles(ctx)
	if err != nil {
		return nil, err
	}
	p := &profiles{store: store, cache: profile.NewCache(store, log)}
	p.svc = profile.NewService(store, profile.Config{Validator: v, Cache: p.cache})
	p.bg, p.cancel = context.WithCancel(context.WithoutCancel(ctx))
	if st.shared() {
		p.wg.Add(1)
		go func() { defer p.wg.Done(); p.cache.Follow(p.bg, profile.FollowInterval) }()
	}
	return p, nil
}

// mounts returns the admin routes of the profiles and their health
// check.
func (p *profiles) mounts(tokens *oauth.Handler, c serveConfig, log *slog.Logger) []api.Option {
	h := profileadmin.New(p.svc, tokens.AdminReaderAuthenticator(), profileadmin.WithLogger(log), profileadmin.WithBodyLimit(c.maxBody),
		profileadmin.WithOperatorClients(tokens.OperatorClient))
	return append(h.Mounts(), api.WithHealthCheck("profile", p.store.CheckWrite))
}

// notify sends the expiry notices of the tenants' certificates through
// einv's outbox, at start and every interval (expiry.DefaultInterval
// when 0), until Close.
func (p *profiles) notify(einv *einvoice.Service, interval time.Duration, log *slog.Logger) {
	n := expiry.New(p.store, einv, expiry.WithLogger(log))
	p.wg.Add(1)
	go func() { defer p.wg.Done(); n.Run(p.bg, interval) }()
}

// Close stops following the store and sending notices; the store itself
// is closed with the storage.
func (p *profiles) Close() error {
	p.cancel()
	p.wg.Wait()
	return nil
}

// checkRuleFiles reads the rule files of --rules (parseRuleFiles) and
// checks their records (rules.File.Check), naming the file and the line
// of the first fault.
func checkRuleFiles(files []string) error {
	for _, path := range files {
		if err := checkReadable("--rules", path); err != nil {
			return err
		}
		if _, err := rules.OpenFile(path); err != nil {
			return fmt.Errorf("--rules: %w", err)
		}
	}
	return nil
}
