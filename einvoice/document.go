package einvoice

import (
	"time"

	"github.com/levytax/levy/einvoice/webhook"
)

// DirectionOutbound is the transmission direction of a document that a
// customer sends through Levy.
const DirectionOutbound = "Outbound"

// Document is the record of an e-invoicing document: what Levy read from
// it, where it is in the workflow and how it got there. It is the body of
// GET /einvoicing/v1/documents/{documentId}.
type Document struct {
	DocumentID     string `json:"documentId"`
	TenantID       string `json:"tenantId"`
	DocumentNumber string `json:"documentNumber,omitempty"`
	// DocumentType is Invoice or CreditNote, once pre-processing has read it.
	DocumentType string `json:"documentType,omitempty"`
	// IssueDate is the document's issue date (YYYY-MM-DD: its cbc:IssueDate
	// in UBL, its IssueDateTime in CII), read when the document is
	// received, so that every event carries it, Pending included; it is
	// empty for a document without a real date there.
	IssueDate string `json:"issueDate,omitempty"`
	Status    string `json:"status"`
	// TransmissionDirection is Outbound.
	TransmissionDirection string `json:"transmissionDirection"`
	// TransmissionDateTime is when Levy received the document.
	TransmissionDateTime time.Time            `json:"transmissionDateTime"`
	Endpoints            *webhook.Endpoints   `json:"endpoints,omitempty"`
	ErrorDetail          *webhook.ErrorDetail `json:"errorDetail,omitempty"`
	// Warnings are the problems flagged warning by the rules of a
	// document that passed them: it was delivered all the same.
	Warnings []webhook.Problem `json:"warnings,omitempty"`
	// Syntax is the syntax of the invoice, UBL or CII, once pre-processing
	// has read it (the invoice a Factur-X PDF embeds is CII).
	Syntax string `json:"syntax,omitempty"`
	// MediaType is application/xml, or application/pdf for a Factur-X or
	// ZUGFeRD PDF; a record stored before Levy read PDFs has none, and is
	// XML.
	MediaType       string `json:"mediaType,omitempty"`
	CustomizationID string `json:"customizationId,omitempty"`
	ProfileID       string `json:"profileId,omitempty"`
	Currency        string `json:"currency,omitempty"`
	PayableAmount   string `json:"payableAmount,omitempty"`
	SizeBytes       int    `json:"sizeBytes"`
	SHA256          string `json:"sha256"`
	// Delivery is where the document was delivered, once Completed.
	Delivery *Delivery `json:"delivery,omitempty"`
	// History lists every status the document entered, the first being
	// Pending.
	History []Transition `json:"history"`
}

// Transition is one status a document entered, and when.
type Transition struct {
	Status string    `json:"status"`
	At     time.Time `json:"at"`
}

// Delivery is the receipt of a transmitter for a delivered document.
type Delivery struct {
	Transmitter string    `json:"transmitter"`
	Reference   string    `json:"reference"`
	At          time.Time `json:"at"`
}

// next lists the statuses each status may move to; the other statuses
// are final.
var next = map[string][]string{
	webhook.StatusPending:    {webhook.StatusInProgress, webhook.StatusProcessingIssue},
	webhook.StatusInProgress: {webhook.StatusCompleted, webhook.StatusError},
}

// CanMove reports whether the workflow lets a document move from one
// status to another: Pending to In Progress or Processing Issue, In
// Progress to Completed or Error, and nothing else.
func CanMove(from, to string) bool {
	for _, s := range next[from] {
		if s == to {
			return true
		}
	}
	return false
}

// Final reports whether status is one a document never leaves.
func Final(status string) bool {
	switch status {
	case webhook.StatusCompleted, webhook.StatusProcessingIssue, webhook.StatusError:
		return true
	}
	return false
}

// event returns the event body of the document's current status, with
// tenantID as its tenantId; with metadata when withMeta.
func (d *Document) event(tenantID string, withMeta bool) webhook.Event {
	ev := webhook.Event{
		DocumentID:            d.DocumentID,
		TenantID:              tenantID,
		DocumentNumber:        d.DocumentNumber,
		IssueDate:             d.IssueDate,
		Status:                d.Status,
		TransmissionDirection: d.TransmissionDirection,
		TransmissionDateTime:  d.TransmissionDateTime.UTC().Format(time.RFC3339Nano),
		Endpoints:             d.Endpoints,
		ErrorDetail:           d.ErrorDetail,
	}
	if ev.Endpoints == nil {
		ev.Endpoints = &webhook.Endpoints{}
	}
	if withMeta {
		ev.Metadata = &webhook.Metadata{
			DocumentType:    d.DocumentType,
			CustomizationID: d.CustomizationID,
			ProfileID:       d.ProfileID,
			Currency:        d.Currency,
			PayableAmount:   d.PayableAmount,
			SizeBytes:       d.SizeBytes,
			SHA256:          d.SHA256,
		}
	}
	return ev
}
