package cli

import (
	"os"

	"golang.org/x/sys/windows"
)

// isTerminalFile reports whether f is a console, whose mode it can read;
// NUL and other character devices have none.
func isTerminalFile(f *os.File) bool {
	rc, err := f.SyscallConn()
	if err != nil {
		return false
	}
	var cerr error
	if err := rc.Control(func(fd uintptr) {
		var mode uint32
		cerr = windows.GetConsoleMode(windows.Handle(fd), &mode)
	}); err != nil {
		return false
	}
	return cerr == nil
}
