package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy/einvoice/webhook"
)

const (
	webhookTestSecret = "whsec-cli-test-0123456789abcdef0123456789"
	webhookTestTarget = "https://erp.example.com/levy/events"
)

// startWebhookReceive runs levy webhook receive on a free loopback port
// until the returned stop is called, and returns its base URL, learnt
// from the "listening" line of its log.
func startWebhookReceive(t *testing.T, args ...string) (base string, stdout *syncBuilder, logs *syncBuilder, stop func() error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	stdout, logs = &syncBuilder{}, &syncBuilder{}
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		err := runWebhook(ctx, append([]string{"receive", "--addr", "127.0.0.1:0", "--target-url", webhookTestTarget}, args...), stdout, pw)
		pw.Close()
		done <- err
	}()
	addr := make(chan string, 1)
	lines := make(chan struct{})
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			logs.Write([]byte(sc.Text() + "\n"))
			if !strings.Contains(sc.Text(), "msg=listening ") {
				continue
			}
			for _, f := range strings.Fields(sc.Text()) {
				if a, ok := strings.CutPrefix(f, "addr="); ok {
					addr <- a
				}
			}
		}
	}()
	select {
	case a := <-addr:
		base = "http://" + a
	case err := <-done:
		t.Fatalf("receive ended before listening: %v\n%s", err, logs.String())
	case <-time.After(10 * time.Second):
		t.Fatal("receive did not listen")
	}
	return base, stdout, logs, func() error {
		cancel()
		err := <-done
		<-lines
		return err
	}
}

