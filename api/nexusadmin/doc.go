// Package nexusadmin serves the economic-nexus report of a running Levy
// server: where the sellers of the caller's tenant have crossed, or
// approach, a US state's economic-nexus threshold, a Canadian province's
// or Canada's GST/HST registration threshold, or the EU's distance-sales
// threshold, on a day, from the journal's sales figures
// (package nexus). It lets `levy nexus report --server URL` work while
// `levy serve` holds the data directory, and feeds the web console's
// page.
//
//	GET /admin/v1/nexus/report[?asOf=D][&share=0.8][&company=C][&format=json|jsonl|csv][&tenant=T]
//
// Without share, a state is approaching from the share of the tenant's
// policy (profile.Policy.NexusShare), else 80%.
//
// The route needs an access token of a tenant's admin (levy://admin by
// default) or of the server's operator, checked by api.Guard as the
// other admin routes are; an admin token reads its own tenant only
// (api.AdminScope). The tenant's stored registrations (its tax profile)
// make states registered. json (the default) is the report in the API's
// envelope, jsonl one row per line, csv a header and a row per state.
package nexusadmin
