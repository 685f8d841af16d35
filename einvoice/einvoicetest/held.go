package einvoicetest

import (
	"context"
	"sync"

	"github.com/levytax/levy/einvoice"
)

// HeldTransmitter is an einvoice.Transmitter that holds every document it
// is given until Release is closed, once it has closed Arrived: a test
// holds a document in transmission, under its lease, as long as it
// likes. Make one with NewHeldTransmitter. It is safe for concurrent use.
type HeldTransmitter struct {
	once sync.Once
	// Arrived is closed when the first document arrives.
	Arrived chan struct{}
	// Release, closed by the test, lets every document through.
	Release chan struct{}
}

// NewHeldTransmitter returns a HeldTransmitter with open channels.
func NewHeldTransmitter() *HeldTransmitter {
	return &HeldTransmitter{Arrived: make(chan struct{}), Release: make(chan struct{})}
}

// Name implements einvoice.Transmitter.
func (h *HeldTransmitter) Name() string { return "held" }

// Transmit implements einvoice.Transmitter: it waits for Release, or for
// ctx to end.
func (h *HeldTransmitter) Transmit(ctx context.Context, _ einvoice.Parcel) (string, error) {
	h.once.Do(func() { close(h.Arrived) })
	select {
	case <-h.Release:
		return "held-1", nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}
