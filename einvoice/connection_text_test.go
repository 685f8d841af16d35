package einvoice_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
	. "github.com/levytax/levy/einvoice"
)

// TestTargetWithSpaceRefused: a target URL with a space in it (one
// pasted with a trailing blank) was accepted. Its events then went to
// another path than the receiver's (the space is sent as %20) and were
// signed over the URL with the space, which the receiver does not know:
// not one arrived where the receiver listens. It is refused, naming
// targetUrl, as is a target or a secret that is not UTF-8 (events are
// signed with the UTF-8 bytes of the secret).
func TestTargetWithSpaceRefused(t *testing.T) {
	s, _ := open(t, t.TempDir(), Config{})
	tg := newTarget(t, nil)
	for _, target := range []string{tg.url + " ", tg.url + "\t", " " + tg.url, tg.url + "\n", strings.Replace(tg.url, "/hooks/", "/my hooks/", 1),
		tg.url + "\u00a0", tg.url + "/caf\xe9"} {
		_, err := s.CreateConnection(tenantCtx("acme"), NewConnection{TargetURL: target, SecretKey: testSecret, Events: AllEvents})
		if field(err) != "targetUrl" {
			t.Errorf("target %q: %v, want an error naming targetUrl", target, err)
		}
	}
	bad := testSecret + "caf\xe9"
	if _, err := s.CreateConnection(tenantCtx("acme"), NewConnection{TargetURL: tg.url, SecretKey: bad, Events: AllEvents}); field(err) != "secretKey" {
		t.Errorf("a secret that is not UTF-8: %v", err)
	}
	if list, err := s.Connections(tenantCtx("acme")); err != nil || len(list) != 0 {
		t.Fatalf("refused connections were stored: %v %v", list, err)
	}
	c := connect(t, s, "acme", tg, AllEvents, false)
	if _, err := s.ReplaceSecret(tenantCtx("acme"), c.WebhookID, bad); field(err) != "secretKey" {
		t.Errorf("a replacement that is not UTF-8: %v", err)
	}
	// The connection still signs with its secret, where its receiver
	// listens.
	d, _, err := s.Submit(tenantCtx("acme"), validInvoice(t), "")
	if err != nil {
		t.Fatal(err)
	}
	waitFinal(t, s, "acme", d.DocumentID)
	eventually(t, "three events", func() bool { return len(tg.deliveries()) >= 3 })
	for _, got := range tg.deliveries() {
		if !got.signatureValid {
			t.Errorf("event %s is not signed with the connection's secret", got.key)
		}
	}
}

// field returns the field of err when it is one EInvalid error, and ""
// otherwise.
func field(err error) string {
	var list levy.Errors
	if errors.As(err, &list) && len(list) == 1 {
		err = list[0]
	}
	var e *levy.Error
	if !errors.As(err, &e) || e.Code != levy.EInvalid {
		return ""
	}
	return e.Field
}

// TestSecretWithSpaceAroundRefused: a secret that begins or ends with
// white space is refused by the service itself, naming secretKey, at
// creation and as a replacement, so that a Go host calling the service
// directly meets the rule its HTTP routes state; white space within a
// secret is kept.
func TestSecretWithSpaceAroundRefused(t *testing.T) {
	s, _ := open(t, t.TempDir(), Config{})
	tg := newTarget(t, nil)
	for _, secret := range []string{testSecret + " ", " " + testSecret, testSecret + "\n", "\t" + testSecret} {
		if _, err := s.CreateConnection(tenantCtx("acme"), NewConnection{TargetURL: tg.url, SecretKey: secret, Events: AllEvents}); field(err) != "secretKey" {
			t.Errorf("secret %q: %v, want an error naming secretKey", secret, err)
		}
	}
	if list, err := s.Connections(tenantCtx("acme")); err != nil || len(list) != 0 {
		t.Fatalf("refused connections were stored: %v %v", list, err)
	}
	c := connect(t, s, "acme", tg, AllEvents, false)
	if _, err := s.ReplaceSecret(tenantCtx("acme"), c.WebhookID, testSecret+" "); field(err) != "secretKey" {
		t.Errorf("a replacement ending in a space: %v", err)
	}
	inside := testSecret[:10] + " " + testSecret[10:]
	if _, err := s.ReplaceSecret(tenantCtx("acme"), c.WebhookID, inside); err != nil {
		t.Errorf("a secret with a space within it: %v", err)
	}
}
