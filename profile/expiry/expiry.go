package expiry

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/einvoice/webhook"
	"github.com/levytax/levy/internal/tick"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/rules"
)

// DefaultInterval is how often Run looks for certificates that are due,
// unless told otherwise: the notices are per day, and a scan of a tenant
// whose profile did not change since its last one on the same day reads
// nothing but its version.
const DefaultInterval = time.Hour

// Sender queues a notice for a tenant's webhook connections once per key
// and reports whether this call queued it; *einvoice.Service is one.
type Sender interface {
	Notify(ctx context.Context, tenant, key, subject string, ev webhook.Event) (bool, error)
}

// Notifier sends the expiry notices of the certificates of every tenant
// of a profile store. Make it with New. It is safe for concurrent use;
// its scans take turns.
type Notifier struct {
	store  profile.Store
	sender Sender
	log    *slog.Logger
	today  func() civil.Date

	mu sync.Mutex
	// done holds, per tenant, the version and the day of its last scan
	// that left nothing due unsent: a tenant at the same version on the
	// same day is not read again.
	done map[string]scanned
}

// scanned is a tenant's scan that sent all it had to.
type scanned struct {
	version uint64
	day     civil.Date
}

// Option configures a Notifier.
type Option func(*Notifier)

// WithLogger sets the logger of the notices sent and the failures
// (default: none).
func WithLogger(l *slog.Logger) Option { return func(n *Notifier) { n.log = l } }

// WithToday sets the clock of the notices' days (default civil.Today, in
// UTC).
func WithToday(today func() civil.Date) Option { return func(n *Notifier) { n.today = today } }

// New returns a Notifier of the certificates of store, which sends
// through sender.
func New(store profile.Store, sender Sender, opts ...Option) *Notifier {
	n := &Notifier{store: store, sender: sender, log: slog.New(slog.DiscardHandler), today: civil.Today, done: map[string]scanned{}}
	for _, o := range opts {
		o(n)
	}
	return n
}

// Key returns the key under which the notice of a customer's certificate
// due on noticeDate is sent once: the parts are separated by U+001F,
// which no code of a profile may hold.
func Key(customerCode, number string, noticeDate civil.Date) string {
	return "certificate-expiring\x1f" + customerCode + "\x1f" + number + "\x1f" + noticeDate.String()
}

// Due returns the notice date of certificate c under a policy of days,
// and whether c is due on day: with an expiration date, not ended by a
// revocation first, and day between the notice date and the expiration
// date, both included. A revoked certificate covers the days before its
// revocation date (profile.Certificate.Check): one revoked from a day
// after its expiration date still covers every day up to its expiry,
// which ends it first, and is due as an active one is; one revoked on or
// before its expiration date (or without a date) ends by the revocation,
// and is not.
func Due(c *profile.Certificate, days int, day civil.Date) (civil.Date, bool) {
	if days <= 0 || c.ExpirationDate.IsZero() || c.Revoked() && !c.RevokedDate.After(c.ExpirationDate) {
		return civil.Date{}, false
	}
	notice := c.ExpirationDate.AddDays(-days)
	return notice, !day.Before(notice) && !day.After(c.ExpirationDate)
}

// Renewed reports whether one of certs (the tenant's certificates)
// renews certificate c: a later certificate of c's customer, for the
// same reason, that on the day after c's expiration date covers all that
// c covers, so that c's expiry changes no tax nor the reason a tax is
// exempt for, and its notice would only send the tax team after a
// certificate it holds already. Such a certificate
//
//   - takes effect after c does (a certificate of the same day or an
//     earlier one is held beside c, not given to renew it), and no later
//     than the day after c's expiration date;
//   - has c's reason code;
//   - is blanket, or for the transaction c is for;
//   - covers each of c's jurisdictions (one of its own covers it, see
//     profile.Covers: a certificate of US-TX renews one of US-4819000,
//     never the reverse);
//   - covers every product class, or each class that c lists is one it
//     lists or within one it lists (CHILDRENS_CLOTHING within CLOTHING,
//     as rules.ParentOf says);
//   - is in force on that day: not expired, and not revoked from that
//     day or an earlier one.
//
// A certificate that leaves a gap, that covers less, that gives
// another reason, or that ends with c renews nothing, and c is notified.
func Renewed(c *profile.Certificate, certs []profile.Certificate) bool {
	if c.ExpirationDate.IsZero() {
		return false
	}
	next := c.ExpirationDate.AddDays(1)
	for i := range certs {
		s := &certs[i]
		if s.CustomerCode != c.CustomerCode || s.Number == c.Number {
			continue
		}
		if renews(s, c, next) {
			return true
		}
	}
	return false
}

// renews reports whether s covers all that c covers on day next.
func renews(s, c *profile.Certificate, next civil.Date) bool {
	switch {
	case s.TransactionID != "" && s.TransactionID != c.TransactionID,
		s.ReasonCode != c.ReasonCode,
		!s.EffectiveDate.After(c.EffectiveDate),
		next.Before(s.EffectiveDate),
		!s.ExpirationDate.IsZero() && next.After(s.ExpirationDate),
		s.Revoked() && !next.Before(s.RevokedDate):
		return false
	}
	for _, j := range c.Jurisdictions {
		if !slices.ContainsFunc(s.Jurisdictions, func(e string) bool { return profile.Covers(e, j) }) {
			return false
		}
	}
	if len(s.ProductClasses) == 0 {
		return true
	}
	if len(c.ProductClasses) == 0 {
		return false
	}
	for _, class := range c.ProductClasses {
		if !classCovered(s.ProductClasses, class) {
			return false
		}
	}
	return true
}

