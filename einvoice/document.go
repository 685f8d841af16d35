package einvoice

import (
	"fmt"
	"time"

	"github.com/levytax/levy/einvoice/ubl"
	"github.com/levytax/levy/einvoice/webhook"
	"github.com/levytax/levy/internal/clip"
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

// maxEventText is the most bytes of each text that an event of a
// document carries from the document or its checks: its number, the
// names and identifiers of its endpoints, its metadata, and the code,
// message and location of each problem. A longer text is cut at a
// character boundary and ends with "…"; the document's record keeps it
// whole. A document of a few megabytes (a party's name as long as the
// document allows) thus makes events of a bounded size, well within
// what a receiver reads (webhook.DefaultMaxBody), rather than events
// that every attempt sends whole and the receiver refuses.
const maxEventText = 1024

// eventText returns s cut to maxEventText bytes, "…" included.
func eventText(s string) string {
	if len(s) <= maxEventText {
		return s
	}
	return clip.To(s, maxEventText-len(clip.Ellipsis))
}

// eventParticipant returns a copy of p with its texts cut for an event.
func eventParticipant(p *webhook.Participant) *webhook.Participant {
	if p == nil {
		return nil
	}
	return &webhook.Participant{Scheme: eventText(p.Scheme), ID: eventText(p.ID), Name: eventText(p.Name)}
}

// maxEventProblems is the most problems an event lists: as many as the
// checks list (ubl.MaxProblems, and their TRUNCATED entry). A longer
// list, such as a transmitter's rejection may give, is cut to
// maxEventProblems-1 and a TRUNCATED entry that counts the rest.
const maxEventProblems = ubl.MaxProblems + 1

// eventDetail returns a copy of e with its texts cut for an event, and
// at most maxEventProblems problems.
func eventDetail(e *webhook.ErrorDetail) *webhook.ErrorDetail {
	if e == nil {
		return nil
	}
	out := &webhook.ErrorDetail{Stage: e.Stage, Message: eventText(e.Message)}
	if e.Errors != nil {
		list := e.Errors
		if len(list) > maxEventProblems {
			list = list[:maxEventProblems-1]
		}
		out.Errors = make([]webhook.Problem, len(list), len(list)+1)
		for i, p := range list {
			out.Errors[i] = webhook.Problem{Code: eventText(p.Code), Message: eventText(p.Message), Location: eventText(p.Location), Flag: p.Flag}
		}
		if n := len(e.Errors) - len(list); n > 0 {
			// Flagged as ubl flags its own: fatal if a fatal one is left out.
			flag := string(ubl.Warning)
			for _, p := range e.Errors[len(list):] {
				if p.Flag != string(ubl.Warning) {
					flag = string(ubl.Fatal)
					break
				}
			}
			out.Errors = append(out.Errors, webhook.Problem{Code: "TRUNCATED",
				Message: fmt.Sprintf("%d more problems are not listed; the document's record lists them all", n), Flag: flag})
		}
	}
	return out
}

// event returns the event body of the document's current status, with
// tenantID as its tenantId; with metadata when withMeta. Its texts are
// cut to maxEventText bytes, its problems to maxEventProblems.
func (d *Document) event(tenantID string, withMeta bool) webhook.Event {
	ev := webhook.Event{
		DocumentID:            d.DocumentID,
		TenantID:              tenantID,
		DocumentNumber:        eventText(d.DocumentNumber),
		IssueDate:             d.IssueDate,
		Status:                d.Status,
		TransmissionDirection: d.TransmissionDirection,
		TransmissionDateTime:  d.TransmissionDateTime.UTC().Format(time.RFC3339Nano),
		Endpoints:             &webhook.Endpoints{},
		ErrorDetail:           eventDetail(d.ErrorDetail),
	}
	if d.Endpoints != nil {
		ev.Endpoints = &webhook.Endpoints{Sender: eventParticipant(d.Endpoints.Sender), Receiver: eventParticipant(d.Endpoints.Receiver)}
	}
	if withMeta {
		ev.Metadata = &webhook.Metadata{
			DocumentType:    eventText(d.DocumentType),
			CustomizationID: eventText(d.CustomizationID),
			ProfileID:       eventText(d.ProfileID),
			Currency:        eventText(d.Currency),
			PayableAmount:   eventText(d.PayableAmount),
			SizeBytes:       d.SizeBytes,
			SHA256:          d.SHA256,
		}
	}
	return ev
}
