package engine

import (
	"fmt"

	"github.com/levytax/levy"
)

// This file holds the checks of what a host program hands the engine in
// Go rather than on the wire (options, iterators of requests, functions),
// so that a nil one is refused with an error that names the parameter
// instead of a panic.

// applyOptions applies opts to c in order, refusing a nil one by its
// position ("opts[1]").
func applyOptions(c *config, opts []Option) error {
	for i, o := range opts {
		if o == nil {
			return levy.Invalid(fmt.Sprintf("opts[%d]", i), "the option is nil")
		}
		o(c)
	}
	return nil
}

// checkUse refuses the nil function of SaleWith, PurchaseWith or
// OwnerWith, before anything is calculated or stored.
func checkUse[S any](use func(*S) error) error {
	if use == nil {
		return levy.Invalid("use", "a function to hand the response to is required")
	}
	return nil
}
