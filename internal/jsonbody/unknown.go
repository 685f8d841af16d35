package jsonbody

import (
	"encoding/json"
	"maps"
	"reflect"
	"slices"
	"strings"

	"github.com/levytax/levy/internal/clip"
)

// Unknown is a member of a JSON body that the Go type it is read into
// does not have.
type Unknown struct {
	// Path is the member's path in the body; Name its name as sent.
	Path *Path
	Name string
	// Known are the members that the object holding it may have, as
	// they are spelt, in order.
	Known []string
}

// UnknownMembers walks the JSON value b, which Decode has read into a
// value of type t, and calls fn with each member that the struct at its
// place does not have, at any depth (into members, array elements and
// map entries; not into the values that read themselves whole, IsLeaf),
// in name order at each level, until fn returns false. Names are
// compared without regard to case: Decode has refused a name that
// differs from a member's only in case. at is the path of b.
func UnknownMembers(b []byte, t reflect.Type, at *Path, fn func(Unknown) bool) {
	walkUnknown(b, t, at, fn)
}

// walkUnknown is UnknownMembers, reporting whether fn wants more.
func walkUnknown(b []byte, t reflect.Type, at *Path, fn func(Unknown) bool) bool {
	t = Deref(t)
	if IsLeaf(t) {
		return true
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		var items []json.RawMessage
		if json.Unmarshal(b, &items) != nil {
			return true
		}
		for i, item := range items {
			if !walkUnknown(item, t.Elem(), at.Index(i), fn) {
				return false
			}
		}
	case reflect.Map:
		var entries map[string]json.RawMessage
		if json.Unmarshal(b, &entries) != nil {
			return true
		}
		for _, k := range slices.Sorted(maps.Keys(entries)) {
			if !walkUnknown(entries[k], t.Elem(), at.Key(k), fn) {
				return false
			}
		}
	case reflect.Struct:
		var members map[string]json.RawMessage
		if json.Unmarshal(b, &members) != nil {
			return true
		}
		fields := Fields(t)
		for _, name := range slices.Sorted(maps.Keys(members)) {
			i := slices.IndexFunc(fields, func(f Field) bool { return strings.EqualFold(f.Name, name) })
			if i < 0 {
				known := make([]string, len(fields))
				for k, f := range fields {
					known[k] = f.Name
				}
				slices.Sort(known)
				if !fn(Unknown{Path: at.Field(name), Name: name, Known: known}) {
					return false
				}
				continue
			}
			if !walkUnknown(members[name], fields[i].Type, at.Field(name), fn) {
				return false
			}
		}
	}
	return true
}

// Clip shortens s, a member's name or path or a number's literal as a
// body sent it, to its first 64 bytes (cut at a rune's start) and an
// ellipsis, so that an error does not echo a text of megabytes back to
// its sender.
func Clip(s string) string {
	return clip.To(s, 64)
}
