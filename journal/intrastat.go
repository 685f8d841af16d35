package journal

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/csvout"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/money"
)

// IntrastatLine is what a stored line keeps for the EU's Intrastat
// declarations: the line's Intrastat members as the request sent them
// (checked on the kinds that are stored), the countries the goods leave
// and reach, and the partner's VAT number. The engine keeps it for every
// line that sends an Intrastat member or whose goods move between two
// member states; a line stored before the journal kept it has none.
type IntrastatLine struct {
	// Dispatch and Arrival are the ISO 3166 alpha-2 codes of the
	// countries the goods leave (the seller's or owner's origin) and
	// reach (the customer's, buyer's or owner's destination); XI is
	// Northern Ireland's from 2021, where goods follow the EU's rules
	// under the Windsor Framework (jurisdiction.EUGoodsMember).
	Dispatch string `json:"dispatch,omitempty"`
	Arrival  string `json:"arrival,omitempty"`
	// OutsideVATArea says that one end lies in a VAT special territory
	// outside the EU's VAT area (the Canary Islands, Martinique): the
	// goods are exported or imported, declared to customs, and no
	// Intrastat declaration counts the line, whatever its countries.
	OutsideVATArea bool `json:"outsideVatArea,omitempty"`
	// PartnerVAT is the VAT number of the acquirer in the country of
	// arrival (the customer's, buyer's or owner's registration there,
	// normalised), which a dispatch declares.
	PartnerVAT string `json:"partnerVatNumber,omitempty"`
	// DispatcherVAT is the VAT number of the party in the country of
	// dispatch (the seller's, vendor's or owner's registration there,
	// normalised): the partner's number of goods that go back, which a
	// buyer's return to its vendor declares among its dispatches.
	DispatcherVAT string `json:"dispatcherVatNumber,omitempty"`
	// Services marks a line of a service class: its movement is not one
	// of goods unless it names a CN8 code.
	Services bool `json:"services,omitempty"`
	// CommodityCode is the CN8 code (intrastatCommodityCode).
	CommodityCode string `json:"commodityCode,omitempty"`
	// CountryOfOrigin is the alpha-2 code of the goods' country of origin
	// (countryOfOriginISOCode, sent as alpha-3).
	CountryOfOrigin     string `json:"countryOfOrigin,omitempty"`
	NatureOfTransaction int    `json:"natureOfTransaction,omitempty"`
	ModeOfTransport     int    `json:"modeOfTransport,omitempty"`
	ExportProcedure     string `json:"exportProcedure,omitempty"`
	// NetMass is the net mass in kilograms, 0 when not sent.
	NetMass int64 `json:"netMassKilograms,omitempty"`
	// SupplementaryUnit is the unit's code ("PST"), SupplementaryQuantity
	// the quantity in it.
	SupplementaryUnit     string       `json:"supplementaryUnit,omitempty"`
	SupplementaryQuantity money.Amount `json:"supplementaryQuantity,omitzero"`
	// StatisticalValue is the statistical value sent, in
	// StatisticalCurrency (the document's when the request names none);
	// HasStatistical says one was sent.
	StatisticalValue    money.Amount `json:"statisticalValue,omitzero"`
	StatisticalCurrency string       `json:"statisticalCurrency,omitempty"`
	HasStatistical      bool         `json:"hasStatisticalValue,omitempty"`
}

// The flows of an Intrastat declaration.
const (
	// Dispatches are the goods that leave the declaring member state
	// for another.
	Dispatches = "dispatch"
	// Arrivals are the goods that reach it from another.
	Arrivals = "arrival"
)

// IntrastatCodes are the code lists an Intrastat declaration is checked
// against (the dataset's, data.Intrastat).
type IntrastatCodes interface {
	// CN8 reports whether code is a CN8 code of the year's Combined
	// Nomenclature, and the supplementary unit it requires ("" for none).
	CN8(code string) (unit string, ok bool)
	// NatureOfTransaction reports whether code is a 2022 code.
	NatureOfTransaction(code int) (string, bool)
	// TransportMode reports whether code is a mode of transport code.
	TransportMode(code int) (string, bool)
	// Year is the year of the Combined Nomenclature.
	Year() int
}

// IntrastatQuery asks for the declaration of a member state for a
// period: its From and To posting dates (inclusive; a calendar month, as
// a declaration is filed, or several months of one year, which are added
// up as one),
// MemberState (alpha-2, "DE"; XI for a Northern Irish trader's
// declaration to HMRC from 2021), Flow (Dispatches or Arrivals) and
// Currency, that of the declaration's values (when empty, the member
// state's on From: EUR in the euro area, PLN for Poland, GBP for
// Northern Ireland; see declarationCurrency).
type IntrastatQuery struct {
	From, To    civil.Date
	MemberState string
	Flow        string
	Currency    string
	// Company, when CompanyGiven, is the company code whose goods are
	// declared ("" for the transactions stored without one): each
	// company, a VAT registration of its own, declares its own goods.
	// Without it, the lines of the flow must all be of one company code.
	Company      string
	CompanyGiven bool
	// WholeEuros rounds each item's invoiced and statistical values half
	// up to whole units of the declaration's currency (euros, or zloty
	// for a declaration in PLN, ...) once its lines are added up, as
	// several national portals (Germany's, Malta's) take them; without
	// it they are rounded to the cent.
	WholeEuros bool
}

// IntrastatDeclaration is the Intrastat declaration of a tenant's stored
// transactions: the lines aggregated as the declaration requires, and
// the stored lines it could not declare, each with the reason.
type IntrastatDeclaration struct {
	Tenant      string     `json:"tenant"`
	MemberState string     `json:"memberState"`
	Flow        string     `json:"flow"`
	From        civil.Date `json:"from"`
	To          civil.Date `json:"to"`
	Currency    string     `json:"currency"`
	// Company is the company code whose goods are declared, when the
	// query named one or the lines of the flow are all of one ("" for
	// those stored without a code); absent when no line is of the flow.
	Company *string `json:"company,omitempty"`
	// CNYear is the year of the Combined Nomenclature the codes were
	// checked against.
	CNYear int `json:"combinedNomenclature"`
	// WholeEuros says that the items' values are rounded to whole units
	// of Currency, as the query asked (IntrastatQuery.WholeEuros).
	WholeEuros bool `json:"wholeEuros,omitempty"`
	// Items are the declaration's lines, ordered by CN8 code, partner
	// country, country of origin, nature of transaction, mode of
	// transport and partner VAT number.
	Items []IntrastatItem `json:"items"`
	// Refused are the stored lines of the flow that can not be declared.
	Refused []IntrastatRefusal `json:"refused"`
}

