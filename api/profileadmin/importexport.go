package profileadmin

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/profile/profilecsv"
)

// VersionHeader is the header of an export that names the version of
// the profile exported.
const VersionHeader = "Levy-Profile-Version"

// MaxImportFiles is the most files one import of CSV files may hold.
const MaxImportFiles = 16

// importAnswer returns what an import of cs stored as version v.
func importAnswer(v uint64, cs *profile.ChangeSet, files []string) ImportAnswer {
	return ImportAnswer{Version: v, Customers: len(cs.Customers), Certificates: len(cs.Certificates), Registrations: len(cs.Registrations),
		Products: len(cs.Products), Franchises: len(cs.Franchises), Policy: cs.Policy != nil, Deletes: len(cs.Deletes), Documents: len(cs.Documents), Files: files}
}

func (h *Handler) importChangeSet(w http.ResponseWriter, r *http.Request) {
	rq, err := h.begin(r)
	var cs profile.ChangeSet
	if err == nil {
		err = h.decode(r, &cs)
	}
	var reinstate bool
	if err == nil {
		reinstate, err = rq.flag("reinstateRevoked")
	}
	var v uint64
	var unchanged int
	if err == nil {
		v, unchanged, err = ApplyChangeSet(r.Context(), h.svc, rq.tenant, rq.by, &cs, reinstate)
	}
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	h.log.Info("profile imported", "tenant", rq.tenant, "by", rq.by, "version", v, "records", cs.Len(), "unchanged", unchanged)
	ans := importAnswer(v, &cs, nil)
	ans.Unchanged = unchanged
	api.WriteData(w, r, http.StatusOK, ans)
}

// ApplyChangeSet applies cs, a JSON change set, to the tenant's profile
// and returns the version stored and the number of records (the policy
// counting as one) left as they were, used by the admin route and the
// CLI. As for CSV files (ApplyImport), the records and the policy equal
// to the stored ones are left out of cs, which then holds only those
// stored: a change set of nothing else, or of nothing at all (the
// export of a profile without records), stores nothing and returns the
// current version. Within the change's unit, the records left out must
// still be as read (one changed meanwhile refuses the change set, as a
// conflict naming its field), and the errors of the others name them
// where cs held them. A change set that Normalize refuses goes to Apply
// as it is, which answers its errors; one of more records than Apply
// takes (profile.MaxChanges) is answered Normalize's errors, which name
// its bad records. cs may hold up to profile.MaxImportRecords records
// (the export of a large profile), of which at most profile.MaxChanges
// may differ from the stored ones.
//
// As a CSV import does (profilecsv.Import.KeepStored), a change set
// never makes a certificate revoked in Levy active again unless
// reinstate is set: a certificate of cs whose status is active (or
// left out) where the stored one is revoked, checked within the
// change's unit, refuses the change set with an EConflict error on its
// status ("certificates[2].status"), up to profile.MaxErrors of them.
// An export read back after the certificate was revoked (through the
// console, another node, a revocation route) would otherwise undo the
// revocation unseen, and the certificate would exempt sales again. Nor,
// unless reinstate is set, does it move a stored revocation later: a
// certificate of cs revoked from a later day than the stored one is
// refused alike, on its revokedDate and naming both dates (the
// revocation route refuses a later day too); an earlier day, revoking
// sooner, is taken.
func ApplyChangeSet(ctx context.Context, svc *profile.Service, tenant, by string, cs *profile.ChangeSet, reinstate bool) (uint64, int, error) {
	// The scans carried, checked against the certificates as sent: one
	// whose certificate the change set lacks is refused, even where the
	// records left out below would leave it out anyway.
	if err := cs.CheckDocuments(); err != nil {
		return 0, 0, err
	}
	norm, err := svc.Normalize(*cs)
	if err != nil {
		if cs.Len() > profile.MaxChanges {
			return 0, 0, err
		}
		v, err := svc.Apply(ctx, tenant, by, *cs)
		return v, 0, err
	}
	var guarded []guardedCertificate
	if !reinstate {
		guarded = widening(&norm)
	}
	cur, err := svc.Records(ctx, tenant, time.Time{})
	if err != nil {
		return 0, 0, err
	}
	t := profile.TrimUnchanged(cs, &norm, cur)
	if cs.Len() == 0 {
		// Nothing to store: every record equal to the stored one, or
		// none at all (the export of a profile without records, "{}").
		return cur.Version, len(t.Same), nil
	}
	if len(t.Same) == 0 && len(guarded) == 0 {
		v, err := svc.Apply(ctx, tenant, by, *cs)
		return v, 0, err
	}
	// The errors of revivals name the certificates where cs held them
	// as sent: they are not located again.
	revived := false
	still := func(now *profile.Records) error {
		revived = false
		if err := t.StillSame(now, nil, "the change set"); err != nil {
			return err
		}
		err := revivals(guarded, now)
		revived = err != nil
		return err
	}
	v, err := svc.ApplyIfWatching(ctx, tenant, by, *cs, t.Keys(), still)
	if err != nil {
		if revived {
			return 0, 0, err
		}
		return 0, 0, locate(&t, err)
	}
	return v, len(t.Same), nil
}

