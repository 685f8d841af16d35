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
