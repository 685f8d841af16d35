package engine

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/rules"
	"github.com/levytax/levy/wire"
)

// CertificateRule is the calculationRuleId of a tax that a stored
// exemption certificate exempts.
const CertificateRule = "customer-certificate"

// ProductCodeRule is the ruleName of the assisted parameter of a line
// whose product class came from its product code through the tenant's
// profile: paramName product.value (or commodityCode), originalValue the
// code, value the class.
const ProductCodeRule = "product-code-class"

// UnknownProductCodeRule is the ruleName of the assisted parameter of a
// line without a product class whose code the tenant's profile does not
// map: it is taxed as GENERAL (the value), the code is the
// originalValue. A Brazilian line whose NCM code or LC 116 item decides
// its taxes is not flagged, as its class decides none (classDecides).
const UnknownProductCodeRule = "unknown-product-code"

// CustomerCodeLostRule is the ruleName of the assisted parameter of a
// sale's line whose own customer sends no customerCode where the
// customer it replaces (the document's, or an enclosing line's) names a
// customer the tenant's profile holds: the line's customer replaces that
// one whole, so the stored customer's certificates, class code and
// business indicator do not reach the line, which is taxed as its own
// customer's. paramName is the member (lineItems[0].customer.customerCode),
// value a sentence naming the stored customer's code.
const CustomerCodeLostRule = "line-customer-without-code"

// SentCertificateRulePrefix begins the ruleName of the assisted
// parameter of a sale's line whose request sends an exemptionCertificate
// number that the tenant's profile holds, for the request's customer, as
// a certificate that would not have exempted the line's taxes: the rest
// of the name is the profile.Refusal that says why
// (sent-certificate-expired, sent-certificate-not-yet-valid,
// sent-certificate-revoked, sent-certificate-other-transaction,
// sent-certificate-other-class, sent-certificate-other-jurisdiction).
// The request still wins: the taxes stay exempt.
const SentCertificateRulePrefix = "sent-"

// ExemptFlagUncoveredRule is the ruleName of the assisted parameter of a
// sale's line whose request exempts its customer by isTaxExempt alone
// (no exemptionCertificate number) where the tenant's profile holds
// certificates of that customer and none of them would have exempted a
// tax that the flag exempts, on the line's date: paramName the flag
// (customer.isTaxExempt), originalValue "true", value a sentence naming
// the tax's jurisdiction and what the nearest certificate lacks. The
// request still wins: the taxes stay exempt. A customer without stored
// certificates says nothing, as its tenant may keep them in its ERP.
const ExemptFlagUncoveredRule = "exempt-flag-not-covered"

// SentOtherCustomerRule is the ruleName of the assisted parameter of a
// sale's line whose request sends, for its customer
// (customer.customerCode), an exemptionCertificate number that the
// customer does not hold in the tenant's profile and another customer
// does: the way a certificate is misapplied. A customer sent without a
// customerCode holds none, so any stored customer's number is flagged.
// paramName exemptionCertificate, originalValue the number, value a
// sentence naming the customer that holds it. The request still wins:
// the taxes stay exempt.
const SentOtherCustomerRule = SentCertificateRulePrefix + "certificate-other-customer"

// sentCertificateRules are the ruleNames of the assisted parameter of a
// sent certificate, in the order of certificateReasons.
var sentCertificateRules = [...]string{
	SentCertificateRulePrefix + string(profile.RefusalExpired),
	SentCertificateRulePrefix + string(profile.RefusalNotYetValid),
	SentCertificateRulePrefix + string(profile.RefusalRevoked),
	SentCertificateRulePrefix + string(profile.RefusalTransaction),
	SentCertificateRulePrefix + string(profile.RefusalClass),
	SentCertificateRulePrefix + string(profile.RefusalJurisdiction),
}

// CertificateRuleNames returns every ruleName of the assisted parameters
// that a line gets about a certificate that did not exempt a tax: the
// profile.Refusal of a stored certificate, then the same with
// SentCertificateRulePrefix of a certificate number the request sent,
// in the order a line reports them. The documentation of the assisted
// parameters lists them.
func CertificateRuleNames() []string {
	names := make([]string, 0, len(certificateReasons)+len(sentCertificateRules))
	for _, r := range certificateReasons {
		names = append(names, string(r))
	}
	names = append(names, sentCertificateRules[:]...)
	return append(names, SentOtherCustomerRule, ExemptFlagUncoveredRule)
}

