package einvoicing

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api"
	"github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/internal/jsonbody"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/jurisdiction"
)

// maxConnectionBody bounds the body of a new webhook connection.
const maxConnectionBody = 16 << 10

// Handler serves the e-invoicing routes over a Service. It is safe for
// concurrent use.
type Handler struct {
	svc     *einvoice.Service
	auth    api.Authenticator
	admin   api.Authenticator
	limit   int64
	journal journal.Store                     // the stored invoices to render, when set (WithJournal)
	vat     func() *jurisdiction.VATGeography // the VAT areas of the rendering, when set (WithVATGeography)
}

// Option configures a Handler.
type Option func(*Handler)

// WithAuthenticator sets the check of the tenant routes; without one
// every request belongs to levy.DefaultTenant.
func WithAuthenticator(a api.Authenticator) Option { return func(h *Handler) { h.auth = a } }

// WithAdminAuthenticator sets the check of the admin routes; without one
// they are not mounted.
func WithAdminAuthenticator(a api.Authenticator) Option { return func(h *Handler) { h.admin = a } }

// WithBodyLimit bounds a submitted document (default the service's
// limit, Service.MaxDocumentBytes). A document is held whole while it is
// stored and read, so its limit is meant to be below the API's body
// limit for the other routes.
func WithBodyLimit(n int64) Option { return func(h *Handler) { h.limit = n } }

// New returns the Handler of svc.
func New(svc *einvoice.Service, opts ...Option) *Handler {
	h := &Handler{svc: svc, limit: int64(svc.MaxDocumentBytes())}
	for _, o := range opts {
		o(h)
	}
	return h
}

// submit stores the document of the request's body for the token's
// tenant. Like every route of a tenant's token, it takes no query
// parameter: the token alone chooses the tenant, so ?tenant= is refused
// rather than passed over, as if the document had gone to the tenant it
// names.
func (h *Handler) submit(w http.ResponseWriter, r *http.Request) {
	if err := api.CheckQuery(r.URL.Query()); err != nil {
		api.WriteError(w, r, err)
		return
	}
	pdf, err := documentContent(r)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	// A body announced larger than the limit is refused before a byte of
	// it is read.
	if r.ContentLength > h.limit {
		api.WriteError(w, r, h.tooLarge())
		return
	}
	var buf bytes.Buffer
	if r.ContentLength > 0 {
		buf.Grow(int(r.ContentLength) + bytes.MinRead)
	}
	_, err = buf.ReadFrom(http.MaxBytesReader(w, r.Body, h.limit))
	data := buf.Bytes()
	if err != nil {
		// A body over the limit names the document's limit; any other
		// failure of the read is the client's, which the API answers as
		// it answers a broken body on every route (400, 408 for a read
		// timeout), without the text of a network error.
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			err = h.tooLarge()
		}
		api.WriteError(w, r, err)
		return
	}
	if err := sameMedia(pdf, data); err != nil {
		api.WriteError(w, r, err)
		return
	}
	key, err := idempotencyKey(r)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	d, created, err := h.svc.Submit(r.Context(), data, key)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	w.Header().Set("Location", "/einvoicing/v1/documents/"+d.DocumentID)
	status := http.StatusAccepted
	if !created {
		status = http.StatusOK
	}
	api.WriteData(w, r, status, d)
}

// idempotencyKey returns the Idempotency-Key of a submission or of the
// creation of a webhook connection ("" for none). A key sent more than once (two header lines, as a proxy that
// adds one may make) is refused: which request it names is unclear,
// and taking one of them could store a document, or make a connection,
// twice.
func idempotencyKey(r *http.Request) (string, error) {
	keys := r.Header.Values("Idempotency-Key")
	if len(keys) > 1 {
		return "", levy.Invalid("Idempotency-Key", "the header is sent %d times; send one Idempotency-Key", len(keys))
	}
	if len(keys) == 0 {
		return "", nil
	}
	key := keys[0]
	// The header's value is a string of the Idempotency-Key field (a
	// structured-field string: ASCII from space to tilde). An empty one
	// would make the request one without a key, which is stored again
	// when it is sent again; bytes beyond ASCII would be stored and
	// compared as some other text than the client's.
	switch {
	case key == "":
		return "", levy.Invalid("Idempotency-Key", "the header is empty: send a key, or leave the header out")
	case len(key) > einvoice.MaxIdempotencyKey:
		return "", levy.Invalid("Idempotency-Key", "the idempotency key may have at most %d characters", einvoice.MaxIdempotencyKey)
	}
	for i := 0; i < len(key); i++ {
		if key[i] < 0x20 || key[i] > 0x7e {
			return "", levy.Invalid("Idempotency-Key", "the idempotency key may hold only printable ASCII characters (space to ~)")
		}
	}
	return key, nil
}

