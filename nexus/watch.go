package nexus

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/levytax/levy"
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
// changes. It builds each tenant's report for the day and compares each
// row's status with the last one notified, which its SentStore keeps
// per tenant, company and state (Sent): a status that differs is
// notified once, whichever node, and however many, check, and a node
// that restarts does not send it again. It is safe for concurrent use.
type Watcher struct {
	figures  FigureSource
	rules    *data.NexusRules
	profiles Profiles
	notify   Notifier
	sent     SentStore
	tenants  func(context.Context) ([]string, error)
	today    func() civil.Date
	now      func() time.Time
	log      *slog.Logger
}

// WatcherConfig is what a Watcher works with.
type WatcherConfig struct {
	Figures  FigureSource
	Rules    *data.NexusRules
	Profiles Profiles // nil: no profiles (no stored registrations, the default share)
	Notify   Notifier
	// Sent keeps the records of what was notified; nil keeps them in
	// memory (NewMemorySent), which a restart forgets. The nodes of a
	// cluster share one.
	Sent SentStore
	// Tenants lists the tenants to watch.
	Tenants func(context.Context) ([]string, error)
	// Today is the day of the reports (civil.Today when nil).
	Today func() civil.Date
	// Now is the clock of the records (time.Now when nil).
	Now func() time.Time
	Log *slog.Logger
}

// NewWatcher returns a Watcher. Its Check refuses to run, as an EInvalid
// error naming the member, when c lacks Figures, Rules or Notify, and its
// CheckAll (and so Run) logs that and checks nothing, as it does without
// Tenants.
func NewWatcher(c WatcherConfig) *Watcher {
	w := &Watcher{figures: c.Figures, rules: c.Rules, profiles: c.Profiles, notify: c.Notify, sent: c.Sent, tenants: c.Tenants,
		today: c.Today, now: c.Now, log: c.Log}
	if w.sent == nil {
		w.sent = NewMemorySent()
	}
	if w.today == nil {
		w.today = civil.Today
	}
	if w.now == nil {
		w.now = time.Now
	}
	if w.log == nil {
		w.log = slog.New(slog.DiscardHandler)
	}
	return w
}

// Options returns the report options of tenant on day: its profile,
// whose registrations, EU threshold and nexus share (the share of a
// threshold from which a state is approaching, and is notified so) the
// report takes.
func (w *Watcher) Options(ctx context.Context, tenant string, day civil.Date) (Options, error) {
	o := Options{AsOf: day}
	if w == nil || w.today == nil {
		return o, errNoWatcher
	}
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
	if err := w.check(); err != nil {
		return 0, err
	}
	day := w.today()
	o, err := w.Options(ctx, tenant, day)
	if err != nil {
		return 0, err
	}
	rep, err := Build(ctx, w.figures, w.rules, tenant, o)
	if err != nil {
		return 0, err
	}
	queued := 0
	for i := range rep.Rows {
		r := &rep.Rows[i]
		n, err := w.checkRow(ctx, tenant, r, day)
		queued += n
		if levy.ErrorCode(err) == levy.EInvalid {
			// A row the records or the notifier refuse (a company code of
			// an old journal that no store can key) is logged, and does
			// not keep the tenant's other rows from their notices.
			w.log.Warn("nexus: a status change cannot be notified", "tenant", tenant, "company", r.Company, "state", r.State, "err", err)
			continue
		}
		if err != nil {
			return queued, err
		}
	}
	return queued, nil
}

