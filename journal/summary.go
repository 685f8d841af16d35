package journal

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// Report is the remittance report of a tenant's live transactions posted
// in a period: what is owed per jurisdiction, imposition and party that
// remits, in one section per transaction currency. Amounts are always in
// the currency of the transactions they come from, as the export writes
// them; where the engine also converted a tax to the filing currency of
// its jurisdiction (a location with a currency conversion), the row says
// so with the rate and the converted amounts, which are not added into
// any total.
type Report struct {
	Tenant string `json:"tenant"`
	// Company is the company code of a report of one company
	// (SummarizeCompany), "" for that of the transactions stored without
	// one; it is absent (nil) in a report of every company.
	Company *string `json:"company,omitempty"`
	// From and To are the first and last posting dates of the period,
	// absent where the period is open.
	From civil.Date `json:"from,omitzero"`
	To   civil.Date `json:"to,omitzero"`
	// Transactions counts the transactions of the period, with or without
	// taxes.
	Transactions int `json:"transactions"`
	// Currencies holds one section per transaction currency, ordered by
	// currency code.
	Currencies []CurrencyReport `json:"currencies"`
	// Companies are a report of every company's subtotals: one per
	// company code and transaction currency that the period has, ordered
	// by company code ("" first, for the transactions stored without one)
	// and currency. The subtotals of a currency add up to its section's
	// total. A report of one company has none.
	Companies []CompanyTotal `json:"companies,omitempty"`
}

// CompanyTotal is one company's part of a currency's section of a
// report: the transactions stored under its company code (the seller's
// on sales, the buyer's on purchases, the owner's on the owner's kinds).
type CompanyTotal struct {
	// Company is the company code, "" for the transactions stored without
	// one.
	Company  string `json:"company"`
	Currency string `json:"currency"`
	// Transactions counts the company's transactions in the currency.
	Transactions int `json:"transactions"`
	// Total adds up the company's transactions and taxes as the
	// section's total does.
	Total
	// FilingStates is the tax per state (or province, or country) of the
	// filing view (jurisdiction.FilingArea), which leaves out withheld
	// taxes and the tax that vendors charged, ordered by state.
	FilingStates []StateTax `json:"filingStates"`
}

// StateTax is the tax of one state (or province, or country).
type StateTax struct {
	State string       `json:"state"`
	Tax   money.Amount `json:"tax"`
}

// MaxCompanyLength is the most characters a company code has: the most
// that the wire format accepts in seller.company, buyer.company and
// owner.company.
const MaxCompanyLength = 40

// CheckCompany returns an EInvalid error about the field "company" when
// c is no company code that a calculation could have stored: longer than
// MaxCompanyLength characters, or not fit to be an identifier
// (wire.CheckIdentifier). "" is one: that of the transactions stored
// without a company code.
func CheckCompany(c string) error {
	if n := utf8.RuneCountInString(c); n > MaxCompanyLength {
		return levy.Invalid("company", "is %d characters long; a company code has at most %d", n, MaxCompanyLength)
	}
	return wire.CheckIdentifier("company", c)
}

// noCompany is how the text of a report names the transactions stored
// without a company code.
const noCompany = "(none)"

// CompanyName is how the text of a report names a company code: the
// code, or "(none)" for the transactions stored without one. A code that
// would read as another in a column of text is quoted with Go's escapes:
// one that is "(none)" itself, one with a space at either end (" EAST"
// is not "EAST"), and one holding a character that is not printable.
func CompanyName(code string) string {
	switch {
	case code == "":
		return noCompany
	case code == noCompany || strings.TrimSpace(code) != code:
		return strconv.Quote(code)
	}
	return Printable(code)
}

// Printable returns s as it is, or quoted with Go's escapes when it holds
// a character that is not printable (a control character, a line break,
// a bidirectional override), which a journal written before company
// codes were checked may hold and which must not reach a terminal as it
// is. Every text that prints a stored company code goes through it.
func Printable(s string) string {
	if strings.IndexFunc(s, func(r rune) bool { return !unicode.IsPrint(r) }) >= 0 {
		return strconv.Quote(s)
	}
	return s
}

// CurrencyReport is the part of a report in one transaction currency.
type CurrencyReport struct {
	// Currency is the ISO 4217 code of the section's transactions (empty
	// for transactions stored without one).
	Currency string `json:"currency"`
	// Transactions counts the section's transactions.
	Transactions int `json:"transactions"`
	// Rows are ordered by jurisdiction ID, imposition, the party the tax
	// is collected from and the zero-tax reason.
	Rows []SummaryRow `json:"rows"`
	// Total adds up the section.
	Total Total `json:"total"`
}

