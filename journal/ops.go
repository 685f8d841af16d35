package journal

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/money"
)

// live reports whether a head names a live transaction.
func live(h Head, found bool) bool { return found && !h.Deleted }

// doPost stores in as the next version of its ID (see Store.Post).
func doPost(st State, in *Transaction, now time.Time) (*Transaction, error) {
	id := in.TransactionID
	h, found, err := st.Head(id)
	if err != nil {
		return nil, err
	}
	// The latest version, which the new one replaces in the figures and
	// a sync reconciles with.
	var latest, stored *Transaction
	if live(h, found) {
		if latest, err = st.Version(id, h.Latest); err != nil {
			return nil, err
		}
		if err := samePerspective(latest, in); err != nil {
			return nil, err
		}
		if in.Sync {
			stored = latest
		}
	}
	if err := checkDocumentCharge(stored, in); err != nil {
		return nil, err
	}
	if err := checkKeptHeader(stored, in); err != nil {
		return nil, err
	}
	out := Reconcile(stored, in)
	out.DocumentCharge = money.Amount{}
	if out.PostingDate.IsZero() {
		out.PostingDate = out.DocumentDate
	}
	out.Restarts = found && h.Deleted
	out.SupersededReversal = ""
	if live(h, found) && h.ReversedBy != "" {
		reversed, err := stillReversed(st, id, h.Latest, h.ReversedBy)
		if err != nil {
			return nil, err
		}
		// A reversal superseded while its own reversal stands would give
		// its original back in full beside that reversal, as a delete
		// would (see doDelete).
		if reversed && latest.ReversalOf != "" {
			return nil, conflict(FieldTransactionID, "transaction %q, a reversal of %q, is reversed by %q: posted over while %q stands, %q would count twice; delete %q first",
				id, latest.ReversalOf, h.ReversedBy, h.ReversedBy, latest.ReversalOf, h.ReversedBy)
		}
		if reversed {
			out.SupersededReversal = h.ReversedBy
		}
	}
	if repeat, err := repeatsSync(latest, out, out.SupersededReversal != ""); err != nil || repeat {
		return latest, err
	}
	if err := appendVersion(st, h, found, out, now); err != nil {
		return nil, err
	}
	if err := addFigures(st, latest, out); err != nil {
		return nil, err
	}
	return out, nil
}

// repeatsSync reports whether out, the version that a sync makes of the
// live transaction whose latest version is latest (nil for none), is
// that version sent again: latest was written by a sync, no reversal
// takes it back (reversed), and the two hold the same document, the
// fields the store assigns (Version, PostedAt, Restarts,
// SupersededReversal) and the profile version read aside. Such a sync
// (a host's retry after a timeout) is not stored: stored, it would be
// the last sync, whose rollback restores the first sending, so that
// the sync could not be undone.
func repeatsSync(latest, out *Transaction, reversed bool) (bool, error) {
	if latest == nil || !latest.Sync || !out.Sync || reversed {
		return false, nil
	}
	a, err := documentJSON(latest)
	if err != nil {
		return false, err
	}
	b, err := documentJSON(out)
	if err != nil {
		return false, err
	}
	return bytes.Equal(a, b), nil
}

// documentJSON is the JSON of tx without the fields that repeatsSync
// sets aside.
func documentJSON(tx *Transaction) ([]byte, error) {
	c := *tx
	c.Version, c.PostedAt, c.Restarts, c.SupersededReversal, c.ProfileVersion = 0, time.Time{}, false, "", 0
	b, err := json.Marshal(&c)
	if err != nil {
		return nil, fmt.Errorf("journal: encoding version %d of transaction %q: %w", tx.Version, tx.TransactionID, err)
	}
	return b, nil
}

// samePerspective refuses (levy.EConflict, FieldTransactionID) a
// transaction in that would become the next version of the live
// transaction latest although they are of different perspectives: a
// purchase or an owner's movement sent under the ID of a stored sale (an
// accounts payable invoice whose number an invoice of the tenant's own
// already took), or a sale under a purchase's. Stored, in would replace
// the other party's transaction, or, as a sync, be reconciled into its
// lines, and take out of the report tax that the tenant collected or
// accrued, and out of the sales figures a sale. Transactions stored
// without a perspective are not refused.
func samePerspective(latest, in *Transaction) error {
	if latest.Perspective == "" || in.Perspective == "" || latest.Perspective == in.Perspective {
		return nil
	}
	return conflict(FieldTransactionID, "transaction %q is a stored %s transaction (%s): a %s calculation (%s) can not replace it; give it a transactionId of its own, or delete the stored transaction first",
		latest.TransactionID, latest.Perspective, latest.MessageType, in.Perspective, in.MessageType)
}

