package data

// Postal is a placeholder until the postal part is written.
type Postal struct{}
