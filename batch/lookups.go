package batch

import (
	"reflect"
	"strconv"
	"strings"

	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/wire"
)

// lookupTypeOf is the type of a location's lookup result in a response.
var lookupTypeOf = reflect.TypeFor[wire.TaxAreaLookup]()

// lookupsOf returns what the tax area lookups of a response's locations
// found: the lowest confidence among them ("" where no location was
// looked up) and each status as "path: STATUS what", joined by " | ", in
// the order of the response's members. resp is a response of the engine
// (a pointer to a struct); every *engine.TaxAreaLookup in it counts,
// whatever party or line it is on, so that no location's doubt is lost.
func lookupsOf(resp any) (confidence, statuses string) {
	low := 101
	var out []string
	walkLookups(reflect.ValueOf(resp), "", func(path string, l *wire.TaxAreaLookup) {
		if n, err := strconv.Atoi(l.ConfidenceIndicator); err == nil && n < low {
			low = n
		}
		for _, s := range l.Statuses {
			text := strings.TrimPrefix(path, ".") + ": " + string(s.LookupResult)
			if s.Value != "" {
				text += " " + s.Value
			}
			out = append(out, text)
		}
	})
	if low <= 100 {
		confidence = strconv.Itoa(low)
	}
	return confidence, strings.Join(out, " | ")
}

// walkLookups calls fn with every non-nil *engine.TaxAreaLookup reachable
// from v through exported struct fields, pointers and slices, and its
// JSON path.
func walkLookups(v reflect.Value, path string, fn func(string, *wire.TaxAreaLookup)) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return
		}
		if v.Type().Elem() == lookupTypeOf {
			// Named by the location it belongs to.
			fn(strings.TrimSuffix(path, ".taxAreaLookup"), v.Interface().(*wire.TaxAreaLookup))
			return
		}
		walkLookups(v.Elem(), path, fn)
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			sub := path
			switch {
			case name == "-":
				continue
			case f.Anonymous && name == "":
			case name != "":
				sub = path + "." + name
			default:
				sub = path + "." + f.Name
			}
			walkLookups(v.Field(i), sub, fn)
		}
	case reflect.Slice:
		for i := range v.Len() {
			walkLookups(v.Index(i), path+"["+strconv.Itoa(i)+"]", fn)
		}
	}
}

// assistedText returns a line's assisted parameters as text: each
// "rule parameter: sent -> used", or, for a tax that Levy does not
// compute and for a stored certificate that did not exempt a tax, which
// change nothing, "rule parameter sent: what it is", joined by " | ".
func assistedText(ps []wire.AssistedParameter) string {
	var out []string
	for _, p := range ps {
		text := p.RuleName
		if p.ParamName != "" {
			text += " " + p.ParamName
		}
		if p.RuleName == engine.TaxNotComputedRule || p.ParamName == "exemptionCertificate" || p.RuleName == engine.DistanceUnknownRule || engine.Explains(p.RuleName) {
			// A sentence of its own: what the line bears, why a stored
			// certificate did not exempt it, or what decided the EU
			// distance-sales threshold.
			text += " " + p.OriginalValue + ": " + p.Value
		} else {
			text += ": " + p.OriginalValue + " -> " + p.Value
		}
		out = append(out, strings.TrimSpace(text))
	}
	return strings.Join(out, " | ")
}
