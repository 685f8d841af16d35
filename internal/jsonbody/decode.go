package jsonbody

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/levytax/levy"
)

// MaxJSONDepth is the deepest nesting of JSON objects and arrays that
// Decode accepts. Requests nest far less (MaxLineDepth levels of lines
// take 16); the bound keeps a hostile body from costing deep recursion.
const MaxJSONDepth = 64

// ErrTooLarge is in the chain of the error Decode returns for a body over
// its size limit, so that a transport can answer it with its own status
// (413 in HTTP). The error is also a *levy.Error of code EInvalid.
var ErrTooLarge = errors.New("jsonbody: request body too large")

// Decode reads one JSON value from r into v, a pointer such as
// *SaleRequest. It reads at most limit bytes (a limit of 0 or less sets
// no bound), rejects bodies nested deeper than MaxJSONDepth and any data
// after the value, and ignores members v does not know, as clients send
// extras. It refuses what encoding/json would read loosely: a member name
// given twice in one object, a name that differs from one of v's
// members only in case (see strict.go), and a string or member name
// holding bytes that are not UTF-8 or a \u escape of a lone surrogate,
// which encoding/json would read with U+FFFD in their place (see
// invalidUTF8). Every error it returns for a bad body is a *levy.Error
// of code EInvalid whose Field is the JSON path of the offending value
// ("lineItems[1].quantity.value"), or "" when the body as a whole is at
// fault. Only a failure of r itself, or a v that is
// not a pointer, gives another error.
//
// Values decode as encoding/json decodes them, but for one leniency: an
// integer takes a number whose value is whole however it is written
// (2.0, 8.4e2, 1e0), as JSON has one type of number (see whole.go); 2.5
// and a value out of the integer's range are refused as before, quoted
// as written. Decode reads the body in
// one pass (pass.go); a body that the pass does not accept is decoded
// again by the reference decoder (reference.go), which names its fault.
func Decode(r io.Reader, v any, limit int64) error {
	buf := bodies.Get().(*[]byte)
	defer putBody(buf)
	data, err := readBody(r, (*buf)[:0], limit)
	*buf = data
	if err != nil {
		return err
	}
	data = bytes.TrimPrefix(data, []byte(bom))
	ok, refused := decodeOnePass(data, v)
	switch {
	case ok:
		return nil
	case refused != nil:
		return refused
	}
	return decodeReference(data, v)
}

// bodies holds the buffers that Decode reads bodies into. A decoded value
// keeps nothing of the buffer: strings are copied, and UnmarshalJSON and
// UnmarshalText methods must copy what they keep, as encoding/json
// requires of them too.
var bodies = sync.Pool{New: func() any { return new([]byte) }}

// maxPooledBody is the largest buffer that goes back to bodies, so that
// one large body does not stay in memory.
const maxPooledBody = 64 << 10

// putBody returns a buffer to bodies.
func putBody(buf *[]byte) {
	if cap(*buf) <= maxPooledBody {
		*buf = (*buf)[:0]
		bodies.Put(buf)
	}
}

// readBody appends all of r to buf, refusing more than limit bytes when
// limit is positive. It reads at most limit+1 bytes of r, as io.ReadAll
// of an io.LimitReader would, without allocating one.
func readBody(r io.Reader, buf []byte, limit int64) ([]byte, error) {
	if cap(buf) == 0 {
		buf = make([]byte, 0, 512)
	}
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		room := buf[len(buf):cap(buf)]
		if left := limit + 1 - int64(len(buf)); limit > 0 && int64(len(room)) > left {
			room = room[:left]
		}
		if len(room) == 0 {
			break
		}
		n, err := r.Read(room)
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return buf, fmt.Errorf("jsonbody: read request body: %w", err)
		}
	}
	if limit > 0 && int64(len(buf)) > limit {
		return buf, TooLarge(limit)
	}
	return buf, nil
}

// TooLarge returns the error of a request body over limit bytes: a
// *levy.Error that says the limit, with ErrTooLarge in its chain. A
// caller that reads a body itself refuses one over its limit with it,
// in the words Decode uses.
func TooLarge(limit int64) error {
	return &tooLargeError{levy.Invalid("", "the request body is larger than the limit of %d bytes", limit)}
}

// tooLargeError is a *levy.Error that also matches ErrTooLarge.
type tooLargeError struct{ err *levy.Error }

// Error returns the message of the *levy.Error.
func (e *tooLargeError) Error() string { return e.err.Error() }

// Unwrap shows both the *levy.Error and ErrTooLarge to errors.As and
// errors.Is.
func (e *tooLargeError) Unwrap() []error { return []error{e.err, ErrTooLarge} }

// depthError is the error of a body nested deeper than MaxJSONDepth.
func depthError() error {
	return levy.Invalid("", "the request body nests objects and arrays more than %d levels deep", MaxJSONDepth)
}
