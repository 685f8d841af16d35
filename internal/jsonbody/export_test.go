package jsonbody

// Hooks for the tests of package jsonbody_test, which decode the wire
// types (package wire imports this one).
var (
	// DecodeReference is the reference decoder, on a body without its
	// byte order mark.
	DecodeReference = decodeReference
	// OnePass is the one pass alone: whether it accepted the body, and
	// when it did not, whether it stopped at a construction it leaves to
	// the reference decoder rather than at a fault.
	OnePass = onePass
)
