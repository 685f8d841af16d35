package api

import (
	"reflect"

	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

// schemaNotes describe some schemas of the document, and some of their
// members, beyond what reflection finds: what a calculation's response
// adds to the locations it resolved, and what a stored registration's
// fiscal representative is.
var schemaNotes = map[reflect.Type]struct {
	about   string
	members map[string]string
}{
	reflect.TypeFor[wire.Location](): {
		about: "A place of a transaction. In a response, each location that the calculation resolved (the origins and destinations of the document's parties, and of a line's own) carries the tax area it was found in (taxAreaId, when the request named none) and what the tax area lookup found (taxAreaLookup). An origin in another state than the destination, which is resolved to its state alone, carries neither.",
		members: map[string]string{
			"taxAreaId": "The tax area of the location. A request may send it instead of the address, and it wins over the address. A response sets it on every location the calculation resolved: the tax area that the lookup of the address (or coordinates, or code) found, which a later request may send back.",
		},
	},
	reflect.TypeFor[profile.Representative](): {
		about: "The seller's fiscal representative in the country of a stored registration (the wire's fiscalRepresentative): a calculation that takes the stored registrations keeps it in the journal, and the e-invoice of a sale made under the registration names it as the seller's tax representative (BG-11 of EN 16931). Its name, its number and its address's country are required.",
		members: map[string]string{
			"name":   "The representative's name (BT-62), at most 200 characters.",
			"number": "The representative's VAT number in the registration's country (BT-63), at most 40 characters; the invoice states it with its country's prefix.",
		},
	},
	reflect.TypeFor[profile.RepresentativeAddress](): {
		about: "The postal address of a fiscal representative (BG-12), bounded as the wire's locations are.",
		members: map[string]string{
			"country": "An ISO 3166 code (DE, DEU) or a country's name that the dataset reads (Germany); stored as its alpha-2 code.",
		},
	},
	reflect.TypeFor[wire.TaxAreaLookup](): {
		about: "What the tax area lookup found for a location of a calculation, as the lookup routes report it for the same address: Levy's own member of a location, in responses only (a request's is ignored). Under the strict address check (levy serve --address-check strict, or --tenant-address-check TENANT=strict) a location whose statuses hold BAD_REGION_FIELDS, IGNORED_REGION_FIELDS or BAD_STREET_INFORMATION is refused with 400 instead, naming the member at fault. A tenant whose policy sets levyMembers to omit (or, without one, a server started with --levy-members omit) is answered without it, for clients generated from the commercial description that refuse a member their model does not declare: each status is told instead in the assistedParameters of the lines that use the location (paramName the location's path, such as customer.destination; phase PRE; ruleName tax-area-lookup; value the status, the confidence and the note), and a clean address's confidence is not told.",
		members: map[string]string{
			"confidenceIndicator": "The lookup's confidence that the tax area is right, from 1 to 100: 100 when every part of the address agrees, at most 90 whenever a status other than NORMAL is present, 70 when the postal code contradicts the state or province, 50 when the city does not contain the ZIP code.",
			"statuses":            "What the lookup found at fault or worth telling in the address; absent for a clean address (a plain NORMAL is left out).",
		},
	},
	reflect.TypeFor[wire.TaxAreaLookupStatus](): {
		about: "One status of a tax area lookup (the wire's AddressLookupResultTypeStatus).",
		members: map[string]string{
			"lookupResult": "BAD_REGION_FIELDS: the postal code contradicts the state or province, or is unknown, and decided the tax area alone; or the city does not contain the ZIP code, and the value says which of the two decided and why. IGNORED_REGION_FIELDS: the state is unknown and was ignored. MAX_TAXAREAS_EXCEEDED: more tax areas matched than a lookup lists. NORMAL: a note in value.",
			"value":        "What the status is about, in words: \"ZIP code 10118 is in NY, not CA\", or \"ZIP code 60606 (Chicago) lies 15.0 km outside Evanston, too far for any of it to lie there: the lookup used the ZIP code, which places an address more surely than a city name\".",
		},
	},
}

// describe adds the notes of struct type t to sch, its schema. A member
// that refers to another schema (an empty object until components fills
// in its $ref) is left alone, as OpenAPI 3.0 ignores what stands beside a
// $ref: the schema it refers to has the notes.
func describe(t reflect.Type, sch object) {
	n, ok := schemaNotes[t]
	if !ok {
		return
	}
	sch["description"] = n.about
	props, _ := sch["properties"].(object)
	for name, about := range n.members {
		if p, ok := props[name].(object); ok && len(p) > 0 {
			p["description"] = about
		}
	}
}