// classCovered reports whether class is one of classes or within one
// of them.
func classCovered(classes []string, class string) bool {
	for k := 0; k < 16; k++ {
		if slices.Contains(classes, class) {
			return true
		}
		p, ok := rules.ParentOf(class)
		if !ok || p == class {
			return false
		}
		class = p
	}
	return false
}

// Scan looks at the certificates of every tenant once and sends the
// notices due today that were not sent before. It returns how many it
// queued. A tenant whose reading or sending fails is logged and left for
// the next scan, after the others are done; the first error is returned.
func (n *Notifier) Scan(ctx context.Context) (int, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	tenants, err := n.store.Tenants(ctx)
	if err != nil {
		return 0, fmt.Errorf("expiry: list the tenants: %w", err)
	}
	day := n.today()
	var first error
	sent := 0
	for _, tenant := range tenants {
		k, err := n.scanTenant(ctx, tenant, day)
		sent += k
		if err != nil {
			if ctx.Err() != nil {
				return sent, err
			}
			n.log.Warn("expiry: the notices of a tenant", "tenant", tenant, "err", err)
			if first == nil {
				first = err
			}
		}
	}
	return sent, first
}

// scanTenant sends the tenant's notices due on day.
func (n *Notifier) scanTenant(ctx context.Context, tenant string, day civil.Date) (int, error) {
	v, err := n.store.Version(ctx, tenant)
	if err != nil {
		return 0, fmt.Errorf("expiry: the version of tenant %s: %w", tenant, err)
	}
	if n.done[tenant] == (scanned{v, day}) {
		return 0, nil
	}
	r, err := n.store.Records(ctx, tenant, time.Time{})
	if err != nil {
		return 0, fmt.Errorf("expiry: the profile of tenant %s: %w", tenant, err)
	}
	days := 0
	if r.Policy != nil {
		days = r.Policy.ExpiryNoticeDays
	}
	names := map[string]string{}
	for _, c := range r.Customers {
		names[c.Code] = c.Name
	}
	sent := 0
	// The certificates of each customer, for Renewed: made at the first
	// certificate due, so that a tenant of many certificates compares
	// each due one with its own customer's alone.
	var byCustomer map[string][]profile.Certificate
	for i := range r.Certificates {
		c := &r.Certificates[i]
		notice, due := Due(c, days, day)
		if !due {
			continue
		}
		if byCustomer == nil {
			byCustomer = map[string][]profile.Certificate{}
			for _, x := range r.Certificates {
				byCustomer[x.CustomerCode] = append(byCustomer[x.CustomerCode], x)
			}
		}
		if Renewed(c, byCustomer[c.CustomerCode]) {
			continue
		}
		queued, err := n.sender.Notify(ctx, tenant, Key(c.CustomerCode, c.Number, notice), "certificate "+c.CustomerCode+"/"+c.Number,
			event(c, names[c.CustomerCode], notice, days))
		if err != nil {
			return sent, fmt.Errorf("expiry: the notice of certificate %s/%s of tenant %s: %w", c.CustomerCode, c.Number, tenant, err)
		}
		if queued {
			sent++
			n.log.Info("certificate expiry notice queued", "tenant", tenant, "customer", c.CustomerCode, "certificate", c.Number,
				"expires", c.ExpirationDate.String(), "notice_date", notice.String())
		}
	}
	n.done[tenant] = scanned{r.Version, day}
	return sent, nil
}

// event returns the event of certificate c, of a customer named name,
// due on notice, days before its expiration.
func event(c *profile.Certificate, name string, notice civil.Date, days int) webhook.Event {
	return webhook.Event{Status: webhook.EventCertificateExpiring, Certificate: &webhook.CertificateNotice{
		Number: c.Number, CustomerCode: c.CustomerCode, CustomerName: name, Jurisdictions: c.Jurisdictions,
		ReasonCode: c.ReasonCode, ProductClasses: c.ProductClasses, TransactionID: c.TransactionID,
		EffectiveDate: c.EffectiveDate.String(), ExpirationDate: c.ExpirationDate.String(),
		NoticeDate: notice.String(), DaysBefore: days, HasDocument: c.Document != nil,
	}}
}

// Run scans at once, then every interval (DefaultInterval when it is not
// positive) until ctx ends. A failed scan is logged (Scan) and tried
// again at the next tick. Each scan is given tick.Bound intervals: one
// that the store does not answer, as over a database connection that
// hangs without failing, gives up then, and the next tick scans again
// rather than never.
func (n *Notifier) Run(ctx context.Context, interval time.Duration) {
	if interval <= 0 {
		interval = DefaultInterval
	}
	tick.Every(ctx, interval, true, func(ctx context.Context) {
		if _, err := n.Scan(ctx); err != nil && ctx.Err() == nil {
			n.log.Warn("expiry: a scan of the certificates", "err", err)
		}
	})
}
