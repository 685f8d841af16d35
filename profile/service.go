package profile

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/wire"
)

// Config configures a Service.
type Config struct {
	// Validator checks the change sets (its zero value knows the
	// built-in classes and checks the form of jurisdiction IDs).
	Validator Validator
	// Cache, when not nil, is told of each change this Service makes, so
	// that the process's next calculation for the tenant sees it.
	Cache *Cache
	// Now is the clock of the changes' times; nil is time.Now.
	Now func() time.Time
}

// Service keeps the tax profiles of tenants over a Store: it validates
// and normalises change sets and applies each all at once, keeps the
// documents of certificates, and reads records and their versions.
//
// Service is safe for concurrent use. A nil or zero Service, or one that
// NewService made over a nil Store, refuses every call as levy.EInvalid
// rather than panic.
type Service struct {
	store Store
	check Validator
	cache *Cache
	now   func() time.Time
}

// NewService returns a Service over s.
func NewService(s Store, cfg Config) *Service {
	now := cfg.Now
	if now == nil {
		now = time.Now
	}
	return &Service{store: s, check: cfg.Validator, cache: cfg.Cache, now: now}
}

// Store returns the store of the service (nil for a nil Service).
func (s *Service) Store() Store {
	if s == nil {
		return nil
	}
	return s.store
}

// unusable reports whether s is nil, a zero Service, or one over a nil
// Store: none can read or change a profile.
func (s *Service) unusable() bool { return s == nil || s.store == nil || s.now == nil }

// errNoService is the error of every call of an unusable Service:
// invalid, since no retry mends it.
func errNoService() error {
	return levy.Invalid("", "profile: the Service was not made by NewService over a Store")
}

// maxByLen bounds the credential that makes a change.
const maxByLen = 100

// Apply validates cs and stores it as the tenant's next version, made by
// the credential by (a client ID, or "cli"), and returns that version.
// It stores all of cs or nothing: every problem of every record is
// reported together, as a levy.Errors list of EInvalid errors that name
// their fields ("certificates[3].expirationDate"), and nothing is
// stored. cs is normalised as Validator.Check says, in a copy: the
// caller's value is left as it was. Besides Check's rules, Apply checks
// that each certificate's document has been stored (PutDocument), or is
// carried by cs (Documents, checked by CheckDocuments and stored, each
// once, before the records), with its size and type, and, within the
// change's atomic unit, the rules across the tenant's records
// (Validator.CheckAgainst).
func (s *Service) Apply(ctx context.Context, tenant, by string, cs ChangeSet) (uint64, error) {
	return s.apply(ctx, tenant, by, cs, anyRecord, nil, nil)
}

// Create is Apply for a change set whose records are all new, as the
// routes that create a record send: a record that cs stores and whose
// key the tenant has already is refused, with an EInvalid error naming
// the field of its key ("certificates[0].number": the customer holds a
// certificate of that number already), so that creating a record twice
// does not replace the first one silently. The check runs within the
// change's atomic unit.
func (s *Service) Create(ctx context.Context, tenant, by string, cs ChangeSet) (uint64, error) {
	return s.apply(ctx, tenant, by, cs, newRecords, nil, nil)
}

// Update is Apply for a change set whose records all exist, as the
// routes that change a record send: a record that cs stores and whose
// key the tenant does not have is refused with an ENotFound error naming
// the field of its key, the answer to a key of another tenant as to one
// that exists nowhere. A policy may always be stored. The check runs
// within the change's atomic unit.
func (s *Service) Update(ctx context.Context, tenant, by string, cs ChangeSet) (uint64, error) {
	return s.apply(ctx, tenant, by, cs, storedRecords, nil, nil)
}

// UpdateIf is Update for a change computed from records read before it
// (a certificate read and then revoked): still sees the tenant's
// current records of the change's keys within the change's atomic unit,
// and refuses the change with its error when one of them is no longer
// as it was read, so that a change made meanwhile by another request is
// never overwritten unseen.
func (s *Service) UpdateIf(ctx context.Context, tenant, by string, cs ChangeSet, still func(cur *Records) error) (uint64, error) {
	return s.apply(ctx, tenant, by, cs, storedRecords, still, nil)
}

