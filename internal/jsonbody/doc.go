// Package jsonbody is the strict JSON decoder that every adapter of Levy
// uses for request bodies: the calculation routes (through wire.Decode),
// the token endpoints, the admin and e-invoicing routes and the Go client.
//
// Decode reads one JSON value into a Go value within a size limit and a
// depth bound, refuses what encoding/json would read loosely (a member
// given twice in one object, a name that differs from a member only in
// case, a string that is not UTF-8 or escapes a lone surrogate) and
// names every bad value by its JSON path, in a *levy.Error of code
// levy.EInvalid, so that a transport can answer it without renaming
// anything.
//
// Decode reads a body in one pass straight into the Go value (pass.go),
// along a plan of the value's type (plan.go) that follows encoding/json's
// rules; a body that the pass does not accept goes to the reference
// decoder (reference.go, the decoder of before: a scan of the names,
// encoding/json, and a walk that finds the path of a fault), so that every
// refusal keeps the path and the words it had. A body whose arrays of
// large structs would take more memory than its size allows (itemBudget)
// is refused as too large, naming the array, before the items are
// allocated and without the reference decoder. Package-level state is
// limited to caches of the plans and shapes of the types decoded and a
// pool of read buffers, all safe for concurrent use.
package jsonbody
