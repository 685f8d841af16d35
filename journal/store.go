package journal

import (
	"context"

	"github.com/levytax/levy/civil"
)

// Store is a tax journal. Every method is safe for concurrent use and
// reads or writes the records of one tenant only. Errors are *levy.Error
// values where the caller is at fault: ENotFound for an unknown or
// deleted transaction, EConflict for an operation the stored state
// forbids (reversing a reversed transaction, rolling back what no sync
// changed or a reversed transaction, reusing an existing ID for a
// reversal), EInvalid for a bad argument. Anything else is a fault of
// the store.
type Store interface {
	// Post stores tx as the next version of its transaction ID and returns
	// the version as stored (Version and PostedAt set; for a sync version,
	// the lines reconciled with the stored ones, see Reconcile). The write
	// is on disk when Post returns. A transaction of one perspective is
	// not stored over a live one of another (a purchase under the ID of
	// a stored sale): that is levy.EConflict, field FieldTransactionID.
	// Nor is one stored over a reversal whose own reversal stands
	// (levy.EConflict, naming that reversal): superseded, the reversal
	// would give its original back beside the reversal of the reversal.
	// A sync that leaves stored lines in place is refused
	// (levy.EConflict) when its currency, company code, tax-only or
	// marketplace mark differs from the stored version's, which those
	// lines were calculated under (see checkKeptHeader). A sync whose
	// version is the latest version, itself a sync, over again (a
	// retry) stores nothing: Post returns the latest as stored, so that
	// Rollback still undoes the sync.
	// A line that gives an Intrastat supplementary unit with a quantity
	// of 0 in it is levy.EInvalid, naming its supplementaryQuantity.
	// So is an identifier that no calculation could have stored, which
	// the operations over HTTP could then not name (see CheckPost): a
	// transaction ID, document number or line item ID holding a control,
	// line-separator or bidirectional formatting character, or a company
	// code longer than MaxCompanyLength, each error naming its field.
	Post(ctx context.Context, tenant string, tx *Transaction) (*Transaction, error)
	// PostAll stores txs, in order, as Post stores each, in one unit:
	// either every one is stored or none is, and the writes are on disk
	// when it returns. It returns the versions as stored, in the order of
	// txs. One ID may appear more than once (each is the next version of
	// the one before). All of them share one PostedAt. It is Post for
	// many transactions at the cost of about one. When one of them is
	// refused, or its post fails, the error is a *PostAllError naming
	// its index.
	PostAll(ctx context.Context, tenant string, txs []*Transaction) ([]*Transaction, error)
	// Get returns the latest version of a live transaction.
	Get(ctx context.Context, tenant, id string) (*Transaction, error)
	// Versions returns every version of a transaction ID, oldest first,
	// deleted ones included (an audit needs them).
	Versions(ctx context.Context, tenant, id string) ([]*Transaction, error)
	// History returns what the journal holds of a transaction ID, read
	// in one consistent state: every version as Versions returns it,
	// whether the transaction is live, and the ID of the reversal that
	// stands against its latest version (History.ReversedBy). An unknown
	// ID is levy.ENotFound, as for Versions.
	History(ctx context.Context, tenant, id string) (*History, error)
	// Exists reports whether a live (not deleted) transaction has the ID.
	Exists(ctx context.Context, tenant, id string) (bool, error)
	// Delete marks a transaction deleted: it no longer exists for Get,
	// Exists and reports. Its versions stay for audit. A reversal whose
	// own reversal stands is not deleted (levy.EConflict, naming that
	// reversal): its original would count again beside the reversal of
	// the reversal, which gives it back already; delete that one first.
	Delete(ctx context.Context, tenant, id string) error
	// Reverse stores the reversal of a live transaction, not reversed
	// before, as a new transaction whose amounts are the original's
	// negated, and returns it. Either both the reversal and the
	// original's link to it are written, or nothing is. The reversal's
	// posting date (today when r has none) may not be before the
	// original's: that is refused (levy.EInvalid, field
	// FieldReversalPostingDate), since it would take the transaction
	// out of a period that never had it. The reversal's own ID and
	// document number are held to the rules of Post's (levy.EInvalid,
	// FieldReversalID or FieldReversalDocumentNumber).
	Reverse(ctx context.Context, tenant, id string, r Reversal) (*Transaction, error)
	// Rollback returns a transaction whose latest version a sync wrote to
	// the version before it, stored as a new version, and returns that.
	// A transaction whose reversal stands is not rolled back
	// (levy.EConflict): restored under it, the transaction would no
	// longer be what the reversal takes back; delete the reversal first.
	// Nor is one whose sync superseded a version that a reversal still
	// takes back (restored, that version would count beside its own
	// reversal and could be reversed again), nor one whose sync was
	// posted after the transaction was deleted (it started the
	// transaction anew: the version before it is the deleted one).
	// A version restored that is a reversal takes its original back
	// again: it is refused while another reversal of that version
	// stands (the original live or deleted), when a version posted
	// under the original's ID superseded that version, and when the
	// original is a reversal that was deleted (a sale would count
	// twice); the original counts as reversed by it afterwards.
	Rollback(ctx context.Context, tenant, id string) (*Transaction, error)
	// Scan calls fn with the latest version of each live transaction whose
	// posting date lies in [from, to], in posting date and ID order. A
	// zero from or to leaves that end open. fn's error stops the scan and
	// is returned. fn may take long and may use the store; what a scan
	// sees of the writes made while it runs is what Backend.Scan
	// guarantees (over PostgreSQL, each page of 500 transactions is a
	// snapshot of its own).
	Scan(ctx context.Context, tenant string, from, to civil.Date, fn func(*Transaction) error) error
	// Figures returns the sales figures of tenant whose day lies in
	// [from, to] (a zero bound is open), one per key, in the order of
	// CompareFigureKeys: what the transactions that are the latest
	// versions of live ones add up to (see Contribution), kept as they
	// are stored, reversed, rolled back and deleted.
	Figures(ctx context.Context, tenant string, from, to civil.Date) ([]Figure, error)
	// EachFigure calls fn with the sales figures of tenant as Figures
	// returns them, but in no particular order and a key possibly more
	// than once (the caller adds them up), without collecting them.
	EachFigure(ctx context.Context, tenant string, from, to civil.Date, fn func(Figure) error) error
	// CompanyFigures is EachFigure for the figures of one company
	// ("" is that of the figures stored without a company code) in
	// every area, which a backend reads without the other companies'.
	CompanyFigures(ctx context.Context, tenant, company string, from, to civil.Date, fn func(Figure) error) error
	// AreaFigures is EachFigure for the figures of one company in one
	// area (a state "US-TX", or AreaEU), which a backend reads without
	// the others.
	AreaFigures(ctx context.Context, tenant, company, area string, from, to civil.Date, fn func(Figure) error) error
	// AreaSums returns, for each of spans, what the figures of company
	// in area (a state "US-TX", or AreaEU) add up to over its days, read
	// in one consistent state: what the figures AreaFigures gives would
	// add up to (SumFigures), but read from monthly totals where a
	// backend keeps them, so that the cost grows with the months of the
	// spans, not their days. Each span needs both ends, From not after
	// To; there may be at most MaxSpans, covering at most MaxSpans
	// months together.
	AreaSums(ctx context.Context, tenant, company, area string, spans []Span) ([]Sum, error)
	// ReplaceFigures replaces every sales figure of tenant with figs, in
	// one unit: a rebuild's repair. Figures of one key are added up.
	ReplaceFigures(ctx context.Context, tenant string, figs []Figure) error
	// Close releases the store; the methods fail afterwards.
	Close() error
}

// History is what the journal holds of one transaction ID (see
// Store.History).
type History struct {
	// Versions are every version of the ID, oldest first, deleted ones
	// included.
	Versions []*Transaction
	// Live is false when the transaction was deleted.
	Live bool
	// ReversedBy is the ID of the reversal that takes back the latest
	// version, while it does: a live transaction whose latest version
	// is a reversal of that version. It is empty when the transaction
	// was never reversed, when its reversal was deleted or its ID used
	// since by a transaction of its own, and when a version posted
	// after the reversal superseded the version it took back. A
	// transaction deleted after it was reversed keeps its reversal,
	// which stays a credit in the journal.
	ReversedBy string
}
