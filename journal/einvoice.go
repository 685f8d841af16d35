package journal

import "github.com/levytax/levy/money"

// Party is a seller or a customer as a calculation named it: what an
// e-invoice of the transaction says of the party (package
// einvoice/render renders a stored invoice as EN 16931). Levy keeps it
// with the sales it stores; transactions stored before it did have none.
type Party struct {
	// Code is the seller's company code, or the customer's code.
	Code string `json:"code,omitempty"`
	// Name is the customer's name (the request's customerName, else the
	// name the tenant's profile holds for its customer code).
	Name string `json:"name,omitempty"`
	// Business is the customer's isBusinessIndicator, or the stored
	// customer's business indicator that the calculation applied.
	Business bool `json:"business,omitempty"`
	// Address is the seller's physical origin or the customer's
	// destination (the administrative one when the request gave no
	// other).
	Address *Address `json:"address,omitempty"`
	// Registrations are the party's tax registrations that have a
	// number, and the seller's that have none of their own but name a
	// representative (Registration.Representative).
	Registrations []Registration `json:"registrations,omitempty"`
}

// Address is a postal address as the request gave it, with the country
// Levy resolved it to.
type Address struct {
	Street1      string `json:"street1,omitempty"`
	Street2      string `json:"street2,omitempty"`
	City         string `json:"city,omitempty"`
	MainDivision string `json:"mainDivision,omitempty"`
	PostalCode   string `json:"postalCode,omitempty"`
	// Country is the ISO 3166 alpha-2 code of the country.
	Country string `json:"country,omitempty"`
}

// Registration is a tax registration of a party.
type Registration struct {
	// Country is its ISO 3166 code, as the request gave it.
	Country string `json:"country,omitempty"`
	// Number is the registration's number; "" for a seller's
	// registration that the request sent without one and with a
	// representative, whose VAT number the seller's invoices in Country
	// state instead.
	Number string `json:"number"`
	// Type is the wire's taxRegistrationType, such as "VAT Registration".
	Type string `json:"type,omitempty"`
	// Representative is the party's tax representative in the
	// registering country (the wire's fiscalRepresentative), which the
	// e-invoice of a sale made under this registration names (BG-11 of
	// EN 16931). The journal keeps it for the seller's registrations,
	// those the request sent and those taken from the tenant's profile
	// (profile.Registration.Representative); it is nil when the
	// registration names none, and in transactions stored before the
	// journal kept it (before a stored registration had one, for those
	// taken from the profile).
	Representative *Representative `json:"representative,omitempty"`
}

// Representative is a party's tax representative as the request named
// it: its name, its tax registration number and its address, each as
// written, the address's country as the calculation's country lookups
// read it (an ISO 3166 alpha-2 code when the request named a country
// Levy knows, else as written).
type Representative struct {
	Name    string   `json:"name,omitempty"`
	Number  string   `json:"number,omitempty"`
	Address *Address `json:"address,omitempty"`
}

// Item is what an e-invoice shows of a line besides its amounts, as the
// request gave it.
type Item struct {
	Description string `json:"description,omitempty"`
	// ProductCode is the product's value, the seller's code of the item.
	ProductCode string `json:"productCode,omitempty"`
	// Quantity and Unit are the line's quantity and unit of measure;
	// Quantity is zero when the request gave none.
	Quantity money.Amount `json:"quantity,omitzero"`
	Unit     string       `json:"unit,omitempty"`
	// UnitPrice is the request's unit price, when it gave one.
	UnitPrice *money.Amount `json:"unitPrice,omitempty"`
	// Freight is the line's freight, which its taxes count with its
	// amount.
	Freight money.Amount `json:"freight,omitzero"`
}

// clone returns a deep copy of p, or nil for nil.
func (p *Party) clone() *Party {
	if p == nil {
		return nil
	}
	out := *p
	if p.Address != nil {
		a := *p.Address
		out.Address = &a
	}
	out.Registrations = append([]Registration(nil), p.Registrations...)
	for i := range out.Registrations {
		out.Registrations[i].Representative = out.Registrations[i].Representative.clone()
	}
	return &out
}

// clone returns a deep copy of r, or nil for nil.
func (r *Representative) clone() *Representative {
	if r == nil {
		return nil
	}
	out := *r
	if r.Address != nil {
		a := *r.Address
		out.Address = &a
	}
	return &out
}

// clone returns a deep copy of it, or nil for nil.
func (it *Item) clone() *Item {
	if it == nil {
		return nil
	}
	out := *it
	return &out
}
