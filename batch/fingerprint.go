package batch

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"

	"github.com/levytax/levy"
)

// How a resumed run knows its input is the interrupted run's.
//
// A run that writes to a File, with a journal or without, chains a
// digest of each document of its input, in input order: the chain after
// document n is the SHA-256 of the chain after document n-1 followed by
// the digest of document n (a JSON lines input's line without its line
// ending, a CSV input's document as read). Each checkpoint keeps the
// chain before its group and the chain after it. A resumed run computes
// the chain of the documents it skips and, before it calculates
// anything, compares it with the checkpoint's at the group's start, or
// at its end when the output holds the group: another input is refused
// (ErrInputChanged), with the output, the checkpoint and the journal
// left as they were.

// ErrInputChanged is the error of a resumed run whose input is not the
// interrupted run's: the documents it skips differ from those the
// interrupted run answered.
// It carries levy.EConflict (levy.ErrorCode): the input contradicts
// the interrupted run's output and checkpoint.
var ErrInputChanged = newCoded(levy.EConflict, "batch: the input is not the one of the interrupted run")

// digest is the digest of one document of an input, or a chain of them.
type digest [sha256.Size]byte

// chained returns the chain after a document of digest d, when c is the
// chain before it.
func (c digest) chained(d digest) digest {
	var b [2 * sha256.Size]byte
	copy(b[:], c[:])
	copy(b[sha256.Size:], d[:])
	return sha256.Sum256(b[:])
}

// String returns the digest in hexadecimal, as a checkpoint keeps it.
func (c digest) String() string { return hex.EncodeToString(c[:]) }

// lineDigest is the digest of a line of a JSON lines input: its bytes
// without the line ending, or, for a line over the limit, its length
// being unknown, a mark of that.
func lineDigest(in input) digest {
	if in.tooLong > 0 {
		return sha256.Sum256([]byte("too long " + strconv.Itoa(in.tooLong)))
	}
	return sha256.Sum256(in.body)
}

// csvDigest is the digest of a document of a CSV input: its rows, its
// columns as read, and the request body they make or their errors.
func csvDigest(d *csvDocument) digest {
	h := sha256.New()
	fmt.Fprintf(h, "%d %d %q %q %q %d\n", d.FirstRow, d.LastRow, d.Number, d.TransactionID, d.Currency, len(d.Body))
	h.Write(d.Body)
	if d.Err != nil {
		h.Write([]byte(d.Err.Error()))
	}
	var out digest
	h.Sum(out[:0])
	return out
}

// inputCheck is what a resumed run compares its skipped input with: the
// chain after the first n documents, from the checkpoint.
type inputCheck struct {
	n    int
	want string
}

// fingerprint follows the chain of the documents a run skips, and
// checks it against the checkpoint's. It belongs to the goroutine that
// reads the input; the chain it ends with is read by the run's
// goroutine only after a document past the skipped ones was handed on,
// or after the input ended.
type fingerprint struct {
	check *inputCheck // nil when there is nothing to check
	chain digest
	n     int
	err   error // ErrInputChanged, once the check failed
}

// skip takes in the digest of the next skipped document, and reports
// whether the input still matches.
func (f *fingerprint) skip(d digest) bool {
	f.chain = f.chain.chained(d)
	f.n++
	if f.check != nil && f.n == f.check.n {
		return f.verify()
	}
	return true
}

// verify compares the chain with the checkpoint's and sets err when they
// differ, or when the input ended before the document it names.
func (f *fingerprint) verify() bool {
	if f.check == nil || f.err != nil {
		return f.err == nil
	}
	if f.n < f.check.n {
		f.err = fmt.Errorf("%w: the input has %s, fewer than the %d the interrupted run answered; resume with the same input", ErrInputChanged, plural(f.n, "document"), f.check.n)
		return false
	}
	if f.chain.String() != f.check.want {
		f.err = fmt.Errorf("%w: its first %d documents differ from those the interrupted run answered; resume with the same input", ErrInputChanged, f.check.n)
		return false
	}
	f.check = nil // checked once
	return true
}

// plural writes n and the noun one, with an s unless n is 1: "1
// document", "0 documents".
func plural(n int, one string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %ss", n, one)
}
