//go:build linux || darwin || freebsd

package badger

import "syscall"

// freeSpace returns the bytes of the file system of dir that an
// unprivileged process may still take, and false when it can not tell.
func freeSpace(dir string) (int64, bool) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return 0, false
	}
	free := uint64(st.Bavail) * uint64(st.Bsize)
	return int64(min(free, 1<<62)), true
}
