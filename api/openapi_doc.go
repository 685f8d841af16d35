package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"strconv"
	"strings"

	"github.com/levytax/levy/data"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/wire"
)

// wireVersion is the version of the wire format that the API speaks, the
// version of its OpenAPI document.
const wireVersion = "2.9.0"

// errorAnswer is one of the error statuses of the API, described once in
// components.responses.
type errorAnswer struct {
	status      int
	name        string
	description string
	// when says whether an operation can answer with the status.
	when func(d opDoc) bool
}

// opDoc is one operation of the document: a route of the API's table,
// whose path is under the base paths, or a route mounted beside it,
// whose path is from the server's root.
type opDoc struct {
	Operation
	root bool
}

// always, guarded, readsBody and conflicts say which operations can
// answer an error: every one, those that need an access token, those
// that read a request body, and those that can contradict stored state
// (the changes of the tax journal, and the operations that say so). An
// operation that is not a GET reads a body even when it declares none:
// it refuses one (the deletion and the rollback of a transaction, see
// refuseBody and Guard), and so answers a body over the limit, sent as
// something other than JSON or late as one with a body does.
func always(opDoc) bool    { return true }
func guarded(d opDoc) bool { return !d.Public }
func readsBody(d opDoc) bool {
	return d.Body != nil || (d.Method != http.MethodGet && d.Method != http.MethodHead)
}
func conflicts(d opDoc) bool  { return d.Conflict || (!d.root && writesJournal(d.Operation)) }
func calculates(d opDoc) bool { return d.Tag == "Calculation" }

// writesJournal reports whether op, a route of the API's table, changes
// the tax journal.
func writesJournal(op Operation) bool {
	return op.Method != http.MethodGet && (op.Tag == "Calculation" || op.Tag == "Transactions")
}

// headerRef refers to a header of components.headers.
func headerRef(name string) object { return object{"$ref": "#/components/headers/" + name} }

// errorTable lists the error answers in the order of their statuses. It
// is built once and never changed.
var errorTable = []errorAnswer{
	{http.StatusBadRequest, "BadRequest", "The request is malformed or breaks a constraint. Each error names the offending member, parameter or header in target, as a JSON path such as lineItems[0].quantity.value.", always},
	{http.StatusUnauthorized, "Unauthorized", "The request carries no valid access token.", guarded},
	{http.StatusForbidden, "Forbidden", "The access token may not be used for this operation.", guarded},
	{http.StatusNotFound, "NotFound", "What the request names does not exist: the path, a stored transaction, a tax area or jurisdiction.", always},
	{http.StatusMethodNotAllowed, "MethodNotAllowed", "The path is served, but not with this method; the Allow header lists the methods that are.", always},
	{http.StatusConflict, "Conflict", "The request contradicts the stored state, such as a second reversal of a transaction.", conflicts},
	{http.StatusRequestTimeout, "RequestTimeout", "The request body did not arrive within the server's read timeout (code request_timeout). A body that ends early or breaks its chunked framing is answered 400.", readsBody},
	{http.StatusRequestEntityTooLarge, "PayloadTooLarge", "The request body is larger than the operation accepts. A body whose Content-Length announces too much is refused before any of it is read (and without a 100 Continue); the target is then Content-Length.", readsBody},
	{http.StatusUnsupportedMediaType, "UnsupportedMediaType", "The request body is declared as something other than JSON in UTF-8: Content-Type names another media type, or a charset other than utf-8 (the target is Content-Type); or it is sent with a content coding, such as Content-Encoding: gzip, which Levy does not decode (the target is Content-Encoding, and the answer says Accept-Encoding: identity).", readsBody},
	{http.StatusInternalServerError, "InternalError", "Levy failed to answer. The message names the request ID, which the logs have the fault under. (A client that closes its connection before its answer reads none; the logs and the metrics count it under 499, code request_cancelled.)", always},
	{http.StatusServiceUnavailable, "ServiceUnavailable", "Levy cannot answer now: the program serving the API set the request a deadline that passed before its answer was ready (code deadline_exceeded, without Retry-After), or a store the operation uses cannot take writes or was closed, as while the server shuts down (code unavailable).", calculates},
}