// postEvent sends a body signed with secret for the test target URL.
func postEvent(t *testing.T, url, secret, key, body string) int {
	t.Helper()
	req, err := http.NewRequest("POST", url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	ts := webhook.Timestamp(time.Now())
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(webhook.HeaderTimestamp, ts)
	req.Header.Set(webhook.HeaderIdempotencyKey, key)
	req.Header.Set(webhook.HeaderSignature, webhook.Sign([]byte(secret), []byte(body), webhookTestTarget, key, ts))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

func TestWebhookReceive(t *testing.T) {
	// The secret comes from the environment, as it should in production.
	t.Setenv(webhookSecretEnv, webhookTestSecret)
	base, stdout, logs, stop := startWebhookReceive(t)
	body := `{
	  "DocumentId": "doc-418", "tenantId": "acme-eu", "status": "Completed",
	  "endpoints": {"receiver": {"scheme": "0208", "id": "0843766574"}}
	}`
	if status := postEvent(t, base+"/levy/events", webhookTestSecret, "0f8fad5b-d9cb-469f-a165-70867728950e", body); status != 204 {
		t.Fatalf("a signed event answered %d\n%s", status, logs.String())
	}
	want := `{"documentId":"doc-418","tenantId":"acme-eu","status":"Completed","endpoints":{"receiver":{"scheme":"0208","id":"0843766574"}}}` + "\n"
	if got := stdout.String(); got != want {
		t.Fatalf("stdout %q, want %q", got, want)
	}
	if status := postEvent(t, base+"/levy/events", "whsec-cli-test-0123456789abcdef012345678X", "0f8fad5b-d9cb-469f-a165-70867728950f",
		`{"documentId":"doc-419","status":"Completed"}`); status != 401 {
		t.Errorf("a badly signed event answered %d", status)
	}
	if got := stdout.String(); got != want {
		t.Errorf("a badly signed event was printed: %q", got)
	}
	if err := stop(); err != nil {
		t.Fatalf("stopping: %v", err)
	}
	if l := logs.String(); strings.Contains(l, webhookTestSecret) || !strings.Contains(l, "documentId=doc-418") || !strings.Contains(l, "msg=stopped") {
		t.Errorf("log:\n%s", l)
	}
	var ev webhook.Event
	if err := json.Unmarshal([]byte(want), &ev); err != nil || ev.DocumentID != "doc-418" {
		t.Errorf("the printed line is not an event: %v", err)
	}
}

func TestWebhookReceiveFlagSecret(t *testing.T) {
	t.Setenv(webhookSecretEnv, "")
	base, stdout, _, stop := startWebhookReceive(t, "--secret", webhookTestSecret, "--window", "1m")
	if status := postEvent(t, base, webhookTestSecret, "0f8fad5b-d9cb-469f-a165-70867728950e", `{"documentId":"d","status":"Pending"}`); status != 204 {
		t.Errorf("answered %d", status)
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	if got := stdout.String(); got != `{"documentId":"d","tenantId":"","status":"Pending"}`+"\n" {
		t.Errorf("stdout %q", got)
	}
}

// TestWebhookReceivePreviousSecret: while the connection's secret is
// replaced, --previous-secret (here from its environment variable)
// accepts the events signed with the old one as well, and the log says
// so; events signed with neither are refused.
func TestWebhookReceivePreviousSecret(t *testing.T) {
	const old = "whsec-cli-old-0123456789abcdef0123456789"
	t.Setenv(webhookSecretEnv, webhookTestSecret)
	t.Setenv(webhookPreviousSecretEnv, old)
	base, stdout, logs, stop := startWebhookReceive(t)
	if status := postEvent(t, base, old, "0f8fad5b-d9cb-469f-a165-70867728950e", `{"documentId":"d1","status":"Pending"}`); status != 204 {
		t.Errorf("signed with the previous secret: %d\n%s", status, logs.String())
	}
	if status := postEvent(t, base, webhookTestSecret, "0f8fad5b-d9cb-469f-a165-70867728950f", `{"documentId":"d2","status":"Pending"}`); status != 204 {
		t.Errorf("signed with the current secret: %d", status)
	}
	if status := postEvent(t, base, "whsec-cli-other-0123456789abcdef01234567", "0f8fad5b-d9cb-469f-a165-709867728950", `{"documentId":"d3","status":"Pending"}`); status != 401 {
		t.Errorf("signed with neither: %d", status)
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(stdout.String(), "\n"); got != 2 {
		t.Errorf("%d events printed, want 2: %q", got, stdout.String())
	}
	if l := logs.String(); !strings.Contains(l, "previous secret") || strings.Contains(l, old) {
		t.Errorf("log:\n%s", l)
	}
}

func TestWebhookUsage(t *testing.T) {
	t.Setenv(webhookSecretEnv, "")
	cases := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"webhook"}, 2, "subcommand"},
		{[]string{"webhook", "send"}, 2, "unknown subcommand"},
		{[]string{"webhook", "receive", "--target-url", webhookTestTarget}, 2, webhookSecretEnv},
		{[]string{"webhook", "receive", "--secret", webhookTestSecret}, 2, "--target-url"},
		{[]string{"webhook", "receive", "--secret", webhookTestSecret, "--target-url", "/levy/events"}, 2, "--target-url"},
		{[]string{"webhook", "receive", "--secret", "short", "--target-url", webhookTestTarget}, 2, "at least 32"},
		{[]string{"webhook", "receive", "--secret", webhookTestSecret, "--target-url", webhookTestTarget, "--window", "0s"}, 2, "--window"},
		{[]string{"webhook", "receive", "--secret", webhookTestSecret, "--target-url", webhookTestTarget, "extra"}, 2, "no arguments"},
		{[]string{"webhook", "receive", "--bogus"}, 2, "bogus"},
		{[]string{"webhook", "receive", "-h"}, 0, "LEVY_WEBHOOK_SECRET"},
		{[]string{"help"}, 0, ""},
	}
	for _, c := range cases {
		code, out, errOut := runCLI(t, c.args...)
		if code != c.code || !strings.Contains(errOut+out, c.want) {
			t.Errorf("%v: exit %d, stderr %q", c.args, code, errOut)
		}
		if c.args[0] == "help" && !strings.Contains(out, "levy webhook receive -h") {
			t.Errorf("the usage lacks webhook:\n%s", out)
		}
		if strings.Contains(out+errOut, webhookTestSecret) || strings.Contains(out+errOut, "short") {
			t.Errorf("%v: the secret was echoed: %s", c.args, errOut)
		}
	}
}
