// Command levy is the command-line face of the Levy tax engine.
//
//	levy version                      the program and dataset versions
//	levy lookup address [flags]       tax areas of a postal address
//	levy lookup point LAT LNG         tax area at a point
//	levy lookup taxarea ID            jurisdictions of a tax area
//	levy lookup code CODE --country C tax areas of a government code
//	levy lookup changed --from D [--to D] [--id ID]
//	levy calc sale|purchase|owner [FILE]  calculate a request (JSON from FILE or stdin)
//	levy batch sale|purchase|owner [--in FILE] [--out FILE]  a file of requests, one per line, on every core
//	levy journal report|export --data-dir DIR [--from D] [--to D]
//	levy serve --addr HOST:PORT --data-dir DIR   the HTTP API
//	levy profile import|export|list|show|delete   tenants' customers, certificates, registrations, products
//	levy nexus report|rebuild|watch        where must I register? thresholds from the journal
//	levy einvoice render --transaction ID  a stored invoice as an EN 16931 e-invoice
//	levy clients create|rotate|revoke|list|rotate-key --data-dir DIR   API credentials
//	levy webhook receive --addr HOST:PORT --target-url URL   accept signed e-invoicing events
//	levy webhook dead-letters list|replay --data-dir DIR     events given up after the last attempt
//	levy data coverage [--content FILE]                      US local content state by state
//	levy data coverage --taxability | --country BR           the US taxability matrix, Brazil's content
//
// calc, lookup, serve and data coverage take --content FILE (repeatable)
// to load rate and boundary files over the embedded content (see package
// data/content).
//
// Results are printed as JSON in the wire format of the HTTP API.
package main
