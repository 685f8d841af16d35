package rules

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// FileVersion is the version of the rule file format that this package
// reads.
const FileVersion = 1

// File is a rule file: a host's own taxability rules, rate structures
// and withholdings, in JSON:
//
//	{"version": 1,
//	 "rules": [{"id": "acme-resale", "customerClass": "RESELLER", "outcome": "EXEMPT"}],
//	 "structures": [{"id": "acme-cap", "jurisdiction": "US-TX", "kind": "SINGLE_RATE", "maxTaxPerItem": "25"}],
//	 "withholdings": [{"id": "ke-wht", "jurisdiction": "KE", "tax": "Withholding Tax",
//	   "withholdingType": "NON_RESIDENT_SERVICES", "fromAbroad": true, "rate": "0.20"}]}
//
// Decimal values may be written as JSON numbers or strings. The
// folder rules/examples holds rule files that the tests read.
type File struct {
	Version      int           `json:"version"`
	Rules        []Rule        `json:"rules,omitempty"`
	Structures   []Structure   `json:"structures,omitempty"`
	Withholdings []Withholding `json:"withholdings,omitempty"`
}

// ReadFile reads a rule file. Unknown members are errors, so that a
// misspelt selector does not silently widen a rule; so is a version other
// than FileVersion. The rules are not compiled here: Compile and
// CompileStructures do that.
func ReadFile(r io.Reader) (*File, error) {
	b, err := io.ReadAll(io.LimitReader(r, 64<<20))
	if err != nil {
		return nil, fmt.Errorf("rules: read rule file: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var f File
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("rules: rule file: %w", err)
	}
	if f.Version != FileVersion {
		return nil, fmt.Errorf("rules: rule file version %d, this version of Levy reads version %d", f.Version, FileVersion)
	}
	return &f, nil
}
