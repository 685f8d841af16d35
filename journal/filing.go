package journal

import (
	"cmp"
	"slices"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/money"
)

// FilingView is a report arranged as the returns are filed: per transaction
// currency, per state (or province, or country), its jurisdictions with
// one row each, and the state's total. Where the remittance report has a
// row per zero-tax reason, the filing view adds them into the columns of
// one row: taxable, exempt, non-taxable, and the sales where the seller
// is not registered (which no return reports). Build it with
// Report.FilingView.
type FilingView struct {
	Tenant string `json:"tenant"`
	// Company is the report's (Report.Company): the company code of a view
	// of one company, absent in a view of every company.
	Company      *string          `json:"company,omitempty"`
	From         civil.Date       `json:"from,omitzero"`
	To           civil.Date       `json:"to,omitzero"`
	Transactions int              `json:"transactions"`
	Currencies   []FilingCurrency `json:"currencies"`
	// Companies are a view of every company's subtotals: per company code
	// and currency, the tax of each state as the view counts it, ordered
	// as the report's (Report.Companies). A view of one company has none.
	Companies []FilingCompany `json:"companies,omitempty"`
}

// FilingCompany is one company's part of a currency's section of a
// filing view: the tax of its transactions per state, which add up to
// Total.
type FilingCompany struct {
	// Company is the company code, "" for the transactions stored without
	// one.
	Company      string     `json:"company"`
	Currency     string     `json:"currency"`
	Transactions int        `json:"transactions"`
	States       []StateTax `json:"states"`
	// Total adds up the tax of the states.
	Total money.Amount `json:"totalTax"`
}

// FilingCurrency is the part of a filing view in one transaction currency.
type FilingCurrency struct {
	Currency     string        `json:"currency"`
	Transactions int           `json:"transactions"`
	States       []FilingState `json:"states"`
	// Total adds up the tax of the states; the amounts of a sale are in
	// the rows of each jurisdiction that taxes it, and are not added up.
	Total money.Amount `json:"totalTax"`
}

// FilingState is one state's (or province's, or country's) part of a
// filing view.
type FilingState struct {
	// State is the filing area's ID (jurisdiction.FilingArea): "US-CA",
	// "CA-ON", "DE".
	State string `json:"state"`
	// Name is the name of the state's own jurisdiction row, where it has
	// one.
	Name string      `json:"name,omitempty"`
	Rows []FilingRow `json:"rows"`
	// Total is the state's total: the tax of all its rows, and the
	// amounts of its own rows (those of the state's jurisdiction itself),
	// since every sale in the state is in them and adding up the rows of
	// its counties and cities would count a sale several times. A state
	// without a row of its own has the amounts of none, and so has one
	// whose AmountsApart.
	Total FilingAmounts `json:"total"`
	// AmountsApart says that the state's own rows are of more than one
	// imposition (Malaysia's sales tax and service tax): a sale is in
	// the rows of each, so the total adds up their tax and leaves the
	// amounts out (zero; blank in the text), which each row has.
	AmountsApart bool `json:"amountsApart,omitempty"`
}

// FilingRow is one jurisdiction's line of a filing view: one imposition,
// collected from one party.
type FilingRow struct {
	JurisdictionID   string `json:"jurisdictionId"`
	JurisdictionName string `json:"jurisdictionName,omitempty"`
	JurisdictionType string `json:"jurisdictionType,omitempty"`
	Imposition       string `json:"imposition,omitempty"`
	CollectedFrom    string `json:"collectedFrom,omitempty"`
	FilingAmounts
	// Transactions counts the transactions with a tax of the row.
	Transactions int `json:"transactions"`
}

// FilingAmounts are the columns of a filing row or a state's total.
type FilingAmounts struct {
	// Taxable is the taxable amount where the seller collects (or the
	// buyer accrues) the tax.
	Taxable    money.Amount `json:"taxable"`
	Exempt     money.Amount `json:"exempt"`
	NonTaxable money.Amount `json:"nonTaxable"`
	// NoNexus is the taxable amount of sales where the seller is not
	// registered: no return reports it; it shows where sales go.
	NoNexus money.Amount `json:"noNexus"`
	Tax     money.Amount `json:"tax"`
}

// add adds the amounts of a summary row.
func (f *FilingAmounts) add(r *SummaryRow) {
	if r.ZeroTaxReason == ReasonNoNexus {
		f.NoNexus = f.NoNexus.Add(r.Taxable)
	} else {
		f.Taxable = f.Taxable.Add(r.Taxable)
	}
	f.Exempt, f.NonTaxable, f.Tax = f.Exempt.Add(r.Exempt), f.NonTaxable.Add(r.NonTaxable), f.Tax.Add(r.Tax)
}

