package engine

import (
	"cmp"
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/taxarea"
	"github.com/levytax/levy/wire"
)

// WithJournal makes the engine store the calculations that the wire
// format marks as stored in j, and enables the transaction operations
// (DeleteTransaction, ReverseTransaction, RollbackTransaction,
// TransactionExists). It applies to New; Reload keeps the journal the
// engine was built with. The engine does not close j. Without a journal
// (or with a nil j) the engine calculates the stored kinds all the same
// and stores nothing: an INVOICE answers as it would once stored, with the
// request's transaction ID, and the transaction operations fail as
// levy.EInternal ("this engine has no tax journal"), a fault of the host's
// configuration that no retry mends.
func WithJournal(j journal.Store) Option { return func(c *config) { c.journal = j } }

// storedKinds are the message types whose calculations go into the
// journal, by perspective. Estimates (QUOTATION, PURCHASE_ORDER,
// INVOICE_VERIFICATION) and CONDITIONAL_PROCUREMENT, which decides an
// action rather than booking tax, are never stored.
var storedKinds = map[string]map[string]bool{
	"SELLER": {"INVOICE": true, "DISTRIBUTE_TAX": true, "ARBILLING_SYNC": true},
	"BUYER":  {"ACCRUAL": true, "DISTRIBUTE_TAX": true, "ERS": true, "APINVOICE_SYNC": true, "ACCRUAL_SYNC": true},
	"OWNER":  {"INVENTORY_REMOVAL": true, "ASSET_MOVEMENT": true},
}

// isStored reports whether a calculation of this kind is stored, given
// the request's postToJournal (absent means yes).
func isStored(perspective, message string, postToJournal *bool) bool {
	return storedKinds[perspective][message] && (postToJournal == nil || *postToJournal)
}

// posting is what a stored calculation hands to the journal besides its
// lines.
type posting struct {
	// sale, for a sale, is its request, and vat, prof and countries
	// what the calculation read, from which newTransaction takes what a
	// stored sale keeps for its e-invoice (saleEInvoice). They are not a
	// closure, which would be allocated for every calculation, stored or
	// not.
	sale      *wire.SaleRequest
	vat       *jurisdiction.VATGeography
	prof      *profile.Snapshot
	countries *taxarea.Resolver

	perspective, message string
	transactionID        string
	documentNumber       string
	documentDate         civil.Date
	postingDate          civil.Date
	currency             *wire.Currency
	taxOnly              bool
	subTotal, totalTax   money.Amount
	total                money.Amount
	// documentCharge is an accrual sync's document-level chargedTax that
	// its lines shared (journal.Transaction.DocumentCharge).
	documentCharge money.Amount
	// company is the company code of the tenant's party: the seller's on
	// a sale, the buyer's on a purchase, the owner's on the owner's kinds
	// (the sales figures count it on sales only). marketplace is a sale's
	// marketplaceFacilitated; tree is the calculated lines, whose leaves
	// give each journal line its places (a sale's only).
	company     string
	marketplace bool
	tree        []lineIn
	date        civil.Date
	// factors are a sale's conversion factors from the document's
	// currency into the currencies of the sales figures (figureFactors),
	// which every journal line of the sale keeps (journal.Line.Factors,
	// one slice shared by the lines, which nothing changes).
	factors []journal.Factor
	// profileVersion is the version of the tenant's profile that the
	// calculation read (calc.profileVersion).
	profileVersion uint64
}

// profileVersion returns the version of the tenant's profile that the
// calculation reads, zero when it reads none (the engine applies no
// profiles).
func (c *calc) profileVersion() uint64 {
	if c.prof == nil {
		return 0
	}
	return c.prof.Version()
}