// WithProfiles makes the engine apply the tax profiles kept in c (package
// profile: what a tenant told Levy once, its customers and their
// exemption certificates, its products, its registrations and its
// policy) to the calculations of each tenant, the tenant of the
// context (levy.Tenant):
//
//   - Certificates. On a sale to a customer (customer.customerCode.value)
//     whose request carries no exemption of its own (the customer's
//     isTaxExempt, or an exemptionCertificate number, which a number of
//     spaces alone is not; an exemptionReasonCode alone exempts nothing,
//     as without profiles, and so does not count), a tax of a line is
//     exempt when one of the customer's stored certificates covers it:
//     the certificate covers
//     the tax's jurisdiction and the line's product class (a certificate
//     of CLOTHING covers CHILDRENS_CLOTHING, a class within it), is in
//     force on the line's tax date, is not revoked by then, and is
//     blanket or for this transaction (profile.Certificate.Check); so
//     for the taxes of a Brazilian line (brazil_calc.go) and for a line's
//     communications taxes and franchise fees (extras.go) too, as
//     isTaxExempt is. The tax names the certificate (certificateNumber) and its reason (reasonCode), its
//     calculationRuleId is CertificateRule, and the journal keeps both;
//     its explanation (ExplainSale) names the certificate, its customer,
//     its reason and the version of the tenant's profile that held it.
//     When a tax stays charged although the customer has certificates,
//     the line says why in assistedParameters: one parameter per reason
//     (ruleName a profile.Refusal, such as certificate-expired;
//     paramName exemptionCertificate; originalValue the number of the
//     first certificate refused for that reason; value a sentence that
//     says why, and how many other certificates of the customer were
//     refused for it). A certificate's reason is the first that refuses
//     it a charged tax other than the jurisdiction (expired, not yet
//     valid, revoked, another transaction, other classes); it is "other
//     jurisdiction" only when it covers none of the charged taxes. So a
//     line reports at most six parameters however many certificates the
//     customer holds, and a line with nothing charged reports none. A
//     tax a return refunds (a negative line) counts as charged, the
//     sentence saying it is refunded: a return dated after the
//     certificate lapsed refunds a tax that its sale, exempt then, never
//     charged, unless its lines send the sale's date as taxDate.
//   - What the request says wins. A customer sent as exempt is exempt
//     for every tax, as without profiles, and the stored certificates
//     exempt nothing; when the flag (isTaxExempt without a number) is
//     sent for a customer none of whose stored certificates would have
//     exempted a tax it exempts, on the line's date, the line says so
//     (ExemptFlagUncoveredRule) and the taxes stay exempt. An
//     exemptOverrides or nonTaxableOverrides entry decides the taxes it
//     matches, and the stored certificates only the others. A class sent wins over a code's, registrations or a nexus
//     indicator sent over the stored registrations.
//   - A certificate number sent is checked all the same. When the
//     request of a sale sends an exemptionCertificate number that the
//     profile holds for the request's customer, and that certificate
//     would not cover a tax the number exempts (expired, not yet valid,
//     revoked, for another transaction, for other classes, for other
//     jurisdictions, on the line's date), the line says so in one
//     assisted parameter (ruleName SentCertificateRulePrefix and the
//     profile.Refusal, paramName exemptionCertificate, originalValue
//     the number, value a sentence naming the certificate's state), and
//     the taxes stay exempt: an ERP that keeps sending a number the
//     profile knows to be out of force is seen. The reason is the first,
//     in the order above, that refuses the certificate one of those
//     taxes. A number the customer does not hold but another customer
//     does is flagged too (SentOtherCustomerRule, naming that customer):
//     it is how one customer's certificate is misapplied to another's
//     sale. A number no customer holds (or a request without
//     customerCode) says nothing: a tenant may keep its certificates in
//     its ERP alone, and every exempt sale would otherwise be flagged.
//   - Products. A line without a product class whose product.value (on a
//     sale) or commodityCode names a code gets the class that the
//     profile maps the code to (the tenant's own products, then Levy's
//     crosswalks of TIC and HS codes: profile.Snapshot.Class), the
//     product code first. The response line's product (purchase, on
//     purchases and owner lines) shows the class, which the journal
//     keeps, and an assisted parameter (ProductCodeRule) the code it came
//     from. A code that nothing maps leaves the line without a class: it
//     is taxed as GENERAL and flagged (UnknownProductCodeRule), as an
//     unknown class is; except on a Brazilian line whose taxes its NCM
//     code or LC 116 item decides (brazil.go), where the class decides
//     no tax and the flag would be noise, unless one of the customer's
//     stored certificates is limited to classes (the class then decides
//     whether it covers the line). A child line that sends neither a
//     class nor a code that maps takes the class of its enclosing line,
//     the class that line's code maps to included, as it takes one sent.
//   - Registrations. On a sale whose seller sends neither
//     taxRegistrations nor a nexusIndicator, the registrations stored for
//     the seller's company (seller.company, "" for none) that are in
//     force on the line's date stand in for them, wherever the engine
//     decides nexus: the seller has nexus where one covers the tax's
//     place, and nowhere when the company has stored registrations and
//     none is in force. A seller with none stored is registered
//     everywhere, as without profiles.
//   - Customers. On a sale, the stored customer's class code stands in
//     for a request that sends none, and its business indicator makes
//     the customer a business when the request does not say so. A
//     line's own customer replaces the document's whole, its code
//     included: one sent without a customerCode is no stored customer,
//     and when the customer it replaces is one the profile holds, the
//     line says so (CustomerCodeLostRule), as that customer's
//     certificates, class code and business indicator do not reach it.
//   - Franchise fees. A line whose franchiseAreaId names an area of
//     which the tenant has franchise records (profile.Franchise) bears
//     those fees that are in force on its date, as it would the server's
//     fees of the area (franchise.go), and none of the server's fees of
//     that area: the tenant's contract replaces them, even when none of
//     its fees is in force then. An area the tenant has no record of
//     takes the server's table (--content franchise:FILE).
//   - Policy. Each member of the policy that is set replaces the engine's
//     setting for the tenant: DefaultCountry, Tolerance (whole),
//     Undercharge and Overcharge (Procurement's), EUDistanceThreshold,
//     Rounding (the whole map) and AddressCheck. Its EUDistanceSales (by
//     company code, "" for every other), which no Settings member has,
//     gives the seller company's EU distance sales from the calculation's
//     snapshot of the profile, before the WithDistanceSales source is
//     asked. The address check of a tenant is its policy's when the
//     policy has one, else the server's for the tenant
//     (Settings.TenantAddressCheck), else the server's.
//
// The request's codes (customer, seller company, product and commodity
// codes, franchise area) find the stored records with the spaces around
// them ignored, and its transactionId is compared with a single-purchase
// certificate's so, as the profile stores codes without them, and are
// otherwise compared as they are, case included (profile.Snapshot).
//
// The engine reads a tenant's snapshot from c once per calculation; a
// calculation whose tenant's profile cannot be read fails rather than
// calculate without it. A host whose profile store is changed by other
// processes (other nodes over one PostgreSQL database, an offline
// import) runs c.Follow so that their changes reach it. WithProfiles
// applies to New; Reload keeps the profiles the engine was built with.
// Without it, or with a nil c, no profile applies, and a calculation
// costs what it always did.
func WithProfiles(c *profile.Cache) Option { return func(cf *config) { cf.profiles = c } }

