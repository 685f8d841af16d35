package profileadmin

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api"
	"github.com/levytax/levy/profile"
)

// mustMatch refuses a body whose key part (field, as sent) names another
// record than the path's, and returns the path's.
func mustMatch(field, body, path string) error {
	if body != "" && strings.TrimSpace(body) != path {
		return levy.Invalid(field, "%q is not %q, which the path names: a record's key is changed by deleting it and creating another", clip(body), clip(path))
	}
	return nil
}

// ---- customers

func customerKey(r *http.Request) profile.Key { return profile.CustomerKey(r.PathValue("code")) }

func (rd Reader) Customer(ctx context.Context, tenant string, key profile.Key) (CustomerDetail, error) {
	vs, cur, err := revisions(ctx, rd, tenant, key, func(rv Revision, c *profile.Customer) CustomerVersion {
		return CustomerVersion{Revision: rv, Customer: c}
	})
	if err != nil {
		return CustomerDetail{}, err
	}
	if len(vs) == 0 {
		return CustomerDetail{}, notFound("code", key)
	}
	recs, err := rd.Service.Records(ctx, tenant, time.Time{})
	if err != nil {
		return CustomerDetail{}, err
	}
	d := CustomerDetail{Customer: cur, Deleted: cur == nil, Versions: vs, Version: recs.Version, Certificates: []profile.Certificate{}}
	for _, c := range recs.Certificates {
		if c.CustomerCode == key.Code {
			d.Certificates = append(d.Certificates, c)
		}
	}
	return d, nil
}

func (h *Handler) listCustomers(w http.ResponseWriter, r *http.Request) {
	rq, err := h.begin(r, false, "customer", "limit", "offset", "asOf")
	var f Filter
	if err == nil {
		f, err = rq.filter()
	}
	var recs *profile.Records
	if err == nil {
		recs, err = h.records(r, rq)
	}
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	api.WriteData(w, r, http.StatusOK, f.Customers(recs))
}

func (h *Handler) getCustomer(w http.ResponseWriter, r *http.Request) {
	rq, err := h.begin(r, false)
	if err == nil {
		var d CustomerDetail
		if d, err = h.rd.Customer(r.Context(), rq.tenant, customerKey(r)); err == nil {
			api.WriteData(w, r, http.StatusOK, d)
			return
		}
	}
	api.WriteError(w, r, err)
}

func (h *Handler) createCustomer(w http.ResponseWriter, r *http.Request) {
	rq, err := h.begin(r, true)
	var c profile.Customer
	if err == nil {
		err = h.decode(r, &c)
	}
	if err == nil {
		_, err = h.svc.Create(r.Context(), rq.tenant, rq.by, profile.ChangeSet{Customers: []profile.Customer{c}})
		err = within(err, "customers[0]")
	}
	h.answerCustomer(w, r, rq, profile.CustomerKey(strings.TrimSpace(c.Code)), http.StatusCreated, err)
}

func (h *Handler) updateCustomer(w http.ResponseWriter, r *http.Request) {
	rq, err := h.begin(r, true)
	var c profile.Customer
	key := customerKey(r)
	if err == nil {
		err = h.decode(r, &c)
	}
	if err == nil {
		err = mustMatch("code", c.Code, key.Code)
	}
	if err == nil {
		c.Code = key.Code
		_, err = h.svc.Update(r.Context(), rq.tenant, rq.by, profile.ChangeSet{Customers: []profile.Customer{c}})
		err = within(err, "customers[0]")
	}
	h.answerCustomer(w, r, rq, key, http.StatusOK, err)
}

func (h *Handler) deleteCustomer(w http.ResponseWriter, r *http.Request) {
	rq, err := h.begin(r, true)
	key := customerKey(r)
	if err == nil {
		err = h.remove(r, rq, key, "code")
	}
	h.answerCustomer(w, r, rq, key, http.StatusOK, err)
}

// answerCustomer answers a change of a customer: err, or the customer's
// detail with status.
func (h *Handler) answerCustomer(w http.ResponseWriter, r *http.Request, rq request, key profile.Key, status int, err error) {
	var d CustomerDetail
	if err == nil {
		d, err = h.rd.Customer(r.Context(), rq.tenant, key)
	}
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	h.log.Info("profile changed", "tenant", rq.tenant, "by", rq.by, "record", key.String(), "method", r.Method)
	if status == http.StatusCreated {
		w.Header().Set("Location", Prefix+"/customers/"+url.PathEscape(key.Code))
	}
	api.WriteData(w, r, status, d)
}

