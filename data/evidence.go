package data

// IPTable is a placeholder until the evidence part is written.
type IPTable struct{}

// BINTable is a placeholder until the evidence part is written.
type BINTable struct{}
