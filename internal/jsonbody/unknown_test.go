package jsonbody_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/jsonbody"
)

type unknownInner struct {
	Code string `json:"code"`
}

type unknownOuter struct {
	Name  string                  `json:"name"`
	Date  civil.Date              `json:"date"`
	Items []unknownInner          `json:"items"`
	ByKey map[string]unknownInner `json:"byKey"`
	Inner *unknownInner           `json:"inner"`
}

// TestUnknownMembers: the members a type lacks are found at every depth,
// through array elements and map entries, named by path with the
// members their object may have; a member that differs only in case is
// known; a value read whole (a date) is not walked into; fn stops the
// walk.
func TestUnknownMembers(t *testing.T) {
	body := []byte(`{"NAME":"x","date":"2026-01-01","zeta":1,"items":[{"code":"a"},{"cod":"b"}],
		"byKey":{"US-TX":{"kode":1}},"inner":{"code":"c","extra":{"deep":1}}}`)
	var got []string
	jsonbody.UnknownMembers(body, reflect.TypeFor[unknownOuter](), nil, func(u jsonbody.Unknown) bool {
		got = append(got, u.Path.String()+" ("+strings.Join(u.Known, ",")+")")
		return true
	})
	want := []string{`byKey["US-TX"].kode (code)`, `inner.extra (code)`, `items[1].cod (code)`, `zeta (byKey,date,inner,items,name)`}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("unknown members:\n got %q\nwant %q", got, want)
	}
	n := 0
	jsonbody.UnknownMembers(body, reflect.TypeFor[unknownOuter](), nil, func(jsonbody.Unknown) bool { n++; return false })
	if n != 1 {
		t.Errorf("the walk went on after fn returned false: %d calls", n)
	}
}
