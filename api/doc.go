// Package api serves Levy over HTTP in the v2 wire format: the calculation
// endpoints (/supplies, /procurement, /owner), the operations on stored
// transactions, the tax area lookups and the changed tax areas, under
// /api/v2 and, for clients configured with the older base path, under
// /vertex-ws/v2.
//
// The package is a thin adapter. Each handler decodes the body with
// engine.Decode (bounded in size and depth), calls the engine or the tax
// area resolver, which validate, and encodes the answer in the envelope
// of the wire format:
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
// OpenAPI document served at /api/v2/openapi.json. Around them the server
// adds request IDs (X-Request-Id), structured logs with log/slog, Prometheus
// metrics at /metrics, /healthz, panic recovery, and an optional
// Authenticator that the access-token layer plugs in.
//
// A Server is safe for concurrent use.
package api
