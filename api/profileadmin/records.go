package profileadmin

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api"
	"github.com/levytax/levy/civil"
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

// found reads the versions of the tenant's record of key and its record
// now, as revisions does; a key that has no version is not found.
func found[T, V any](ctx context.Context, rd Reader, tenant string, key profile.Key, newV func(Revision, *T) V) ([]V, *T, error) {
	vs, cur, err := revisions(ctx, rd, tenant, key, newV)
	if err == nil && len(vs) == 0 {
		err = notFound(key)
	}
	return vs, cur, err
}

// Customer returns the customer of key, its certificates and its
// versions.
func (rd Reader) Customer(ctx context.Context, tenant string, key profile.Key) (CustomerDetail, error) {
	vs, cur, err := found(ctx, rd, tenant, key, func(rv Revision, c *profile.Customer) CustomerVersion {
		return CustomerVersion{Revision: rv, Customer: c}
	})
	if err != nil {
		return CustomerDetail{}, err
	}
	recs, err := rd.Service.Records(ctx, tenant, time.Time{})
	if err != nil {
		return CustomerDetail{}, err
	}
	d := CustomerDetail{Customer: cur, Deleted: cur == nil, Versions: vs, Version: recs.Version, Certificates: []profile.Certificate{}}
	// The certificates of the code as stored: History has found the
	// customer of a code sent with spaces around it (" C-1"), as the
	// routes take every code.
	code := strings.TrimSpace(key.Code)
	for _, c := range recs.Certificates {
		if c.CustomerCode == code {
			d.Certificates = append(d.Certificates, c)
		}
	}
	return d, nil
}

// Certificate returns the certificate of key and its versions.
func (rd Reader) Certificate(ctx context.Context, tenant string, key profile.Key) (CertificateDetail, error) {
	vs, cur, err := found(ctx, rd, tenant, key, func(rv Revision, c *profile.Certificate) CertificateVersion {
		return CertificateVersion{Revision: rv, Certificate: c}
	})
	if err != nil {
		return CertificateDetail{}, err
	}
	v, err := rd.version(ctx, tenant)
	return CertificateDetail{Certificate: cur, Deleted: cur == nil, Versions: vs, Version: v}, err
}

// Registration returns the registration of key and its versions.
func (rd Reader) Registration(ctx context.Context, tenant string, key profile.Key) (RegistrationDetail, error) {
	vs, cur, err := found(ctx, rd, tenant, key, func(rv Revision, g *profile.Registration) RegistrationVersion {
		return RegistrationVersion{Revision: rv, Registration: g}
	})
	if err != nil {
		return RegistrationDetail{}, err
	}
	v, err := rd.version(ctx, tenant)
	return RegistrationDetail{Registration: cur, Deleted: cur == nil, Versions: vs, Version: v}, err
}

// Product returns the product code of key and its versions.
func (rd Reader) Product(ctx context.Context, tenant string, key profile.Key) (ProductDetail, error) {
	vs, cur, err := found(ctx, rd, tenant, key, func(rv Revision, p *profile.Product) ProductVersion {
		return ProductVersion{Revision: rv, Product: p}
	})
	if err != nil {
		return ProductDetail{}, err
	}
	v, err := rd.version(ctx, tenant)
	return ProductDetail{Product: cur, Deleted: cur == nil, Versions: vs, Version: v}, err
}

// Franchise returns the franchise fee of key and its versions.
func (rd Reader) Franchise(ctx context.Context, tenant string, key profile.Key) (FranchiseDetail, error) {
	vs, cur, err := found(ctx, rd, tenant, key, func(rv Revision, f *profile.Franchise) FranchiseVersion {
		return FranchiseVersion{Revision: rv, Franchise: f}
	})
	if err != nil {
		return FranchiseDetail{}, err
	}
	v, err := rd.version(ctx, tenant)
	return FranchiseDetail{Franchise: cur, Deleted: cur == nil, Versions: vs, Version: v}, err
}

// ---- what certificates have besides the routes of every kind