// CheckPerspective returns the conflict that Post returns for tx when
// stored, the live transaction of its ID (nil for none), is of another
// perspective, and nil otherwise: a caller that stores transactions in
// groups (package batch) refuses the one document, as the API does,
// rather than the group.
func CheckPerspective(stored, tx *Transaction) error {
	if stored == nil || tx == nil {
		return nil
	}
	return samePerspective(stored, tx)
}

// checkDocumentCharge refuses (levy.EInvalid, field chargedTax) a sync
// in whose lines shared a charge the vendor made on the whole document
// (Transaction.DocumentCharge) when the version it makes of stored, the
// live version it reconciles with (nil for none), would not be those
// lines alone: the charge is the whole invoice's, and only the lines
// sent took a share of it. A stored line that the sync leaves in place
// keeps the credit of an earlier sync, so that the charge was credited
// again beside it: a second sync of one line of two, with the
// document's 8.90, credited all 8.90 against that line while the other
// kept its 4.45 of the first. Sent on the lines, each line's charge is
// credited against that line alone, which reconciles line by line; sent
// with every stored line (or their DELETEs), the document's charge is
// shared among all the lines the version holds.
func checkDocumentCharge(stored, in *Transaction) error {
	if !in.Sync || in.DocumentCharge.IsZero() {
		return nil
	}
	kept := keptLines(stored, in)
	if len(kept) == 0 {
		return nil
	}
	return levy.Invalid("chargedTax", "is %s on the document, but the %s leaves the stored transaction %q's lines %s in place, each with the credit of an earlier version: a document's charge is shared among the lines sent only and would be credited again beside them; send the vendor's tax on the lines (their chargedTax), or send every stored line",
		in.DocumentCharge, in.MessageType, in.TransactionID, strings.Join(kept, ", "))
}

// checkKeptHeader refuses (levy.EConflict) a sync in that leaves lines
// of stored, the live version it reconciles with (nil for none), in
// place although its header says otherwise of them: the version made
// takes its header from in, and its lines as they were calculated.
// Refused are another currency (field currency.isoCurrencyCodeAlpha:
// the kept lines' amounts would be read in in's, 100.00 dollars
// reported as euros beside the sync's lines), another company code
// (seller.company or buyer.company: the tax collected on them would be
// reported, and counted in the sales figures, as another company's),
// and another isTaxOnlyAdjustmentIndicator or marketplaceFacilitated
// (the sales figures would drop the kept lines of a sale, or count
// those of a tax-only adjustment as one, or count them as the other
// kind of sale). A sync that sends every stored line (to update or
// delete it) replaces them all and may change each. A transaction
// stored without a currency or a company code is not refused for it
// (a purchase stored before the journal kept the buyer's company has
// none), nor a currency written in other letters ("usd").
func checkKeptHeader(stored, in *Transaction) error {
	if !in.Sync || stored == nil {
		return nil
	}
	field, what, was := "", "", ""
	switch {
	case stored.Currency != "" && in.Currency != "" && !strings.EqualFold(stored.Currency, in.Currency):
		field, what, was = "currency.isoCurrencyCodeAlpha", in.Currency, "whose amounts are in "+stored.Currency
	case stored.Company != "" && stored.Company != in.Company:
		field, what, was = "seller.company", CompanyName(in.Company), "calculated for company "+CompanyName(stored.Company)
		if in.Perspective == "BUYER" {
			field = "buyer.company"
		}
	case stored.TaxOnly != in.TaxOnly:
		field, what, was = "isTaxOnlyAdjustmentIndicator", strconv.FormatBool(in.TaxOnly), "stored with "+strconv.FormatBool(stored.TaxOnly)
	case stored.Marketplace != in.Marketplace:
		field, what, was = "marketplaceFacilitated", strconv.FormatBool(in.Marketplace), "stored with "+strconv.FormatBool(stored.Marketplace)
	default:
		return nil
	}
	kept := keptLines(stored, in)
	if len(kept) == 0 {
		return nil
	}
	return conflict(field, "is %s, but the %s leaves the stored transaction %q's lines %s in place, %s: send the sync as the transaction was stored, or send every stored line (to update or delete it)",
		what, in.MessageType, in.TransactionID, strings.Join(kept, ", "), was)
}

