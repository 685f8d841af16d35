package api

import (
	"fmt"
	"net/http"
	"reflect"
	"strings"
)

// Operation describes a route mounted beside the API with WithOperation,
// as the OpenAPI document that the server serves presents it. The
// adapter that serves the route builds it from its own Go types: the
// document's schemas are reflected from Body and Answer, so that they
// cannot drift from what the handler decodes and encodes.
type Operation struct {
	// Method and Path are the route's: the handler is served at the
	// net/http.ServeMux pattern "Method Path". Path is from the server's
	// root, not under Bases, with {name} for a path parameter.
	Method string
	Path   string
	// ID is the operationId, unique in the document; Tag groups the
	// operation with others; Summary says what it does in a sentence and
	// Description anything more, such as who may call it.
	ID          string
	Tag         string
	Summary     string
	Description string
	// Params are the path, query and header parameters. Every {name} of
	// Path is a required path parameter.
	Params []Param
	// Body is the type of the request body, nil when there is none;
	// BodyRequired says whether it may be left out, and BodyMedia lists
	// its media types (application/json when nil). A body that is not
	// JSON, such as XML, has type string.
	Body         reflect.Type
	BodyRequired bool
	BodyMedia    []string
	// Answer is the type of the whole body of a successful answer:
	// Enveloped for what WriteData writes, string for a body that is not
	// JSON. Media is its media type (application/json when "").
	Answer reflect.Type
	Media  string
	// Status is the status of success (200 when 0), and Also the other
	// statuses of success, with the same answer.
	Status int
	Also   []int
	// Public operations need no access token.
	Public bool
	// Reads marks an operation whose method is not GET that changes
	// nothing stored (a rendering): a read-only token may call it. Every
	// other operation that is not a GET is refused to a read-only token
	// before its handler runs (Guard).
	Reads bool
	// Conflict says that the operation can answer 409: the request
	// contradicts the stored state.
	Conflict bool
	// TooMany, when set, describes a 429 answer, and Unavailable a 503
	// answer; both come with Retry-After.
	TooMany     string
	Unavailable string
	// OAuthError, for a token endpoint, is the type of the body of its
	// error answers, which have the form of RFC 6749 section 5.2, those
	// that the server makes before the handler runs (Server.fail)
	// included. The client of a token endpoint authenticates in the body
	// or with HTTP Basic, not with an access token.
	OAuthError reflect.Type
}

// successes returns the statuses of op's successful answers.
func (op Operation) successes() []int {
	first := op.Status
	if first == 0 {
		first = http.StatusOK
	}
	return append([]int{first}, op.Also...)
}

// pattern returns the net/http.ServeMux pattern op is served at.
func (op Operation) pattern() string { return op.Method + " " + op.Path }

// check reports what op lacks to be an operation of the document: its
// method, path, ID, tag or summary, or the declaration of one of its
// path parameters.
func (op Operation) check() error {
	if op.Method == "" || strings.ToUpper(op.Method) != op.Method || strings.ContainsAny(op.Method, " /{}") {
		return fmt.Errorf("the method %q is not an upper-case HTTP method", op.Method)
	}
	if !strings.HasPrefix(op.Path, "/") || strings.ContainsAny(op.Path, " \t") {
		return fmt.Errorf("the path %q does not start with a slash", op.Path)
	}
	for _, f := range []struct{ name, value string }{{"ID", op.ID}, {"Tag", op.Tag}, {"Summary", op.Summary}} {
		if strings.TrimSpace(f.value) == "" {
			return fmt.Errorf("%s has no %s: the OpenAPI document describes every route a server mounts", op.pattern(), f.name)
		}
	}
	inPath := map[string]bool{}
	for _, p := range op.Params {
		switch p.In {
		case "path":
			if !strings.Contains(op.Path, "{"+p.Name+"}") || !p.Required {
				return fmt.Errorf("path parameter %s must be required and in the path %s", p.Name, op.Path)
			}
			inPath[p.Name] = true
		case "query", "header":
		default:
			return fmt.Errorf("parameter %s is in %q, not in the path, the query or a header", p.Name, p.In)
		}
		if _, err := paramSchema(p.Format); err != nil {
			return fmt.Errorf("parameter %s: %w", p.Name, err)
		}
	}
	for _, name := range pathParams(op.Path) {
		if !inPath[name] {
			return fmt.Errorf("the path %s has a parameter %s that the operation does not declare", op.Path, name)
		}
	}
	return nil
}

// Enveloped returns the type of the answer that WriteData writes with
// data of type T, {"data": T, "meta": Meta}, for Operation.Answer. The
// document names its schema after the operation: createClientAnswer.
func Enveloped[T any]() reflect.Type { return reflect.TypeFor[envelope[T]]() }

// SchemaNamer is implemented by the types whose schema the OpenAPI
// document names otherwise than the type, such as an adapter's
// unexported answer types: the name is part of the document that
// clients generate code from, and stays when the Go type is renamed. A
// type that does not implement it is named after its Go name, prefixed
// with its package's name when types of two packages share it.
type SchemaNamer interface {
	SchemaName() string
}

var schemaNamer = reflect.TypeFor[SchemaNamer]()

// schemaName returns the name that t gives its schema through
// SchemaNamer, and whether it gives one.
func schemaName(t reflect.Type) (string, bool) {
	switch {
	case t.Implements(schemaNamer):
		return reflect.Zero(t).Interface().(SchemaNamer).SchemaName(), true
	case reflect.PointerTo(t).Implements(schemaNamer):
		return reflect.New(t).Interface().(SchemaNamer).SchemaName(), true
	}
	return "", false
}