// remove deletes the record of key, named in the path by field: a key
// the tenant has no record of (or has deleted) is not found.
func (h *Handler) remove(r *http.Request, rq request, key profile.Key, field string) error {
	revs, err := h.rd.history(r.Context(), rq.tenant, key)
	if err != nil {
		return err
	}
	if len(revs) == 0 || revs[len(revs)-1].Deleted {
		return notFound(field, key)
	}
	_, err = h.svc.Apply(r.Context(), rq.tenant, rq.by, profile.ChangeSet{Deletes: []profile.Key{key}})
	return renamed(err, "deletes[0]", field)
}

// ---- certificates

func certificateKey(r *http.Request) profile.Key {
	return profile.CertificateKey(r.PathValue("code"), r.PathValue("number"))
}

func (rd Reader) Certificate(ctx context.Context, tenant string, key profile.Key) (CertificateDetail, error) {
	vs, cur, err := revisions(ctx, rd, tenant, key, func(rv Revision, c *profile.Certificate) CertificateVersion {
		return CertificateVersion{Revision: rv, Certificate: c}
	})
	if err != nil {
		return CertificateDetail{}, err
	}
	if len(vs) == 0 {
		return CertificateDetail{}, notFound("number", key)
	}
	v, err := rd.version(ctx, tenant)
	return CertificateDetail{Certificate: cur, Deleted: cur == nil, Versions: vs, Version: v}, err
}

func (h *Handler) listCertificates(w http.ResponseWriter, r *http.Request) {
	rq, err := h.begin(r, false, "customer", "jurisdiction", "expiringBefore", "status", "limit", "offset", "asOf")
	var f Filter
	if err == nil {
		f, err = rq.filter()
	}
	var recs *profile.Records
	if err == nil {
		recs, err = h.records(r, rq)
	}
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	api.WriteData(w, r, http.StatusOK, f.Certificates(recs))
}

func (h *Handler) getCertificate(w http.ResponseWriter, r *http.Request) {
	rq, err := h.begin(r, false)
	if err == nil {
		var d CertificateDetail
		if d, err = h.rd.Certificate(r.Context(), rq.tenant, certificateKey(r)); err == nil {
			api.WriteData(w, r, http.StatusOK, d)
			return
		}
	}
	api.WriteError(w, r, err)
}

func (h *Handler) createCertificate(w http.ResponseWriter, r *http.Request) {
	rq, err := h.begin(r, true)
	var c profile.Certificate
	customer := r.PathValue("code")
	if err == nil {
		err = h.decode(r, &c)
	}
	if err == nil {
		err = mustMatch("customerCode", c.CustomerCode, customer)
	}
	if err == nil {
		c.CustomerCode = customer
		_, err = h.svc.Create(r.Context(), rq.tenant, rq.by, profile.ChangeSet{Certificates: []profile.Certificate{c}})
		err = within(err, "certificates[0]")
	}
	h.answerCertificate(w, r, rq, profile.CertificateKey(customer, strings.TrimSpace(c.Number)), http.StatusCreated, err)
}

func (h *Handler) updateCertificate(w http.ResponseWriter, r *http.Request) {
	rq, err := h.begin(r, true)
	var c profile.Certificate
	key := certificateKey(r)
	if err == nil {
		err = h.decode(r, &c)
	}
	if err == nil {
		err = mustMatch("customerCode", c.CustomerCode, key.Scope)
	}
	if err == nil {
		err = mustMatch("number", c.Number, key.Code)
	}
	if err == nil {
		c.CustomerCode, c.Number = key.Scope, key.Code
		_, err = h.svc.Update(r.Context(), rq.tenant, rq.by, profile.ChangeSet{Certificates: []profile.Certificate{c}})
		err = within(err, "certificates[0]")
	}
	h.answerCertificate(w, r, rq, key, http.StatusOK, err)
}

