package api

// document returns the OpenAPI document of the routes the server mounts,
// built once: the API's table, and the operations mounted beside it with
// WithOperation, /healthz and /metrics among them, in the order they were
// mounted.
func (s *Server) document() ([]byte, error) {
	s.docOnce.Do(func() { s.doc, s.docErr = encodeDocument(s.operations()) })
	return s.doc, s.docErr
}

// operations returns the operations of the document of s.
func (s *Server) operations() []opDoc {
	var ops []opDoc
	for _, rt := range routes() {
		ops = append(ops, opDoc{Operation: rt.operation()})
	}
	for _, op := range s.documented {
		ops = append(ops, opDoc{Operation: op, root: true})
	}
	return ops
}
