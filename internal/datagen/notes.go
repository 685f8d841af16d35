package datagen

import (
	"bufio"
	"bytes"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/shopspring/decimal"
)

// Note is a state's note, internal/datagen/states/<st>/<st>.md: a few fields in
// a front matter that the generator reads, and prose for people saying which
// sources the state's content comes from, what their columns mean there, how
// the parts add up and which published combined rates it was checked against.
// Two sections are read too: "## Checks", a table of published combined rates
// that the built areas must match, and "## Not covered", which the coverage
// report quotes.
//
// The front matter:
//
//	---
//	state: TX
//	status: reconciled            reconciled | partial | unreconciled | no local tax
//	origin: STATE COUNTY CITY DISTRICT   jurisdiction levels sourced to the seller for a sale within the state ("" for destination)
//	local cap: 2                  the most, in percent, that local rates may add up to ("" for none)
//	sourcing: ...                 the state's sourcing rule in a sentence, with its citation
//	---
type Note struct {
	path        string
	state       string
	status      string
	origin      []string // levels: STATE, COUNTY, CITY, DISTRICT
	LocalCap    *decimal.Decimal
	sourcing    string
	title       string
	notCovered  string
	checks      []noteCheck
	sourcesUsed []string // the "sources:" field, for the coverage report
}

// noteCheck is one published combined rate of a state's note.
type noteCheck struct {
	line        int
	where       Scope
	asOf        civil.Date
	combined    decimal.Decimal // a fraction
	publication string
}

// The statuses of a state's content.
const (
	statusReconciled   = "reconciled"
	statusPartial      = "partial"
	statusUnreconciled = "unreconciled"
	statusNoLocalTax   = "no local tax"
)

// originLevels are the levels a note's origin field may list.
var originLevels = []string{"STATE", "COUNTY", "CITY", "DISTRICT"}

// readStateNote reads internal/datagen/states/<st>/<st>.md.
func readStateNote(fsys fs.FS, name, path, state string) (*Note, error) {
	raw, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, err
	}
	n := &Note{path: path}
	sc := bufio.NewScanner(bytes.NewReader(raw))
	line := 0
	next := func() (string, bool) {
		if !sc.Scan() {
			return "", false
		}
		line++
		return sc.Text(), true
	}
	fail := func(format string, args ...any) error {
		return fmt.Errorf("%s:%d: %s", path, line, fmt.Sprintf(format, args...))
	}
	if l, ok := next(); !ok || l != "---" {
		return nil, fail("a state note starts with a front matter between --- lines")
	}
	seen := map[string]bool{}
	for {
		l, ok := next()
		if !ok {
			return nil, fail("the front matter has no closing ---")
		}
		if l == "---" {
			break
		}
		k, v, found := strings.Cut(l, ":")
		if !found {
			return nil, fail("front matter line %q is not key: value", l)
		}
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if seen[k] {
			return nil, fail("%s given twice", k)
		}
		seen[k] = true
		switch k {
		case "state":
			n.state = v
		case "status":
			n.status = v
		case "origin":
			for _, lv := range strings.Fields(v) {
				if !slices.Contains(originLevels, lv) {
					return nil, fail("origin level %q is not one of %v", lv, originLevels)
				}
				n.origin = append(n.origin, lv)
			}
		case "local cap":
			if v != "" {
				d, err := decimal.NewFromString(v)
				if err != nil || d.Sign() <= 0 || d.GreaterThan(decimal.NewFromInt(100)) {
					return nil, fail("local cap %q is not a percentage", v)
				}
				d = d.Shift(-2)
				n.LocalCap = &d
			}
		case "sourcing":
			n.sourcing = v
		case "sources":
			n.sourcesUsed = strings.Fields(strings.ReplaceAll(v, ",", " "))
		default:
			return nil, fail("unknown front matter field %q", k)
		}
	}
	if n.state != state {
		return nil, fail("state %q, want %q", n.state, state)
	}
	switch n.status {
	case statusReconciled, statusPartial, statusUnreconciled, statusNoLocalTax:
	default:
		return nil, fail("status %q is not one of reconciled, partial, unreconciled, no local tax", n.status)
	}
	if n.sourcing == "" {
		return nil, fail("no sourcing sentence")
	}
	// The body: the title, and the two sections read.
	section := ""
	var notCovered []string
	var header []string
	for {
		l, ok := next()
		if !ok {
			break
		}
		switch {
		case strings.HasPrefix(l, "# ") && n.title == "":
			n.title = strings.TrimSpace(l[2:])
			continue
		case strings.HasPrefix(l, "## "):
			section = strings.TrimSpace(l[3:])
			header = nil
			continue
		}
		switch section {
		case "Not covered":
			if s := strings.TrimSpace(l); s != "" {
				notCovered = append(notCovered, strings.TrimPrefix(s, "- "))
			}
		case "Checks":
			if !strings.HasPrefix(strings.TrimSpace(l), "|") {
				continue
			}
			cells := tableCells(l)
			if header == nil {
				header = cells
				want := []string{"where", "as of", "combined %", "publication"}
				if !slices.Equal(header, want) {
					return nil, fail("the checks table has columns %q, want %q", header, want)
				}
				continue
			}
			if len(cells) > 0 && strings.Trim(cells[0], "-: ") == "" {
				continue // the separator row
			}
			if len(cells) != 4 {
				return nil, fail("a check has %d cells, want 4", len(cells))
			}
			w, err := ParseScope(strings.Trim(cells[0], "`"))
			if err != nil {
				return nil, fail("%v", err)
			}
			d, err := civil.Parse(cells[1])
			if err != nil {
				return nil, fail("as of: %v", err)
			}
			v, err := decimal.NewFromString(strings.TrimSuffix(cells[2], "%"))
			if err != nil {
				return nil, fail("combined rate %q: %v", cells[2], err)
			}
			if cells[3] == "" {
				return nil, fail("a check needs the publication it comes from")
			}
			n.checks = append(n.checks, noteCheck{line: line, where: w, asOf: d, combined: v.Shift(-2), publication: cells[3]})
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	n.notCovered = strings.Join(notCovered, " ")
	if n.title == "" {
		return nil, fmt.Errorf("%s: no title (# ...)", path)
	}
	return n, nil
}

// tableCells splits a markdown table row into its trimmed cells.
func tableCells(l string) []string {
	l = strings.TrimSpace(l)
	l = strings.TrimPrefix(l, "|")
	l = strings.TrimSuffix(l, "|")
	parts := strings.Split(l, "|")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return parts
}
