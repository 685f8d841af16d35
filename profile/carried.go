package profile

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/levytax/levy"
)

// Document is a certificate's scan carried whole in a change set, as an
// export writes it so that an import on another server (or a restore)
// keeps the scans: its digest, its media type and its content, which
// JSON writes as base64. A change set's documents are checked before
// anything is stored (ChangeSet.CheckDocuments): the digest must be the
// content's, the content at most MaxDocumentSize bytes and what its
// type says, and a certificate of the change set must name it.
type Document struct {
	// SHA256 is the hex SHA-256 of Content, as the certificates that
	// hold the document name it (DocumentRef.SHA256).
	SHA256 string `json:"sha256"`
	// MediaType is the content's type, one of DocumentTypes; "" takes
	// the type the content's first bytes tell.
	MediaType string `json:"mediaType,omitempty"`
	// Content is the document itself.
	Content []byte `json:"content"`
}

// CheckDocuments checks the documents cs carries, without storing
// anything: each one's sha256 must be the hex SHA-256 of its content, the
// content a document Levy keeps (NewDocumentRef: at most
// MaxDocumentSize bytes, of one of DocumentTypes, starting as its type
// starts), and a certificate of cs must name it (a scan is imported
// with its certificate: one that no certificate names, its certificate
// left out of the change set, would be kept for nothing). A document
// carried twice is the same content, stored once. Errors name the
// document ("documents[2].sha256"), every problem together, up to
// MaxErrors. On success the digests and types are normalised in place
// (lower case, the type sniffed when left out).
func (cs *ChangeSet) CheckDocuments() error {
	if len(cs.Documents) == 0 {
		return nil
	}
	named := cs.namedDocuments()
	var l errorList
	for i := range cs.Documents {
		d := &cs.Documents[i]
		p := fmt.Sprintf("documents[%d]", i)
		d.SHA256 = strings.ToLower(strings.TrimSpace(d.SHA256))
		mt := d.MediaType
		if strings.TrimSpace(mt) == "" {
			mt = DocumentType(d.Content)
			if mt == "" && len(d.Content) > 0 {
				l.add(p+".content", "is no document Levy keeps: its first bytes are those of none of %s", strings.Join(DocumentTypes, ", "))
				continue
			}
		}
		ref, err := NewDocumentRef(d.Content, mt, "")
		if err != nil {
			if other := l.addAll(levy.MapErrors(err, func(e *levy.Error) *levy.Error {
				cp := *e
				cp.Field = p + "." + e.Field
				return &cp
			})); other != nil {
				l.addErr(other)
			}
			continue
		}
		d.MediaType = ref.MediaType
		switch {
		case !validDigest(d.SHA256):
			l.add(p+".sha256", "must be the hex SHA-256 of the content, 64 hex digits")
		case d.SHA256 != ref.SHA256:
			l.add(p+".sha256", "is not the SHA-256 of the content, which is %s: the document was changed or cut since it was exported", ref.SHA256)
		case !named[d.SHA256]:
			l.add(p+".sha256", "no certificate of the change set names document %s: a scan is imported with the certificate that holds it", d.SHA256)
		}
	}
	return l.err()
}

// carried returns the contents of the documents that cs carries, by
// digest.
func (cs *ChangeSet) carried() map[string][]byte {
	m := make(map[string][]byte, len(cs.Documents))
	for _, d := range cs.Documents {
		m[strings.ToLower(strings.TrimSpace(d.SHA256))] = d.Content
	}
	return m
}

// joinErrors returns the errors of a and b as one levy.Errors list (up
// to MaxErrors), nil when both are nil; an error that is no levy error
// is returned as it is.
func joinErrors(a, b error) error {
	var l errorList
	for _, err := range []error{a, b} {
		if other := l.addAll(err); other != nil {
			return other
		}
	}
	return l.err()
}

// namedDocuments returns the digests of the documents that cs's
// certificates name, in lower case.
func (cs *ChangeSet) namedDocuments() map[string]bool {
	named := make(map[string]bool, len(cs.Certificates))
	for i := range cs.Certificates {
		if d := cs.Certificates[i].Document; d != nil {
			named[strings.ToLower(strings.TrimSpace(d.SHA256))] = true
		}
	}
	return named
}