// plus returns f and g added up.
func (f FilingAmounts) plus(g FilingAmounts) FilingAmounts {
	return FilingAmounts{Taxable: f.Taxable.Add(g.Taxable), Exempt: f.Exempt.Add(g.Exempt), NonTaxable: f.NonTaxable.Add(g.NonTaxable),
		NoNexus: f.NoNexus.Add(g.NoNexus), Tax: f.Tax.Add(g.Tax)}
}

// zeroFiling is FilingAmounts of zeros, which print as 0 rather than as
// an empty amount.
func zeroFiling() FilingAmounts {
	z := money.Zero()
	return FilingAmounts{Taxable: z, Exempt: z, NonTaxable: z, NoNexus: z, Tax: z}
}

// FilingView returns the report arranged for filing. States are ordered by
// ID, and within a state the state's own rows come first, then the rest
// by jurisdiction ID, imposition and party. A row's transactions are the
// most of its summary rows' (a transaction may be in several, one per
// reason): the count is at least that, at most their sum. Withheld taxes
// are left out: they go on returns of their own, and the remittance
// report has them; so is the tax that vendors charged the tenant on its
// purchases (SummaryRow.PaidToVendor), which the vendors file.
func (r *Report) FilingView() *FilingView {
	f := &FilingView{Tenant: r.Tenant, Company: r.Company, From: r.From, To: r.To, Transactions: r.Transactions, Currencies: []FilingCurrency{}}
	for _, c := range r.Companies {
		fc := FilingCompany{Company: c.Company, Currency: c.Currency, Transactions: c.Transactions, States: []StateTax{}, Total: money.Zero()}
		for _, st := range c.FilingStates {
			fc.States = append(fc.States, st)
			fc.Total = fc.Total.Add(st.Tax)
		}
		f.Companies = append(f.Companies, fc)
	}
	type rowKey struct{ id, imposition, from string }
	for _, c := range r.Currencies {
		fc := FilingCurrency{Currency: c.Currency, Transactions: c.Transactions, States: []FilingState{}, Total: money.Zero()}
		states := map[string]*FilingState{}
		rows := map[rowKey]*FilingRow{}
		var order []rowKey
		for i := range c.Rows {
			sr := &c.Rows[i]
			if sr.Withheld != "" || sr.PaidToVendor {
				continue
			}
			k := rowKey{sr.JurisdictionID, sr.Imposition, sr.CollectedFrom}
			row := rows[k]
			if row == nil {
				row = &FilingRow{JurisdictionID: sr.JurisdictionID, JurisdictionName: sr.JurisdictionName, JurisdictionType: sr.JurisdictionType,
					Imposition: sr.Imposition, CollectedFrom: sr.CollectedFrom, FilingAmounts: zeroFiling()}
				rows[k] = row
				order = append(order, k)
			}
			row.add(sr)
			row.Transactions = max(row.Transactions, sr.Transactions)
		}
		for _, k := range order {
			row := rows[k]
			area := jurisdiction.FilingArea(row.JurisdictionID)
			st := states[area]
			if st == nil {
				st = &FilingState{State: area, Total: zeroFiling()}
				states[area] = st
			}
			if row.JurisdictionID == area && st.Name == "" {
				st.Name = row.JurisdictionName
			}
			st.Rows = append(st.Rows, *row)
			if row.JurisdictionID == area {
				t := st.Total.plus(row.FilingAmounts)
				t.Tax = st.Total.Tax
				st.Total = t
			}
			st.Total.Tax = st.Total.Tax.Add(row.Tax)
		}
		for _, st := range states {
			if ownImpositions(st) > 1 {
				tax := st.Total.Tax
				st.Total, st.AmountsApart = zeroFiling(), true
				st.Total.Tax = tax
			}
			slices.SortStableFunc(st.Rows, func(a, b FilingRow) int {
				aOwn, bOwn := a.JurisdictionID == st.State, b.JurisdictionID == st.State
				if aOwn != bOwn {
					if aOwn {
						return -1
					}
					return 1
				}
				return cmp.Or(cmp.Compare(a.JurisdictionID, b.JurisdictionID), cmp.Compare(a.Imposition, b.Imposition),
					cmp.Compare(a.CollectedFrom, b.CollectedFrom))
			})
			fc.States = append(fc.States, *st)
			fc.Total = fc.Total.Add(st.Total.Tax)
		}
		slices.SortFunc(fc.States, func(a, b FilingState) int { return cmp.Compare(a.State, b.State) })
		f.Currencies = append(f.Currencies, fc)
	}
	return f
}

// ownImpositions counts the impositions of the rows of st's own
// jurisdiction.
func ownImpositions(st *FilingState) int {
	var seen []string
	for _, r := range st.Rows {
		if r.JurisdictionID == st.State && !slices.Contains(seen, r.Imposition) {
			seen = append(seen, r.Imposition)
		}
	}
	return len(seen)
}
