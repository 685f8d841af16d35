package wire

import (
	"io"

	"github.com/levytax/levy/internal/jsonbody"
)

// MaxJSONDepth is the deepest nesting of JSON objects and arrays that
// Decode accepts.
const MaxJSONDepth = jsonbody.MaxJSONDepth

// ErrTooLarge is in the chain of the error Decode returns for a body over
// its size limit, so that a transport can answer it with its own status
// (413 in HTTP).
var ErrTooLarge = jsonbody.ErrTooLarge

// Decode reads one JSON value from r into v, a pointer such as
// *SaleRequest, as Levy's HTTP API does: at most limit bytes (0 or less
// for no bound; a longer body is an error that errors.Is reports as
// ErrTooLarge), refusing a member given twice, a name that differs from
// a member only in case, deep nesting, trailing data, text that is not
// UTF-8 and a \u escape of half a surrogate pair, and naming every bad
// value by its JSON path in a *levy.Error of code levy.EInvalid. It is
// the decoder of package internal/jsonbody, for hosts that read the wire
// format themselves.
func Decode(r io.Reader, v any, limit int64) error { return jsonbody.Decode(r, v, limit) }