// guardedCertificate is a certificate of a change set that could widen
// a stored revoked one: its key, its place in the change set as sent,
// and the day it is revoked from (zero when it is stored as active).
type guardedCertificate struct {
	key     profile.Key
	index   int
	revoked civil.Date
}

// widening returns the certificates of norm, a change set normalised
// (Service.Normalize), that it stores as active or revoked from a day.
func widening(norm *profile.ChangeSet) []guardedCertificate {
	var out []guardedCertificate
	for i := range norm.Certificates {
		c := &norm.Certificates[i]
		a := guardedCertificate{key: c.Key(), index: i}
		if c.Revoked() {
			if c.RevokedDate.IsZero() {
				continue
			}
			a.revoked = c.RevokedDate
		}
		out = append(out, a)
	}
	return out
}

// revivals returns an EConflict error for each certificate of guarded
// that cur, the tenant's records, holds revoked (up to
// profile.MaxErrors), nil when none is: on its status when it makes
// it active again, on its revokedDate when it is revoked from a later
// day than the stored one.
func revivals(guarded []guardedCertificate, cur *profile.Records) error {
	if len(guarded) == 0 {
		return nil
	}
	revoked := map[profile.Key]*profile.Certificate{}
	for i := range cur.Certificates {
		if c := &cur.Certificates[i]; c.Revoked() {
			revoked[c.Key()] = c
		}
	}
	var errs levy.Errors
	for _, a := range guarded {
		c, ok := revoked[a.key]
		if !ok || !a.revoked.IsZero() && (c.RevokedDate.IsZero() || !a.revoked.After(c.RevokedDate)) {
			continue
		}
		if len(errs) == profile.MaxErrors {
			break
		}
		if !a.revoked.IsZero() {
			errs = append(errs, &levy.Error{Code: levy.EConflict, Field: fmt.Sprintf("certificates[%d].revokedDate", a.index),
				Message: fmt.Sprintf("certificate %s of customer %s is revoked from %s and this change set would revoke it from %s, later, "+
					"which makes it cover the days between again; to reinstate those days, import with --reinstate-revoked "+
					"(over the admin route, reinstateRevoked=true), or give it revokedDate %s or earlier",
					clip(c.Number), clip(c.CustomerCode), c.RevokedDate, a.revoked, c.RevokedDate)})
			continue
		}
		errs = append(errs, &levy.Error{Code: levy.EConflict, Field: fmt.Sprintf("certificates[%d].status", a.index),
			Message: fmt.Sprintf("certificate %s of customer %s is revoked (from %s) and this change set would make it active again; "+
				"to reinstate it, import with --reinstate-revoked (over the admin route, reinstateRevoked=true), "+
				"or give it status revoked", clip(c.Number), clip(c.CustomerCode), c.RevokedDate)})
	}
	if len(errs) == 0 {
		return nil
	}
	return errs
}

