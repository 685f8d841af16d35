//go:build unix

package batch

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// lockOutput takes an exclusive lock of the output file f, without
// waiting: ErrOutputBusy when another open File holds it, in this
// process or another. The lock ends when f is closed, or with the
// process, kill -9 included. A file system without locks (ENOLCK,
// EOPNOTSUPP) leaves the file unlocked, as before there were locks.
func lockOutput(f *os.File) error {
	rc, err := f.SyscallConn()
	if err != nil {
		return fmt.Errorf("lock the output %s: %w", f.Name(), err)
	}
	var lerr error
	if err := rc.Control(func(fd uintptr) {
		for {
			lerr = syscall.Flock(int(fd), syscall.LOCK_EX|syscall.LOCK_NB)
			if !errors.Is(lerr, syscall.EINTR) {
				return
			}
		}
	}); err != nil {
		return fmt.Errorf("lock the output %s: %w", f.Name(), err)
	}
	switch {
	case lerr == nil, errors.Is(lerr, syscall.ENOLCK), errors.Is(lerr, syscall.EOPNOTSUPP):
		return nil
	case errors.Is(lerr, syscall.EWOULDBLOCK):
		return fmt.Errorf("%w: %s", ErrOutputBusy, f.Name())
	}
	return fmt.Errorf("lock the output %s: %w", f.Name(), lerr)
}
