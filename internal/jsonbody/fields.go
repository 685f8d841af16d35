package jsonbody

import (
	"cmp"
	"reflect"
	"slices"
	"strings"
	"unicode"
)

// Field is a member of a struct's JSON object, found by the rules of
// encoding/json: the fields of embedded structs are promoted; of several
// fields of one name, the one nearest the top wins, then the one named by
// a tag, and a tie at the same depth hides them all. Every reader of Go
// types as JSON in Levy (the decoder's plans, the OpenAPI document, the
// generated encoders) takes the members from Fields, so that they agree.
type Field struct {
	Name  string       // the member's name: the tag's, else the Go field's
	Index []int        // the path of field indices from the outer struct
	Type  reflect.Type // the Go field's type
	// Owner is the struct that declares the Go field.
	Owner reflect.Type
	// Tag is the Go field's whole tag; Options the json tag's options
	// after the name ("omitempty,string").
	Tag     reflect.StructTag
	Options string
	Tagged  bool // the name comes from a json tag
	// ViaPointer: the field is promoted from a struct embedded through a
	// pointer, which encoding/json leaves out when the pointer is nil.
	ViaPointer bool
}

// Option reports whether the field's json tag has the option name.
func (f Field) Option(name string) bool { return hasOption(f.Options, name) }

// Quoted reports whether the field is written as a JSON string by the
// ",string" option, which encoding/json applies to booleans, numbers and
// strings only.
func (f Field) Quoted() bool {
	t := f.Type
	if t.Name() == "" && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return quotable(t) && f.Option("string")
}

// Fields returns the members of struct type t, in the order of their
// field indices, which is the order encoding/json writes them in.
func Fields(t reflect.Type) []Field {
	type visit struct {
		typ        reflect.Type
		index      []int
		viaPointer bool
	}
	var fields []Field
	visited := map[reflect.Type]bool{}
	next := []visit{{typ: t}}
	var nextCount map[reflect.Type]int
	for len(next) > 0 {
		current := next
		next = nil
		count := nextCount
		nextCount = map[reflect.Type]int{}
		for _, f := range current {
			if visited[f.typ] {
				continue
			}
			visited[f.typ] = true
			for i := range f.typ.NumField() {
				sf := f.typ.Field(i)
				if sf.Anonymous {
					et := sf.Type
					if et.Kind() == reflect.Pointer {
						et = et.Elem()
					}
					if !sf.IsExported() && et.Kind() != reflect.Struct {
						continue
					}
				} else if !sf.IsExported() {
					continue
				}
				tag := sf.Tag.Get("json")
				if tag == "-" {
					continue
				}
				name, opts, _ := strings.Cut(tag, ",")
				if !validTagName(name) {
					name = ""
				}
				index := append(slices.Clip(f.index), i)
				ft := sf.Type
				if ft.Name() == "" && ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				if name != "" || !sf.Anonymous || ft.Kind() != reflect.Struct {
					jf := Field{Name: name, Index: index, Type: sf.Type, Owner: f.typ, Tag: sf.Tag, Options: opts,
						Tagged: name != "", ViaPointer: f.viaPointer}
					if name == "" {
						jf.Name = sf.Name
					}
					fields = append(fields, jf)
					if count[f.typ] > 1 {
						// The same struct reached twice at this depth: its
						// fields annihilate each other below.
						fields = append(fields, jf)
					}
					continue
				}
				nextCount[ft]++
				if nextCount[ft] == 1 {
					next = append(next, visit{typ: ft, index: index, viaPointer: f.viaPointer || sf.Type.Kind() == reflect.Pointer})
				}
			}
		}
	}
	slices.SortStableFunc(fields, func(a, b Field) int {
		if c := strings.Compare(a.Name, b.Name); c != 0 {
			return c
		}
		if c := cmp.Compare(len(a.Index), len(b.Index)); c != 0 {
			return c
		}
		if a.Tagged != b.Tagged {
			if a.Tagged {
				return -1
			}
			return 1
		}
		return slices.Compare(a.Index, b.Index)
	})
	out := fields[:0]
	for i := 0; i < len(fields); {
		j := i + 1
		for j < len(fields) && fields[j].Name == fields[i].Name {
			j++
		}
		if f, ok := dominant(fields[i:j]); ok {
			out = append(out, f)
		}
		i = j
	}
	slices.SortFunc(out, func(a, b Field) int { return slices.Compare(a.Index, b.Index) })
	return out
}

// dominant returns the field that wins among fields of one name, sorted
// by depth and then tagged first: the shallowest, unless two of that
// depth are equally tagged.
func dominant(fields []Field) (Field, bool) {
	if len(fields) > 1 && len(fields[0].Index) == len(fields[1].Index) && fields[0].Tagged == fields[1].Tagged {
		return Field{}, false
	}
	return fields[0], true
}

// hasOption reports whether the comma-separated options of a tag hold
// name.
func hasOption(opts, name string) bool {
	for opts != "" {
		var o string
		o, opts, _ = strings.Cut(opts, ",")
		if o == name {
			return true
		}
	}
	return false
}

// quotable reports whether the ",string" option applies to kind of t.
func quotable(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.String:
		return true
	}
	return false
}

// validTagName reports whether encoding/json takes s as a member name
// from a tag; it uses the Go field's name otherwise.
func validTagName(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		switch {
		case strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c):
		case !unicode.IsLetter(c) && !unicode.IsDigit(c):
			return false
		}
	}
	return true
}
