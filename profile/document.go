package profile

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"strconv"
	"strings"

	"github.com/levytax/levy"
	textclip "github.com/levytax/levy/internal/clip"
	"github.com/levytax/levy/wire"
)

// MaxDocumentSize is the largest document kept for a certificate, in
// bytes: 4 MiB, room for a scan of a few pages.
const MaxDocumentSize = 4 << 20

// DocumentTypes are the media types of the documents kept for
// certificates: scans, as PDF or images. A document must be what its
// type says (its first bytes are checked), so that nothing else, a page
// of HTML say, is ever served back under a type a browser would run.
var DocumentTypes = []string{"application/pdf", "image/png", "image/jpeg", "image/tiff", "image/gif", "image/webp"}

// maxFileNameLen bounds a document's file name, in bytes.
const maxFileNameLen = 255

// Digest returns the hex SHA-256 of content, as a DocumentRef names it.
func Digest(content []byte) string {
	sum := sha256.Sum256(content)
	return hex.EncodeToString(sum[:])
}

// NewDocumentRef checks a certificate's document and returns its
// reference: content must be at most MaxDocumentSize bytes, of one of
// DocumentTypes (given as mediaType, in any case, without parameters)
// and start as that type starts; fileName, optional, loses any directory
// and must be a printable name. Errors name the field (content,
// mediaType, fileName).
func NewDocumentRef(content []byte, mediaType, fileName string) (DocumentRef, error) {
	var errs levy.Errors
	mt := strings.ToLower(strings.TrimSpace(mediaType))
	switch {
	case len(content) == 0:
		errs = append(errs, levy.Invalid("content", "the document is empty"))
	case len(content) > MaxDocumentSize:
		errs = append(errs, &levy.Error{Code: levy.ETooLarge, Field: "content",
			Message: "the document has " + strconv.Itoa(len(content)) + " bytes; at most " + strconv.Itoa(MaxDocumentSize) + " are kept"})
	}
	if !slices.Contains(DocumentTypes, mt) {
		errs = append(errs, levy.Invalid("mediaType", "%q is not a type of document kept: use one of %s", clip(mediaType), strings.Join(DocumentTypes, ", ")))
	} else if len(content) > 0 && !looksLike(mt, content) {
		errs = append(errs, levy.Invalid("content", "the document is not %s: its first bytes are not those of the type", mt))
	}
	name, err := CleanFileName("fileName", fileName)
	if err != nil {
		errs = append(errs, err.(*levy.Error))
	}
	if len(errs) > 0 {
		return DocumentRef{}, errs
	}
	return DocumentRef{SHA256: Digest(content), MediaType: mt, FileName: name, Size: int64(len(content))}, nil
}

// DocumentType returns the media type of DocumentTypes whose documents
// start as content does, or "" for none: the type of a stored document,
// which a store keeps by its digest alone.
func DocumentType(content []byte) string {
	for _, mt := range DocumentTypes {
		if looksLike(mt, content) {
			return mt
		}
	}
	return ""
}

// documentHead is how many of a document's first bytes looksLike reads
// at most.
const documentHead = 12

// looksLike reports whether content starts as documents of media type mt
// start.
func looksLike(mt string, b []byte) bool {
	switch mt {
	case "application/pdf":
		return bytes.HasPrefix(b, []byte("%PDF-"))
	case "image/png":
		return bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n"))
	case "image/jpeg":
		return bytes.HasPrefix(b, []byte("\xff\xd8\xff"))
	case "image/tiff":
		return bytes.HasPrefix(b, []byte("II*\x00")) || bytes.HasPrefix(b, []byte("MM\x00*"))
	case "image/gif":
		return bytes.HasPrefix(b, []byte("GIF87a")) || bytes.HasPrefix(b, []byte("GIF89a"))
	case "image/webp":
		return len(b) >= 12 && string(b[:4]) == "RIFF" && string(b[8:12]) == "WEBP"
	}
	return false
}

// CleanFileName returns name without a directory (either slash), checked
// to be a printable name of at most maxFileNameLen bytes; "" stays "".
// Its error names field. The names of the files of a profile import are
// checked with it too.
func CleanFileName(field, name string) (string, error) {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	name = strings.TrimSpace(name)
	if name == "" {
		return "", nil
	}
	if len(name) > maxFileNameLen {
		return "", levy.Invalid(field, "the file name has %d bytes; at most %d", len(name), maxFileNameLen)
	}
	if name == "." || name == ".." {
		return "", levy.Invalid(field, "%q is not a file name", name)
	}
	if err := wire.CheckIdentifier(field, name); err != nil {
		return "", err
	}
	return name, nil
}

// validDigest reports whether s is a hex SHA-256: 64 lower-case hex
// digits.
func validDigest(s string) bool {
	if len(s) != 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !(s[i] >= '0' && s[i] <= '9' || s[i] >= 'a' && s[i] <= 'f') {
			return false
		}
	}
	return true
}

// clip returns s cut to 64 bytes, on a rune boundary, with an ellipsis
// when cut, to quote input in an error.
func clip(s string) string {
	return textclip.To(s, 64)
}
