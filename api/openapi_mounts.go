package api

import (
	"net/http"
	"reflect"
	"slices"
	"time"

	"github.com/levytax/levy/auth"
	"github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/journal"
)

// opDoc is one operation of the OpenAPI document: a Route, and what the
// document says of the routes that are not in the API's table (those
// mounted with WithHandler, /healthz and /metrics).
type opDoc struct {
	Route
	// root: Path is from the server's root, not under the base paths.
	root bool
	// status is the status of success (200 when 0), also its other
	// statuses with the same answer.
	status int
	also   []int
	// media is the media type of a successful answer (application/json
	// when ""), bodyMedia those of the request body (application/json
	// when nil).
	media     string
	bodyMedia []string
	// oauth: the errors have the form of RFC 6749 section 5.2, and the
	// client may authenticate with HTTP Basic.
	oauth bool
	// conflict: the operation can answer 409.
	conflict bool
	// unavailable, when set, describes a 503 answer, and tooMany a 429
	// answer; both come with Retry-After.
	unavailable string
	tooMany     string
	description string
}

// successes returns the statuses of d's successful answers.
func (d opDoc) successes() []int {
	first := d.status
	if first == 0 {
		first = http.StatusOK
	}
	return append([]int{first}, d.also...)
}

// The bodies of the mounted routes that package oauth, which imports this
// one, defines, as the document describes them; TestMountedBodiesMatch
// holds them to the real types.
type (
	// tokenRequestDoc is the body of a token request, as a form or JSON.
	tokenRequestDoc struct {
		GrantType    string `json:"grant_type"`
		ClientID     string `json:"client_id,omitempty"`
		ClientSecret string `json:"client_secret,omitempty"`
		Audience     string `json:"audience,omitempty"`
	}
	// tokenDoc is the answer of a token endpoint.
	tokenDoc struct {
		AccessToken string `json:"access_token"`
		TokenType   string `json:"token_type"`
		ExpiresIn   int64  `json:"expires_in"`
	}
	// oauthErrorDoc is an error answer of a token endpoint.
	oauthErrorDoc struct {
		Error       string `json:"error"`
		Description string `json:"error_description"`
	}
	// newClientDoc is oauth.NewClient.
	newClientDoc struct {
		Tenant    string   `json:"tenant,omitempty"`
		Audiences []string `json:"audiences"`
		ActiveNow bool     `json:"activeNow,omitempty"`
	}
	// clientSecretDoc is oauth.ClientSecret.
	clientSecretDoc struct {
		auth.Credential
		ClientSecret string `json:"client_secret"`
	}
	// rotatedKeyDoc is the answer of a key rotation.
	rotatedKeyDoc struct {
		KeyID     string    `json:"kid"`
		RotatedAt time.Time `json:"rotatedAt"`
	}
	// retiredKeyDoc is the answer of the retirement of a signing key: the
	// key retired, when, and the key that signs new tokens now.
	retiredKeyDoc struct {
		KeyID     string    `json:"kid"`
		RetiredAt time.Time `json:"retiredAt"`
		Current   string    `json:"current"`
	}
	// healthDoc is the answer of /healthz.
	healthDoc struct {
		Status  string `json:"status"`
		Dataset string `json:"dataset"`
	}
)

// docNames are the schema names of the types above.
var docNames = map[reflect.Type]string{
	typeOf[tokenRequestDoc](): "TokenRequest",
	typeOf[tokenDoc]():        "Token",
	typeOf[oauthErrorDoc]():   "OAuthError",
	typeOf[newClientDoc]():    "NewClient",
	typeOf[clientSecretDoc](): "ClientSecret",
	typeOf[rotatedKeyDoc]():   "RotatedKey",
	typeOf[retiredKeyDoc]():   "RetiredKey",
	typeOf[healthDoc]():       "Health",
}