// newTransaction returns the journal transaction of a stored
// calculation, under the request's transaction ID or a generated one
// when it sent none.
func newTransaction(p posting, lines []journal.Line) (*journal.Transaction, error) {
	id := p.transactionID
	if id == "" {
		var err error
		if id, err = newTransactionID(); err != nil {
			return nil, err
		}
	}
	tx := &journal.Transaction{
		TransactionID: id, Perspective: p.perspective, MessageType: p.message,
		DocumentNumber: p.documentNumber, DocumentDate: p.documentDate, PostingDate: p.postingDate,
		TaxOnly: p.taxOnly, Sync: strings.HasSuffix(p.message, "_SYNC"),
		SubTotal: p.subTotal, TotalTax: p.totalTax, Total: p.total, Lines: lines,
		Company: p.company, Marketplace: p.marketplace, ProfileVersion: p.profileVersion,
		DocumentCharge: p.documentCharge,
	}
	if leaves := leafLines(p.tree, nil); len(leaves) == len(lines) {
		for i, l := range leaves {
			placeLine(&lines[i], l, p.date)
			if l != nil && p.perspective == "SELLER" && l.seller.company != p.company {
				// A line's own seller: its sales are that company's, and
				// one without a company code is company "", whose
				// registrations and EU distance sales decided its tax.
				lines[i].Company = l.seller.company
				lines[i].NoCompany = l.seller.company == ""
			}
		}
	}
	if len(p.factors) > 0 {
		for i := range lines {
			lines[i].Factors = p.factors
		}
	}
	if tx.PostingDate.IsZero() {
		tx.PostingDate = p.documentDate
	}
	if p.currency != nil {
		tx.Currency = p.currency.ISOCurrencyCodeAlpha
	}
	if p.sale != nil {
		saleEInvoice(p.vat, p.countries, p.prof, p.sale, p.tree).fill(tx)
	}
	return tx, nil
}

// figureFactors returns the request's conversion factors from the
// document's currency into the currencies the sales figures are kept in
// (journal.FigureCurrencies), the first for each as the company code
// amounts and the price thresholds read them (companyFactor): a sale in
// euros into Texas counts in the figures at the factor that converts
// its thresholds, when no tax of the line converts its filing amounts
// into US dollars. Nil when the request sends none.
func (c *calc) figureFactors() []journal.Factor {
	var out []journal.Factor
	for _, cur := range journal.FigureCurrencies {
		if cur == c.d.currency.Alpha {
			continue
		}
		if i := c.companyFactor(c.d.currency.Alpha, cur); i >= 0 {
			out = append(out, journal.Factor{Currency: cur, Rate: *c.d.factors[i].ConversionFactor})
		}
	}
	return out
}

// leafLines appends to out the calculated lines of the lines the journal
// keeps, in the order in which journalLines flattens the response lines:
// a parent's own line (ownLine) before its children's.
func leafLines(tree []lineIn, out []*line) []*line {
	for i := range tree {
		if len(tree[i].children) > 0 {
			if l := tree[i].leaf; l != nil {
				out = append(out, l)
			}
			out = leafLines(tree[i].children, out)
			continue
		}
		out = append(out, tree[i].leaf)
	}
	return out
}

// placeLine records on a journal line where its calculated line l goes
// from and to, and whether it is an EU distance sale on date: goods or
// electronic services sold to a consumer in another member state (the
// sales that the EU's distance-sales threshold counts).
func placeLine(j *journal.Line, l *line, date civil.Date) {
	if l == nil {
		return
	}
	orig, dest := firstPlace(l.origin, l.adminOrigin), firstPlace(l.dest, l.adminDest)
	j.Origin, j.Destination = placeID(orig), placeID(dest)
	j.EUDistanceSale = euDistanceLine(l, date)
}

// placeID is how the journal names a place: its US state or Canadian
// province ("US-TX"), else its country.
func placeID(p *place) string {
	switch {
	case p == nil:
		return ""
	case (p.country == "US" || p.country == "CA") && len(p.subdivision) == 5:
		return p.subdivision
	}
	return p.country
}

// newTransactionID returns a random transaction ID for a stored
// calculation that came without one.
func newTransactionID() (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("engine: generating a transaction ID: %w", err)
	}
	return hex.EncodeToString(b[:]), nil
}

