// Package einvoicing is the HTTP adapter of Levy's e-invoicing (package
// einvoice): the document and webhook-connection routes under
// /einvoicing/v1, for the tenant of the caller's access token, and the
// dead-letter routes under /admin/v1/einvoicing for an operator. It
// decodes (a JSON body once, with the strict decoder every adapter
// shares, internal/jsonbody), validates the transport (content types,
// sizes, path parameters, the members a body may have), calls the
// service and encodes, in the envelope and with the errors of the API
// (package api); it holds no logic of its own. A
// document has a size limit of its own (the service's MaxDocumentBytes,
// or WithBodyLimit), below the API's body limit: a larger one is
// answered 413, before any of it is read when its Content-Length
// announces it.
//
//	POST   /einvoicing/v1/documents                 submit UBL 2.1 XML: 202 and the record, Pending
//	GET    /einvoicing/v1/documents/{documentId}    the record and its current status
//	GET    /einvoicing/v1/documents/{documentId}/content   the document as received
//	POST   /einvoicing/v1/webhooks                  create a connection: 201 (200 when sent again under its Idempotency-Key)
//	GET    /einvoicing/v1/webhooks                  list the connections (never a secret)
//	GET    /einvoicing/v1/webhooks/{webhookId}      one connection
//	DELETE /einvoicing/v1/webhooks/{webhookId}      delete a connection and its waiting events
//	DELETE /einvoicing/v1/webhooks?webhookId=ID     the same
//	POST   /einvoicing/v1/webhooks/{webhookId}/secret   replace its secret ({"secretKey"}), keeping its waiting events
//	GET    /admin/v1/einvoicing/dead-letters[?tenant=T]           the dead-letter list
//	POST   /admin/v1/einvoicing/dead-letters/{eventId}/replay     send a dead letter again
//	DELETE /admin/v1/einvoicing/dead-letters/{eventId}            drop a dead letter for good
//
// The webhook routes take no query parameter but the webhookId of the
// second DELETE, once: any other is answered 400 naming it, as is a
// webhookId beside the path's, rather than passed over.
//
// A creation of a webhook connection may carry an Idempotency-Key
// header, once (two lines are answered 400 naming it, as on the routes
// that submit documents), of 1 to 128 printable ASCII characters (an
// empty one, or one of other bytes, is answered 400 naming it). A creation sent
// again under the key, with the same body, within 24 hours of the first
// (by the store's clock: the database's, over PostgreSQL) is answered
// 200 with the connection the first made, on whatever node it lands,
// and makes no second connection, so events are not delivered twice; a
// creation under the key with another body (another targetUrl, events,
// includeMetadata or secretKey) is answered 409 naming Idempotency-Key
// and stores nothing. The key is free again after the 24 hours, or once
// its connection is deleted. Without the header every creation makes a
// connection.
//
// A secretKey (of a new connection, or one that replaces a secret) that
// begins or ends with white space is answered 400 naming secretKey: many
// receivers trim the secret they are configured with, and would refuse
// the signature of every event. White space within a secret is kept.
package einvoicing