// Total adds up a currency's section of a report. The taxable, exempt
// and non-taxable amounts of the rows are not added up: a line taxed by
// a state, its county and its city is in three rows.
type Total struct {
	// SubTotal adds up the net amounts of the transactions, each once.
	SubTotal money.Amount `json:"subTotal"`
	// Tax adds up the tax of the rows: what the transactions owe.
	Tax money.Amount `json:"tax"`
}

// Amounts are the taxability amounts of a row or a total.
type Amounts struct {
	Taxable    money.Amount `json:"taxable"`
	Exempt     money.Amount `json:"exempt"`
	NonTaxable money.Amount `json:"nonTaxable"`
	Tax        money.Amount `json:"tax"`
}

// add adds the amounts of t to a.
func (a *Amounts) add(t *Tax) {
	a.Taxable, a.Exempt = a.Taxable.Add(t.Taxable), a.Exempt.Add(t.Exempt)
	a.NonTaxable, a.Tax = a.NonTaxable.Add(t.NonTaxable), a.Tax.Add(t.Tax)
}

// SummaryRow is what a tenant owes one jurisdiction for one imposition in
// a period, in one transaction currency, collected from one party, with
// the reason where the tax is zero.
type SummaryRow struct {
	JurisdictionID   string `json:"jurisdictionId"`
	JurisdictionName string `json:"jurisdictionName,omitempty"`
	JurisdictionType string `json:"jurisdictionType,omitempty"`
	Imposition       string `json:"imposition,omitempty"`
	// CollectedFrom is the party that pays the tax to the jurisdiction:
	// SELLER for collected tax, BUYER for accrued tax and reverse charges.
	CollectedFrom string `json:"collectedFrom,omitempty"`
	// ZeroTaxReason says why the row's taxes are zero; it is empty for
	// the taxes that are not. Taxes of one jurisdiction and imposition
	// with different reasons are different rows.
	ZeroTaxReason ZeroTaxReason `json:"zeroTaxReason,omitempty"`
	// Withheld marks the rows of withheld taxes (Tax.Withheld): on
	// purchases, WithheldByTenant, which the tenant owes; on sales and
	// the others, WithheldByCustomer, which the customer pays and the
	// total leaves out.
	Withheld Withholder `json:"withheld,omitempty"`
	// WithholdingType is the withholding type of a row of withheld
	// taxes (Tax.WithholdingType): withholdings of one jurisdiction and
	// imposition under different types (professional fees, rent) are
	// different rows, as each type is declared on its own. It is empty
	// on the other rows, and on those of withheld taxes stored without
	// a type.
	WithholdingType string `json:"withholdingType,omitempty"`
	// PaidToVendor marks the rows of the tax that the tenant's vendors
	// charge it on its purchases (a BUYER transaction's tax collected
	// from the SELLER: an invoice verification stored as APINVOICE_SYNC,
	// an ERS settlement, a distributed tax), as the engine calculated
	// it: an APINVOICE_SYNC stores the tax the vendor owes, not the
	// chargedTax it compares (docs/journal.md). The vendor remits that tax,
	// not the tenant (on VAT it is the tenant's input tax), so these rows
	// stay apart from the tenant's own collected tax of the same
	// jurisdiction and the total leaves them out.
	PaidToVendor bool `json:"paidToVendor,omitempty"`
	Amounts
	// Transactions counts the transactions with a tax of the row.
	Transactions int `json:"transactions"`
	// Conversions are the row's taxes that the engine also converted to a
	// filing currency, per filing currency and rate.
	Conversions []Conversion `json:"conversions,omitempty"`
}

// Conversion is the part of a row that the engine converted from the
// transaction currency to a filing currency at one rate: filing amount =
// amount × rate, each tax rounded to the filing currency. The amounts
// before conversion are in the row's transaction currency.
type Conversion struct {
	Currency string `json:"currency"`
	// Rate is zero for taxes stored before the journal kept the rate.
	Rate          money.Amount `json:"rate"`
	Taxable       money.Amount `json:"taxable"`
	Exempt        money.Amount `json:"exempt"`
	Tax           money.Amount `json:"tax"`
	FilingTaxable money.Amount `json:"filingTaxable"`
	FilingExempt  money.Amount `json:"filingExempt"`
	FilingTax     money.Amount `json:"filingTax"`
}

// InTotal reports whether the row's tax counts in the total tax of its
// report: all but the rows of the taxes the tenant's customers withheld
// and of those its vendors charged, which others remit.
func (r *SummaryRow) InTotal() bool { return inTotal(r.Withheld, r.PaidToVendor) }

