package engine

import (
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/levytax/levy"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/taxarea"
)

// The constraints of a wire field sit next to it, in a check tag of
// comma-separated rules:
//
//	required         the field must be present (not empty, zero or null)
//	max=N, min=N     a string's length in characters; a number's bounds,
//	                 inclusive; for an array, the most items
//	gt=N             a number's exclusive lower bound
//	pattern=NAME     a string matches one of the patterns below
//	in=A|B|C         an enumeration value is one of A, B and C
//	taxarea          a string is a tax area ID
//	latitude         a string is a latitude in degrees, -90 to 90
//	longitude        a string is a longitude in degrees, -180 to 180
//
// Every rule but required applies only to a present field: an empty
// string, a nil pointer and an empty array are absent. A value of a type
// with a Valid method (the enumerations) must be valid. Checks that
// involve several fields are methods of the types (see checker).

// patterns are the named patterns of the pattern rule, with the words of
// their messages.
var patterns = map[string]struct {
	re   *regexp.Regexp
	text string
}{
	"alpha3":  {regexp.MustCompile(`^[A-Z]{3}$`), "must be three capital letters (pattern [A-Z]{3})"},
	"country": {regexp.MustCompile(`^[A-Z0-9]{2,3}$`), "must be two or three capital letters or digits (pattern [A-Z0-9]{2,3})"},
}

// checker is implemented by the wire types with constraints across their
// fields. check runs after the fields of the value at p are checked.
type checker interface {
	check(v *violations, p *fieldPath)
}

// valid is implemented by the enumerations.
type valid interface{ Valid() bool }