// KeepNamedDocuments leaves in cs only the documents that its
// certificates name, each once: an import that leaves out the
// certificates equal to the stored ones (TrimUnchanged) leaves out their
// documents, which are stored already, with them.
func (cs *ChangeSet) KeepNamedDocuments() {
	if len(cs.Documents) == 0 {
		return
	}
	named := cs.namedDocuments()
	out := cs.Documents[:0:0]
	for _, d := range cs.Documents {
		if named[d.SHA256] {
			out = append(out, d)
			delete(named, d.SHA256) // once
		}
	}
	cs.Documents = out
}

// putCarried stores each document that cs carries for the tenant, once.
// cs's documents have been checked (CheckDocuments).
func (s *Service) putCarried(ctx context.Context, tenant string, cs *ChangeSet) error {
	done := map[string]bool{}
	for _, d := range cs.Documents {
		if done[d.SHA256] {
			continue
		}
		done[d.SHA256] = true
		if err := s.store.PutDocument(ctx, tenant, d.SHA256, d.Content); err != nil {
			return fmt.Errorf("store document %s: %w", d.SHA256, err)
		}
	}
	return nil
}

// CompleteDocuments gives each certificate of cs whose document names a
// digest alone (an import file's document_sha256 column) the size and
// media type of that document: the one cs carries, else the one stored
// for the tenant. A digest of neither is an EInvalid error naming the
// certificate's document ("certificates[3].document.sha256"), which
// says where the scan comes from. References that give a type and a
// size are left for Apply to check.
func (s *Service) CompleteDocuments(ctx context.Context, tenant string, cs *ChangeSet) error {
	if s.unusable() {
		return errNoService()
	}
	var l errorList
	carried := cs.carried()
	for i := range cs.Certificates {
		d := cs.Certificates[i].Document
		if d == nil || d.MediaType != "" && d.Size != 0 {
			continue
		}
		d.SHA256 = strings.ToLower(strings.TrimSpace(d.SHA256))
		p := fmt.Sprintf("certificates[%d].document.sha256", i)
		if !validDigest(d.SHA256) {
			l.add(p, "must be the hex SHA-256 of the document, 64 hex digits")
			continue
		}
		content, ok := carried[d.SHA256]
		if !ok {
			var err error
			content, err = s.store.Document(ctx, tenant, d.SHA256)
			if levy.ErrorCode(err) == levy.ENotFound {
				l.add(p, "no document %s is stored for the tenant nor carried by the import: import the documents directory of the export with it "+
					"(levy profile import --documents DIR), or store the scan first (POST %s)", d.SHA256, "/admin/v1/profile/documents")
				continue
			}
			if err != nil {
				return err
			}
		}
		d.MediaType, d.Size = DocumentType(content), int64(len(content))
	}
	return l.err()
}

// Export returns the tenant's records as of asOf (zero: now) as the
// change set an import reads back (ChangeSet.AsInput), and the version
// they are at. With documents, the change set carries the scan of each
// of its certificates, each once, so that the export imported on
// another server keeps them.
func (s *Service) Export(ctx context.Context, tenant string, asOf time.Time, documents bool) (ChangeSet, uint64, error) {
	if s.unusable() {
		return ChangeSet{}, 0, errNoService()
	}
	recs, err := s.store.Records(ctx, tenant, asOf)
	if err != nil {
		return ChangeSet{}, 0, err
	}
	cs := ChangeSet{Customers: recs.Customers, Certificates: recs.Certificates, Registrations: recs.Registrations,
		Products: recs.Products, Franchises: recs.Franchises, Policy: recs.Policy}.AsInput()
	if !documents {
		return cs, recs.Version, nil
	}
	seen := map[string]bool{}
	for i := range cs.Certificates {
		c := &cs.Certificates[i]
		if c.Document == nil || seen[c.Document.SHA256] {
			continue
		}
		seen[c.Document.SHA256] = true
		content, err := s.store.Document(ctx, tenant, c.Document.SHA256)
		if err != nil {
			return ChangeSet{}, 0, fmt.Errorf("export the document %s of certificate %s of customer %s: %w", c.Document.SHA256, c.Number, c.CustomerCode, err)
		}
		cs.Documents = append(cs.Documents, Document{SHA256: c.Document.SHA256, MediaType: c.Document.MediaType, Content: content})
	}
	return cs, recs.Version, nil
}
