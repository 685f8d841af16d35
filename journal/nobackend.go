package journal

import (
	"context"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
)

// noBackend is the Backend of a Store that NewStore was given none for:
// every operation is refused as invalid, since no retry can mend it,
// and Close has nothing to close.
type noBackend struct{}

// errNoBackend is the error of every operation of noBackend.
func errNoBackend() error {
	return levy.Invalid("", "journal: the Store was made by NewStore without a Backend")
}

// Update implements Backend.
func (noBackend) Update(context.Context, string, []string, func(State) error) error {
	return errNoBackend()
}

// View implements Backend.
func (noBackend) View(context.Context, string, func(State) error) error { return errNoBackend() }

// Scan implements Backend.
func (noBackend) Scan(context.Context, string, civil.Date, civil.Date, func(*Transaction) error) error {
	return errNoBackend()
}

// Figures implements Backend.
func (noBackend) Figures(context.Context, string, FigureQuery, func(Figure) error) error {
	return errNoBackend()
}

// AreaSums implements Backend.
func (noBackend) AreaSums(context.Context, string, string, string, []Span) ([]Sum, error) {
	return nil, errNoBackend()
}

// ReplaceFigures implements Backend.
func (noBackend) ReplaceFigures(context.Context, string, []Figure) error { return errNoBackend() }

// Close implements Backend.
func (noBackend) Close() error { return nil }
