package profile

import (
	"context"
	"time"

	"github.com/levytax/levy/internal/storeclosed"
)

// Store keeps the tax profiles of tenants: every version of every record,
// the log of the changes that made them, each tenant's version, and the
// documents of certificates. The rules (validation, normalisation, the
// checks across records) stay in Service; a Store keeps records and makes
// each Apply one atomic unit, so that a backend can implement it with one
// transaction.
//
// Versions. A tenant's version starts at 0 and goes up by one with each
// Apply; a record's versions are the tenant versions of the changes that
// wrote it. A change is stamped with a time: a store never stamps a
// change before the tenant's previous one (it takes the previous time
// when it is given an earlier one, as a node whose clock lags would), so
// that the order of the times is the order of the versions, and a read
// as of a time sees exactly the changes made up to it.
//
// Every method is safe for concurrent use; the Applies of one tenant take
// turns, whichever process or node makes them. Errors are *levy.Error
// values where the caller is at fault (ENotFound for a document that is
// not there, another tenant's included) or the store cannot take writes
// now (EUnavailable); the error of a Commit's Check is returned as it is.
// After Close, every method fails with ErrClosed, wrapped.
type Store interface {
	// Apply stores the entries of c for tenant, all or none, as the
	// tenant's next version, stamped with c.At (or the time of the
	// tenant's previous change, when that is later) and c.By, and returns
	// that version. Before it writes, it calls c.Check, when not nil,
	// with the tenant's records that c.Need names as they are, in the
	// same atomic unit: an error of Check stores nothing and is
	// returned. Check may be called more than once (when the unit is
	// tried again).
	Apply(ctx context.Context, tenant string, c Commit) (uint64, error)
	// Records returns the tenant's records as of asOf: as the changes
	// stamped at or before it left them. A zero asOf means now: every
	// change. A tenant without changes has none.
	Records(ctx context.Context, tenant string, asOf time.Time) (*Records, error)
	// History returns the versions of the tenant's record of key k,
	// oldest first, deletions included; none when there are none.
	History(ctx context.Context, tenant string, k Key) ([]Revision, error)
	// Version returns the tenant's version: 0 before its first change. It
	// is cheap, for caches to poll.
	Version(ctx context.Context, tenant string) (uint64, error)
	// Tenants returns the tenants whose version is not 0, in order: those
	// that have changed their profile at least once.
	Tenants(ctx context.Context) ([]string, error)

	// PutDocument stores content as the tenant's document of digest (the
	// hex SHA-256 of content, which the caller has computed). Storing a
	// digest the tenant has already stored does nothing.
	PutDocument(ctx context.Context, tenant, digest string, content []byte) error
	// Document returns the tenant's document of digest, or an ENotFound
	// error (field sha256) when the tenant has none.
	Document(ctx context.Context, tenant, digest string) ([]byte, error)

	// CheckWrite returns nil when the store can take writes, and an error
	// of code levy.EUnavailable that says why not.
	CheckWrite(ctx context.Context) error
	// Close releases the store once the calls in progress have returned;
	// the methods fail afterwards, and a second Close returns nil.
	Close() error
}

// Commit is one change for Store.Apply.
type Commit struct {
	// At is when the change is made; By is the credential that makes it
	// (a client ID, or "cli").
	At time.Time
	By string
	// Entries are the records to store and delete (ChangeSet.Entries),
	// each key at most once.
	Entries []Entry
	// Need names the records that Check sees.
	Need Need
	// Check, when not nil, sees the tenant's current records that Need
	// names, inside the atomic unit of the change, and may refuse it
	// with an error. The Records it is given carry the tenant's current
	// version, its time and credential.
	Check func(current *Records) error
}

// Need names the records of a tenant that a Commit's Check sees, so that
// a change reads what its checks need rather than the whole profile.
type Need struct {
	// All: every record.
	All bool
	// Keys: the records of these keys, those that exist.
	Keys []Key
	// CertificatesOf: every certificate of these customers.
	CertificatesOf []string
}

// Wants reports whether n names k, of a record that exists.
func (n *Need) Wants(k Key) bool {
	if n.All {
		return true
	}
	if k.Kind == KindCertificate {
		for _, c := range n.CertificatesOf {
			if c == k.Scope {
				return true
			}
		}
	}
	for _, w := range n.Keys {
		if w == k {
			return true
		}
	}
	return false
}

// ErrClosed is the error, wrapped, of a Store's methods after Close.
// It carries the code levy.EUnavailable (errors.As finds a *levy.Error
// in it): the store cannot serve now, as when its host is shutting down,
// and the same call may succeed later, to a store opened again.
var ErrClosed = storeclosed.New("the profile store is closed")
