//go:build race

package cli

// readyScale lengthens the wait for a started server under the race
// detector, which runs levy several times slower than a plain build
// (make race on a loaded two-core machine took over a minute to start
// servers that start in a second without it).
const readyScale = 6
