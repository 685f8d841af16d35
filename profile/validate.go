package profile

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/shopspring/decimal"

	"github.com/levytax/levy"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// The limits of a change set.
const (
	// MaxChanges is the most records one change set may store or delete.
	MaxChanges = 10000
	// MaxImportRecords is the most records one import may hold (the rows
	// of its files, or the records of a change set read back), more than
	// one change may store: the records equal to the stored ones are left
	// out (TrimUnchanged) before the change is made, and at most
	// MaxChanges of the others may change at once. So a tenant of more
	// records than MaxChanges imports its own export back, changing what
	// it edited.
	MaxImportRecords = 20 * MaxChanges
	// MaxErrors is the most errors a refused change set reports; the
	// rest are left out.
	MaxErrors = 200
	// maxListItems bounds the jurisdictions and classes of a certificate.
	maxListItems = 100
	// maxExpiryNoticeDays bounds Policy.ExpiryNoticeDays.
	maxExpiryNoticeDays = 366
	// MaxPolicyEntries bounds the entries of each map of a policy (its
	// rounding, its EU distance sales): the engine walks the rounding's
	// keys for every tax it computes for the tenant.
	MaxPolicyEntries = 1000
)

// Validator checks change sets: each field on its own (Check) and the
// rules across records (CheckAgainst). Its zero value checks the form of
// jurisdiction IDs only and knows the built-in product classes.
type Validator struct {
	// Jurisdiction reports whether a jurisdiction ID, in its stored form
	// (NormalizeJurisdiction), is one that Levy knows: a host passes a
	// lookup in its dataset, so that this package needs none. Nil
	// accepts every ID of the right form.
	Jurisdiction func(id string) bool
	// Class reports whether a product class is known, for the classes of
	// certificates and products: a host that adds classes in its own rules
	// passes the engine's list. Nil knows the built-in classes
	// (BuiltinClass).
	Class func(class string) bool
	// Currency reports whether an ISO 4217 alphabetic code, in upper
	// case, is a currency of the host's dataset, for the currency of a
	// franchise fee per line. Nil accepts every code of three letters.
	Currency func(alpha string) bool
	// Country returns the ISO 3166-1 alpha-2 code of the country that a
	// country's name names as the host's dataset reads it ("Germany"
	// gives "DE"), for the address of a registration's fiscal
	// representative, and whether it names one. Nil knows the ISO codes
	// alone.
	Country func(name string) (alpha2 string, ok bool)
}

// errorList gathers the errors of a change set, up to MaxErrors.
type errorList struct{ errs levy.Errors }

func (l *errorList) add(field, format string, args ...any) {
	if len(l.errs) < MaxErrors {
		l.errs = append(l.errs, levy.Invalid(field, format, args...))
	}
}

func (l *errorList) addErr(err error) {
	if err == nil || len(l.errs) >= MaxErrors {
		return
	}
	var e *levy.Error
	if le, ok := err.(*levy.Error); ok {
		e = le
	} else {
		e = &levy.Error{Code: levy.EInvalid, Message: err.Error()}
	}
	l.errs = append(l.errs, e)
}

// addAll adds the errors of err, a levy.Errors list or one *levy.Error,
// and returns err when it is neither (nil when it is nil).
func (l *errorList) addAll(err error) error {
	var list levy.Errors
	var one *levy.Error
	switch {
	case err == nil:
	case errors.As(err, &list):
		for _, e := range list {
			l.addErr(e)
		}
	case errors.As(err, &one):
		l.addErr(one)
	default:
		return err
	}
	return nil
}

func (l *errorList) err() error {
	if len(l.errs) == 0 {
		return nil
	}
	return l.errs
}

// Check validates and normalises every record of cs in place: codes lose
// surrounding spaces, jurisdictions take their stored form ("TX" becomes
// "US-TX", "DEU" becomes "DE": NormalizeJurisdiction), reason codes theirs ("g" becomes "G", "3" becomes "0003"),
// code types and statuses theirs. It reports every problem it finds (up
// to MaxErrors) as a levy.Errors list, each error of code EInvalid naming
// its field by its JSON path in the change set
// ("certificates[3].expirationDate"); a key that cs lists twice is one of
// them. Check does not look at the stored records: CheckAgainst does.
// A nil cs changes nothing and passes, as an empty change set does.
func (v Validator) Check(cs *ChangeSet) error {
	if cs == nil {
		return nil
	}
	if n := cs.Len(); n > MaxChanges {
		return levy.Errors{{Code: levy.ETooLarge, Message: fmt.Sprintf("the change set has %d records; at most %d may change at once", n, MaxChanges)}}
	}
	return v.check(cs)
}

// checkImport is Check of the change set of an import, which may hold
// up to MaxImportRecords records before those equal to the stored ones
// are left out of it.
func (v Validator) checkImport(cs *ChangeSet) error {
	if cs == nil {
		return nil
	}
	if n := cs.Len(); n > MaxImportRecords {
		return levy.Errors{{Code: levy.ETooLarge, Message: fmt.Sprintf("the import has %d records; at most %d are read at once, of which at most %d may differ from the stored ones: split it", n, MaxImportRecords, MaxChanges)}}
	}
	return v.check(cs)
}

