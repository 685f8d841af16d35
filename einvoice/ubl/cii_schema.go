package ubl

// ciiSchemaNamespaces are the namespaces of the elements that the types
// of each prefix of ciiOnce declare.
var ciiSchemaNamespaces = map[string]string{"rsm": NamespaceRSM, "ram": NamespaceRAM, "udt": NamespaceUDT, "qdt": NamespaceQDT}

// ciiCardinality reports, as FORMAT, each element that the CII schema
// allows at most once under its parent and that the document has more
// than once: two rsm:ExchangedDocument, two ram:InvoiceCurrencyCode, two
// udt:DateTimeString in an issue date. Such a document holds two values
// of one business term: the official artefacts cannot judge it (their
// XPath stops with an error), a receiver may read either value, and Levy
// would read the first. An element that a syntax rule of the binding
// already reported (CII-SR-014 for two type codes) is not reported again.
// It runs after the other rules.
func (e *eval) ciiCardinality() {
	reported := map[string]bool{}
	for _, p := range e.c.problems {
		reported[p.Location] = true
	}
	check := func(parent *node) {
		typ, ok := ciiElementTypes[parent.name.Local]
		if !ok || len(parent.kids) < 2 {
			return
		}
		space := ciiSchemaNamespaces[typ[:3]]
		for _, k := range parent.kids {
			// The second of each name is reported, once, with the count.
			if k.idx != 2 || k.name.Space != space || !ciiOnce[typ+"/"+k.name.Local] {
				continue
			}
			name := qname(k.name.Space, k.name.Local)
			if reported[parent.path()+"/"+name] {
				continue
			}
			e.fail("FORMAT", k, "", "%s appears %d times in %s; the CII schema allows it once, and EN 16931 reads one value from it", name, parent.sameName(k), parent.display())
		}
	}
	if e.root.name.Space == NamespaceRSM {
		check(e.root)
	}
	e.root.descendants(check)
}
