// Command levydata builds Levy's default dataset from its public sources.
//
//	go run ./cmd/levydata --src ../shared/data [--out data]
//
// It reads the source files (see the README of the source folder), the
// tables the project curates and the states' folders, and writes the
// dataset package's compact files under <out>/files, its manifest
// <out>/zz_manifest.go, SOURCES.md and the generated documents. The work
// is package datagen's; the states' parts are listed by package states.
//
//	go run ./cmd/levydata --src ../shared/data --taxability-open [--states AL,AR]
//
// only lists the cells of the US taxability matrix that need a decision,
// and writes nothing.
package main