// checkRow notifies row r's status when it differs from the last one
// notified, and returns the number of notices queued (a claim left
// unqueued before is queued first).
func (w *Watcher) checkRow(ctx context.Context, tenant string, r *Row, day civil.Date) (int, error) {
	// Canada's two rows have one state: the scheme tells them apart
	// (a US state's key is as it always was).
	st := r.State
	if r.Scheme != "" {
		st += "/" + r.Scheme
	}
	rec, found, err := w.sent.LastSent(ctx, tenant, r.Company, st)
	if err != nil {
		return 0, fmt.Errorf("nexus: read the last notice of %q %q: %w", r.Company, st, err)
	}
	queued := 0
	if found && !rec.Queued {
		n, err := w.finish(ctx, tenant, &rec)
		if err != nil {
			return 0, err
		}
		queued += n
	}
	unreg := ""
	if !r.unregistered.IsZero() {
		unreg = r.unregistered.String()
	}
	if (!found && r.Status == StatusNone) || (found && rec.Status == r.Status && rec.Unregistered == unreg) {
		return queued, nil
	}
	next := Sent{Company: r.Company, Area: st, Seq: rec.Seq + 1, Status: r.Status, Unregistered: unreg, At: w.now().UTC()}
	// The first record of a state takes the key a watcher of before the
	// records named its notice by, so that a notice it queued is not
	// queued again; later ones are named by the record's count and time.
	if found {
		next.Previous = rec.Status
		next.Key = fmt.Sprintf("nexus|%s|%s|%s|#%d %s", r.Company, st, r.Status, next.Seq, next.At.Format(time.RFC3339Nano))
	} else {
		next.Previous = r.prior
		next.Key = legacyKey(r, st)
	}
	next.Notice = notice(r, next.Previous, day)
	won, err := w.sent.PutSent(ctx, tenant, next, rec.Seq)
	if err != nil {
		return queued, fmt.Errorf("nexus: record the notice of %q %q: %w", r.Company, st, err)
	}
	if !won {
		// Another node claimed the change first: queue its claim too (the
		// notifier queues a key once), so that a node that stops after
		// its claim does not leave it unsent.
		rec, found, err = w.sent.LastSent(ctx, tenant, r.Company, st)
		if err != nil || !found || rec.Queued {
			if err != nil {
				err = fmt.Errorf("nexus: read the last notice of %q %q: %w", r.Company, st, err)
			}
			return queued, err
		}
		next = rec
	}
	n, err := w.finish(ctx, tenant, &next)
	return queued + n, err
}

// finish queues the notice of the claim rec under its key and marks it
// queued (unless another node wrote the record since), and returns the
// number of notices queued: 0 when the key was queued before.
func (w *Watcher) finish(ctx context.Context, tenant string, rec *Sent) (int, error) {
	ev := webhook.Event{Status: webhook.EventNexusStatusChanged, Nexus: rec.Notice}
	ok, err := w.notify.Notify(ctx, tenant, rec.Key, "nexus "+rec.Company+" "+rec.Area, ev)
	if err != nil {
		return 0, err
	}
	done := *rec
	done.Seq, done.Queued = rec.Seq+1, true
	won, err := w.sent.PutSent(ctx, tenant, done, rec.Seq)
	if err != nil {
		return 0, fmt.Errorf("nexus: record the notice of %q %q as queued: %w", rec.Company, rec.Area, err)
	}
	if won {
		*rec = done
	}
	n := 0
	if ok {
		n = 1
	}
	return n, nil
}

// legacyKey names the notice of row r (of state st, Canada's with its
// scheme) as a watcher named every notice before it kept records, by
// the day its status began: a Levy that upgrades does not send again a
// status it notified. A status is the one its period's running totals
// came to on a day (Row.since): exceeded on the day crossed, approaching
// on the day the totals came to the share that warns (or the period's
// first day when they do not tell), none on the day they came back
// under that share; a state whose registration ended since is a new
// episode (after the registration's last day). Registered is named by
// the registration's first day, and none that the totals do not date by
// the row's period.
func legacyKey(r *Row, st string) string {
	base := "nexus|" + r.Company + "|" + st + "|" + r.Status + "|"
	after := ""
	if !r.unregistered.IsZero() {
		after = "|after registration " + r.unregistered.String()
	}
	switch {
	case r.Status == StatusRegistered:
		return base + r.Registration.Effective.String()
	case r.Status == StatusExceeded:
		return base + dayText(r.CrossedOn) + after
	case !r.since.IsZero():
		return base + "since " + r.since.String() + after
	}
	return base + r.PeriodStart.String() + after
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

// check refuses a Watcher that NewWatcher did not make, or one made
// without what every check needs, naming the member of WatcherConfig.
func (w *Watcher) check() error {
	if w == nil || w.today == nil {
		return errNoWatcher
	}
	var errs levy.Errors
	if w.figures == nil {
		errs = append(errs, noFigures("Figures"))
	}
	if w.rules == nil {
		errs = append(errs, noRules("Rules"))
	}
	if w.notify == nil {
		errs = append(errs, levy.Invalid("Notify", "the watcher needs a Notifier of the webhook events, and Notify is nil"))
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// errNoWatcher refuses the calls of a nil or zero Watcher.
var errNoWatcher = levy.Invalid("", "nexus: the Watcher was not made by NewWatcher")

// CheckAll checks every tenant once.
func (w *Watcher) CheckAll(ctx context.Context) {
	if w == nil || w.today == nil {
		return
	}
	if err := w.check(); err != nil {
		w.log.Error("nexus: the watcher cannot check", "err", err)
		return
	}
	if w.tenants == nil {
		w.log.Error("nexus: the watcher cannot check", "err", levy.Invalid("Tenants", "the watcher needs the list of its tenants, and Tenants is nil"))
		return
	}
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
