package api

import (
	"net/http"
	"slices"
	"testing"
)

// CheckAnswer validates one HTTP exchange with s against the OpenAPI
// document that s serves (see checkAnswer), for the tests of package
// api_test, which build the whole server with the token, admin and
// e-invoicing routes mounted.
func (s *Server) CheckAnswer(t testing.TB, req *http.Request, status int, header http.Header, body []byte) {
	t.Helper()
	checkAnswer(t, s, req, status, header, body)
}

// CheckMounted runs checkMountedOperations on s.
func (s *Server) CheckMounted(t *testing.T) {
	t.Helper()
	checkMountedOperations(t, s)
}

// CheckSchemas runs checkSchemas on s.
func (s *Server) CheckSchemas(t *testing.T) {
	t.Helper()
	checkSchemas(t, s)
}

// Served returns the pattern of every operation s mounts, such as "POST
// /api/v2/supplies" and "GET /healthz".
func (s *Server) Served() []string { return slices.Clone(s.served) }

// Undocumented returns the patterns s mounts with
// WithUndocumentedHandler.
func (s *Server) Undocumented() []string { return slices.Clone(s.undocumented) }
