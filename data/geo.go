package data

// Boundaries is a placeholder until the boundaries part is written.
type Boundaries struct{}
