package engine

import (
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// The constructors of this file build the parts of a request that
// programs write most, so that a first quotation in Go is a few lines.
// The wire types stay plain structs: a constructor only fills the members
// it names, and its result can be changed like any value.

// Price returns the amount written in s ("19.99", "-5", "1e3"), for an
// amount written into a program. It panics when s is not a decimal
// number, as civil.MustParse does with a date; read amounts from input
// with money.Parse instead.
func Price(s string) *money.Amount {
	a := money.MustParse(s)
	return &a
}

// USAddress returns a location in the United States: street, city, state
// (its postal abbreviation or name) and ZIP code. Any of them may be
// empty; the more there are, the more precisely the tax area is found.
func USAddress(street, city, state, zip string) *wire.Location {
	return &wire.Location{StreetAddress1: street, City: city, MainDivision: state, PostalCode: zip, Country: "US"}
}

// Address returns a location in any country (an ISO 3166 code such as
// "DE"), by city and postal code.
func Address(city, postalCode, country string) *wire.Location {
	return &wire.Location{City: city, PostalCode: postalCode, Country: country}
}

// SellerAt returns a seller that ships from origin.
func SellerAt(origin *wire.Location) *wire.Seller { return &wire.Seller{PhysicalOrigin: origin} }

// CustomerAt returns a customer that receives at destination.
func CustomerAt(destination *wire.Location) *wire.Customer {
	return &wire.Customer{Destination: destination}
}

// Line returns a sale line item: its ID, its product class (see package
// rules: GENERAL, CLOTHING, ...) and its extended price, the price of the
// whole line. Like Price, it panics when extendedPrice is not a decimal
// number: it is for lines written into a program.
func Line(id, productClass, extendedPrice string) wire.SaleLineItem {
	return wire.SaleLineItem{LineItemID: id, Product: &wire.Product{ProductClass: productClass}, ExtendedPrice: Price(extendedPrice)}
}

// Quotation returns a sale quotation (SaleQuotation) of date, which
// calculates tax and stores nothing, from seller to customer. It panics
// when date is not of the form YYYY-MM-DD, as civil.MustParse does: a date
// read from input is parsed with civil.Parse and set in DocumentDate.
func Quotation(date string, seller *wire.Seller, customer *wire.Customer, lines ...wire.SaleLineItem) *wire.SaleRequest {
	return &wire.SaleRequest{
		SaleMessageType: wire.SaleQuotation,
		TransactionType: wire.TransactionTypeSale,
		DocumentDate:    civil.MustParse(date),
		Seller:          seller,
		Customer:        customer,
		LineItems:       lines,
	}
}

// CurrencyCode returns the currency of a request by its ISO 4217 code
// ("EUR"). A request without one is in US dollars, whatever the
// countries of its parties.
func CurrencyCode(alpha string) *wire.Currency { return &wire.Currency{ISOCurrencyCodeAlpha: alpha} }
