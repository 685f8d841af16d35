package wire

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/levytax/levy/internal/jsonbody"
	"github.com/levytax/levy/money"
)

// This file compiles the check tags of the wire types (see
// validate_field.go) into the walk methods of validate_gen.go.

// checker is implemented by the wire types with constraints across their
// fields; the generated walk calls check after the fields.
type checker interface {
	check(v *violations, p *fieldPath)
}

var (
	checkerType = reflect.TypeFor[checker]()
	validType   = reflect.TypeFor[valid]()
	amountType  = reflect.TypeFor[money.Amount]()
)

// fieldSpec is what the generator knows of one field of a struct.
type fieldSpec struct {
	sf       reflect.StructField
	name     string // the JSON member name
	embedded bool   // an anonymous struct whose members are promoted
	rules    fieldRules
	required bool
	taxArea  bool
	ident    bool // the id rule: the string is an identifier
	nonBlank bool // the nonblank rule: the identifier is not only whitespace
	lines    bool // the lines rule: the text may hold line breaks
	enum     bool // the value has a Valid method
	descend  bool // the value (or each item) is a struct walked member by member
	isSlice  bool
}

// typeInfo is what the generator knows of one struct type.
type typeInfo struct {
	t       reflect.Type
	fields  []fieldSpec
	checker bool
	// line marks the line item types, whose lineItems hold lines of the
	// same type: the walk visits at most MaxLines of them, at most
	// MaxLineDepth deep, and leaves the rest to checkLines.
	line bool
}

// ownChecker reports whether struct type t has a check that its walk
// calls. A check promoted from an embedded struct is that struct's, which
// the struct's own walk calls: the walk of t, which walks the embedded
// struct, would call it a second time and report each of its violations
// twice. (reflect does not see unexported methods, so it cannot tell a
// check the type declares from a promoted one: a type that embeds a
// checker must not declare a check of its own, which its walk would not
// call.)
func ownChecker(t reflect.Type) bool {
	if !reflect.PointerTo(t).Implements(checkerType) {
		return false
	}
	for i := range t.NumField() {
		if sf := t.Field(i); sf.Anonymous && reflect.PointerTo(sf.Type).Implements(checkerType) {
			return false
		}
	}
	return true
}

// infoOf returns the fields of struct type t and their rules. A malformed
// tag is a bug of this package: infoOf panics.
func infoOf(t reflect.Type) *typeInfo {
	ti := &typeInfo{t: t, checker: ownChecker(t)}
	for i := range t.NumField() {
		sf := t.Field(i)
		name, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
		switch {
		case name == "-":
			continue
		case sf.Anonymous && name == "" && jsonbody.Deref(sf.Type).Kind() == reflect.Struct:
			ti.fields = append(ti.fields, fieldSpec{sf: sf, embedded: true})
			continue
		case !sf.IsExported():
			continue
		case name == "":
			name = sf.Name
		}
		f, err := parseRules(sf.Type, sf.Tag.Get("check"))
		if err != nil {
			panic(fmt.Sprintf("engine: %s.%s: %v", t.Name(), sf.Name, err))
		}
		f.sf, f.name = sf, name
		ti.fields = append(ti.fields, f)
		if name == "lineItems" && sf.Type.Kind() == reflect.Slice && sf.Type.Elem() == t {
			ti.line = true
		}
	}
	return ti
}

// parseRules reads the check tag of a field of type t.
func parseRules(t reflect.Type, tag string) (fieldSpec, error) {
	var f fieldSpec
	r := &f.rules
	base := jsonbody.Deref(t)
	switch base.Kind() {
	case reflect.Slice:
		f.isSlice = true
		elem := jsonbody.Deref(base.Elem())
		f.descend = elem.Kind() == reflect.Struct && !jsonbody.IsLeaf(elem)
	case reflect.Struct:
		f.descend = !jsonbody.IsLeaf(base)
	}
	if base.Implements(validType) {
		f.enum = true
		r.enumNames = enumNames[base]
	}
	if tag == "" {
		return f, nil
	}
	isString := base.Kind() == reflect.String
	for item := range strings.SplitSeq(tag, ",") {
		key, val, _ := strings.Cut(item, "=")
		var err error
		switch key {
		case "required":
			f.required = true
		case "min", "max", "gt":
			err = r.bound(base, key, val)
		case "pattern":
			if _, ok := patterns[val]; !ok || !isString {
				err = fmt.Errorf("unknown pattern %q", val)
			}
			r.pattern = val
		case "in":
			r.in = strings.Split(val, "|")
			r.enumNames = strings.Join(r.in, ", ")
		case "taxarea":
			f.taxArea = true
		case "id":
			if !isString {
				err = fmt.Errorf("rule id on a %s", base)
			}
			f.ident = true
		case "nonblank":
			f.nonBlank = true
		case "lines":
			if !isString {
				err = fmt.Errorf("rule lines on a %s", base)
			}
			f.lines = true
		case "latitude":
			r.degrees = 90
		case "longitude":
			r.degrees = 180
		default:
			err = fmt.Errorf("unknown rule %q", item)
		}
		if err != nil {
			return f, err
		}
	}
	if f.nonBlank && !f.ident {
		return f, fmt.Errorf("rule nonblank without rule id")
	}
	if f.lines && (f.ident || f.enum || r.pattern != "" || r.degrees != 0 || f.taxArea) {
		return f, fmt.Errorf("rule lines on a field that is not free text")
	}
	return f, nil
}

