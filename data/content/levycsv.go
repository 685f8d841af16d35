package content

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
	"github.com/shopspring/decimal"
)

// Row is one row of a file in Levy's content format (FormatLevy): a
// rate period of one jurisdiction, and where the jurisdiction applies.
type Row struct {
	Line         int
	State        string            // postal abbreviation
	Jurisdiction string            // jurisdiction ID
	Type         jurisdiction.Type // 0 when the row leaves it to the dataset or an earlier row
	Name, Code   string
	Rate         decimal.Decimal // a fraction
	Category     string          // "general" when the file leaves it empty
	Period       civil.Period
	Where        []Where
	Source       string
}

// Where is one place a jurisdiction applies, as a row's where column
// names it:
//
//	county:48201             the whole county (FIPS)
//	uninc:48201              the county outside incorporated places
//	place:4835000            a Census place (GEOID), in all its counties
//	place:4835000@48201      the part of a place in one county
//	zip:77002                every address of a ZIP code
//	zip4:77002-0001-0999     a range of ZIP+4 codes (inclusive)
type Where struct {
	Kind      string // county, uninc, place, zip or zip4
	County    string
	Place     string
	ZIP       string
	Low, High int // ZIP+4 range for zip4
}

// String writes a Where as a file names it.
func (w Where) String() string {
	switch w.Kind {
	case "county", "uninc":
		return w.Kind + ":" + w.County
	case "place":
		if w.County != "" {
			return "place:" + w.Place + "@" + w.County
		}
		return "place:" + w.Place
	case "zip":
		return "zip:" + w.ZIP
	case "zip4":
		return fmt.Sprintf("zip4:%s-%04d-%04d", w.ZIP, w.Low, w.High)
	}
	return w.Kind
}

// levyColumns are the columns of the format; state, jurisdiction and rate
// are required.
var levyColumns = []string{"state", "jurisdiction", "type", "name", "code", "rate", "category", "effective", "expiration", "where", "source"}

// ReadLevyCSV reads a file in Levy's content format. name names the file
// in errors. Every fault of every row is reported, each with its line and
// column; the rows without faults are returned beside the error. A nil r
// is an error.
func ReadLevyCSV(name string, r io.Reader) ([]Row, error) {
	if r == nil {
		return nil, fmt.Errorf("content: %s: no reader", name)
	}
	var rows []Row
	err := readLevyCSV(name, r, func(row Row) { rows = append(rows, row) })
	var errs Errors
	if err != nil && !asErrors(err, &errs) {
		return nil, err
	}
	return rows, err
}

