// Package jsonbody is the strict JSON decoder that every adapter of Levy
// uses for request bodies: the calculation routes (through wire.Decode),
// the token endpoints, the admin and e-invoicing routes and the Go client.
//
// Decode reads one JSON value into a Go value within a size limit and a
// depth bound, refuses what encoding/json would read loosely (a member
// given twice in one object, a name that differs from a member only in
// case) and names every bad value by its JSON path, in a *levy.Error of
// code levy.EInvalid, so that a transport can answer it without
// renaming anything. Package-level state is limited to a cache of the
// shapes of the types decoded, which is safe for concurrent use.
package jsonbody
