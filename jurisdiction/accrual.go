package jurisdiction

import (
	"fmt"

	"github.com/levytax/levy/civil"
)

// Accrual says how far a buyer accounts for a tax itself on a purchase
// (the buyer's accrual, the use tax of a sales tax). A tax without an
// Accrual in the dataset is accrued by the general rules.
type Accrual uint8

const (
	// AccrualNone: a single-stage tax that the seller (a registered
	// manufacturer or provider) charges, or the customs at import; a
	// buyer accrues none of it (Malaysia's sales tax, Sales Tax Act 2018,
	// section 8).
	AccrualNone Accrual = iota + 1
	// AccrualImportedServices: as AccrualNone, except that a buyer that
	// acquires a taxable service from a person outside the country (an
	// imported taxable service) accounts for the tax itself (Malaysia's
	// service tax from 2019-01-01, Service Tax Act 2018, sections 7(b),
	// 26 and 26A).
	AccrualImportedServices
)

// String returns the accrual's name in the curated tables: none or
// imported-services.
func (a Accrual) String() string {
	switch a {
	case AccrualNone:
		return "none"
	case AccrualImportedServices:
		return "imported-services"
	}
	return fmt.Sprintf("Accrual(%d)", uint8(a))
}

// Valid reports whether a is one of the accruals above.
func (a Accrual) Valid() bool { return a >= AccrualNone && a <= AccrualImportedServices }

// ParseAccrual reads an accrual's name (see String).
func ParseAccrual(s string) (Accrual, bool) {
	for a := AccrualNone; a <= AccrualImportedServices; a++ {
		if a.String() == s {
			return a, true
		}
	}
	return 0, false
}

// TaxAccrual is a dated property of a tax of a jurisdiction in the
// dataset: over Period, a buyer accounts for Tax of Jurisdiction as
// Accrual says (the generator's curated tax-accruals.csv;
// data.Jurisdictions.TaxAccruals).
type TaxAccrual struct {
	// Jurisdiction is the ID of the jurisdiction that levies the tax.
	Jurisdiction string
	// Tax is the imposition, as the jurisdiction's rates name it.
	Tax     Tax
	Accrual Accrual
	Period  civil.Period
	// Source cites the law.
	Source string
}
