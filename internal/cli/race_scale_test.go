//go:build !race

package cli

// readyScale lengthens the wait for a started server; without the race
// detector levy starts in about a second, so the wait keeps its length.
const readyScale = 1
