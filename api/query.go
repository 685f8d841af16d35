package api

import (
	"maps"
	"net/url"
	"slices"
	"strings"

	"github.com/levytax/levy"
	"github.com/levytax/levy/internal/jsonbody"
)

// CheckQuery checks the query parameters of a request to a route whose
// parameters are names: each is one of them, given once. It returns nil,
// or levy.Errors with a fault a parameter, named, in name order (a name
// over 64 bytes cut, as jsonbody.Clip cuts it). With no
// names, the route takes no query parameter, and any is a fault that
// says so.
func CheckQuery(values url.Values, names ...string) error {
	var errs levy.Errors
	for _, name := range slices.Sorted(maps.Keys(values)) {
		k := jsonbody.Clip(name) // a name of 60 KB is not sent back whole
		switch {
		case len(names) == 0:
			errs = append(errs, levy.Invalid(k, "%q is not a parameter of this route; this route takes no query parameter", k))
		case !slices.Contains(names, name):
			errs = append(errs, levy.Invalid(k, "%q is not a parameter of this route; its parameters are %s", k, strings.Join(names, ", ")))
		case len(values[name]) > 1:
			errs = append(errs, levy.Invalid(k, "%s is given %d times; give it once", k, len(values[name])))
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}
