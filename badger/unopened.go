package badger

import (
	"fmt"

	"github.com/levytax/levy"
)

// unopened returns the error of a call (op) of a store that its Open
// function did not make: a nil or zero *JournalStore, *AuthStore,
// *ProfileStore or *EInvoiceStore, such as a host holds after a failed
// Open. Such a store never serves, so the error is levy.EInvalid, not
// the closed store's levy.EUnavailable, which says a retry may succeed.
// Close of such a store does nothing and returns nil.
func unopened(pkg, op, open string) error {
	return fmt.Errorf("%s: %s: %w", pkg, op, &levy.Error{Code: levy.EInvalid,
		Message: fmt.Sprintf("the store was not opened: make it with badger.%s", open)})
}