// ApplyIf is Apply for a change set completed from records read before
// it (an import whose certificates keep what is stored of them): still
// sees the tenant's current records of the change's keys within the
// change's atomic unit, and refuses the change with its error when one
// of them is no longer as it was read, so that a change made meanwhile
// by another request or node is never overwritten unseen.
func (s *Service) ApplyIf(ctx context.Context, tenant, by string, cs ChangeSet, still func(cur *Records) error) (uint64, error) {
	return s.apply(ctx, tenant, by, cs, anyRecord, still, nil)
}

// ApplyIfWatching is ApplyIf whose still also sees the stored records
// of watch (those that exist), which cs need not store: an import that
// leaves out the records it would store unchanged checks, within the
// change's unit, that they are still as it read them.
func (s *Service) ApplyIfWatching(ctx context.Context, tenant, by string, cs ChangeSet, watch []Key, still func(cur *Records) error) (uint64, error) {
	return s.apply(ctx, tenant, by, cs, anyRecord, still, watch)
}

// Normalize returns a copy of cs checked and normalised as Apply stores
// it (TX as US-TX, reason 3 as 0003, an empty status as active), or the
// errors of the check; it reads and stores nothing, and cs is not
// changed. The records keep their order. It is for imports, which leave
// out the records equal to the stored ones (TrimUnchanged) before they
// apply the rest: cs may hold up to MaxImportRecords records, more than
// Apply stores at once (MaxChanges).
func (s *Service) Normalize(cs ChangeSet) (ChangeSet, error) {
	if s.unusable() {
		return ChangeSet{}, errNoService()
	}
	cs = cs.clone()
	if err := s.check.checkImport(&cs); err != nil {
		return ChangeSet{}, err
	}
	return cs, nil
}

// expect says which of the records that a change set stores must be
// there already (storedRecords), must not (newRecords), or may be either
// (anyRecord).
type expect uint8

const (
	anyRecord expect = iota
	newRecords
	storedRecords
)

// apply is Apply with what the change's records must be, and a check
// of the current records (UpdateIf) when still is not nil, which also
// sees the stored records of watch.
func (s *Service) apply(ctx context.Context, tenant, by string, cs ChangeSet, want expect, still func(*Records) error, watch []Key) (uint64, error) {
	if s.unusable() {
		return 0, errNoService()
	}
	if err := levy.CheckAdminWritable(ctx, "change the tax profile"); err != nil {
		return 0, err
	}
	if err := checkTenantAndBy(tenant, by); err != nil {
		return 0, err
	}
	if cs.Len() == 0 {
		return 0, levy.Errors{levy.Invalid("", "the change set is empty: it stores and deletes nothing")}
	}
	cs = cs.clone()
	// The scans carried are checked with the records, and stored only
	// once both are good: a change refused for a bad record stores no
	// scan. One refused by the rules across records, checked as the
	// change is written, leaves its scans stored under their digests, as
	// an upload does.
	docErr := cs.CheckDocuments()
	if err := s.check.Check(&cs); err != nil || docErr != nil {
		return 0, joinErrors(docErr, err)
	}
	if err := s.checkDocuments(ctx, tenant, &cs); err != nil {
		return 0, err
	}
	if err := s.putCarried(ctx, tenant, &cs); err != nil {
		return 0, err
	}
	if err := s.matchStoredRegistrations(ctx, tenant, &cs); err != nil {
		return 0, err
	}
	entries, err := cs.Entries()
	if err != nil {
		return 0, err
	}
	need := cs.need(want != anyRecord || still != nil)
	if len(watch) > 0 {
		// An import may watch many records (up to MaxImportRecords): a
		// set of the keys needed, not a walk of the list for each.
		named := make(map[Key]bool, len(need.Keys)+len(watch))
		for _, k := range need.Keys {
			named[k] = true
		}
		for _, k := range watch {
			if !named[k] {
				named[k] = true
				need.Keys = append(need.Keys, k)
			}
		}
	}
	v, err := s.store.Apply(ctx, tenant, Commit{At: s.now(), By: by, Entries: entries, Need: need, Check: func(cur *Records) error {
		// A record that must be new or stored, and is not, is the
		// first thing wrong with the change.
		if err := cs.checkExpected(cur, want); err != nil {
			return err
		}
		if still != nil {
			if err := still(cur); err != nil {
				return err
			}
		}
		return s.check.CheckAgainst(cur, &cs)
	}})
	if err != nil {
		return 0, err
	}
	if s.cache != nil {
		// The change is stored: a failure to reload leaves the cache
		// without the tenant, which its next calculation loads.
		_ = s.cache.Invalidate(ctx, tenant)
	}
	return v, nil
}