// WithProfileStore is WithProfiles over a cache of s that the engine
// builds (profile.NewCache, logging to the engine's logger); Profiles
// returns it, for the host to Follow or Invalidate. A nil s is the same
// as leaving the option out.
func WithProfileStore(s profile.Store) Option { return func(cf *config) { cf.profileStore = s } }

// Profiles returns the cache of tax profiles the engine applies, nil
// when it applies none.
func (e *Engine) Profiles() *profile.Cache {
	if e == nil {
		return nil
	}
	return e.profiles
}

// profileOf returns the snapshot of the tenant's profile, nil when the
// engine applies none.
func (e *Engine) profileOf(ctx context.Context) (*profile.Snapshot, error) {
	if e.profiles == nil {
		return nil, nil
	}
	ps, err := e.profiles.Snapshot(ctx, levy.Tenant(ctx))
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("engine: the tax profile of tenant %s: %w", levy.Tenant(ctx), err)
	}
	return ps, nil
}

// withPolicy returns s with the members that p sets in place of its own:
// DefaultCountry, Tolerance (whole), Procurement.Undercharge and
// Procurement.Overcharge (each), EUDistanceThreshold, Rounding (the
// whole map), and AddressCheck. A
// member p leaves at its zero value keeps s's. The address check of the
// tenant is the policy's when it has one, else the server's for the
// tenant (TenantAddressCheck, else AddressCheck): the result names no
// tenants. ExpiryNoticeDays, LevyMembers and NexusShare are no settings of the
// calculation, and EUDistanceSales is read from the profile's snapshot
// (policyDistance).
func (s Settings) withPolicy(tenant string, p *profile.Policy) Settings {
	if c := s.TenantAddressCheck[tenant]; c != "" {
		s.AddressCheck = c
	}
	s.TenantAddressCheck = nil
	if p == nil {
		return s
	}
	if p.DefaultCountry != "" {
		s.DefaultCountry = p.DefaultCountry
	}
	if t := p.Tolerance; t != nil {
		s.Tolerance = &Tolerance{Amount: t.Amount, Percent: t.Percent}
	}
	if p.Undercharge != "" {
		s.Procurement.Undercharge = p.Undercharge
	}
	if p.Overcharge != "" {
		s.Procurement.Overcharge = p.Overcharge
	}
	// The policy's EU distance sales are read from the calculation's
	// snapshot of the profile (policyDistance), before the DistanceSales
	// source.
	if p.EUDistanceThreshold != nil {
		v := *p.EUDistanceThreshold
		s.EUDistanceThreshold = &v
	}
	if len(p.Rounding) > 0 {
		s.Rounding = maps.Clone(p.Rounding)
	}
	if p.AddressCheck != "" {
		s.AddressCheck = AddressCheck(p.AddressCheck)
	}
	return s
}

// tenantPolicies holds, for each tenant whose profile has a policy, the
// settings that policy makes of the snapshot's, so that a calculation
// finds them with a map lookup. An entry holds while the tenant's policy
// is the same value (the profile's snapshot is immutable, so a changed
// policy is a new pointer).
type tenantPolicies struct {
	m  atomic.Pointer[map[string]tenantPolicy]
	mu sync.Mutex
}

