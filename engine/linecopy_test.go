package engine

import (
	"reflect"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestCopySaleLineCopiesEveryMember sets each member of a sale line (and
// of its embedded LineDetails) alone to a value that is not zero and
// checks that copySaleLine copies it into a zero line, as copying the
// whole line did: a member added to wire.SaleLineItem or
// wire.LineDetails and not to the copy fails here, and so does a member
// that is not exported, which a copy made outside package wire cannot
// set. LineItems alone is not copied. A line with every member set is copied whole as well.
func TestCopySaleLineCopiesEveryMember(t *testing.T) {
	typ := reflect.TypeFor[wire.SaleLineItem]()
	var full wire.SaleLineItem
	checked := 0
	for _, f := range reflect.VisibleFields(typ) {
		if f.Anonymous || f.Name == "LineItems" {
			continue
		}
		if !f.IsExported() {
			// A whole copy carried it; copySaleLine, in another
			// package, cannot.
			t.Errorf("%s is not exported: copySaleLine cannot copy it", f.Name)
			continue
		}
		var src wire.SaleLineItem
		v := reflect.ValueOf(&src).Elem().FieldByIndex(f.Index)
		if !setNonZero(v) {
			t.Errorf("%s: no value that is not zero for its type %s", f.Name, f.Type)
			continue
		}
		setNonZero(reflect.ValueOf(&full).Elem().FieldByIndex(f.Index))
		var dst wire.SaleLineItem
		copySaleLine(&dst, &src)
		if !reflect.DeepEqual(dst, src) {
			t.Errorf("%s is not copied", f.Name)
		}
		checked++
	}
	if checked < 70 {
		t.Fatalf("checked %d members: the walk missed some", checked)
	}
	full.LineItems = []wire.SaleLineItem{{LineItemID: "child"}}
	var dst wire.SaleLineItem
	copySaleLine(&dst, &full)
	if dst.LineItems != nil {
		t.Error("the child lines are copied")
	}
	full.LineItems = nil
	if !reflect.DeepEqual(dst, full) {
		t.Error("a line with every member set is not copied whole")
	}
	// An empty list that is not nil stays so.
	src := wire.SaleLineItem{LineDetails: wire.LineDetails{ExemptOverrides: []wire.Override{}}}
	dst = wire.SaleLineItem{}
	copySaleLine(&dst, &src)
	if dst.ExemptOverrides == nil {
		t.Error("an empty exemptOverrides became nil")
	}
}

// setNonZero sets v to a value that is not its type's zero, and reports
// whether it could.
func setNonZero(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.String:
		v.SetString("x")
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 1, 1))
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(1)
	default:
		if v.Type() == reflect.TypeFor[civil.Date]() {
			v.Set(reflect.ValueOf(civil.MustParse("2026-01-02")))
			return true
		}
		return false
	}
	return true
}
