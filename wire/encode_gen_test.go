package wire

import (
	"bytes"
	"encoding"
	"encoding/json"
	"fmt"
	"go/format"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/jsonbody"
	"github.com/levytax/levy/jurisdiction"
)

// This file generates encode_gen.go: an AppendJSON method for each root
// type below and an append function for every struct type they reach,
// which write what json.Marshal writes for them (TestAppendJSONMatches
// checks it on random values). The members of a struct are found as
// encoding/json finds them (jsonFields), including those promoted from
// embedded structs.

// encodeRoots are the types that get an exported AppendJSON method: the
// answers of the calculation and of the lookups.
var encodeRoots = []any{SaleResponse{}, PurchaseResponse{}, OwnerResponse{}, LookupResponse{}}

var (
	dateType             = reflect.TypeFor[civil.Date]()
	jurisdictionTypeType = reflect.TypeFor[jurisdiction.Type]()
	textMarshalerType    = reflect.TypeFor[encoding.TextMarshaler]()
	jsonMarshalerType    = reflect.TypeFor[json.Marshaler]()
	isZeroerType         = reflect.TypeFor[interface{ IsZero() bool }]()
)

// jsonField is a member of a struct's JSON object.
type jsonField struct {
	name      string
	tagged    bool
	index     []int
	typ       reflect.Type
	omitEmpty bool
	omitZero  bool
	// own marks a member of Levy's own (tag levy:"own"), which
	// AppendOptions.OmitLevyMembers leaves out.
	own bool
}

// jsonFields returns the members of struct type t in the order
// encoding/json writes them (jsonbody.Fields). Embedding a pointer to a
// struct and the ",string" option are not supported (the wire types use
// neither).
func jsonFields(t reflect.Type) []jsonField {
	var out []jsonField
	for _, f := range jsonbody.Fields(t) {
		if f.ViaPointer {
			panic(fmt.Sprintf("wire: %s embeds a pointer: the encoder generator does not support it", f.Owner))
		}
		if f.Option("string") {
			panic(fmt.Sprintf("wire: %s.%s: the string option is not supported", f.Owner, f.Name))
		}
		out = append(out, jsonField{name: f.Name, tagged: f.Tagged, index: f.Index, typ: f.Type,
			omitEmpty: f.Option("omitempty"), omitZero: f.Option("omitzero"), own: f.Tag.Get("levy") == "own"})
	}
	return out
}

// encodeGen writes the append functions.
type encodeGen struct {
	pkgs  map[string]bool
	done  map[reflect.Type]bool
	queue []reflect.Type
	body  bytes.Buffer
	tmp   int
}

// funcName is the name of the append function of struct type t.
func funcName(t reflect.Type) string { return "append" + t.Name() }

// typeName is t as the generated code names it.
func (g *encodeGen) typeName(t reflect.Type) string {
	if t.PkgPath() == "" || t.PkgPath() == reflect.TypeFor[Tax]().PkgPath() {
		return t.Name()
	}
	g.pkgs[t.PkgPath()] = true
	return t.String()
}

func (g *encodeGen) want(t reflect.Type) {
	if !g.done[t] {
		g.done[t] = true
		g.queue = append(g.queue, t)
	}
}

// writeStruct writes the append function of struct type t.
func (g *encodeGen) writeStruct(t reflect.Type) {
	w := &g.body
	fmt.Fprintf(w, "\nfunc %s(b []byte, x *%s, o AppendOptions) ([]byte, error) {\n", funcName(t), g.typeName(t))
	fields := jsonFields(t)
	needErr, dynamic, usesStart := false, false, false
	var inner bytes.Buffer
	always := false // a member before is always written: the next needs a comma
	for _, f := range fields {
		expr := "x"
		v := t
		for _, i := range f.index {
			expr += "." + v.Field(i).Name
			v = v.Field(i).Type
		}
		key, err := json.Marshal(f.name)
		if err != nil {
			panic(err)
		}
		cond := g.present(expr, f)
		if f.own {
			if cond == "" {
				panic(fmt.Sprintf("wire: %s.%s: a member of Levy's own must be omitempty or omitzero", t, f.name))
			}
			cond = "!o.OmitLevyMembers && " + cond
		}
		var val bytes.Buffer
		if g.value(&val, expr, f.typ, f.omitEmpty && f.typ.Kind() == reflect.Pointer) {
			needErr = true
		}
		switch {
		case cond == "" && always:
			fmt.Fprintf(&inner, "b = append(b, `,%s:`...)\n", key)
		case cond == "" && !always && !dynamic:
			// The first member written, always.
			fmt.Fprintf(&inner, "b = append(b, `%s:`...)\n", key)
		case cond == "":
			fmt.Fprintf(&inner, "if len(b) > start {\nb = append(b, ',')\n}\nb = append(b, `%s:`...)\n", key)
			usesStart = true
		default:
			fmt.Fprintf(&inner, "if %s {\n", cond)
			switch {
			case always:
				fmt.Fprintf(&inner, "b = append(b, `,%s:`...)\n", key)
			case !dynamic:
				fmt.Fprintf(&inner, "b = append(b, `%s:`...)\n", key)
			default:
				fmt.Fprintf(&inner, "if len(b) > start {\nb = append(b, ',')\n}\nb = append(b, `%s:`...)\n", key)
				usesStart = true
			}
		}
		inner.Write(val.Bytes())
		if cond != "" {
			inner.WriteString("}\n")
			if !always {
				dynamic = true
			}
		} else {
			always = true
		}
	}
	if needErr {
		w.WriteString("var err error\n")
	}
	w.WriteString("b = append(b, '{')\n")
	if usesStart {
		w.WriteString("start := len(b)\n")
	}
	w.Write(inner.Bytes())
	w.WriteString("return append(b, '}'), nil\n}\n")
}

