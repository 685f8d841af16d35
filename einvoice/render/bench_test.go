package render_test

import (
	"fmt"
	"testing"

	"github.com/levytax/levy/einvoice/render"
	"github.com/levytax/levy/einvoice/ubl"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/shopspring/decimal"
)

// manyLines is the test invoice with n lines at 19%.
func manyLines(n int) *journal.Transaction {
	tx := invoice()
	line := tx.Lines[0]
	tx.Lines = nil
	for i := range n {
		l := line
		l.LineItemID = fmt.Sprint("L", i+1)
		tx.Lines = append(tx.Lines, l)
	}
	tx.SubTotal = m("100.00").Mul(money.New(decimalOf(n)))
	tx.TotalTax = m("19.00").Mul(money.New(decimalOf(n)))
	tx.Total = tx.SubTotal.Add(tx.TotalTax)
	return tx
}

// TestRenderMaxLines: the largest transaction Render takes renders, and
// reads back, in both syntaxes.
func TestRenderMaxLines(t *testing.T) {
	for _, syntax := range []ubl.Syntax{ubl.SyntaxUBL, ubl.SyntaxCII} {
		r, err := render.Render(manyLines(render.MaxLines), render.Options{Syntax: syntax})
		if err != nil {
			t.Fatalf("%s: %v", syntax, err)
		}
		t.Logf("%s: %d lines, %d bytes", syntax, render.MaxLines, len(r.Content))
	}
}

// BenchmarkRender100Lines renders (and checks) a 100-line invoice.
func BenchmarkRender100Lines(b *testing.B) {
	tx := manyLines(100)
	for _, syntax := range []ubl.Syntax{ubl.SyntaxUBL, ubl.SyntaxCII} {
		b.Run(string(syntax), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := render.Render(tx, render.Options{Syntax: syntax}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func decimalOf(n int) decimal.Decimal { return decimal.NewFromInt(int64(n)) }