// tenantPolicy is the settings of a tenant's policy.
type tenantPolicy struct {
	policy   *profile.Policy
	settings *Settings
	err      error
}

// settingsOf returns the settings of the tenant of ctx under policy p
// (nil: the engine's own).
func (s *snapshot) settingsOf(ctx context.Context, p *profile.Policy) (*Settings, error) {
	if p == nil {
		return &s.settings, nil
	}
	tenant := levy.Tenant(ctx)
	if m := s.policies.m.Load(); m != nil {
		if tp, ok := (*m)[tenant]; ok && tp.policy == p {
			return tp.settings, tp.err
		}
	}
	set := s.settings.withPolicy(tenant, p)
	tp := tenantPolicy{policy: p, settings: &set}
	if err := s.storedPolicy(tenant, p); err != nil {
		tp.err = err
	} else if err := set.checkRanges(); err != nil {
		tp.err = &levy.Error{Code: levy.EInternal, Message: fmt.Sprintf("the policy of tenant %s does not make valid settings: %v", tenant, err)}
	}
	s.policies.mu.Lock()
	defer s.policies.mu.Unlock()
	var m map[string]tenantPolicy
	if old := s.policies.m.Load(); old != nil {
		m = maps.Clone(*old)
	} else {
		m = map[string]tenantPolicy{}
	}
	m[tenant] = tp
	s.policies.m.Store(&m)
	return tp.settings, tp.err
}

// storedPolicy checks the rounding of tenant's policy p as it is
// read, by the rules of a policy written (profile.Validator.CheckRounding)
// over the snapshot's jurisdictions: one stored before a rule was added,
// by an older Levy or into the store directly may hold a rounding key
// that matches no jurisdiction ("TX*", or an ID the dataset does not
// know), whose mode the tenant meant for taxes it would then silently
// not reach. It returns nil, or a levy.Errors list of code EConflict
// (the request is sound, the stored policy is not), one for each such
// key, each keeping the field that names it (policy.rounding["TX*"])
// and saying why, so that an answer over HTTP lists them as it lists
// the errors of a policy refused when written. The other members are
// applied as stored (an empty tolerance, now refused when written, still
// holds every variance within it), and checked by checkRanges.
func (s *snapshot) storedPolicy(tenant string, p *profile.Policy) error {
	v := profile.Validator{Jurisdiction: func(id string) bool { _, ok := s.jur.Index(id); return ok }}
	err := v.CheckRounding(p)
	if err == nil {
		return nil
	}
	var list levy.Errors
	if !errors.As(err, &list) {
		return fmt.Errorf("engine: the stored policy of tenant %s: %w", tenant, err)
	}
	out := make(levy.Errors, len(list))
	for i, e := range list {
		out[i] = &levy.Error{Code: levy.EConflict, Field: e.Field, Message: fmt.Sprintf("%s; this breaks a rule of policies, so Levy does not apply the stored policy of tenant %s: "+
			"correct it (PUT /admin/v1/profile/policy), which keeps it as it is until then", e.Message, tenant)}
	}
	return out
}

// classFromCode gives a line without a product class the class that the
// profile maps its product code or commodity code to: the product code
// (a sale's product.value, a SKU) first, then the commodity code of its
// type. A line whose codes nothing maps keeps no class (it is taxed as
// GENERAL) and remembers its first code, to say so.
func classFromCode(ps *profile.Snapshot, l *line, li *lineIn) {
	if class, param, ok := codeClass(ps, li); ok {
		l.productClass, l.codeParam, l.codeMapped = class, param, true
		if l.code = li.productCode; param == "commodityCode" {
			l.code = li.commodity.Value
		}
		return
	}
	switch {
	case li.productCode != "":
		l.codeParam, l.code = "product.value", li.productCode
	case li.commodity != nil && li.commodity.Value != "":
		l.codeParam, l.code = "commodityCode", li.commodity.Value
	}
}

// codeClass returns the class that the profile ps (nil: none) maps the
// codes of li to, the product code (a sale's product.value) first, then
// the commodity code of its type, with the member of the code that maps
// ("product.value" or "commodityCode"); false when neither maps.
func codeClass(ps *profile.Snapshot, li *lineIn) (class, param string, ok bool) {
	if ps == nil {
		return "", "", false
	}
	if li.productCode != "" {
		if class, ok := ps.Class(profile.CodeTypeSKU, li.productCode); ok {
			return class, "product.value", true
		}
	}
	if cc := li.commodity; cc != nil && cc.Value != "" {
		if class, ok := ps.Class(cc.CommodityCodeType, cc.Value); ok {
			return class, "commodityCode", true
		}
	}
	return "", "", false
}

