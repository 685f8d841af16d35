package api

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
)

// loadedDocument is Levy's OpenAPI document as kin-openapi reads it, with
// its operations ready to be matched against requests.
type loadedDocument struct {
	doc *openapi3.T
	ops []docOperation
}

// docOperation is one operation of the document with its path template
// split into segments.
type docOperation struct {
	segments []string // "{name}" for a parameter
	route    *routers.Route
	root     bool // the path is from the server's root, not under Bases
}

// loaded holds the documents loaded so far, by their bytes, each loaded
// and validated once for the whole test binary: every server of a kind
// serves the same document.
var loaded sync.Map // string → *loading

// loading is one document, loaded once.
type loading struct {
	once sync.Once
	d    *loadedDocument
	err  error
}

// openAPIDocument returns the document that s serves, loaded and
// validated.
func openAPIDocument(s *Server) (*loadedDocument, error) {
	b, err := s.document()
	if err != nil {
		return nil, err
	}
	v, _ := loaded.LoadOrStore(string(b), &loading{})
	l := v.(*loading)
	l.once.Do(func() { l.d, l.err = loadDocument(b) })
	return l.d, l.err
}

// loadDocument loads the document b with kin-openapi and validates it.
func loadDocument(b []byte) (*loadedDocument, error) {
	doc, err := openapi3.NewLoader().LoadFromData(b)
	if err != nil {
		return nil, fmt.Errorf("loading the OpenAPI document: %w", err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		return nil, fmt.Errorf("validating the OpenAPI document: %w", err)
	}
	d := &loadedDocument{doc: doc}
	for _, path := range doc.Paths.InMatchingOrder() {
		item := doc.Paths.Value(path)
		for method, op := range item.Operations() {
			d.ops = append(d.ops, docOperation{
				segments: strings.Split(strings.TrimPrefix(path, "/"), "/"),
				route:    &routers.Route{Spec: doc, Path: path, PathItem: item, Method: method, Operation: op},
				root:     len(item.Servers) > 0 && item.Servers[0].URL == "/",
			})
		}
	}
	return d, nil
}

// find returns the operation of method at path, a full escaped path under
// one of the base paths or from the root, and the values of its path parameters, matched
// segment by segment as net/http.ServeMux does. The host and scheme play
// no part. When no operation matches, known tells whether
// some operation has the path with another method, and route is then one
// of those.
func (d *loadedDocument) find(method, path string) (route *routers.Route, params map[string]string, known bool) {
	for _, base := range append([]string{""}, Bases...) {
		rest, ok := strings.CutPrefix(path, base)
		if !ok || !strings.HasPrefix(rest, "/") {
			continue
		}
		segments := strings.Split(rest[1:], "/")
		for i, seg := range segments {
			if u, err := url.PathUnescape(seg); err == nil {
				segments[i] = u
			}
		}
		for _, op := range d.ops {
			if op.root != (base == "") {
				continue
			}
			p, ok := matchSegments(op.segments, segments)
			if !ok {
				continue
			}
			if op.route.Method == method {
				return op.route, p, true
			}
			if route == nil {
				route, params = op.route, p
			}
			known = true
		}
	}
	return route, params, known
}

// matchSegments matches the segments of a path against a template.
func matchSegments(template, segments []string) (map[string]string, bool) {
	if len(template) != len(segments) {
		return nil, false
	}
	params := map[string]string{}
	for i, t := range template {
		if strings.HasPrefix(t, "{") && strings.HasSuffix(t, "}") {
			if segments[i] == "" {
				return nil, false
			}
			params[t[1:len(t)-1]] = segments[i]
			continue
		}
		if t != segments[i] {
			return nil, false
		}
	}
	return params, true
}

// validateAnswer reports how an answer to req breaks the document: an
// undocumented status, a header or a body that does not match. A path
// the document does not have must be answered 404 and a method it does
// not have at a known path 405, each with an error body.
func (d *loadedDocument) validateAnswer(req *http.Request, status int, header http.Header, body []byte) error {
	method := req.Method
	if method == http.MethodHead {
		method = http.MethodGet // the mux serves HEAD with the GET handler
	}
	route, params, known := d.find(method, req.URL.EscapedPath())
	switch {
	case !known:
		if status != http.StatusNotFound {
			return fmt.Errorf("the document has no path %s, so the answer must be 404, not %d", req.URL.Path, status)
		}
		if req.Method == http.MethodHead {
			return nil
		}
		var v any
		if err := json.Unmarshal(body, &v); err != nil {
			return fmt.Errorf("the body of the 404 answer is not JSON: %w", err)
		}
		if err := d.doc.Components.Schemas["ErrorBody"].Value.VisitJSON(v); err != nil {
			return fmt.Errorf("the body of the 404 answer is not an ErrorBody: %w", err)
		}
		return nil
	case route.Method != method:
		if status != http.StatusMethodNotAllowed {
			return fmt.Errorf("the document has no operation %s %s, so the answer must be 405, not %d", req.Method, req.URL.Path, status)
		}
	}
	input := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route},
		Status:                 status,
		Header:                 header,
		Options: &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true,
			ExcludeResponseBody: req.Method == http.MethodHead},
	}
	input.SetBodyBytes(body)
	if err := openapi3filter.ValidateResponse(req.Context(), input); err != nil {
		return fmt.Errorf("operation %s: %w", route.Operation.OperationID, err)
	}
	return nil
}

// validateRequest reports how req breaks the document: an unknown
// operation, a bad parameter or a body that does not match its schema.
// It consumes the body of req.
func (d *loadedDocument) validateRequest(req *http.Request) error {
	route, params, _ := d.find(req.Method, req.URL.EscapedPath())
	if route == nil || route.Method != req.Method {
		return fmt.Errorf("the document has no operation %s %s", req.Method, req.URL.Path)
	}
	input := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route,
		Options: &openapi3filter.Options{MultiError: true, AuthenticationFunc: openapi3filter.NoopAuthenticationFunc}}
	if err := openapi3filter.ValidateRequest(req.Context(), input); err != nil {
		return fmt.Errorf("operation %s: %w", route.Operation.OperationID, err)
	}
	return nil
}

// checkAnswer validates one HTTP exchange with s against the OpenAPI
// document that s serves: the status must be documented for the
// operation and the body must match its schema.
func checkAnswer(t testing.TB, s *Server, req *http.Request, status int, header http.Header, body []byte) {
	t.Helper()
	d, err := openAPIDocument(s)
	if err != nil {
		t.Errorf("Levy's OpenAPI document: %v", err)
		return
	}
	if err := d.validateAnswer(req, status, header, body); err != nil {
		t.Errorf("%s %s answered %d, which Levy's OpenAPI document does not allow: %v\nbody: %s",
			req.Method, req.URL.Path, status, err, clipBody(body, 2000))
	}
}

// clipBody shortens a body for a message.
func clipBody(b []byte, n int) string {
	b = bytes.TrimSpace(b)
	if len(b) <= n {
		return string(b)
	}
	return string(b[:n]) + "…"
}
