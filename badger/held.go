package badger

import (
	"errors"
	"strings"
	"syscall"
)

// Held reports whether err, from opening a store of this package, is the
// refusal of a directory that another process holds open: Badger locks
// its directory for one process, and says so with the flock's
// EWOULDBLOCK or, wrapped as text, "Cannot acquire directory lock".
// Commands use it to tell the user to stop the holder or go through it.
func Held(err error) bool {
	return err != nil && (errors.Is(err, syscall.EWOULDBLOCK) || strings.Contains(err.Error(), "Cannot acquire directory lock"))
}