func (h *Handler) deleteCertificate(w http.ResponseWriter, r *http.Request) {
	rq, err := h.begin(r, true)
	key := certificateKey(r)
	if err == nil {
		err = h.remove(r, rq, key, "number")
	}
	h.answerCertificate(w, r, rq, key, http.StatusOK, err)
}

// current returns the tenant's certificate of key as it is, or a
// not-found error.
func (rd Reader) current(ctx context.Context, tenant string, key profile.Key) (*profile.Certificate, error) {
	_, cur, err := revisions(ctx, rd, tenant, key, func(Revision, *profile.Certificate) struct{} { return struct{}{} })
	if err == nil && cur == nil {
		err = notFound("number", key)
	}
	return cur, err
}

func (h *Handler) revokeCertificate(w http.ResponseWriter, r *http.Request) {
	rq, err := h.begin(r, true)
	key := certificateKey(r)
	var body Revocation
	if err == nil && (r.ContentLength != 0 || r.Header.Get("Content-Type") != "") {
		err = h.decode(r, &body)
	}
	var c *profile.Certificate
	if err == nil {
		c, err = h.rd.current(r.Context(), rq.tenant, key)
	}
	if err == nil {
		if body.RevokedDate.IsZero() {
			body.RevokedDate = h.today()
		}
		c.Status, c.RevokedDate = profile.StatusRevoked, body.RevokedDate
		_, err = h.svc.Update(r.Context(), rq.tenant, rq.by, profile.ChangeSet{Certificates: []profile.Certificate{*c}})
		err = within(err, "certificates[0]")
	}
	h.answerCertificate(w, r, rq, key, http.StatusOK, err)
}

// answerCertificate answers a change of a certificate.
func (h *Handler) answerCertificate(w http.ResponseWriter, r *http.Request, rq request, key profile.Key, status int, err error) {
	var d CertificateDetail
	if err == nil {
		d, err = h.rd.Certificate(r.Context(), rq.tenant, key)
	}
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	h.log.Info("profile changed", "tenant", rq.tenant, "by", rq.by, "record", key.String(), "method", r.Method, "path", r.URL.Path)
	if status == http.StatusCreated {
		w.Header().Set("Location", Prefix+"/customers/"+url.PathEscape(key.Scope)+"/certificates/"+url.PathEscape(key.Code))
	}
	api.WriteData(w, r, status, d)
}

// ---- registrations

func registrationKey(r *http.Request) profile.Key {
	return profile.RegistrationKey(r.URL.Query().Get("company"), r.PathValue("jurisdiction"), r.PathValue("number"))
}

func (rd Reader) Registration(ctx context.Context, tenant string, key profile.Key) (RegistrationDetail, error) {
	vs, cur, err := revisions(ctx, rd, tenant, key, func(rv Revision, g *profile.Registration) RegistrationVersion {
		return RegistrationVersion{Revision: rv, Registration: g}
	})
	if err != nil {
		return RegistrationDetail{}, err
	}
	if len(vs) == 0 {
		return RegistrationDetail{}, notFound("number", key)
	}
	v, err := rd.version(ctx, tenant)
	return RegistrationDetail{Registration: cur, Deleted: cur == nil, Versions: vs, Version: v}, err
}

func (h *Handler) listRegistrations(w http.ResponseWriter, r *http.Request) {
	rq, err := h.begin(r, false, "company", "jurisdiction", "limit", "offset", "asOf")
	var f Filter
	if err == nil {
		f, err = rq.filter()
	}
	var recs *profile.Records
	if err == nil {
		recs, err = h.records(r, rq)
	}
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	api.WriteData(w, r, http.StatusOK, f.Registrations(recs))
}

func (h *Handler) getRegistration(w http.ResponseWriter, r *http.Request) {
	rq, err := h.begin(r, false, "company")
	if err == nil {
		var d RegistrationDetail
		if d, err = h.rd.Registration(r.Context(), rq.tenant, registrationKey(r)); err == nil {
			api.WriteData(w, r, http.StatusOK, d)
			return
		}
	}
	api.WriteError(w, r, err)
}

