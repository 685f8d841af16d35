package einvoicing

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"strconv"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api"
	"github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/einvoice/render"
	"github.com/levytax/levy/internal/jsonbody"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/jurisdiction"
)

// maxRenderBody bounds the body of a render or submit request: the
// options.
const maxRenderBody = 16 << 10

// renderMembers are the members of the body of a render request
// (render.Options).
var renderMembers = []string{"syntax", "sellerEndpoint", "buyerEndpoint", "sellerName", "buyerName", "buyerReference", "orderReference",
	"iban", "dueDate", "contactName", "contactPhone", "contactEmail"}

// WithJournal mounts the routes that render the tenant's stored invoices
// as e-invoices (POST /einvoicing/v1/transactions/{transactionId}/render
// and .../submit), which read them from j.
func WithJournal(j journal.Store) Option { return func(h *Handler) { h.journal = j } }

// WithVATGeography gives the rendering the VAT areas of the dataset that
// calculated the invoices (engine.Engine.VATGeography, called for each
// rendering so that a reload's dataset is used); without it they are the
// embedded default dataset's.
func WithVATGeography(vat func() *jurisdiction.VATGeography) Option {
	return func(h *Handler) { h.vat = vat }
}

// renderOptions reads the options of a render request: a JSON object, or
// no body at all for the defaults (UBL, no electronic addresses). A body
// announced in another media type is refused before any of it is read,
// and so before a 100 Continue, as api's optional bodies are; an empty
// one, whatever its Content-Type, is the defaults.
func renderOptions(r *http.Request) (render.Options, error) {
	var o render.Options
	if r.ContentLength == 0 {
		return o, nil
	}
	if r.ContentLength > 0 {
		if err := api.JSONContent(r); err != nil {
			return o, err
		}
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxRenderBody+1))
	if err != nil {
		return o, err
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return o, nil
	}
	if err := api.JSONContent(r); err != nil {
		return o, err
	}
	if err := jsonbody.Decode(bytes.NewReader(body), &o, maxRenderBody); err != nil {
		return o, err
	}
	return o, knownMembers("the options of a rendering", memberNames(body), renderMembers...)
}

// rendered renders the stored transaction of the request's path for the
// tenant of its context. The routes that render take no query parameter:
// the token alone chooses the tenant, so ?tenant= is refused rather than
// passed over.
func (h *Handler) rendered(r *http.Request) (*render.Rendered, string, error) {
	if err := api.CheckQuery(r.URL.Query()); err != nil {
		return nil, "", err
	}
	o, err := renderOptions(r)
	if err != nil {
		return nil, "", err
	}
	id := r.PathValue("transactionId")
	ctx := r.Context()
	tx, err := h.transaction(ctx, id)
	if err != nil {
		return nil, "", err
	}
	if tx.ReversalOf != "" {
		// The original names the invoice the credit note corrects: the
		// version the reversal took back, whatever became of its ID since.
		// Without one (a reversal stored before the journal kept its
		// version, whose original is deleted) the reference is the
		// original's transaction ID.
		if orig, err := journal.Original(ctx, h.journal, levy.Tenant(ctx), tx); err == nil {
			o.Original = orig
		} else if levy.ErrorCode(err) != levy.ENotFound {
			return nil, "", err
		}
	}
	if h.vat != nil {
		o.VATGeography = h.vat()
	}
	out, err := render.Render(tx, o)
	return out, tx.TransactionID, err
}

// transaction reads a stored transaction of the context's tenant; one of
// another tenant is not found.
func (h *Handler) transaction(ctx context.Context, id string) (*journal.Transaction, error) {
	tx, err := h.journal.Get(ctx, levy.Tenant(ctx), id)
	return tx, levy.RenameField(err, journal.FieldTransactionID, "transactionId")
}

// renderTransaction answers the e-invoice of a stored invoice.
func (h *Handler) renderTransaction(w http.ResponseWriter, r *http.Request) {
	out, _, err := h.rendered(r)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/xml")
	w.Header().Set("Content-Length", strconv.Itoa(len(out.Content)))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(out.Content)
}

// submitTransaction renders a stored invoice and submits its e-invoice to
// the workflow, as POST /einvoicing/v1/documents submits a document.
func (h *Handler) submitTransaction(w http.ResponseWriter, r *http.Request) {
	// The header is checked before the e-invoice is made.
	key, err := idempotencyKey(r)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	out, id, err := h.rendered(r)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	if n, limit := len(out.Content), h.svc.MaxDocumentBytes(); n > limit {
		// The request's body is the options; what is too large is the
		// e-invoice of the transaction.
		api.WriteError(w, r, &levy.Error{Code: levy.EConflict, Field: "transactionId", Message: fmt.Sprintf(
			"transaction %s: its e-invoice has %d bytes, more than the %d bytes a document of this server's e-invoicing may have (--einvoice-max-document); "+
				"render it to send it another way, or invoice its lines in several invoices", id, n, limit)})
		return
	}
	if key == "" {
		// The same e-invoice of the same transaction is stored once.
		key = einvoice.TransactionKey(id, out.Content)
	}
	d, created, err := h.svc.Submit(r.Context(), out.Content, key)
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