// tooLarge is the error of a document over the limit.
func (h *Handler) tooLarge() error {
	return &levy.Error{Code: levy.ETooLarge, Field: "body", Message: "the document is larger than the limit of " + strconv.FormatInt(h.limit, 10) + " bytes"}
}

// get answers the record of a document of the token's tenant; it takes
// no query parameter.
func (h *Handler) get(w http.ResponseWriter, r *http.Request) {
	if err := api.CheckQuery(r.URL.Query()); err != nil {
		api.WriteError(w, r, err)
		return
	}
	d, err := h.svc.Get(r.Context(), r.PathValue("documentId"))
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	api.WriteData(w, r, http.StatusOK, d)
}

// content answers a document of the token's tenant as it was received;
// it takes no query parameter.
func (h *Handler) content(w http.ResponseWriter, r *http.Request) {
	if err := api.CheckQuery(r.URL.Query()); err != nil {
		api.WriteError(w, r, err)
		return
	}
	data, err := h.svc.Content(r.Context(), r.PathValue("documentId"))
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", einvoice.MediaTypeOf(data))
	w.Header().Set("Content-Length", strconv.Itoa(len(data)))
	// A tenant's invoice: no cache keeps it, as the JSON answers.
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(data)
}

func (h *Handler) createConnection(w http.ResponseWriter, r *http.Request) {
	if err := api.CheckQuery(r.URL.Query()); err != nil {
		api.WriteError(w, r, err)
		return
	}
	var nc einvoice.NewConnection
	if err := decodeStrict(r, &nc, "a webhook connection", connectionMembers...); err != nil {
		api.WriteError(w, r, err)
		return
	}
	key, err := idempotencyKey(r)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	c, created, err := h.svc.CreateConnectionWithKey(r.Context(), nc, key)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	w.Header().Set("Location", "/einvoicing/v1/webhooks/"+c.WebhookID)
	status := http.StatusCreated
	if !created {
		status = http.StatusOK
	}
	api.WriteData(w, r, status, c)
}

// replaceSecret replaces the secret of one of the tenant's webhook
// connections with the secretKey of the body, and answers the connection
// without it.
func (h *Handler) replaceSecret(w http.ResponseWriter, r *http.Request) {
	if err := api.CheckQuery(r.URL.Query()); err != nil {
		api.WriteError(w, r, err)
		return
	}
	var ns einvoice.NewSecret
	if err := decodeStrict(r, &ns, "the body that replaces a webhook secret", secretMembers...); err != nil {
		api.WriteError(w, r, err)
		return
	}
	c, err := h.svc.ReplaceSecret(r.Context(), r.PathValue("webhookId"), ns.SecretKey)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	api.WriteData(w, r, http.StatusOK, c)
}

// decodeStrict reads the JSON body of r, at most maxConnectionBody
// bytes, into v once, by the shared decoder (its size, depth, duplicate
// and case-variant checks and its field paths); the names of its members
// are then listed from the bytes read, so that a member that is not one
// of members is refused rather than ignored. what names the body in that
// refusal.
func decodeStrict(r *http.Request, v any, what string, members ...string) error {
	if err := api.JSONContent(r); err != nil {
		return err
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxConnectionBody+1))
	if err != nil {
		return err
	}
	if err := jsonbody.Decode(bytes.NewReader(body), v, maxConnectionBody); err != nil {
		return err
	}
	return knownMembers(what, memberNames(body), members...)
}