// keptLines returns, quoted, the line item IDs of the lines of stored
// (nil for none) that the sync in leaves in place: those that no line
// of in names, whatever its sync type (a line the sync deletes is gone
// from the version made), and those stored without an ID, which no
// sync can name.
func keptLines(stored, in *Transaction) []string {
	if stored == nil {
		return nil
	}
	sent := make(map[string]bool, len(in.Lines))
	for i := range in.Lines {
		sent[in.Lines[i].LineItemID] = true
	}
	var kept []string
	for i := range stored.Lines {
		if id := stored.Lines[i].LineItemID; id == "" || !sent[id] {
			kept = append(kept, strconv.Quote(id))
		}
	}
	return kept
}

// appendVersion stores tx as the next version after head h (found says
// whether there was one) of its ID, posted at now, and makes it the
// latest: the ID is live afterwards, filed under tx's posting date, and
// not reversed.
func appendVersion(st State, h Head, found bool, tx *Transaction, now time.Time) error {
	tx.Version = h.Latest + 1
	tx.PostedAt = now
	nh := h
	nh.Latest = tx.Version
	// A reversal takes back the version that was the latest when it was
	// made (Transaction.ReversalOfVersion). A new version supersedes
	// that one, whether the ID was deleted first or not: the reversal
	// stays a credit of its own and does not reverse the new version,
	// which counts in full and may be reversed. (Rollback, the other
	// writer of versions, is refused while a reversal stands.)
	nh.ReversedBy = ""
	nh.Deleted = false
	nh.PostingDate = tx.PostingDate
	if err := st.PutVersion(tx); err != nil {
		return err
	}
	return st.PutHead(tx.TransactionID, h, found, nh)
}

// doGet returns the latest version of a live transaction.
func doGet(st State, id string) (*Transaction, error) {
	h, found, err := st.Head(id)
	if err != nil {
		return nil, err
	}
	if !live(h, found) {
		return nil, notFound(id)
	}
	return st.Version(id, h.Latest)
}

// doVersions returns every version of id, oldest first.
func doVersions(st State, id string) ([]*Transaction, error) {
	h, found, err := st.Head(id)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, notFound(id)
	}
	out := make([]*Transaction, 0, h.Latest)
	for v := 1; v <= h.Latest; v++ {
		tx, err := st.Version(id, v)
		if err != nil {
			return nil, err
		}
		out = append(out, tx)
	}
	return out, nil
}

// doHistory returns the versions of id, whether it is live, and the
// reversal that still stands against its latest version.
func doHistory(st State, id string) (*History, error) {
	vs, err := doVersions(st, id)
	if err != nil {
		return nil, err
	}
	h, found, err := st.Head(id)
	if err != nil {
		return nil, err
	}
	out := &History{Versions: vs, Live: live(h, found)}
	if h.ReversedBy != "" {
		reversed, err := stillReversed(st, id, h.Latest, h.ReversedBy)
		if err != nil {
			return nil, err
		}
		if reversed {
			out.ReversedBy = h.ReversedBy
		}
	}
	return out, nil
}

// doExists reports whether id names a live transaction.
func doExists(st State, id string) (bool, error) {
	h, found, err := st.Head(id)
	return live(h, found), err
}

// doDelete marks a live transaction deleted.
func doDelete(st State, id string) error {
	h, found, err := st.Head(id)
	if err != nil {
		return err
	}
	if !live(h, found) {
		return notFound(id)
	}
	latest, err := st.Version(id, h.Latest)
	if err != nil {
		return err
	}
	// A reversal that is itself reversed stays while its reversal does:
	// deleted, it would give its original back in full beside the
	// reversal of the reversal, which gives it back too, and the
	// original would count twice.
	if latest.ReversalOf != "" && h.ReversedBy != "" {
		reversed, err := stillReversed(st, id, h.Latest, h.ReversedBy)
		if err != nil {
			return err
		}
		if reversed {
			return conflict(FieldTransactionID, "transaction %q, a reversal of %q, is reversed by %q: deleted while %q stands, %q would count twice; delete %q first",
				id, latest.ReversalOf, h.ReversedBy, h.ReversedBy, latest.ReversalOf, h.ReversedBy)
		}
	}
	nh := h
	nh.Deleted = true
	if err := st.PutHead(id, h, found, nh); err != nil {
		return err
	}
	return addFigures(st, latest, nil)
}