// check is Check without the bound of the number of records.
func (v Validator) check(cs *ChangeSet) error {
	var l errorList
	seen := map[Key]string{}
	dup := func(k Key, field string) {
		if first, ok := seen[k]; ok {
			l.add(field, "%s is listed twice (also at %s)", k, first)
			return
		}
		seen[k] = field
	}
	checkEach(&l, cs.Customers, "customers", "code", v.customer, dup, func(c *Customer) bool { return c.Code != "" })
	checkEach(&l, cs.Certificates, "certificates", "number", v.certificate, dup,
		func(c *Certificate) bool { return c.Number != "" && c.CustomerCode != "" })
	checkEach(&l, cs.Registrations, "registrations", "number", v.registration, dup,
		func(r *Registration) bool { return r.Number != "" && r.Jurisdiction != "" })
	checkEach(&l, cs.Products, "products", "code", v.product, dup, func(p *Product) bool { return p.Code != "" })
	checkEach(&l, cs.Franchises, "franchises", "name", v.franchise, dup, func(f *Franchise) bool { return f.AreaID != "" && f.Name != "" })
	if cs.Policy != nil {
		v.policy(&l, "policy", cs.Policy)
		seen[PolicyKey()] = "policy"
	}
	for i := range cs.Deletes {
		p := fmt.Sprintf("deletes[%d]", i)
		if v.key(&l, p, &cs.Deletes[i]) {
			dup(cs.Deletes[i], p)
		}
	}
	return l.err()
}

// CheckRounding checks the rounding of a policy read back from a store
// by the rules that Check applies to a policy written, for one stored
// before a rule was added, by an older Levy or into the store directly:
// a key that no jurisdiction ID can start with ("TX*"), or that names no
// jurisdiction Levy knows, would match no tax. Its errors name the keys
// as Check's do (policy.rounding["TX*"]); nil when the rounding is one
// Check takes, or the policy is nil. It leaves the policy as it is.
func (v Validator) CheckRounding(p *Policy) error {
	if p == nil {
		return nil
	}
	var l errorList
	v.rounding(&l, "policy", p)
	return l.err()
}

// checkEach checks each record of list, the change set's member name
// ("certificates"), with check, and then its key, once whole says it
// has one, against the keys listed before it (dup), naming its member
// keyMember ("certificates[3].number").
func checkEach[T any, P keyed[T]](l *errorList, list []T, name, keyMember string, check func(*errorList, string, *T),
	dup func(Key, string), whole func(*T) bool) {
	for i := range list {
		p := fmt.Sprintf("%s[%d]", name, i)
		check(l, p, &list[i])
		if whole(&list[i]) {
			dup(P(&list[i]).Key(), p+"."+keyMember)
		}
	}
}

// CheckAgainst checks the rules that cs, checked by Check, must keep with
// the tenant's records cur, as Service.Apply calls it within the change's
// atomic unit: a certificate's customer exists once cs is applied, a
// deleted record exists, and a customer is not deleted while
// certificates of it remain. Errors are as Check's. cur need hold only
// the records that cs's Need names: the customers of its certificates,
// the records it deletes, and the certificates of the customers it
// deletes. A nil cs passes; a nil cur holds no records.
func (v Validator) CheckAgainst(cur *Records, cs *ChangeSet) error {
	if cs == nil {
		return nil
	}
	if cur == nil {
		cur = &Records{}
	}
	return v.checkAgainst(cur, cs)
}

// need returns the records of the tenant that CheckAgainst reads for cs,
// and, with stored, those that cs stores, for checkExpected.
func (cs *ChangeSet) need(stored bool) Need {
	var n Need
	seen := map[Key]bool{}
	want := func(k Key) {
		if !seen[k] {
			seen[k] = true
			n.Keys = append(n.Keys, k)
		}
	}
	for i := range cs.Certificates {
		want(CustomerKey(cs.Certificates[i].CustomerCode))
	}
	for _, k := range cs.Deletes {
		want(k)
		if k.Kind == KindCustomer {
			n.CertificatesOf = append(n.CertificatesOf, k.Code)
		}
	}
	if stored {
		for _, k := range cs.storedKeys() {
			want(k.key)
		}
	}
	return n
}

// keyField is the key of a record that a change set stores, with the
// field that names it there ("certificates[2].number").
type keyField struct {
	key   Key
	field string
}

// storedKeys returns the keys of the records (not the policy) that cs
// stores, each with the field of its key.
func (cs *ChangeSet) storedKeys() []keyField {
	out := make([]keyField, 0, len(cs.Customers)+len(cs.Certificates)+len(cs.Registrations)+len(cs.Products)+len(cs.Franchises))
	out = appendKeys(out, cs.Customers, "customers", "code")
	out = appendKeys(out, cs.Certificates, "certificates", "number")
	out = appendKeys(out, cs.Registrations, "registrations", "number")
	out = appendKeys(out, cs.Products, "products", "code")
	return appendKeys(out, cs.Franchises, "franchises", "name")
}

// appendKeys appends the keys of the records of list, the change set's
// member name, each with the field of its key, keyMember.
func appendKeys[T any, P keyed[T]](out []keyField, list []T, name, keyMember string) []keyField {
	for i := range list {
		out = append(out, keyField{P(&list[i]).Key(), fmt.Sprintf("%s[%d].%s", name, i, keyMember)})
	}
	return out
}