// bound records a min, max or gt rule, whose meaning depends on the kind
// of the field: a length for strings, a count for arrays, a value for
// numbers.
func (r *fieldRules) bound(base reflect.Type, key, val string) error {
	switch {
	case base.Kind() == reflect.String || base.Kind() == reflect.Slice:
		n, err := strconv.Atoi(val)
		if err != nil || key == "gt" || (key == "min" && base.Kind() == reflect.Slice) {
			return fmt.Errorf("bad rule %s=%s", key, val)
		}
		switch {
		case base.Kind() == reflect.Slice:
			r.maxItems = n
		case key == "min":
			r.minLen = n
		default:
			r.maxLen = n
		}
		return nil
	case base == amountType || (base.Kind() >= reflect.Int && base.Kind() <= reflect.Int64):
		a, err := money.Parse(val)
		if err != nil {
			return err
		}
		if key == "max" {
			r.hi = &a
		} else {
			r.lo, r.loExclusive = &a, key == "gt"
		}
		return nil
	}
	return fmt.Errorf("rule %s on a %s", key, base)
}

// generator writes the walk methods of the types reachable from the
// requests.
type generator struct {
	pkgs  map[string]string // import path → name
	types []*typeInfo
	seen  map[reflect.Type]bool
	// ruleVars names the variable of each fieldRules literal.
	ruleVars map[string]string
	vars     bytes.Buffer // the fieldRules variables
	body     bytes.Buffer
}

// visit collects struct type t and the struct types of its fields.
func (g *generator) visit(t reflect.Type) {
	t = jsonbody.Deref(t)
	switch {
	case t.Kind() == reflect.Slice:
		g.visit(t.Elem())
	case t.Kind() != reflect.Struct || g.seen[t] || jsonbody.IsLeaf(t):
	default:
		g.seen[t] = true
		ti := infoOf(t)
		g.types = append(g.types, ti)
		for _, f := range ti.fields {
			g.visit(f.sf.Type)
		}
	}
}

// typeName writes t as the generated code names it.
func (g *generator) typeName(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Pointer:
		return "*" + g.typeName(t.Elem())
	case reflect.Slice:
		return "[]" + g.typeName(t.Elem())
	}
	if t.PkgPath() == "" || t.PkgPath() == reflect.TypeFor[SaleRequest]().PkgPath() {
		return t.Name()
	}
	name := t.PkgPath()[strings.LastIndex(t.PkgPath(), "/")+1:]
	g.pkgs[t.PkgPath()] = name
	return name + "." + t.Name()
}

// present returns the Go expression that says whether field x.F holds a
// value: not nil, not empty, not zero.
func (g *generator) present(expr string, t reflect.Type) string {
	switch t.Kind() {
	case reflect.Pointer, reflect.Interface:
		return expr + " != nil"
	case reflect.Slice, reflect.Map:
		return "len(" + expr + ") > 0"
	case reflect.String:
		return expr + ` != ""`
	case reflect.Bool:
		return expr
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		return expr + " != 0"
	case reflect.Struct:
		if !t.Comparable() {
			panic(fmt.Sprintf("engine: %s is not comparable", t))
		}
		return expr + " != (" + g.typeName(t) + "{})"
	}
	panic(fmt.Sprintf("engine: no presence test for %s", t))
}

