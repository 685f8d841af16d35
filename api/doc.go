// Package api serves Levy over HTTP in the v2 wire format: the calculation
// endpoints (/supplies, /procurement, /owner), the operations on stored
// transactions, the tax area lookups and the changed tax areas, under
// /api/v2 and, for clients configured with the older base path, under
// /vertex-ws/v2.
//
// The package is a thin adapter. Each handler decodes the body with
// internal/jsonbody, the decoder of every adapter (bounded in size and
// depth, and strict about member names: a name given twice, or
// differing from a member's only in case, is refused), calls the engine or the tax area resolver, which validate,
// and encodes the answer in the envelope of the wire format:
//
//	{"data": ..., "meta": {"app": "levy 0.9.0", "timeReceived": "...", "timeElapsed(ms)": 3}}
//
// It holds no tax logic. Errors are *levy.Error values from the layers
// below; one table (statusOf) maps their codes to HTTP statuses, and every
// error answer has the shape
//
//	{"errors": [{"code": "invalid", "message": "...", "target": "lineItems[0].quantity.value"}], "meta": {...}}
//
// where target is the JSON path of the offending field (or the name of the
// path or query parameter). A fault of Levy itself answers 500 with the
// request ID and nothing of the fault, which goes to the log.
//
// The routes are one table (routes.go) that drives both the mux and the
// OpenAPI document served at /api/v2/openapi.json. The document also
// describes every route mounted beside them, which describes itself: an
// adapter mounts a route with WithOperation, whose Operation names its
// method, path, operationId, tag, summary, parameters, statuses and media
// types, and the Go types that its handler decodes and encodes, of which
// the document reflects its schemas (api/oauth's token and admin routes,
// api/einvoicing's, api/journaladmin's, and /healthz and /metrics). A
// server's document holds the operations it mounts, and no route can be
// mounted without one, save with WithUndocumentedHandler, which the web
// console (api/console) uses for its pages and the routes of its own
// that only they call. Around them the server adds
// request IDs (X-Request-Id), structured logs with log/slog, Prometheus
// metrics at /metrics (which need no token: WithMetricsRoute(false) and
// MetricsHandler move them to a listener of their own), /healthz, panic
// recovery, and an optional Authenticator that the access-token layer
// plugs in. Guard is the one access check of every route that needs a
// token, the API's own and those of the adapters beside it (api/oauth's
// credential admin routes, api/einvoicing's routes): it puts the
// principal's tenant in the request's context or answers 401 or 403. Before any handler runs, a request whose Content-Length is
// over the route's limit (WithBodyLimit, WithRouteBodyLimit) is answered
// 413 without reading its body, and a path or query parameter with a
// control or bidirectional formatting character 400 (see
// wire.CheckIdentifier). A body that the client breaks (one shorter
// than its Content-Length, chunked framing that net/http refuses) is
// answered 400, and one that does not arrive within the server's read
// timeout 408 (code request_timeout), on every route, mounted ones
// included: the middleware marks the errors of reading a body
// (internal/httpbody), and they are logged as refusals, not as faults.
//
// A Server is safe for concurrent use.
package api