func (h *Handler) createRegistration(w http.ResponseWriter, r *http.Request) {
	rq, err := h.begin(r, true)
	var g profile.Registration
	if err == nil {
		err = h.decode(r, &g)
	}
	if err == nil {
		_, err = h.svc.Create(r.Context(), rq.tenant, rq.by, profile.ChangeSet{Registrations: []profile.Registration{g}})
		err = within(err, "registrations[0]")
	}
	id, _ := profile.NormalizeJurisdiction(g.Jurisdiction)
	h.answerRegistration(w, r, rq, profile.RegistrationKey(strings.TrimSpace(g.CompanyCode), id, strings.TrimSpace(g.Number)), http.StatusCreated, err)
}

func (h *Handler) updateRegistration(w http.ResponseWriter, r *http.Request) {
	rq, err := h.begin(r, true, "company")
	var g profile.Registration
	key := registrationKey(r)
	if err == nil {
		err = h.decode(r, &g)
	}
	if err == nil {
		err = mustMatch("companyCode", g.CompanyCode, key.Scope)
	}
	if err == nil && g.Jurisdiction != "" {
		a, _ := profile.NormalizeJurisdiction(g.Jurisdiction)
		b, _ := profile.NormalizeJurisdiction(key.Jurisdiction)
		err = mustMatch("jurisdiction", a, b)
	}
	if err == nil {
		err = mustMatch("number", g.Number, key.Code)
	}
	if err == nil {
		g.CompanyCode, g.Jurisdiction, g.Number = key.Scope, key.Jurisdiction, key.Code
		_, err = h.svc.Update(r.Context(), rq.tenant, rq.by, profile.ChangeSet{Registrations: []profile.Registration{g}})
		err = within(err, "registrations[0]")
	}
	h.answerRegistration(w, r, rq, key, http.StatusOK, err)
}

func (h *Handler) deleteRegistration(w http.ResponseWriter, r *http.Request) {
	rq, err := h.begin(r, true, "company")
	key := registrationKey(r)
	if err == nil {
		err = h.remove(r, rq, key, "number")
	}
	h.answerRegistration(w, r, rq, key, http.StatusOK, err)
}

// answerRegistration answers a change of a registration.
func (h *Handler) answerRegistration(w http.ResponseWriter, r *http.Request, rq request, key profile.Key, status int, err error) {
	var d RegistrationDetail
	if err == nil {
		if id, ok := profile.NormalizeJurisdiction(key.Jurisdiction); ok {
			key.Jurisdiction = id
		}
		d, err = h.rd.Registration(r.Context(), rq.tenant, key)
	}
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	h.log.Info("profile changed", "tenant", rq.tenant, "by", rq.by, "record", key.String(), "method", r.Method)
	if status == http.StatusCreated {
		loc := Prefix + "/registrations/" + url.PathEscape(key.Jurisdiction) + "/" + url.PathEscape(key.Code)
		if key.Scope != "" {
			loc += "?company=" + url.QueryEscape(key.Scope)
		}
		w.Header().Set("Location", loc)
	}
	api.WriteData(w, r, status, d)
}

// ---- products

func productKey(r *http.Request) profile.Key {
	return profile.ProductKey(r.PathValue("codeType"), r.PathValue("code"))
}

func (rd Reader) Product(ctx context.Context, tenant string, key profile.Key) (ProductDetail, error) {
	vs, cur, err := revisions(ctx, rd, tenant, key, func(rv Revision, p *profile.Product) ProductVersion {
		return ProductVersion{Revision: rv, Product: p}
	})
	if err != nil {
		return ProductDetail{}, err
	}
	if len(vs) == 0 {
		return ProductDetail{}, notFound("code", key)
	}
	v, err := rd.version(ctx, tenant)
	return ProductDetail{Product: cur, Deleted: cur == nil, Versions: vs, Version: v}, err
}

func (h *Handler) listProducts(w http.ResponseWriter, r *http.Request) {
	rq, err := h.begin(r, false, "codeType", "class", "limit", "offset", "asOf")
	var f Filter
	if err == nil {
		f, err = rq.filter()
	}
	var recs *profile.Records
	if err == nil {
		recs, err = h.records(r, rq)
	}
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	api.WriteData(w, r, http.StatusOK, f.Products(recs))
}

func (h *Handler) getProduct(w http.ResponseWriter, r *http.Request) {
	rq, err := h.begin(r, false)
	if err == nil {
		var d ProductDetail
		if d, err = h.rd.Product(r.Context(), rq.tenant, productKey(r)); err == nil {
			api.WriteData(w, r, http.StatusOK, d)
			return
		}
	}
	api.WriteError(w, r, err)
}

