package profilecsv

import (
	"fmt"
	"path"
	"regexp"
	"strconv"
	"strings"

	"github.com/levytax/levy"
	"github.com/levytax/levy/profile"
)

// DocumentsDir is the directory, beside the import files, into which an
// export writes the certificates' scans.
const DocumentsDir = "documents"

// extensions are the file name extensions of the documents' types.
var extensions = map[string]string{
	"application/pdf": ".pdf", "image/png": ".png", "image/jpeg": ".jpg", "image/tiff": ".tif", "image/gif": ".gif", "image/webp": ".webp",
}

// DocumentFileName returns the name under which an export writes the
// document of digest and mediaType: the digest and the type's extension
// ("<sha256>.pdf"), so that each scan is written once however many
// certificates hold it.
func DocumentFileName(digest, mediaType string) string {
	ext, ok := extensions[mediaType]
	if !ok {
		ext = ".bin"
	}
	return digest + ext
}

// AddDocument adds to the import a certificate's scan read from the file
// name (a name, "documents/<sha256>.pdf", not a path of the machine): an
// export's documents directory. The name is the scan's SHA-256 and an
// extension; the content is checked when the import is applied (the
// digest must be the content's, a certificate row must name it, and it
// must be a document Levy keeps: profile.ChangeSet.CheckDocuments), and
// Locate names the file in those errors.
func (im *Import) AddDocument(name string, content []byte) error {
	base := path.Base(name)
	sum, _, _ := strings.Cut(base, ".")
	sum = strings.ToLower(sum)
	if len(sum) != 64 || strings.Trim(sum, "0123456789abcdef") != "" {
		return levy.Invalid(name, "is not a scan of an export: its name is the scan's SHA-256 and an extension (<sha256>.pdf)")
	}
	if len(content) > profile.MaxDocumentSize {
		return &levy.Error{Code: levy.ETooLarge, Field: name,
			Message: fmt.Sprintf("the scan has %d bytes; at most %d are kept", len(content), profile.MaxDocumentSize)}
	}
	im.ChangeSet.Documents = append(im.ChangeSet.Documents, profile.Document{SHA256: sum, Content: content})
	im.docNames = append(im.docNames, name)
	return nil
}

// documentPath matches the field of an error about a document the
// import carries ("documents[2].sha256").
var documentPath = regexp.MustCompile(`^documents\[(\d+)\](?:\.[A-Za-z0-9]+)?$`)

// documentPlace returns the file of the document that field names.
func (im *Import) documentPlace(field string) (string, bool) {
	m := documentPath.FindStringSubmatch(field)
	if m == nil {
		return "", false
	}
	i, err := strconv.Atoi(m[1])
	if err != nil || i < 0 || i >= len(im.docNames) {
		return "", false
	}
	return im.docNames[i], true
}
