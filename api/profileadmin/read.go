package profileadmin

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/profile"
)

// Reader reads the records of tenants' profiles as the routes answer
// them: a record with its versions, and pages of records (Filter). levy
// profile uses it over a data directory or a database, where no server
// runs. Its zero value is not usable: give it the Service.
type Reader struct {
	Service *profile.Service
	// OperatorClient, when not nil, reports whether a client ID is a
	// credential of the server's operator, whose client ID a tenant's
	// admin or reader does not read in a version's by (shownBy).
	OperatorClient func(ctx context.Context, clientID string) (bool, error)
}

// revisions returns the versions of a record of key, and its record now
// (nil when deleted, or when there never was one: then versions is
// empty). newV makes a version from a revision and its record.
func revisions[T, V any](ctx context.Context, rd Reader, tenant string, key profile.Key, newV func(Revision, *T) V) ([]V, *T, error) {
	revs, err := rd.history(ctx, tenant, key)
	if err != nil {
		return nil, nil, err
	}
	out := make([]V, 0, len(revs))
	var cur *T
	shown := map[string]string{} // each by looked up once
	for i := range revs {
		rv := &revs[i]
		by, ok := shown[rv.By]
		if !ok {
			if by, err = shownBy(ctx, rv.By, rd.OperatorClient); err != nil {
				return nil, nil, fmt.Errorf("profileadmin: who made version %d of %s: %w", rv.Version, key, err)
			}
			shown[rv.By] = by
		}
		var rec *T
		if !rv.Deleted {
			rec = new(T)
			if err := rv.Decode(rec); err != nil {
				return nil, nil, fmt.Errorf("profileadmin: read version %d of %s: %w", rv.Version, key, err)
			}
		}
		out = append(out, newV(Revision{Version: rv.Version, At: rv.At, By: by, Deleted: rv.Deleted}, rec))
		cur = rec
	}
	return out, cur, nil
}

// pathNames are the names that the routes give the parts of the keys
// of each kind, in their paths and query ("key.code" is a certificate's
// "number").
var pathNames = map[profile.Kind]map[string]string{
	profile.KindCustomer:     {"key.code": "code"},
	profile.KindCertificate:  {"key.scope": "code", "key.code": "number"},
	profile.KindRegistration: {"key.scope": "company", "key.jurisdiction": "jurisdiction", "key.code": "number", "key.type": "type"},
	profile.KindProduct:      {"key.scope": "codeType", "key.code": "code"},
	profile.KindFranchise:    {"key.scope": "areaId", "key.code": "name"},
}

// history returns the versions of the tenant's record of key, an
// ill-formed key refused naming the route's parameter.
func (rd Reader) history(ctx context.Context, tenant string, key profile.Key) ([]profile.Revision, error) {
	revs, err := rd.Service.History(ctx, tenant, key)
	for from, to := range pathNames[key.Kind] {
		err = renamed(err, from, to)
	}
	return revs, err
}

// Delete deletes the tenant's record of key in the name of by: a key
// the tenant has no record of (or has deleted) is not found, naming the
// key's last part (KeyField), as a refusal of the deletion names the
// route's parameters ("type" for a number stored both as a number of
// identity and as a tax registration). It returns key as the record's
// answer reads it once deleted: a registration's number as the record
// spells it (one stored before numbers were canonicalised, which the
// canonical number no longer finds once it is deleted) and the type of
// the one deleted, so that a key without a type that named a number of
// identity reads it, not its number's tax registration. The admin route
// and levy profile delete both delete with it.
func (rd Reader) Delete(ctx context.Context, tenant, by string, key profile.Key) (profile.Key, error) {
	revs, err := rd.history(ctx, tenant, key)
	if err != nil {
		return key, err
	}
	if len(revs) == 0 || revs[len(revs)-1].Deleted {
		return key, notFound(key)
	}
	_, err = rd.Service.Apply(ctx, tenant, by, profile.ChangeSet{Deletes: []profile.Key{key}})
	if err == nil && key.Kind == profile.KindRegistration {
		var g profile.Registration
		if revs[len(revs)-1].Decode(&g) == nil && g.Number != "" {
			key.Code = g.Number
			key.Type = profile.KeyTypeTax
			if g.IdentityOnly() {
				key.Type = profile.KeyTypeIdentity
			}
		}
	}
	return key, renamed(renamed(err, "deletes[0]", KeyField(key.Kind)), "deletes[0].type", "type")
}

// version returns the tenant's version.
func (rd Reader) version(ctx context.Context, tenant string) (uint64, error) {
	return rd.Service.Store().Version(ctx, tenant)
}

// Filter selects the records of a page: each member that is set keeps
// the records that match it; a member of another kind of record is
// ignored. Its codes (Customer, Company, CodeType, Class, Area) are
// compared with the spaces around them ignored, as every route finds a
// record by its code, which the profile stores without them.
type Filter struct {
	// Customer keeps the customers whose code starts with it, and the
	// certificates of that customer code exactly.
	Customer string
	// Jurisdiction (a stored form, see profile.NormalizeJurisdiction)
	// keeps the certificates and registrations that cover it or lie
	// within it.
	Jurisdiction string
	// ExpiringBefore keeps the certificates whose expiration date is
	// before it.
	ExpiringBefore civil.Date
	// Status, active or revoked, keeps the certificates of that status.
	Status string
	// Company, when not nil, keeps the registrations of that company
	// code ("" for the seller that names none).
	Company *string
	// CodeType and Class keep the products of that code type (in any
	// case) and class.
	CodeType, Class string
	// Area keeps the franchise fees of that area ID.
	Area string
	// Limit and Offset cut the page: at most Limit records (DefaultLimit
	// when 0) after the first Offset.
	Limit, Offset int
}

