package api

import (
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/internal/jsonbody"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// The schemas of the OpenAPI document are built by reflection over the
// types that the handlers encode and decode, following the rules of
// encoding/json: member names from the json tags, embedded structs
// flattened with Go's rules of dominance, omitempty and omitzero members
// optional, and the types with their own marshalling described by hand.
// The constraints of the check tags of the engine's wire types (see
// engine/validate_field.go) become maxLength, minimum, enum and the like.

// object is a JSON object of the document. encoding/json writes the keys
// of a map sorted, which keeps the document the same from call to call.
type object = map[string]any

// schemaSet collects the component schemas that the operations refer to.
type schemaSet struct {
	// byType holds the schema of each named struct type met, under the
	// type; its name is fixed once every type is known (see components).
	byType map[reflect.Type]object
	// byName holds the schemas the caller named itself, such as the
	// answer of one operation.
	byName map[string]object
	// refs are the $ref objects that point at byType, filled in by
	// components.
	refs []pendingRef
	// names are the names of byType and the types of byName, once
	// components has run; the tests read them.
	names     map[reflect.Type]string
	typeNamed map[string]reflect.Type

	// request is set while the schema of a request body is built: the
	// named types it refers to are roots of requests, the others of
	// answers. building is the stack of named types under construction,
	// edges what each refers to, and answerRoots the types referred to
	// outside any named type while request is not set. amounts holds,
	// for each struct type, the schemas of its members that are amounts
	// (see boundRequestAmounts).
	request     bool
	building    []reflect.Type
	edges       map[reflect.Type][]reflect.Type
	answerRoots []reflect.Type
	amounts     map[reflect.Type][]object
}

// pendingRef is a $ref object whose target is the schema of a type.
type pendingRef struct {
	ref object
	t   reflect.Type
}

// newSchemaSet returns an empty set.
func newSchemaSet() *schemaSet {
	return &schemaSet{byType: map[reflect.Type]object{}, byName: map[string]object{}, typeNamed: map[string]reflect.Type{},
		edges: map[reflect.Type][]reflect.Type{}, amounts: map[reflect.Type][]object{}}
}

// special returns the schema of a type that marshals itself, as its
// MarshalJSON, MarshalText and UnmarshalJSON methods write and read it,
// and false for any other type.
func (s *schemaSet) special(t reflect.Type) (object, bool, error) {
	switch t {
	case reflect.TypeFor[money.Amount]():
		// An amount is a JSON number in plain decimal notation, written and
		// read exactly, never through float64. A string is refused.
		return object{"type": "number", "format": "decimal"}, true, nil
	case reflect.TypeFor[decimal.Decimal]():
		// A decimal of a tenant's policy (package profile) is written as a
		// string of its exact digits; a JSON number is read too.
		return object{"type": "string", "format": "decimal", "pattern": `^-?[0-9]+(\.[0-9]+)?$`}, true, nil
	case reflect.TypeFor[civil.Date]():
		// A date is YYYY-MM-DD. The zero date would be "", but its members
		// are omitzero save those that Levy always sets.
		return object{"type": "string", "format": "date"}, true, nil
	case reflect.TypeFor[time.Time]():
		return object{"type": "string", "format": "date-time"}, true, nil
	case reflect.TypeFor[jurisdiction.Type]():
		// A jurisdiction type is its wire name; the zero value fails to
		// marshal, so nothing else is ever written.
		var names []any
		for _, jt := range jurisdiction.Types() {
			names = append(names, jt.String())
		}
		return object{"type": "string", "enum": names}, true, nil
	case reflect.TypeFor[money.RoundingMode]():
		// A rounding mode is written as its name; other spellings such as
		// HALF_EVEN are read too.
		var names []any
		for m := money.HalfUp; m.Valid(); m++ {
			names = append(names, m.String())
		}
		return object{"type": "string", "enum": names}, true, nil
	case reflect.TypeFor[einvoice.Events]():
		// The statuses a webhook connection receives: "all", or a list.
		return object{"oneOf": []any{
			object{"type": "string", "enum": []any{"all"}},
			object{"type": "array", "items": object{"type": "string"}},
		}, "description": `"all" (every status of documents), or the list of statuses whose events the connection receives, which may name "all" and "Certificate Expiring" (the expiry notices of customers' exemption certificates, sent only to the connections that list it).`}, true, nil
	case reflect.TypeFor[wire.Search]():
		sch, err := s.ref(t, func() (object, error) { return s.searchSchema() })
		return sch, true, err
	}
	return nil, false, nil
}

// lookupKinds are the four requests a search may hold, each with the
// member that tells it from the others (see wire.Search.UnmarshalJSON).
var lookupKinds = []struct {
	t      reflect.Type
	member string
}{
	{reflect.TypeFor[wire.AddressLookupRequest](), "postalAddress"},
	{reflect.TypeFor[wire.CoordinatesLookupRequest](), "coordinates"},
	{reflect.TypeFor[wire.TaxAreaIDLookupRequest](), "taxAreaId"},
	{reflect.TypeFor[wire.ExternalJurisdictionLookupRequest](), "externalJurisdictionCode"},
}

// searchSchema describes wire.Search, which marshals itself as
// {"lookupId": ..., "lookupRequest": {...}}. The request is one of the
// four lookups, told apart by the member that only it has; Levy refuses
// a request with none or several of them, so each alternative requires
// its own member and at most one can match.
func (s *schemaSet) searchSchema() (object, error) {
	var alts []any
	for _, k := range lookupKinds {
		ref, err := s.schemaOf(k.t)
		if err != nil {
			return nil, fmt.Errorf("the lookup request %s: %w", k.t, err)
		}
		alts = append(alts, object{"allOf": []any{ref}, "required": []any{k.member}})
	}
	return object{
		"type":        "object",
		"description": "One search of a batch. lookupRequest holds the body of one of the four lookups, which its members tell apart: postalAddress, coordinates, taxAreaId or externalJurisdictionCode, exactly one of them. Levy reads it strictly: it refuses members that the lookup does not have.",
		"required":    []any{"lookupRequest"},
		"properties": object{
			"lookupId": object{"type": "string", "minLength": 1, "maxLength": wire.MaxLookupIDLength,
				"description": "The caller's name for the search, repeated in its result. Optional; when given, 1 to 40 characters, not only whitespace."},
			"lookupRequest": object{"oneOf": alts},
		},
	}, nil
}

var (
	jsonMarshaler   = reflect.TypeFor[json.Marshaler]()
	jsonUnmarshaler = reflect.TypeFor[json.Unmarshaler]()
	textMarshaler   = reflect.TypeFor[encoding.TextMarshaler]()
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// marshalsItself reports whether values of t, or pointers to them, have
// their own JSON or text form.
func marshalsItself(t reflect.Type) bool {
	for _, i := range []reflect.Type{jsonMarshaler, jsonUnmarshaler, textMarshaler, textUnmarshaler} {
		if t.Implements(i) || reflect.PointerTo(t).Implements(i) {
			return true
		}
	}
	return false
}

// schemaOf returns the schema of the values of t: a $ref for a named
// struct type, whose schema it adds to the set, and an inline schema for
// anything else. A pointer is described by what it points at: Levy omits
// a nil pointer rather than write null.
func (s *schemaSet) schemaOf(t reflect.Type) (object, error) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if sch, ok, err := s.special(t); ok || err != nil {
		return sch, err
	}
	if marshalsItself(t) {
		return nil, fmt.Errorf("%s marshals itself, and the document does not describe it yet", t)
	}
	if vals := wire.EnumValues(t); vals != nil {
		return object{"type": "string", "enum": anySlice(vals)}, nil
	}
	switch t.Kind() {
	case reflect.Bool:
		return object{"type": "boolean"}, nil
	case reflect.Int8, reflect.Int16, reflect.Int32:
		return object{"type": "integer", "format": "int32"}, nil
	case reflect.Int, reflect.Int64:
		return object{"type": "integer", "format": "int64"}, nil
	case reflect.Uint8, reflect.Uint16:
		return object{"type": "integer", "format": "int32", "minimum": 0}, nil
	case reflect.Uint, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return object{"type": "integer", "format": "int64", "minimum": 0}, nil
	case reflect.Float32:
		return object{"type": "number", "format": "float"}, nil
	case reflect.Float64:
		return object{"type": "number", "format": "double"}, nil
	case reflect.String:
		return object{"type": "string"}, nil
	case reflect.Interface:
		return object{}, nil
	case reflect.Slice, reflect.Array:
		if t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 && !marshalsItself(t.Elem()) {
			return object{"type": "string", "format": "byte"}, nil // encoding/json writes base64
		}
		items, err := s.schemaOf(t.Elem())
		if err != nil {
			return nil, err
		}
		out := object{"type": "array", "items": items}
		if t.Kind() == reflect.Array {
			out["minItems"], out["maxItems"] = t.Len(), t.Len()
		}
		return out, nil
	case reflect.Map:
		switch k := t.Key(); {
		case k.Kind() == reflect.String, reflect.PointerTo(k).Implements(textMarshaler) || k.Implements(textMarshaler),
			k.Kind() >= reflect.Int && k.Kind() <= reflect.Uintptr:
		default:
			return nil, fmt.Errorf("%s has keys that encoding/json cannot write", t)
		}
		vals, err := s.schemaOf(t.Elem())
		if err != nil {
			return nil, err
		}
		return object{"type": "object", "additionalProperties": vals}, nil
	case reflect.Struct:
		if t.Name() == "" {
			return s.structSchema(t)
		}
		return s.ref(t, func() (object, error) { return s.structSchema(t) })
	}
	return nil, fmt.Errorf("encoding/json cannot write a %s", t)
}

// ref returns a $ref to the schema of the named type t, building it with
// build the first time t is met. The name is filled in by components.
func (s *schemaSet) ref(t reflect.Type, build func() (object, error)) (object, error) {
	r := object{}
	s.refs = append(s.refs, pendingRef{r, t})
	s.refer(t)
	if _, ok := s.byType[t]; ok {
		return r, nil
	}
	s.byType[t] = nil // under construction: a recursive use only refers to it
	s.building = append(s.building, t)
	sch, err := build()
	s.building = s.building[:len(s.building)-1]
	if err != nil {
		return nil, fmt.Errorf("%s: %w", t, err)
	}
	s.byType[t] = sch
	return r, nil
}

// named adds the schema of struct type t under name and returns a $ref to
// it. It is for the types that have no name of their own, the
// instantiations of a generic type, which the caller names after the
// operation they answer.
func (s *schemaSet) named(t reflect.Type, name string) (object, error) {
	if _, ok := s.byName[name]; ok {
		return nil, fmt.Errorf("two schemas are named %s", name)
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return nil, fmt.Errorf("%s is not a struct, so it cannot be named %s", t, name)
	}
	s.refer(t)
	s.building = append(s.building, t)
	sch, err := s.structSchema(t)
	s.building = s.building[:len(s.building)-1]
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	s.byName[name] = sch
	s.typeNamed[name] = t
	return object{"$ref": "#/components/schemas/" + name}, nil
}

// components returns components.schemas and fills in every $ref. A type
// is named by its SchemaName method when it has one (see SchemaNamer),
// else after its Go name, prefixed with its package's name when two
// packages have a type of that name.
func (s *schemaSet) components() (object, error) {
	names := make(map[reflect.Type]string, len(s.byType))
	byName := map[string][]reflect.Type{}
	for t := range s.byType {
		if name, ok := schemaName(t); ok {
			names[t] = name
			continue
		}
		if strings.ContainsAny(t.Name(), "[]") {
			return nil, fmt.Errorf("%s is an instantiation of a generic type; name it after its operation", t)
		}
		byName[t.Name()] = append(byName[t.Name()], t)
	}
	for name, ts := range byName {
		for _, t := range ts {
			names[t] = name
			if len(ts) > 1 {
				pkg := t.PkgPath()
				names[t] = pkg[strings.LastIndex(pkg, "/")+1:] + name
			}
		}
	}
	s.boundRequestAmounts()
	out := make(object, len(s.byType)+len(s.byName))
	for name, sch := range s.byName {
		out[name] = sch
	}
	for t, sch := range s.byType {
		if _, ok := out[names[t]]; ok {
			return nil, fmt.Errorf("two schemas are named %s", names[t])
		}
		out[names[t]] = sch
	}
	for _, r := range s.refs {
		r.ref["$ref"] = "#/components/schemas/" + names[r.t]
	}
	s.names = names
	return out, nil
}

// refer records a reference to the named type t: from the type under
// construction, or, outside any, from a request body or an answer.
func (s *schemaSet) refer(t reflect.Type) {
	switch {
	case len(s.building) > 0:
		from := s.building[len(s.building)-1]
		s.edges[from] = append(s.edges[from], t)
	case !s.request:
		s.answerRoots = append(s.answerRoots, t)
	}
}

// boundRequestAmounts states wire.MaxAmountDigits on the amounts of the
// types that only requests hold: wire's Validate refuses a number of a
// request of 1e15 or more in absolute value. A type that an answer holds
// too is left unbounded, as are the members of an answer that echo a
// request's (the answer's types are built apart): an answer's totals,
// extended prices and taxable measures may pass the bound. A member
// with a bound of its own (a check rule) keeps it.
func (s *schemaSet) boundRequestAmounts() {
	answered := map[reflect.Type]bool{}
	next := slices.Clone(s.answerRoots)
	for len(next) > 0 {
		t := next[len(next)-1]
		next = next[:len(next)-1]
		if answered[t] {
			continue
		}
		answered[t] = true
		next = append(next, s.edges[t]...)
	}
	limit := json.Number("1" + strings.Repeat("0", wire.MaxAmountDigits))
	for t := range s.byType {
		if answered[t] {
			continue
		}
		for _, sch := range s.amounts[t] {
			if _, ok := sch["maximum"]; !ok {
				sch["maximum"], sch["exclusiveMaximum"] = limit, true
			}
			if _, ok := sch["minimum"]; !ok {
				sch["minimum"], sch["exclusiveMinimum"] = "-"+limit, true
			}
		}
	}
}

// structSchema returns the inline schema of the members of struct type t.
func (s *schemaSet) structSchema(t reflect.Type) (object, error) {
	props := object{}
	var required []string
	for _, f := range jsonFields(t) {
		sch, err := s.schemaOf(f.typ)
		if err != nil {
			return nil, fmt.Errorf("member %s: %w", f.name, err)
		}
		if f.quoted {
			// The string option writes a number or a boolean as a JSON string.
			sch = object{"type": "string"}
		}
		if f.check == "" {
			f.check = lookupChecks[f.owner][f.name]
		}
		if err := applyChecks(sch, f); err != nil {
			return nil, fmt.Errorf("member %s: %w", f.name, err)
		}
		freeText(sch, f)
		if base := f.typ; base == reflect.TypeFor[money.Amount]() || base == reflect.TypeFor[*money.Amount]() {
			s.amounts[t] = append(s.amounts[t], sch)
		}
		switch k := f.typ.Kind(); {
		case f.omitEmpty || f.omitZero || f.viaPointer:
		case k == reflect.Interface:
		default:
			// Levy never sends null, so a member without omitempty is
			// always there, pointers, slices and maps included.
			required = append(required, f.name)
		}
		props[f.name] = sch
	}
	out := object{"type": "object", "properties": props}
	if len(required) > 0 {
		sort.Strings(required)
		out["required"] = anySlice(required)
	}
	describe(t, out)
	return out, nil
}

// anySlice converts a list of strings for the document.
func anySlice(ss []string) []any {
	out := make([]any, len(ss))
	for i, v := range ss {
		out[i] = v
	}
	return out
}

// jsonField is a member of the JSON form of a struct.
type jsonField struct {
	name      string
	tagged    bool  // the name comes from a json tag
	index     []int // the path of the Go field through embedded structs
	typ       reflect.Type
	owner     reflect.Type // the struct that declares the Go field
	omitEmpty bool
	omitZero  bool
	quoted    bool // the string option, on a field that it applies to
	check     string
	// viaPointer: the field is promoted from a struct embedded through a
	// pointer, so it is left out when that pointer is nil.
	viaPointer bool
}

// jsonFields returns the members that encoding/json writes for struct
// type t (jsonbody.Fields), by name.
func jsonFields(t reflect.Type) []jsonField {
	var out []jsonField
	for _, f := range jsonbody.Fields(t) {
		out = append(out, jsonField{name: f.Name, tagged: f.Tagged, index: f.Index, typ: f.Type, owner: f.Owner,
			omitEmpty: f.Option("omitempty"), omitZero: f.Option("omitzero"), quoted: f.Quoted(),
			check: f.Tag.Get("check"), viaPointer: f.ViaPointer})
	}
	slices.SortFunc(out, func(a, b jsonField) int { return strings.Compare(a.name, b.name) })
	return out
}

// requestOnly lists the check rules that hold for requests only, because
// Levy also writes the type in answers where the rule does not hold. A
// Measure is also the taxable, nontaxable or exempt measure of a tax,
// which may be 0.
var requestOnly = map[reflect.Type]map[string]string{
	reflect.TypeFor[wire.Measure](): {"value": "gt"},
}

// lookupChecks are the check rules, as a check tag would spell them, of
// the members of the lookup requests, which the lookups check in code
// (package taxarea) rather than by tags: an address's postal code and an
// external jurisdiction code are identifiers, and the other strings are
// free text (freeText).
var lookupChecks = map[reflect.Type]map[string]string{
	reflect.TypeFor[wire.PostalAddress]():                     {"postalCode": "id"},
	reflect.TypeFor[wire.ExternalJurisdictionLookupRequest](): {"externalJurisdictionCode": "id"},
}

// freeText gives a member of free text of package wire the pattern of
// what wire.CheckText takes: a plain string that no check rule makes an
// identifier, a tax area ID, a value of an enumeration or a pattern's, as
// wire's Validate and the lookups read it. One with the lines rule may
// hold line feeds and carriage returns. A pattern cannot say that the
// text is valid UTF-8, as JSON text is (RFC 8259): wire.CheckText
// refuses a member that is not, naming it.
func freeText(sch object, f jsonField) {
	base := f.typ
	for base.Kind() == reflect.Pointer {
		base = base.Elem()
	}
	if f.owner.PkgPath() != wirePkg || base != reflect.TypeFor[string]() || f.quoted {
		return
	}
	for _, k := range []string{"pattern", "enum", "format"} {
		if _, ok := sch[k]; ok {
			return
		}
	}
	sch["pattern"] = textPattern
	if slices.Contains(strings.Split(f.check, ","), "lines") {
		sch["pattern"] = linesPattern
	}
}

// wirePkg is the import path of package wire.
var wirePkg = reflect.TypeFor[wire.Location]().PkgPath()

// textPattern is the form of free text of one line, as wire.CheckText
// checks it: no C0 control character but a tab (an ECMA-262 pattern,
// as identifierPattern).
const textPattern = `^[^\u0000-\u0008\u000A-\u001F]*$`

// linesPattern is the form of free text that may run over several lines
// (a description, the lines rule), as wire.CheckText checks it: no C0
// control character but a tab, a line feed and a carriage return.
const linesPattern = `^[^\u0000-\u0008\u000B\u000C\u000E-\u001F]*$`

// applyChecks adds the constraints of the check tag of f to its schema
// sch. The required rule is left out: answers echo requests but may leave
// members out, and the engine reports a missing member itself.
func applyChecks(sch object, f jsonField) error {
	if f.check == "" {
		return nil
	}
	base := f.typ
	for base.Kind() == reflect.Pointer {
		base = base.Elem()
	}
	isNumber := base == reflect.TypeFor[money.Amount]() || (base.Kind() >= reflect.Int && base.Kind() <= reflect.Uint64)
	for rule := range strings.SplitSeq(f.check, ",") {
		key, val, _ := strings.Cut(rule, "=")
		if requestOnly[f.owner][f.name] == key {
			continue
		}
		bad := func() error { return fmt.Errorf("check rule %q on a %s", rule, f.typ) }
		switch key {
		case "required":
		case "min", "max", "gt":
			switch {
			case base.Kind() == reflect.Slice && key == "max":
				n, err := atoi(val)
				if err != nil {
					return bad()
				}
				sch["maxItems"] = n
			case base.Kind() == reflect.String && key != "gt":
				n, err := atoi(val)
				if err != nil {
					return bad()
				}
				sch[map[string]string{"min": "minLength", "max": "maxLength"}[key]] = n
			case isNumber:
				a, err := money.Parse(val)
				if err != nil {
					return fmt.Errorf("check rule %q: %w", rule, err)
				}
				n := json.Number(a.String())
				switch key {
				case "max":
					sch["maximum"] = n
				case "min":
					sch["minimum"] = n
				default:
					sch["minimum"], sch["exclusiveMinimum"] = n, true
				}
			default:
				return bad()
			}
		case "pattern":
			re, ok := wire.CheckPattern(val)
			if !ok || base.Kind() != reflect.String {
				return bad()
			}
			sch["pattern"] = re
		case "in":
			if base.Kind() != reflect.String {
				return bad()
			}
			sch["enum"] = anySlice(strings.Split(val, "|"))
		case "taxarea":
			if base.Kind() != reflect.String {
				return bad()
			}
			sch["pattern"] = taxAreaPattern
		case "id":
			if _, taken := sch["pattern"]; taken || base.Kind() != reflect.String {
				return bad()
			}
			sch["pattern"] = identifierPattern
		case "nonblank":
			if sch["pattern"] != identifierPattern {
				return bad()
			}
			sch["pattern"] = nonBlankIdentifierPattern
			sch["not"] = dotSegmentsSchema()
		case "lines":
			// Free text that may run over several lines: its control
			// characters are checked by wire.CheckText, which the
			// document does not spell out.
			if base.Kind() != reflect.String {
				return bad()
			}
		case "latitude", "longitude":
			if base.Kind() != reflect.String {
				return bad()
			}
			lim := map[string]int{"latitude": 90, "longitude": 180}[key]
			sch["description"] = fmt.Sprintf("A %s in decimal degrees, from -%d to %d, written as a string.", key, lim, lim)
		default:
			return fmt.Errorf("unknown check rule %q", rule)
		}
	}
	return nil
}

// taxAreaPattern is the form of a tax area ID: 1 to 16 digits, as
// wire.ValidateTaxAreaID checks.
const taxAreaPattern = "^[0-9]{1,16}$"

// identifierPattern is the form of an identifier, as
// wire.CheckIdentifier checks it: no control characters, line or
// paragraph separators or bidirectional formatting characters (an
// ECMA-262 pattern, as OpenAPI wants, whose \u escapes are the regular
// expression's own).
const identifierPattern = `^[^\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]*$`

// nonBlankIdentifierPattern is the form of an identifier that holds a
// character other than whitespace, as wire.CheckTransactionID checks a
// transaction ID: identifierPattern's characters around one that is
// also none of the spaces of Unicode (those of unicode.IsSpace that
// identifierPattern lets through).
const nonBlankIdentifierPattern = `^[^\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]*` +
	`[^\u0000-\u0020\u007F-\u00A0\u061C\u1680\u2000-\u200A\u200E\u200F\u2028\u2029\u202A-\u202F\u205F\u2066-\u2069\u3000]` +
	`[^\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]*$`

// dotSegmentsSchema is the schema of the transaction IDs that
// wire.CheckTransactionID refuses besides those that
// nonBlankIdentifierPattern rules out: "." and "..", which no URL path
// can name (clients and servers take them out of a path).
func dotSegmentsSchema() object { return object{"enum": []any{".", ".."}} }

// atoi reads the count of a length rule.
func atoi(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("bad count %q", s)
	}
	return n, nil
}
