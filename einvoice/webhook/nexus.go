package webhook

// EventNexusStatusChanged is the status of the events that say a
// seller's economic-nexus status in a US state (or against the EU's
// distance-sales threshold) changed: it approaches a threshold, passed
// it, fell back under it, or was registered there (see NexusNotice). Like
// EventCertificateExpiring, a connection receives it only when its list
// of statuses names it.
const EventNexusStatusChanged = "Nexus Status Changed"

// NexusNotice is the change of an EventNexusStatusChanged event: the
// seller company's status in State on AsOf, the status it had before,
// and what the status was decided from. Amounts are decimal strings in
// US dollars (euros for State "EU"); dates are YYYY-MM-DD.
type NexusNotice struct {
	Company        string `json:"company"`
	State          string `json:"state"`
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
