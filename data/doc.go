// Package data holds Levy's embedded default dataset and reads it.
//
// The dataset is built by the generator, command levydata over package
// internal/datagen, from public sources (listed with their licences in
// SOURCES.md) into compact files under files/, embedded in the binary
// with go:embed. Each part (codes,
// jurisdictions and rates, boundaries, postal codes, US local areas,
// location evidence, taxability of product classes, holidays and
// shipping) is decoded the first time it is asked for, once, so a program
// pays only for the parts it uses.
//
// The US local part (Local, local.lvd) holds the tax areas below the
// state: for each county the jurisdictions outside its incorporated
// places, and for each Census place whose jurisdictions differ the
// place's own, with the place table that address lookups search by name
// and the place each ZIP code mainly serves. Each state's content is
// reconciled on its own (its folder internal/datagen/states/<st>: the
// builder, the note <st>.md and the curated tables), and COVERAGE.md says
// how far it goes. A user's content (package
// data/content) replaces a state's local content through an Overlay.
//
// A decoded part stays in memory for as long as its dataset, and every
// garbage collection of the program marks it again. The large parts are
// therefore kept in tables that hold few pointers: strings are parts of,
// or offsets into, one long string, lists share one array, and indexes
// map hashes to positions (see index.go). With the engine loaded, a
// collection follows about 100,000 pointers instead of 1.3 million.
//
// A Dataset is immutable once a part is loaded and safe for concurrent use.
// Default returns the embedded dataset, whose files are each checked
// against the SHA-256 in the manifest (zz_manifest.go) before they are
// decoded, so that a file changed without regenerating is refused with an
// error naming it; Open reads a dataset from another file system with the
// same layout, for example a folder written by
// `go run ./cmd/levydata --out DIR`, and checks no digests. An error of a
// part names its file.
//
// Regenerate with:
//
//	go generate ./data/...
package data

//go:generate go run ../cmd/levydata --src ../../shared/data --out .
