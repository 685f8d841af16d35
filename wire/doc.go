// Package wire is the v2 wire format of Levy's API: the requests and
// responses of the calculation (sale, purchase, owner), of the operations
// on stored transactions and of the tax area lookups; their validation,
// which names every fault by its JSON path; the strict decoder that every
// adapter reads them with; the Explanation of a calculation's taxes, which
// the explain calls return beside the response; and the interfaces a host
// calls, Calculator, Explainer and Lookups.
//
// The types are plain structs that encode to and decode from the JSON of
// the wire format. The engine (package engine) takes them as its requests
// and answers with them, the HTTP adapter (package api) decodes and
// encodes them, and the Go client (package api/client) sends them to a
// remote Levy. A program that only calls a remote Levy imports this
// package and api/client, and links neither the calculator nor its
// dataset: the package depends on the standard library, decimal amounts
// and Levy's small packages (money, civil, jurisdiction, the errors).
//
// Validation is generated from the check tags of the types
// (validate_gen.go, by TestValidationCode). A request's Validate reports
// every violation at once as a levy.Errors list and never panics.
//
// The package holds no state: its values are safe for concurrent use as
// far as the caller does not change them while another goroutine reads
// them.
package wire
