package profileadmin

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strconv"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api"
	"github.com/levytax/levy/profile"
)

// readDocument reads a scan sent as the request body, of the media type
// of its Content-Type, at most profile.MaxDocumentSize.
func readDocument(w http.ResponseWriter, r *http.Request) ([]byte, string, error) {
	tooLarge := &levy.Error{Code: levy.ETooLarge, Field: "body",
		Message: fmt.Sprintf("a certificate's document may have at most %d bytes", profile.MaxDocumentSize)}
	if r.ContentLength > profile.MaxDocumentSize {
		return nil, "", tooLarge
	}
	mt := ""
	if ct := r.Header.Get("Content-Type"); ct != "" {
		var err error
		if mt, _, err = mime.ParseMediaType(ct); err != nil {
			return nil, "", &levy.Error{Code: levy.EUnsupported, Field: "Content-Type", Message: fmt.Sprintf("%q is not a media type", clip(ct))}
		}
	}
	var buf bytes.Buffer
	_, err := buf.ReadFrom(http.MaxBytesReader(w, r.Body, profile.MaxDocumentSize))
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return nil, "", tooLarge
	}
	if err != nil {
		return nil, "", err
	}
	return buf.Bytes(), mt, nil
}

// storeDocument reads a scan sent as the request body (readDocument),
// checks it and stores it for the tenant; its errors name the request's
// parts (body, Content-Type, fileName).
func (h *Handler) storeDocument(w http.ResponseWriter, r *http.Request, rq request) (profile.DocumentRef, error) {
	content, mt, err := readDocument(w, r)
	if err != nil {
		return profile.DocumentRef{}, err
	}
	ref, err := h.svc.PutDocument(r.Context(), rq.tenant, content, mt, rq.q.Get("fileName"))
	return ref, unsupportedMedia(renamed(renamed(err, "content", "body"), "mediaType", "Content-Type"))
}

// unsupportedMedia returns the refusal of a body's media type among the
// errors of err alone, as 415 (levy.EUnsupported) as every route of Levy
// answers a body of a type it does not take; err as it is when its
// errors are about something else. The checks of the body's bytes are
// moot once its type is refused.
func unsupportedMedia(err error) error {
	var found *levy.Error
	levy.MapErrors(err, func(e *levy.Error) *levy.Error {
		if found == nil && e.Field == "Content-Type" {
			found = e
		}
		return e
	})
	if found == nil {
		return err
	}
	return &levy.Error{Code: levy.EUnsupported, Field: found.Field, Message: found.Message}
}

func (h *Handler) uploadDocument(w http.ResponseWriter, r *http.Request) {
	rq, err := h.begin(r)
	var ref profile.DocumentRef
	if err == nil {
		ref, err = h.storeDocument(w, r, rq)
	}
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	h.log.Info("certificate document stored", "tenant", rq.tenant, "by", rq.by, "sha256", ref.SHA256, "size", ref.Size)
	w.Header().Set("Location", Prefix+"/documents/"+ref.SHA256)
	api.WriteData(w, r, http.StatusCreated, ref)
}

func (h *Handler) getDocument(w http.ResponseWriter, r *http.Request) {
	rq, err := h.begin(r)
	var content []byte
	if err == nil {
		content, err = h.svc.Document(r.Context(), rq.tenant, r.PathValue("sha256"))
	}
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	serveDocument(w, r, content, profile.DocumentType(content), r.PathValue("sha256"))
}

func (h *Handler) getCertificateDocument(w http.ResponseWriter, r *http.Request) {
	rq, err := h.begin(r)
	key := certificateKey(r)
	var c *profile.Certificate
	if err == nil {
		c, err = h.rd.current(r.Context(), rq.tenant, key)
	}
	if err == nil && c.Document == nil {
		err = levy.NotFound("document", "%s has no document", key)
	}
	var content []byte
	if err == nil {
		content, err = h.svc.Document(r.Context(), rq.tenant, c.Document.SHA256)
	}
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	name := c.Document.FileName
	if name == "" {
		name = "certificate-" + c.Number
	}
	serveDocument(w, r, content, c.Document.MediaType, name)
}

func (h *Handler) putCertificateDocument(w http.ResponseWriter, r *http.Request) {
	rq, err := h.begin(r)
	key := certificateKey(r)
	var c *profile.Certificate
	if err == nil {
		// The certificate first: a document is not stored for a
		// certificate that is not there.
		c, err = h.rd.current(r.Context(), rq.tenant, key)
	}
	var was []byte // the certificate as read, which the change is made from
	if err == nil {
		was, err = json.Marshal(c)
	}
	var ref profile.DocumentRef
	if err == nil {
		ref, err = h.storeDocument(w, r, rq)
	}
	if err == nil {
		c.Document = &ref
		// Stored again as read: its jurisdictions as a change names them
		// (ChangeSet.AsInput), so that a stored DE stays Germany. The
		// upload takes time between the read and the write: a change
		// made meanwhile (a revocation, on any node) is refused rather
		// than undone.
		cs := profile.ChangeSet{Certificates: []profile.Certificate{*c}}.AsInput()
		_, err = h.svc.UpdateIf(r.Context(), rq.tenant, rq.by, cs, func(cur *profile.Records) error {
			return unchangedCertificate(cur, key, was, "given its document", "send the document for")
		})
		err = within(err, "certificates[0]")
	}
	routesOf(h, &certificates).answer(w, r, rq, key, http.StatusOK, err)
}

// serveDocument answers a stored scan: as an attachment of its media
// type (one of profile.DocumentTypes, which Levy checked when it was
// stored), which the browser must not sniff as another type nor run in
// the page's origin.
func serveDocument(w http.ResponseWriter, r *http.Request, content []byte, mediaType, fileName string) {
	if mediaType == "" {
		mediaType = "application/octet-stream"
	}
	hd := w.Header()
	hd.Set("Content-Type", mediaType)
	hd.Set("Content-Length", strconv.Itoa(len(content)))
	disposition := mime.FormatMediaType("attachment", map[string]string{"filename": fileName})
	if disposition == "" {
		disposition = "attachment; filename*=UTF-8''" + url.PathEscape(fileName)
	}
	hd.Set("Content-Disposition", disposition)
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Content-Security-Policy", "default-src 'none'; sandbox")
	hd.Set("Cross-Origin-Resource-Policy", "same-origin")
	hd.Set("Cache-Control", "private, no-store")
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = io.Copy(w, bytes.NewReader(content))
	}
}
