package einvoice_test

import (
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/levytax/levy"
	. "github.com/levytax/levy/einvoice"
)

// TestReplaceSecretSealedAndSigning replaces the secret of a connection
// of a service whose secrets are sealed under a key. The receiver was
// given the new secret first and refuses (401) what the old one signs,
// so the document's events wait; once ReplaceSecret returns they arrive,
// each under the Idempotency-Key it had before, signed with the new
// secret (checked by the target's own HMAC code), which the service
// opened from its sealed form: it was sealed bound to the connection,
// under the current key. After the service closes, no file of the store
// holds either secret in clear.
func TestReplaceSecretSealedAndSigning(t *testing.T) {
	dir := t.TempDir()
	s, logs := open(t, dir, Config{Secrets: &SecretKeys{Current: newKey(t)}, MaxAttempts: 1000})
	oldSecret, newSecret := randomSecret(t), randomSecret(t)
	tg := newTarget(t, func(_ int, d delivery) (int, http.Header) {
		if !d.signatureValid {
			return http.StatusUnauthorized, nil
		}
		return http.StatusNoContent, nil
	})
	tg.secret = newSecret
	ctx := tenantCtx("acme")
	c, err := s.CreateConnection(ctx, NewConnection{TargetURL: tg.url, SecretKey: oldSecret, Events: AllEvents})
	if err != nil {
		t.Fatal(err)
	}
	d, _, err := s.Submit(ctx, validInvoice(t), "")
	if err != nil {
		t.Fatal(err)
	}
	waitFinal(t, s, "acme", d.DocumentID)
	eventually(t, "a refused attempt", func() bool { return len(tg.deliveries()) > 0 })
	firstKey := tg.deliveries()[0].key

	// Bad requests change nothing: the secret is checked as at creation,
	// and another tenant's connection is not found, whatever the secret.
	for _, tc := range []struct {
		tenant, id, secret string
		code, field        string
	}{
		{"acme", c.WebhookID, "short", levy.EInvalid, "secretKey"},
		{"acme", c.WebhookID, strings.Repeat("k", 513), levy.EInvalid, "secretKey"},
		{"acme", "not-a-guid", newSecret, levy.EInvalid, "webhookId"},
		{"acme", NewGUID(), newSecret, levy.ENotFound, "webhookId"},
		{"globex", c.WebhookID, newSecret, levy.ENotFound, "webhookId"},
		{"globex", c.WebhookID, "short", levy.ENotFound, "webhookId"},
	} {
		_, err := s.ReplaceSecret(tenantCtx(tc.tenant), tc.id, tc.secret)
		var le *levy.Error
		if !errors.As(err, &le) || le.Code != tc.code || le.Field != tc.field {
			t.Errorf("ReplaceSecret(%s, %.12s, %.12s): %v, want %s of %s", tc.tenant, tc.id, tc.secret, err, tc.code, tc.field)
		}
	}
	if _, err := s.ReplaceSecret(levy.WithReadOnly(ctx), c.WebhookID, newSecret); levy.ErrorCode(err) != levy.EForbidden {
		t.Errorf("ReplaceSecret of a read-only context: %v", err)
	}
	for _, dl := range tg.deliveries() {
		if dl.signatureValid {
			t.Fatalf("an attempt before the rotation verifies with the new secret: %+v", dl)
		}
	}

	got, err := s.ReplaceSecret(ctx, c.WebhookID, newSecret)
	if err != nil {
		t.Fatal(err)
	}
	if got.WebhookID != c.WebhookID || got.TargetURL != c.TargetURL || !got.Events.All || !got.CreatedAt.Equal(c.CreatedAt) {
		t.Errorf("the connection after ReplaceSecret: %+v, want %+v", got, c)
	}
	eventually(t, "the three events", func() bool { return len(tg.statuses(d.DocumentID)) == 3 })
	var accepted []delivery
	for _, dl := range tg.deliveries() {
		if dl.signatureValid {
			accepted = append(accepted, dl)
		}
	}
	if len(accepted) != 3 || accepted[0].key != firstKey || accepted[0].event.Status != "Pending" || accepted[2].event.Status != "Completed" {
		t.Errorf("the events accepted after the rotation: %+v, want Pending (key %s), In Progress, Completed", accepted, firstKey)
	}
	if dead, err := s.DeadLetters(ctx, "acme"); err != nil || len(dead) != 0 {
		t.Errorf("dead letters: %+v %v", dead, err)
	}
	if l := logs.String(); !strings.Contains(l, "webhook secret replaced") || strings.Contains(l, newSecret) || strings.Contains(l, oldSecret) {
		t.Errorf("the log of the rotation:\n%s", l)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if found := filesHolding(t, dir, oldSecret, newSecret); len(found) > 0 {
		t.Errorf("the data directory holds a secret in clear: %v", found)
	}
}