// record handles the journal's part of a calculation whose response
// lines view describes, and returns the transaction ID of the response.
// A calculation whose kind is not stored (or whose postToJournal is
// false) keeps the request's ID and has no transaction. Otherwise, with
// prepare, record returns the transaction the calculation would store,
// checked as the journal would check it for the context's tenant, and
// stores nothing; without prepare it stores the transaction in the
// engine's journal, when it has one.
func record[R any](ctx context.Context, e *Engine, p posting, postToJournal *bool, lines []R, view func(*R) (lineView, []R), prepare bool) (string, *journal.Transaction, error) {
	if !isStored(p.perspective, p.message, postToJournal) || !prepare && e.journal == nil {
		return p.transactionID, nil, nil
	}
	tx, err := newTransaction(p, journalLines(lines, view))
	if err != nil {
		return "", nil, err
	}
	if prepare {
		if err := journal.CheckPost(levy.Tenant(ctx), tx); err != nil {
			return "", nil, fmt.Errorf("engine: transaction %s: %w", tx.TransactionID, err)
		}
		return tx.TransactionID, tx, nil
	}
	// A tenant that no credential may carry (levy.CheckTenant) is
	// refused, as batch.Config.Tenant is: what it stored no caller of
	// the API could read.
	if err := levy.CheckTenant(levy.Tenant(ctx)); err != nil {
		return "", nil, err
	}
	if _, err := e.journal.Post(ctx, levy.Tenant(ctx), tx); err != nil {
		return "", nil, fmt.Errorf("engine: storing transaction %s: %w", tx.TransactionID, err)
	}
	return tx.TransactionID, nil, nil
}

func saleLineView(r *wire.SaleResponseLineItem) (lineView, []wire.SaleResponseLineItem) {
	v := lineView{id: r.LineItemID, number: r.LineItemNumber, sync: r.SyncType, net: r.ExtendedPrice, totalTax: r.TotalTax, taxes: r.Taxes, freight: r.Freight,
		locationCode: r.LocationCode}
	if r.Product != nil {
		v.class = r.Product.ProductClass
	}
	return v, r.LineItems
}

func purchaseLineView(r *wire.PurchaseResponseLineItem) (lineView, []wire.PurchaseResponseLineItem) {
	v := lineView{id: r.LineItemID, number: r.LineItemNumber, sync: r.SyncType, net: r.ExtendedPrice, totalTax: r.TotalTax, taxes: r.Taxes, freight: r.Freight,
		locationCode: r.LocationCode}
	if r.Purchase != nil {
		v.class = r.Purchase.PurchaseClass
	}
	return v, r.LineItems
}

func ownerLineView(r *wire.OwnerResponseLineItem) (lineView, []wire.OwnerResponseLineItem) {
	v := lineView{id: r.LineItemID, number: r.LineItemNumber, sync: r.SyncType, net: r.ExtendedPrice, totalTax: r.TotalTax, taxes: r.Taxes, freight: r.Freight,
		locationCode: r.LocationCode}
	if r.Purchase != nil {
		v.class = r.Purchase.PurchaseClass
	}
	return v, r.LineItems
}

// lineView is what the journal keeps of a response line of any
// perspective.
type lineView struct {
	id       string
	number   *int64
	class    string
	sync     wire.LineItemSyncType
	net      *money.Amount
	freight  *money.Amount
	totalTax money.Amount
	taxes    []wire.Tax
	// intrastat is what the line keeps for Intrastat (see intrastat.go).
	intrastat *journal.IntrastatLine
	// locationCode is the line's own locationCode, else its nearest
	// enclosing line's (journalLines); tenantLocation is the code that
	// the line takes without one (calc.filingLocation).
	locationCode, tenantLocation string
	// own says that a line with child lines has a calculated line of
	// its own (ownLine); ownTax is then that line's tax, totalTax being
	// its own and its children's.
	own    bool
	ownTax money.Amount
}

