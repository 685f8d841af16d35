package webhook

// EventNexusStatusChanged is the status of the events that say a
// seller's economic-nexus status in a US state (or its registration
// status in a Canadian province or for Canada's GST/HST, or against the
// EU's distance-sales threshold) changed: it approaches a threshold, passed
// it, fell back under it, or was registered there (see NexusNotice). Like
// EventCertificateExpiring, a connection receives it only when its list
// of statuses names it.
const EventNexusStatusChanged = "Nexus Status Changed"

// NexusNotice is the change of an EventNexusStatusChanged event: the
// seller company's status in State on AsOf, the status it had before,
// and what the status was decided from. Amounts are decimal strings in
// Currency (US dollars in a US state, Canadian dollars in Canada, euros
// for State "EU"); dates are YYYY-MM-DD.
type NexusNotice struct {
	Company string `json:"company"`
	// State is the row's jurisdiction: a US state ("TX"), a Canadian
	// province ("CA-BC"), "CAN" for Canada's GST/HST, or "EU"; Scheme
	// tells apart Canada's two thresholds (small-supplier, simplified).
	State  string `json:"state"`
	Scheme string `json:"scheme,omitempty"`
	// Currency is the ISO 4217 code of the amounts (USD, CAD, EUR).
	Currency       string `json:"currency,omitempty"`
	Status         string `json:"status"`
	PreviousStatus string `json:"previousStatus,omitempty"`
	AsOf           string `json:"asOf"`
	Sales          string `json:"sales"`
	Transactions   int64  `json:"transactions"`
	// SalesThreshold and TransactionThreshold are the state's tests
	// (empty or zero when it has no such test), Logic how they combine
	// (sales, or, and).
	SalesThreshold       string `json:"salesThreshold,omitempty"`
	TransactionThreshold int    `json:"transactionThreshold,omitempty"`
	Logic                string `json:"logic"`
	PeriodStart          string `json:"periodStart"`
	PeriodEnd            string `json:"periodEnd"`
	CrossedOn            string `json:"crossedOn,omitempty"`
	CollectFrom          string `json:"collectFrom,omitempty"`
	Explanation          string `json:"explanation"`
}
