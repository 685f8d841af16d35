package render_test

import (
	"bytes"
	"testing"

	"github.com/levytax/levy/einvoice/render"
	"github.com/levytax/levy/einvoice/ubl"
	"github.com/levytax/levy/journal"
)

// TestRenderBlankProductCodeIsNoName: a sale whose product value is
// blank (spaces, as a host system may send for an item without a code)
// and which has no description renders with the product class as the
// item name (BT-153) and no seller's item identifier; a unit of measure
// written with spaces around it is the code. Before, the spaces were the
// item name, and the document was refused under BR-25 (no item name).
func TestRenderBlankProductCodeIsNoName(t *testing.T) {
	for _, syntax := range []ubl.Syntax{ubl.SyntaxUBL, ubl.SyntaxCII} {
		tx := invoice()
		tx.Lines[0].Item = &journal.Item{ProductCode: "  ", Quantity: m("4"), Unit: " H87 ", UnitPrice: ptr(m("25.00"))}
		r, d := read(t, tx, render.Options{Syntax: syntax})
		if l := d.Lines[0]; l.ItemName != "GENERAL" || l.Quantity.UnitCode != "H87" {
			t.Errorf("%s: item name %q, unit %q", syntax, l.ItemName, l.Quantity.UnitCode)
		}
		if bytes.Contains(r.Content, []byte("SellersItemIdentification")) || bytes.Contains(r.Content, []byte("SellerAssignedID")) {
			t.Errorf("%s: a blank seller's item identifier is written:\n%s", syntax, r.Content)
		}
	}
}

// TestRenderBlankLineIDsArePositions: lines whose IDs are spaces (which
// a sale may send) are numbered by their positions (BT-126), as lines
// without IDs are; IDs with spaces around them are the IDs without.
// Before, the spaces were the line identifiers, and the document was
// refused under BR-21 (no line identifier).
func TestRenderBlankLineIDsArePositions(t *testing.T) {
	for _, syntax := range []ubl.Syntax{ubl.SyntaxUBL, ubl.SyntaxCII} {
		tx := invoice()
		tx.Lines[0].LineItemID, tx.Lines[1].LineItemID = " ", "b"
		if _, d := read(t, tx, render.Options{Syntax: syntax}); d.Lines[0].ID != "1" || d.Lines[1].ID != "2" {
			t.Errorf("%s: line IDs %q, %q", syntax, d.Lines[0].ID, d.Lines[1].ID)
		}
		tx = invoice()
		tx.Lines[0].LineItemID, tx.Lines[1].LineItemID = " a ", "b"
		if _, d := read(t, tx, render.Options{Syntax: syntax}); d.Lines[0].ID != "a" || d.Lines[1].ID != "b" {
			t.Errorf("%s: line IDs %q, %q", syntax, d.Lines[0].ID, d.Lines[1].ID)
		}
	}
}
