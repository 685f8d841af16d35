//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package cli

import (
	"os"

	"golang.org/x/sys/unix"
)

// isTerminalFile reports whether f is a terminal: a device that answers
// the request for its terminal settings. Being a character device is not
// enough: /dev/null is one, and a command whose output or input is
// /dev/null talks to no one.
func isTerminalFile(f *os.File) bool {
	rc, err := f.SyscallConn()
	if err != nil {
		return false
	}
	var terr error
	if err := rc.Control(func(fd uintptr) { _, terr = unix.IoctlGetTermios(int(fd), ioctlReadTermios) }); err != nil {
		return false
	}
	return terr == nil
}
