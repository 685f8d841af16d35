package profileadmin

import (
	"cmp"
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api"
	"github.com/levytax/levy/profile"
)

// kind describes a kind of record (of type T, detailed as D) to the
// routes that list, show, create, change and delete the records of it,
// which are written once over it (routes): a kind of record is an entry
// of this description.
type kind[T, D any] struct {
	// member is the kind's list in a change set ("customers"): the
	// errors of the one record a route stores are named within
	// member+"[0]".
	member string
	// listParams are the query parameters of the list route, besides the
	// tenant; keyParams those of the routes of one record.
	listParams, keyParams []string
	// pathKey reads the key of a record from the request's path (and
	// query).
	pathKey func(r *http.Request) profile.Key
	// parts are the members of a record that hold its key, in the order
	// they are checked: a body that gives one must give the path's.
	parts []keyPart[T]
	// createParts is how many of parts the create route's path names (a
	// certificate's customer), which the body gives or takes from it.
	createParts int
	// keyOf returns the key of a record a body creates, once it holds the
	// create path's parts (createParts), as the request names it: stored
	// gives its stored form.
	keyOf func(rec *T) profile.Key
	// change returns the change set that stores rec.
	change func(rec T) profile.ChangeSet
	// replace stores the record of a PUT whether or not it exists
	// (Service.Apply) rather than only in place of the stored one
	// (Service.Update).
	replace bool
	// page returns the page of records that a filter keeps.
	page func(f Filter, recs *profile.Records) any
	// detail reads the record of key with its versions.
	detail func(rd Reader, ctx context.Context, tenant string, key profile.Key) (D, error)
	// stored, when not nil, returns a key that a request names (pathKey,
	// keyOf) in the form the records are stored under (a registration's
	// jurisdiction normalised: DEU as DE, DE as US-DE).
	stored func(key profile.Key) profile.Key
	// location returns the path of a record created, "" for none.
	location func(key profile.Key, d D) string
	// logPath logs the path of a change besides its method.
	logPath bool
	// asStored, when not nil, reads a PUT's record (its key taken from
	// the path) against the stored record of key, before it is stored:
	// a certificate's list keeps the countries it holds (keepCountries).
	asStored func(rd Reader, ctx context.Context, tenant string, key profile.Key, rec *T) error
}

// keyPart is a member of a record of type T that holds a part of its
// key.
type keyPart[T any] struct {
	// field is the member's name in a body; param, when not "", the
	// path or query parameter that names the part when it is not the
	// field's name.
	field, param string
	// member points at the member of a record.
	member func(rec *T) *string
	// of returns the part of a key.
	of func(k profile.Key) string
	// match refuses a body's value that names another record than the
	// path's (mustMatch when nil).
	match func(field, body, path string) error
}

// keyScope, keyJurisdiction and keyCode return the parts of a key.
func keyScope(k profile.Key) string        { return k.Scope }
func keyJurisdiction(k profile.Key) string { return k.Jurisdiction }
func keyCode(k profile.Key) string         { return k.Code }

// take checks the parts of rec against those of key, and gives rec the
// key's: the first part that names another record is refused. It
// returns the renaming of the errors of the parts that the body left
// out, which came from a parameter of another name (see pathNamed).
func take[T any](parts []keyPart[T], rec *T, key profile.Key) (map[string]string, error) {
	for _, p := range parts {
		match := p.match
		if match == nil {
			match = mustMatch
		}
		if err := match(p.field, *p.member(rec), p.of(key)); err != nil {
			return nil, err
		}
	}
	var taken map[string]string
	for _, p := range parts {
		if p.param != "" && strings.TrimSpace(*p.member(rec)) == "" {
			if taken == nil {
				taken = map[string]string{}
			}
			taken[p.field] = p.param
		}
		*p.member(rec) = p.of(key)
	}
	return taken, nil
}