// readLevyCSV reads a file in Levy's content format as ReadLevyCSV does,
// and gives each row without faults to use as it is read, keeping none:
// it returns the faults of the rows (Errors), or the error of a reader
// that failed (after the rows read before it were given to use).
func readLevyCSV(name string, r io.Reader, use func(Row)) error {
	t, err := openTable(name, r, levyColumns, []string{"state", "jurisdiction", "rate"})
	if err != nil {
		return err
	}
	var errs Errors
	err = t.each(&errs, func(line int, get func(string) string, failRow func(c, format string, args ...any)) {
		// A row's faults are counted here: past MaxFaults errs no longer
		// grows, and a row with faults must not be given to use.
		fail, bad := failOfRow(failRow)
		row := Row{Line: line, State: strings.ToUpper(get("state")), Jurisdiction: get("jurisdiction"), Name: get("name"),
			Code: get("code"), Category: get("category"), Source: get("source")}
		if sub, ok := jurisdiction.SubdivisionOf("US", row.State); !ok || sub.Code != row.State {
			fail("state", "%q is not the postal abbreviation of a US state, district or territory", get("state"))
		}
		if err := checkID(row.State, row.Jurisdiction); err != nil {
			fail("jurisdiction", "%v", err)
		}
		if text := get("type"); text != "" {
			ty, err := jurisdiction.ParseType(strings.ToUpper(text))
			if err != nil {
				fail("type", "%q is not a jurisdiction type (COUNTY, CITY, TRANSIT_DISTRICT, SPECIAL_PURPOSE_DISTRICT, ...)", text)
			}
			row.Type = ty
		}
		v, err := ParseRate(get("rate"))
		if err != nil {
			fail("rate", "%v", err)
		}
		row.Rate = v
		if row.Category == "" {
			row.Category = jurisdiction.General
		}
		row.Period = rowPeriod(get, fail)
		for _, f := range strings.Fields(get("where")) {
			w, err := ParseWhere(f)
			if err != nil {
				fail("where", "%v", err)
				continue
			}
			row.Where = append(row.Where, w)
		}
		if !bad() {
			use(row)
		}
	})
	if err != nil {
		return err
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// checkID checks the form of a jurisdiction ID of a state: the state
// itself ("US-TX", for its own rate), a county
// ("US-" and 5 FIPS digits of the state), a place ("US-" and the 7-digit
// GEOID, or 10 digits for a county subdivision), another local
// jurisdiction ("US-TX-..." with the state's code), or a district of a
// county's area only ("US-" and the county's 5 FIPS digits, "-" and a
// suffix: "US-53077-UNINC", the unincorporated part of a county).
func checkID(state, id string) error {
	rest, ok := strings.CutPrefix(id, "US-")
	if !ok {
		return fmt.Errorf("%q does not start with US-", id)
	}
	sub, known := jurisdiction.SubdivisionOf("US", state)
	if rest == state {
		return nil // the state itself
	}
	if county, suffix, ok := strings.Cut(rest, "-"); ok && len(county) == 5 && digits(county) {
		if known && county[:2] != sub.FIPS {
			return fmt.Errorf("%q is not in %s (state FIPS %s)", id, state, sub.FIPS)
		}
		if suffix == "" {
			return fmt.Errorf("%q: a county's district has a suffix after US-%s-", id, county)
		}
		return idChars(id, suffix)
	}
	if digits(rest) {
		switch len(rest) {
		case 5, 7, 10:
			if known && rest[:2] != sub.FIPS {
				return fmt.Errorf("%q is not in %s (state FIPS %s)", id, state, sub.FIPS)
			}
			return nil
		}
		return fmt.Errorf("%q: a numeric ID has 5 (county), 7 (place) or 10 (county subdivision) digits", id)
	}
	if !strings.HasPrefix(rest, state+"-") || len(rest) <= len(state)+1 {
		return fmt.Errorf("%q: a district's ID starts with US-%s-", id, state)
	}
	return idChars(id, rest)
}

// idChars checks that rest, the part of id after "US-" or after a
// county's "US-<FIPS>-", has upper-case letters, digits, - and _ only.
func idChars(id, rest string) error {
	for _, r := range rest {
		if !(r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return fmt.Errorf("%q: an ID has upper-case letters, digits, - and _ only", id)
		}
	}
	return nil
}

// ParseRate reads a rate written as a fraction ("0.0825") or as a
// percentage with its sign ("8.25%").
func ParseRate(s string) (decimal.Decimal, error) {
	s = strings.TrimSpace(s)
	pct := strings.HasSuffix(s, "%")
	d, err := decimal.NewFromString(strings.TrimSpace(strings.TrimSuffix(s, "%")))
	if err != nil || s == "" {
		return decimal.Zero, fmt.Errorf("%q is not a rate (a fraction such as 0.0825, or 8.25%%)", s)
	}
	if pct {
		d = d.Shift(-2)
	}
	if d.IsNegative() || d.GreaterThan(decimal.NewFromInt(1)) {
		return decimal.Zero, fmt.Errorf("%q is not between 0 and 1 (100%%)", s)
	}
	return d, nil
}

// ParseWhere reads one entry of a where column.
func ParseWhere(s string) (Where, error) {
	kind, rest, ok := strings.Cut(s, ":")
	if ok {
		switch kind {
		case "county", "uninc":
			if len(rest) == 5 && digits(rest) {
				return Where{Kind: kind, County: rest}, nil
			}
		case "place":
			p, c, in := strings.Cut(rest, "@")
			if (len(p) == 7 || len(p) == 10) && digits(p) && (!in || len(c) == 5 && digits(c)) {
				return Where{Kind: kind, Place: p, County: c}, nil
			}
		case "zip":
			if len(rest) == 5 && digits(rest) {
				return Where{Kind: kind, ZIP: rest}, nil
			}
		case "zip4":
			parts := strings.Split(rest, "-")
			if len(parts) == 3 && len(parts[0]) == 5 && digits(parts[0]) && len(parts[1]) == 4 && digits(parts[1]) && len(parts[2]) == 4 && digits(parts[2]) {
				lo, _ := strconv.Atoi(parts[1])
				hi, _ := strconv.Atoi(parts[2])
				if lo <= hi {
					return Where{Kind: kind, ZIP: parts[0], Low: lo, High: hi}, nil
				}
			}
		}
	}
	return Where{}, fmt.Errorf("%q is not county:FIPS, uninc:FIPS, place:GEOID[@FIPS], zip:ZIP or zip4:ZIP-LOW-HIGH", s)
}

// digits reports whether s is all ASCII digits.
func digits(s string) bool {
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}
