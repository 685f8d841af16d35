// Package kv holds the Badger plumbing that Levy's stores share: opening a
// database with its logs sent to log/slog and its schema version key
// checked (Open), the gate that lets Close wait for the calls in progress
// (Gate), the retry of a read-write transaction that meets a conflict
// (Update), length-prefixed key parts (AppendLP) and the wrapping of an
// error with the operation that met it (Wrap).
//
// Each store keeps its own key layout, schema version and error prefix,
// and documents them in its own package.
package kv