// pathNamed returns err with the errors about a part of the key that
// the body left out and the path or query gave (taken, as take returns
// it) naming that parameter: a customer code of the path that is not a
// code is the fault of the path's {code}, not of a customerCode the
// body does not have.
func pathNamed(err error, taken map[string]string) error {
	for field, param := range taken {
		err = renamed(err, field, param)
	}
	return err
}

// sameJurisdiction refuses a body's jurisdiction that is not the path's
// once both are normalised. A body may also give the path's
// jurisdiction in its stored form, as a read of the record answers it:
// a registration read at /registrations/DEU/... says "DE" (Germany),
// which, normalised, would be Delaware.
func sameJurisdiction(field, body, path string) error {
	if body == "" {
		return nil
	}
	a, _ := profile.NormalizeJurisdiction(body)
	b, _ := profile.NormalizeJurisdiction(path)
	if stored := strings.TrimSpace(body); stored == b && profile.StoredJurisdiction(stored) {
		return nil
	}
	return mustMatch(field, a, b)
}

// sameNumber refuses a body's registration number that is not the
// path's as the profile matches numbers: the number as a read answers it
// ("DE 136 695 976", stored so before numbers were canonicalised) names
// the record of the path's canonical number (DE136695976).
func sameNumber(field, body, path string) error {
	if body == "" || profile.SameRegistrationNumber("", body, path) {
		return nil
	}
	return mustMatch(field, body, path)
}

// keepCountries reads the jurisdictions of a certificate that a PUT
// sends as the stored certificate of key holds them: an item that is the
// stored form of a country the certificate covers, whose code is also a
// US state's ("DE", Germany, as a read of the certificate answers it),
// stays that country rather than becoming the state (Delaware). So a
// certificate read and sent back as it was covers what it covered.
// Every other item is read as a request's (NormalizeJurisdiction): a
// client that means Delaware on a certificate of Germany sends "US-DE".
// A certificate the tenant does not have is left to the update, which
// refuses it.
func keepCountries(rd Reader, ctx context.Context, tenant string, key profile.Key, c *profile.Certificate) error {
	revs, err := rd.history(ctx, tenant, key)
	if err != nil || len(revs) == 0 || revs[len(revs)-1].Deleted {
		return err
	}
	var cur profile.Certificate
	if err := revs[len(revs)-1].Decode(&cur); err != nil {
		return fmt.Errorf("profileadmin: read the stored certificate %s: %w", key, err)
	}
	for i, item := range c.Jurisdictions {
		id := strings.TrimSpace(item)
		if in := profile.JurisdictionInput(id); in != id && slices.Contains(cur.Jurisdictions, id) {
			c.Jurisdictions[i] = in
		}
	}
	return nil
}

// sameFold refuses a body's part that is not the path's in any case.
func sameFold(field, body, path string) error {
	if body == "" || strings.EqualFold(strings.TrimSpace(body), path) {
		return nil
	}
	return mustMatch(field, body, path)
}

// routes are the routes of the records of a kind.
type routes[T, D any] struct {
	h *Handler
	k *kind[T, D]
}

// routesOf returns the routes of kind k served by h.
func routesOf[T, D any](h *Handler, k *kind[T, D]) routes[T, D] { return routes[T, D]{h, k} }

func (rt routes[T, D]) list(w http.ResponseWriter, r *http.Request) {
	rq, err := rt.h.begin(r)
	var f Filter
	if err == nil {
		f, err = rq.filter()
	}
	var recs *profile.Records
	if err == nil {
		recs, err = rt.h.records(r, rq)
	}
	if err == nil {
		err = f.CheckJurisdiction(rt.h.svc, recs, "jurisdiction")
	}
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	api.WriteData(w, r, http.StatusOK, rt.k.page(f, recs))
}

func (rt routes[T, D]) get(w http.ResponseWriter, r *http.Request) {
	rq, err := rt.h.begin(r)
	var d D
	if err == nil {
		d, err = rt.k.detail(rt.h.rd, r.Context(), rq.tenant, rt.k.pathKey(r))
	}
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	api.WriteData(w, r, http.StatusOK, d)
}

