package data

import (
	"strings"
	"testing"

	"github.com/levytax/levy/internal/binfmt"
)

// commsFileOf writes a comms file of format version with no line types
// and no USF factors and one 911 fee of 75 cents on at most 10 lines,
// with over (format 3) as the amount of each line beyond them.
func commsFileOf(t *testing.T, version int, over string) []byte {
	t.Helper()
	w := binfmt.NewWriter(commsKind, version)
	w.Uvarint(0) // line types
	w.Uvarint(0) // USF factors
	w.Uvarint(1)
	w.String("E911")
	w.String("US-WI")
	w.Uvarint(1)
	w.String("WIRELESS")
	w.Bool(true)
	w.String("0")
	w.String("0.75")
	w.Int(10)
	if version >= 3 {
		w.String(over)
	}
	w.String("2009-09-01")
	w.String("")
	w.String("cited")
	b, err := w.Finish()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestCommsFormats reads a comms file of format 3, whose fees give the
// amount of each line of an account beyond their limit, and one of
// format 2, written before there was one, as fees whose lines beyond
// the limit pay nothing; a format 1 file is refused naming format 3.
func TestCommsFormats(t *testing.T) {
	c, err := decodeComms(commsFileOf(t, 3, "0.075"))
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Taxes) != 1 || c.Taxes[0].OverAmount.String() != "0.075" || c.Taxes[0].MaxLines != 10 ||
		c.Taxes[0].Amount.String() != "0.75" || c.Taxes[0].Citation != "cited" || c.Taxes[0].Period.Effective.String() != "2009-09-01" {
		t.Errorf("format 3: %+v", c.Taxes)
	}
	c, err = decodeComms(commsFileOf(t, 2, ""))
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Taxes) != 1 || c.Taxes[0].OverAmount.Sign() != 0 || c.Taxes[0].MaxLines != 10 || c.Taxes[0].Citation != "cited" {
		t.Errorf("format 2: %+v", c.Taxes)
	}
	if _, err := decodeComms(commsFileOf(t, 1, "")); err == nil || !strings.Contains(err.Error(), "this build reads v3") {
		t.Errorf("format 1: %v, want it refused naming v3", err)
	}
}