// encodeDocument returns the document of ops as JSON.
func encodeDocument(ops []opDoc) ([]byte, error) {
	doc, _, err := buildDocument(ops)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(doc); err != nil {
		return nil, fmt.Errorf("api: encoding the OpenAPI document: %w", err)
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// buildDocument returns the OpenAPI document of ops as nested maps, and
// the schemas that it holds. The tags are listed in the order the
// operations first name them.
func buildDocument(ops []opDoc) (object, *schemaSet, error) {
	s := newSchemaSet()
	paths := object{}
	var tags []any
	seenTag := map[string]bool{}
	seenID := map[string]bool{}
	for _, d := range ops {
		if seenID[d.ID] {
			return nil, nil, fmt.Errorf("api: the OpenAPI document has two operations %s", d.ID)
		}
		seenID[d.ID] = true
		op, err := operation(s, d)
		if err != nil {
			return nil, nil, fmt.Errorf("api: the OpenAPI operation %s: %w", d.ID, err)
		}
		item, _ := paths[d.Path].(object)
		if item == nil {
			item = object{}
			paths[d.Path] = item
		}
		if d.root {
			// The path is from the server's root, not under a base path.
			item["servers"] = []any{object{"url": "/", "description": "The root of the server: this path is not under a base path."}}
		}
		method := strings.ToLower(d.Method)
		if _, dup := item[method]; dup {
			return nil, nil, fmt.Errorf("api: the OpenAPI document has two operations %s %s", d.Method, d.Path)
		}
		item[method] = op
		if !seenTag[d.Tag] {
			seenTag[d.Tag] = true
			tags = append(tags, object{"name": d.Tag})
		}
	}
	if _, err := s.schemaOf(reflect.TypeFor[ErrorBody]()); err != nil {
		return nil, nil, fmt.Errorf("api: the OpenAPI schema of errors: %w", err)
	}
	schemas, err := s.components()
	if err != nil {
		return nil, nil, fmt.Errorf("api: the OpenAPI schemas: %w", err)
	}
	if _, ok := schemas["ErrorBody"]; !ok {
		return nil, nil, fmt.Errorf("api: the OpenAPI schema of errors is not named ErrorBody")
	}
	responses := object{}
	for _, e := range errorTable {
		headers := object{"X-Request-Id": headerRef("RequestId")}
		switch e.status {
		case http.StatusUnauthorized:
			headers["WWW-Authenticate"] = headerRef("WWWAuthenticate")
		case http.StatusMethodNotAllowed:
			headers["Allow"] = headerRef("Allow")
		}
		responses[e.name] = object{
			"description": e.description,
			"headers":     headers,
			"content":     object{"application/json": object{"schema": object{"$ref": "#/components/schemas/ErrorBody"}}},
		}
	}
	var servers []any
	for i, base := range Bases {
		desc := "The published base path."
		switch i {
		case 1:
			desc = "The base path that older clients are configured with; it serves the same operations."
		case 2:
			desc = "The base path that clients generated from the commercial API's interface description reach " +
				"(its server URL ends in /api/v2 and its paths begin with /v2); it serves the same operations."
		}
		servers = append(servers, object{"url": base, "description": desc})
	}
	doc := object{
		"openapi": "3.0.3",
		"info": object{
			"title":   "Levy tax calculation API",
			"version": wireVersion,
			"description": "Levy calculates the taxes of sales, purchases and movements of the owner's own assets, " +
				"keeps the transactions it stores in its tax journal, and finds the tax areas of addresses, points and codes. " +
				"Every answer is JSON; a successful one holds its result in data beside meta, an error one lists its errors beside meta. " +
				"Amounts are exact decimal numbers, never rounded through floating point. " +
				"x-levy-dataset names the version of the tax data embedded in this build of Levy; /healthz names the dataset a server uses.",
			"x-levy-dataset": data.Version,
		},
		"servers":  servers,
		"tags":     tags,
		"paths":    paths,
		"security": []any{object{"oauth2": []any{}}, object{"bearer": []any{}}},
		"components": object{
			"schemas":   schemas,
			"responses": responses,
			"parameters": object{
				"RequestId": object{"name": "X-Request-Id", "in": "header", "required": false,
					"description": "The caller's ID for the request, up to 64 printable characters; Levy makes one when it is absent or unfit.",
					"schema":      object{"type": "string"}},
			},
			"headers": object{
				"RequestId": object{"description": "The ID of the request: the caller's X-Request-Id when it was fit, else one Levy made. Quote it when reporting a fault.",
					"schema": object{"type": "string"}},
				"WWWAuthenticate": object{"description": "The scheme the access token must come in.", "schema": object{"type": "string"}},
				"Allow":           object{"description": "The methods served at the path.", "schema": object{"type": "string"}},
			},
			"securitySchemes": object{
				"oauth2": object{"type": "oauth2", "description": "An access token for client credentials, from Levy's token endpoint.",
					"flows": object{"clientCredentials": object{"tokenUrl": "/oauth/token", "scopes": object{}}}},
				"bearer":      object{"type": "http", "scheme": "bearer", "description": "An access token obtained beforehand, sent as a bearer token."},
				"clientBasic": object{"type": "http", "scheme": "basic", "description": "The client ID and secret of a credential, each form-encoded as RFC 6749 section 2.3.1 says, for the token endpoints."},
			},
		},
	}
	return doc, s, nil
}

// operation returns the OpenAPI operation of d.
func operation(s *schemaSet, d opDoc) (object, error) {
	if err := d.check(); err != nil {
		return nil, err
	}
	params := []any{object{"$ref": "#/components/parameters/RequestId"}}
	for _, p := range d.Params {
		sch, err := paramSchema(p.Format)
		if err != nil {
			return nil, fmt.Errorf("parameter %s: %w", p.Name, err)
		}
		param := object{"name": p.Name, "in": p.In, "schema": sch}
		if p.Required {
			param["required"] = true
		}
		if p.Description != "" {
			param["description"] = p.Description
		}
		params = append(params, param)
	}
	op := object{
		"operationId": d.ID,
		"tags":        []any{d.Tag},
		"summary":     d.Summary,
		"parameters":  params,
	}
	if d.Description != "" {
		op["description"] = d.Description
	}
	if d.Body != nil {
		s.request = true
		sch, err := s.schemaOf(d.Body)
		s.request = false
		if err != nil {
			return nil, fmt.Errorf("the request body: %w", err)
		}
		if d.Body == reflect.TypeFor[[]wire.Search]() {
			sch["maxItems"] = wire.MaxSearches
		}
		content := object{}
		for _, media := range d.BodyMedia {
			content[media] = object{"schema": sch}
		}
		if len(content) == 0 {
			content["application/json"] = object{"schema": sch}
		}
		op["requestBody"] = object{"required": d.BodyRequired, "content": content}
	}
	answer, err := answerSchema(s, d.Operation)
	if err != nil {
		return nil, fmt.Errorf("the answer: %w", err)
	}
	media := d.Media
	if media == "" {
		media = "application/json"
	}
	responses := object{}
	for _, status := range d.successes() {
		responses[strconv.Itoa(status)] = object{
			"description": successWords[status],
			"headers":     object{"X-Request-Id": headerRef("RequestId")},
			"content":     object{media: object{"schema": answer}},
		}
	}
	for _, e := range errorTable {
		switch {
		case d.OAuthError != nil && (oauthStatus(e.status) || e.when(d)):
			sch, err := s.schemaOf(d.OAuthError)
			if err != nil {
				return nil, fmt.Errorf("the errors of a token endpoint: %w", err)
			}
			responses[strconv.Itoa(e.status)] = oauthAnswer(e, sch)
		case e.when(d):
			responses[strconv.Itoa(e.status)] = object{"$ref": "#/components/responses/" + e.name}
		}
	}
	// A token endpoint's 503 and 429 have the form of RFC 6749 as its
	// other refusals do.
	unavailable, tooMany := object{"type": "object"}, object{"$ref": "#/components/schemas/ErrorBody"}
	if d.OAuthError != nil && (d.Unavailable != "" || d.TooMany != "") {
		sch, err := s.schemaOf(d.OAuthError)
		if err != nil {
			return nil, fmt.Errorf("the errors of a token endpoint: %w", err)
		}
		unavailable, tooMany = sch, sch
	}
	if d.Unavailable != "" {
		responses["503"] = object{
			"description": d.Unavailable,
			"headers":     object{"X-Request-Id": headerRef("RequestId"), "Retry-After": object{"description": "Seconds to wait before asking again, when known.", "schema": object{"type": "integer"}}},
			"content":     object{"application/json": object{"schema": unavailable}},
		}
	}
	if d.TooMany != "" {
		responses["429"] = object{
			"description": d.TooMany,
			"headers":     object{"X-Request-Id": headerRef("RequestId"), "Retry-After": object{"description": "Seconds to wait before asking again.", "schema": object{"type": "integer"}}},
			"content":     object{"application/json": object{"schema": tooMany}},
		}
	}
	op["responses"] = responses
	switch {
	case d.OAuthError != nil:
		// The client authenticates in the body or with HTTP Basic.
		op["security"] = []any{object{}, object{"clientBasic": []any{}}}
	case d.Public:
		op["security"] = []any{}
	}
	return op, nil
}

// oauthStatus reports whether a token endpoint answers an error of status
// of its own, beside those that every operation with a body may answer,
// in the form of RFC 6749 section 5.2 as all its errors are.
func oauthStatus(status int) bool {
	switch status {
	case http.StatusBadRequest, http.StatusUnauthorized, http.StatusRequestTimeout, http.StatusRequestEntityTooLarge,
		http.StatusInternalServerError:
		return true
	}
	return false
}

// successWords describe the successful answers.
var successWords = map[int]string{
	http.StatusOK:       "The operation succeeded.",
	http.StatusCreated:  "Created.",
	http.StatusAccepted: "Accepted: the work goes on after the answer.",
}

// oauthAnswer describes error answer e of a token endpoint, whose body
// has schema sch, the form of RFC 6749 section 5.2: every refusal of a
// token endpoint has it, those that the server makes before the
// endpoint reads the request (a query it cannot read, a method the path
// does not serve, a body over the limit or with a content coding) and
// a panic caught by the server included.
func oauthAnswer(e errorAnswer, sch object) object {
	headers := object{"X-Request-Id": headerRef("RequestId")}
	switch e.status {
	case http.StatusUnauthorized:
		headers["WWW-Authenticate"] = headerRef("WWWAuthenticate")
	case http.StatusMethodNotAllowed:
		headers["Allow"] = headerRef("Allow")
	case http.StatusBadRequest:
		headers["Retry-After"] = object{"description": "On the rate limit's refusal only: seconds until the client may have a token for the audience again.", "schema": object{"type": "integer"}}
	}
	description := e.description
	if d, ok := oauthWords[e.status]; ok {
		description = d
	}
	return object{"description": description, "headers": headers, "content": object{"application/json": object{"schema": sch}}}
}

// oauthWords describe the error answers of a token endpoint whose
// meaning there is not errorTable's: its refusals carry error and
// error_description, not errors with a target, and its 401 is a client
// that failed to authenticate, not a missing access token.
var oauthWords = map[int]string{
	http.StatusBadRequest: "The token request is refused (error_description says why): a parameter missing, repeated, in the URL or not form-encoded, " +
		"a body neither a form nor a JSON object of strings, or the client authenticating both in the Authorization header and in the body " +
		"(error invalid_request); a grant other than client_credentials (unsupported_grant_type); an audience the credential may not use " +
		"(invalid_target); a credential not active yet (unauthorized_client); or, at the standard endpoints, the client's rate limit for the " +
		"audience reached (invalid_request, with Retry-After).",
	http.StatusUnauthorized: "The client failed to authenticate (error invalid_client): an unknown client, a wrong secret, a revoked client, " +
		"or an Authorization header of a scheme the endpoint does not take or that does not hold base64(client_id:client_secret); " +
		"a client that authenticated in the header is challenged with its scheme in WWW-Authenticate.",
	http.StatusRequestTimeout: "The request body did not arrive within the server's read timeout (error invalid_request). " +
		"A body that ends early or breaks its chunked framing is answered 400.",
	http.StatusRequestEntityTooLarge: "The request body is larger than a token request may be (error invalid_request). A body whose Content-Length " +
		"announces too much is refused before any of it is read (and without a 100 Continue).",
	http.StatusUnsupportedMediaType: "The request body is sent with a content coding, such as Content-Encoding: gzip, which Levy does not decode " +
		"(error invalid_request; the answer says Accept-Encoding: identity).",
	http.StatusInternalServerError: "Levy failed to answer (error server_error). error_description names the request ID, which the logs have the fault under.",
}

// answerSchema returns the schema of the body of a successful answer of
// op. The instantiations of a generic type, such as the envelope of most
// answers, are named after the operation.
func answerSchema(s *schemaSet, op Operation) (object, error) {
	t := op.Answer
	if t == nil {
		return object{"type": "object"}, nil
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if strings.Contains(t.Name(), "[") {
		return s.named(t, op.ID+"Answer")
	}
	if t.Kind() == reflect.String {
		return object{"type": "string"}, nil
	}
	return s.schemaOf(t)
}

// paramSchema returns the schema of a path or query parameter of the
// given format.
func paramSchema(format string) (object, error) {
	switch format {
	case "transactionId":
		// The ID of a stored transaction: any a journal holds that a
		// path parameter may carry, those a new transaction may no
		// longer take (whitespace alone, "." or "..") included, as
		// wire.CheckTransactionIDParam and the server's check of every
		// path parameter (wire.CheckIdentifier) have it.
		return object{"type": "string", "minLength": 1, "maxLength": journal.MaxIDLength, "pattern": identifierPattern}, nil
	case "identifier":
		return object{"type": "string", "minLength": 1, "pattern": identifierPattern}, nil
	case "taxAreaId":
		return object{"type": "string", "pattern": taxAreaPattern}, nil
	case "date":
		return object{"type": "string", "format": "date"}, nil
	case "decimal":
		return object{"type": "string", "pattern": `^[0-9]*\.?[0-9]+$`}, nil
	case "boolean":
		return object{"type": "boolean"}, nil
	}
	return nil, fmt.Errorf("unknown format %q", format)
}