// checkExpected checks that the records cs stores are new, or stored,
// as want says, against the tenant's records cur (which hold those
// records when they exist: see need).
func (cs *ChangeSet) checkExpected(cur *Records, want expect) error {
	if want == anyRecord {
		return nil
	}
	var errs levy.Errors
	for _, k := range cs.storedKeys() {
		if len(errs) >= MaxErrors {
			break
		}
		switch has := cur.Has(k.key); {
		case want == newRecords && has:
			errs = append(errs, levy.Invalid(k.field, "%s exists already: change it rather than create it", k.key))
		case want == storedRecords && !has:
			errs = append(errs, levy.NotFound(k.field, "%s is not in the tenant's profile", k.key))
		}
	}
	if len(errs) == 0 {
		return nil
	}
	return errs
}

// checkAgainst is CheckAgainst.
func (v Validator) checkAgainst(cur *Records, cs *ChangeSet) error {
	var l errorList
	deleted := map[Key]bool{}
	for _, k := range cs.Deletes {
		deleted[k] = true
	}
	customers := map[string]bool{}
	for i := range cur.Customers {
		if !deleted[cur.Customers[i].Key()] {
			customers[cur.Customers[i].Code] = true
		}
	}
	for i := range cs.Customers {
		customers[cs.Customers[i].Code] = true
	}
	for i := range cs.Certificates {
		if c := &cs.Certificates[i]; !customers[c.CustomerCode] {
			l.add(fmt.Sprintf("certificates[%d].customerCode", i), "there is no customer %q: store the customer first, or in the same change", clip(c.CustomerCode))
		}
	}
	// The certificates of each customer once cs is applied.
	held := map[string][]string{}
	for i := range cur.Certificates {
		if c := &cur.Certificates[i]; !deleted[c.Key()] {
			held[c.CustomerCode] = append(held[c.CustomerCode], c.Number)
		}
	}
	for i := range cs.Certificates {
		c := &cs.Certificates[i]
		if !slices.Contains(held[c.CustomerCode], c.Number) {
			held[c.CustomerCode] = append(held[c.CustomerCode], c.Number)
		}
	}
	for i, k := range cs.Deletes {
		p := fmt.Sprintf("deletes[%d]", i)
		if !cur.Has(k) {
			l.add(p, "there is no %s to delete", k)
			continue
		}
		if k.Kind == KindCustomer {
			if nums := held[k.Code]; len(nums) > 0 {
				slices.Sort(nums)
				l.add(p, "customer %q still holds certificates %s: delete them in the same change", clip(k.Code), strings.Join(nums, ", "))
			}
		}
	}
	return l.err()
}

// code checks a required code of at most max characters; it trims *s.
func code(l *errorList, field string, s *string, max int, required bool) {
	*s = strings.TrimSpace(*s)
	switch {
	case *s == "":
		if required {
			l.add(field, "is required")
		}
	case utf8.RuneCountInString(*s) > max:
		l.add(field, "must be at most %d characters", max)
	default:
		l.addErr(wire.CheckIdentifier(field, *s))
	}
}

// keyPart checks a code that is a part of a record's key beyond code's
// checks: the admin routes name a record by its key parts in their path
// (/customers/{code}), where a part that is ".", "..", or that holds such
// a piece or an empty one between slashes ("a//b", "x/../y", "a/") makes a
// path that names another route, or none: the record could be stored
// but never read, changed or deleted there. A slash between other
// characters ("ACME/01") is fine: it travels as %2F.
func keyPart(l *errorList, field, s string) {
	if s != "." && s != ".." && !strings.Contains(s, "/") {
		return
	}
	for piece := range strings.SplitSeq(s, "/") {
		if piece == "" || piece == "." || piece == ".." {
			l.add(field, "%q has an empty, \".\" or \"..\" piece between slashes, which no path of the admin routes can name", clip(s))
			return
		}
	}
}

func (v Validator) customer(l *errorList, p string, c *Customer) {
	code(l, p+".code", &c.Code, MaxCode, true)
	keyPart(l, p+".code", c.Code)
	code(l, p+".classCode", &c.ClassCode, 40, false)
	code(l, p+".name", &c.Name, 200, false)
}

