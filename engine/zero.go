package engine

import "github.com/levytax/levy"

// current returns the engine's snapshot, nil for an Engine that New did
// not make (a nil or zero Engine).
func (e *Engine) current() *snapshot {
	if e == nil {
		return nil
	}
	return e.snap.Load()
}

// notMade is the error of a calculation or an operation asked of an
// Engine that New did not make: invalid, since no retry can mend it.
func notMade() error {
	return &levy.Error{Code: levy.EInvalid, Message: "engine: the Engine was not made by engine.New"}
}
