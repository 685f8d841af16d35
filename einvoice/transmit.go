package einvoice

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/levytax/levy/webhook"
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
	// as passing, and the delivery is tried again.
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
}

// Rejection is a transmitter's business refusal of a document.
type Rejection struct {
	Problems []webhook.Problem
}

func (r *Rejection) Error() string {
	if len(r.Problems) == 0 {
		return "the document was rejected"
	}
	return "the document was rejected: " + r.Problems[0].Message
}

// DirTransmitter delivers documents to a directory: each receiver has a
// directory named after its electronic address (scheme_id), which holds
// one file per document, <documentId>.xml, written whole and synced
// before it is renamed into place. It is safe for concurrent use.
type DirTransmitter struct {
	Dir string
}

// Name returns "outbox-directory".
func (t *DirTransmitter) Name() string { return "outbox-directory" }

// Transmit writes the document under the receiver's directory and returns
// the file's path.
func (t *DirTransmitter) Transmit(ctx context.Context, p Parcel) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	dir := filepath.Join(t.Dir, safeName(p.Receiver.Scheme+"_"+p.Receiver.ID))
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return "", fmt.Errorf("outbox: %w", err)
	}
	final := filepath.Join(dir, safeName(p.DocumentID)+".xml")
	tmp, err := os.CreateTemp(dir, ".incoming-*")
	if err != nil {
		return "", fmt.Errorf("outbox: %w", err)
	}
	defer os.Remove(tmp.Name()) // after the rename there is nothing left to remove
	if _, err := tmp.Write(p.Content); err != nil {
		tmp.Close()
		return "", fmt.Errorf("outbox: write %s: %w", final, err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return "", fmt.Errorf("outbox: sync %s: %w", final, err)
	}
	if err := tmp.Close(); err != nil {
		return "", fmt.Errorf("outbox: %w", err)
	}
	if err := os.Rename(tmp.Name(), final); err != nil {
		return "", fmt.Errorf("outbox: %w", err)
	}
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		d.Close()
	}
	return final, nil
}

// safeName turns s into a file name: letters, digits, '-', '_' and '.'
// are kept, anything else becomes '_', and a name of dots only gets a
// prefix.
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
