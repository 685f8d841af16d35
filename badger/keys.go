package badger

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/levytax/levy"
)

// AppendLP appends s length-prefixed: its length as a uvarint, then its
// bytes. No string so appended can run into the key part after it.
func AppendLP(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// LPSize is the size of s length-prefixed, as AppendLP appends it.
func LPSize(s string) int {
	n := 1
	for x := len(s); x >= 0x80; x >>= 7 {
		n++
	}
	return n + len(s)
}

// Wrap returns err with the package name, the operation and the subject
// that met it ("journal: post INV-1: ...", or without a subject
// "journal: scan: ..."), except a *levy.Error, which is the caller's to
// read as it is, and nil, which stays nil.
func Wrap(name, op, subject string, err error) error {
	if err == nil {
		return nil
	}
	var le *levy.Error
	if errors.As(err, &le) {
		return err
	}
	if subject == "" {
		return fmt.Errorf("%s: %s: %w", name, op, err)
	}
	return fmt.Errorf("%s: %s %s: %w", name, op, subject, err)
}