// classDecides reports whether the product class of line l decides any of
// its taxes, so that a code the tenant's profile does not map is worth
// flagging (UnknownProductCodeRule). It does, except on a Brazilian line
// whose NCM code or LC 116 item is known (brazil.go): its taxes follow
// that code, its CFOP and its parties' conditions, never the class. The
// class still decides there whether a certificate limited to classes
// covers the line: a line whose customer has one stored, or whose
// request sends the number of one, keeps the flag.
func classDecides(l *line) bool {
	if l.br == nil || !l.br.hasNCM && l.br.item == "" {
		return true
	}
	if l.sentCert != nil && len(l.sentCert.ProductClasses) > 0 {
		return true
	}
	for i := range l.certs {
		if len(l.certs[i].ProductClasses) > 0 {
			return true
		}
	}
	return false
}

// storedRegs is the seller's stored registrations in force on a date,
// converted once per document.
type storedRegs struct {
	regs []registration
	none bool // the company has stored registrations, none in force
}

// storedRegistrations returns the registrations stored for company that
// are in force on d, as the request's would be, and whether the company
// has stored registrations but none in force then. A stored number that
// only identifies the company (TaxRegistrationType.Identity: its FEIN,
// its trade register number) is no registration, as in a request: a
// company that stores only such numbers has no stored registrations.
func (b *builder) storedRegistrations(ps *profile.Snapshot, company string, d civil.Date) ([]registration, bool) {
	stored := ps.Registrations(company)
	if len(stored) == 0 {
		return nil, false
	}
	if s, ok := b.stored.get(storedKey{company, d}); ok {
		return s.regs, s.none
	}
	var regs []registration
	kept := false
	for i := range stored {
		r := &stored[i]
		if r.IdentityOnly() {
			continue
		}
		kept = true
		if r.InForce(d) {
			reg := storedRegistration(r, d)
			reg.country = b.c.s.vat.InVATArea(registrationCountry(reg.country), d)
			regs = append(regs, reg)
		}
	}
	none := kept && len(regs) == 0
	b.stored.put(storedKey{company, d}, storedRegs{regs: regs, none: none})
	return regs, none
}

// storedRegistration converts a stored registration in force on d: a
// country (DE) is a registration in the country, a state or province
// (US-TX) one in that main division, and any other jurisdiction
// (US-4819000) one that the place's chain must hold, as a request's
// jurisdictionId. Its number is the tenant's own and counts as valid.
//
// The EU's schemes are read from the registration's type (Union Scheme,
// Non-Union Scheme, Import One Stop Shop), the jurisdiction being the
// member state of identification, as on the wire. A registration of
// jurisdiction EU (profile.UnionJurisdiction), which the nexus report
// reads as the Union scheme, is the Union scheme in a calculation too
// unless its type names another (profile.Registration.UnionScheme, which
// the report reads too), so that a report and a calculation agree on
// what a stored registration is.
func storedRegistration(r *profile.Registration, d civil.Date) registration {
	id := r.Jurisdiction
	out := registration{country: id, number: r.Number, syntaxValid: r.Number != "",
		union: r.UnionScheme(), ioss: r.Type == "Import One Stop Shop",
		nonUnion: r.Type == "Non-Union Scheme"}
	if id == profile.UnionJurisdiction {
		// The scheme's member state of identification is the one whose
		// VAT number it uses (VAT Directive, article 369d), when the
		// number says it; else none: the registration is no country's.
		out.country = ""
		if len(r.Number) >= 2 {
			if st, ok := jurisdiction.EUNumberState(strings.ToUpper(r.Number[:2]), d); ok {
				out.country = st
			}
		}
		return out
	}
	if len(id) > 2 {
		out.country = id[:2]
		if st, ok := jurisdiction.SubdivisionOf(id[:2], id[3:]); ok && st.ID() == id {
			out.mainDivision = id
		} else {
			out.jurisdictionID = id
		}
	}
	return out
}

// certificateCovers returns the first of the line's stored certificates
// that covers the tax of jurisdiction j, nil when none does. When none
// does, it also returns why each refused it (see refusals).
func (c *calc) certificateCovers(l *line, j *wire.Jurisdiction) (*profile.Certificate, refusals) {
	u := c.certificateUse(l, j.JurisdictionID)
	var rs refusals
	for i := range l.certs {
		r := l.certs[i].Check(u)
		if r == "" {
			return &l.certs[i], 0
		}
		rs = rs.with(i, reasonIndex(r))
	}
	return nil, rs
}

// certificateUse is what a certificate is asked to cover for the tax of
// jurisdiction id on line l: the line's date and class, with the classes
// that class is within (classesWithin), and the transaction's ID without
// the spaces around it, as a single-purchase certificate stores its
// transaction (a fixed-width ERP field pads "PO-1" to "PO-1    ", and
// is the same purchase).
func (c *calc) certificateUse(l *line, id string) profile.Use {
	return profile.Use{Date: l.date, TransactionID: strings.TrimSpace(c.d.transactionID), Jurisdiction: id, Class: l.productClass,
		Within: classesWithin()[l.productClass]}
}

