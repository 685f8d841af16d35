// Package engine calculates tax on the documents of Levy's three
// perspectives: sales (the seller's view, /supplies), purchases (the
// buyer's view, /procurement) and movements of the owner's own assets
// (/owner).
//
// The requests and responses are the v2 wire format, the types of
// package wire (wire.SaleRequest, wire.PurchaseRequest, wire.OwnerRequest
// and their responses): their JSON field names and shapes are those
// existing clients send. Amounts are money.Amount values, exact decimals
// that keep their scale on the wire, and dates are civil.Date values. A
// request is read with wire.Decode, which bounds the size and nesting of
// the body and names the offending field of a malformed one, and checked
// with its Validate method, which reports every broken constraint at once
// as a levy.Errors list whose entries carry the JSON path of the field;
// the engine validates every request it is given. The names of those
// types stay in this package for one release (wire_aliases.go). Programs
// that write requests in code start from the constructors of build.go
// (Quotation, SellerAt, CustomerAt, USAddress, Address, Line, Price),
// which fill the common members of the plain wire structs.
//
// The engine links no database: a journal is any journal.Store given
// with WithJournal (package badger's on disk, package postgres's shared,
// or journal.NewMemory), and the facts that are not rates (the EU VAT
// area, the EU distance threshold) are dated data of package
// jurisdiction.
//
// # Calculating
//
// New loads the dataset, builds the tax area resolver and compiles Levy's
// default rule tables (rules.Defaults) and the host's (WithRules,
// WithRuleFiles) once, failing on the first bad rule. Sale, Purchase and
// Owner validate a request, resolve every location once per document (tax
// area ID, address, coordinates or government code; location evidence when
// a customer has no destination), and for each leaf line:
//
//   - source it: a situs override, else the US rules (destination, or the
//     seller's location for a sale within an origin-based state), else the
//     place-of-supply rules of VAT and GST (EU reverse charge for a customer
//     with a valid VAT number of a member state other than the one the
//     goods leave, the departure state's VAT for a business customer
//     without one, the EUR 10,000 distance-selling threshold for
//     consumers, exports zero-rated, imports), which compare VAT areas
//     rather than countries: Monaco is in France's and Büsingen in
//     Switzerland's (jurisdiction.VATGeography.VATArea), and a VAT special territory
//     outside the EU's VAT area (the Canary Islands, Martinique) is one of
//     its own (jurisdiction.VATGeography.VATTerritory), so goods sent there are
//     exported; a place in a special territory is charged the territory's
//     rates instead of its country's (Madeira's 22%, Martinique's 8.5%),
//     or no VAT (outside-vat-territory, with a tax-not-computed parameter
//     that names the IGIC or the IPSI);
//   - for each jurisdiction of the situs and each of its impositions,
//     decide taxability (request overrides for the taxes they select, the
//     customer's exemption, a stored exemption certificate of the
//     customer that covers the tax, then the host's rules and the
//     defaults), pick
//     the rate (rate override, the rule's replacement rate or rate
//     category, the dataset's), apply thresholds, basis reductions, rate
//     structures and freight rules; an imposition with no general rate
//     (a city's tax on some classes only, such as Chicago's lease tax on
//     SaaS) appears only on the lines whose rule names one of its
//     categories, and a US local tax outside the sales tax falls at the
//     customer's place even where the sales tax follows the seller;
//   - check the seller's nexus: registered everywhere unless it lists
//     registrations, which then narrow it (with nexus overrides);
//   - name what the line bears and Levy does not compute: a tax that the
//     dataset knows a jurisdiction of the customer's place levies on the
//     line's class (Denver's sales and use tax on SaaS, Chicago's lease
//     tax on web hosting) is not charged at a guessed rate but named in
//     the line's assistedParameters (ruleName tax-not-computed, see
//     TaxNotComputedRule and data.LackingTax).
//
// A line whose seller or customer is in Brazil is calculated by Brazil's
// own rules instead (brazil.go, brazil_calc.go; docs/brazil.md): the
// ICMS of the states with their interstate rates, FCP and DIFAL, the IPI
// by NCM, PIS and COFINS by the seller's regime, the municipal ISS at the
// rates a tenant loads, and the CBS and IBS of the reform, each a record
// of its own with the CST that the NF-e needs, driven by the line's
// Brazilian members (the conditions, the nature of the operation, the
// NCM or LC 116 item); the price includes the taxes calculated on it
// ("por dentro"), and the IPI (and from 2027 the CBS and IBS) are added.
//
// Taxes are rounded per line and jurisdiction to the currency's minor units
// (or per jurisdiction over the document when roundAtLineLevel is false,
// the rounded total spread back over the lines), half-up unless
// Settings.Rounding says otherwise. Every response keeps the invariants:
// each line's totalTax is the sum of its taxes that are neither
// information only nor withheld by the buyer (an imposition with a
// withholdingType), and of its child lines' totalTax; the document's
// totalTax is the sum of its lines', and total is subTotal plus totalTax. Every tax carries the ID of the rule that
// decided it (calculationRuleId) so that each number can be explained.
//
// # Tax profiles
//
// WithProfiles (or WithProfileStore) makes the engine apply what each
// tenant told Levy once (package profile): its customers' exemption
// certificates, its products and the crosswalks of standard codes, its
// registrations, its franchise area fees and its policy, read per
// calculation for the tenant of
// the context (levy.Tenant) from a per-node cache. What the request
// sends wins over what is stored. WithProfiles says exactly what applies
// where.
//
// An Engine is safe for concurrent use; Reload swaps an immutable snapshot
// atomically, and Reloads called at once take turns, none losing the
// options of another.
package engine
