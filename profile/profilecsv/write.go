package profilecsv

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/csvout"
	"github.com/levytax/levy/profile"
)

// Write writes the records of kind k of r as an import file of that
// kind: the header with every column of the kind (Kind.Columns), then a
// row per record in key order. Read reads it back as the same records:
// jurisdictions are written as an import names them
// (profile.JurisdictionInput), a country whose code is also a US
// state's by its alpha-3 code ("DEU" for Germany, stored as "DE"), since
// a bare "DE" in an import file is Delaware. A registration's number is
// written in its canonical form (profile.CanonicalNumber), one stored
// before that form included, which an import matches with its record.
// Cells that a spreadsheet would run as a formula are written as text
// (internal/csvout), which Read undoes.
func Write(w io.Writer, k Kind, r *profile.Records) error {
	if layoutOf(k) == nil {
		return fmt.Errorf("profilecsv: %q is not a kind of import file", k)
	}
	cw := csvout.NewWriter(w)
	if err := cw.Write(k.Columns()); err != nil {
		return err
	}
	var err error
	row := func(cells ...string) {
		if err == nil {
			err = cw.Write(cells)
		}
	}
	switch k {
	case Customers:
		for _, c := range r.Customers {
			row(c.Code, c.ClassCode, strconv.FormatBool(c.IsBusiness), c.Name)
		}
	case Certificates:
		for _, c := range r.Certificates {
			status := c.Status
			if status == "" {
				status = profile.StatusActive
			}
			sum, name := "", ""
			if c.Document != nil {
				sum, name = c.Document.SHA256, c.Document.FileName
			}
			row(c.Number, c.CustomerCode, inputList(c.Jurisdictions), c.ReasonCode, strings.Join(c.ProductClasses, ";"),
				dateCell(c.EffectiveDate), dateCell(c.ExpirationDate), c.TransactionID, status, dateCell(c.RevokedDate), sum, name)
		}
	case Registrations:
		for _, g := range r.Registrations {
			row(append([]string{g.CompanyCode, profile.JurisdictionInput(g.Jurisdiction), profile.CanonicalNumber(g.Jurisdiction, g.Number),
				dateCell(g.EffectiveDate), dateCell(g.EndDate), strconv.FormatBool(g.PhysicalPresence), string(g.Type)},
				representativeCells(g.Representative)...)...)
		}
	case Products:
		for _, p := range r.Products {
			row(p.Code, p.Class, p.CodeType)
		}
	case Franchises:
		for _, x := range r.Franchises {
			basis, rate, amount := basisRevenue, "", ""
			if x.Rate != nil {
				rate = x.Rate.String()
			}
			if x.PerLine {
				basis = basisPerLine
			}
			if x.Amount != nil {
				amount = x.Amount.String()
			}
			row(x.AreaID, x.Name, basis, profile.JurisdictionInput(x.Jurisdiction), rate, amount, dateCell(x.EffectiveDate), dateCell(x.ExpirationDate), x.Source,
				x.Currency)
		}
	}
	if err != nil {
		return err
	}
	return cw.Flush()
}

// representativeCells returns the cells of the columns of a
// registration's fiscal representative (representativeColumns), empty
// for none.
func representativeCells(rep *profile.Representative) []string {
	out := make([]string, len(representativeColumns))
	if rep == nil {
		return out
	}
	out[0], out[1] = rep.Name, rep.Number
	if a := rep.Address; a != nil {
		copy(out[2:], []string{a.Street1, a.Street2, a.City, a.MainDivision, a.PostalCode, a.Country})
	}
	return out
}

// dateCell writes a date, "" for the zero date.
func dateCell(d civil.Date) string {
	if d.IsZero() {
		return ""
	}
	return d.String()
}

// inputList joins a certificate's jurisdictions as an import names them.
func inputList(ids []string) string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = profile.JurisdictionInput(id)
	}
	return strings.Join(out, ";")
}