// checkTenant checks the tenant of a change as a credential's tenant is
// checked (levy.CheckTenant): a profile stored under a tenant that no
// credential can name (" acme", "acme\x00") would be read by no
// server's calculation, nor listed by its routes.
func checkTenant(tenant string) error {
	return levy.CheckTenant(tenant)
}

// checkTenantAndBy checks the tenant and the credential of a change.
func checkTenantAndBy(tenant, by string) error {
	if err := checkTenant(tenant); err != nil {
		return err
	}
	switch {
	case strings.TrimSpace(by) == "":
		return levy.Invalid("by", "is required: the credential that makes the change")
	case len(by) > maxByLen:
		return levy.Invalid("by", "must be at most %d bytes", maxByLen)
	}
	return wire.CheckIdentifier("by", by)
}

// clone returns a copy of cs whose slices, and the slices and pointers
// of its records, are its own, so that normalising it leaves the
// caller's records as they were.
func (cs ChangeSet) clone() ChangeSet {
	out := ChangeSet{
		Customers:     slices.Clone(cs.Customers),
		Certificates:  slices.Clone(cs.Certificates),
		Registrations: slices.Clone(cs.Registrations),
		Products:      slices.Clone(cs.Products),
		Franchises:    slices.Clone(cs.Franchises),
		Deletes:       slices.Clone(cs.Deletes),
		Documents:     slices.Clone(cs.Documents),
	}
	for i := range out.Certificates {
		c := &out.Certificates[i]
		c.Jurisdictions = slices.Clone(c.Jurisdictions)
		c.ProductClasses = slices.Clone(c.ProductClasses)
		if c.Document != nil {
			d := *c.Document
			c.Document = &d
		}
	}
	for i := range out.Registrations {
		g := &out.Registrations[i]
		g.Representative = g.Representative.Clone()
	}
	if cs.Policy != nil {
		p := *cs.Policy
		if p.Tolerance != nil {
			t := *p.Tolerance
			p.Tolerance = &t
		}
		out.Policy = &p
	}
	return out
}

// checkDocuments checks that the document of each certificate of cs has
// been stored for the tenant, or is carried by cs, with the size and
// type the certificate gives. It keeps of each document read its size and its first bytes
// (those that tell its type), not its content: a change of thousands of
// certificates, each with a scan of up to MaxDocumentSize, holds one
// scan at a time.
func (s *Service) checkDocuments(ctx context.Context, tenant string, cs *ChangeSet) error {
	var l errorList
	type stored struct {
		size int
		head []byte
	}
	checked := map[string]stored{}
	carried := cs.carried()
	for i := range cs.Certificates {
		d := cs.Certificates[i].Document
		if d == nil {
			continue
		}
		p := fmt.Sprintf("certificates[%d].document", i)
		doc, ok := checked[d.SHA256]
		if !ok {
			content, ok := carried[d.SHA256]
			var err error
			if !ok {
				content, err = s.store.Document(ctx, tenant, d.SHA256)
			}
			if levy.ErrorCode(err) == levy.ENotFound {
				l.add(p+".sha256", "no document %s has been stored, nor does the change set carry it: store the document first, or import an export with its documents", d.SHA256)
				continue
			}
			if err != nil {
				return err
			}
			doc = stored{size: len(content), head: bytes.Clone(content[:min(len(content), documentHead)])}
			checked[d.SHA256] = doc
		}
		if int64(doc.size) != d.Size {
			l.add(p+".size", "is %d; the document stored has %d bytes", d.Size, doc.size)
		}
		if !looksLike(d.MediaType, doc.head) {
			l.add(p+".mediaType", "the document stored is not %s", d.MediaType)
		}
	}
	return l.err()
}

