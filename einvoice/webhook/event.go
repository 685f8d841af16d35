package webhook

// Statuses of an e-invoicing document, as events name them.
const (
	StatusPending         = "Pending"
	StatusInProgress      = "In Progress"
	StatusCompleted       = "Completed"
	StatusProcessingIssue = "Processing Issue"
	StatusError           = "Error"
)

// Statuses lists every status in the order a document may enter them.
var Statuses = []string{StatusPending, StatusInProgress, StatusCompleted, StatusProcessingIssue, StatusError}

// EventCertificateExpiring is the status of the events that are about a
// customer's exemption certificate rather than a document: the
// certificate expires soon (see CertificateNotice). A connection receives
// them only when its list of statuses names this one: "all" selects the
// statuses of documents, so that a receiver written for those alone is
// not sent events it would refuse.
const EventCertificateExpiring = "Certificate Expiring"

// Event is the JSON body of an event. An event of a document says that
// it entered Status, one of Statuses, and names it in DocumentID; an
// event of status EventCertificateExpiring has no document and carries
// Certificate instead. Its keys are camelCase on the wire; decoding also
// accepts PascalCase keys (DocumentId), since encoding/json matches
// member names without regard to case.
type Event struct {
	// DocumentID names the document; it is left out of the events of
	// certificates.
	DocumentID string `json:"documentId,omitempty"`
	// TenantID identifies the tenant: the GUID its server keeps for it,
	// or, on a server that keeps none, the tenant's name.
	TenantID       string `json:"tenantId"`
	DocumentNumber string `json:"documentNumber,omitempty"`
	IssueDate      string `json:"issueDate,omitempty"` // YYYY-MM-DD
	Status         string `json:"status"`
	// TransmissionDirection is "Outbound" for a document a customer sends.
	TransmissionDirection string `json:"transmissionDirection,omitempty"`
	// TransmissionDateTime is when the document reached Levy (RFC 3339, UTC).
	TransmissionDateTime string       `json:"transmissionDateTime,omitempty"`
	Endpoints            *Endpoints   `json:"endpoints,omitempty"`
	ErrorDetail          *ErrorDetail `json:"errorDetail,omitempty"`
	// Metadata is sent only to connections that include metadata.
	Metadata *Metadata `json:"metadata,omitempty"`
	// Certificate is the certificate of an event of status
	// EventCertificateExpiring.
	Certificate *CertificateNotice `json:"certificate,omitempty"`
	// Nexus is the change of an event of status EventNexusStatusChanged.
	Nexus *NexusNotice `json:"nexus,omitempty"`
}

// CertificateNotice is the certificate of an EventCertificateExpiring
// event: a customer's exemption certificate, as the tenant's tax profile
// stores it, that expires on ExpirationDate, and the notice the tenant
// asked for, DaysBefore days before it (its policy's expiryNoticeDays).
// Levy sends one event per certificate and NoticeDate, once: the event
// of a certificate whose expiration date or notice period changes has
// another NoticeDate, and is sent again. Dates are YYYY-MM-DD.
type CertificateNotice struct {
	// Number is the certificate's number, unique per customer.
	Number string `json:"number"`
	// CustomerCode is the customer that holds it, and CustomerName its
	// name when the profile has one.
	CustomerCode string `json:"customerCode"`
	CustomerName string `json:"customerName,omitempty"`
	// Jurisdictions are the jurisdictions it covers (Levy jurisdiction
	// IDs, such as US-TX), ReasonCode its reason (an SST letter or a
	// four-digit code), ProductClasses the classes it covers (none: all).
	Jurisdictions  []string `json:"jurisdictions"`
	ReasonCode     string   `json:"reasonCode"`
	ProductClasses []string `json:"productClasses,omitempty"`
	// TransactionID is the transaction of a single-purchase certificate.
	TransactionID  string `json:"transactionId,omitempty"`
	EffectiveDate  string `json:"effectiveDate"`
	ExpirationDate string `json:"expirationDate"`
	// NoticeDate is the day the notice was due: DaysBefore days before
	// ExpirationDate. The event is sent on that day, or on the first day
	// after it that Levy runs, before the expiration date.
	NoticeDate string `json:"noticeDate"`
	DaysBefore int    `json:"daysBefore"`
	// HasDocument says that a scan of the certificate is stored.
	HasDocument bool `json:"hasDocument,omitempty"`
}

// Endpoints is the routing of a document: its sender and its receiver as
// electronic addresses (Peppol participant identifiers).
type Endpoints struct {
	Sender   *Participant `json:"sender,omitempty"`
	Receiver *Participant `json:"receiver,omitempty"`
}

// Participant is an electronic address: an identifier and the code of
// its scheme (an EAS code such as 0088 for a GLN).
type Participant struct {
	Scheme string `json:"scheme,omitempty"`
	ID     string `json:"id"`
	Name   string `json:"name,omitempty"`
}

// ErrorDetail says why a document entered Processing Issue or Error.
type ErrorDetail struct {
	// Stage is "pre-processing" for Processing Issue and "delivery" for Error.
	Stage   string    `json:"stage"`
	Message string    `json:"message"`
	Errors  []Problem `json:"errors,omitempty"`
}

// Problem is one thing wrong with a document.
type Problem struct {
	// Code names the rule broken: its official ID, an EN 16931 rule
	// (BR-CO-15, BR-CL-14, UBL-SR-48) or a Peppol BIS Billing 3.0 rule
	// (PEPPOL-EN16931-R010, PEPPOL-COMMON-R040, NL-R-003), or a Levy code
	// for what keeps the document from being read (XML, ROOT, FORMAT),
	// TRUNCATED, or what the transmitter said (AUTHORITY and the like).
	Code    string `json:"code"`
	Message string `json:"message"`
	// Location is the path of the element, such as
	// /Invoice/cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount.
	Location string `json:"location,omitempty"`
	// Flag is "fatal" or "warning", the flag of the official rule. Only
	// fatal problems refuse a document; warnings are listed beside them,
	// and on a delivered document in its warnings. Empty means fatal.
	Flag string `json:"flag,omitempty"`
}

// Metadata describes a document beyond its status.
type Metadata struct {
	DocumentType    string `json:"documentType,omitempty"` // Invoice or CreditNote
	CustomizationID string `json:"customizationId,omitempty"`
	ProfileID       string `json:"profileId,omitempty"`
	Currency        string `json:"currency,omitempty"`
	PayableAmount   string `json:"payableAmount,omitempty"`
	SizeBytes       int    `json:"sizeBytes,omitempty"`
	SHA256          string `json:"sha256,omitempty"` // hex digest of the document as received
}