// IntrastatItem is a line of a declaration: the stored lines that share
// its CN8 code, partner country, country of origin, nature of
// transaction, mode of transport and (for dispatches) partner VAT
// number, added up.
type IntrastatItem struct {
	CommodityCode       string `json:"commodityCode"`
	PartnerCountry      string `json:"partnerCountry"`
	CountryOfOrigin     string `json:"countryOfOrigin"`
	NatureOfTransaction int    `json:"natureOfTransaction"`
	ModeOfTransport     int    `json:"modeOfTransport,omitempty"`
	PartnerVAT          string `json:"partnerVatNumber,omitempty"`
	NetMass             int64  `json:"netMassKilograms"`
	// SupplementaryUnit is the unit the CN8 code requires, "" for none.
	SupplementaryUnit     string       `json:"supplementaryUnit,omitempty"`
	SupplementaryQuantity money.Amount `json:"supplementaryQuantity,omitzero"`
	// InvoicedValue and StatisticalValue are rounded to the cent (half
	// up) once the item's lines are added up, or to whole units of the
	// currency when the query asks for whole euros.
	InvoicedValue    money.Amount `json:"invoicedValue"`
	StatisticalValue money.Amount `json:"statisticalValue"`
	// Lines counts the stored lines added up, less those a reversal
	// in the period took back out.
	Lines int `json:"lines"`
}

// IntrastatRefusal is a stored line a declaration could not declare.
type IntrastatRefusal struct {
	TransactionID string `json:"transactionId"`
	// Line is the line's place in the stored transaction, from 1; its
	// LineItemID and LineItemNumber are the host's.
	Line           int    `json:"line"`
	LineItemID     string `json:"lineItemId,omitempty"`
	LineItemNumber int    `json:"lineItemNumber,omitempty"`
	Reason         string `json:"reason"`
}