// PutDocument checks a certificate's document (NewDocumentRef), stores it
// for the tenant under its digest, and returns the reference for the
// certificate to hold.
func (s *Service) PutDocument(ctx context.Context, tenant string, content []byte, mediaType, fileName string) (DocumentRef, error) {
	if s.unusable() {
		return DocumentRef{}, errNoService()
	}
	if err := levy.CheckAdminWritable(ctx, "store a certificate's document"); err != nil {
		return DocumentRef{}, err
	}
	if err := checkTenant(tenant); err != nil {
		return DocumentRef{}, err
	}
	ref, err := NewDocumentRef(content, mediaType, fileName)
	if err != nil {
		return DocumentRef{}, err
	}
	if err := s.store.PutDocument(ctx, tenant, ref.SHA256, content); err != nil {
		return DocumentRef{}, err
	}
	return ref, nil
}

// Document returns the tenant's document of digest.
func (s *Service) Document(ctx context.Context, tenant, digest string) ([]byte, error) {
	if s.unusable() {
		return nil, errNoService()
	}
	digest = strings.ToLower(strings.TrimSpace(digest))
	if !validDigest(digest) {
		return nil, levy.Invalid("sha256", "must be the hex SHA-256 of the document, 64 hex digits")
	}
	return s.store.Document(ctx, tenant, digest)
}

// keyHistory returns the versions stored under key k. Those of a number
// of identity's key (KeyTypeIdentity) begin with the versions it had
// under the key of a tax registration, where a Levy before the type
// stored it, and from which the first change of its number moved it
// (matchStoredRegistrations): the move's deletion of the old key is no
// version of the number, which went on under its own key. A number
// never moved has its versions there alone, its deletion among them.
func (s *Service) keyHistory(ctx context.Context, tenant string, k Key) ([]Revision, error) {
	revs, err := s.store.History(ctx, tenant, k)
	if err != nil || k.Kind != KindRegistration || k.Type != KeyTypeIdentity {
		return revs, err
	}
	limit := uint64(math.MaxUint64) // a number never moved: its versions are all under the old key
	if len(revs) > 0 {
		limit = revs[0].Version
	}
	plain := k
	plain.Type = ""
	old, err := s.store.History(ctx, tenant, plain)
	if err != nil {
		return nil, fmt.Errorf("profile: the versions of %s before its key had a type: %w", k, err)
	}
	var before []Revision
	for _, rv := range old {
		if rv.Version >= limit {
			break
		}
		if rv.Deleted {
			// A deletion other than the move's, which is of the version
			// that wrote the number under its own key, ended it.
			before = append(before, rv)
			break
		}
		var g Registration
		if rv.Decode(&g) != nil || !g.IdentityOnly() {
			break // the tax registration of the number, not it
		}
		before = append(before, rv)
	}
	if len(before) == 0 {
		return revs, nil
	}
	return append(before, revs...), nil
}

// Tenants returns the tenants that have changed their profile at least
// once, in order.
func (s *Service) Tenants(ctx context.Context) ([]string, error) {
	if s.unusable() {
		return nil, errNoService()
	}
	return s.store.Tenants(ctx)
}

