package jurisdiction

import (
	"github.com/levytax/levy/civil"
	"github.com/shopspring/decimal"
)

// Tax names the kind of tax a rate belongs to. The values are the
// imposition names Levy reports.
type Tax string

// The taxes of the default dataset.
const (
	SalesTax Tax = "Sales and Use Tax" // US state and local sales and use tax
	VAT      Tax = "VAT"               // value added tax
	GST      Tax = "GST"               // goods and services tax (Canada, Australia, ...)
	HST      Tax = "HST"               // Canada's harmonized sales tax
	PST      Tax = "PST"               // Canadian provincial sales tax
	QST      Tax = "QST"               // Quebec sales tax
	// ConsumptionTax is Japan's consumption tax (shōhizei), a value added
	// tax in all but name: the national tax of the Consumption Tax Act
	// and the local consumption tax of the Local Tax Act, charged
	// together (7.8% and 2.2% of the 10% rate).
	ConsumptionTax Tax = "Consumption Tax"
	// GoodsSalesTax is a single-stage sales tax on goods that their
	// manufacturer or importer charges: Malaysia's sales tax (Sales Tax
	// Act 2018). It is not the US sales and use tax (SalesTax).
	GoodsSalesTax Tax = "Sales Tax"
	// ServiceTax is a single-stage tax on the services a schedule
	// prescribes: Malaysia's service tax (Service Tax Act 2018).
	ServiceTax Tax = "Service Tax"
)

// Rate categories. A category says which goods a rate applies to; the rules
// package maps products to categories.
const (
	General      = "general"       // the standard or general rate
	Reduced      = "reduced"       // first reduced rate (VAT)
	Reduced2     = "reduced2"      // second reduced rate (VAT)
	SuperReduced = "super_reduced" // super-reduced rate (VAT)
	Parking      = "parking"       // parking rate (VAT)
	Food         = "food"          // food and groceries (US SST rate files)
	Drugs        = "drugs"         // drugs and medical appliances (Illinois's local taxes)
)

// Rate is one effective-dated rate of a jurisdiction.
type Rate struct {
	// Jurisdiction is the ID of the jurisdiction that imposes the rate.
	Jurisdiction string
	// Tax is the imposition.
	Tax Tax
	// Category is one of the category constants.
	Category string
	// Value is the rate as a fraction: 0.0725 for 7.25%.
	Value decimal.Decimal
	// Period is when the rate applies.
	civil.Period
	// Source is the key of the rate's source in the dataset's source list.
	Source string
}
