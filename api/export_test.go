package api

import (
	"reflect"
	"slices"
)

// CheckAnswer validates one HTTP exchange against Levy's OpenAPI document
// (see checkAnswer), for the tests of package api_test, which build the
// whole server with the token and e-invoicing routes mounted.
var CheckAnswer = checkAnswer

// Served returns the pattern of every operation s mounts, such as "POST
// /api/v2/supplies" and "GET /healthz".
func (s *Server) Served() []string { return slices.Clone(s.served) }

// JSONMembers returns the sorted names of the JSON members of struct type
// t, as the document describes them.
func JSONMembers(t reflect.Type) []string {
	var names []string
	for _, f := range jsonFields(t) {
		names = append(names, f.name)
	}
	slices.Sort(names)
	return names
}

// DocMembers returns the sorted names of the members of the type that
// the document describes under schema name, one of docNames.
func DocMembers(name string) []string {
	for t, n := range docNames {
		if n == name {
			return JSONMembers(t)
		}
	}
	return nil
}