// classesWithin maps each built-in product class that is within another
// to the classes it is within, nearest first (rules.ParentOf:
// CHILDRENS_CLOTHING to CLOTHING, TEXTBOOKS to BOOKS), for the
// certificates limited to a class, which cover the classes within it
// as the class's rules do. It is built once and never changed.
var classesWithin = sync.OnceValue(func() map[string][]string {
	m := map[string][]string{}
	for _, c := range rules.Classes {
		var up []string
		for p, ok := rules.ParentOf(c.Class); ok && p != c.Class && !slices.Contains(up, p); p, ok = rules.ParentOf(p) {
			up = append(up, p)
		}
		if len(up) > 0 {
			m[c.Class] = up
		}
	}
	return m
})

// refusals records why each of a line's first maxRefusals certificates
// refused one tax: four bits per certificate, its reason's index in
// certificateReasons plus one (0: not recorded), so that the line's
// assisted parameters need not ask the certificates again.
type refusals uint64

// maxRefusals is the most certificates a refusals records.
const maxRefusals = 16

// with returns rs with certificate i's reason k (an index of
// certificateReasons) recorded, when i is one it records.
func (rs refusals) with(i, k int) refusals {
	if i >= maxRefusals || k < 0 {
		return rs
	}
	return rs | refusals(k+1)<<(4*i)
}

// of returns the reason recorded for certificate i, -1 for none.
func (rs refusals) of(i int) int {
	if i >= maxRefusals {
		return -1
	}
	return int(rs>>(4*i)&0xf) - 1
}

// charged reports whether a tax is charged to the customer: taxable, a
// taxable amount above zero, counted, and due from the seller.
func (t *taxOut) charged() bool {
	return t.taxable.Sign() > 0 && t.owed()
}

// refunded reports whether a tax is refunded to the customer: charged
// but for a taxable amount below zero, as on a return's line.
func (t *taxOut) refunded() bool {
	return t.taxable.Sign() < 0 && t.owed()
}

// owed reports whether a tax is taxable, counted, and due from the
// seller, whatever the sign of its amount.
func (t *taxOut) owed() bool {
	return t.result == wire.TaxResultTaxable && t.counted() && !t.notRegistered && !t.zeroCharge
}

// certificateReasons are the refusals of profile.Certificate.Check in
// the order a line reports them.
var certificateReasons = [...]profile.Refusal{profile.RefusalExpired, profile.RefusalNotYetValid, profile.RefusalRevoked,
	profile.RefusalTransaction, profile.RefusalClass, profile.RefusalJurisdiction}

// certificateParameters returns the assisted parameters of a line whose
// customer has stored certificates, for the taxes the line is still
// charged: one per reason that kept a certificate from them (ruleName
// the reason, one of the profile.Refusal values; paramName
// exemptionCertificate; originalValue the number of the first
// certificate, in number order, refused for that reason; value a
// sentence that says why, and how many other certificates of the
// customer were refused for it). A certificate's reason is the first
// that refuses it a charged tax other than the jurisdiction (expired,
// not yet valid, revoked, for another transaction, for other classes),
// and "other jurisdiction" when it covers none of the charged taxes'
// jurisdictions: so a customer's certificate for another state is
// reported once, with the others of its kind, and never beside a reason
// that says more. A line without a charged tax reports nothing: its
// certificates, or the rules, left nothing to charge. A tax refunded (a
// return's negative line) counts as charged, and the sentence says it
// is refunded: a return dated after the certificate lapsed refunds a tax
// that the sale it returns, exempt then, never charged, unless the
// return sends that sale's date (taxDate).
func (c *calc) certificateParameters(l *line, out []wire.AssistedParameter) []wire.AssistedParameter {
	var first [len(certificateReasons)]int
	var count [len(certificateReasons)]int
	var where [len(certificateReasons)]string // the jurisdiction of the first refusal
	anyCharged, refund := false, false
	for ci := range l.certs {
		cert := &l.certs[ci]
		reason, at := -1, ""
		for ti := range l.taxes {
			t := &l.taxes[ti]
			if t.j == nil {
				continue
			}
			if !t.charged() {
				if !t.refunded() {
					continue
				}
				refund = true
			}
			anyCharged = true
			k := t.refused.of(ci)
			if ci >= maxRefusals {
				k = reasonIndex(cert.Check(c.certificateUse(l, t.j.JurisdictionID)))
			}
			if k < 0 {
				continue
			}
			if reason < 0 || k < reason {
				reason, at = k, t.j.JurisdictionID
			}
		}
		if reason < 0 {
			continue
		}
		if count[reason] == 0 {
			first[reason], where[reason] = ci, at
		}
		count[reason]++
	}
	if !anyCharged {
		return out
	}
	for k, n := range count {
		if n == 0 {
			continue
		}
		cert := &l.certs[first[k]]
		out = append(out, wire.AssistedParameter{ParamName: "exemptionCertificate", Phase: wire.PhasePost,
			RuleName: string(certificateReasons[k]), OriginalValue: cert.Number, Value: c.refusal(k, cert, l, where[k], n-1, refund)})
	}
	return out
}

// refusalNote is a sentence of a refusal, kept for the other lines of
// the document that would say the same.
type refusalNote struct {
	reason   int
	cert     *profile.Certificate
	at       string
	others   int
	class    string
	date     civil.Date
	refund   bool
	sentence string
}