func (v Validator) certificate(l *errorList, p string, c *Certificate) {
	code(l, p+".number", &c.Number, 30, true)
	keyPart(l, p+".number", c.Number)
	code(l, p+".customerCode", &c.CustomerCode, MaxCode, true)
	keyPart(l, p+".customerCode", c.CustomerCode)
	c.Jurisdictions = v.jurisdictions(l, p+".jurisdictions", c.Jurisdictions)
	if r, ok := NormalizeReason(c.ReasonCode); ok {
		c.ReasonCode = r
	} else if strings.TrimSpace(c.ReasonCode) == "" {
		l.add(p+".reasonCode", "is required: an SST reason (A to M) or a four-digit code of the wire")
	} else {
		l.add(p+".reasonCode", "%q is not a reason code: an SST reason (A to M, G for resale) or a four-digit code of the wire", clip(c.ReasonCode))
	}
	c.ProductClasses = v.classes(l, p+".productClasses", c.ProductClasses)
	if c.EffectiveDate.IsZero() {
		l.add(p+".effectiveDate", "is required")
	}
	if !c.ExpirationDate.IsZero() && !c.EffectiveDate.IsZero() && c.ExpirationDate.Before(c.EffectiveDate) {
		l.add(p+".expirationDate", "%s is before the effective date %s", c.ExpirationDate, c.EffectiveDate)
	}
	code(l, p+".transactionId", &c.TransactionID, 40, false)
	if c.TransactionID == "." || c.TransactionID == ".." {
		// A transaction ID is never a dot segment (wire.CheckTransactionID):
		// the certificate would cover nothing.
		l.add(p+".transactionId", "%q is the ID of no transaction: a transactionId is never \".\" or \"..\"", c.TransactionID)
	}
	switch strings.ToLower(strings.TrimSpace(c.Status)) {
	case "", StatusActive:
		c.Status = StatusActive
		if !c.RevokedDate.IsZero() {
			l.add(p+".revokedDate", "is set on an active certificate: set status %q with it", StatusRevoked)
		}
	case StatusRevoked:
		c.Status = StatusRevoked
		if c.RevokedDate.IsZero() {
			l.add(p+".revokedDate", "is required with status %q: the first day the certificate no longer covers", StatusRevoked)
		}
	default:
		l.add(p+".status", "%q is not a status: %s or %s", clip(c.Status), StatusActive, StatusRevoked)
	}
	if d := c.Document; d != nil {
		d.SHA256 = strings.ToLower(strings.TrimSpace(d.SHA256))
		if !validDigest(d.SHA256) {
			l.add(p+".document.sha256", "must be the hex SHA-256 of the document, 64 hex digits")
		}
		d.MediaType = strings.ToLower(strings.TrimSpace(d.MediaType))
		if !slices.Contains(DocumentTypes, d.MediaType) {
			l.add(p+".document.mediaType", "%q is not a type of document kept: use one of %s", clip(d.MediaType), strings.Join(DocumentTypes, ", "))
		}
		name, err := CleanFileName(p+".document.fileName", d.FileName)
		l.addErr(err)
		d.FileName = name
		if d.Size <= 0 || d.Size > MaxDocumentSize {
			l.add(p+".document.size", "must be between 1 and %d bytes", MaxDocumentSize)
		}
	}
}