// rulesVar returns the name of a variable that holds the fieldRules of
// f, writing it on first use: fields with the same rules share one.
func (g *generator) rulesVar(f *fieldSpec) string {
	r := &f.rules
	var b strings.Builder
	add := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	if r.lo != nil {
		add("lo: ruleAmount(%q), ", r.lo.String())
	}
	if r.hi != nil {
		add("hi: ruleAmount(%q), ", r.hi.String())
	}
	if r.loExclusive {
		add("loExclusive: true, ")
	}
	if r.minLen != 0 {
		add("minLen: %d, ", r.minLen)
	}
	if r.maxLen != 0 {
		add("maxLen: %d, ", r.maxLen)
	}
	if r.maxItems != 0 {
		add("maxItems: %d, ", r.maxItems)
	}
	if r.pattern != "" {
		add("pattern: %q, ", r.pattern)
	}
	if r.in != nil {
		add("in: %#v, ", r.in)
	}
	if r.degrees != 0 {
		add("degrees: %d, ", r.degrees)
	}
	if r.enumNames != "" {
		add("enumNames: %q, ", r.enumNames)
	}
	lit := "fieldRules{" + strings.TrimSuffix(b.String(), ", ") + "}"
	if name, ok := g.ruleVars[lit]; ok {
		return name
	}
	name := fmt.Sprintf("rules%d", len(g.ruleVars)+1)
	g.ruleVars[lit] = name
	fmt.Fprintf(&g.vars, "\t%s = %s\n", name, lit)
	return name
}

// write emits the walk method of one struct type.
func (g *generator) write(ti *typeInfo) {
	w := func(format string, args ...any) { fmt.Fprintf(&g.body, format, args...) }
	w("\n// walk checks the members of a %s at p.\n", ti.t.Name())
	w("func (x *%s) walk(v *violations, p *fieldPath, depth int) {\n", ti.t.Name())
	w("if v.stop(depth) {\nreturn\n}\n")
	if ti.line {
		w("if !v.enterLine() {\nreturn\n}\n")
	}
	for i := range ti.fields {
		g.field(ti, &ti.fields[i], w)
	}
	if ti.checker {
		w("x.check(v, p)\n")
	}
	if ti.line {
		w("v.leaveLine()\n")
	}
	w("}\n")
}

// field emits the checks of one field.
func (g *generator) field(ti *typeInfo, f *fieldSpec, w func(string, ...any)) {
	expr := "x." + f.sf.Name
	t := f.sf.Type
	if f.embedded {
		if t.Kind() == reflect.Pointer {
			w("if %s != nil {\n%s.walk(v, p, depth+1)\n}\n", expr, expr)
		} else {
			w("%s.walk(v, p, depth+1)\n", expr)
		}
		return
	}
	r := &f.rules
	base := jsonbody.Deref(t)
	hasRules := r.lo != nil || r.hi != nil || r.minLen != 0 || r.maxLen != 0 || r.maxItems != 0 ||
		r.pattern != "" || r.in != nil || r.degrees != 0
	if !f.required && !hasRules && !f.enum && !f.taxArea && !f.ident && !f.descend && base != amountType && base.Kind() != reflect.String {
		return
	}
	name := strconv.Quote(f.name)
	present := g.present(expr, t)
	if f.required {
		w("if !(%s) {\nv.required(p, %s, %q)\n} else {\n", present, name, r.enumNames)
	} else {
		w("if %s {\n", present)
	}
	val := expr
	if t.Kind() == reflect.Pointer {
		if t.Elem().Kind() == reflect.Pointer {
			panic(fmt.Sprintf("engine: %s.%s: pointer to pointer", ti.t.Name(), f.sf.Name))
		}
		val = "(*" + expr + ")"
	}
	switch {
	case f.isSlice:
		if r.maxItems != 0 {
			w("v.report(p, %s, %s.itemsViolation(len(%s)))\n", name, g.rulesVar(f), val)
		}
		if f.descend {
			elem := base.Elem()
			item := val + "[i]"
			switch {
			case name == `"lineItems"`:
				// A request's lines, up to MaxLines of them: their paths
				// in one allocation. The walk of a line, which walks its
				// own lines, hands its path to the heap already; the
				// walks of the parties keep theirs on the stack, which
				// FieldItems would not.
				w("items := p.FieldItems(%s, len(%s))\nfor i := range %s {\n%s.walk(v, &items[i], depth+2)\n}\n", name, val, val, item)
			case elem.Kind() == reflect.Pointer:
				w("for i := range %s {\nif %s != nil {\n%s.walk(v, p.Field(%s).Index(i), depth+2)\n}\n}\n", val, item, item, name)
			default:
				w("for i := range %s {\n%s.walk(v, p.Field(%s).Index(i), depth+2)\n}\n", val, item, name)
			}
		}
	case base.Kind() == reflect.String:
		str := val
		if base.Name() != "string" || base.PkgPath() != "" {
			str = "string(" + val + ")"
		}
		stringRules := r.minLen != 0 || r.maxLen != 0 || r.pattern != "" || r.degrees != 0
		switch {
		case stringRules && r.minLen == 0 && r.pattern == "" && r.degrees == 0 && !f.enum:
			w("if len(%s) > %d {\nv.tooLong(p, %s, %s, %d)\n}\n", val, r.maxLen, name, str, r.maxLen)
		case stringRules && f.enum:
			rv := g.rulesVar(f)
			w("msg := %s.stringViolation(%s)\n", rv, str)
			w("if msg == \"\" {\nmsg = %s.enumViolation(%s.Valid(), %s)\n}\n", rv, val, str)
			w("v.report(p, %s, msg)\n", name)
		case stringRules:
			w("v.report(p, %s, %s.stringViolation(%s))\n", name, g.rulesVar(f), str)
		case f.enum:
			w("v.report(p, %s, %s.enumViolation(%s.Valid(), %s))\n", name, g.rulesVar(f), val, str)
		}
		if f.taxArea {
			w("v.taxArea(p, %s, %s)\n", name, str)
		}
		switch {
		case f.nonBlank:
			w("v.nonBlankIdentifier(p, %s, %s)\n", name, str)
		case f.ident:
			w("v.identifier(p, %s, %s)\n", name, str)
		case f.enum || r.pattern != "" || r.degrees != 0 || f.taxArea:
			// Their own rules hold them to a few printable characters.
		default:
			// Free text: no control character (but a tab, and line
			// breaks where the lines rule allows them), valid UTF-8.
			w("v.text(p, %s, %s, %t)\n", name, str, f.lines)
		}
	case base == amountType:
		// Every number is bounded, whatever its tag says; past the bound
		// its rules say nothing more.
		if hasRules {
			w("v.amount(p, %s, %s, &%s)\n", name, val, g.rulesVar(f))
		} else {
			w("v.amount(p, %s, %s, nil)\n", name, val)
		}
	case base.Kind() >= reflect.Int && base.Kind() <= reflect.Uint64:
		num := "money.FromInt(int64(" + strings.Trim(val, "()") + "))"
		switch {
		case hasRules && f.enum:
			rv := g.rulesVar(f)
			w("msg := %s.numberViolation(%s)\n", rv, num)
			w("if msg == \"\" {\nmsg = %s.enumViolation(%s.Valid(), \"\")\n}\n", rv, val)
			w("v.report(p, %s, msg)\n", name)
		case hasRules:
			w("v.report(p, %s, %s.numberViolation(%s))\n", name, g.rulesVar(f), num)
		case f.enum:
			w("v.report(p, %s, %s.enumViolation(%s.Valid(), \"\"))\n", name, g.rulesVar(f), val)
		}
		if hasRules {
			g.pkgs["github.com/levytax/levy/money"] = "money"
		}
	case f.descend:
		w("%s.walk(v, p.Field(%s), depth+1)\n", expr, name)
	default:
		if hasRules || f.enum || f.taxArea || f.ident {
			panic(fmt.Sprintf("engine: %s.%s: rules on a %s", ti.t.Name(), f.sf.Name, t))
		}
	}
	w("}\n")
}

