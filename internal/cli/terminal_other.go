//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly || windows)

package cli

import "os"

// isTerminalFile reports whether f is a character device, the nearest to
// a terminal this system tells without a terminal request of its own.
func isTerminalFile(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