func (rt routes[T, D]) create(w http.ResponseWriter, r *http.Request) {
	rq, err := rt.h.begin(r)
	var rec T
	if err == nil {
		err = rt.h.decode(r, &rec)
	}
	var taken map[string]string
	if err == nil {
		taken, err = take(rt.k.parts[:rt.k.createParts], &rec, rt.k.pathKey(r))
	}
	if err == nil {
		_, err = rt.h.svc.Create(r.Context(), rq.tenant, rq.by, rt.k.change(rec))
		err = pathNamed(within(err, rt.k.member+"[0]"), taken)
	}
	rt.answer(w, r, rq, rt.k.keyOf(&rec), http.StatusCreated, err)
}

func (rt routes[T, D]) update(w http.ResponseWriter, r *http.Request) {
	rq, err := rt.h.begin(r)
	var rec T
	key := rt.k.pathKey(r)
	if err == nil {
		err = rt.h.decode(r, &rec)
	}
	if err == nil {
		err = checkKeyType(key)
	}
	var taken map[string]string
	if err == nil {
		taken, err = take(rt.k.parts, &rec, key)
	}
	if err == nil && rt.k.asStored != nil {
		err = rt.k.asStored(rt.h.rd, r.Context(), rq.tenant, key, &rec)
	}
	if err == nil {
		store := rt.h.svc.Update
		if rt.k.replace {
			store = rt.h.svc.Apply
		}
		_, err = store(r.Context(), rq.tenant, rq.by, rt.k.change(rec))
		err = pathNamed(within(err, rt.k.member+"[0]"), taken)
	}
	if key.Type == "" {
		key.Type = rt.k.keyOf(&rec).Type // the registration written, of the two of its number
	}
	rt.answer(w, r, rq, key, http.StatusOK, err)
}

func (rt routes[T, D]) remove(w http.ResponseWriter, r *http.Request) {
	rq, err := rt.h.begin(r)
	key := rt.k.pathKey(r)
	if err == nil {
		key, err = rt.h.remove(r, rq, key)
	}
	rt.answer(w, r, rq, key, http.StatusOK, err)
}

// answer answers a change of the record of key, as the request names
// it: err, or the record's detail with status, and its Location when it
// was created.
func (rt routes[T, D]) answer(w http.ResponseWriter, r *http.Request, rq request, key profile.Key, status int, err error) {
	var d D
	if err == nil {
		// The detail reads the key as a request names it (History
		// normalises it, as a path's): read in its stored form, a
		// registration in Germany (DE) would be read as Delaware's.
		d, err = rt.k.detail(rt.h.rd, r.Context(), rq.tenant, key)
	}
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	if rt.k.stored != nil {
		key = rt.k.stored(key)
	}
	args := []any{"tenant", rq.tenant, "by", rq.by, "record", key.String(), "method", r.Method}
	if rt.k.logPath {
		args = append(args, "path", r.URL.Path)
	}
	rt.h.log.Info("profile changed", args...)
	if loc := rt.k.location(key, d); status == http.StatusCreated && loc != "" {
		w.Header().Set("Location", loc)
	}
	api.WriteData(w, r, status, d)
}

// remove deletes the record of key (Reader.Delete).
func (h *Handler) remove(r *http.Request, rq request, key profile.Key) (profile.Key, error) {
	return h.rd.Delete(r.Context(), rq.tenant, rq.by, key)
}