// maxRefusalNotes bounds the sentences a document keeps.
const maxRefusalNotes = 16

// refusal returns the sentence of refusal reason k of certificate cert
// on line l: the one an earlier line of the document said, or a new one.
// Lines of one customer, date and class say the same, so a document of
// many lines builds it once. refund says the line refunds the tax (a
// return) rather than charges it.
func (c *calc) refusal(k int, cert *profile.Certificate, l *line, at string, others int, refund bool) string {
	for i := range c.notes {
		n := &c.notes[i]
		if n.reason == k && n.cert == cert && n.at == at && n.others == others && n.class == l.productClass && n.date == l.date && n.refund == refund {
			return n.sentence
		}
	}
	s := refusalSentence(certificateReasons[k], cert, c.d.transactionID, l, at, others, refund)
	if len(c.notes) < maxRefusalNotes {
		c.notes = append(c.notes, refusalNote{reason: k, cert: cert, at: at, others: others, class: l.productClass, date: l.date, refund: refund, sentence: s})
	}
	return s
}

// reasonIndex returns the index of r in certificateReasons, -1 for none.
func reasonIndex(r profile.Refusal) int {
	if r == "" {
		return -1
	}
	for i, x := range certificateReasons {
		if x == r {
			return i
		}
	}
	return -1
}

// refusalSentence says why certificate c of the line's customer did not
// exempt a tax charged (refunded, when refund is set) in jurisdiction
// at, and how many others were refused for the same reason.
func refusalSentence(r profile.Refusal, c *profile.Certificate, txID string, l *line, at string, others int, refund bool) string {
	var b strings.Builder
	b.Grow(160)
	w := func(parts ...string) {
		for _, p := range parts {
			b.WriteString(p)
		}
	}
	w("exemption certificate ", c.Number, " of customer ", c.CustomerCode)
	writeRefusal(&b, r, c, txID, l, at)
	if refund {
		w(": the tax is refunded; a return of a sale the certificate exempted sends that sale's date as its taxDate")
	} else {
		w(": the tax is charged")
	}
	switch {
	case others == 1:
		w("; 1 other certificate of the customer is refused for the same reason")
	case others > 1:
		w("; ", strconv.Itoa(others), " other certificates of the customer are refused for the same reason")
	}
	return b.String()
}

// writeRefusal writes to b what refusal r says of certificate c for a tax
// of line l charged in jurisdiction at, a clause that follows the
// certificate's name (" expired on 2025-12-31, before the tax date
// 2026-06-01").
func writeRefusal(b *strings.Builder, r profile.Refusal, c *profile.Certificate, txID string, l *line, at string) {
	w := func(parts ...string) {
		for _, p := range parts {
			b.WriteString(p)
		}
	}
	list := func(items []string) {
		for i, x := range items {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(x)
		}
	}
	switch r {
	case profile.RefusalExpired:
		w(" expired on ", dateString(c.ExpirationDate), ", before the tax date ", l.dateText)
	case profile.RefusalNotYetValid:
		w(" takes effect on ", dateString(c.EffectiveDate), ", after the tax date ", l.dateText)
	case profile.RefusalRevoked:
		w(" was revoked")
		if !c.RevokedDate.IsZero() {
			w(" on ", dateString(c.RevokedDate))
		}
	case profile.RefusalTransaction:
		w(" is for transaction ", c.TransactionID, " only")
		if txID == "" {
			w(", and this one has no transactionId")
		} else {
			w(", not ", txID)
		}
	case profile.RefusalClass:
		w(" covers ")
		list(c.ProductClasses)
		w(", not ", l.productClass)
	case profile.RefusalJurisdiction:
		w(" covers ")
		list(c.Jurisdictions)
		w(", not ", at)
	}
}

// sentCertificateParameter returns out with the assisted parameter of a
// line whose request's certificate number (exempt every tax as the
// request asks) is the stored certificate l.sentCert, when that
// certificate would not cover one of the taxes the number exempts on the
// line's date: ruleName SentCertificateRulePrefix and the first reason,
// in the order of certificateReasons, that refuses it one of them
// (expired, not yet valid, revoked, another transaction, other classes,
// other jurisdictions); paramName exemptionCertificate; originalValue the
// number; value a sentence naming the stored certificate's state. The
// taxes stay exempt. It allocates only when it reports.
func (c *calc) sentCertificateParameter(l *line, out []wire.AssistedParameter) []wire.AssistedParameter {
	cert := l.sentCert
	if l.sentOther {
		return c.sentOtherParameter(l, out)
	}
	reason, at := -1, ""
	for ti := range l.taxes {
		t := &l.taxes[ti]
		// The taxes the request's number exempted name it.
		if t.j == nil || t.certificate != l.customer.certificate {
			continue
		}
		k := reasonIndex(cert.Check(c.certificateUse(l, t.j.JurisdictionID)))
		if k >= 0 && (reason < 0 || k < reason) {
			reason, at = k, t.j.JurisdictionID
		}
	}
	if reason < 0 {
		return out
	}
	var b strings.Builder
	b.Grow(200)
	b.WriteString("the tenant's profile holds exemption certificate ")
	b.WriteString(cert.Number)
	b.WriteString(" of customer ")
	b.WriteString(cert.CustomerCode)
	b.WriteString(", which")
	writeRefusal(&b, certificateReasons[reason], cert, c.d.transactionID, l, at)
	b.WriteString(": the request sends the number, which exempts the taxes all the same")
	return append(out, wire.AssistedParameter{ParamName: "exemptionCertificate", Phase: wire.PhasePost,
		RuleName: sentCertificateRules[reason], OriginalValue: cert.Number, Value: b.String()})
}

