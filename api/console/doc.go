// Package console is Levy's web console: a handful of pages, served under
// /console/ by `levy serve`, that show a tenant's calculations, tax
// areas, journal, e-invoices and tax profile (customers and their
// exemption certificates, registrations, product codes; profile.js), and
// an operator's credentials, in a browser. It is one more adapter beside
// the API (package api) and holds no tax logic: the pages call the
// public API (the calculation and lookup routes, /changed-taxareas, the
// e-invoicing routes and the admin routes, the profile's included, which
// a console token reads) with a token the browser gets at the token
// endpoint, and a few read-only routes of the console's own fill in what
// the public API does not give:
//
//	GET /console/api/config                          the audiences and paths the sign-in needs (public)
//	GET /console/api/whoami                          the token's tenant, client ID and role, for the page's header
//	GET /console/api/geo/{layer}?zoom=Z[&bbox=...]   the dataset's boundaries as GeoJSON, simplified for zoom Z
//	GET /console/api/rules/{id}                      the definition of a taxability rule named by a calculationRuleId
//	GET /console/api/journal/summary?from&to         the remittance summary of a period (journal.Summarize)
//	GET /console/api/journal/series?from&to          tax per posting date of a period
//	GET /console/api/journal/transactions?from&to[&jurisdiction]  the transactions of a period
//	GET /console/api/journal/transactions/{id}       every version of a transaction, with its deletion and reversal
//	GET /console/api/journal/export?from&to&format   the period as CSV or JSON lines (journal.Export), limited as the admin export route
//
// The pages and their assets (HTML, CSS and plain JavaScript modules, no
// framework, no build step, nothing fetched from elsewhere) are embedded
// with go:embed and served with a Content-Security-Policy that allows
// this origin only. The browser signs in at the caching token endpoint
// (TokenPath) with the client ID and secret of a credential of the
// console audience (levy://console by default; serve accepts it at the
// API read-only), of the admin audience or of the operator's, keeps the
// tokens it gets in sessionStorage only, and drops them on sign-out or
// when they expire. Every console route but config needs a token of the
// console audience or of the admin audience (not the API's calculation
// audiences), and reads the data of the token's tenant only.
//
// A Handler is safe for concurrent use: its only mutable state is the
// cache of simplified boundaries, behind a mutex.
package console