func (h *Handler) createProduct(w http.ResponseWriter, r *http.Request) {
	rq, err := h.begin(r, true)
	var p profile.Product
	if err == nil {
		err = h.decode(r, &p)
	}
	if err == nil {
		_, err = h.svc.Create(r.Context(), rq.tenant, rq.by, profile.ChangeSet{Products: []profile.Product{p}})
		err = within(err, "products[0]")
	}
	h.answerProduct(w, r, rq, profile.ProductKey(strings.TrimSpace(p.CodeType), strings.TrimSpace(p.Code)), http.StatusCreated, err)
}

func (h *Handler) updateProduct(w http.ResponseWriter, r *http.Request) {
	rq, err := h.begin(r, true)
	var p profile.Product
	key := productKey(r)
	if err == nil {
		err = h.decode(r, &p)
	}
	if err == nil && p.CodeType != "" && !strings.EqualFold(strings.TrimSpace(p.CodeType), key.Scope) {
		err = mustMatch("codeType", p.CodeType, key.Scope)
	}
	if err == nil {
		err = mustMatch("code", p.Code, key.Code)
	}
	if err == nil {
		p.CodeType, p.Code = key.Scope, key.Code
		_, err = h.svc.Update(r.Context(), rq.tenant, rq.by, profile.ChangeSet{Products: []profile.Product{p}})
		err = within(err, "products[0]")
	}
	h.answerProduct(w, r, rq, key, http.StatusOK, err)
}

func (h *Handler) deleteProduct(w http.ResponseWriter, r *http.Request) {
	rq, err := h.begin(r, true)
	key := productKey(r)
	if err == nil {
		err = h.remove(r, rq, key, "code")
	}
	h.answerProduct(w, r, rq, key, http.StatusOK, err)
}

// answerProduct answers a change of a product code.
func (h *Handler) answerProduct(w http.ResponseWriter, r *http.Request, rq request, key profile.Key, status int, err error) {
	var d ProductDetail
	if err == nil {
		d, err = h.rd.Product(r.Context(), rq.tenant, key)
	}
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	h.log.Info("profile changed", "tenant", rq.tenant, "by", rq.by, "record", key.String(), "method", r.Method)
	if status == http.StatusCreated && d.Product != nil {
		w.Header().Set("Location", Prefix+"/products/"+url.PathEscape(d.Product.CodeType)+"/"+url.PathEscape(d.Product.Code))
	}
	api.WriteData(w, r, status, d)
}

// ---- franchise area fees

func franchiseKey(r *http.Request) profile.Key {
	return profile.FranchiseKey(r.PathValue("areaId"), r.PathValue("name"))
}

// Franchise returns the franchise fee of key and its versions.
func (rd Reader) Franchise(ctx context.Context, tenant string, key profile.Key) (FranchiseDetail, error) {
	vs, cur, err := revisions(ctx, rd, tenant, key, func(rv Revision, f *profile.Franchise) FranchiseVersion {
		return FranchiseVersion{Revision: rv, Franchise: f}
	})
	if err != nil {
		return FranchiseDetail{}, err
	}
	if len(vs) == 0 {
		return FranchiseDetail{}, notFound("name", key)
	}
	v, err := rd.version(ctx, tenant)
	return FranchiseDetail{Franchise: cur, Deleted: cur == nil, Versions: vs, Version: v}, err
}

func (h *Handler) listFranchises(w http.ResponseWriter, r *http.Request) {
	rq, err := h.begin(r, false, "area", "limit", "offset", "asOf")
	var f Filter
	if err == nil {
		f, err = rq.filter()
	}
	var recs *profile.Records
	if err == nil {
		recs, err = h.records(r, rq)
	}
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	api.WriteData(w, r, http.StatusOK, f.Franchises(recs))
}

func (h *Handler) getFranchise(w http.ResponseWriter, r *http.Request) {
	rq, err := h.begin(r, false)
	if err == nil {
		var d FranchiseDetail
		if d, err = h.rd.Franchise(r.Context(), rq.tenant, franchiseKey(r)); err == nil {
			api.WriteData(w, r, http.StatusOK, d)
			return
		}
	}
	api.WriteError(w, r, err)
}