// The kinds of records the routes serve.
var (
	customers = kind[profile.Customer, CustomerDetail]{
		member:     "customers",
		listParams: []string{"customer", "limit", "offset", "asOf"},
		pathKey:    func(r *http.Request) profile.Key { return profile.CustomerKey(r.PathValue("code")) },
		parts: []keyPart[profile.Customer]{
			{field: "code", member: func(c *profile.Customer) *string { return &c.Code }, of: keyCode},
		},
		keyOf:  func(c *profile.Customer) profile.Key { return profile.CustomerKey(strings.TrimSpace(c.Code)) },
		change: func(c profile.Customer) profile.ChangeSet { return profile.ChangeSet{Customers: []profile.Customer{c}} },
		page:   func(f Filter, recs *profile.Records) any { return f.Customers(recs) },
		detail: Reader.Customer,
		location: func(key profile.Key, _ CustomerDetail) string {
			return Prefix + "/customers/" + url.PathEscape(key.Code)
		},
	}

	certificates = kind[profile.Certificate, CertificateDetail]{
		member:     "certificates",
		listParams: []string{"customer", "jurisdiction", "expiringBefore", "status", "limit", "offset", "asOf"},
		pathKey:    certificateKey,
		parts: []keyPart[profile.Certificate]{
			{field: "customerCode", param: "code", member: func(c *profile.Certificate) *string { return &c.CustomerCode }, of: keyScope},
			{field: "number", member: func(c *profile.Certificate) *string { return &c.Number }, of: keyCode},
		},
		createParts: 1,
		keyOf: func(c *profile.Certificate) profile.Key {
			return profile.CertificateKey(c.CustomerCode, strings.TrimSpace(c.Number))
		},
		change: func(c profile.Certificate) profile.ChangeSet {
			return profile.ChangeSet{Certificates: []profile.Certificate{c}}
		},
		page:     func(f Filter, recs *profile.Records) any { return f.Certificates(recs) },
		detail:   Reader.Certificate,
		asStored: keepCountries,
		location: func(key profile.Key, _ CertificateDetail) string {
			return Prefix + "/customers/" + url.PathEscape(key.Scope) + "/certificates/" + url.PathEscape(key.Code)
		},
		logPath: true,
	}

	registrations = kind[profile.Registration, RegistrationDetail]{
		member:     "registrations",
		listParams: []string{"company", "jurisdiction", "limit", "offset", "asOf"},
		keyParams:  []string{"company", "type"},
		pathKey: func(r *http.Request) profile.Key {
			k := profile.RegistrationKey(r.URL.Query().Get("company"), r.PathValue("jurisdiction"), r.PathValue("number"))
			k.Type = r.URL.Query().Get("type") // identity or tax: which of the two registrations of one number
			return k
		},
		parts: []keyPart[profile.Registration]{
			{field: "companyCode", param: "company", member: func(g *profile.Registration) *string { return &g.CompanyCode }, of: keyScope},
			{field: "jurisdiction", member: func(g *profile.Registration) *string { return &g.Jurisdiction }, of: keyJurisdiction,
				match: sameJurisdiction},
			{field: "number", member: func(g *profile.Registration) *string { return &g.Number }, of: keyCode,
				match: sameNumber},
		},
		keyOf: func(g *profile.Registration) profile.Key {
			// The jurisdiction as the body names it, as a path does:
			// stored normalises it once (normalised twice, Germany's
			// DEU, stored DE, would become Delaware's US-DE).
			k := profile.RegistrationKey(strings.TrimSpace(g.CompanyCode), g.Jurisdiction, strings.TrimSpace(g.Number))
			if id, ok := profile.NormalizeJurisdiction(g.Jurisdiction); ok {
				n := *g
				n.Jurisdiction = id
				// A number of identity is its own record: the key names
				// which of the two records of its number it is, so that
				// the answer reads the one written.
				k.Type = cmp.Or(n.Key().Type, profile.KeyTypeTax)
			}
			return k
		},
		change: func(g profile.Registration) profile.ChangeSet {
			return profile.ChangeSet{Registrations: []profile.Registration{g}}
		},
		page:   func(f Filter, recs *profile.Records) any { return f.Registrations(recs) },
		detail: Reader.Registration,
		stored: func(key profile.Key) profile.Key {
			if id, ok := profile.NormalizeJurisdiction(key.Jurisdiction); ok {
				key.Jurisdiction = id
			}
			return key
		},
		location: func(key profile.Key, _ RegistrationDetail) string {
			// The path names the jurisdiction as a request does: Germany,
			// stored as DE, as DEU (profile.JurisdictionInput). The query
			// names the type of the record created, so that the Location
			// reads and deletes it and not the other registration of its
			// number, which may be stored then or later.
			loc := Prefix + "/registrations/" + url.PathEscape(profile.JurisdictionInput(key.Jurisdiction)) + "/" + url.PathEscape(key.Code)
			q := url.Values{}
			if key.Scope != "" {
				q.Set("company", key.Scope)
			}
			q.Set("type", cmp.Or(key.Type, profile.KeyTypeTax))
			return loc + "?" + q.Encode()
		},
	}

	products = kind[profile.Product, ProductDetail]{
		member:     "products",
		listParams: []string{"codeType", "class", "limit", "offset", "asOf"},
		pathKey: func(r *http.Request) profile.Key {
			return profile.ProductKey(r.PathValue("codeType"), r.PathValue("code"))
		},
		parts: []keyPart[profile.Product]{
			{field: "codeType", member: func(p *profile.Product) *string { return &p.CodeType }, of: keyScope, match: sameFold},
			{field: "code", member: func(p *profile.Product) *string { return &p.Code }, of: keyCode},
		},
		keyOf: func(p *profile.Product) profile.Key {
			return profile.ProductKey(strings.TrimSpace(p.CodeType), strings.TrimSpace(p.Code))
		},
		change: func(p profile.Product) profile.ChangeSet { return profile.ChangeSet{Products: []profile.Product{p}} },
		page:   func(f Filter, recs *profile.Records) any { return f.Products(recs) },
		detail: Reader.Product,
		location: func(_ profile.Key, d ProductDetail) string {
			if d.Product == nil {
				return ""
			}
			return Prefix + "/products/" + url.PathEscape(d.Product.CodeType) + "/" + url.PathEscape(d.Product.Code)
		},
	}

	franchises = kind[profile.Franchise, FranchiseDetail]{
		member:     "franchises",
		listParams: []string{"area", "limit", "offset", "asOf"},
		pathKey: func(r *http.Request) profile.Key {
			return profile.FranchiseKey(r.PathValue("areaId"), r.PathValue("name"))
		},
		parts: []keyPart[profile.Franchise]{
			{field: "areaId", member: func(f *profile.Franchise) *string { return &f.AreaID }, of: keyScope},
			{field: "name", member: func(f *profile.Franchise) *string { return &f.Name }, of: keyCode},
		},
		keyOf: func(f *profile.Franchise) profile.Key {
			return profile.FranchiseKey(strings.TrimSpace(f.AreaID), strings.TrimSpace(f.Name))
		},
		change: func(f profile.Franchise) profile.ChangeSet {
			return profile.ChangeSet{Franchises: []profile.Franchise{f}}
		},
		// A contract's fee is replaced whole: PUT stores a new fee or a
		// new version of the stored one.
		replace: true,
		page:    func(f Filter, recs *profile.Records) any { return f.Franchises(recs) },
		detail:  Reader.Franchise,
		location: func(_ profile.Key, d FranchiseDetail) string {
			if d.Franchise == nil {
				return ""
			}
			return Prefix + "/franchises/" + url.PathEscape(d.Franchise.AreaID) + "/" + url.PathEscape(d.Franchise.Name)
		},
	}
)

// checkKeyType refuses, naming the query parameter type, a registration's
// key type (the route's ?type=) that is neither identity nor tax, which
// the record a PUT stores would otherwise pass over: the reads and
// deletions refuse it as the key's check does.
func checkKeyType(key profile.Key) error {
	if profile.ValidKeyType(strings.ToLower(strings.TrimSpace(key.Type))) {
		return nil
	}
	return levy.Invalid("type", "%q is no type of the key of a registration: %q (a number that only identifies the company) or %q",
		clip(key.Type), profile.KeyTypeIdentity, profile.KeyTypeTax)
}
