package engine

// validatable is a request of the wire format.
type validatable interface{ Validate() error }