func (h *Handler) importFiles(w http.ResponseWriter, r *http.Request) {
	rq, err := h.begin(r)
	var files []profilecsv.File
	if err == nil {
		files, err = h.readFiles(w, r, rq)
	}
	var reinstate bool
	if err == nil {
		reinstate, err = rq.flag("reinstateRevoked")
	}
	var im *profilecsv.Import
	if err == nil {
		// The rows that read well are checked too, so that every bad row
		// of the files is told at once.
		im, err = profilecsv.ReadFiles(files...)
		err = im.RowErrors(err, h.svc.Normalize)
	}
	var cur *profile.Records
	if err == nil {
		cur, err = h.svc.Records(r.Context(), rq.tenant, time.Time{})
	}
	if err == nil {
		// A row that would make a revoked certificate active again is
		// refused unless the request says so.
		im.ReinstateRevoked = reinstate
		err = im.KeepStored(cur, h.today())
	}
	var v uint64
	if err == nil {
		v, err = ApplyImport(r.Context(), h.svc, rq.tenant, rq.by, im, cur)
	}
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	h.log.Info("profile imported", "tenant", rq.tenant, "by", rq.by, "version", v, "records", im.ChangeSet.Len(), "unchanged", im.Skipped(), "files", len(files))
	ans := importAnswer(v, &im.ChangeSet, im.Files())
	ans.Unchanged = im.Skipped()
	api.WriteData(w, r, http.StatusOK, ans)
}

// ApplyImport applies im, completed from cur by KeepStored, to the
// tenant's profile and returns the version stored, with its errors
// located in the files. The records equal to the stored ones are left
// out (Import.Trim): an import of nothing else, or of files of a
// header alone (the export of a kind without records), stores nothing
// and returns cur's version. Within the change's unit, the records left out
// and the certificates completed from cur must still be as read: a
// revocation or a document given to one meanwhile (another node,
// another request) is not undone, and the import is refused. The files
// may hold up to profile.MaxImportRecords rows (the export of a large
// profile), of which at most profile.MaxChanges may differ from the
// stored records.
func ApplyImport(ctx context.Context, svc *profile.Service, tenant, by string, im *profilecsv.Import, cur *profile.Records) (uint64, error) {
	// The scans the import carries (an export's documents directory),
	// checked against every row as read; then the rows that name a scan
	// by its digest alone take its type and size.
	if err := im.ChangeSet.CheckDocuments(); err != nil {
		return 0, im.Locate(err)
	}
	if err := svc.CompleteDocuments(ctx, tenant, &im.ChangeSet); err != nil {
		return 0, im.Locate(err)
	}
	norm, err := svc.Normalize(im.ChangeSet)
	switch {
	case err == nil:
		im.Trim(cur, &norm)
	case im.ChangeSet.Len() > profile.MaxChanges:
		// Apply would refuse the files as too many rows; their bad rows
		// are what to tell.
		return 0, im.Locate(err)
	}
	if im.ChangeSet.Len() == 0 {
		// Every row equal to the stored record, or no row at all (the
		// export of a kind without records, its header alone).
		return cur.Version, nil
	}
	v, err := svc.ApplyIfWatching(ctx, tenant, by, im.ChangeSet, im.Watched(), im.Unchanged)
	return v, im.Locate(err)
}