// journalLines flattens response lines to the lines the journal keeps:
// the leaves, and each parent that has a calculated line of its own
// (lineView.own), with its own amount and taxes, before its children;
// view describes one line and returns its children. The lines kept then
// add up to the response's totals.
func journalLines[R any](lines []R, view func(*R) (lineView, []R)) []journal.Line {
	var out []journal.Line
	var walk func([]R, string)
	walk = func(lines []R, enclosing string) {
		for i := range lines {
			v, kids := view(&lines[i])
			if v.locationCode == "" {
				v.locationCode = enclosing
			}
			if len(kids) > 0 {
				if v.own {
					v.totalTax = v.ownTax
					out = append(out, journalLine(&v))
				}
				walk(kids, v.locationCode)
				continue
			}
			out = append(out, journalLine(&v))
		}
	}
	walk(lines, "")
	return out
}

// journalLine is what the journal keeps of one response line.
func journalLine(v *lineView) journal.Line {
	l := journal.Line{LineItemID: v.id, ProductClass: v.class, SyncType: string(v.sync), TotalTax: v.totalTax, Intrastat: v.intrastat}
	l.LocationCode = cmp.Or(v.locationCode, v.tenantLocation)
	if v.number != nil {
		l.LineItemNumber = int(*v.number)
	}
	if v.net != nil {
		l.Amount = *v.net
	}
	if v.freight != nil {
		l.Freight = *v.freight
	}
	l.Taxes = make([]journal.Tax, len(v.taxes))
	for k := range v.taxes {
		l.Taxes[k] = journalTax(&v.taxes[k])
	}
	return l
}

// journalTax is what the journal keeps of a wire tax.
func journalTax(t *wire.Tax) journal.Tax {
	out := journal.Tax{TaxType: string(t.TaxType), TaxResult: string(t.TaxResult), Situs: string(t.Situs),
		CollectedFrom: string(t.TaxCollectedFromParty), Taxable: t.Taxable, Exempt: t.Exempt, NonTaxable: t.NonTaxable,
		Tax: t.CalculatedTax, Rate: t.EffectiveRate}
	if t.Jurisdiction != nil {
		out.JurisdictionID, out.JurisdictionName = t.Jurisdiction.JurisdictionID, t.Jurisdiction.Value
		out.JurisdictionType = t.Jurisdiction.JurisdictionType.String()
	}
	if t.Imposition != nil {
		out.Imposition = t.Imposition.Value
	}
	if t.ImpositionType != nil {
		out.ImpositionType, out.InformationOnly = t.ImpositionType.Value, t.ImpositionType.InformationOnly
		out.WithholdingType = t.ImpositionType.WithholdingType
		out.Withheld = out.WithholdingType != ""
	}
	if t.NominalRate != nil {
		out.Rate = *t.NominalRate
	}
	if t.CalculationRuleID != nil {
		out.RuleID = t.CalculationRuleID.Value
	}
	if t.CertificateNumber != nil {
		out.CertificateNumber = t.CertificateNumber.Value
	}
	if t.CreditRuleID != nil {
		out.CreditRuleID = t.CreditRuleID.Value
	}
	out.ReasonCode = t.ReasonCode
	if f := t.FilingCurrencyAmounts; f != nil && f.CurrencyConversion != nil && f.CurrencyConversion.Currency != nil {
		out.Filing = &journal.Filing{Currency: f.CurrencyConversion.Currency.ISOCurrencyCodeAlpha}
		if f.CurrencyConversion.Rate != nil {
			out.Filing.Rate = *f.CurrencyConversion.Rate
		}
		for _, a := range []struct {
			dst *money.Amount
			src *money.Amount
		}{{&out.Filing.Taxable, f.FilingTaxable}, {&out.Filing.Exempt, f.FilingExempt}, {&out.Filing.Tax, f.FilingCalculatedTax}} {
			if a.src != nil {
				*a.dst = *a.src
			}
		}
	}
	return out
}