// present returns the condition under which the member f, read as
// expr, is written ("" when it always is).
func (g *encodeGen) present(expr string, f jsonField) string {
	var conds []string
	if f.omitEmpty {
		switch f.typ.Kind() {
		case reflect.String:
			conds = append(conds, expr+` != ""`)
		case reflect.Bool:
			conds = append(conds, expr)
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			conds = append(conds, expr+" != 0")
		case reflect.Pointer:
			conds = append(conds, expr+" != nil")
		case reflect.Slice:
			conds = append(conds, "len("+expr+") != 0")
		case reflect.Struct:
			// omitempty does not leave out a struct.
		default:
			panic(fmt.Sprintf("wire: omitempty on %s is not supported", f.typ))
		}
	}
	if f.omitZero {
		switch {
		case f.typ.Implements(isZeroerType) && f.typ.Kind() == reflect.Pointer:
			conds = append(conds, expr+" != nil && !"+expr+".IsZero()")
		case f.typ.Implements(isZeroerType) || reflect.PointerTo(f.typ).Implements(isZeroerType):
			conds = append(conds, "!"+expr+".IsZero()")
		case f.typ.Kind() == reflect.Pointer || f.typ.Kind() == reflect.Slice:
			conds = append(conds, expr+" != nil")
		case f.typ.Kind() == reflect.Struct && f.typ.Comparable():
			conds = append(conds, fmt.Sprintf("%s != (%s{})", expr, g.typeName(f.typ)))
		default:
			panic(fmt.Sprintf("wire: omitzero on %s is not supported", f.typ))
		}
	}
	return strings.Join(conds, " && ")
}

