package data

// Jurisdictions is a placeholder until the jurisdictions part is written.
type Jurisdictions struct{}
