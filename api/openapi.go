package api

// document returns the OpenAPI document of the API, built once.
func (s *Server) document() ([]byte, error) {
	s.docOnce.Do(func() { s.doc, s.docErr = Document() })
	return s.doc, s.docErr
}
