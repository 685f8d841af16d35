// Package engine calculates tax on the documents of Levy's three
// perspectives: sales (the seller's view, /supplies), purchases (the
// buyer's view, /procurement) and movements of the owner's own assets
// (/owner).
//
// The request and response types (SaleRequest, PurchaseRequest,
// OwnerRequest and their responses) are the v2 wire format: their JSON
// field names and shapes are those existing clients send. Amounts are
// money.Amount values, exact decimals that keep their scale on the wire,
// and dates are civil.Date values.
//
// A request is read with Decode, which bounds the size and nesting of the
// body and names the offending field of a malformed one, and checked with
// its Validate method, which reports every broken constraint at once as a
// levy.Errors list whose entries carry the JSON path of the field.
package engine