// inTotal is SummaryRow.InTotal of a row's withholder and paid-to-vendor
// mark.
func inTotal(w Withholder, paidToVendor bool) bool { return w != WithheldByCustomer && !paidToVendor }

// Withholder says who withheld the taxes of a row of withheld taxes.
type Withholder string

// The withholders of a row.
const (
	// WithheldByTenant: the tenant bought, withheld the tax from what it
	// paid the seller, and owes it to the jurisdiction.
	WithheldByTenant Withholder = "BY_TENANT"
	// WithheldByCustomer: the tenant sold, and its customer withholds
	// the tax and pays it; the tenant owes none of it.
	WithheldByCustomer Withholder = "BY_CUSTOMER"
)

// withholder says who withheld t on a transaction of perspective p, ""
// for a tax that is not withheld.
func withholder(t *Tax, p string) Withholder {
	switch {
	case !t.Withheld:
		return ""
	case p == "BUYER":
		return WithheldByTenant
	}
	return WithheldByCustomer
}

// withholdingType is the withholding type of t when it is withheld,
// and "" when it is not: the key of its summary row.
func withholdingType(t *Tax) string {
	if !t.Withheld {
		return ""
	}
	return t.WithholdingType
}

// paidToVendor reports whether t, a tax of a transaction of perspective
// p, is one that a vendor charged the tenant on a purchase and remits
// itself: collected from the SELLER on a BUYER transaction, and not
// withheld (the tenant remits a tax it withholds).
func paidToVendor(t *Tax, p string) bool {
	return p == "BUYER" && t.CollectedFrom == "SELLER" && !t.Withheld
}

// boolOrder orders false before true.
func boolOrder(a, b bool) int {
	switch {
	case a == b:
		return 0
	case b:
		return -1
	}
	return 1
}

// ZeroTaxReason says why a tax is zero.
type ZeroTaxReason string

// The reasons of a zero tax, from the stored tax result, the credit
// applied, the party the tax is collected from, the rate and the amounts.
const (
	// ReasonNoNexus: the seller is not registered in the jurisdiction
	// (tax result NO_TAX).
	ReasonNoNexus ZeroTaxReason = "NO_NEXUS"
	// ReasonExempt: the sale is exempt (tax result EXEMPT).
	ReasonExempt ZeroTaxReason = "EXEMPT"
	// ReasonNonTaxable: the jurisdiction does not tax it (NONTAXABLE).
	ReasonNonTaxable ZeroTaxReason = "NONTAXABLE"
	// ReasonDirectPay: the buyer pays the authority under a direct pay
	// permit (DPPAPPLIED).
	ReasonDirectPay ZeroTaxReason = "DIRECT_PAY_PERMIT"
	// ReasonDeferred: the tax is deferred (DEFERRED).
	ReasonDeferred ZeroTaxReason = "DEFERRED"
	// ReasonNothingTaxable: taxable, but the taxable amount is zero.
	ReasonNothingTaxable ZeroTaxReason = "NOTHING_TAXABLE"
	// ReasonZeroRate: taxable at a rate of zero.
	ReasonZeroRate ZeroTaxReason = "ZERO_RATE"
	// ReasonReverseCharge: the buyer accounts for the tax (collected from
	// the BUYER, charged zero).
	ReasonReverseCharge ZeroTaxReason = "REVERSE_CHARGE"
	// ReasonCredited: tax paid elsewhere or to the vendor was credited
	// against the whole tax (Tax.CreditRuleID).
	ReasonCredited ZeroTaxReason = "CREDITED"
	// ReasonRounded: a taxable amount and a rate whose tax rounds to zero.
	ReasonRounded ZeroTaxReason = "ROUNDED_TO_ZERO"
)

// Text returns the reason in words, for people.
func (r ZeroTaxReason) Text() string {
	switch r {
	case "":
		return ""
	case ReasonNoNexus:
		return "no nexus: the seller is not registered there"
	case ReasonExempt:
		return "exempt"
	case ReasonNonTaxable:
		return "non-taxable"
	case ReasonDirectPay:
		return "direct pay permit: the buyer pays the authority"
	case ReasonDeferred:
		return "deferred"
	case ReasonNothingTaxable:
		return "nothing taxable"
	case ReasonZeroRate:
		return "zero rate"
	case ReasonReverseCharge:
		return "reverse charge: the buyer accounts for the tax"
	case ReasonCredited:
		return "credited: tax paid elsewhere or to the vendor covers it"
	case ReasonRounded:
		return "rounded to zero"
	}
	return string(r)
}

