// Package data holds Levy's embedded default dataset and reads it.
//
// The dataset is built by the generator in data/gen from public sources
// (listed with their licences in SOURCES.md) into compact files under
// files/, embedded in the binary with go:embed. Each part (codes,
// jurisdictions and rates, boundaries, postal codes, location evidence,
// taxability of product classes, holidays and shipping) is
// decoded the first time it is asked for, once, so a program pays only for
// the parts it uses.
//
// A Dataset is immutable once a part is loaded and safe for concurrent use.
// Default returns the embedded dataset; Open reads a dataset from another
// file system with the same layout, for example a folder written by
// `go run ./data/gen --out DIR`.
//
// Regenerate with:
//
//	go generate ./data/...
package data

//go:generate go run ./gen --src ../../shared/data --out .
