package engine

import (
	"strconv"

	"github.com/levytax/levy"
	"github.com/levytax/levy/wire"
)

// syncLines appends to errs a violation for each line of lines, under
// path, whose lineItemId or syncType does not fit the message type mt;
// sync says whether mt is a sync kind (ARBILLING_SYNC, APINVOICE_SYNC,
// ACCRUAL_SYNC). kids reads a line's child lines, id its lineItemId and
// syncType, and whether it has a price of its own that, on a line with
// child lines, makes a line of its own (ownLine).
//
// On a sync, each line the journal keeps (a line without child lines,
// and a parent's own line) needs a lineItemId: a sync matches the stored
// lines by their IDs, and a line without one matched none and was added
// to the stored transaction, so that every sync of the same invoice
// added its lines again and the journal reported or accrued their tax
// once more each time. A syncType says what the sync does with the
// stored line of that ID; on a line with child lines it is refused, as
// it would not reach them (a DELETE there would drop the parent's
// children unsaid). On any other kind, which calculates (and, where it is
// stored, stores) every line sent as a line of its own, a syncType is
// refused: a DELETE line of an INVOICE was calculated and
// stored as a live line.
func syncLines[L any](lines []L, path, mt string, sync bool, kids func(*L) []L, id func(*L) (string, wire.LineItemSyncType, bool), errs levy.Errors) levy.Errors {
	for i := range lines {
		l := &lines[i]
		// The line's path is made only for an error or its child lines:
		// most lines have neither.
		at := func() string { return path + "[" + strconv.Itoa(i) + "]" }
		lid, st, own := id(l)
		children := kids(l)
		switch {
		case st != "" && !sync:
			errs = append(errs, levy.Invalid(at()+".syncType", "is %s, but %s is no sync: syncType applies to ARBILLING_SYNC, APINVOICE_SYNC and ACCRUAL_SYNC only, which reconcile the lines sent with a stored transaction's; %s calculates every line sent as a line of its own", st, mt, mt))
		case st != "" && len(children) > 0:
			errs = append(errs, levy.Invalid(at()+".syncType", "is %s on a line with child lines: a sync applies it to one stored line, so set it on each child line", st))
		case sync && len(children) == 0 && lid == "":
			errs = append(errs, levy.Invalid(at()+".lineItemId", "is required on %s: a sync matches the stored lines by their lineItemId, and a line without one would be added to the stored transaction again at every sync", mt))
		case sync && own && lid == "":
			errs = append(errs, levy.Invalid(at()+".lineItemId", "is required on %s on a line with child lines and a price of its own: the journal keeps its own line, which a sync matches by its lineItemId, and without one it would be added to the stored transaction again at every sync", mt))
		}
		if len(children) > 0 {
			errs = syncLines(children, at()+".lineItems", mt, sync, kids, id, errs)
		}
	}
	return errs
}
