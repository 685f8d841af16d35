package einvoicing

import (
	"net/http"
	"reflect"

	"github.com/levytax/levy/api"
	"github.com/levytax/levy/einvoice"
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
				Description: "The caller's key of the submission: a second submission of the same document (the same bytes) with the same key answers 200 with the first document's record; another document under a key already used is refused with 409 (target Idempotency-Key) and not stored."}},
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
			Body:    reflect.TypeFor[einvoice.NewConnection](), BodyRequired: true,
			Answer: connection, Status: http.StatusCreated, Conflict: true},
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
	}
	if h.admin != nil {
		m = append(m,
			api.WithOperation(api.Operation{Method: http.MethodGet, Path: "/admin/v1/einvoicing/dead-letters", ID: "listDeadLetters", Tag: api.AdminTag,
				Summary:     "Lists the webhook events given up after their last attempt.",
				Description: api.AdminAccess, Params: []api.Param{api.AdminTenantParam()}, Answer: api.Enveloped[[]einvoice.DeadLetter]()},
				api.Guard(h.admin, h.deadLetters)),
			api.WithOperation(api.Operation{Method: http.MethodPost, Path: "/admin/v1/einvoicing/dead-letters/{eventId}/replay", ID: "replayDeadLetter", Tag: api.AdminTag,
				Summary:     "Sends a dead letter again, with its attempts reset.",
				Description: api.AdminAccess,
				Params:      []api.Param{{Name: "eventId", In: "path", Required: true, Format: "identifier", Description: "The event ID of the dead letter."}},
				Answer:      api.Enveloped[einvoice.DeadLetter]()},
				api.Guard(h.admin, h.replay)),
		)
	}
	return m
}