// Intrastat returns the Intrastat declaration of a tenant's live
// transactions posted in the query's period, for one member state and
// flow, of one company code: the query's, or the one all the lines of
// the flow are of, a line's being its own seller's code, else its
// transaction's (the query is refused, naming company, when they are of
// several, as each company declares its own goods). A stored line belongs to the dispatches of a member state when
// its goods leave it for another member state, to its arrivals when
// they reach it from one (both member states on the line's posting
// date; Northern Ireland is the member state XI from 2021, under the
// Windsor Framework); the tenant dispatches the goods of its sales and receives
// those of its purchases (a transaction of the SELLER perspective is
// declared among dispatches only, of the BUYER perspective among
// arrivals only, of the OWNER perspective, its own goods moved, in
// both). Returns are the exception: a line of a SELLER transaction
// below zero of nature of transaction 21 (return of goods; isReturn) is
// declared among the arrivals of the member state it left (the line's
// country of dispatch), from the member state it reached, and such a
// line of a BUYER transaction (goods sent back to the vendor) among the
// dispatches of the member state it reached (the line's country of
// arrival), to the one it left, with the vendor's VAT number there
// (DispatcherVAT) as the partner's; either with nature 21 and its values
// above zero, and not in the other flow. A line of an OWNER transaction
// below zero, whatever its nature, is the owner's goods brought back
// (see owners' goods brought back, by isReturn): declared in both flows
// the other way, among the arrivals of the member state it left, from the
// one it reached, and the dispatches of the one it reached, to the one it
// left, with the owner's own VAT number there (DispatcherVAT), its values
// above zero and the nature it sends (31 for goods brought back from the
// owner's warehouse). A return's reversal takes it back like any
// reversal. Lines of services are left out unless they
// name a CN8 code, and a tax-only adjustment (TaxOnly), which moves no
// goods, is left out whole.
// Each line is declared with its CN8 code, partner member state (of
// arrival for dispatches, of dispatch for arrivals; a return's is the
// other), country of origin,
// nature of transaction, mode of transport, net mass, supplementary
// quantity in the unit its code requires, invoiced value (the line's net
// amount with its freight: intrastatInvoiced) and statistical value (the
// one sent, else the invoiced value),
// and for dispatches the partner's VAT number (none for a sale to a
// consumer, nature of transaction 12); lines that share the first five
// (and the VAT number) are added up, and each item's values are rounded
// half up to the cent once added up (to whole units of the currency
// with WholeEuros). The period lies in the year of the codes'
// Combined Nomenclature (the query is refused otherwise, naming from or
// to). A reversal takes its
// goods back out (its negative amounts, one line less) when the
// transaction it reverses declared them in the same period, and no more
// than that transaction declared (never another's goods of the same
// item), and an item that comes to nothing is left out; the reversal of
// a transaction posted in another period (or deleted, or posted again
// after it was reversed, whose new version counts in full whatever its
// goods, or whose line the declaration refused) is refused, as a
// declaration holds no negative line: the declaration of the original's
// period is amended (unless the period also holds the reversal of that
// reversal, which nets it out). A line below zero
// that reverses nothing and is no return (a price reduction, a credit
// note of another nature than 21) is refused likewise, unless the period also
// holds its reversal: the two net to nothing and neither is declared
// (the reversal of that reversal restores the line below zero); the
// refusal says how goods that come back are declared. A
// line that can not be declared is refused with its reason: no CN8 code, a code not in the Combined Nomenclature, a
// supplementary unit the code does not use, a missing one it requires
// or a quantity of 0 in it (lines stored before Post refused it), no nature of transaction, net mass or country of origin, a
// dispatch to a business without the partner's VAT number (a buyer's return without the vendor's, an owner's goods
// without its own number of the member state they reach), a value in another
// currency (a transaction that names none is in US dollars). codes are
// the code lists.
func Intrastat(ctx context.Context, s Store, tenant string, q IntrastatQuery, codes IntrastatCodes) (*IntrastatDeclaration, error) {
	if err := needStore(s); err != nil {
		return nil, err
	}
	if err := checkIntrastatQuery(&q); err != nil {
		return nil, err
	}
	if err := checkCNYear(q, codes.Year()); err != nil {
		return nil, err
	}
	d := &IntrastatDeclaration{Tenant: tenant, MemberState: q.MemberState, Flow: q.Flow, From: q.From, To: q.To,
		Currency: q.Currency, CNYear: codes.Year(), WholeEuros: q.WholeEuros, Items: []IntrastatItem{}, Refused: []IntrastatRefusal{}}
	type key struct {
		cn8, partner, origin string
		nature, mode         int
		vat                  string
	}
	items := map[key]*IntrastatItem{}
	// shares are what each transaction of the period added to each item
	// (a reversal, what it took back): a reversal nets out its own
	// transaction's goods and no other's, so its lines wait in
	// reversals until the scan ends.
	shares := map[string]map[key]*intrastatShare{}
	// versions are the versions of the transactions whose shares those
	// are: a reversal takes back the version it was made against, and a
	// later version of the ID counts in full (appendVersion).
	versions := map[string]int{}
	// A pending line is a stored line of the flow: its transaction, its
	// index and its partner country; ret is 0 for goods moved the way the
	// line says, +1 for goods that go back the other way (a seller's that
	// come back, a buyer's sent back to the vendor, an owner's brought
	// back: a return, see returnRoles.of) and -1 for the reversal of one,
	// which takes it back.
	type pending struct {
		tx      *Transaction
		line    int
		partner string
		ret     int
	}
	var reversals []pending
	// credits are the lines below zero that reverse nothing (a credit
	// note's), by transaction ID and line index, and the reversal lines
	// that restore one; a reversal of the same version in the period
	// nets one out. creditOrder keeps them in the order met, so that
	// those left are refused in it; netted are the reversal lines that
	// netted one out, which a reversal of theirs restores.
	credits := map[string]map[int]pending{}
	netted := map[string]map[int]pending{}
	var creditOrder []pending
	hold := func(in map[string]map[int]pending, p pending) {
		if in[p.tx.TransactionID] == nil {
			in[p.tx.TransactionID] = map[int]pending{}
		}
		in[p.tx.TransactionID][p.line] = p
	}
	// companies are the company codes of the transactions with a line
	// of the flow.
	companies := map[string]bool{}
	keyOf := func(p pending) key {
		x := p.tx.Lines[p.line].Intrastat
		k := key{x.CommodityCode, p.partner, x.CountryOfOrigin, x.NatureOfTransaction, x.ModeOfTransport, ""}
		if q.Flow == Dispatches {
			k.vat = dispatchPartnerVAT(x, p.ret != 0)
		}
		return k
	}
	// shareOf is the line's share of its item: the values add() adds.
	// A return's are the goods that come back, above zero whatever the
	// signs the credit note stored them with (its amount below zero, its
	// mass as sent, 1 kg or more), and its reversal's the same below
	// zero.
	shareOf := func(p pending) intrastatShare {
		l := &p.tx.Lines[p.line]
		x := l.Intrastat
		invoiced := intrastatInvoiced(l)
		sh := intrastatShare{mass: x.NetMass, quantity: money.Zero(), invoiced: invoiced, statistical: invoiced}
		if unit, _ := codes.CN8(x.CommodityCode); unit != "" {
			sh.quantity = x.SupplementaryQuantity
		}
		if x.HasStatistical {
			sh.statistical = x.StatisticalValue
		}
		if p.ret != 0 {
			sh.mass = max(sh.mass, -sh.mass)
			sh.quantity, sh.invoiced, sh.statistical = sh.quantity.Abs(), sh.invoiced.Abs(), sh.statistical.Abs()
			if p.ret < 0 {
				sh.mass = -sh.mass
				sh.quantity, sh.invoiced, sh.statistical = sh.quantity.Neg(), sh.invoiced.Neg(), sh.statistical.Neg()
			}
		}
		return sh
	}
	add := func(p pending) {
		tx, partner := p.tx, p.partner
		x := tx.Lines[p.line].Intrastat
		k := keyOf(p)
		it := items[k]
		if it == nil {
			unit, _ := codes.CN8(x.CommodityCode)
			it = &IntrastatItem{CommodityCode: k.cn8, PartnerCountry: partner, CountryOfOrigin: k.origin, NatureOfTransaction: k.nature,
				ModeOfTransport: k.mode, PartnerVAT: k.vat, SupplementaryUnit: unit, InvoicedValue: money.Zero(), StatisticalValue: money.Zero()}
			if unit != "" {
				it.SupplementaryQuantity = money.Zero()
			}
			items[k] = it
		}
		sh := shareOf(p)
		it.NetMass += sh.mass
		if it.SupplementaryUnit != "" {
			it.SupplementaryQuantity = it.SupplementaryQuantity.Add(sh.quantity)
		}
		it.InvoicedValue = it.InvoicedValue.Add(sh.invoiced)
		it.StatisticalValue = it.StatisticalValue.Add(sh.statistical)
		// A declared line has a net mass above zero (declarable and the
		// refusal of lines below zero see to it), so its reversal is the
		// line with the mass below zero, whatever its amount: goods
		// supplied free of charge have none. A return's reversal takes
		// the return back.
		if p.ret < 0 || p.ret == 0 && x.NetMass < 0 {
			it.Lines-- // the reversed line is no longer declared
		} else {
			it.Lines++ // a line, or the reversal of a reversal, which restores it
		}
		own := shares[tx.TransactionID]
		versions[tx.TransactionID] = tx.Version
		if own == nil {
			own = map[key]*intrastatShare{}
			shares[tx.TransactionID] = own
		}
		if own[k] == nil {
			own[k] = &intrastatShare{quantity: money.Zero(), invoiced: money.Zero(), statistical: money.Zero()}
		}
		own[k].add(sh)
		// What a reversal takes back is no longer its transaction's to
		// give again.
		if tx.ReversalOf != "" {
			shares[tx.ReversalOf][k].add(sh)
		}
	}
	// cancels reports whether the reversal line r takes back exactly the
	// line p: r reverses the version of p's transaction that the period
	// holds, and its line is p's negated (Negated keeps the lines'
	// order).
	cancels := func(p, r pending) bool {
		if r.tx.ReversalOf != p.tx.TransactionID || r.tx.ReversalOfVersion != 0 && r.tx.ReversalOfVersion != p.tx.Version ||
			r.line != p.line || keyOf(p) != keyOf(r) {
			return false
		}
		sum := shareOf(p)
		sum.add(shareOf(r))
		return sum.mass == 0 && sum.quantity.IsZero() && sum.invoiced.IsZero() && sum.statistical.IsZero()
	}
	refuse := func(tx *Transaction, i int, format string, args ...any) {
		l := &tx.Lines[i]
		d.Refused = append(d.Refused, IntrastatRefusal{TransactionID: tx.TransactionID, Line: i + 1, LineItemID: l.LineItemID,
			LineItemNumber: l.LineItemNumber, Reason: fmt.Sprintf(format, args...)})
	}
	roles := returnRoles{s: s, tenant: tenant, memo: map[versionLine]int{}}
	err := s.Scan(ctx, tenant, q.From, q.To, func(tx *Transaction) error {
		seller, buyer, owner := tx.Perspective == "SELLER", tx.Perspective == "BUYER", tx.Perspective == "OWNER"
		// Returns go the other way: a seller's goods that come back are
		// its arrivals, a buyer's that go back to the vendor its
		// dispatches.
		if !declares(tx.Perspective, q.Flow) && !(seller && q.Flow == Arrivals) && !(buyer && q.Flow == Dispatches) {
			return nil
		}
		// A tax-only adjustment corrects the tax of goods already
		// invoiced: no goods move with it (nor with its reversal, which
		// keeps the mark), so it is neither declared nor refused, as the
		// sales figures leave it out of the revenue.
		if tx.TaxOnly {
			return nil
		}
		for i := range tx.Lines {
			l := &tx.Lines[i]
			x := l.Intrastat
			// A line is its own seller's (a line's seller.company), as
			// the sales figures count it: that company dispatches its
			// goods, under its own VAT registration.
			company := lineCompany(tx, l)
			if x == nil || x.OutsideVATArea || q.CompanyGiven && company != q.Company {
				continue
			}
			// Goods that go back (returnRoles.of) travel from the
			// line's country of arrival to its country of dispatch: they
			// are a dispatch of the member state they had reached, to
			// the one they had left, and an arrival of the one they had
			// left, from the one they had reached. A seller's that come
			// back are its arrival and no dispatch (the customer
			// dispatches them), a buyer's that go back to the vendor its
			// dispatch and no arrival, an owner's brought back both, as
			// it declares in each member state its goods move between.
			ret := 0
			if (seller || buyer) && x.NatureOfTransaction == natureReturn || owner {
				var err error
				if ret, err = roles.of(ctx, tx, i); err != nil {
					return err
				}
			}
			partner := ""
			switch {
			case ret != 0:
				if seller && q.Flow != Arrivals || buyer && q.Flow != Dispatches {
					continue
				}
				// The member state that declares the goods gone back in
				// the flow, and the partner's.
				declaring, other := x.Dispatch, x.Arrival
				if q.Flow == Dispatches {
					declaring, other = x.Arrival, x.Dispatch
				}
				if declaring != q.MemberState || other == q.MemberState {
					continue
				}
				partner = other
			case q.Flow == Dispatches:
				if buyer || x.Dispatch != q.MemberState || x.Arrival == q.MemberState {
					continue // a purchase's dispatch is its vendor's
				}
				partner = x.Arrival
			case seller:
				continue // a sale's arrival is its customer's
			default:
				if x.Arrival != q.MemberState || x.Dispatch == q.MemberState {
					continue
				}
				partner = x.Dispatch
			}
			if !jurisdiction.EUGoodsMember(partner, tx.PostingDate) || x.Services && x.CommodityCode == "" {
				continue
			}
			companies[company] = true
			if reason := declarable(x, tx, q, codes, ret != 0); reason != "" {
				refuse(tx, i, "%s", reason)
				continue
			}
			p := pending{tx, i, partner, ret}
			if tx.ReversalOf == "" && ret == 0 && belowZero(l) {
				// Refused once the scan ends, unless its reversal is of
				// the period too.
				hold(credits, p)
				creditOrder = append(creditOrder, p)
				continue
			}
			if tx.ReversalOf != "" {
				reversals = append(reversals, p)
				continue
			}
			add(p)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("journal: intrastat of %s: %w", tenant, err)
	}
	switch {
	case q.CompanyGiven:
		d.Company = &q.Company
	case len(companies) > 1:
		return nil, levy.Invalid("company", "the period's lines of the flow %s are of the company codes %s: each company declares its own "+
			"goods under its own VAT registration, so name the company", q.Flow, companyList(companies))
	default:
		for c := range companies {
			d.Company = &c
		}
	}
	// stale are the reversal lines that take back goods the period does
	// not hold for their transaction (staleOrder keeps them in the order
	// met), refused once the reversals are all met unless the reversal of
	// one is of the period too: the two net to nothing and neither is
	// declared (staleNetted holds that reversal, whose own reversal
	// restores the refusal).
	stale, staleNetted := map[string]map[int]pending{}, map[string]map[int]pending{}
	var staleOrder []pending
	// A reversal waits for the transaction it reverses when that is a
	// reversal itself, which may come later in the scan.
	// moved reports whether reversal r cancels the line that from holds
	// for the transaction it reverses: that line leaves from, and r goes
	// to to (and to order, which keeps to's lines in the order met, when
	// order is not nil).
	moved := func(r pending, from, to map[string]map[int]pending, order *[]pending) bool {
		p, ok := from[r.tx.ReversalOf][r.line]
		if !ok || !cancels(p, r) {
			return false
		}
		delete(from[r.tx.ReversalOf], r.line)
		hold(to, r)
		if order != nil {
			*order = append(*order, r)
		}
		return true
	}
	for done := false; !done; {
		done = true
		rest := reversals[:0]
		for _, r := range reversals {
			// A stale reversal and its own reversal net to nothing; the
			// reversal of that restores the refusal. A credit note's
			// line and its reversal's net to nothing, and neither is
			// declared; the reversal of that reversal restores the
			// credit note's line, below zero again.
			if moved(r, stale, staleNetted, nil) || moved(r, staleNetted, stale, &staleOrder) ||
				moved(r, credits, netted, nil) || moved(r, netted, credits, &creditOrder) {
				done = false
				continue
			}
			of, ok := shares[r.tx.ReversalOf]
			if !ok {
				rest = append(rest, r)
				continue
			}
			done = false
			// The goods it takes back must be its transaction's in the
			// period, of the version it was made against: the
			// transaction may have been posted again after it was
			// reversed, and the new version, whatever its goods, counts
			// in full (the reversal takes back none of it).
			k := keyOf(r)
			superseded := r.tx.ReversalOfVersion != 0 && versions[r.tx.ReversalOf] != r.tx.ReversalOfVersion
			if sh := of[k]; superseded || sh == nil || !sh.takesBack(shareOf(r)) {
				hold(stale, r)
				staleOrder = append(staleOrder, r)
				continue
			}
			add(r)
		}
		reversals = rest
	}
	for _, r := range staleOrder {
		if _, open := stale[r.tx.TransactionID][r.line]; !open {
			continue
		}
		refuse(r.tx, r.line, "the reversal of transaction %q takes back goods that this period's declaration does not hold for it "+
			"(the transaction was posted again after it was reversed, and its new version counts in full): a declaration holds no negative line, "+
			"so amend the declaration that declared them", r.tx.ReversalOf)
	}
	for _, c := range creditOrder {
		if _, open := credits[c.tx.TransactionID][c.line]; !open {
			continue
		}
		if c.tx.ReversalOf != "" {
			refuse(c.tx, c.line, "the reversal of transaction %q restores a line below zero (a credit note's, which that transaction reversed) "+
				"of nature of transaction %d: a declaration holds no negative line. %s", c.tx.ReversalOf,
				c.tx.Lines[c.line].Intrastat.NatureOfTransaction, returnAdvice(c.tx, c.line))
			continue
		}
		refuse(c.tx, c.line, "the line is below zero (a credit note or a return stored as a transaction of its own) of nature of transaction %d: "+
			"a declaration holds no negative line. %s", c.tx.Lines[c.line].Intrastat.NatureOfTransaction, returnAdvice(c.tx, c.line))
	}
	for _, r := range reversals {
		also := ""
		if r.ret == 0 && r.tx.Perspective == "SELLER" {
			also = fmt.Sprintf(" (a reversal cancels the sale; goods that came back are declared among the arrivals of %s on a credit note "+
				"of nature of transaction %d)", r.tx.Lines[r.line].Intrastat.Dispatch, natureReturn)
		}
		refuse(r.tx, r.line, "the reversal of transaction %q, whose goods are not declared in this period (posted in another, deleted, "+
			"or refused in it): a declaration holds no negative line, so amend the declaration of the period that declared them%s", r.tx.ReversalOf, also)
	}
	for _, it := range items {
		// Goods declared and reversed in the period leave nothing.
		if it.Lines == 0 && it.NetMass == 0 && it.InvoicedValue.IsZero() && it.StatisticalValue.IsZero() &&
			it.SupplementaryQuantity.IsZero() {
			continue
		}
		// The values are declared to the cent (or in whole units), once
		// added up: the lines keep the amounts as calculated, which may
		// have more places.
		places := int32(intrastatValuePlaces)
		if q.WholeEuros {
			places = 0
		}
		it.InvoicedValue = it.InvoicedValue.Round(places, money.HalfUp)
		it.StatisticalValue = it.StatisticalValue.Round(places, money.HalfUp)
		d.Items = append(d.Items, *it)
	}
	slices.SortFunc(d.Items, func(a, b IntrastatItem) int {
		return cmp.Or(cmp.Compare(a.CommodityCode, b.CommodityCode), cmp.Compare(a.PartnerCountry, b.PartnerCountry),
			cmp.Compare(a.CountryOfOrigin, b.CountryOfOrigin), cmp.Compare(a.NatureOfTransaction, b.NatureOfTransaction),
			cmp.Compare(a.ModeOfTransport, b.ModeOfTransport), cmp.Compare(a.PartnerVAT, b.PartnerVAT))
	})
	return d, nil
}

// intrastatInvoiced is the invoiced value of a stored line: its net
// amount and its freight. The value of goods declared is their taxable
// amount for VAT (Regulation (EC) No 1982/2004, article 8; Directive
// 2006/112/EC, article 78(b)), which holds the transport costs the
// supplier charges the customer: 1000.00 of goods invoiced with 50.00 of
// freight are declared at 1050.00, the amount the line's VAT is on. A
// line stored before the journal kept its freight has none.
func intrastatInvoiced(l *Line) money.Amount {
	return l.Amount.Add(l.Freight)
}

// intrastatShare is what a transaction's lines added to an item of a
// declaration (a reversal's, what they took back).
type intrastatShare struct {
	mass                            int64
	quantity, invoiced, statistical money.Amount
}

// add adds o to sh.
func (sh *intrastatShare) add(o intrastatShare) {
	sh.mass += o.mass
	sh.quantity = sh.quantity.Add(o.quantity)
	sh.invoiced = sh.invoiced.Add(o.invoiced)
	sh.statistical = sh.statistical.Add(o.statistical)
}

// takesBack reports whether a reversal's line r takes back at most what
// sh holds: each of its values is zero or of the other sign, and no
// greater.
func (sh *intrastatShare) takesBack(r intrastatShare) bool {
	back := func(held, taken int) bool { return taken == 0 || held*taken < 0 }
	within := func(held, left int) bool { return left == 0 || held*left > 0 }
	sign := func(n int64) int { return cmp.Compare(n, 0) }
	return r.mass != 0 && back(sign(sh.mass), sign(r.mass)) && within(sign(sh.mass), sign(sh.mass+r.mass)) &&
		back(sh.quantity.Sign(), r.quantity.Sign()) && within(sh.quantity.Sign(), sh.quantity.Add(r.quantity).Sign()) &&
		back(sh.invoiced.Sign(), r.invoiced.Sign()) && within(sh.invoiced.Sign(), sh.invoiced.Add(r.invoiced).Sign()) &&
		back(sh.statistical.Sign(), r.statistical.Sign()) && within(sh.statistical.Sign(), sh.statistical.Add(r.statistical).Sign())
}

// declares reports whether a stored transaction of perspective declares
// goods of flow for the tenant: a seller dispatches the goods it sells,
// a buyer receives the goods it buys, an owner moving its own goods
// does both. A sale's goods are the customer's arrivals, and a
// purchase's the vendor's dispatches, which the tenant does not
// declare; a seller's goods that come back (isReturn) are its arrivals,
// and a buyer's sent back its dispatches, which Intrastat tells apart
// line by line (returnRoles).
func declares(perspective, flow string) bool {
	switch perspective {
	case "OWNER":
		return true
	case "SELLER":
		return flow == Dispatches
	case "BUYER":
		return flow == Arrivals
	}
	return false
}

// Check returns the error that Intrastat gives for the query's faults
// (a member state, flow, period or currency it does not take), without a
// store: a command checks its flags before it opens one.
func (q IntrastatQuery) Check() error { return checkIntrastatQuery(&q) }

// checkIntrastatQuery checks a query and fills in its defaults.
func checkIntrastatQuery(q *IntrastatQuery) error {
	var errs levy.Errors
	q.MemberState = strings.ToUpper(strings.TrimSpace(q.MemberState))
	q.Flow = strings.ToLower(strings.TrimSpace(q.Flow))
	q.Currency = strings.ToUpper(strings.TrimSpace(q.Currency))
	if q.CompanyGiven {
		var e *levy.Error
		if err := CheckCompany(q.Company); errors.As(err, &e) {
			errs = append(errs, e)
		} else if err != nil {
			return err
		}
	}
	switch {
	case q.From.IsZero():
		errs = append(errs, levy.Invalid("from", "the first day of the period is required (a declaration is monthly)"))
	case checkDate("from", q.From) != nil:
		errs = append(errs, levy.Invalid("from", "date is out of range"))
	}
	switch {
	case q.To.IsZero():
		errs = append(errs, levy.Invalid("to", "the last day of the period is required (a declaration is monthly)"))
	case checkDate("to", q.To) != nil:
		errs = append(errs, levy.Invalid("to", "date is out of range"))
	case !q.From.IsZero() && q.To.Before(q.From):
		errs = append(errs, levy.Invalid("to", "%s is before from, %s", q.To, q.From))
	}
	member := len(q.MemberState) == 2 && (jurisdiction.EUGoodsMember(q.MemberState, q.From) || jurisdiction.EUGoodsMember(q.MemberState, q.To))
	switch {
	case member:
	case q.MemberState == "EL":
		// Greece's VAT prefix, which its VAT numbers begin with: its
		// declarations and partner country are the ISO code's.
		errs = append(errs, levy.Invalid("memberState", "EL is Greece's VAT prefix: an Intrastat declaration names a member state by its ISO code, GR"))
	default:
		errs = append(errs, levy.Invalid("memberState", "%q is not the ISO code of an EU member state (DE, FR, IT, ...) in the period, nor XI (Northern Ireland, from 2021)", clipQuery(q.MemberState)))
	}
	if q.Flow != Dispatches && q.Flow != Arrivals {
		errs = append(errs, levy.Invalid("flow", "%q is not %s or %s", clipQuery(q.Flow), Dispatches, Arrivals))
	}
	switch {
	case q.Currency != "":
		if len(q.Currency) != 3 || strings.IndexFunc(q.Currency, func(r rune) bool { return r < 'A' || r > 'Z' }) >= 0 {
			errs = append(errs, levy.Invalid("currency", "%q is not an ISO 4217 code", clipQuery(q.Currency)))
		}
	case !member || q.From.IsZero():
		// The member state or the period is refused already.
	default:
		cur, ok := declarationCurrency(q.MemberState, q.From)
		if !ok {
			errs = append(errs, levy.Invalid("currency", "%s declares in its own currency on %s, which Levy does not know: name it", q.MemberState, q.From))
		}
		q.Currency = cur
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// declarationCurrency returns the currency a member state's declarations
// are made in on d: the euro in the euro area, from the day the member
// state adopted it (jurisdiction.EuroAdoptionOf, each day with its
// Council decision), the national currency of a member state outside it
// (the pound sterling for Northern Ireland's, made to HMRC); ok is false
// for a member state before it adopted the euro whose former currency
// Levy does not hold.
func declarationCurrency(state string, d civil.Date) (currency string, ok bool) {
	if a, ok := jurisdiction.EuroAdoptionOf(state); ok {
		if !d.Before(a.From) {
			return "EUR", true
		}
		return a.Former, a.Former != ""
	}
	switch state {
	case "CZ":
		return "CZK", true
	case "DK":
		return "DKK", true
	case "HU":
		return "HUF", true
	case "PL":
		return "PLN", true
	case "RO":
		return "RON", true
	case "SE":
		return "SEK", true
	case "GB", jurisdiction.NorthernIrelandCode:
		return "GBP", true
	}
	return "", false
}

// checkCNYear refuses a period that lies outside the year of the
// Combined Nomenclature the code lists hold: the codes, and the
// supplementary units they require, change each year, and the goods of a
// month are declared under that year's codes, so checking them against
// another year's would refuse codes that were valid and pass codes that
// were not.
func checkCNYear(q IntrastatQuery, year int) error {
	var errs levy.Errors
	for _, p := range []struct {
		field string
		d     civil.Date
	}{{"from", q.From}, {"to", q.To}} {
		if p.d.Year != year {
			errs = append(errs, levy.Invalid(p.field, "%s is in %d, and the dataset in use holds the Combined Nomenclature of %d: "+
				"its codes and the supplementary units they require change each year, so a declaration of %d can not be checked against it "+
				"(declare it with a dataset of %d's)", p.d, p.d.Year, year, p.d.Year, p.d.Year))
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// natureReturn is the 2022 nature of transaction of goods returned
// (Regulation (EU) 2020/1197, Annex I, table 1: 21, return of goods),
// which a seller's credit note for goods that come back sends.
const natureReturn = 21

// returnAdvice says how the goods of line i of tx, below zero and no
// return (isReturn), are declared.
func returnAdvice(tx *Transaction, i int) string {
	x := tx.Lines[i].Intrastat
	switch tx.Perspective {
	case "SELLER":
	case "OWNER":
		// An owner's line below zero is no return only when its
		// invoiced value is above zero while its mass, quantity or
		// statistical value is below (a line a program posted so).
		return fmt.Sprintf("An owner's line below zero is its goods brought back from %s to %s, declared among the dispatches of %s "+
			"and the arrivals of %s, when its value is not above zero; this line's value is above zero and another of its figures below: "+
			"correct the line, or amend the declaration that declared the goods", x.Arrival, x.Dispatch, x.Arrival, x.Dispatch)
	default:
		return fmt.Sprintf("Goods that go back to the vendor are declared among the dispatches of %s, to %s, when the buyer's credit "+
			"sends natureOfTransaction %d (return of goods) and the vendor's taxRegistrations its VAT number of %s; a price reduction "+
			"or a cancelled invoice amends the declaration that declared the goods", x.Arrival, x.Dispatch, natureReturn, x.Dispatch)
	}
	return fmt.Sprintf("Goods that come back are declared among the arrivals of %s, from %s, when the seller's credit note "+
		"sends natureOfTransaction %d (return of goods); a price reduction or a cancelled invoice amends the declaration "+
		"that declared the goods", x.Dispatch, x.Arrival, natureReturn)
}

// belowZero reports whether a stored line has a value below zero: its
// invoiced value, net mass, supplementary quantity or statistical value
// (a credit note's line, or a reversal's).
func belowZero(l *Line) bool {
	x := l.Intrastat
	return intrastatInvoiced(l).Sign() < 0 || x.NetMass < 0 || x.SupplementaryQuantity.Sign() < 0 || x.StatisticalValue.Sign() < 0
}

// Owners' goods brought back: a business that moves its own goods to
// another member state (to its warehouse there, for sale or storage)
// declares their dispatch in the member state they leave and their
// arrival in the one they reach, and so for the goods it brings back the
// other way: their dispatch in the member state they had reached, their
// arrival in the one they had left. An OWNER line below zero (the
// movement's line with its amount credited) is such goods brought back,
// from the line's country of arrival to its country of dispatch, declared
// with its values above zero and the nature of transaction it sends. A
// dispatch declares as the partner's VAT number the owner's own
// registration in the member state the goods reach (DispatcherVAT for
// goods brought back, PartnerVAT for goods moved out). Sources:
// Commission Implementing Regulation (EU) 2020/1197, Annex I, part C,
// table 1 (code 31, movements to or from a warehouse, excluding call-off
// and consignment stock; codes 21 to 23, the return and replacement of
// goods after the original transaction was registered); Regulation (EU)
// 2019/2152, whose dispatches declare the partner's VAT identification
// number in the member state of arrival; Finnish Customs, "Dispatches
// from warehouses" (tilastot.tulli.fi/en/intrastat/
// what-data-is-declared-in-intrastat/dispatches-from-warehouses), which
// declares a company's goods moved to its own warehouse in another member
// state in both member states with code 31, the partner's VAT number
// being the company's own of the member state of destination, and "Return
// goods" (tulli.fi/intrastat/return-goods), which gives codes 21 to 23 to
// goods returned after a transaction of code 11, 12 or 33 and keeps the
// original code after one of 80, 91 or 99.

// isReturn reports whether a stored line of a transaction of the
// perspective that reverses nothing is goods that go back the other way:
// a line below zero whose invoiced value is not above zero (a credit
// note, goods returned free of charge, an owner's goods brought back) of
// nature of transaction 21 (return of goods), on a sale or a purchase
// (where a line below zero of another code is a price reduction or a
// cancelled invoice). An owner's line below zero is its goods brought
// back whatever its code, as a movement of one's own goods has no price
// to reduce: its code is that of the movement back (31 for goods brought
// back from one's warehouse in the other member state: see owners' goods
// brought back above).
func isReturn(perspective string, l *Line) bool {
	if l.Intrastat == nil || intrastatInvoiced(l).Sign() > 0 || !belowZero(l) {
		return false
	}
	return perspective == "OWNER" || l.Intrastat.NatureOfTransaction == natureReturn
}

// versionLine names a line of a version of a stored transaction.
type versionLine struct {
	id            string
	version, line int
}

// maxReversalChain bounds the reversals of reversals returnRoles follows.
const maxReversalChain = 64

// returnRoles tells the lines of returns (goods that go back: isReturn),
// and of their reversals, from the others, reading the transactions a
// reversal takes back from the store (memo keeps the roles it found,
// versions the versions it read, by transaction ID).
type returnRoles struct {
	s        Store
	tenant   string
	memo     map[versionLine]int
	versions map[string][]*Transaction
}

// of returns the return role of line i of a stored transaction tx: +1
// when its goods go back (isReturn: a seller's that come back, a buyer's
// sent back to its vendor, an owner's brought back; or the reversal of a
// reversal of one, which restores it), -1 when it is the reversal of a
// return, which takes the return back, and 0 for goods moved the way the
// line says (and their reversals). A reversal's line is the line of the
// version it reverses negated, so its role is that line's negated; a
// reversal of a version the store no longer holds, or a chain longer
// than maxReversalChain, has the role 0.
func (r *returnRoles) of(ctx context.Context, tx *Transaction, i int) (int, error) {
	return r.at(ctx, tx, i, 0)
}

// at is of for a transaction depth reversals down the chain.
func (r *returnRoles) at(ctx context.Context, tx *Transaction, i, depth int) (int, error) {
	if tx.ReversalOf == "" {
		if i < len(tx.Lines) && isReturn(tx.Perspective, &tx.Lines[i]) {
			return 1, nil
		}
		return 0, nil
	}
	if depth == maxReversalChain {
		return 0, nil
	}
	k := versionLine{tx.ReversalOf, tx.ReversalOfVersion, i}
	role, ok := r.memo[k]
	if !ok {
		of, err := r.reversed(ctx, tx)
		if err != nil {
			return 0, err
		}
		if of != nil {
			if role, err = r.at(ctx, of, i, depth+1); err != nil {
				return 0, err
			}
		}
		r.memo[k] = role
	}
	return -role, nil
}

// reversed returns the version of the transaction that the reversal tx
// takes back (its latest when the reversal names none), nil when the
// store holds none.
func (r *returnRoles) reversed(ctx context.Context, tx *Transaction) (*Transaction, error) {
	versions, ok := r.versions[tx.ReversalOf]
	if !ok {
		var err error
		versions, err = r.s.Versions(ctx, r.tenant, tx.ReversalOf)
		var e *levy.Error
		if err != nil && !(errors.As(err, &e) && e.Code == levy.ENotFound) {
			return nil, fmt.Errorf("journal: the transaction %q that %q reverses: %w", tx.ReversalOf, tx.TransactionID, err)
		}
		if r.versions == nil {
			r.versions = map[string][]*Transaction{}
		}
		r.versions[tx.ReversalOf] = versions
	}
	for j := len(versions) - 1; j >= 0; j-- {
		if tx.ReversalOfVersion == 0 || versions[j].Version == tx.ReversalOfVersion {
			return versions[j], nil
		}
	}
	return nil, nil
}

// dispatchPartnerVAT is the partner's VAT number that a dispatch of line x
// declares: the acquirer's in the country of arrival (the customer's, or
// the owner's own registration there), and for goods that go back (back,
// a return: a buyer's sent back to the vendor, the only lines of a
// purchase among the dispatches, or an owner's brought back) the number
// of the party in the country they go back to, the line's country of
// dispatch (the vendor's, or the owner's own).
func dispatchPartnerVAT(x *IntrastatLine, back bool) string {
	if back {
		return x.DispatcherVAT
	}
	return x.PartnerVAT
}

// natureB2C is the 2022 nature of transaction of a sale to a consumer
// (including a distance sale), whose partner has no VAT number.
const natureB2C = 12

// intrastatValuePlaces are the decimal places of a declaration's values:
// the currencies of the member states and the pound sterling all count
// hundredths.
const intrastatValuePlaces = 2

// companyList lists company codes for a message, sorted and quoted
// ("" for the transactions stored without one).
func companyList(companies map[string]bool) string {
	list := make([]string, 0, len(companies))
	for c := range companies {
		list = append(list, strconv.Quote(c))
	}
	slices.Sort(list)
	return strings.Join(list, ", ")
}

// clipQuery shortens a parameter for a message.
func clipQuery(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// checkIntrastatLines refuses a transaction to be posted whose line
// gives a supplementary unit with no quantity in it: the unit is given
// for a CN8 code that requires one (the declaration refuses it
// otherwise), and a declaration states the quantity of the goods in it.
// A credit note's quantity is below zero, and is refused by the
// declaration instead.
func checkIntrastatLines(tx *Transaction) error {
	var errs levy.Errors
	for i := range tx.Lines {
		x := tx.Lines[i].Intrastat
		if x != nil && x.SupplementaryUnit != "" && x.SupplementaryQuantity.IsZero() {
			errs = append(errs, levy.Invalid(fmt.Sprintf("lines[%d].intrastat.supplementaryQuantity", i),
				"the line gives the supplementary unit %s and no quantity in it: a declaration states the goods' quantity in the unit, "+
					"which is required and not 0", clipQuery(x.SupplementaryUnit)))
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// declarable returns why a line of the flow can not be declared, "" when
// it can; ret says that the line's goods come back (a return), from its
// country of arrival to its country of dispatch.
func declarable(x *IntrastatLine, tx *Transaction, q IntrastatQuery, codes IntrastatCodes, ret bool) string {
	move := "goods moved from " + x.Dispatch + " to " + x.Arrival
	if ret {
		move = "goods returned from " + x.Arrival + " to " + x.Dispatch
	}
	if x.CommodityCode == "" {
		return move + " without intrastatCommodityCode: a declaration needs the CN8 code of intra-EU goods"
	}
	unit, ok := codes.CN8(x.CommodityCode)
	switch {
	case !ok:
		return fmt.Sprintf("CN8 %s is not a code of the Combined Nomenclature %d", x.CommodityCode, codes.Year())
	case unit == "" && x.SupplementaryUnit != "":
		return fmt.Sprintf("CN8 %s has no supplementary unit, and the line gives one (%s)", x.CommodityCode, x.SupplementaryUnit)
	case unit != "" && x.SupplementaryUnit == "":
		return fmt.Sprintf("CN8 %s requires the supplementary unit %s, and the line gives none", x.CommodityCode, unit)
	case unit != "" && x.SupplementaryUnit != unit:
		return fmt.Sprintf("CN8 %s requires the supplementary unit %s, not %s", x.CommodityCode, unit, x.SupplementaryUnit)
	case unit != "" && x.SupplementaryQuantity.IsZero():
		return fmt.Sprintf("CN8 %s requires the quantity in the supplementary unit %s, and the line gives 0", x.CommodityCode, unit)
	}
	if _, ok := codes.NatureOfTransaction(x.NatureOfTransaction); !ok {
		if x.NatureOfTransaction == 0 {
			return "no natureOfTransaction: a declaration needs the nature of transaction (2022 codes, 11 to 99)"
		}
		return fmt.Sprintf("nature of transaction %d is not a 2022 code", x.NatureOfTransaction)
	}
	if x.ModeOfTransport != 0 {
		if _, ok := codes.TransportMode(x.ModeOfTransport); !ok {
			return fmt.Sprintf("mode of transport %d is not a transport mode code", x.ModeOfTransport)
		}
	}
	if x.NetMass == 0 {
		return "no netMassKilograms: a declaration needs the net mass"
	}
	if x.CountryOfOrigin == "" {
		return "no countryOfOriginISOCode: a declaration needs the country of origin"
	}
	// Goods sold to a consumer (nature 12, a distance sale among them)
	// have no acquirer with a VAT number: they are declared without one,
	// and the member state's stand-in for a partner without a number is
	// the filer's to give.
	if q.Flow == Dispatches && dispatchPartnerVAT(x, ret) == "" && x.NatureOfTransaction != natureB2C {
		switch {
		case tx.Perspective == "OWNER" && ret:
			return "no VAT number of the owner in " + x.Dispatch + ": goods the owner brings back to " + x.Dispatch + " are a dispatch of " +
				x.Arrival + ", which declares as the partner's VAT number the owner's own of " + x.Dispatch +
				" (send the owner's taxRegistrations, with its number of " + x.Dispatch + ")"
		case tx.Perspective == "OWNER":
			return "no VAT number of the owner in " + x.Arrival + ": goods the owner moves to " + x.Arrival + " are a dispatch, which declares " +
				"as the partner's VAT number the owner's own of " + x.Arrival + " (send the owner's taxRegistrations, with its number of " + x.Arrival + ")"
		case ret:
			return "no VAT number of the vendor in " + x.Dispatch + ": goods returned to the vendor are a dispatch, which declares the partner's " +
				"VAT number (send the vendor's taxRegistrations, with its number of " + x.Dispatch + ")"
		}
		return "no VAT number of the acquirer in " + x.Arrival + ": a dispatch declares the partner's VAT number (send the customer's taxRegistrations)"
	}
	// A request that names no currency is calculated in US dollars (as
	// the figures count it): its amounts are not the declaration's euros.
	if cur := cmp.Or(strings.ToUpper(tx.Currency), "USD"); cur != q.Currency {
		return "the transaction is in " + cur + " and the declaration in " + q.Currency + ": Levy does not convert"
	}
	if x.HasStatistical && x.StatisticalCurrency != "" && x.StatisticalCurrency != q.Currency {
		return "the statistical value is in " + x.StatisticalCurrency + " and the declaration in " + q.Currency + ": Levy does not convert"
	}
	return ""
}

// intrastatHeader is the header of the CSV of a declaration.
var intrastatHeader = []string{"commodity_code", "partner_country", "country_of_origin", "nature_of_transaction", "mode_of_transport",
	"partner_vat_number", "net_mass_kg", "supplementary_unit", "supplementary_quantity", "invoiced_value", "statistical_value", "lines"}

// WriteCSV writes the declaration's items as CSV, one row per item, with
// a header; text cells are neutralised against formulas (csvout).
func (d *IntrastatDeclaration) WriteCSV(w io.Writer) error {
	bw := bufio.NewWriter(w)
	cw := csvout.NewWriter(bw, columnIndexes(intrastatHeader, "nature_of_transaction", "mode_of_transport",
		"net_mass_kg", "supplementary_quantity", "invoiced_value", "statistical_value", "lines")...)
	if err := cw.Write(intrastatHeader); err != nil {
		return err
	}
	for _, it := range d.Items {
		mode, qty := "", ""
		if it.ModeOfTransport != 0 {
			mode = strconv.Itoa(it.ModeOfTransport)
		}
		if it.SupplementaryUnit != "" {
			qty = it.SupplementaryQuantity.String()
		}
		if err := cw.Write([]string{it.CommodityCode, it.PartnerCountry, it.CountryOfOrigin, strconv.Itoa(it.NatureOfTransaction), mode,
			it.PartnerVAT, strconv.FormatInt(it.NetMass, 10), it.SupplementaryUnit, qty, it.InvoicedValue.String(),
			it.StatisticalValue.String(), strconv.Itoa(it.Lines)}); err != nil {
			return err
		}
	}
	if err := cw.Flush(); err != nil {
		return err
	}
	return bw.Flush()
}
