// Package taxareatest holds the point sets that Levy's coordinate
// benchmarks share, so that Levy and the peer it is measured against see
// exactly the same points. The sets are deterministic: the same seeds give
// the same points on every run and machine.
package taxareatest
