// Package badger holds every store of Levy that keeps its records in
// Badger (github.com/dgraph-io/badger/v4), the embedded default, and the
// plumbing they share: opening a database with its logs sent to log/slog
// and its schema version checked (Open), the gate that lets Close wait for
// the calls in progress (Gate), the retry of a read-write transaction that
// meets a conflict (Update), the write probe that notices a data
// directory taken away (Probe), length-prefixed key parts (AppendLP) and
// the wrapping of an error with the operation that met it (Wrap).
//
// The domain packages (journal, auth, einvoice, profile) say what they
// need from storage as interfaces and hold no Badger code; this package
// implements them, and each store runs its domain's conformance suite.
// Each store keeps its own key layout, schema version and error prefix,
// documented beside it. No other package of Levy imports Badger.
package badger
