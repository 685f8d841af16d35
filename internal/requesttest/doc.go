// Package requesttest builds v2 request bodies for the tests and
// benchmarks of Levy's packages (engine, api): a golden request scaled to
// many lines, so that large documents are made from the ones whose
// answers are known.
package requesttest
