package journaladmin

import (
	"reflect"
	"strconv"
	"strings"

	"github.com/levytax/levy/api"
	"github.com/levytax/levy/journal"
)

// periodParams are the query parameters of a period of the token's
// tenant's journal.
func periodParams() []api.Param {
	return []api.Param{
		{Name: "from", In: "query", Format: "date", Description: "The first posting date of the period (inclusive); open when absent."},
		{Name: "to", In: "query", Format: "date", Description: "The last posting date of the period (inclusive); open when absent."},
		{Name: "tenant", In: "query", Format: "identifier", Description: "The tenant of the token, which is the only one whose journal it reads; another tenant is answered 403."},
	}
}

// companyParam is the query parameter that narrows the report or the
// export to one company code of the tenant.
func companyParam() api.Param {
	return api.Param{Name: "company", In: "query", Format: "identifier",
		Description: "Only the transactions of this company code (the seller's on sales, the buyer's on purchases, the owner's on the owner's kinds), " +
			"at most " + strconv.Itoa(journal.MaxCompanyLength) + " characters, given once; empty (company=) for those stored without one. A code no request could have stored is answered 400 naming company."}
}

// Mounts returns the options that mount the routes on an api.Server,
// each described for the OpenAPI document with the types its handler
// encodes. With a nil admin authenticator (see New) it mounts nothing.
func (h *Handler) Mounts() []api.Option {
	if h.admin == nil {
		return nil
	}
	reportMethod, reportPath, _ := strings.Cut(ReportRoute, " ")
	exportMethod, exportPath, _ := strings.Cut(ExportRoute, " ")
	out := []api.Option{
		api.WithOperation(api.Operation{Method: reportMethod, Path: reportPath, ID: "journalReport", Tag: api.AdminTag,
			Summary:     "The remittance report of the token's tenant for a period: per transaction currency, the tax owed per jurisdiction and imposition, with the conversions to filing currencies and the reasons of zero taxes.",
			Description: api.AdminAccess + " Without company, the report is of every company code of the tenant, with each company's subtotals (companies).",
			Params:      append(periodParams(), companyParam()),
			Answer:      api.Enveloped[journal.Report]()},
			api.Guard(h.admin, h.report)),
		api.WithOperation(api.Operation{Method: exportMethod, Path: exportPath, ID: "journalExport", Tag: api.AdminTag,
			Summary: "The transactions of the token's tenant posted in a period, streamed as JSON lines (one transaction per line) or CSV (one row per tax).",
			Description: api.AdminAccess + " The answer is streamed: it ends with the trailer " + TrailerCount + " (the number of transactions) when complete, " +
				TrailerError + " when reading the journal failed part-way or the export ran for the server's longest export time (levy serve --export-timeout) and was cut. " +
				"Without company, the export is of every company code of the tenant; with it, the count in " + TrailerCount + " is of that company's transactions.",
			Params: append(periodParams(), api.Param{Name: "format", In: "query", Format: "identifier", Description: "jsonl (the default, application/x-ndjson) or csv (text/csv)."},
				companyParam()),
			Answer: reflect.TypeFor[string](), Media: "application/x-ndjson",
			TooMany: "The token's tenant has as many exports running as the server runs at once for one tenant (levy serve --exports-per-tenant, the web console's downloads included); ask again after Retry-After seconds."},
			api.Guard(h.admin, h.export)),
	}
	if h.intrastat != nil && h.intrastat() != nil {
		method, path, _ := strings.Cut(IntrastatRoute, " ")
		out = append(out, api.WithOperation(api.Operation{Method: method, Path: path, ID: "journalIntrastat", Tag: api.AdminTag,
			Summary: "The Intrastat declaration of the token's tenant for a member state, a flow (dispatch or arrival) and a period (a month): " +
				"the stored lines aggregated by CN8 code, partner country, country of origin, nature of transaction, mode of transport and, for dispatches, " +
				"the partner's VAT number, and the lines that can not be declared with the reason.",
			Description: api.AdminAccess + " With format=csv the answer is the declaration's items as text/csv, and the header " + HeaderRefused +
				" gives the number of stored lines that could not be declared (the JSON lists them). Each company declares its own goods: " +
				"without company, the lines of the flow must all be of one company code (the declaration is refused naming company otherwise).",
			Params: append(periodParams(),
				api.Param{Name: "memberState", In: "query", Format: "identifier", Description: "The declaring member state, an ISO 3166 alpha-2 code (DE, FR, ...), or XI for Northern Ireland from 2021; required."},
				api.Param{Name: "flow", In: "query", Format: "identifier", Description: "dispatch (the goods that left the member state) or arrival (those that reached it); required."},
				api.Param{Name: "currency", In: "query", Format: "identifier", Description: "The ISO 4217 currency of the declaration's values; when absent, the member state's on from (EUR in the euro area, PLN for PL, GBP for XI, ...)."},
				api.Param{Name: "wholeEuros", In: "query", Format: "boolean", Description: "true (or 1) rounds each item's invoiced and statistical values half up " +
					"to whole units of the currency once its lines are added up, as the portals of Germany, Malta and others take them; false (the default) rounds them to the cent."},
				api.Param{Name: "format", In: "query", Format: "identifier", Description: "json (the default, in the API's envelope) or csv (text/csv)."},
				companyParam()),
			Answer: api.Enveloped[journal.IntrastatDeclaration]()},
			api.Guard(h.admin, h.intrastatDeclaration)))
	}
	return out
}
