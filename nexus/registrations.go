package nexus

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
)

// ReadRegistrations reads a list of registrations: CSV with a header
// naming the columns state (required: a postal code such as TX, or EU
// for the Union scheme), and optionally company, effective, end
// (YYYY-MM-DD) and number. A row without a company registers every
// company (Registration.AllCompanies). A bad value is an EInvalid error naming the
// line and the column (registrations[1].state, the second row after the
// header); the states are checked by Options.Check. A header that names
// a column twice is an error naming both, not the last one read.
func ReadRegistrations(r io.Reader) ([]Registration, error) {
	if r == nil {
		return nil, levy.Invalid("r", "the list of registrations needs a reader, and r is nil")
	}
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	head, err := cr.Read()
	if err != nil {
		return nil, levy.Invalid("registrations", "the list has no header row naming its columns (state, company, effective, end, number): %v", err)
	}
	cols := map[string]int{}
	for i, h := range head {
		h = strings.ToLower(strings.TrimSpace(strings.TrimPrefix(h, "\ufeff")))
		if !slices.Contains([]string{"state", "company", "effective", "end", "number"}, h) {
			return nil, levy.Invalid(fmt.Sprintf("registrations.header[%d]", i), "%q is not a column of a registration list: state, company, effective, end, number", h)
		}
		if first, ok := cols[h]; ok {
			return nil, levy.Invalid(fmt.Sprintf("registrations.header[%d]", i),
				"the column %s is named twice, as header[%d] and header[%d]: a list names each column once", h, first, i)
		}
		cols[h] = i
	}
	if _, ok := cols["state"]; !ok {
		return nil, levy.Invalid("registrations.header", "the column state is required")
	}
	var out []Registration
	var errs levy.Errors
	for i := 0; ; i++ {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, levy.Invalid(fmt.Sprintf("registrations[%d]", i), "%v", err)
		}
		get := func(c string) string {
			if k, ok := cols[c]; ok && k < len(rec) {
				return strings.TrimSpace(rec[k])
			}
			return ""
		}
		reg := Registration{Company: get("company"), State: strings.ToUpper(strings.TrimPrefix(strings.ToUpper(get("state")), "US-")),
			Number: get("number"), Source: "list"}
		reg.AllCompanies = reg.Company == ""
		for _, d := range []struct {
			col string
			dst *civil.Date
		}{{"effective", &reg.Effective}, {"end", &reg.End}} {
			if v := get(d.col); v != "" {
				t, err := civil.Parse(v)
				if err != nil || t.Year < 1900 || t.Year > 2100 {
					errs = append(errs, levy.Invalid(fmt.Sprintf("registrations[%d].%s", i, d.col), "%q is not a date YYYY-MM-DD between 1900 and 2100", v))
					continue
				}
				*d.dst = t
			}
		}
		out = append(out, reg)
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return out, nil
}