func certificateKey(r *http.Request) profile.Key {
	return profile.CertificateKey(r.PathValue("code"), r.PathValue("number"))
}

// current returns the tenant's certificate of key as it is, or a
// not-found error.
func (rd Reader) current(ctx context.Context, tenant string, key profile.Key) (*profile.Certificate, error) {
	_, cur, err := revisions(ctx, rd, tenant, key, func(Revision, *profile.Certificate) struct{} { return struct{}{} })
	if err == nil && cur == nil {
		err = notFound(key)
	}
	return cur, err
}

func (h *Handler) revokeCertificate(w http.ResponseWriter, r *http.Request) {
	rq, err := h.begin(r)
	key := certificateKey(r)
	var body Revocation
	if err == nil && (r.ContentLength != 0 || r.Header.Get("Content-Type") != "") {
		err = h.decode(r, &body)
	}
	var c *profile.Certificate
	if err == nil {
		c, err = h.rd.current(r.Context(), rq.tenant, key)
	}
	var change bool
	var was []byte // the certificate as read, which the revocation is made from
	if err == nil {
		was, err = json.Marshal(c)
	}
	if err == nil {
		change, err = revocation(c, key, body.RevokedDate, h.today())
	}
	if err == nil && change {
		// The certificate as read, its jurisdictions named as a change
		// names them (a stored DE, Germany, as DEU), so that they are
		// stored as they were.
		cs := profile.ChangeSet{Certificates: []profile.Certificate{*c}}.AsInput()
		_, err = h.svc.UpdateIf(r.Context(), rq.tenant, rq.by, cs, func(cur *profile.Records) error {
			return unchangedCertificate(cur, key, was, "revoked", "revoke")
		})
		err = within(err, "certificates[0]")
	}
	routesOf(h, &certificates).answer(w, r, rq, key, http.StatusOK, err)
}

// unchangedCertificate refuses a change made from a certificate read
// before it (a revocation, a scan given to it), with a conflict, when the
// certificate of key in cur is no longer the one it was made from (was,
// as JSON): another request, on this node or another, changed it between
// the read and the write, and writing the changed copy would undo that
// change unseen (a revocation undone by a scan's upload). doing and do
// name the change in the message ("revoked", "revoke").
func unchangedCertificate(cur *profile.Records, key profile.Key, was []byte, doing, do string) error {
	for i := range cur.Certificates {
		c := &cur.Certificates[i]
		if profile.CertificateKey(c.CustomerCode, c.Number) != key {
			continue
		}
		now, err := json.Marshal(c)
		if err != nil {
			return err
		}
		if !bytes.Equal(now, was) {
			break
		}
		return nil
	}
	return &levy.Error{Code: levy.EConflict, Field: "number",
		Message: fmt.Sprintf("%s was changed by another request while it was being %s; read it and %s it again", key, doing, do)}
}

// revocation revokes c, the certificate of key, from day (today when
// day is zero), and reports whether that changes it. A revocation never
// widens what a certificate covers: a certificate revoked already keeps
// its revocation date when day is that date or later (a second revoke
// of the console, or of a script that runs again, changes nothing), and
// takes day when it is earlier. A day later than the stored one, sent
// on purpose, is refused naming revokedDate: it would make the
// certificate cover days it does not; replacing the certificate (PUT)
// changes its revocation.
func revocation(c *profile.Certificate, key profile.Key, day, today civil.Date) (bool, error) {
	given := !day.IsZero()
	if !given {
		day = today
	}
	if c.Revoked() && !c.RevokedDate.IsZero() && !day.Before(c.RevokedDate) {
		if given && day.After(c.RevokedDate) {
			return false, levy.Invalid("revokedDate", "%s is revoked from %s already: a later day would make it cover the days between; "+
				"replace the certificate (PUT) to change its revocation", key, c.RevokedDate)
		}
		return false, nil
	}
	c.Status, c.RevokedDate = profile.StatusRevoked, day
	return true, nil
}

// ---- the policy

// Policy returns the tenant's policy and its versions.
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
	rq, err := h.begin(r)
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
	rq, err := h.begin(r)
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
