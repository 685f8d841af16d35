// Package journaladmin serves the tax journal of a running Levy server
// to its operators, read-only: the remittance report, the export of the
// transactions of a period and the Intrastat declaration of a month, for
// the tenant of the caller's token.
// They let `levy journal report|export --server URL` work while `levy
// serve` holds the data directory, which a second process cannot open.
//
// Both routes need an access token of a tenant's admin (levy://admin by
// default) or of the server's operator, checked by api.Guard as the other
// admin routes are. An admin token reads its own tenant's journal only: a
// tenant query parameter that names another tenant is answered 403. The
// operator's names the tenant (api.AdminScope).
//
//	GET /admin/v1/journal/report[?from=D][&to=D][&company=C][&tenant=T]      the report (journal.Report), as JSON in the API's envelope
//	GET /admin/v1/journal/export[?from=D][&to=D][&format=jsonl|csv][&company=C][&tenant=T]
//	                                                                          the transactions, streamed
//	GET /admin/v1/journal/intrastat?from=D&to=D&memberState=MS&flow=dispatch|arrival[&currency=C][&wholeEuros=true][&format=json|csv][&tenant=T]
//	                                                                          the Intrastat declaration (journal.Intrastat), when the
//	                                                                          Handler has the code lists (WithIntrastat, or WithIntrastatOf for the lists of the dataset an engine uses now)
//
// from and to are the first and last posting dates (YYYY-MM-DD,
// inclusive; open when absent). company narrows the report and the
// export to the transactions of one company code of the tenant
// (journal.SummarizeCompany, journal.ExportCompany; company= to those
// stored without one), checked by journal.CheckCompany: a code no
// request could have stored, or company given twice, is answered 400
// naming company. The export is application/x-ndjson, one
// transaction per line, or text/csv, as journal.Export writes them. It
// is streamed as the journal is read, so its status is sent before the
// end is known: the answer ends with the trailer Levy-Export-Transactions
// (the number of transactions written) when it is complete, and with
// Levy-Export-Error instead when reading the journal failed part-way or
// the export ran for its time limit and was cut. A client that finds
// neither has not received the whole export.
//
// Exports are bounded (an Exporter, which the web console's download
// shares): each runs for at most a time limit (levy serve
// --export-timeout, 10 minutes by default), and a tenant runs at most a
// number at once (--exports-per-tenant, 2), one more being answered 429
// with Retry-After. The journal is read a page at a time, so a client
// that reads an export slowly holds no database connection that other
// tenants' requests need.
//
// A Handler is safe for concurrent use; its Exporter counts the exports
// under way under a lock.
package journaladmin