func (h *Handler) listConnections(w http.ResponseWriter, r *http.Request) {
	if err := api.CheckQuery(r.URL.Query()); err != nil {
		api.WriteError(w, r, err)
		return
	}
	cs, err := h.svc.Connections(r.Context())
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	api.WriteData(w, r, http.StatusOK, cs)
}

func (h *Handler) getConnection(w http.ResponseWriter, r *http.Request) {
	if err := api.CheckQuery(r.URL.Query()); err != nil {
		api.WriteError(w, r, err)
		return
	}
	c, err := h.svc.Connection(r.Context(), r.PathValue("webhookId"))
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	api.WriteData(w, r, http.StatusOK, c)
}

func (h *Handler) deleteConnection(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("webhookId")
	// The connection is named once: in the path, or by one webhookId in
	// the query. A second name (?webhookId=B beside the path's A, or
	// given twice) is refused rather than passed over, since the
	// connection deleted might not be the one meant.
	var query []string
	if id == "" {
		query = []string{"webhookId"}
	}
	if err := api.CheckQuery(r.URL.Query(), query...); err != nil {
		api.WriteError(w, r, err)
		return
	}
	if id == "" {
		id = r.URL.Query().Get("webhookId")
		if id == "" {
			api.WriteError(w, r, levy.Invalid("webhookId", "name the connection to delete: DELETE /einvoicing/v1/webhooks/{webhookId} or ?webhookId="))
			return
		}
	}
	c, err := h.svc.DeleteConnection(r.Context(), id)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	api.WriteData(w, r, http.StatusOK, c)
}

// deadLetters lists the dead letters of the admin token's own tenant, or
// for the operator, those of the tenant named, or of every tenant.
func (h *Handler) deadLetters(w http.ResponseWriter, r *http.Request) {
	tenant, err := api.AdminScope(r.Context(), r.URL.Query().Get("tenant"), "tenant", true)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	q := r.URL.Query()
	limit := 0
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > einvoice.MaxDeadLetterLimit {
			api.WriteError(w, r, levy.Invalid("limit", "%q is not a number from 1 to %d", jsonbody.Clip(v), einvoice.MaxDeadLetterLimit))
			return
		}
		limit = n
	}
	page, err := h.svc.DeadLetterPage(r.Context(), tenant, q.Get("after"), limit)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	if page.Next == "" {
		api.WriteData(w, r, http.StatusOK, page.DeadLetters)
		return
	}
	api.WriteDataWith(w, r, http.StatusOK, page.DeadLetters, map[string]any{"next": page.Next})
}

// deadLettersAnswer is the answer of the dead-letter list, for the
// OpenAPI document: a page of dead letters under data, and beside it the
// cursor of the next page, absent on the last.
type deadLettersAnswer struct {
	Data []einvoice.DeadLetter `json:"data"`
	Meta api.Meta              `json:"meta"`
	Next string                `json:"next,omitempty"`
}

// SchemaName names the answer in the OpenAPI document.
func (deadLettersAnswer) SchemaName() string { return "DeadLetterPage" }

// replay sends a dead letter again: one of the admin token's own tenant
// (another tenant's is answered as unknown), or any for the operator.
func (h *Handler) replay(w http.ResponseWriter, r *http.Request) {
	tenant, err := api.AdminScope(r.Context(), "", "tenant", true)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	dl, err := h.svc.Replay(r.Context(), tenant, r.PathValue("eventId"))
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	api.WriteData(w, r, http.StatusOK, dl)
}

// dropDeadLetter drops a dead letter for good: one of the admin token's
// own tenant (another tenant's is answered as unknown, and stays), or any
// for the operator.
func (h *Handler) dropDeadLetter(w http.ResponseWriter, r *http.Request) {
	tenant, err := api.AdminScope(r.Context(), "", "tenant", true)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	dl, err := h.svc.DropDeadLetter(r.Context(), tenant, r.PathValue("eventId"))
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	api.WriteData(w, r, http.StatusOK, dl)
}

