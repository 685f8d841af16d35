package engine

import (
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// brTax is what a Brazilian tax carries for the NF-e beside the members
// every tax has (docs/brazil.md maps each to the NF-e's fields).
type brTax struct {
	// cst is the tax's CST, or the CSOSN of a Simples Nacional seller's
	// ICMS, or the LC 116 item of the ISS (cListServ); class the CBS and
	// IBS classification (cClassTrib).
	cst, class string
	// included: the price includes the tax ("por dentro").
	included bool
	// effective is the tax over its base when it is not the nominal rate
	// (the DIFAL).
	effective *decimal.Decimal
	// issFile and issLine are where the ISS rate was loaded from (a
	// content file of format br-iss), "" and 0 for the other taxes;
	// tables says the rate is one of the dataset's Brazilian tables. An
	// explanation reads them (snapshot.explainSource).
	issFile string
	issLine int
	tables  bool
}

// brazilWire sets the members of a Brazilian tax's wire record: taxCode
// (the CST or CSOSN, or the ISS's item), rateClassification (the CBS and
// IBS's cClassTrib), includedTax (the part of the price that is this
// tax, for the taxes calculated "por dentro"), and the effective rate of
// a DIFAL.
func (c *calc) brazilWire(t *taxOut, w *wire.Tax) {
	w.TaxCode, w.RateClassification = t.br.cst, t.br.class
	if t.br.included && t.result == wire.TaxResultTaxable {
		in := c.amount(t.tax)
		w.IncludedTax = &in
	}
	if t.br.effective != nil {
		w.EffectiveRate = money.New(*t.br.effective)
	}
	w.IsService = t.imposition == impISS
}