// RowOf returns the row of the remittance summary (Summarize) that sums
// the tax t of the transaction tx, in the section of tx.Currency, with
// its key only (jurisdiction, imposition, party, zero-tax reason,
// withholder and withholding type, vendor's tax) and no amounts; ok is false for an
// information-only tax, which no row sums.
func RowOf(tx *Transaction, t *Tax) (row SummaryRow, ok bool) {
	if t.InformationOnly {
		return row, false
	}
	return SummaryRow{JurisdictionID: t.JurisdictionID, JurisdictionName: t.JurisdictionName, JurisdictionType: t.JurisdictionType,
		Imposition: t.Imposition, CollectedFrom: t.CollectedFrom, ZeroTaxReason: zeroTaxReason(t),
		Withheld: withholder(t, tx.Perspective), WithholdingType: withholdingType(t), PaidToVendor: paidToVendor(t, tx.Perspective)}, true
}

// zeroTaxReason returns why t's tax is zero, or "" when it is not.
func zeroTaxReason(t *Tax) ZeroTaxReason {
	if !t.Tax.IsZero() {
		return ""
	}
	switch t.TaxResult {
	case "NO_TAX":
		return ReasonNoNexus
	case "EXEMPT":
		return ReasonExempt
	case "NONTAXABLE":
		return ReasonNonTaxable
	case "DPPAPPLIED":
		return ReasonDirectPay
	case "DEFERRED":
		return ReasonDeferred
	}
	switch {
	case t.CreditRuleID != "":
		// Before the credit the tax was not zero: a use tax credited
		// with the vendor's tax is no reverse charge, and a sale's tax
		// credited with tax paid elsewhere was not rounded away.
		return ReasonCredited
	case t.Taxable.IsZero():
		return ReasonNothingTaxable
	case t.Rate.IsZero():
		return ReasonZeroRate
	case t.CollectedFrom == "BUYER":
		return ReasonReverseCharge
	}
	return ReasonRounded
}

// Summarize returns the remittance report of a tenant's live
// transactions posted in [from, to] (a zero date leaves its end open).
// Reversals count with their negative amounts; information-only taxes
// are left out, as they are never remitted. Withheld taxes are rows of
// their own (SummaryRow.Withheld), one per withholding type; the totals count those the tenant
// withheld on its purchases and leave out those its customers withheld
// on its sales. The tax that vendors charged the tenant on its purchases
// is in rows of its own too (SummaryRow.PaidToVendor), which the totals
// leave out.
//
// The report is of every company of the tenant, with each company's
// subtotals (Report.Companies); SummarizeCompany reports on one.
func Summarize(ctx context.Context, s Store, tenant string, from, to civil.Date) (*Report, error) {
	return summarize(ctx, s, tenant, from, to, nil)
}

// SummarizeCompany is Summarize for the transactions of one company code
// only (Transaction.Company: the seller's on sales, the buyer's on
// purchases, the owner's on the owner's kinds); company "" selects the
// transactions stored without one. The report names the company
// (Report.Company) and has no subtotals per company.
func SummarizeCompany(ctx context.Context, s Store, tenant, company string, from, to civil.Date) (*Report, error) {
	return summarize(ctx, s, tenant, from, to, &company)
}