// jurisdictions normalises and checks a certificate's list of
// jurisdictions, of which there must be one at least; an ID listed twice
// is kept once.
func (v Validator) jurisdictions(l *errorList, p string, list []string) []string {
	if len(list) == 0 {
		l.add(p, "is required: the countries, states or jurisdictions the certificate covers")
		return list
	}
	if len(list) > maxListItems {
		l.add(p, "must have at most %d items", maxListItems)
		return list
	}
	out := make([]string, 0, len(list))
	for j, s := range list {
		id, ok := v.jurisdiction(l, fmt.Sprintf("%s[%d]", p, j), s)
		if ok && !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

// jurisdiction normalises and checks one jurisdiction.
func (v Validator) jurisdiction(l *errorList, field, s string) (string, bool) {
	id, ok := NormalizeJurisdiction(s)
	switch {
	case strings.TrimSpace(s) == "":
		l.add(field, "is required")
	case !ok:
		l.add(field, "%q is not a jurisdiction ID: %s", clip(s), JurisdictionForms)
	case v.Jurisdiction != nil && !v.Jurisdiction(id):
		l.add(field, "%q is not a jurisdiction Levy knows", clip(id))
		ok = false
	}
	return id, ok
}

// classes checks a certificate's product classes; a class listed twice is
// kept once.
func (v Validator) classes(l *errorList, p string, list []string) []string {
	if len(list) > maxListItems {
		l.add(p, "must have at most %d items", maxListItems)
		return list
	}
	var out []string
	for j, c := range list {
		c = strings.TrimSpace(c)
		if v.class(l, fmt.Sprintf("%s[%d]", p, j), c) && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}

// class checks one product class.
func (v Validator) class(l *errorList, field, c string) bool {
	known := v.Class
	if known == nil {
		known = BuiltinClass
	}
	switch {
	case c == "":
		l.add(field, "is required")
	case !known(c) && strings.ToUpper(c) != c && known(strings.ToUpper(c)):
		// An ERP that writes its classes in lower case: the class is
		// named in capitals, as the rules name it.
		l.add(field, "%q is not a product class Levy knows: classes are written in capitals, %s", clip(c), clip(strings.ToUpper(c)))
	case !known(c):
		l.add(field, "%q is not a product class Levy knows (levy classes lists them)", clip(c))
	default:
		return true
	}
	return false
}

func (v Validator) registration(l *errorList, p string, r *Registration) {
	code(l, p+".companyCode", &r.CompanyCode, MaxCode, false)
	if id, ok := v.jurisdiction(l, p+".jurisdiction", r.Jurisdiction); ok {
		r.Jurisdiction = id
	} else {
		r.Jurisdiction = ""
	}
	code(l, p+".number", &r.Number, 40, true)
	keyPart(l, p+".number", r.Number)
	if c := CanonicalNumber(r.Jurisdiction, r.Number); c != "" && len(c) <= 40 {
		r.Number = c
	}
	if r.Type != "" && !r.Type.Valid() {
		l.add(p+".type", "%q is not a kind of tax registration (the wire's taxRegistrationType)", clip(string(r.Type)))
	}
	if !r.EndDate.IsZero() && !r.EffectiveDate.IsZero() && r.EndDate.Before(r.EffectiveDate) {
		l.add(p+".endDate", "%s is before the effective date %s", r.EndDate, r.EffectiveDate)
	}
	if r.Representative != nil {
		v.representative(l, p+".representative", r.Representative)
	}
}

// The bounds of a fiscal representative's members, those of the wire's
// fiscalRepresentative and its address.
const (
	maxRepresentativeName = 200
	maxStreet             = 100
	maxPlace              = 60
	maxPostalCode         = 20
)

// representative normalises and checks the fiscal representative of a
// registration: its name, its number and its address's country are
// required, the country an ISO 3166 code (stored as its alpha-2 code)
// or a country's name that the host reads (Validator.Country), and
// every member is bounded as the wire bounds it.
func (v Validator) representative(l *errorList, p string, rep *Representative) {
	text(l, p+".name", &rep.Name, maxRepresentativeName, true)
	code(l, p+".number", &rep.Number, 40, true)
	a := rep.Address
	if a == nil {
		l.add(p+".address.country", "is required: the country of the representative's address")
		return
	}
	p += ".address"
	text(l, p+".street1", &a.Street1, maxStreet, false)
	text(l, p+".street2", &a.Street2, maxStreet, false)
	text(l, p+".city", &a.City, maxPlace, false)
	text(l, p+".mainDivision", &a.MainDivision, maxPlace, false)
	code(l, p+".postalCode", &a.PostalCode, maxPostalCode, false)
	if text(l, p+".country", &a.Country, maxPlace, true) {
		if c, ok := v.country(a.Country); ok {
			a.Country = c
		} else {
			l.add(p+".country", "%q is not a country: an ISO 3166 code (DE, DEU) or a country's name", clip(a.Country))
		}
	}
}

// country returns the ISO 3166-1 alpha-2 code of s, an alpha-2 or
// alpha-3 code in any case or a name that Validator.Country reads.
func (v Validator) country(s string) (string, bool) {
	u := strings.ToUpper(s)
	if _, ok := jurisdiction.CountryAlpha3(u); ok {
		return u, true
	}
	if a2, ok := jurisdiction.CountryAlpha2(u); ok {
		return a2, true
	}
	if v.Country != nil {
		return v.Country(s)
	}
	return "", false
}

// text trims free text *s and checks it as code does an identifier: at
// most max characters, required when said, and fit to be free text on
// one line (wire.CheckText). It reports whether *s is set and good.
func text(l *errorList, field string, s *string, max int, required bool) bool {
	*s = strings.TrimSpace(*s)
	switch {
	case *s == "":
		if required {
			l.add(field, "is required")
		}
	case utf8.RuneCountInString(*s) > max:
		l.add(field, "must be at most %d characters", max)
	default:
		if err := wire.CheckText(field, *s, false); err != nil {
			l.addErr(err)
			return false
		}
		return true
	}
	return false
}

func (v Validator) product(l *errorList, p string, pr *Product) {
	if t, ok := normalizeCodeType(pr.CodeType); ok {
		pr.CodeType = t
	} else {
		l.add(p+".codeType", "%q is not a code type: capital letters, digits, '_', '-' or '.', at most 60", clip(pr.CodeType))
	}
	keyPart(l, p+".codeType", pr.CodeType)
	code(l, p+".code", &pr.Code, MaxCode, true)
	keyPart(l, p+".code", pr.Code)
	if pr.Code != "" && (pr.CodeType == CodeTypeHS || pr.CodeType == CodeTypeTIC) {
		if c, ok := normalizeNumericCode(pr.Code); ok {
			pr.Code = c
		} else {
			l.add(p+".code", "%q is not a %s code: digits, with dots or spaces between them", clip(pr.Code), pr.CodeType)
		}
	}
	pr.Class = strings.TrimSpace(pr.Class)
	v.class(l, p+".class", pr.Class)
}

// maxFranchiseName bounds the name of a franchise fee, the code of its
// key.
const maxFranchiseName = 60

// The longest codes of the records, in characters: MaxCode bounds a
// customer's code (and a certificate's customerCode), a registration's
// companyCode, a product's code and a franchise fee's areaId; MaxCodeType
// a product's code type. A filter of the admin routes that is longer
// keeps no record.
const (
	MaxCode     = 40
	MaxCodeType = 60
)

// franchise checks a franchise fee: its area and name, its grantor, one
// of a rate (at least 0, under 1) and an amount per line (at least 0),
// and its dates. PerLine is set when the fee has an amount.
func (v Validator) franchise(l *errorList, p string, f *Franchise) {
	code(l, p+".areaId", &f.AreaID, MaxCode, true)
	keyPart(l, p+".areaId", f.AreaID)
	code(l, p+".name", &f.Name, maxFranchiseName, true)
	keyPart(l, p+".name", f.Name)
	if strings.TrimSpace(f.Jurisdiction) != "" {
		if id, ok := v.jurisdiction(l, p+".jurisdiction", f.Jurisdiction); ok {
			f.Jurisdiction = id
		}
	} else {
		f.Jurisdiction = ""
	}
	switch {
	case f.Rate == nil && f.Amount == nil:
		l.add(p+".rate", "is required: give a rate (a fraction of the line's amount, 0.05 for 5%%) or an amount per line")
	case f.Rate != nil && f.Amount != nil:
		l.add(p+".amount", "is given beside a rate: a fee is a rate of the line's amount or an amount per line, not both")
	case f.Rate != nil:
		if f.PerLine {
			l.add(p+".perLine", "is true, but the fee gives a rate: a per-line fee gives an amount")
		}
		if bounded(l, p+".rate", *f.Rate) && (f.Rate.Sign() < 0 || f.Rate.GreaterThanOrEqual(decimal.NewFromInt(1))) {
			l.add(p+".rate", "%s is not a fraction of at least 0 and under 1 (0.05 for 5%%)", f.Rate)
		}
	default:
		f.PerLine = true
		if bounded(l, p+".amount", *f.Amount) && f.Amount.Sign() < 0 {
			l.add(p+".amount", "%s is negative: an amount per line is at least 0", f.Amount)
		}
	}
	v.feeCurrency(l, p+".currency", f)
	if !f.ExpirationDate.IsZero() && !f.EffectiveDate.IsZero() && f.ExpirationDate.Before(f.EffectiveDate) {
		l.add(p+".expirationDate", "%s is before the effective date %s", f.ExpirationDate, f.EffectiveDate)
	}
	code(l, p+".source", &f.Source, 200, false)
}

// feeCurrency checks and normalises the currency of franchise fee f: ""
// (the rule of fees without one), or the ISO 4217 code of a currency
// that the host knows, in upper case, of a fee with an amount per line.
func (v Validator) feeCurrency(l *errorList, field string, f *Franchise) {
	f.Currency = strings.ToUpper(strings.TrimSpace(f.Currency))
	switch {
	case f.Currency == "":
	case len(f.Currency) != 3 || strings.Trim(f.Currency, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") != "":
		l.add(field, "%q is not an ISO 4217 currency code: three letters, EUR for the euro", clip(f.Currency))
	case v.Currency != nil && !v.Currency(f.Currency):
		l.add(field, "%s is not a currency of Levy's dataset", f.Currency)
	case f.Rate != nil && f.Amount == nil:
		l.add(field, "is given for a fee of a rate: a currency is that of an amount per line")
	}
}

// bounded reports whether d, the number of field f of a profile record,
// is bounded as every number of a request is: less than
// 10^wire.MaxAmountDigits in absolute value, and with at most
// money.MaxDigits digits after the decimal point (a request's number has
// at most that many digits in all). It records the error naming f when
// it is not; the value itself is left out of the message, as it may run
// to thousands of digits, and so are the checks that would print it.
func bounded(l *errorList, f string, d decimal.Decimal) bool {
	if !money.New(d).AbsBelowPow10(wire.MaxAmountDigits) {
		l.add(f, "must be less than 1e%d in absolute value (at most %d digits before the decimal point), as a request's numbers are", wire.MaxAmountDigits, wire.MaxAmountDigits)
		return false
	}
	if d.Exponent() < -money.MaxDigits {
		l.add(f, "has more than %d digits after the decimal point", money.MaxDigits)
		return false
	}
	return true
}

// normalizeCodeType returns the stored form of a code type: upper-case,
// CodeTypeSKU for "".
func normalizeCodeType(s string) (string, bool) {
	s = strings.ToUpper(strings.TrimSpace(s))
	if s == "" {
		return CodeTypeSKU, true
	}
	if len(s) > MaxCodeType {
		return "", false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.') {
			return "", false
		}
	}
	return s, true
}

// normalizeNumericCode drops the dots and spaces of an HS or TIC code,
// which must then be 1 to 14 digits.
func normalizeNumericCode(s string) (string, bool) {
	s = strings.Map(func(r rune) rune {
		if r == '.' || r == ' ' {
			return -1
		}
		return r
	}, s)
	return s, len(s) <= 14 && isDigits(s)
}

func (v Validator) policy(l *errorList, p string, pol *Policy) {
	pol.DefaultCountry = strings.ToUpper(strings.TrimSpace(pol.DefaultCountry))
	switch c := pol.DefaultCountry; {
	case c == "":
	case len(c) != 2 || !isLetters(c):
		l.add(p+".defaultCountry", "%q is not an ISO 3166-1 alpha-2 country code", clip(c))
	case v.Jurisdiction != nil && !v.Jurisdiction(c):
		// Every address that names no country would be placed in it, and
		// refused as the request's fault.
		l.add(p+".defaultCountry", "%q is not a country Levy knows (an ISO 3166-1 alpha-2 code: GB for the United Kingdom)", c)
	}
	if t := pol.Tolerance; t != nil {
		// A tolerance that limits by neither member would hold every
		// variance within it: every conditional procurement would pay
		// the vendor's tax, whatever it charged. That is no threshold a
		// tenant means; a policy that wants the server's leaves the
		// member out.
		if t.Amount == nil && t.Percent == nil {
			l.add(p+".tolerance", "sets neither amount nor percent, so every variance would be within it: set amount, percent or both, or leave tolerance out to keep the server's")
		}
		if t.Amount != nil && bounded(l, p+".tolerance.amount", *t.Amount) && t.Amount.Sign() < 0 {
			l.add(p+".tolerance.amount", "%s is negative", t.Amount)
		}
		if t.Percent != nil && bounded(l, p+".tolerance.percent", *t.Percent) && (t.Percent.Sign() < 0 || t.Percent.GreaterThan(decimal.NewFromInt(100))) {
			l.add(p+".tolerance.percent", "%s is not between 0 and 100", t.Percent)
		}
	}
	switch pol.Undercharge {
	case "", wire.ProcurementAccrue, wire.ProcurementHoldForReview:
	default:
		l.add(p+".undercharge", "%q is not %s or %s", clip(pol.Undercharge), wire.ProcurementAccrue, wire.ProcurementHoldForReview)
	}
	switch pol.Overcharge {
	case "", wire.ProcurementHoldForReview, wire.ProcurementPayVendorTax:
	default:
		l.add(p+".overcharge", "%q is not %s or %s", clip(pol.Overcharge), wire.ProcurementHoldForReview, wire.ProcurementPayVendorTax)
	}
	if n := len(pol.EUDistanceSales); n > MaxPolicyEntries {
		l.add(p+".euDistanceSales", "has %d companies; a policy may name at most %d", n, MaxPolicyEntries)
	}
	for _, k := range sortedKeys(pol.EUDistanceSales) {
		f := fmt.Sprintf("%s.euDistanceSales[%q]", p, k)
		if utf8.RuneCountInString(k) > 40 {
			l.add(f, "the company code must be at most 40 characters")
		} else if err := wire.CheckIdentifier(f, k); err != nil {
			l.addErr(err)
		}
		if s := pol.EUDistanceSales[k]; bounded(l, f, s) && s.Sign() < 0 {
			l.add(f, "%s is negative", s)
		}
	}
	if t := pol.EUDistanceThreshold; t != nil && bounded(l, p+".euDistanceThreshold", *t) && t.Sign() < 0 {
		l.add(p+".euDistanceThreshold", "%s is negative", t)
	}
	if sh := pol.NexusShare; sh != nil && bounded(l, p+".nexusShare", *sh) && (sh.Sign() <= 0 || sh.GreaterThan(decimal.NewFromInt(1))) {
		l.add(p+".nexusShare", "%s is not a share above 0 and at most 1 (0.8 warns at 80%% of a threshold)", sh)
	}
	v.rounding(l, p, pol)
	pol.AddressCheck = strings.ToLower(strings.TrimSpace(pol.AddressCheck))
	switch pol.AddressCheck {
	case "", AddressLenient, AddressStrict:
	default:
		l.add(p+".addressCheck", "%q is not %s or %s", clip(pol.AddressCheck), AddressLenient, AddressStrict)
	}
	pol.LevyMembers = strings.ToLower(strings.TrimSpace(pol.LevyMembers))
	switch pol.LevyMembers {
	case "", LevyMembersInclude, LevyMembersOmit:
	default:
		l.add(p+".levyMembers", "%q is not %s or %s", clip(pol.LevyMembers), LevyMembersInclude, LevyMembersOmit)
	}
	if d := pol.ExpiryNoticeDays; d < 0 || d > maxExpiryNoticeDays {
		l.add(p+".expiryNoticeDays", "%d is not between 0 and %d", d, maxExpiryNoticeDays)
	}
}

// CheckRoundingKeys checks m, rounding modes by jurisdiction ID or ID
// prefix ending in "*" set outside a policy (a server's own settings),
// by the rules that Check applies to the keys and modes of a policy's
// rounding: a key that no jurisdiction ID can start with ("TX*"), that
// names no jurisdiction Levy knows, or whose mode is none, would never
// round a tax as meant. Its errors name each such key at field
// (field["TX*"]); nil when every key is one Check takes. Unlike a
// policy's, m may have any number of keys.
func (v Validator) CheckRoundingKeys(field string, m map[string]money.RoundingMode) error {
	var l errorList
	v.roundingKeys(&l, field, m)
	return l.err()
}

// rounding checks the keys and modes of the policy's rounding, at JSON
// path p ("policy").
func (v Validator) rounding(l *errorList, p string, pol *Policy) {
	if n := len(pol.Rounding); n > MaxPolicyEntries {
		l.add(p+".rounding", "has %d jurisdictions; a policy may name at most %d (a prefix ending in *, US-*, names many)", n, MaxPolicyEntries)
	}
	v.roundingKeys(l, p+".rounding", pol.Rounding)
}

// roundingKeys checks the keys and modes of rounding m, whose field is
// p ("policy.rounding").
func (v Validator) roundingKeys(l *errorList, p string, m map[string]money.RoundingMode) {
	for _, k := range sortedKeys(m) {
		f := fmt.Sprintf("%s[%q]", p, k)
		if prefix, star := strings.CutSuffix(k, "*"); star {
			if prefix != "" && strings.ToUpper(prefix) != prefix || strings.ContainsAny(prefix, "* ") {
				l.add(f, "%q is not a jurisdiction ID prefix ending in *", clip(k))
			} else if hint, none := prefixMatchesNothing(prefix); none {
				l.add(f, "%q can match no jurisdiction ID: %s", clip(k), hint)
			}
		} else if !StoredJurisdiction(k) {
			l.add(f, "%q is not a jurisdiction ID as the engine names it (DE for Germany, US-DE for Delaware, US-PR for Puerto Rico), or a prefix of one ending in *", clip(k))
		} else if v.Jurisdiction != nil && !v.Jurisdiction(k) {
			// A key of the right form that names no jurisdiction would
			// match no tax: the mode the tenant meant would never apply.
			l.add(f, "%q is no jurisdiction Levy knows, so it would match no tax (a prefix ending in * covers a state's or country's jurisdictions: US-TX*)", clip(k))
		}
		if !m[k].Valid() {
			l.add(f, "is not a rounding mode")
		}
	}
}

// prefixMatchesNothing reports whether no jurisdiction ID can start
// with prefix, a key of a policy's rounding without its "*", and says
// what to write instead. An ID is a country's two-letter code, alone or
// followed by a hyphen: a prefix that starts with letters that are no
// country Levy taxes as one ("TX", "PR", taxed as US-PR) or goes on
// without the hyphen ("USA") names nothing.
func prefixMatchesNothing(prefix string) (hint string, none bool) {
	if len(prefix) < 2 {
		return "", false
	}
	cc := prefix[:2]
	_, country := jurisdiction.CountryAlpha3(cc)
	switch {
	case isLetters(cc) && (isUSTerritory(cc) || !country && isUSState(cc)):
		return fmt.Sprintf("a US state or territory is named US-%s, so write US-%s* (which covers its counties, places and districts too)", cc, prefix), true
	case !isLetters(cc) || !country:
		return "an ID starts with the ISO 3166-1 alpha-2 code of a country (US-* for the United States, DE* for Germany)", true
	case len(prefix) > 2 && prefix[2] != '-':
		return fmt.Sprintf("an ID starts with a country's two-letter code and a hyphen (%s-*, or %s* for the country too)", cc, cc), true
	}
	return "", false
}

// sortedKeys returns the keys of m in order, for errors in a stable
// order.
func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// key normalises and checks the key of a deletion, and reports whether
// it is well formed.
func (v Validator) key(l *errorList, p string, k *Key) bool {
	n := len(l.errs)
	// Every part is an identifier, as the records' own fields are: no
	// part may hold the separator of Key.ID.
	code(l, p+".scope", &k.Scope, 60, false)
	codeMax := 40
	if k.Kind == KindFranchise {
		codeMax = maxFranchiseName
	}
	code(l, p+".code", &k.Code, codeMax, false)
	k.Jurisdiction = strings.TrimSpace(k.Jurisdiction)
	k.Type = strings.ToLower(strings.TrimSpace(k.Type))
	if len(l.errs) > n {
		return false
	}
	need := func(field, s string) {
		if s == "" {
			l.add(p+"."+field, "is required to name a %s", k.Kind)
		}
	}
	none := func(field, s string) {
		if s != "" {
			l.add(p+"."+field, "is not a part of the key of a %s", k.Kind)
		}
	}
	switch k.Kind {
	case KindCustomer:
		none("type", k.Type)
		need("code", k.Code)
		none("scope", k.Scope)
		none("jurisdiction", k.Jurisdiction)
	case KindCertificate:
		none("type", k.Type)
		need("scope", k.Scope)
		need("code", k.Code)
		none("jurisdiction", k.Jurisdiction)
	case KindRegistration:
		need("code", k.Code)
		if !ValidKeyType(k.Type) {
			l.add(p+".type", "%q is no type of the key of a registration: %q (a number that only identifies the company) or %q", clip(k.Type), KeyTypeIdentity, KeyTypeTax)
		}
		if id, ok := v.jurisdiction(l, p+".jurisdiction", k.Jurisdiction); ok {
			k.Jurisdiction = id
		}
		if c := CanonicalNumber(k.Jurisdiction, k.Code); c != "" && len(c) <= 40 {
			k.Code = c
		}
	case KindProduct:
		none("type", k.Type)
		if t, ok := normalizeCodeType(k.Scope); ok {
			k.Scope = t
		} else {
			l.add(p+".scope", "%q is not a code type", clip(k.Scope))
		}
		need("code", k.Code)
		none("jurisdiction", k.Jurisdiction)
		if k.Scope == CodeTypeHS || k.Scope == CodeTypeTIC {
			if c, ok := normalizeNumericCode(k.Code); ok {
				k.Code = c
			}
		}
	case KindFranchise:
		none("type", k.Type)
		need("scope", k.Scope)
		need("code", k.Code)
		none("jurisdiction", k.Jurisdiction)
	case KindPolicy:
		none("type", k.Type)
		none("scope", k.Scope)
		none("code", k.Code)
		none("jurisdiction", k.Jurisdiction)
	default:
		l.add(p+".kind", "%q is not a kind of record: customer, certificate, registration, product, franchise or policy", clip(string(k.Kind)))
	}
	return len(l.errs) == n
}