func (h *Handler) createFranchise(w http.ResponseWriter, r *http.Request) {
	rq, err := h.begin(r, true)
	var f profile.Franchise
	if err == nil {
		err = h.decode(r, &f)
	}
	if err == nil {
		_, err = h.svc.Create(r.Context(), rq.tenant, rq.by, profile.ChangeSet{Franchises: []profile.Franchise{f}})
		err = within(err, "franchises[0]")
	}
	h.answerFranchise(w, r, rq, profile.FranchiseKey(strings.TrimSpace(f.AreaID), strings.TrimSpace(f.Name)), http.StatusCreated, err)
}

// putFranchise stores the franchise fee of the path, a new one or a new
// version of the one stored: a contract's fee is replaced whole.
func (h *Handler) putFranchise(w http.ResponseWriter, r *http.Request) {
	rq, err := h.begin(r, true)
	var f profile.Franchise
	key := franchiseKey(r)
	if err == nil {
		err = h.decode(r, &f)
	}
	if err == nil {
		err = mustMatch("areaId", f.AreaID, key.Scope)
	}
	if err == nil {
		err = mustMatch("name", f.Name, key.Code)
	}
	if err == nil {
		f.AreaID, f.Name = key.Scope, key.Code
		_, err = h.svc.Apply(r.Context(), rq.tenant, rq.by, profile.ChangeSet{Franchises: []profile.Franchise{f}})
		err = within(err, "franchises[0]")
	}
	h.answerFranchise(w, r, rq, key, http.StatusOK, err)
}

func (h *Handler) deleteFranchise(w http.ResponseWriter, r *http.Request) {
	rq, err := h.begin(r, true)
	key := franchiseKey(r)
	if err == nil {
		err = h.remove(r, rq, key, "name")
	}
	h.answerFranchise(w, r, rq, key, http.StatusOK, err)
}

// answerFranchise answers a change of a franchise fee.
func (h *Handler) answerFranchise(w http.ResponseWriter, r *http.Request, rq request, key profile.Key, status int, err error) {
	var d FranchiseDetail
	if err == nil {
		d, err = h.rd.Franchise(r.Context(), rq.tenant, key)
	}
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	h.log.Info("profile changed", "tenant", rq.tenant, "by", rq.by, "record", key.String(), "method", r.Method)
	if status == http.StatusCreated && d.Franchise != nil {
		w.Header().Set("Location", Prefix+"/franchises/"+url.PathEscape(d.Franchise.AreaID)+"/"+url.PathEscape(d.Franchise.Name))
	}
	api.WriteData(w, r, status, d)
}

// ---- the policy

func (rd Reader) Policy(ctx context.Context, tenant string) (PolicyDetail, error) {
	vs, cur, err := revisions(ctx, rd, tenant, profile.PolicyKey(), func(rv Revision, p *profile.Policy) PolicyVersion {
		return PolicyVersion{Revision: rv, Policy: p}
	})
	if err != nil {
		return PolicyDetail{}, err
	}
	v, err := rd.version(ctx, tenant)
	return PolicyDetail{Policy: cur, Versions: vs, Version: v}, err
}

func (h *Handler) getPolicy(w http.ResponseWriter, r *http.Request) {
	rq, err := h.begin(r, false)
	if err == nil {
		var d PolicyDetail
		if d, err = h.rd.Policy(r.Context(), rq.tenant); err == nil {
			api.WriteData(w, r, http.StatusOK, d)
			return
		}
	}
	api.WriteError(w, r, err)
}

func (h *Handler) putPolicy(w http.ResponseWriter, r *http.Request) {
	rq, err := h.begin(r, true)
	var p profile.Policy
	if err == nil {
		err = h.decode(r, &p)
	}
	if err == nil {
		_, err = h.svc.Apply(r.Context(), rq.tenant, rq.by, profile.ChangeSet{Policy: &p})
		err = within(err, "policy")
	}
	var d PolicyDetail
	if err == nil {
		d, err = h.rd.Policy(r.Context(), rq.tenant)
	}
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	h.log.Info("profile changed", "tenant", rq.tenant, "by", rq.by, "record", "policy", "method", r.Method)
	api.WriteData(w, r, http.StatusOK, d)
}
