package engine

import (
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// commsMiss is a line type of a line that the communications taxes had
// no content for.
type commsMiss struct {
	path, value string
}

func (c *calc) commsTaxes(l *line, amount decimal.Decimal) {}

func (c *calc) commsNotes(l *line, out []wire.AssistedParameter) []wire.AssistedParameter {
	for _, m := range l.comms {
		out = notActed(out, m.path, m.value)
	}
	return out
}
