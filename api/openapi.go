package api

import "slices"

// document returns the OpenAPI document of the routes the server mounts,
// built once.
func (s *Server) document() ([]byte, error) {
	s.docOnce.Do(func() {
		s.doc, s.docErr = encodeDocument(func(pattern string) bool { return slices.Contains(s.served, pattern) })
	})
	return s.doc, s.docErr
}