// The parameters of the mounted routes.
var (
	tenantParam = Param{Name: "tenant", In: "query", Format: "identifier",
		Description: "Only the entries of this tenant; all tenants when absent."}
	clientIDParam = Param{Name: "id", In: "path", Required: true, Format: "identifier", Description: "The client ID of a credential."}
	documentParam = Param{Name: "documentId", In: "path", Required: true, Format: "identifier",
		Description: "The ID Levy gave the document when it was submitted."}
	webhookParam = Param{Name: "webhookId", In: "path", Required: true, Format: "identifier",
		Description: "The ID Levy gave the webhook connection when it was created."}
)

// tokenDescription says what the token endpoints take.
const tokenDescription = "Issues an access token for the client credentials grant (RFC 6749 section 4.4). " +
	"The parameters come as a form (application/x-www-form-urlencoded) or as a JSON object; the client authenticates " +
	"with client_id and client_secret in the body or with HTTP Basic (each part form-encoded), not both. " +
	"A body sent as text/plain is read as a form, as browsers send one. " +
	"audience names the API the token is for; a credential of one audience may leave it out, and one of several " +
	"is answered invalid_request naming them. " +
	"Errors have the form of RFC 6749 section 5.2. Failed authentication is throttled per client ID and per source " +
	"address: beyond the limit the answer is 429 with Retry-After, before the secret is checked; when too many secrets " +
	"wait to be checked, 503 with Retry-After."

