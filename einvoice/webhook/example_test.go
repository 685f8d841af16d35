package webhook_test

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"time"

	"github.com/levytax/levy/einvoice/webhook"
)

func ExampleSign() {
	secret := []byte("whsec-example-0123456789abcdef0123")
	body := []byte(`{"documentId":"doc-1","tenantId":"acme","status":"Completed"}`)
	ts := webhook.Timestamp(time.Date(2026, 6, 1, 9, 14, 28, 0, time.UTC))
	sig := webhook.Sign(secret, body, "https://erp.example.com/levy/events", "0f8fad5b-d9cb-469f-a165-70867728950e", ts)
	fmt.Println(webhook.HeaderTimestamp+":", ts)
	fmt.Println(webhook.HeaderSignature+":", sig)
	// Output:
	// X-Event-Timestamp: Mon, 01 Jun 2026 09:14:28 GMT
	// X-Signature: RXpzb3OVqNtFig71777M9W-ec4_65uYl4RtTUNsyK0M
}

func ExampleReceiver() {
	secret := []byte("whsec-example-0123456789abcdef0123")
	// The target URL exactly as the webhook connection is configured.
	const target = "https://erp.example.com/levy/events"
	rc, err := webhook.NewReceiver(secret, target, func(ctx context.Context, ev webhook.Event, raw []byte) error {
		fmt.Printf("document %s of %s is %s\n", ev.DocumentID, ev.TenantID, ev.Status)
		return nil
	}, webhook.WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		panic(err)
	}
	srv := httptest.NewServer(rc)
	defer srv.Close()

	// What Levy sends: the body, signed with the secret.
	body := `{"documentId":"doc-1","tenantId":"acme","status":"Completed"}`
	key := "0f8fad5b-d9cb-469f-a165-70867728950e"
	ts := webhook.Timestamp(time.Now())
	for range 2 { // the second delivery is a retry
		req, _ := http.NewRequest("POST", srv.URL, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set(webhook.HeaderIdempotencyKey, key)
		req.Header.Set(webhook.HeaderTimestamp, ts)
		req.Header.Set(webhook.HeaderSignature, webhook.Sign(secret, []byte(body), target, key, ts))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			panic(err)
		}
		resp.Body.Close()
		fmt.Println(resp.Status)
	}
	// Output:
	// document doc-1 of acme is Completed
	// 204 No Content
	// 204 No Content
}