// generateValidation returns the source of validate_gen.go.
func generateValidation() ([]byte, error) {
	g := &generator{pkgs: map[string]string{}, seen: map[reflect.Type]bool{}, ruleVars: map[string]string{}}
	for _, v := range []any{SaleRequest{}, PurchaseRequest{}, OwnerRequest{}} {
		g.visit(reflect.TypeOf(v))
	}
	slices.SortFunc(g.types, func(a, b *typeInfo) int { return strings.Compare(a.t.Name(), b.t.Name()) })
	for _, ti := range g.types {
		g.write(ti)
	}
	var out bytes.Buffer
	out.WriteString("// Code generated by TestValidationCode from the check tags of the wire types. DO NOT EDIT.\n")
	out.WriteString("// To regenerate: go test ./wire -run TestValidationCode -update\n\npackage wire\n")
	if len(g.pkgs) > 0 {
		out.WriteString("\nimport (\n")
		paths := make([]string, 0, len(g.pkgs))
		for p := range g.pkgs {
			paths = append(paths, p)
		}
		slices.Sort(paths)
		for _, p := range paths {
			fmt.Fprintf(&out, "\t%q\n", p)
		}
		out.WriteString(")\n")
	}
	if g.vars.Len() > 0 {
		out.WriteString("\n// The compiled rules of the fields that need more than a length test.\nvar (\n")
		out.Write(g.vars.Bytes())
		out.WriteString(")\n")
	}
	out.Write(g.body.Bytes())
	return format.Source(out.Bytes())
}

// TestValidationCode checks that validate_gen.go is what the check tags
// of the wire types compile to; -update rewrites it.
func TestValidationCode(t *testing.T) {
	src, err := generateValidation()
	if err != nil {
		t.Fatal(err)
	}
	const file = "validate_gen.go"
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
		t.Errorf("%s is out of date: go test ./wire -run TestValidationCode -update", file)
	}
}

var update = flag.Bool("update", false, "rewrite validate_gen.go from the check tags")