// doReverse stores the reversal of id under r.TransactionID, which the
// caller has set (see Store.Reverse).
func doReverse(st State, id string, r Reversal, now time.Time) (*Transaction, error) {
	h, found, err := st.Head(id)
	if err != nil {
		return nil, err
	}
	if !live(h, found) {
		return nil, notFound(id)
	}
	if h.ReversedBy != "" {
		reversed, err := stillReversed(st, id, h.Latest, h.ReversedBy)
		if err != nil {
			return nil, err
		}
		if reversed {
			return nil, conflict(FieldTransactionID, "transaction %q is already reversed by %q", id, h.ReversedBy)
		}
	}
	rid := r.TransactionID
	rh, rfound, err := st.Head(rid)
	if err != nil {
		return nil, err
	}
	if live(rh, rfound) {
		return nil, conflict(FieldReversalID, "transaction %q already exists, it can not be the reversal of %q", rid, id)
	}
	orig, err := st.Version(id, h.Latest)
	if err != nil {
		return nil, err
	}

	rev := Negated(orig)
	rev.TransactionID = rid
	rev.ReversalOf, rev.ReversalOfVersion = id, orig.Version
	rev.RestoresReversed = orig.ReversalOf != "" && !orig.RestoresReversed
	rev.Sync = false
	rev.RollbackOf = 0
	rev.Restarts = rfound && rh.Deleted
	rev.SupersededReversal = ""
	rev.PostingDate = r.PostingDate
	if rev.PostingDate.IsZero() {
		rev.PostingDate = civil.Of(now)
	}
	// A reversal takes a transaction back from the period it counted
	// for or a later one: dated before the original, it would lower a
	// period's report by a sale that the period never had.
	if rev.PostingDate.Before(orig.PostingDate) {
		return nil, levy.Invalid(FieldReversalPostingDate,
			"the reversal of %q would count for %s, before %s, the posting date of the transaction it reverses; give a posting date on or after it",
			id, rev.PostingDate, orig.PostingDate)
	}
	if r.DocumentNumber != "" {
		rev.DocumentNumber = r.DocumentNumber
	}
	// A deleted ID keeps its versions for audit: the reversal follows them.
	if err := appendVersion(st, rh, rfound, rev, now); err != nil {
		return nil, err
	}
	nh := h
	nh.ReversedBy = rid
	if err := st.PutHead(id, h, found, nh); err != nil {
		return nil, err
	}
	// A deleted ID's last version left the figures when it was deleted.
	if err := addFigures(st, nil, rev); err != nil {
		return nil, err
	}
	return rev, nil
}

// stillReversed reports whether the transaction rid, which reversed id,
// whose latest version is latest, still does: it is live, and its
// latest version is a reversal of id's latest version. Deleted, it took
// its negation out of the figures and id counts in full again; its ID
// used again since, by a post or by the reversal of another
// transaction, names a transaction of its own, which does not reverse
// id either; and a version of id posted since supersedes the one it
// reversed (see appendVersion; the heads of versions posted before
// appendVersion dropped the link still name it). A reversal stored
// before the journal kept the version it reversed is taken to reverse
// the latest.
func stillReversed(st State, id string, latest int, rid string) (bool, error) {
	rh, rfound, err := st.Head(rid)
	if err != nil || !live(rh, rfound) {
		return false, err
	}
	rev, err := st.Version(rid, rh.Latest)
	if err != nil {
		return false, err
	}
	return rev.ReversalOf == id && (rev.ReversalOfVersion == 0 || rev.ReversalOfVersion == latest), nil
}