// Records returns the tenant's records as of asOf (zero: now).
func (s *Service) Records(ctx context.Context, tenant string, asOf time.Time) (*Records, error) {
	if s.unusable() {
		return nil, errNoService()
	}
	return s.store.Records(ctx, tenant, asOf)
}

// KnownJurisdiction reports whether id, a jurisdiction in its stored
// form (NormalizeJurisdiction), is one that the Service's Validator knows
// (Validator.Jurisdiction; every ID of the right form when it has no
// lookup), as a record naming it must be. A list filtered by an ID it
// does not know (profileadmin.Filter.CheckJurisdiction) is refused, not
// answered empty.
func (s *Service) KnownJurisdiction(id string) bool {
	if s.unusable() {
		return false
	}
	return s.check.Jurisdiction == nil || s.check.Jurisdiction(id)
}

// History returns the versions of the tenant's record of key k, oldest
// first. The key is normalised as a deletion's is ("TX" for "US-TX",
// "DEU" for "DE", the code type of a product upper-case); an ill-formed
// key is an EInvalid error naming its part ("key.code"). The key of a
// stored registration in a country whose code is also a US state's
// ("DE", Germany) is therefore named by the country's alpha-3 code
// (JurisdictionInput): a bare "DE" names Delaware's.
//
// A registration's number is matched in its canonical form
// (CanonicalNumber, matchNumber): the key of a record stored under
// another spelling of the number (before numbers were canonicalised, or
// one Levy does not validate) finds that record's versions, as does the
// key as it was sent. The versions of a number of identity include those
// it had under a tax registration's key, before the first change of its
// number moved it to its own (keyHistory). A registration's key without
// a Type, of a number stored both as a number of identity and as a tax
// registration, is refused as EInvalid naming "key.type".
func (s *Service) History(ctx context.Context, tenant string, k Key) ([]Revision, error) {
	if s.unusable() {
		return nil, errNoService()
	}
	var l errorList
	sent := k
	if !s.check.key(&l, "key", &k) {
		return nil, l.err()
	}
	typ := k.Type
	if k.Type == KeyTypeTax {
		k.Type = ""
	}
	// same reads the stored registrations of k's number, once: the
	// check of a key without a Type and the search for another spelling
	// of the number share it.
	var numbered []storedReg
	read := false
	same := func() ([]storedReg, error) {
		if !read {
			m, err := s.storedRegistrations(ctx, tenant)
			if err != nil {
				return nil, err
			}
			numbered, read = m[matchKey(k.Scope, k.Jurisdiction, k.Code)], true
		}
		return numbered, nil
	}
	if k.Kind == KindRegistration && typ == "" {
		// A key without a Type names the one registration of its
		// number: a number stored both as a number of identity and as a
		// tax registration is refused, as its deletion is, rather than
		// answered with the tax registration's versions.
		regs, err := same()
		if err != nil {
			return nil, err
		}
		var identity, tax bool
		for _, c := range regs {
			identity = identity || c.reg.IdentityOnly()
			tax = tax || !c.reg.IdentityOnly()
		}
		if identity && tax {
			return nil, levy.Invalid("key.type", "%s has two registrations of number %s, a number of identity and a tax registration: say which to read, %q or %q",
				clip(k.String()), clip(k.Code), KeyTypeIdentity, KeyTypeTax)
		}
	}
	revs, err := s.keyHistory(ctx, tenant, k)
	if err != nil || len(revs) > 0 || k.Kind != KindRegistration {
		return revs, err
	}
	regs, err := same()
	if err != nil {
		return nil, err
	}
	for _, c := range regs {
		if sameClass(typ, c.reg.IdentityOnly()) {
			return s.keyHistory(ctx, tenant, c.key)
		}
	}
	// A record of that spelling deleted since is no longer read: its key
	// as sent, with the jurisdiction as stored, still finds it.
	sent.Jurisdiction, sent.Code, sent.Type = k.Jurisdiction, strings.TrimSpace(sent.Code), k.Type
	if sent != k {
		return s.store.History(ctx, tenant, sent)
	}
	return nil, nil
}
