package data

import (
	"fmt"
	"strings"
)

// CoverageTable writes the coverage of US local content, one state a row,
// as a Markdown table: the state, how its content was reconciled, its
// sources with their dates, how many local jurisdictions, places and ZIP
// codes it covers, how it sources sales within the state, and what it
// leaves out. The generator writes it to data/COVERAGE.md and `levy data
// coverage` prints it for the dataset in use.
func CoverageTable(states []LocalState) string {
	var b strings.Builder
	b.WriteString("| state | status | sources | local jurisdictions | places | ZIP codes | sourcing | not covered |\n")
	b.WriteString("|---|---|---|---:|---:|---:|---|---|\n")
	for _, c := range states {
		origin := "destination"
		if len(c.Origin) > 0 {
			origin = "origin: " + strings.Join(c.Origin, ", ")
		}
		if c.LocalCap != nil {
			origin += fmt.Sprintf("; local cap %s%%", c.LocalCap.Shift(2))
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %d | %d | %d | %s | %s |\n", c.Code, c.Status, strings.Join(c.Sources, ", "),
			c.Jurisdictions, c.Places, c.ZIPs, origin, strings.ReplaceAll(c.NotCovered, "|", "/"))
	}
	return b.String()
}
