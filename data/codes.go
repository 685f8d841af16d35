package data

// Codes is a placeholder until the codes part is written.
type Codes struct{}