// doRollback stores a copy of the version before the latest, sync,
// version of id as a new version (see Store.Rollback).
func doRollback(st State, id string, now time.Time) (*Transaction, error) {
	h, found, err := st.Head(id)
	if err != nil {
		return nil, err
	}
	if !live(h, found) {
		return nil, notFound(id)
	}
	latest, err := st.Version(id, h.Latest)
	if err != nil {
		return nil, err
	}
	if !latest.Sync {
		return nil, conflict(FieldTransactionID, "nothing to roll back: version %d of transaction %q was not written by a sync", h.Latest, id)
	}
	if h.Latest < 2 {
		return nil, conflict(FieldTransactionID, "nothing to roll back: the sync version %d of transaction %q is its first", h.Latest, id)
	}
	// A sync posted after the transaction was deleted started it anew:
	// the version before it is the deleted one, which a rollback must
	// not bring back into the figures.
	if latest.Restarts {
		return nil, conflict(FieldTransactionID, "nothing to roll back: the sync version %d of transaction %q was posted after the transaction was deleted; delete it again instead", h.Latest, id)
	}
	if h.ReversedBy != "" {
		// The reversal took back the version that was the latest when it
		// was made: rolled back under it, the transaction would count an
		// earlier version against the reversal of a later one, and could
		// not be reversed again to set that right.
		reversed, err := stillReversed(st, id, h.Latest, h.ReversedBy)
		if err != nil {
			return nil, err
		}
		if reversed {
			return nil, conflict(FieldTransactionID, "transaction %q is reversed by %q: delete the reversal before rolling the transaction back", id, h.ReversedBy)
		}
	}
	// The sync superseded a version that a reversal took back: restored
	// while that reversal stands, the version would count in full
	// beside its own reversal and could be reversed a second time.
	if rid := latest.SupersededReversal; rid != "" {
		reversed, err := stillReversed(st, id, h.Latest-1, rid)
		if err != nil {
			return nil, err
		}
		if reversed {
			return nil, conflict(FieldTransactionID, "version %d of transaction %q, which a rollback would restore, is reversed by %q: delete the reversal before rolling the transaction back", h.Latest-1, id, rid)
		}
	}
	prev, err := st.Version(id, h.Latest-1)
	if err != nil {
		return nil, err
	}
	// Restored, a reversal takes its original back again: not while
	// another reversal of the same version stands (the original would be
	// taken back twice), and the original counts as reversed by it
	// afterwards (it is not reversed a second time), deleted or not: the
	// head of a deleted original keeps the reversal that stands against
	// it, as a delete leaves it. A version posted since under the
	// original's ID superseded the one the reversal takes back, and the
	// link to a reversal of the superseded version is gone (a version
	// posted after a delete, or a reversal stored under the ID, does not
	// keep it): another reversal of it may stand that nothing names, and
	// the rollback is refused.
	var oh Head
	var ofound, relink bool
	if oid := prev.ReversalOf; oid != "" {
		if oh, ofound, err = st.Head(oid); err != nil {
			return nil, err
		}
		switch {
		case !ofound:
		case prev.ReversalOfVersion != 0 && prev.ReversalOfVersion != oh.Latest:
			return nil, conflict(FieldTransactionID, "version %d of transaction %q, which a rollback would restore, reverses version %d of %q, which version %d of %q superseded: restored, it could take that version back a second time beside another reversal of it; delete %q instead",
				h.Latest-1, id, prev.ReversalOfVersion, oid, oh.Latest, oid, id)
		default:
			if err := restoresOverDeletedReversal(st, h.Latest-1, id, oid, oh); err != nil {
				return nil, err
			}
			if oh.ReversedBy == id {
				break
			}
			if oh.ReversedBy != "" {
				reversed, err := stillReversed(st, oid, oh.Latest, oh.ReversedBy)
				if err != nil {
					return nil, err
				}
				if reversed {
					return nil, conflict(FieldTransactionID, "version %d of transaction %q, which a rollback would restore, reverses %q, which %q reverses now: delete %q before rolling %q back",
						h.Latest-1, id, oid, oh.ReversedBy, oh.ReversedBy, id)
				}
			}
			relink = true
		}
	}
	out := clone(prev)
	out.Sync = false
	out.RollbackOf = h.Latest - 1
	out.Restarts = false
	out.SupersededReversal = ""
	if err := appendVersion(st, h, found, out, now); err != nil {
		return nil, err
	}
	if relink {
		noh := oh
		noh.ReversedBy = id
		if err := st.PutHead(prev.ReversalOf, oh, ofound, noh); err != nil {
			return nil, err
		}
	}
	if err := addFigures(st, latest, out); err != nil {
		return nil, err
	}
	return out, nil
}

// restoresOverDeletedReversal refuses (levy.EConflict) the rollback of
// id to its version v, a reversal of oid, whose head is oh, when oid was
// deleted and its latest version is itself a reversal: restored, v would
// give back what oid took back beside the sale that counts in full
// since oid was deleted, and the sale would count twice, as doDelete
// refuses to delete a reversal while its own reversal stands.
func restoresOverDeletedReversal(st State, v int, id, oid string, oh Head) error {
	if !oh.Deleted {
		return nil
	}
	orig, err := st.Version(oid, oh.Latest)
	if err != nil {
		return err
	}
	if orig.ReversalOf == "" {
		return nil
	}
	return conflict(FieldTransactionID, "version %d of transaction %q, which a rollback would restore, reverses %q, a reversal of %q that was deleted: restored, %q would count twice; delete %q instead",
		v, id, oid, orig.ReversalOf, orig.ReversalOf, id)
}

// inPeriod reports whether d lies in [from, to], a zero bound being open.
func inPeriod(d, from, to civil.Date) bool {
	return (from.IsZero() || d.Compare(from) >= 0) && (to.IsZero() || d.Compare(to) <= 0)
}
