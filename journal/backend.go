package journal

import (
	"context"

	"github.com/levytax/levy/civil"
)

// Backend is the storage beneath a journal: the atomic units in which the
// operations of a Store read and write one tenant's records, and the scan
// of its period index. The operations themselves (the checks of the
// arguments, versions, reversals, sync reconciliation, rollback) are the
// journal's, written once over any Backend by NewStore; a backend only
// keeps records. Package badger and the memory store of NewMemory are
// backends, and the stores they make pass journaltest.Run.
//
// A Backend must be safe for concurrent use. Its errors need no context:
// NewStore wraps them with the operation and the transaction ID. A
// backend that is closed returns ErrClosed; one whose storage cannot take
// a write returns a *levy.Error of code levy.EUnavailable.
type Backend interface {
	// Update runs fn in one read-write unit over the records of tenant
	// and makes its writes durable before it returns nil. ids are the
	// transaction IDs fn may write (one, two for a reversal, many for
	// PostAll): a
	// backend may serialize the units that share one. When fn fails,
	// nothing of what it wrote is kept and Update returns its error as
	// it is. A unit that meets a concurrent write may be run again, so
	// fn must have no effect but through its State.
	Update(ctx context.Context, tenant string, ids []string, fn func(State) error) error
	// View runs fn in one read-only unit over the records of tenant,
	// which sees one consistent state, and returns fn's error as it is.
	View(ctx context.Context, tenant string, fn func(State) error) error
	// Scan calls fn with the latest version of each live transaction of
	// tenant whose posting date lies in [from, to] (a zero bound is
	// open), in posting date and ID order. fn's error stops the scan and
	// is returned as it is. The transactions are the caller's.
	//
	// fn may take long (an export writes each transaction to a client
	// that may read slowly) and may use the store, so while fn runs a
	// backend holds nothing that other units wait for: no pooled
	// connection, lock or transaction open on a shared database. It may
	// therefore read a page at a time, each page a consistent state of
	// its own, going on after the last key (posting date, ID) it
	// reported. A scan guarantees no more than that: the keys it reports
	// strictly increase, so none is reported twice; a transaction that
	// no unit writes or deletes while the scan runs is reported exactly
	// once when its posting date is in the period; one written or
	// deleted meanwhile is reported at most once, in a version that was
	// its latest at some moment of the scan, unless a write moves its
	// posting date across the scan's position: moved ahead of it, it may
	// be reported under both dates; moved behind it, under neither. A
	// backend that reads one snapshot for the whole scan (Badger's, the
	// memory store) gives this and more.
	Scan(ctx context.Context, tenant string, from, to civil.Date, fn func(*Transaction) error) error
	// Figures calls fn with the sales figures of tenant that q selects
	// (the days in [q.From, q.To], a zero bound open; with q.Area, only
	// those of q.Company in q.Area; with q.OneCompany, only those of
	// q.Company; see FigureQuery.Selects), as the units added them up
	// (State.AddFigures), in no particular order. A key may come more
	// than once (a backend may keep a day's figures in parts): the
	// caller adds them up. It reads one consistent state. fn's error
	// stops it and is returned as it is.
	Figures(ctx context.Context, tenant string, q FigureQuery, fn func(Figure) error) error
	// AreaSums returns, for each of spans (checked: both ends, From not
	// after To), what the figures of company in area add up to over its
	// days, read in one consistent state. A backend that keeps monthly
	// totals beside the days reads the months PlanMonthReads finds whole
	// from them, and the others day by day.
	AreaSums(ctx context.Context, tenant, company, area string, spans []Span) ([]Sum, error)
	// ReplaceFigures replaces every sales figure of tenant with figs (in
	// the order of CompareFigureKeys, one per key), in one unit.
	ReplaceFigures(ctx context.Context, tenant string, figs []Figure) error
	// Close releases the backend, after the units in progress end. Its
	// methods return ErrClosed afterwards; a second Close returns nil.
	Close() error
}

// State is one tenant's records within a unit of a Backend. The
// operations make every check before their first write, so a unit whose
// fn fails has written nothing it needs undone; a backend undoes it
// anyway. A State belongs to the goroutine that runs the unit and is
// valid only during it.
type State interface {
	// Head returns the head of id, and whether there is one.
	Head(id string) (h Head, found bool, err error)
	// Version returns version v of id, which must exist (a missing one is
	// a fault of the store). The transaction is the caller's: a backend
	// that keeps transactions in memory returns a copy.
	Version(id string, v int) (*Transaction, error)
	// PutVersion stores tx under its TransactionID and Version. The
	// backend must not keep tx itself: a backend that keeps transactions
	// in memory stores a copy.
	PutVersion(tx *Transaction) error
	// PutHead replaces the head of id, old (found says whether there was
	// one), with h, and files the latest version of a live transaction
	// in the period index under its posting date (and takes it out when
	// h is deleted or its posting date changed).
	PutHead(id string, old Head, found bool, h Head) error
	// AddFigures adds figs (one per key, in the order of
	// CompareFigureKeys; amounts may be negative) to the tenant's sales
	// figures, so that they change with the transactions in the same
	// unit. A figure that adds up to zero may be kept or dropped.
	AddFigures(figs []Figure) error
}

// NewStore returns the Store of Levy's journal over b: every operation of
// the Store interface, each in one unit of b. Closing the store closes
// b. The store is safe for concurrent use. With a nil b, every operation
// is refused as levy.EInvalid and Close returns nil.
func NewStore(b Backend) Store {
	if b == nil {
		b = noBackend{}
	}
	return operations{be: b}
}
