package ubl

import "strings"

// ublSchemaPrefixes are the namespaces of the child elements that ublOnce
// names, by the prefix it names them with.
var ublSchemaPrefixes = map[string]string{NamespaceCBC: "cbc", NamespaceCAC: "cac", NamespaceEXT: "ext"}

// ublCardinality reports, as FORMAT, each element that the UBL 2.1 schema
// allows at most once under its parent and that the document has more
// than once: two cbc:IssueDate, two cac:AccountingSupplierParty, two
// cbc:PayableAmount in cac:LegalMonetaryTotal, two cbc:InvoicedQuantity on
// a line. Such a document holds two values of one business term: Levy
// reads the first, a receiver may read another, and the schema
// validation that the Peppol network runs before its Schematron refuses
// it; the EN 16931 artefacts, which do not validate the schema, read one
// value or stop with an XPath error. A repetition that a fatal syntax
// rule of EN 16931 reports (UBL-SR-27 for two payment means codes in one
// payment means, UBL-SR-09 for two seller names; in a Peppol document,
// BR-66 and BR-67, Peppol's names of UBL-SR-54 and UBL-SR-55) is reported
// under that rule only. It runs after the other rules, in every
// rule set: the schema is the same for a Peppol document and any other.
func (e *eval) ublCardinality() {
	// The syntax rules report a repetition at the path of the repeated
	// element, some with the indexes of the elements above it and some
	// without (UBL-SR-54 counts card accounts in every payment means):
	// paths are compared without indexes.
	reported := map[string]bool{}
	for _, p := range e.c.problems {
		if p.Flag == Fatal && (strings.HasPrefix(p.Code, "UBL-SR-") || p.Code == "BR-66" || p.Code == "BR-67") {
			reported[withoutIndexes(p.Location)] = true
		}
	}
	check := func(parent *node, typ string) {
		if len(parent.kids) < 2 {
			return
		}
		for _, k := range parent.kids {
			// The second of each name is reported, once, with the count.
			p, ok := ublSchemaPrefixes[k.name.Space]
			if k.idx != 2 || !ok || !ublOnce[typ+"/"+p+":"+k.name.Local] {
				continue
			}
			name := p + ":" + k.name.Local
			if reported[withoutIndexes(parent.path()+"/"+name)] {
				continue
			}
			e.fail("FORMAT", k, "", "%s appears %d times in %s; the UBL 2.1 schema allows it once, and EN 16931 reads one value from it", name, parent.sameName(k), parent.display())
		}
	}
	if typ, ok := ublRootTypes[e.root.name.Local]; ok {
		check(e.root, typ)
	}
	e.root.descendants(func(n *node) {
		if n.name.Space != NamespaceCAC {
			return
		}
		if typ, ok := ublElementTypes[n.name.Local]; ok {
			check(n, typ)
		}
	})
}

// withoutIndexes returns a path without the indexes of its segments:
// /Invoice/cac:PaymentMeans[1]/cac:CardAccount[2] gives
// /Invoice/cac:PaymentMeans/cac:CardAccount.
func withoutIndexes(path string) string {
	if !strings.Contains(path, "[") {
		return path
	}
	var b strings.Builder
	skip := false
	for _, r := range path {
		switch {
		case r == '[':
			skip = true
		case r == ']':
			skip = false
		case !skip:
			b.WriteRune(r)
		}
	}
	return b.String()
}
