package batch

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/levytax/levy"
	"github.com/levytax/levy/internal/jsonbody"
)

// How a run bounds its input.
//
// A line of a JSON lines input, or a record of a CSV input, is read up to
// a limit (MaxLine, the size of the largest request body): a
// longer one is not held in memory but skipped, read through to its end
// in pieces of the reader's buffer, and answered with an error that names
// its line. The lines after it are read and answered as usual, so that
// the Nth output line still answers the Nth input line. A run therefore
// holds at most one limit's worth of each line it is reading, however
// long the line.

// MaxLine is the longest line of a JSON lines input, and the longest
// record of a CSV input, that a run reads unless Config.LineLimit says
// otherwise: the size of the largest request body (64 MiB), without the
// line ending. It is also the largest request body a line may hold.
const MaxLine = 64 << 20

// byteSize writes a number of bytes as a person reads it: "64 MiB",
// "1 KiB", "100 bytes".
func byteSize(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// lineTooLong is the error of an input line over the limit.
func lineTooLong(line, limit int) *levy.Error {
	return &levy.Error{Code: levy.ETooLarge,
		Message: fmt.Sprintf("line %d is longer than the limit of %s; it was skipped", line, byteSize(limit))}
}

// lineContent is a line without its line ending: "\n" or "\r\n".
func lineContent(line []byte) []byte {
	return bytes.TrimSuffix(bytes.TrimSuffix(line, []byte("\n")), []byte("\r"))
}

// lineReader reads the lines of a JSON lines input, each up to a limit.
// It belongs to the goroutine that reads the input.
type lineReader struct {
	r     *bufio.Reader
	limit int
}

// newLineReader reads the lines of r, each up to limit bytes without its
// line ending.
func newLineReader(r io.Reader, limit int) *lineReader {
	return &lineReader{r: bufio.NewReaderSize(r, 1<<20), limit: limit}
}

// next reads the next line. It returns the line with its line ending,
// or tooLong when the line without its line ending is longer than the
// limit: then the line was read through and dropped, and line is nil.
// At the end of the input it returns io.EOF, with the last line when
// that line has no newline; a failure of the input is returned with the
// part of the line read before it.
func (l *lineReader) next() (line []byte, tooLong bool, err error) {
	// The line is kept in the pieces that the reader's buffer returns,
	// and joined once at its end; a line found to be over the limit
	// drops its pieces and keeps none of what follows.
	var pieces [][]byte
	kept, read := 0, 0
	for {
		piece, err := l.r.ReadSlice('\n')
		read += len(piece)
		switch {
		case tooLong:
		case kept+len(piece) > l.limit+len("\r\n"):
			tooLong, pieces, kept = true, nil, 0
		default:
			pieces = append(pieces, bytes.Clone(piece))
			kept += len(piece)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if read == 0 {
			return nil, false, err
		}
		if tooLong {
			return nil, true, err
		}
		line = pieces[0]
		if len(pieces) > 1 {
			line = slices.Concat(pieces...)
		}
		if len(lineContent(line)) > l.limit {
			return nil, true, err
		}
		return line, false, err
	}
}

// csvRecordLimiter passes a CSV input through to a csv.Reader one record
// at a time, and replaces a record longer than the limit by as many empty
// lines as it spans: csv.Reader skips empty lines but counts them, so the
// rows after it keep their numbers. The rows of the records it skipped
// wait in skipped for the reader of documents to report them. It finds
// the records' ends as csv.Reader does (see csvQuotes), a record that
// csv.Reader refuses for its quotes included, so that such a record ends
// with its line here too, and the rows after it are read one by one,
// not taken for the rest of a quoted value. It belongs to the goroutine
// that reads the input.
type csvRecordLimiter struct {
	r     *bufio.Reader
	limit int

	// pieces are the record being passed on, as the reader's buffer
	// returned it; a record of one piece is passed on from that buffer.
	pieces   [][]byte
	newlines int   // empty lines still to pass on for a skipped record
	lines    int   // the input's lines read so far
	err      error // what ended the input
	skipped  []int // the first rows of the records skipped, in order
}

// newCSVRecordLimiter reads the records of r, each up to limit bytes
// without its final line ending.
func newCSVRecordLimiter(r io.Reader, limit int) *csvRecordLimiter {
	return &csvRecordLimiter{r: bufio.NewReaderSize(r, 64<<10), limit: limit}
}

// Read implements io.Reader.
func (c *csvRecordLimiter) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	for len(c.pieces) == 0 && c.newlines == 0 {
		if c.err != nil {
			return 0, c.err
		}
		c.fill()
	}
	if len(c.pieces) > 0 {
		n := copy(p, c.pieces[0])
		if c.pieces[0] = c.pieces[0][n:]; len(c.pieces[0]) == 0 {
			c.pieces[0] = nil
			c.pieces = c.pieces[1:]
		}
		return n, nil
	}
	n := min(len(p), c.newlines)
	for i := range n {
		p[i] = '\n'
	}
	c.newlines -= n
	return n, nil
}

// fill reads the next record into pieces, or skips it.
func (c *csvRecordLimiter) fill() {
	c.pieces = c.pieces[:0]
	first := c.lines + 1
	tooLong, kept, newlines := false, 0, 0
	var q csvQuotes
	var last []byte // the record's last two bytes
	for {
		piece, err := c.r.ReadSlice('\n')
		q.scan(piece)
		if n := len(piece); n > 0 && piece[n-1] == '\n' {
			newlines++
		}
		if len(piece) > 0 {
			last = append(last, piece[max(len(piece)-2, 0):]...)
			last = last[max(len(last)-2, 0):]
		}
		switch {
		case tooLong:
		case kept+len(piece) > c.limit+len("\r\n"):
			clear(c.pieces) // what was kept is let go at once
			tooLong, c.pieces, kept = true, c.pieces[:0], 0
		default:
			c.pieces = append(c.pieces, piece)
			kept += len(piece)
		}
		if errors.Is(err, bufio.ErrBufferFull) || err == nil && q.quoted {
			// The next read reuses the buffer that piece is in.
			if k := len(c.pieces); k > 0 && !tooLong {
				c.pieces[k-1] = bytes.Clone(c.pieces[k-1])
			}
			continue
		}
		if err != nil {
			c.err = err
		}
		break
	}
	c.lines += newlines
	if !tooLong && kept-(len(last)-len(lineContent(last))) > c.limit {
		tooLong = true
	}
	if tooLong {
		clear(c.pieces)
		c.pieces = c.pieces[:0]
		c.newlines = newlines
		c.skipped = append(c.skipped, first)
	}
}

// csvQuotes follows the double quotes of a CSV record as csv.Reader
// reads them (a comma separates values, no space is trimmed): a quote
// that begins a value opens a quoted value, in which a newline is part
// of the value and a quote closes it, unless a second quote follows (an
// escaped quote); a closing quote must be followed by a comma or the
// line's end ("\n" or "\r\n"). A quote elsewhere, or a closing quote
// followed by anything else, makes csv.Reader refuse the record, which
// then ends with the line it is found on. Its zero value is at the start
// of a record.
type csvQuotes struct {
	quoted  bool // in a quoted value: the record goes on past a newline
	closing bool // after a quote in a quoted value
	cr      bool // after a closing quote and a carriage return
	started bool // in an unquoted value that has a byte
	broken  bool // csv.Reader refuses the record: it ends with its line
}

// scan reads the next piece of the input, which holds at most one
// newline, at its end.
func (q *csvQuotes) scan(piece []byte) {
	for _, b := range piece {
		switch {
		case b == '\n' && (!q.quoted || q.closing || q.cr):
			*q = csvQuotes{} // the record ends
		case q.broken:
		case q.cr: // a closing quote, "\r" and more
			q.broken, q.quoted, q.cr = true, false, false
		case q.closing:
			q.closing = false
			switch b {
			case '"': // an escaped quote
			case ',':
				q.quoted, q.started = false, false
			case '\r':
				q.cr = true
			default:
				q.broken, q.quoted = true, false
			}
		case q.quoted:
			q.closing = b == '"'
		case b == '"':
			q.broken = q.started
			q.quoted = !q.started
		case b == ',':
			q.started = false
		default:
			q.started = true
		}
	}
}

// skippedBefore removes and returns the first rows of the records
// skipped before row.
func (c *csvRecordLimiter) skippedBefore(row int) []int {
	i := 0
	for i < len(c.skipped) && c.skipped[i] < row {
		i++
	}
	out := slices.Clone(c.skipped[:i])
	c.skipped = c.skipped[i:]
	return out
}

// rowTooLong is the error of a CSV record over the limit, at its first
// row.
func rowTooLong(row, limit int) *levy.Error {
	return &levy.Error{Code: levy.ETooLarge, Field: csvTarget(row, ""),
		Message: fmt.Sprintf("is longer than the limit of %s; it was skipped, so the document it may belong to is not calculated", byteSize(limit))}
}

// errorItems returns the items of an error record, or the error rows
// of a CSV output: the errors as the API names them (code, message,
// target), in a command's words. Unlike an API answer, it keeps every
// error of a list whatever its code, and says what failed where the API
// would only say that the server failed.
func errorItems(err error) []ErrorItem {
	if errors.Is(err, jsonbody.ErrTooLarge) {
		return []ErrorItem{{Code: levy.ETooLarge,
			Message: fmt.Sprintf("the request body is larger than the limit of %s", byteSize(MaxLine))}}
	}
	var list levy.Errors
	if errors.As(err, &list) && len(list) > 0 {
		items := make([]ErrorItem, 0, len(list))
		for _, e := range list {
			items = append(items, ErrorItem{Code: e.Code, Message: e.Message, Target: e.Field})
		}
		return items
	}
	var one *levy.Error
	if errors.As(err, &one) {
		return []ErrorItem{{Code: one.Code, Message: one.Message, Target: one.Field}}
	}
	return []ErrorItem{{Code: levy.EInternal, Message: "levy failed: " + err.Error()}}
}
