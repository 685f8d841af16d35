package einvoice

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/levytax/levy"
	"github.com/levytax/levy/einvoice/webhook"
)

// Notify sends the tenant's webhook connections that select ev.Status a
// notice: an event about something other than a document, such as a
// customer's certificate that expires soon (webhook.EventCertificateExpiring,
// which only the connections that list it select). The event is ev with
// its tenantId set as the events of documents carry it (Config.TenantID),
// queued in the persistent outbox and sent, signed, as every event is.
// key names the notice within the tenant: a key is notified once, by
// whichever Service, on whichever node, comes first (Store.Notify), and
// Notify reports whether this call queued it. subject names what the
// notice is about where the events of a document name the document (the
// dead-letter list shows it).
func (s *Service) Notify(ctx context.Context, tenant, key, subject string, ev webhook.Event) (bool, error) {
	if err := s.enter("notify"); err != nil {
		return false, err
	}
	defer s.leave()
	if err := levy.CheckWritable(ctx, "send a notice"); err != nil {
		return false, err
	}
	switch {
	case tenant == "":
		return false, levy.Invalid("tenant", "is required")
	case strings.TrimSpace(key) == "" || len(key) > MaxNoticeKey:
		return false, levy.Invalid("key", "must be 1 to %d bytes", MaxNoticeKey)
	case ev.Status == "" || ev.DocumentID != "":
		return false, levy.Invalid("status", "a notice has a status of its own and no documentId")
	}
	tenantID, err := s.eventTenant(ctx, tenant)
	if err != nil {
		return false, err
	}
	ev.TenantID = tenantID
	body, err := json.Marshal(ev)
	if err != nil {
		return false, fmt.Errorf("einvoice: encode the notice: %w", err)
	}
	notified, queued, err := s.store.Notify(ctx, Notice{Tenant: tenant, Status: ev.Status, Key: key, Subject: subject,
		Body: body, At: s.now().UTC()})
	if err != nil {
		return false, err
	}
	if queued {
		s.log.Info("notice queued", "tenant", tenant, "status", ev.Status, "subject", subject, "connections", len(notified))
		s.wake(notified)
	}
	return queued, nil
}
