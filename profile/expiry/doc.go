// Package expiry sends the expiry notices of customers' exemption
// certificates: a signed webhook event (status
// webhook.EventCertificateExpiring) through the e-invoicing outbox, a
// number of days before a certificate's expiration date that each tenant
// chooses in its profile's policy (profile.Policy.ExpiryNoticeDays; 0,
// the default, sends none).
//
// A Notifier looks at every tenant's certificates (Scan), at start and
// every interval (Run). A certificate is due from its notice date, its
// expiration date less the tenant's days, to its expiration date
// included, unless a revocation ends it first (a certificate revoked from
// a day after its expiration date expires first, and is notified); dates
// are days in UTC. A due certificate that another certificate of its
// customer renews (Renewed: a later one, for the same reason, that covers
// all it covers from the day after its expiry) is not notified, as the tax team holds the renewal
// already; it is when that other certificate is revoked, or replaced by
// one that covers less, before the expiry. Each due
// certificate is notified under a key of its own, its customer, its
// number and its notice date, which the outbox records in the unit that
// queues the event (einvoice.Service.Notify): the event of a certificate
// and notice date is queued once, across restarts and across the nodes
// of a cluster that all run a Notifier over one database. A certificate
// whose expiration date, or whose tenant's days, change has another
// notice date, and is notified again; a certificate imported after its
// notice date is notified at the next scan, until it expires.
//
// The package holds no storage and no HTTP: it reads a profile.Store and
// sends through a Sender, which *einvoice.Service is.
package expiry
