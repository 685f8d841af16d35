package journal

import (
	"slices"
	"strings"

	"github.com/levytax/levy/money"
)

// Line sync types.
const (
	syncDelete = "DELETE"
)

// Reconcile returns the version that a sync transaction incoming makes of
// the stored version stored. It never modifies or aliases its arguments.
//
// The result takes every header field (transaction ID, message type,
// perspective, document number and dates, currency, flags) from
// incoming. Its lines start as the stored lines, in their order; then
// each incoming line, in order, is applied:
//
//   - with a LineItemID that matches a line of the result: SyncType DELETE
//     removes that line, any other SyncType (ADD, UPDATE or none)
//     replaces it in place;
//   - with a LineItemID that matches none: DELETE is ignored, anything
//     else is appended;
//   - without a LineItemID: DELETE is ignored (it names no line),
//     anything else is appended.
//
// SyncType is cleared on every line of the result, and the totals are
// recomputed from the lines: SubTotal is the sum of the lines' Amount
// and freight (Line.Subtotal), as a calculation's is, TotalTax the sum of their TotalTax, Total the two added.
//
// When stored is nil (no live version), the result is a copy of incoming
// with SyncType cleared on every line and its totals as sent, except
// that a sync's (incoming.Sync) DELETE lines are left out, as they name
// no stored line, and then the totals are recomputed from the lines
// kept; the lines of a transaction that is not a sync are kept whatever
// their SyncType, as it replaces the stored version whole. When
// incoming is nil, the result is a copy of stored (nil if stored is nil).
func Reconcile(stored, incoming *Transaction) *Transaction {
	if incoming == nil {
		return clone(stored)
	}
	if stored == nil {
		if incoming.Sync && slices.ContainsFunc(incoming.Lines, func(l Line) bool { return strings.EqualFold(l.SyncType, syncDelete) }) {
			// A sync's DELETE names no line of a transaction not
			// stored: it is ignored, as one that matches no stored
			// line is, and the totals are those of the lines kept.
			stored = &Transaction{}
		} else {
			out := clone(incoming)
			for i := range out.Lines {
				out.Lines[i].SyncType = ""
			}
			return out
		}
	}

	out := *incoming
	lines := make([]Line, 0, len(stored.Lines)+len(incoming.Lines))
	for i := range stored.Lines {
		lines = append(lines, cloneLine(&stored.Lines[i]))
	}
	// byID indexes the result's lines by LineItemID (the first line of an
	// ID wins); removed marks the lines a DELETE took out, compacted at
	// the end so that the indexes stay valid.
	byID := make(map[string]int, len(lines))
	for i := range lines {
		if id := lines[i].LineItemID; id != "" {
			if _, dup := byID[id]; !dup {
				byID[id] = i
			}
		}
	}
	removed := make([]bool, len(lines), cap(lines))
	for i := range incoming.Lines {
		in := &incoming.Lines[i]
		del := strings.EqualFold(in.SyncType, syncDelete)
		j, found := -1, false
		if in.LineItemID != "" {
			j, found = byID[in.LineItemID]
		}
		switch {
		case found && del:
			removed[j] = true
			delete(byID, in.LineItemID)
		case found:
			lines[j] = cloneLine(in)
		case del:
			// Nothing to delete.
		default:
			if in.LineItemID != "" {
				byID[in.LineItemID] = len(lines)
			}
			lines = append(lines, cloneLine(in))
			removed = append(removed, false)
		}
	}
	kept := lines[:0]
	for i := range lines {
		if !removed[i] {
			kept = append(kept, lines[i])
		}
	}
	var sub, tax money.Amount
	for i := range kept {
		kept[i].SyncType = ""
		sub = sub.Add(kept[i].Subtotal())
		tax = tax.Add(kept[i].TotalTax)
	}
	out.Lines = kept
	out.SubTotal = sub
	out.TotalTax = tax
	out.Total = sub.Add(tax)
	return &out
}

// Negated returns a copy of tx with every amount negated: the document's
// SubTotal, TotalTax and Total, each line's Amount, Freight, TotalTax
// and item's Freight, and each tax's Taxable, Exempt, NonTaxable and Tax with its
// filing amounts. Rates, quantities and unit prices are kept. It returns nil for nil and never modifies tx.
func Negated(tx *Transaction) *Transaction {
	out := clone(tx)
	if out == nil {
		return nil
	}
	out.SubTotal = out.SubTotal.Neg()
	out.TotalTax = out.TotalTax.Neg()
	out.Total = out.Total.Neg()
	for i := range out.Lines {
		l := &out.Lines[i]
		l.Amount = l.Amount.Neg()
		l.Freight = l.Freight.Neg()
		l.TotalTax = l.TotalTax.Neg()
		if l.Item != nil {
			l.Item.Freight = l.Item.Freight.Neg()
		}
		if x := l.Intrastat; x != nil {
			x.NetMass = -x.NetMass
			x.SupplementaryQuantity = x.SupplementaryQuantity.Neg()
			x.StatisticalValue = x.StatisticalValue.Neg()
		}
		for j := range l.Taxes {
			t := &l.Taxes[j]
			t.Taxable = t.Taxable.Neg()
			t.Exempt = t.Exempt.Neg()
			t.NonTaxable = t.NonTaxable.Neg()
			t.Tax = t.Tax.Neg()
			if f := t.Filing; f != nil {
				f.Taxable = f.Taxable.Neg()
				f.Exempt = f.Exempt.Neg()
				f.Tax = f.Tax.Neg()
			}
		}
	}
	return out
}

// clone returns a deep copy of tx, sharing nothing mutable with it (the
// amounts are immutable values), or nil for nil.
func clone(tx *Transaction) *Transaction {
	if tx == nil {
		return nil
	}
	out := *tx
	if tx.Lines != nil {
		out.Lines = make([]Line, len(tx.Lines))
		for i := range tx.Lines {
			out.Lines[i] = cloneLine(&tx.Lines[i])
		}
	}
	out.Seller, out.Customer = tx.Seller.clone(), tx.Customer.clone()
	return &out
}

// cloneLine returns a deep copy of l.
func cloneLine(l *Line) Line {
	out := *l
	out.Item, out.Seller, out.Customer = l.Item.clone(), l.Seller.clone(), l.Customer.clone()
	out.Factors = slices.Clone(l.Factors)
	if l.Intrastat != nil {
		x := *l.Intrastat
		out.Intrastat = &x
	}
	if l.Taxes != nil {
		out.Taxes = make([]Tax, len(l.Taxes))
		copy(out.Taxes, l.Taxes)
		for i := range out.Taxes {
			if f := out.Taxes[i].Filing; f != nil {
				fc := *f
				out.Taxes[i].Filing = &fc
			}
		}
	}
	return out
}