// sentCertificate looks up, to report on (sentCertificateParameter), the
// exemptionCertificate number that the request sends for the line's
// customer (l.customer.certificate, "" for none): the certificate of that
// number that the customer of code holds, else one that another customer
// holds (l.sentOther). A request that names no customer (code "", or
// spaces) holds no certificate (every stored one has its customer), so
// any customer's of that number is another's. It allocates nothing.
func sentCertificate(ps *profile.Snapshot, l *line, code string) {
	number := l.customer.certificate
	if number == "" {
		return
	}
	if cert, ok := ps.Certificate(code, number); ok {
		l.sentCert = cert
		return
	}
	l.sentCert, l.sentOther = ps.CertificateHeldByOther(code, number)
}

// sentOtherParameter returns out with the assisted parameter of a line
// whose request's certificate number, which exempts taxes of the line,
// is held in the tenant's profile by another customer than the
// request's (l.sentCert, l.sentOther): ruleName SentOtherCustomerRule.
// The taxes stay exempt.
func (c *calc) sentOtherParameter(l *line, out []wire.AssistedParameter) []wire.AssistedParameter {
	cert := l.sentCert
	exempted := false
	for ti := range l.taxes {
		if t := &l.taxes[ti]; t.j != nil && t.certificate == l.customer.certificate {
			exempted = true
			break
		}
	}
	if !exempted {
		return out
	}
	code := ""
	if in := l.in; in != nil {
		code = strings.TrimSpace(in.parties.customerCode)
	}
	held := "the tenant's profile holds exemption certificate " + cert.Number + " for customer " + cert.CustomerCode
	var value string
	if code == "" {
		value = held + ", and the request sends no customerCode: the number exempts the taxes all the same"
	} else {
		value = held + ", not for customer " + code + ": the request sends the number, which exempts the taxes all the same"
	}
	return append(out, wire.AssistedParameter{ParamName: "exemptionCertificate", Phase: wire.PhasePost,
		RuleName: SentOtherCustomerRule, OriginalValue: cert.Number, Value: value})
}

// exemptFlagParameter returns out with the assisted parameter of a line
// whose customer the request exempts by isTaxExempt alone, when the
// customer's stored certificates (l.flagCerts) would not have exempted
// one of the taxes the flag exempts on the line's date
// (ExemptFlagUncoveredRule): the first such tax, in the line's order,
// and of the certificates, the one refused for the first reason in the
// order of certificateReasons (expired before other jurisdiction), which
// the sentence names. The taxes stay exempt. It allocates only when it
// reports.
func (c *calc) exemptFlagParameter(l *line, out []wire.AssistedParameter) []wire.AssistedParameter {
	for ti := range l.taxes {
		t := &l.taxes[ti]
		if t.j == nil || t.ruleID != "customer-exempt" || t.certificate != "" {
			continue
		}
		u := c.certificateUse(l, t.j.JurisdictionID)
		best, reason := -1, -1
		for ci := range l.flagCerts {
			k := reasonIndex(l.flagCerts[ci].Check(u))
			if k < 0 {
				best = -1
				break
			}
			if reason < 0 || k < reason {
				best, reason = ci, k
			}
		}
		if best < 0 {
			continue
		}
		cert := &l.flagCerts[best]
		var b strings.Builder
		b.Grow(240)
		b.WriteString("the request sends isTaxExempt for customer ")
		b.WriteString(cert.CustomerCode)
		b.WriteString(", and none of its exemption certificates in the tenant's profile covers the tax of ")
		b.WriteString(t.j.JurisdictionID)
		b.WriteString(" on ")
		b.WriteString(l.dateText)
		b.WriteString(" (certificate ")
		b.WriteString(cert.Number)
		writeRefusal(&b, certificateReasons[reason], cert, c.d.transactionID, l, t.j.JurisdictionID)
		b.WriteString("): the flag exempts the taxes all the same")
		path := "customer"
		if l.in != nil && l.in.parties.customerPath != "" {
			path = l.in.parties.customerPath
		}
		return append(out, wire.AssistedParameter{ParamName: path + ".isTaxExempt", Phase: wire.PhasePost,
			RuleName: ExemptFlagUncoveredRule, OriginalValue: "true", Value: b.String()})
	}
	return out
}
