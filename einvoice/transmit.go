package einvoice

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/levytax/levy/einvoice/webhook"
	"github.com/levytax/levy/internal/atomicfile"
)

// Transmitter delivers a validated document to its receiver: through a
// network to the tax authority and the final recipient, or, built in, to
// a directory. Implementations must be safe for concurrent use and
// idempotent: after a crash the same document may be transmitted again.
type Transmitter interface {
	// Name names the transmitter in a document's delivery receipt.
	Name() string
	// Transmit delivers the document. A *Rejection error is a business
	// refusal, and the document moves to Error; any other error is taken
	// as passing, and the delivery is tried again, with backoff, until it
	// succeeds or is rejected. The reference names the delivery in the
	// document's record, which its tenant reads: it must not show the
	// server's paths or anything else of its environment.
	Transmit(ctx context.Context, p Parcel) (reference string, err error)
}

// Parcel is what a Transmitter delivers.
type Parcel struct {
	DocumentID     string
	TenantID       string
	DocumentNumber string
	Sender         webhook.Participant
	Receiver       webhook.Participant
	Content        []byte // the document as received
	// MediaType is application/xml, or application/pdf for a Factur-X or
	// ZUGFeRD PDF.
	MediaType string
}

// Rejection is a transmitter's business refusal of a document.
type Rejection struct {
	Problems []webhook.Problem
}

// Error returns the message of the first problem, or a bare refusal (of
// a nil Rejection too).
func (r *Rejection) Error() string {
	if r == nil || len(r.Problems) == 0 {
		return "the document was rejected"
	}
	return "the document was rejected: " + r.Problems[0].Message
}

// DirTransmitter delivers documents to a directory: each receiver has a
// directory named after its electronic address (ReceiverDir), which holds
// one file per document, <documentId>.xml (.pdf for a PDF), written whole and synced
// before it is renamed into place. Its reference is the file's path
// relative to Dir, with forward slashes. It is safe for concurrent use.
type DirTransmitter struct {
	Dir string
}

// Name returns "outbox-directory".
func (t *DirTransmitter) Name() string { return "outbox-directory" }

// Transmit writes the document under the receiver's directory and returns
// the file's path relative to t.Dir. A DirTransmitter without a Dir, nil
// or zero, is refused, as is a parcel without a document ID: either would
// write into the working directory or a file named only by its extension.
func (t *DirTransmitter) Transmit(ctx context.Context, p Parcel) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	if t == nil || t.Dir == "" {
		return "", errors.New("outbox: the directory transmitter has no directory")
	}
	if p.DocumentID == "" {
		return "", errors.New("outbox: the parcel has no document ID")
	}
	name := ReceiverDir(p.Receiver.Scheme, p.Receiver.ID)
	dir := filepath.Join(t.Dir, name)
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return "", fmt.Errorf("outbox: %w", err)
	}
	ext := ".xml"
	if p.MediaType == MediaPDF {
		ext = ".pdf"
	}
	file := safeName(p.DocumentID) + ext
	final := filepath.Join(dir, file)
	if err := atomicfile.Write(final, p.Content, 0o600); err != nil {
		return "", fmt.Errorf("outbox: %w", err)
	}
	return name + "/" + file, nil
}

// maxDirName bounds the name ReceiverDir makes, below the 255 bytes file
// systems allow.
const maxDirName = 200

// ReceiverDir names the outbox directory of a receiver: its scheme and
// its identifier, each with every byte other than an ASCII letter, a
// digit or '-' written as %XX (upper-case hexadecimal), joined by '_'.
// Common identifiers read as they are (0088_5790000435975), and two
// receivers never share a directory: the encoding is one-to-one, and
// the '_' between the parts is the only one unencoded. A name longer
// than maxDirName bytes is cut, and ends with '~' and a hash of the
// scheme and identifier instead ('~' is never left unencoded either).
// On a file system that ignores case, identifiers that differ only in
// case share a directory, as Peppol treats them as the same participant.
func ReceiverDir(scheme, id string) string {
	name := escapeName(scheme) + "_" + escapeName(id)
	if len(name) <= maxDirName {
		return name
	}
	sum := sha256.Sum256(appendLP(appendLP(nil, scheme), id))
	return name[:maxDirName-1-2*16] + "~" + hex.EncodeToString(sum[:16])
}

// escapeName percent-encodes every byte of s but ASCII letters, digits
// and '-'.
func escapeName(s string) string {
	const hexDigits = "0123456789ABCDEF"
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hexDigits[c>>4])
		b.WriteByte(hexDigits[c&15])
	}
	return b.String()
}

// safeName turns s into a file name: letters, digits, '-', '_' and '.'
// are kept, anything else becomes '_', and a name of dots only gets a
// prefix. Document IDs, which Levy makes, pass unchanged.
func safeName(s string) string {
	b := []byte(s)
	for i, c := range b {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.') {
			b[i] = '_'
		}
	}
	name := string(b)
	if strings.Trim(name, ".") == "" {
		name = "_" + name
	}
	if len(name) > 128 {
		name = name[:128]
	}
	return name
}
