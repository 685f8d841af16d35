package jsonbody

import (
	"cmp"
	"reflect"
	"slices"
	"strings"
	"unicode"
)

// goField is a struct field that a JSON member decodes into, found by the
// rules of encoding/json: the fields of embedded structs are promoted; of
// several fields of one name, the one nearest the top wins, then the one
// named by a tag, and a tie at the same depth hides them all.
type goField struct {
	name   string
	index  []int // the path of field indices from the outer struct
	typ    reflect.Type
	tagged bool
	quoted bool // the ",string" option on a kind that takes it
}

// goFields returns the fields of struct type t that JSON members decode
// into, in the order of their field indices.
func goFields(t reflect.Type) []goField {
	type visit struct {
		typ   reflect.Type
		index []int
	}
	var fields []goField
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
					gf := goField{name: name, index: index, typ: sf.Type, tagged: name != "", quoted: quotable(ft) && hasOption(opts, "string")}
					if name == "" {
						gf.name = sf.Name
					}
					fields = append(fields, gf)
					if count[f.typ] > 1 {
						// The same struct reached twice at this depth: its
						// fields annihilate each other below.
						fields = append(fields, gf)
					}
					continue
				}
				nextCount[ft]++
				if nextCount[ft] == 1 {
					next = append(next, visit{typ: ft, index: index})
				}
			}
		}
	}
	slices.SortStableFunc(fields, func(a, b goField) int {
		if c := strings.Compare(a.name, b.name); c != 0 {
			return c
		}
		if c := cmp.Compare(len(a.index), len(b.index)); c != 0 {
			return c
		}
		if a.tagged != b.tagged {
			if a.tagged {
				return -1
			}
			return 1
		}
		return slices.Compare(a.index, b.index)
	})
	out := fields[:0]
	for i := 0; i < len(fields); {
		j := i + 1
		for j < len(fields) && fields[j].name == fields[i].name {
			j++
		}
		if f, ok := dominant(fields[i:j]); ok {
			out = append(out, f)
		}
		i = j
	}
	slices.SortFunc(out, func(a, b goField) int { return slices.Compare(a.index, b.index) })
	return out
}

// dominant returns the field that wins among fields of one name, sorted
// by depth and then tagged first: the shallowest, unless two of that
// depth are equally tagged.
func dominant(fields []goField) (goField, bool) {
	if len(fields) > 1 && len(fields[0].index) == len(fields[1].index) && fields[0].tagged == fields[1].tagged {
		return goField{}, false
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
