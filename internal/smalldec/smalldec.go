// Package smalldec makes decimal.Decimal values whose coefficient fits an
// int64 in one allocation instead of two.
//
// decimal.New allocates the big.Int of the coefficient and, apart, the one
// word of its magnitude. New here allocates both together: the big.Int's
// magnitude is the word beside it. A calculation makes a few such values
// per tax (products, rounded amounts, sums) and a decoded request one per
// number, so the allocations they save are a good part of a small
// document's.
//
// A decimal.Decimal has no constructor that takes a big.Int without
// copying it, so New builds the value through the layout of decimal's
// struct, which it checks when the package is initialised: if decimal's
// fields ever differ from that layout, New falls back to decimal.New.
// decimal never changes the big.Int of a value (every operation makes a
// new one), so sharing the word with the big.Int is safe.
package smalldec

import (
	"math/big"
	"math/bits"
	"reflect"
	"unsafe"

	"github.com/shopspring/decimal"
)

// block is a coefficient's big.Int and the one word of its magnitude, in
// one allocation.
type block struct {
	i big.Int
	w [1]big.Word
}

// layout is decimal.Decimal's field layout, which direct checks.
type layout struct {
	value *big.Int
	exp   int32
}

// direct says decimal.Decimal has layout's fields at layout's offsets,
// and a big.Word holds 64 bits: New may then build values itself.
var direct = func() bool {
	d, l := reflect.TypeFor[decimal.Decimal](), reflect.TypeFor[layout]()
	if bits.UintSize != 64 || d.Size() != l.Size() || d.NumField() != l.NumField() {
		return false
	}
	for i := range d.NumField() {
		f, g := d.Field(i), l.Field(i)
		if f.Type != g.Type || f.Offset != g.Offset {
			return false
		}
	}
	return true
}()

// New returns decimal.New(x, e): the decimal x × 10^e, equal to it in
// value, exponent and every operation. A non-zero x costs one allocation.
func New(x int64, e int32) decimal.Decimal {
	if x == 0 || !direct {
		return decimal.New(x, e)
	}
	u := uint64(x)
	if x < 0 {
		u = -u
	}
	b := &block{}
	b.w[0] = big.Word(u)
	b.i.SetBits(b.w[:])
	if x < 0 {
		b.i.Neg(&b.i)
	}
	l := layout{value: &b.i, exp: e}
	return *(*decimal.Decimal)(unsafe.Pointer(&l))
}
