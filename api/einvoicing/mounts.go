package einvoicing

import (
	"net/http"
	"reflect"

	"github.com/levytax/levy/api"
	"github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/einvoice/render"
)

// tag is the tag of the e-invoicing routes in the OpenAPI document.
const tag = "E-invoicing"

// documentPath is the path parameter that names a document.
func documentPath() []api.Param {
	return []api.Param{{Name: "documentId", In: "path", Required: true, Format: "identifier",
		Description: "The ID Levy gave the document when it was submitted."}}
}

// webhookParam is the parameter that names a webhook connection, in the
// path or in the query.
func webhookParam(in string) []api.Param {
	return []api.Param{{Name: "webhookId", In: in, Required: true, Format: "identifier",
		Description: "The ID Levy gave the webhook connection when it was created."}}
}

// Mounts returns the options that mount the routes on an api.Server,
// each described for the OpenAPI document with the types its handler
// decodes and encodes. The admin routes are mounted only with an admin
// authenticator (WithAdminAuthenticator).
func (h *Handler) Mounts() []api.Option {
	connection := api.Enveloped[einvoice.Connection]()
	m := []api.Option{
		api.WithOperation(api.Operation{Method: http.MethodPost, Path: "/einvoicing/v1/documents", ID: "submitDocument", Tag: tag,
			Summary: "Submits an invoice or credit note in UBL 2.1 or UN/CEFACT CII XML (application/xml; the root element names the syntax), or a Factur-X or ZUGFeRD PDF (application/pdf); Levy checks and delivers it after the answer.",
			Params: []api.Param{{Name: "Idempotency-Key", In: "header", Format: "identifier",
				Description: "The caller's key of the submission, 1 to 128 printable ASCII characters: a second submission of the same document (the same bytes) with the same key answers 200 with the first document's record; another document under a key already used is refused with 409 (target Idempotency-Key) and not stored."}},
			Body: reflect.TypeFor[string](), BodyRequired: true, BodyMedia: []string{"application/xml", "text/xml", "application/pdf"},
			Answer: api.Enveloped[einvoice.Document](), Status: http.StatusAccepted, Also: []int{http.StatusOK}, Conflict: true},
			api.Guard(h.auth, h.submit)),
		api.WithOperation(api.Operation{Method: http.MethodGet, Path: "/einvoicing/v1/documents/{documentId}", ID: "getDocument", Tag: tag,
			Summary: "The record of a document: its status and its history.",
			Params:  documentPath(), Answer: api.Enveloped[einvoice.Document]()},
			api.Guard(h.auth, h.get)),
		api.WithOperation(api.Operation{Method: http.MethodGet, Path: "/einvoicing/v1/documents/{documentId}/content", ID: "getDocumentContent", Tag: tag,
			Summary: "The document as it was received: XML, or the PDF of a Factur-X or ZUGFeRD invoice (its record's mediaType).",
			Params:  documentPath(), Answer: reflect.TypeFor[string](), Media: "application/xml"},
			api.Guard(h.auth, h.content)),
		api.WithOperation(api.Operation{Method: http.MethodPost, Path: "/einvoicing/v1/webhooks", ID: "createWebhook", Tag: tag,
			Summary: "Creates a webhook connection, which receives the tenant's document events. The secret is never shown again.",
			Params: []api.Param{{Name: "Idempotency-Key", In: "header", Format: "identifier",
				Description: "The caller's key of the creation, 1 to 128 printable ASCII characters: a creation sent again with the same body under the same key within 24 hours answers 200 with the connection the first made, " +
					"and makes no second one; another body (another targetUrl, events, includeMetadata or secretKey) under a key in use is refused with 409 (target Idempotency-Key) and not stored. " +
					"The key is free again after 24 hours, or once its connection is deleted."}},
			Body: reflect.TypeFor[einvoice.NewConnection](), BodyRequired: true,
			Answer: connection, Status: http.StatusCreated, Also: []int{http.StatusOK}, Conflict: true},
			api.Guard(h.auth, h.createConnection)),
		api.WithOperation(api.Operation{Method: http.MethodGet, Path: "/einvoicing/v1/webhooks", ID: "listWebhooks", Tag: tag,
			Summary: "Lists the tenant's webhook connections, without their secrets.",
			Answer:  api.Enveloped[[]einvoice.Connection]()},
			api.Guard(h.auth, h.listConnections)),
		api.WithOperation(api.Operation{Method: http.MethodDelete, Path: "/einvoicing/v1/webhooks", ID: "deleteWebhookByQuery", Tag: tag,
			Summary: "Deletes a webhook connection and its waiting events, named by the webhookId parameter.",
			Params:  webhookParam("query"), Answer: connection},
			api.Guard(h.auth, h.deleteConnection)),
		api.WithOperation(api.Operation{Method: http.MethodGet, Path: "/einvoicing/v1/webhooks/{webhookId}", ID: "getWebhook", Tag: tag,
			Summary: "One webhook connection, without its secret.",
			Params:  webhookParam("path"), Answer: connection},
			api.Guard(h.auth, h.getConnection)),
		api.WithOperation(api.Operation{Method: http.MethodDelete, Path: "/einvoicing/v1/webhooks/{webhookId}", ID: "deleteWebhook", Tag: tag,
			Summary: "Deletes a webhook connection and its waiting events.",
			Params:  webhookParam("path"), Answer: connection},
			api.Guard(h.auth, h.deleteConnection)),
		api.WithOperation(api.Operation{Method: http.MethodPost, Path: "/einvoicing/v1/webhooks/{webhookId}/secret", ID: "replaceWebhookSecret", Tag: tag,
			Summary: "Replaces the secret of a webhook connection, keeping its ID, target, events and waiting events. The secret is never shown again.",
			Description: "The body's secretKey is checked as at creation (at least 32 bytes, no white space at either end). Events are signed when they are sent: every attempt that begins " +
				"once the answer is sent, of the events waiting and of later ones, is signed with the new secret. Let the receiver accept both secrets " +
				"while the change is made. Another tenant's connection is answered 404, as an unknown one is.",
			Params: webhookParam("path"), Body: reflect.TypeFor[einvoice.NewSecret](), BodyRequired: true, Answer: connection},
			api.Guard(h.auth, h.replaceSecret)),
	}
	if h.journal != nil {
		tx := []api.Param{{Name: "transactionId", In: "path", Required: true, Format: "identifier",
			Description: "The ID of a stored invoice: the transactionId of a seller's INVOICE or DISTRIBUTE_TAX calculation."}}
		m = append(m,
			api.WithOperation(api.Operation{Method: http.MethodPost, Path: "/einvoicing/v1/transactions/{transactionId}/render", ID: "renderTransaction", Tag: tag, Reads: true,
				Summary: "Renders a stored invoice as an EN 16931 e-invoice: UBL 2.1 (Peppol BIS Billing 3.0 with both electronic addresses) or CII, checked with Levy's rules.",
				Description: "The body, optional, gives the syntax (ubl or cii) and what the journal does not keep: the parties' electronic addresses (scheme:id), names, " +
					"the buyer's or order reference, the IBAN to pay to, the due date and the seller's contact. A transaction that cannot become an e-invoice " +
					"(sales tax that is not VAT, VAT owed where the seller is not registered, several customers, a document that would break the rules) is refused with 409 and the reasons.",
				Params: tx, Body: reflect.TypeFor[render.Options](), Answer: reflect.TypeFor[string](), Media: "application/xml", Conflict: true},
				api.Guard(h.auth, h.renderTransaction)),
			api.WithOperation(api.Operation{Method: http.MethodPost, Path: "/einvoicing/v1/transactions/{transactionId}/submit", ID: "submitTransaction", Tag: tag,
				Summary:     "Renders a stored invoice as renderTransaction does and submits the e-invoice to the e-invoicing workflow, with its events.",
				Description: "Without an Idempotency-Key, the key is derived from the transaction and the document's digest: the same e-invoice of a transaction is stored once.",
				Params: append(tx, api.Param{Name: "Idempotency-Key", In: "header", Format: "identifier",
					Description: "The caller's key of the submission, as for submitDocument."}),
				Body: reflect.TypeFor[render.Options](), Answer: api.Enveloped[einvoice.Document](), Status: http.StatusAccepted, Also: []int{http.StatusOK}, Conflict: true},
				api.Guard(h.auth, h.submitTransaction)),
		)
	}
	// A body announced over the limit of the route that reads it is
	// refused 413 before any of it is read, and without a 100 Continue.
	m = append(m,
		api.WithRouteBodyLimit(http.MethodPost+" /einvoicing/v1/webhooks", maxConnectionBody),
		api.WithRouteBodyLimit(http.MethodPost+" /einvoicing/v1/webhooks/{webhookId}/secret", maxConnectionBody))
	if h.journal != nil {
		m = append(m,
			api.WithRouteBodyLimit(http.MethodPost+" /einvoicing/v1/transactions/{transactionId}/render", maxRenderBody),
			api.WithRouteBodyLimit(http.MethodPost+" /einvoicing/v1/transactions/{transactionId}/submit", maxRenderBody))
	}
	if h.admin != nil {
		m = append(m,
			api.WithOperation(api.Operation{Method: http.MethodGet, Path: "/admin/v1/einvoicing/dead-letters", ID: "listDeadLetters", Tag: api.AdminTag,
				Summary: "Lists the webhook events given up after their last attempt.",
				Description: api.AdminAccess + " The list comes in pages, in the order the events were made, each document's in the order of its statuses; " +
					"next, beside data, is the cursor of the page that follows (absent on the last), which the after parameter takes.",
				Params: []api.Param{api.AdminTenantParam(),
					{Name: "limit", In: "query", Format: "identifier", Description: "The most dead letters of the page, 1 to 5000 (500 when absent); a page may hold a few more or fewer to keep a document's dead letters together."},
					{Name: "after", In: "query", Format: "identifier", Description: "The next of the page before, as it was answered; the first page when absent."}},
				Answer: reflect.TypeFor[deadLettersAnswer]()},
				api.Guard(h.admin, h.deadLetters)),
			api.WithOperation(api.Operation{Method: http.MethodPost, Path: "/admin/v1/einvoicing/dead-letters/{eventId}/replay", ID: "replayDeadLetter", Tag: api.AdminTag,
				Summary:     "Sends a dead letter again, with its attempts reset.",
				Description: api.AdminAccess,
				Params:      []api.Param{{Name: "eventId", In: "path", Required: true, Format: "identifier", Description: "The event ID of the dead letter."}},
				Answer:      api.Enveloped[einvoice.DeadLetter]()},
				api.Guard(h.admin, h.replay)),
			api.WithOperation(api.Operation{Method: http.MethodDelete, Path: "/admin/v1/einvoicing/dead-letters/{eventId}", ID: "dropDeadLetter", Tag: api.AdminTag,
				Summary: "Drops a dead letter for good, without sending it, and answers it as it was.",
				Description: "For a dead letter that is not to be sent, such as one of a webhook connection deleted since, which cannot be replayed. " +
					api.AdminAccess,
				Params: []api.Param{{Name: "eventId", In: "path", Required: true, Format: "identifier", Description: "The event ID of the dead letter."}},
				Answer: api.Enveloped[einvoice.DeadLetter]()},
				api.Guard(h.admin, h.dropDeadLetter)),
		)
	}
	return m
}
