package datagen

import (
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/jurisdiction"
)

// Canadian provincial taxes outside the sales taxes: a province's own tax
// on some product classes only, such as Quebec's tax on lodging or
// Alberta's tourism levy on ACCOMMODATION. Each row of
// internal/datagen/curated/ca-provincial-taxes.csv gives one rate period of
// one tax with the classes it reaches, as a row of us-local-taxes.csv does
// for a US state's own tax (the same columns, province in place of state).
// The rates step adds the rates to the province's jurisdiction (imposition
// Tax, category Category, source srcCAProvincial); the taxability step
// writes the classes as rows of the taxability file beside the US ones, from
// which the default rules tax those classes at the category's rate and no
// other class at all. Levy knows no Canadian municipality, so a row is
// always the province's own: the municipal accommodation taxes (Ontario's,
// Winnipeg's, British Columbia's MRDT) have no jurisdiction to be rates of.

// The curated table of Canadian provincial taxes, and its source key.
const (
	caProvincialSrc = "ca-provincial-taxes.csv"
	srcCAProvincial = "ca-provincial-taxes"
)

// The curated table of the Canadian taxes on lodging that Levy knows of
// and does not compute: the municipal ones, named at their province's
// jurisdiction (a line of the class at a property in the province says
// that the tax may be due there), and Quebec's tax on lodging before it
// became one rate in every region.
const caLackingSrc = "ca-provincial-lacking.csv"

// readCAProvincialLacking reads and checks that table with the checks of
// the US one (us-local-lacking.csv).
func readCAProvincialLacking(g *gen, juris *data.Jurisdictions) ([]lackingRow, error) {
	return readLackingTable(g, juris, caLackingSrc, "CA", "province")
}

// readCAProvincialTaxes reads and checks the table with the checks of the
// US one; every row's jurisdiction is its province's.
func readCAProvincialTaxes(g *gen) ([]localTaxRow, error) {
	return readTaxTable(g, caProvincialSrc, "CA", "province")
}

// addCAProvincialTaxes adds the rates of the table to the provinces'
// jurisdictions, beside their GST, HST, PST or QST.
func addCAProvincialTaxes(g *gen, b *ratesBuilder) error {
	rows, err := readCAProvincialTaxes(g)
	if err != nil {
		return err
	}
	for _, r := range rows {
		err := b.addRate(jurisdiction.Rate{Jurisdiction: r.juris, Tax: jurisdiction.Tax(r.tax), Category: r.category,
			Value: r.rate, Period: r.period, Source: srcCAProvincial})
		if err != nil {
			return r.at.errorf("%v", err)
		}
	}
	g.addSource(Source{
		Key:   srcCAProvincial,
		Files: curatedRef + caProvincialSrc,
		What: "Canadian provincial taxes outside the GST, HST, PST and QST that reach some product classes only: Quebec's tax on " +
			"lodging and Alberta's hotel room tax and tourism levy on ACCOMMODATION: their rates by period, each row with the act, " +
			"bulletin or department publication it follows and what Levy leaves out",
		From:    "the acts, bulletins and department publications cited in each row (curated by the Levy project)",
		Licence: "public government information",
	})
	g.log.Info("Canadian provincial taxes outside the sales taxes", "rows", len(rows), "taxes", localTaxNames(rows))
	return nil
}