// mountDocs describes the routes that `levy serve` mounts beside the API
// (see oauth.Handler.Mounts, einvoicing.Handler.Mounts and
// journaladmin.Handler.Mounts), and /healthz
// and /metrics, which every Server serves. TestEveryMountedRouteDocumented
// fails when a route is mounted without a description here.
func mountDocs() []opDoc {
	token := func(path, id, summary string) opDoc {
		return opDoc{Route: Route{Method: "POST", Path: path, ID: id, Tag: "Tokens", Summary: summary,
			Body: typeOf[tokenRequestDoc](), BodyRequired: true, Answer: typeOf[tokenDoc](), Public: true},
			root: true, oauth: true, bodyMedia: []string{"application/x-www-form-urlencoded", "application/json"},
			description: tokenDescription,
			unavailable: "Too many failed client authentications are waiting to be checked; ask again after Retry-After seconds."}
	}
	admin := func(method, path, id, summary string) opDoc {
		return opDoc{Route: Route{Method: method, Path: path, ID: id, Tag: "Admin", Summary: summary}, root: true,
			description: "Needs an access token of a tenant's admin (levy://admin by default), which acts on its own tenant only " +
				"(another tenant is answered 403, another tenant's record 404 as an unknown one), or of the server's operator " +
				"(levy://operator by default), which names the tenant it acts on."}
	}
	operatorOnly := func(d *opDoc) {
		d.description = "Needs an access token of the server's operator (levy://operator by default): the signing keys are shared by every tenant."
	}
	einv := func(method, path, id, summary string) opDoc {
		return opDoc{Route: Route{Method: method, Path: path, ID: id, Tag: "E-invoicing", Summary: summary}, root: true}
	}
	var docs []opDoc
	add := func(d opDoc, edits ...func(*opDoc)) {
		for _, edit := range edits {
			edit(&d)
		}
		docs = append(docs, d)
	}
	add(opDoc{Route: Route{Method: "GET", Path: "/healthz", ID: "health", Tag: "Service", Public: true,
		Summary: "Tells that the server is up, and the version of the tax data it uses.", Answer: typeOf[healthDoc]()},
		root: true, unavailable: "The server cannot do its work, such as write to one of its stores."})
	add(opDoc{Route: Route{Method: "GET", Path: "/metrics", ID: "metrics", Tag: "Service", Public: true,
		Summary: "The server's metrics for Prometheus, in its text format.", Answer: typeOf[string]()},
		root: true, media: "text/plain",
		description: "Needs no access token. `levy serve --metrics-addr HOST:PORT` serves it on that address only " +
			"(and no longer here), which a firewall can keep to the monitoring network."})

	add(token("/oauth/token", "requestToken", "Issues an access token for client credentials."))
	add(token("/oseries-auth/oauth/token", "requestTokenOSeries", "Issues an access token for client credentials, at the path of the commercial API."))
	add(token("/cached/oauth/token", "requestCachedToken", "Returns the token issued last to the client for the audience while it lasts, else a new one."), func(d *opDoc) {
		d.description = tokenDescription + " Here grant_type may be left out, and the credentials may also come as Authorization: Bearer base64(client_id:client_secret)."
	})

	add(admin("POST", "/admin/v1/clients", "createClient", "Creates a credential: a client ID mapped to a tenant and its audiences. The secret is shown only in this answer."), func(d *opDoc) {
		d.Body, d.BodyRequired, d.Answer, d.status = typeOf[newClientDoc](), true, typeOf[envelope[clientSecretDoc]](), http.StatusCreated
	})
	add(admin("GET", "/admin/v1/clients", "listClients", "Lists the credentials, without their secrets."), func(d *opDoc) {
		d.Params, d.Answer = []Param{tenantParam}, typeOf[envelope[[]auth.Credential]]()
	})
	add(admin("POST", "/admin/v1/clients/{id}/secret", "rotateClientSecret", "Replaces the secret of a credential; the tokens issued with the old one stop working."), func(d *opDoc) {
		d.Params, d.Answer, d.conflict = []Param{clientIDParam}, typeOf[envelope[clientSecretDoc]](), true
	})
	add(admin("DELETE", "/admin/v1/clients/{id}", "revokeClient", "Revokes a credential and the tokens issued to it."), func(d *opDoc) {
		d.Params, d.Answer = []Param{clientIDParam}, typeOf[envelope[auth.Credential]]()
	})
	add(admin("POST", "/admin/v1/keys", "rotateSigningKey", "Starts signing tokens with a new key."), func(d *opDoc) {
		d.Answer = typeOf[envelope[rotatedKeyDoc]]()
	}, operatorOnly)
	add(admin("GET", "/admin/v1/keys", "listSigningKeys", "Lists the signing keys (never their bytes): which is current, when each was superseded and when it stops verifying."), func(d *opDoc) {
		d.Answer = typeOf[envelope[[]auth.KeyInfo]]()
	}, operatorOnly)
	add(admin("DELETE", "/admin/v1/keys/{kid}", "retireSigningKey", "Retires a signing key at once: the tokens it signed stop working."), func(d *opDoc) {
		d.Params = []Param{{Name: "kid", In: "path", Required: true, Format: "identifier", Description: "The ID of the signing key."}}
		d.Answer, d.conflict = typeOf[envelope[retiredKeyDoc]](), true
	}, operatorOnly)
	add(admin("GET", "/admin/v1/einvoicing/dead-letters", "listDeadLetters", "Lists the webhook events given up after their last attempt."), func(d *opDoc) {
		d.Params, d.Answer = []Param{tenantParam}, typeOf[envelope[[]einvoice.DeadLetter]]()
	})
	add(admin("POST", "/admin/v1/einvoicing/dead-letters/{eventId}/replay", "replayDeadLetter", "Sends a dead letter again, with its attempts reset."), func(d *opDoc) {
		d.Params = []Param{{Name: "eventId", In: "path", Required: true, Format: "identifier", Description: "The event ID of the dead letter."}}
		d.Answer = typeOf[envelope[einvoice.DeadLetter]]()
	})

	periodParams := []Param{
		{Name: "from", In: "query", Format: "date", Description: "The first posting date of the period (inclusive); open when absent."},
		{Name: "to", In: "query", Format: "date", Description: "The last posting date of the period (inclusive); open when absent."},
		{Name: "tenant", In: "query", Format: "identifier", Description: "The tenant of the token, which is the only one whose journal it reads; another tenant is answered 403."},
	}
	add(admin("GET", "/admin/v1/journal/report", "journalReport", "The remittance report of the token's tenant for a period: per transaction currency, the tax owed per jurisdiction and imposition, with the conversions to filing currencies and the reasons of zero taxes."), func(d *opDoc) {
		d.Params, d.Answer = periodParams, typeOf[envelope[journal.Report]]()
	})
	add(admin("GET", "/admin/v1/journal/export", "journalExport", "The transactions of the token's tenant posted in a period, streamed as JSON lines (one transaction per line) or CSV (one row per tax)."), func(d *opDoc) {
		d.Params = append(slices.Clone(periodParams), Param{Name: "format", In: "query", Format: "identifier", Description: "jsonl (the default, application/x-ndjson) or csv (text/csv)."})
		d.Answer, d.media = typeOf[string](), "application/x-ndjson"
		d.description += " The answer is streamed: it ends with the trailer Levy-Export-Transactions (the number of transactions) when complete, " +
			"Levy-Export-Error when reading the journal failed part-way or the export ran for the server's longest export time (levy serve --export-timeout) and was cut."
		d.tooMany = "The token's tenant has as many exports running as the server runs at once for one tenant (levy serve --exports-per-tenant, the web console's downloads included); ask again after Retry-After seconds."
	})

	add(einv("POST", "/einvoicing/v1/documents", "submitDocument", "Submits an invoice or credit note in UBL 2.1 XML; Levy checks and delivers it after the answer."), func(d *opDoc) {
		d.Params = []Param{{Name: "Idempotency-Key", In: "header", Format: "identifier",
			Description: "The caller's key of the submission: a second submission of the same document (the same bytes) with the same key answers 200 with the first document's record; another document under a key already used is refused with 409 (target Idempotency-Key) and not stored."}}
		d.Body, d.BodyRequired, d.bodyMedia = typeOf[string](), true, []string{"application/xml", "text/xml"}
		d.Answer, d.status, d.also = typeOf[envelope[einvoice.Document]](), http.StatusAccepted, []int{http.StatusOK}
		d.conflict = true
	})
	add(einv("GET", "/einvoicing/v1/documents/{documentId}", "getDocument", "The record of a document: its status and its history."), func(d *opDoc) {
		d.Params, d.Answer = []Param{documentParam}, typeOf[envelope[einvoice.Document]]()
	})
	add(einv("GET", "/einvoicing/v1/documents/{documentId}/content", "getDocumentContent", "The document as it was received."), func(d *opDoc) {
		d.Params, d.Answer, d.media = []Param{documentParam}, typeOf[string](), "application/xml"
	})
	add(einv("POST", "/einvoicing/v1/webhooks", "createWebhook", "Creates a webhook connection, which receives the tenant's document events. The secret is never shown again."), func(d *opDoc) {
		d.Body, d.BodyRequired = typeOf[einvoice.NewConnection](), true
		d.Answer, d.status, d.conflict = typeOf[envelope[einvoice.Connection]](), http.StatusCreated, true
	})
	add(einv("GET", "/einvoicing/v1/webhooks", "listWebhooks", "Lists the tenant's webhook connections, without their secrets."), func(d *opDoc) {
		d.Answer = typeOf[envelope[[]einvoice.Connection]]()
	})
	add(einv("DELETE", "/einvoicing/v1/webhooks", "deleteWebhookByQuery", "Deletes a webhook connection and its waiting events, named by the webhookId parameter."), func(d *opDoc) {
		d.Params = []Param{{Name: "webhookId", In: "query", Required: true, Format: "identifier", Description: webhookParam.Description}}
		d.Answer = typeOf[envelope[einvoice.Connection]]()
	})
	add(einv("GET", "/einvoicing/v1/webhooks/{webhookId}", "getWebhook", "One webhook connection, without its secret."), func(d *opDoc) {
		d.Params, d.Answer = []Param{webhookParam}, typeOf[envelope[einvoice.Connection]]()
	})
	add(einv("DELETE", "/einvoicing/v1/webhooks/{webhookId}", "deleteWebhook", "Deletes a webhook connection and its waiting events."), func(d *opDoc) {
		d.Params, d.Answer = []Param{webhookParam}, typeOf[envelope[einvoice.Connection]]()
	})
	return docs
}