var (
	checkerType   = reflect.TypeFor[checker]()
	validType     = reflect.TypeFor[valid]()
	amountType    = reflect.TypeFor[money.Amount]()
	jsonUnmarshal = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshal = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// maxWalkDepth bounds the recursion of the walk over values built in
// code, which may nest or even share lines without end. Decoded requests
// are bounded by MaxJSONDepth long before.
const maxWalkDepth = 4 * MaxJSONDepth

// fieldRules are the parsed constraints of one field.
type fieldRules struct {
	required bool
	// lo and hi bound a number (loExclusive for gt), minLen and maxLen a
	// string's length, and maxItems an array.
	lo, hi           *money.Amount
	loExclusive      bool
	minLen, maxLen   int
	maxItems         int
	pattern          string
	in               []string
	taxArea          bool
	degrees          int64  // the bound of a latitude or longitude, 0 if neither
	enum             bool   // the value has a Valid method
	enumNames        string // the allowed values, for messages
	descend, isSlice bool
}

// fieldInfo is what the walk knows of one field of a struct.
type fieldInfo struct {
	index    int
	name     string
	embedded bool // an anonymous struct whose members are promoted
	rules    fieldRules
}

// typeInfo is what the walk knows of one struct type.
type typeInfo struct {
	fields  []fieldInfo
	checker bool
	// line marks the line item types, whose lineItems hold lines of the
	// same type: the walk visits at most MaxLines of them, at most
	// MaxLineDepth deep, and leaves the rest to checkLines.
	line bool
}

var typeInfos sync.Map // reflect.Type → *typeInfo

// infoOf returns the fields of struct type t and their rules, parsing the
// tags on first use. A malformed tag is a bug of this package: infoOf
// panics, and the tests walk every request type.
func infoOf(t reflect.Type) *typeInfo {
	if ti, ok := typeInfos.Load(t); ok {
		return ti.(*typeInfo)
	}
	ti := &typeInfo{checker: reflect.PointerTo(t).Implements(checkerType)}
	for i := range t.NumField() {
		sf := t.Field(i)
		if !sf.IsExported() && !sf.Anonymous {
			continue
		}
		name, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if sf.Anonymous && name == "" && deref(sf.Type).Kind() == reflect.Struct {
			ti.fields = append(ti.fields, fieldInfo{index: i, embedded: true})
			continue
		}
		if !sf.IsExported() {
			continue
		}
		if name == "" {
			name = sf.Name
		}
		r, err := parseRules(sf.Type, sf.Tag.Get("check"))
		if err != nil {
			panic(fmt.Sprintf("engine: %s.%s: %v", t.Name(), sf.Name, err))
		}
		ti.fields = append(ti.fields, fieldInfo{index: i, name: name, rules: r})
		if name == "lineItems" && sf.Type.Kind() == reflect.Slice && sf.Type.Elem() == t {
			ti.line = true
		}
	}
	got, _ := typeInfos.LoadOrStore(t, ti)
	return got.(*typeInfo)
}

// deref strips pointers from t.
func deref(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

// isLeaf reports whether values of t are read whole from JSON (amounts,
// dates) rather than member by member.
func isLeaf(t reflect.Type) bool {
	p := reflect.PointerTo(t)
	return p.Implements(jsonUnmarshal) || p.Implements(textUnmarshal)
}

// parseRules reads the check tag of a field of type t.
func parseRules(t reflect.Type, tag string) (fieldRules, error) {
	var r fieldRules
	base := deref(t)
	switch base.Kind() {
	case reflect.Slice:
		r.isSlice = true
		elem := deref(base.Elem())
		r.descend = elem.Kind() == reflect.Struct && !isLeaf(elem)
	case reflect.Struct:
		r.descend = !isLeaf(base)
	}
	if base.Implements(validType) {
		r.enum = true
		r.enumNames = enumNames[base]
	}
	if tag == "" {
		return r, nil
	}
	isString := base.Kind() == reflect.String
	for item := range strings.SplitSeq(tag, ",") {
		key, val, _ := strings.Cut(item, "=")
		var err error
		switch key {
		case "required":
			r.required = true
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
			r.taxArea = true
		case "latitude":
			r.degrees = 90
		case "longitude":
			r.degrees = 180
		default:
			err = fmt.Errorf("unknown rule %q", item)
		}
		if err != nil {
			return r, err
		}
	}
	return r, nil
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

// walk checks the request at root, a pointer to a struct.
func (v *violations) walk(root any) {
	rv := reflect.ValueOf(root)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return
	}
	v.walkValue(rv.Elem(), nil, 0)
}

// walkValue checks the members of a struct, pointer or slice value at p.
func (v *violations) walkValue(rv reflect.Value, p *fieldPath, depth int) {
	if v.full() {
		v.truncated = true
		return
	}
	if depth > maxWalkDepth {
		return
	}
	switch rv.Kind() {
	case reflect.Pointer:
		if !rv.IsNil() {
			v.walkValue(rv.Elem(), p, depth)
		}
	case reflect.Slice:
		for i := range rv.Len() {
			v.walkValue(rv.Index(i), p.index(i), depth+1)
		}
	case reflect.Struct:
		v.walkStruct(rv, p, depth)
	}
}

// walkStruct checks each field of the addressable struct rv at p, then
// the struct's own cross-field constraints.
func (v *violations) walkStruct(rv reflect.Value, p *fieldPath, depth int) {
	if isLeaf(rv.Type()) {
		return
	}
	ti := infoOf(rv.Type())
	if ti.line {
		if v.lines++; v.lines > MaxLines || v.lineDepth >= MaxLineDepth {
			return
		}
		v.lineDepth++
		defer func() { v.lineDepth-- }()
	}
	for i := range ti.fields {
		f := &ti.fields[i]
		fv := rv.Field(f.index)
		if f.embedded {
			v.walkValue(fv, p, depth+1)
			continue
		}
		if v.checkField(fv, p, f) && f.rules.descend {
			v.walkValue(fv, p.field(f.name), depth+1)
		}
	}
	if ti.checker && rv.CanAddr() {
		rv.Addr().Interface().(checker).check(v, p)
	}
}

// checkField applies the rules of field f, of value fv, in the struct at
// p. It reports whether the field is present.
func (v *violations) checkField(fv reflect.Value, p *fieldPath, f *fieldInfo) bool {
	r := &f.rules
	if absent(fv) {
		if r.required {
			if r.enumNames != "" {
				v.add(p.field(f.name), "is required: one of %s", r.enumNames)
			} else {
				v.add(p.field(f.name), "is required")
			}
		}
		return false
	}
	for fv.Kind() == reflect.Pointer {
		fv = fv.Elem()
	}
	if msg := r.violation(fv); msg != "" {
		v.add(p.field(f.name), "%s", msg)
	}
	if r.taxArea {
		var e *levy.Error
		if err := taxarea.ValidateTaxAreaID(p.field(f.name).String(), fv.String()); errors.As(err, &e) {
			v.addError(e)
		}
	}
	return true
}

// absent reports whether a field holds no value.
func absent(fv reflect.Value) bool {
	switch fv.Kind() {
	case reflect.Slice, reflect.Map:
		return fv.Len() == 0
	}
	return fv.IsZero()
}

// violation returns the message of the first rule the present value fv
// breaks, or "".
func (r *fieldRules) violation(fv reflect.Value) string {
	switch {
	case r.isSlice:
		if r.maxItems > 0 && fv.Len() > r.maxItems {
			return fmt.Sprintf("must have at most %d items", r.maxItems)
		}
	case fv.Kind() == reflect.String:
		if msg := r.stringViolation(fv.String()); msg != "" {
			return msg
		}
	case fv.Type() == amountType:
		return r.numberViolation(fv.Interface().(money.Amount))
	case fv.CanInt():
		return r.numberViolation(money.FromInt(fv.Int()))
	}
	if r.enum {
		ok := fv.Interface().(valid).Valid()
		if ok && r.in != nil {
			ok = false
			for _, s := range r.in {
				ok = ok || s == fv.String()
			}
		}
		if !ok {
			if r.enumNames == "" {
				return "is not a valid value"
			}
			return "must be one of " + r.enumNames
		}
	}
	return ""
}

// stringViolation checks the length, pattern and format rules of s.
func (r *fieldRules) stringViolation(s string) string {
	if r.maxLen > 0 || r.minLen > 0 {
		n := utf8.RuneCountInString(s)
		if r.maxLen > 0 && n > r.maxLen {
			return fmt.Sprintf("must be at most %d characters", r.maxLen)
		}
		if n < r.minLen {
			return fmt.Sprintf("must be at least %d characters", r.minLen)
		}
	}
	if p, ok := patterns[r.pattern]; ok && !p.re.MatchString(s) {
		return p.text
	}
	if r.degrees > 0 {
		d, err := money.Parse(s)
		if lim := money.FromInt(r.degrees); err != nil || d.Abs().Cmp(lim) > 0 {
			return fmt.Sprintf("must be a number of degrees from %s to %s", lim.Neg(), lim)
		}
	}
	return ""
}

// numberViolation checks the bounds of a.
func (r *fieldRules) numberViolation(a money.Amount) string {
	low := r.lo != nil && (a.Cmp(*r.lo) < 0 || r.loExclusive && a.Cmp(*r.lo) == 0)
	high := r.hi != nil && a.Cmp(*r.hi) > 0
	if !low && !high {
		return ""
	}
	switch {
	case r.lo != nil && r.hi != nil && !r.loExclusive:
		return fmt.Sprintf("must be between %s and %s", r.lo, r.hi)
	case r.lo != nil && r.hi != nil:
		return fmt.Sprintf("must be greater than %s and at most %s", r.lo, r.hi)
	case r.loExclusive:
		return fmt.Sprintf("must be greater than %s", r.lo)
	case r.lo != nil:
		return fmt.Sprintf("must be at least %s", r.lo)
	}
	return fmt.Sprintf("must be at most %s", r.hi)
}