// readFiles reads the import files of a request: its body, one file of
// text/csv named by the name parameter (import.csv by default), or the
// files of a multipart/form-data body, each a part with a file name.
func (h *Handler) readFiles(w http.ResponseWriter, r *http.Request, rq request) ([]profilecsv.File, error) {
	if r.ContentLength > h.limit {
		return nil, h.tooLarge()
	}
	mt, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil {
		mt = ""
	}
	body := http.MaxBytesReader(w, r.Body, h.limit)
	switch mt {
	case "text/csv", "text/plain", "application/csv":
		data, err := io.ReadAll(body)
		if err != nil {
			return nil, h.readError(err)
		}
		name, err := profile.CleanFileName("name", rq.q.Get("name"))
		if err != nil {
			return nil, err
		}
		if name == "" {
			name = "import.csv"
		}
		return []profilecsv.File{{Name: name, Content: bytes.NewReader(data)}}, nil
	case "multipart/form-data":
		if rq.q.Has("name") {
			return nil, levy.Invalid("name", "the files of a multipart body are named by their parts")
		}
		mr := multipart.NewReader(body, params["boundary"])
		var files []profilecsv.File
		for {
			part, err := mr.NextPart()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return nil, h.readError(err)
			}
			name := part.FileName()
			if name == "" {
				part.Close()
				continue // a form field that is no file
			}
			if len(files) == MaxImportFiles {
				return nil, levy.Invalid("body", "an import holds at most %d files", MaxImportFiles)
			}
			data, err := io.ReadAll(part)
			part.Close()
			if err != nil {
				return nil, h.readError(err)
			}
			files = append(files, profilecsv.File{Name: path.Base(strings.ReplaceAll(name, `\`, "/")), Content: bytes.NewReader(data)})
		}
		if len(files) == 0 {
			return nil, levy.Invalid("body", "the multipart body has no file: send each CSV file as a part with a file name")
		}
		return files, nil
	}
	return nil, &levy.Error{Code: levy.EUnsupported, Field: "Content-Type",
		Message: fmt.Sprintf("the files come as text/csv (one file) or multipart/form-data (several), not %q", clip(r.Header.Get("Content-Type")))}
}

// tooLarge is the error of a body over the limit.
func (h *Handler) tooLarge() error {
	return &levy.Error{Code: levy.ETooLarge, Field: "body", Message: fmt.Sprintf("the request body is larger than the limit of %d bytes", h.limit)}
}

// readError is the error of a body that could not be read.
func (h *Handler) readError(err error) error {
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return h.tooLarge()
	}
	if strings.Contains(err.Error(), "multipart") {
		return levy.Invalid("body", "the multipart body cannot be read: %v", err)
	}
	return err
}

func (h *Handler) exportJSON(w http.ResponseWriter, r *http.Request) {
	rq, err := h.begin(r)
	var at time.Time
	if err == nil {
		at, err = rq.asOf()
	}
	var docs bool
	if err == nil {
		docs, err = rq.flag("documents")
	}
	var cs profile.ChangeSet
	var v uint64
	if err == nil {
		// As an import reads it back: Germany as DEU; with documents,
		// each certificate's scan, once.
		cs, v, err = h.svc.Export(r.Context(), rq.tenant, at, docs)
	}
	var b []byte
	if err == nil {
		b, err = json.MarshalIndent(cs, "", "  ")
	}
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	serveExport(w, v, "application/json", "profile.json", append(b, '\n'))
}

func (h *Handler) exportCSV(w http.ResponseWriter, r *http.Request) {
	rq, err := h.begin(r)
	kind := profilecsv.Kind(r.PathValue("kind"))
	if err == nil && kind.Columns() == nil {
		err = levy.Invalid("kind", "%q is not a kind of import file: customers, certificates, registrations, products or franchises", clip(string(kind)))
	}
	var recs *profile.Records
	if err == nil {
		recs, err = h.records(r, rq)
	}
	var buf bytes.Buffer
	if err == nil {
		err = profilecsv.Write(&buf, kind, recs)
	}
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	serveExport(w, recs.Version, "text/csv; charset=utf-8", string(kind)+".csv", buf.Bytes())
}

// serveExport answers an export of the profile at version: body, of
// contentType, as an attachment named fileName.
func serveExport(w http.ResponseWriter, version uint64, contentType, fileName string, body []byte) {
	w.Header().Set(VersionHeader, strconv.FormatUint(version, 10))
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Content-Disposition", `attachment; filename="`+fileName+`"`)
	w.Header().Set("Cache-Control", "private, no-store")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(body)
}
