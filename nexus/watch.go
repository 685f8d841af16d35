package nexus

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/einvoice/webhook"
	"github.com/levytax/levy/internal/tick"
)

// Notifier queues a signed webhook event for a tenant, once per key
// (einvoice.Service.Notify).
type Notifier interface {
	Notify(ctx context.Context, tenant, key, subject string, ev webhook.Event) (bool, error)
}

// Watcher sends the tenants' webhook connections an event
// (webhook.EventNexusStatusChanged) when a seller's status in a state
// changes. It builds each tenant's report for the day and compares it
// with the one before: each change of status is notified once, under a
// key that every node finds alike on any day (noticeKey: a node that
// restarts, or another node of the cluster, does not send it again, and
// a node that starts sends what was not sent). It is safe for
// concurrent use.
type Watcher struct {
	figures  FigureSource
	rules    *data.NexusRules
	profiles Profiles
	notify   Notifier
	tenants  func(context.Context) ([]string, error)
	today    func() civil.Date
	log      *slog.Logger

	mu   sync.Mutex
	last map[string]map[string]string // tenant -> company|state -> status
}

// WatcherConfig is what a Watcher works with.
type WatcherConfig struct {
	Figures  FigureSource
	Rules    *data.NexusRules
	Profiles Profiles // nil: no profiles (no stored registrations, the default share)
	Notify   Notifier
	// Tenants lists the tenants to watch.
	Tenants func(context.Context) ([]string, error)
	// Today is the day of the reports (civil.Today when nil).
	Today func() civil.Date
	Log   *slog.Logger
}

// NewWatcher returns a Watcher.
func NewWatcher(c WatcherConfig) *Watcher {
	w := &Watcher{figures: c.Figures, rules: c.Rules, profiles: c.Profiles, notify: c.Notify, tenants: c.Tenants,
		today: c.Today, log: c.Log, last: map[string]map[string]string{}}
	if w.today == nil {
		w.today = civil.Today
	}
	if w.log == nil {
		w.log = slog.New(slog.DiscardHandler)
	}
	return w
}

// Options returns the report options of tenant on day: its profile's
// registrations and the EU threshold of its policy.
func (w *Watcher) Options(ctx context.Context, tenant string, day civil.Date) (Options, error) {
	o := Options{AsOf: day}
	if w.profiles != nil {
		snap, err := w.profiles.Snapshot(ctx, tenant)
		if err != nil {
			return o, err
		}
		o.Profile = snap
	}
	return o, nil
}

// Check builds tenant's report for today and notifies the changes. It
// returns the number of notices queued.
func (w *Watcher) Check(ctx context.Context, tenant string) (int, error) {
	day := w.today()
	o, err := w.Options(ctx, tenant, day)
	if err != nil {
		return 0, err
	}
	rep, err := Build(ctx, w.figures, w.rules, tenant, o)
	if err != nil {
		return 0, err
	}
	w.mu.Lock()
	prev, seen := w.last[tenant]
	now := make(map[string]string, len(rep.Rows))
	w.mu.Unlock()
	queued := 0
	for i := range rep.Rows {
		r := &rep.Rows[i]
		// Canada's two rows have one state: the scheme tells them apart
		// (a US state's key is as it always was).
		st := r.State
		if r.Scheme != "" {
			st += "/" + r.Scheme
		}
		k := r.Company + "|" + st
		now[k] = r.Status
		before := prev[k]
		key := noticeKey(r, st, seen, before, day)
		if key == "" || before == r.Status && seen {
			continue
		}
		previous := before
		if previous == "" {
			previous = r.prior
		}
		ev := webhook.Event{Status: webhook.EventNexusStatusChanged, Nexus: notice(r, previous, day)}
		ok, err := w.notify.Notify(ctx, tenant, key, "nexus "+r.Company+" "+st, ev)
		if err != nil {
			return queued, err
		}
		if ok {
			queued++
		}
	}
	w.mu.Lock()
	w.last[tenant] = now
	w.mu.Unlock()
	return queued, nil
}

// noticeKey names the notice of row r (of state st, Canada's with its
// scheme) on day, "" for none: each node, on any day, names a status it
// finds the same way, so that a status is notified once. A status is the
// one its period's running totals came to on a day (Row.since): exceeded
// on the day crossed, approaching on the day the totals came to the
// share that warns, or came back down to it from past the threshold (a
// reversal), none on the day they came back under that share; a state
// whose registration ended since is a new episode (after the
// registration's last day). Registered is named by the registration's
// first day. None that the totals do not date (sales that left a
// rolling period, history rewritten by a delete) is notified only by a
// watcher that saw the state otherwise, once a day.
func noticeKey(r *Row, st string, seen bool, before string, day civil.Date) string {
	base := "nexus|" + r.Company + "|" + st + "|" + r.Status + "|"
	after := ""
	if !r.unregistered.IsZero() {
		after = "|after registration " + r.unregistered.String()
	}
	switch r.Status {
	case StatusRegistered:
		return base + r.Registration.Effective.String()
	case StatusExceeded:
		return base + dayText(r.CrossedOn) + after
	case StatusApproaching:
		if r.since.IsZero() {
			return base + r.PeriodStart.String() + after
		}
		return base + "since " + r.since.String() + after
	}
	switch {
	case !r.since.IsZero():
		return base + "since " + r.since.String() + after
	case after != "":
		return base + after[1:]
	case seen && before != "" && before != StatusNone:
		return base + day.String()
	}
	return ""
}

// notice is the event's change of row r.
func notice(r *Row, before string, day civil.Date) *webhook.NexusNotice {
	n := &webhook.NexusNotice{Company: r.Company, State: r.State, Scheme: r.Scheme, Currency: r.Currency, Status: r.Status, PreviousStatus: before, AsOf: day.String(),
		Sales: r.Sales.Decimal().StringFixed(2), Transactions: r.Transactions, Logic: r.Logic,
		PeriodStart: dayText(&r.PeriodStart), PeriodEnd: dayText(&r.PeriodEnd), CrossedOn: dayText(r.CrossedOn),
		CollectFrom: dayText(r.CollectFrom), Explanation: r.Explanation}
	if r.SalesThreshold != nil {
		n.SalesThreshold = r.SalesThreshold.Decimal().StringFixed(2)
	}
	if r.TransactionThreshold != nil {
		n.TransactionThreshold = *r.TransactionThreshold
	}
	return n
}

// Run checks every tenant at once, then every interval, until ctx ends,
// logging what fails. Each round is given tick.Bound intervals: one that
// the stores do not answer, as over a database connection that hangs
// without failing, gives up then, and the next round starts on time
// rather than never. A non-positive interval checks nothing.
func (w *Watcher) Run(ctx context.Context, interval time.Duration) {
	tick.Every(ctx, interval, true, w.CheckAll)
}

// CheckAll checks every tenant once.
func (w *Watcher) CheckAll(ctx context.Context) {
	tenants, err := w.tenants(ctx)
	if err != nil {
		w.log.Warn("nexus: listing the tenants failed", "err", err)
		return
	}
	for _, t := range tenants {
		if ctx.Err() != nil {
			return
		}
		if n, err := w.Check(ctx, t); err != nil {
			w.log.Warn("nexus: checking the statuses failed", "tenant", t, "err", err)
		} else if n > 0 {
			w.log.Info("nexus: status changes notified", "tenant", t, "notices", n)
		}
	}
}
