package batch

import (
	"encoding/csv"
	"errors"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// limiterRows returns the first row of each record that a
// csvRecordLimiter passes on, but for empty lines.
func limiterRows(in string) []int {
	c := newCSVRecordLimiter(strings.NewReader(in), MaxLine)
	var rows []int
	for c.err == nil {
		first := c.lines + 1
		c.fill()
		var rec []byte
		for _, p := range c.pieces {
			rec = append(rec, p...)
		}
		if s := string(rec); s != "" && s != "\n" && s != "\r\n" && s != "\r" { // "\r" at the end of the input
			rows = append(rows, first)
		}
	}
	return rows
}

// readerRows returns the first row of each record that csv.Reader reads
// or refuses.
func readerRows(in string) []int {
	cr := csv.NewReader(strings.NewReader(in))
	cr.FieldsPerRecord = -1
	var rows []int
	for {
		_, err := cr.Read()
		var pe *csv.ParseError
		switch {
		case errors.Is(err, io.EOF):
			return rows
		case errors.As(err, &pe):
			rows = append(rows, pe.StartLine)
		case err != nil:
			return append(rows, -1)
		default:
			row, _ := cr.FieldPos(0)
			rows = append(rows, row)
		}
	}
}

// TestCSVRecordLimiterQuotes: the records that csvRecordLimiter measures
// begin where csv.Reader's do, records that csv.Reader refuses for their
// quotes included. It counted quotes by their parity, so that a stray
// quote (12" pipe) made it take the rows after it for the rest of one
// quoted value, and skip them all as one record over the limit.
func TestCSVRecordLimiterQuotes(t *testing.T) {
	cases := []string{
		"a,b\nc,d\n",
		"a,12\" pipe,c\nd,e\nf,g\n",
		"a,\"3/4\" x,c\nd,e\n",
		"a,\"x\ny\",c\nd\n",
		"a,\"x\"\"y\",c\nd\n",
		"a,\"x\"\r\nb\n",
		"a,\"x\"\rb\nc\n",
		"a,\"open\nb\nc",
		"\"a\"b\n\"c\n\"\nd\n",
		"a\n\n\r\nb\n",
	}
	r := rand.New(rand.NewPCG(41, 41))
	const alphabet = "a,\"\n\r"
	for range 4000 {
		b := make([]byte, r.IntN(32))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		cases = append(cases, string(b))
	}
	for _, in := range cases {
		if got, want := limiterRows(in), readerRows(in); !slices.Equal(got, want) {
			t.Fatalf("%q: the limiter's records begin at rows %v, csv.Reader's at %v", in, got, want)
		}
	}
}