// CheckJurisdiction refuses, as levy.EInvalid naming field, a filter
// whose Jurisdiction has a jurisdiction ID's form but is no jurisdiction
// that svc knows (profile.Service.KnownJurisdiction: Levy's dataset) nor
// one that a certificate or a registration of r names: a typo (US-TEX,
// ZZ) would otherwise answer an empty page, which tells a tax team or an
// auditor that the tenant holds no certificate there. An ID that a stored
// record names is listed even when the dataset no longer knows it. It
// returns nil for a filter without a jurisdiction.
func (f Filter) CheckJurisdiction(svc *profile.Service, r *profile.Records, field string) error {
	id := f.Jurisdiction
	if id == "" || svc.KnownJurisdiction(id) {
		return nil
	}
	for i := range r.Certificates {
		if slices.Contains(r.Certificates[i].Jurisdictions, id) {
			return nil
		}
	}
	for i := range r.Registrations {
		if r.Registrations[i].Jurisdiction == id {
			return nil
		}
	}
	return levy.Invalid(field, "%q is not a jurisdiction Levy knows, nor one that a record of the tenant names", clip(profile.JurisdictionInput(id)))
}

// trimmed returns f with the spaces around its codes dropped.
func (f Filter) trimmed() Filter {
	f.Customer, f.CodeType = strings.TrimSpace(f.Customer), strings.TrimSpace(f.CodeType)
	f.Class, f.Area = strings.TrimSpace(f.Class), strings.TrimSpace(f.Area)
	if f.Company != nil {
		c := strings.TrimSpace(*f.Company)
		f.Company = &c
	}
	return f
}

// page returns the page of items, the records of r that f keeps, that
// f's Limit and Offset cut.
func page[T any](f Filter, r *profile.Records, items []T) Page[T] {
	limit := f.Limit
	if limit <= 0 {
		limit = DefaultLimit
	}
	from := min(max(f.Offset, 0), len(items))
	to := min(from+limit, len(items))
	return Page[T]{Items: nonNil(items[from:to]), Total: len(items), Version: r.Version, At: r.At}
}

// Customers returns the page of customers of r that f keeps. It keeps r's
// slices: r must not be used afterwards.
func (f Filter) Customers(r *profile.Records) CustomerPage {
	f = f.trimmed()
	items := slices.DeleteFunc(r.Customers, func(c profile.Customer) bool { return !strings.HasPrefix(c.Code, f.Customer) })
	return CustomerPage(page(f, r, items))
}

// Certificates returns the page of certificates of r that f keeps.
func (f Filter) Certificates(r *profile.Records) CertificatePage {
	f = f.trimmed()
	items := slices.DeleteFunc(r.Certificates, func(c profile.Certificate) bool { return !f.keepCertificate(&c) })
	return CertificatePage(page(f, r, items))
}

// keepCertificate reports whether f keeps certificate c.
func (f Filter) keepCertificate(c *profile.Certificate) bool {
	switch {
	case f.Customer != "" && c.CustomerCode != f.Customer:
	case f.Jurisdiction != "" && !covers(c, f.Jurisdiction):
	case !f.ExpiringBefore.IsZero() && (c.ExpirationDate.IsZero() || !c.ExpirationDate.Before(f.ExpiringBefore)):
	case f.Status != "" && c.Revoked() != (f.Status == profile.StatusRevoked):
	default:
		return true
	}
	return false
}

// covers reports whether a certificate's jurisdictions cover id, or lie
// within it: the certificates a filter of a jurisdiction finds.
func covers(c *profile.Certificate, id string) bool {
	for _, e := range c.Jurisdictions {
		if profile.Covers(e, id) || profile.Covers(id, e) {
			return true
		}
	}
	return false
}

// Registrations returns the page of registrations of r that f keeps.
func (f Filter) Registrations(r *profile.Records) RegistrationPage {
	f = f.trimmed()
	items := slices.DeleteFunc(r.Registrations, func(g profile.Registration) bool {
		return f.Company != nil && g.CompanyCode != *f.Company ||
			f.Jurisdiction != "" && !profile.Covers(g.Jurisdiction, f.Jurisdiction) && !profile.Covers(f.Jurisdiction, g.Jurisdiction)
	})
	return RegistrationPage(page(f, r, items))
}

// Products returns the page of products of r that f keeps.
func (f Filter) Products(r *profile.Records) ProductPage {
	f = f.trimmed()
	codeType := strings.ToUpper(f.CodeType)
	items := slices.DeleteFunc(r.Products, func(p profile.Product) bool {
		return codeType != "" && p.CodeType != codeType || f.Class != "" && p.Class != f.Class
	})
	return ProductPage(page(f, r, items))
}

// Franchises returns the page of franchise fees of r that f keeps.
func (f Filter) Franchises(r *profile.Records) FranchisePage {
	f = f.trimmed()
	items := slices.DeleteFunc(r.Franchises, func(x profile.Franchise) bool { return f.Area != "" && x.AreaID != f.Area })
	return FranchisePage(page(f, r, items))
}

// nonNil returns list, or an empty list for nil, so that a page always
// has its items.
func nonNil[T any](list []T) []T {
	if list == nil {
		return []T{}
	}
	return list
}
