package journal

import (
	"context"
	"fmt"

	"github.com/levytax/levy"
)

// Original returns the transaction that rev, a reversal, takes back: the
// version of rev.ReversalOf that it negated, read from the versions kept
// for audit, so that it is found even after that ID was deleted, posted
// again or used by a transaction of its own. For a reversal stored
// before the journal kept the version (ReversalOfVersion zero) it is the
// latest version of a live rev.ReversalOf, and an error of code
// levy.ENotFound when there is none. A transaction that reverses
// nothing has no original: that is levy.EInvalid.
func Original(ctx context.Context, s Store, tenant string, rev *Transaction) (*Transaction, error) {
	if err := needStore(s); err != nil {
		return nil, err
	}
	if rev.ReversalOf == "" {
		return nil, levy.Invalid(FieldTransactionID, "transaction %q reverses no transaction", rev.TransactionID)
	}
	if rev.ReversalOfVersion == 0 {
		return s.Get(ctx, tenant, rev.ReversalOf)
	}
	vs, err := s.Versions(ctx, tenant, rev.ReversalOf)
	if err != nil {
		return nil, err
	}
	if rev.ReversalOfVersion > len(vs) {
		return nil, fmt.Errorf("journal: version %d of %q, which %q reverses, is missing", rev.ReversalOfVersion, rev.ReversalOf, rev.TransactionID)
	}
	return vs[rev.ReversalOfVersion-1], nil
}
