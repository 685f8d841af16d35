package content

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/shopspring/decimal"
)

// FormatBRISS is a table of Brazilian municipal ISS rates (LC 116/2003),
// which are not open data: one rate period a row, with the columns
// ibge_code (the municipality's 7-digit IBGE code), item (of the LC 116
// list, "1.05"), rate (in percent, "5" for 5%), effective and expiration
// (YYYY-MM-DD, empty for open) and source (the municipal law). A rate
// must lie between 2% and 5% (LC 116/2003 arts. 8 II and 8-A); only items
// 7.02, 7.05 and 16.01 may be below 2% (art. 8-A § 1).
const FormatBRISS Format = "br-iss"

// issColumns are the columns of the ISS format; ibge_code, item and rate
// are required.
var issColumns = []string{"ibge_code", "item", "rate", "effective", "expiration", "source"}

// The bounds of an ISS rate, in percent (LC 116/2003 art. 8 II; art. 8-A,
// added by LC 157/2016), and the items that art. 8-A § 1 lets go below
// the minimum.
var (
	issMin        = decimal.NewFromInt(2)
	issMax        = decimal.NewFromInt(5)
	issBelowFloor = map[string]bool{"7.02": true, "7.05": true, "16.01": true}
)

// isISSHeader reports whether a header's columns are those of FormatBRISS.
func isISSHeader(cols []string) bool {
	has := func(c string) bool {
		for _, x := range cols {
			if x == c {
				return true
			}
		}
		return false
	}
	return has("ibge_code") && has("item") && has("rate")
}

// addISS reads a file of municipal ISS rates.
func (b *builder) addISS(name string, raw []byte) error {
	br, err := b.brazil()
	if err != nil {
		return err
	}
	cr := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(raw, []byte("\ufeff"))))
	cr.Comment = '#'
	cr.FieldsPerRecord = -1
	head, err := cr.Read()
	if err != nil {
		return &Error{File: name, Line: 1, Message: "no header row: " + err.Error()}
	}
	col := map[string]int{}
	for i, h := range head {
		col[strings.ToLower(strings.TrimSpace(h))] = i
	}
	var errs Errors
	for _, c := range issColumns[:3] {
		if _, ok := col[c]; !ok {
			errs.add(&Error{File: name, Line: 1, Column: c, Message: "is missing: the columns are " + strings.Join(issColumns, ", ")})
		}
	}
	if len(errs) > 0 {
		return errs
	}
	var rows []data.BRISSRate
	if err := eachRecord(cr, name, &errs, func(line int, rec []string) {
		get := func(c string) string {
			if i, ok := col[c]; ok && i < len(rec) {
				return strings.TrimSpace(rec[i])
			}
			return ""
		}
		bad := func(c, format string, args ...any) {
			errs.add(&Error{File: name, Line: line, Column: c, Message: fmt.Sprintf(format, args...)})
		}
		r := data.BRISSRate{Municipality: get("ibge_code"), Item: data.ServiceItem(get("item")), Source: get("source"), File: name, Line: line}
		if j, ok := b.juris.ByID("BR-" + r.Municipality); !ok || len(r.Municipality) != 7 || !digits(r.Municipality) || j.Country != "BR" {
			bad("ibge_code", "%q is not the 7-digit IBGE code of a Brazilian municipality", r.Municipality)
		}
		if s, ok := br.Service(r.Item); !ok || s.Group {
			bad("item", "%q is not an item of the LC 116/2003 service list (such as 1.05)", get("item"))
		}
		pct, err := decimal.NewFromString(get("rate"))
		switch {
		case err != nil:
			bad("rate", "%q is not a number (the rate in percent, 2 to 5)", get("rate"))
		case pct.GreaterThan(issMax):
			bad("rate", "%s%% is above the ISS's maximum of 5%% (LC 116/2003 art. 8 II)", pct)
		case pct.Sign() <= 0:
			bad("rate", "%s%% is not a rate (the rate in percent, 2 to 5)", pct)
		case pct.LessThan(issMin) && !issBelowFloor[r.Item]:
			bad("rate", "%s%% is below the ISS's minimum of 2%% (LC 116/2003 art. 8-A), which only items 7.02, 7.05 and 16.01 may go below (art. 8-A § 1); the rate is in percent", pct)
		default:
			r.Rate = pct.Shift(-2)
		}
		var err1, err2 error
		if v := get("effective"); v != "" {
			r.Effective, err1 = civil.Parse(v)
		}
		if v := get("expiration"); v != "" {
			r.Expiration, err2 = civil.Parse(v)
		}
		switch {
		case err1 != nil:
			bad("effective", "%q is not a date (YYYY-MM-DD)", get("effective"))
		case err2 != nil:
			bad("expiration", "%q is not a date (YYYY-MM-DD)", get("expiration"))
		case !r.Effective.IsZero() && !r.Expiration.IsZero() && r.Expiration.Before(r.Effective):
			bad("expiration", "%s is before the effective date %s", r.Expiration, r.Effective)
		}
		rows = append(rows, r)
	}); err != nil {
		return err
	}
	if len(errs) > 0 {
		return errs
	}
	if _, err := br.WithISS(append(b.iss, rows...), nil); err != nil {
		return &Error{File: name, Message: err.Error()}
	}
	b.iss = append(b.iss, rows...)
	b.issFiles = append(b.issFiles, name)
	return nil
}

// brazil returns the dataset's Brazilian tables.
func (b *builder) brazil() (*data.Brazil, error) {
	if b.br == nil {
		br, err := b.ds.Brazil()
		if err != nil {
			return nil, err
		}
		b.br = br
	}
	return b.br, nil
}