// value writes the code that appends the value expr of type t, an
// addressable expression, and reports whether the code uses err.
// nonNil says that expr, a pointer, is known not to be nil.
func (g *encodeGen) value(w *bytes.Buffer, expr string, t reflect.Type, nonNil bool) bool {
	switch {
	case t == amountType:
		fmt.Fprintf(w, "b = appendAmount(b, %s)\n", expr)
		return false
	case t == dateType:
		fmt.Fprintf(w, "if b, err = appendDate(b, %s); err != nil {\nreturn b, err\n}\n", expr)
		return true
	case t == jurisdictionTypeType:
		fmt.Fprintf(w, "if b, err = appendJurisdictionType(b, %s); err != nil {\nreturn b, err\n}\n", expr)
		return true
	case t.Kind() != reflect.Pointer && (t.Implements(jsonMarshalerType) || reflect.PointerTo(t).Implements(jsonMarshalerType)):
		panic(fmt.Sprintf("wire: %s is a json.Marshaler that the encoder generator does not know", t))
	case t.Kind() != reflect.Pointer && t.Implements(textMarshalerType):
		fmt.Fprintf(w, "if b, err = appendText(b, %s); err != nil {\nreturn b, err\n}\n", expr)
		return true
	case t.Kind() != reflect.Pointer && reflect.PointerTo(t).Implements(textMarshalerType):
		fmt.Fprintf(w, "if b, err = appendText(b, &%s); err != nil {\nreturn b, err\n}\n", expr)
		return true
	}
	switch t.Kind() {
	case reflect.String:
		fmt.Fprintf(w, "b = appendString(b, string(%s))\n", expr)
	case reflect.Bool:
		fmt.Fprintf(w, "b = strconv.AppendBool(b, bool(%s))\n", expr)
		g.pkgs["strconv"] = true
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		fmt.Fprintf(w, "b = strconv.AppendInt(b, int64(%s), 10)\n", expr)
		g.pkgs["strconv"] = true
	case reflect.Uint, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		fmt.Fprintf(w, "b = strconv.AppendUint(b, uint64(%s), 10)\n", expr)
		g.pkgs["strconv"] = true
	case reflect.Struct:
		g.want(t)
		fmt.Fprintf(w, "if b, err = %s(b, &%s, o); err != nil {\nreturn b, err\n}\n", funcName(t), expr)
		return true
	case reflect.Pointer:
		if !nonNil {
			fmt.Fprintf(w, "if %s == nil {\nb = append(b, \"null\"...)\n} else {\n", expr)
		}
		var uses bool
		if e := t.Elem(); e.Kind() == reflect.Struct && e != amountType && e != dateType && !e.Implements(textMarshalerType) &&
			!reflect.PointerTo(e).Implements(textMarshalerType) && !reflect.PointerTo(e).Implements(jsonMarshalerType) {
			g.want(e)
			fmt.Fprintf(w, "if b, err = %s(b, %s, o); err != nil {\nreturn b, err\n}\n", funcName(e), expr)
			uses = true
		} else {
			uses = g.value(w, "(*"+expr+")", e, false)
		}
		if !nonNil {
			w.WriteString("}\n")
		}
		return uses
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			panic(fmt.Sprintf("wire: %s: byte slices are not supported", t))
		}
		g.tmp++
		i := fmt.Sprintf("i%d", g.tmp)
		fmt.Fprintf(w, "if %s == nil {\nb = append(b, \"null\"...)\n} else {\nb = append(b, '[')\nfor %s := range %s {\nif %s > 0 {\nb = append(b, ',')\n}\n", expr, i, expr, i)
		uses := g.value(w, expr+"["+i+"]", t.Elem(), false)
		w.WriteString("}\nb = append(b, ']')\n}\n")
		return uses
	default:
		panic(fmt.Sprintf("wire: %s (%s) is not supported by the encoder generator", t, t.Kind()))
	}
	return false
}

// generateEncoding returns the source of encode_gen.go.
func generateEncoding() ([]byte, error) {
	g := &encodeGen{pkgs: map[string]bool{}, done: map[reflect.Type]bool{}}
	var roots bytes.Buffer
	for _, v := range encodeRoots {
		t := reflect.TypeOf(v)
		g.want(t)
		fmt.Fprintf(&roots, "\n// AppendJSON appends the JSON encoding of r to b: the bytes json.Marshal\n"+
			"// writes for it (with HTML escaping; without the newline of\n// json.Encoder.Encode). A nil r is null.\n"+
			"func (r *%[1]s) AppendJSON(b []byte) ([]byte, error) {\nreturn r.AppendJSONWith(b, AppendOptions{})\n}\n"+
			"\n// AppendJSONWith appends the JSON encoding of r to b as AppendJSON\n"+
			"// does, changed as o says.\n"+
			"func (r *%[1]s) AppendJSONWith(b []byte, o AppendOptions) ([]byte, error) {\nif r == nil {\nreturn append(b, \"null\"...), nil\n}\nreturn %[2]s(b, r, o)\n}\n",
			t.Name(), funcName(t))
	}
	for len(g.queue) > 0 {
		slices.SortFunc(g.queue, func(a, b reflect.Type) int { return strings.Compare(a.Name(), b.Name()) })
		t := g.queue[0]
		g.queue = g.queue[1:]
		g.writeStruct(t)
	}
	var out bytes.Buffer
	out.WriteString("// Code generated by TestEncodeCode from the wire types and their json tags. DO NOT EDIT.\n")
	out.WriteString("// To regenerate: go test ./wire -run TestEncodeCode -update\n\npackage wire\n")
	if len(g.pkgs) > 0 {
		out.WriteString("\nimport (\n")
		for _, p := range slices.Sorted(func(yield func(string) bool) {
			for p := range g.pkgs {
				if !yield(p) {
					return
				}
			}
		}) {
			fmt.Fprintf(&out, "\t%q\n", p)
		}
		out.WriteString(")\n")
	}
	out.Write(roots.Bytes())
	out.Write(g.body.Bytes())
	return format.Source(out.Bytes())
}

// TestEncodeCode checks that encode_gen.go is what the wire types
// generate; -update rewrites it.
func TestEncodeCode(t *testing.T) {
	src, err := generateEncoding()
	if err != nil {
		t.Fatal(err)
	}
	const file = "encode_gen.go"
	if *update {
		if err := os.WriteFile(file, src, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, src) {
		t.Errorf("%s is out of date: go test ./wire -run TestEncodeCode -update", file)
	}
}