// connectionMembers are the members of the body of a new webhook
// connection (einvoice.NewConnection).
var connectionMembers = []string{"targetUrl", "secretKey", "events", "includeMetadata"}

// secretMembers are the members of the body that replaces the secret of a
// webhook connection (einvoice.NewSecret).
var secretMembers = []string{"secretKey"}

// knownMembers refuses the member names that are not among names
// (compared as encoding/json does, without regard to case), all of them
// at once; what names the body in the errors ("a webhook connection").
func knownMembers(what string, members []string, names ...string) error {
	var errs levy.Errors
	for _, k := range members {
		known := false
		for _, n := range names {
			known = known || strings.EqualFold(k, n)
		}
		if !known {
			errs = append(errs, levy.Invalid(k, "%q is not a member of %s; the members are %s", k, what, strings.Join(names, ", ")))
		}
	}
	if len(errs) > 0 {
		slices.SortFunc(errs, func(a, b *levy.Error) int { return strings.Compare(a.Field, b.Field) })
		return errs
	}
	return nil
}

// memberNames lists the member names of the JSON object in body, which
// the decoder has read whole: it steps over their values without
// decoding them.
func memberNames(body []byte) []string {
	dec := json.NewDecoder(bytes.NewReader(body))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil
	}
	var names []string
	for dec.More() {
		t, err := dec.Token()
		name, ok := t.(string)
		if err != nil || !ok {
			return names
		}
		names = append(names, name)
		// Step over the value: a scalar, or an object or array to its end.
		for depth := 0; ; {
			t, err := dec.Token()
			if err != nil {
				return names
			}
			switch t {
			case json.Delim('{'), json.Delim('['):
				depth++
			case json.Delim('}'), json.Delim(']'):
				depth--
			}
			if depth == 0 {
				break
			}
		}
	}
	return names
}

// documentContent checks that a submitted document says it is XML (an
// invoice in UBL 2.1 or CII, which its root element tells apart) or a PDF
// (Factur-X or ZUGFeRD), and reports whether it says PDF. XML comes in
// UTF-8, which pre-processing reads: a charset parameter that names
// another is refused, naming it, as the document would fail later.
func documentContent(r *http.Request) (pdf bool, err error) {
	ct := r.Header.Get("Content-Type")
	mt, params, perr := mime.ParseMediaType(ct)
	switch {
	case perr != nil:
	case mt == "application/xml" || mt == "text/xml" || (len(mt) > 4 && mt[len(mt)-4:] == "+xml"):
		// "utf8", which some clients write, is UTF-8 too, as on the
		// API's JSON routes.
		if cs, ok := params["charset"]; ok && !strings.EqualFold(cs, "utf-8") && !strings.EqualFold(cs, "utf8") {
			return false, &levy.Error{Code: levy.EUnsupported, Field: "Content-Type", Message: "the charset " + strconv.Quote(cs) +
				" is not read: e-invoices are read in UTF-8 only; send the XML in UTF-8 as " + mt + "; charset=utf-8, or without a charset"}
		}
		return false, nil
	case mt == einvoice.MediaPDF:
		return true, nil
	}
	return false, &levy.Error{Code: levy.EUnsupported, Field: "Content-Type", Message: "the document must be an invoice in UBL 2.1 or CII XML sent as application/xml, or a Factur-X PDF sent as application/pdf, not " + strconv.Quote(ct)}
}

// sameMedia checks that the body is what its Content-Type says: a PDF
// when it says application/pdf, and not a PDF when it says XML.
func sameMedia(pdf bool, data []byte) error {
	isPDF := einvoice.MediaTypeOf(data) == einvoice.MediaPDF
	switch {
	case len(data) == 0 || pdf == isPDF:
		return nil
	case pdf:
		return levy.Invalid("body", "the body is sent as application/pdf but is not a PDF: its first 1,024 bytes hold no %%PDF- header")
	}
	return &levy.Error{Code: levy.EUnsupported, Field: "Content-Type", Message: "the body is a PDF: send a Factur-X or ZUGFeRD PDF as application/pdf"}
}