// summarize is Summarize of the transactions of *company, or of every
// company when company is nil.
func summarize(ctx context.Context, s Store, tenant string, from, to civil.Date, company *string) (*Report, error) {
	if err := needStore(s); err != nil {
		return nil, err
	}
	type rowKey struct {
		cur, jur, imp, from string
		reason              ZeroTaxReason
		withheld            Withholder
		withholdingType     string
		vendor              bool
	}
	type convKey struct {
		row       rowKey
		cur, rate string
	}
	type companyKey struct{ company, cur string }
	type stateKey struct {
		companyKey
		state string
	}
	rep := &Report{Tenant: tenant, Company: company, From: from, To: to, Currencies: []CurrencyReport{}}
	sections := map[string]*CurrencyReport{}
	rows := map[rowKey]*SummaryRow{}
	convs := map[convKey]*Conversion{}
	companies := map[companyKey]*CompanyTotal{}
	states := map[stateKey]money.Amount{}
	err := s.Scan(ctx, tenant, from, to, func(tx *Transaction) error {
		if company != nil && tx.Company != *company {
			return nil
		}
		rep.Transactions++
		ck := companyKey{tx.Company, tx.Currency}
		ct := companies[ck]
		if ct == nil {
			ct = &CompanyTotal{Company: tx.Company, Currency: tx.Currency}
			companies[ck] = ct
		}
		ct.Transactions++
		ct.SubTotal = ct.SubTotal.Add(tx.SubTotal)
		sec := sections[tx.Currency]
		if sec == nil {
			sec = &CurrencyReport{Currency: tx.Currency}
			sections[tx.Currency] = sec
		}
		sec.Transactions++
		sec.Total.SubTotal = sec.Total.SubTotal.Add(tx.SubTotal)
		seen := map[rowKey]bool{}
		for _, l := range tx.Lines {
			for i := range l.Taxes {
				t := &l.Taxes[i]
				if t.InformationOnly {
					continue
				}
				k := rowKey{tx.Currency, t.JurisdictionID, t.Imposition, t.CollectedFrom, zeroTaxReason(t), withholder(t, tx.Perspective),
					withholdingType(t), paidToVendor(t, tx.Perspective)}
				r := rows[k]
				if r == nil {
					r = &SummaryRow{JurisdictionID: t.JurisdictionID, JurisdictionName: t.JurisdictionName,
						JurisdictionType: t.JurisdictionType, Imposition: t.Imposition, CollectedFrom: t.CollectedFrom,
						ZeroTaxReason: k.reason, Withheld: k.withheld, WithholdingType: k.withholdingType, PaidToVendor: k.vendor}
					rows[k] = r
				}
				r.add(t)
				if inTotal(k.withheld, k.vendor) {
					sec.Total.Tax = sec.Total.Tax.Add(t.Tax)
					ct.Tax = ct.Tax.Add(t.Tax)
				}
				if company == nil && k.withheld == "" && !k.vendor { // the subtotals of a report of every company
					sk := stateKey{ck, jurisdiction.FilingArea(t.JurisdictionID)}
					states[sk] = states[sk].Add(t.Tax)
				}
				if !seen[k] {
					seen[k] = true
					r.Transactions++
				}
				if f := t.Filing; f != nil && f.Currency != "" && f.Currency != tx.Currency {
					ck := convKey{k, f.Currency, f.Rate.Decimal().String()}
					c := convs[ck]
					if c == nil {
						c = &Conversion{Currency: f.Currency, Rate: f.Rate}
						convs[ck] = c
					}
					c.Taxable, c.Exempt, c.Tax = c.Taxable.Add(t.Taxable), c.Exempt.Add(t.Exempt), c.Tax.Add(t.Tax)
					c.FilingTaxable, c.FilingExempt = c.FilingTaxable.Add(f.Taxable), c.FilingExempt.Add(f.Exempt)
					c.FilingTax = c.FilingTax.Add(f.Tax)
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("journal: summary of %s: %w", tenant, err)
	}
	for ck, c := range convs {
		r := rows[ck.row]
		r.Conversions = append(r.Conversions, *c)
	}
	for k, r := range rows {
		slices.SortFunc(r.Conversions, func(a, b Conversion) int {
			return cmp.Or(cmp.Compare(a.Currency, b.Currency), a.Rate.Cmp(b.Rate))
		})
		sec := sections[k.cur]
		sec.Rows = append(sec.Rows, *r)
	}
	for _, sec := range sections {
		slices.SortFunc(sec.Rows, func(a, b SummaryRow) int {
			return cmp.Or(cmp.Compare(a.JurisdictionID, b.JurisdictionID), cmp.Compare(a.Imposition, b.Imposition),
				cmp.Compare(a.CollectedFrom, b.CollectedFrom), cmp.Compare(a.ZeroTaxReason, b.ZeroTaxReason), cmp.Compare(a.Withheld, b.Withheld),
				cmp.Compare(a.WithholdingType, b.WithholdingType), boolOrder(a.PaidToVendor, b.PaidToVendor))
		})
		if sec.Rows == nil {
			sec.Rows = []SummaryRow{}
		}
		rep.Currencies = append(rep.Currencies, *sec)
	}
	slices.SortFunc(rep.Currencies, func(a, b CurrencyReport) int { return cmp.Compare(a.Currency, b.Currency) })
	if company == nil {
		for sk, tax := range states {
			ct := companies[sk.companyKey]
			ct.FilingStates = append(ct.FilingStates, StateTax{State: sk.state, Tax: tax})
		}
		for _, ct := range companies {
			slices.SortFunc(ct.FilingStates, func(a, b StateTax) int { return cmp.Compare(a.State, b.State) })
			if ct.FilingStates == nil {
				ct.FilingStates = []StateTax{}
			}
			rep.Companies = append(rep.Companies, *ct)
		}
		slices.SortFunc(rep.Companies, func(a, b CompanyTotal) int {
			return cmp.Or(cmp.Compare(a.Company, b.Company), cmp.Compare(a.Currency, b.Currency))
		})
	}
	return rep, nil
}