// The wire's names of the transaction IDs of the operations on stored
// transactions, which errors carry in their Field: the path parameter
// of delete, reversal and rollback, the path parameter of the existence
// check, and the member of a reversal that names its own ID.
const (
	FieldID            = "id"
	FieldExistsID      = "transactionid"
	FieldReversalOwnID = "data.transactionId"
	// FieldReversalPostingDate is the member of a reversal that names the
	// date it counts for, and FieldReversalDocumentNumber the one that
	// names its document.
	FieldReversalPostingDate    = "data.postingDate"
	FieldReversalDocumentNumber = "data.documentNumber"
)

// journalFor returns the journal and checks the ID, the path parameter
// param, of an operation.
func (e *Engine) journalFor(param, id string) (journal.Store, error) {
	if e.current() == nil {
		return nil, notMade()
	}
	if e.journal == nil {
		return nil, &levy.Error{Code: levy.EInternal, Message: "this engine has no tax journal (see WithJournal)"}
	}
	return e.journal, wire.CheckTransactionIDParam(param, id)
}

// wireError names the fields of a journal's error as the wire does: the
// transaction operated on is the path parameter param, a reversal's own
// ID is FieldReversalOwnID, its posting date FieldReversalPostingDate and
// its document number FieldReversalDocumentNumber.
func wireError(err error, param string) error {
	err = levy.RenameField(err, journal.FieldTransactionID, param)
	err = levy.RenameField(err, journal.FieldReversalPostingDate, FieldReversalPostingDate)
	err = levy.RenameField(err, journal.FieldReversalDocumentNumber, FieldReversalDocumentNumber)
	return levy.RenameField(err, journal.FieldReversalID, FieldReversalOwnID)
}

// DeleteTransaction deletes the stored transaction id of the context's
// tenant: afterwards it does not exist. Its versions stay in the journal
// for audit.
func (e *Engine) DeleteTransaction(ctx context.Context, id string) error {
	j, err := e.journalFor(FieldID, id)
	if err != nil {
		return err
	}
	return wireError(j.Delete(ctx, levy.Tenant(ctx), id), FieldID)
}

// TransactionExists reports whether the context's tenant has a stored,
// not deleted, transaction id.
func (e *Engine) TransactionExists(ctx context.Context, id string) (bool, error) {
	j, err := e.journalFor(FieldExistsID, id)
	if err != nil {
		return false, err
	}
	found, err := j.Exists(ctx, levy.Tenant(ctx), id)
	return found, wireError(err, FieldExistsID)
}

// ReverseTransaction stores the reversal of transaction id: a second
// transaction whose taxability amounts are the original's negated.
func (e *Engine) ReverseTransaction(ctx context.Context, id string, r wire.ReversalRequest) (*wire.ReversalResponse, error) {
	j, err := e.journalFor(FieldID, id)
	if err != nil {
		return nil, err
	}
	if err := r.Validate(); err != nil {
		return nil, err
	}
	if r.PostingDate.IsZero() {
		r.PostingDate = e.current().today()
	}
	tx, err := j.Reverse(ctx, levy.Tenant(ctx), id, journal.Reversal{TransactionID: r.TransactionID, PostingDate: r.PostingDate, DocumentNumber: r.DocumentNumber})
	if err != nil {
		return nil, wireError(err, FieldID)
	}
	return &wire.ReversalResponse{TransactionID: tx.TransactionID, PostingDate: tx.PostingDate, DocumentNumber: tx.DocumentNumber}, nil
}

// RollbackTransaction returns transaction id to the version before the
// last ARBILLING_SYNC, APINVOICE_SYNC or ACCRUAL_SYNC changed it.
func (e *Engine) RollbackTransaction(ctx context.Context, id string) (*wire.RollbackResponse, error) {
	j, err := e.journalFor(FieldID, id)
	if err != nil {
		return nil, err
	}
	tx, err := j.Rollback(ctx, levy.Tenant(ctx), id)
	if err != nil {
		return nil, wireError(err, FieldID)
	}
	return &wire.RollbackResponse{TransactionID: tx.TransactionID, Version: tx.Version, RestoredVersion: tx.RollbackOf}, nil
}
