package einvoice_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/levytax/levy"
	. "github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/einvoice/webhook"
)

// TestReceiverDirsDoNotCollide sends the receivers of the review that
// shared a directory: 9930:é, 9930:ü and 9930:__ all went to 9930___,
// 9930:a/b and 9930:a_b to 9930_a_b. Each now has its own, and common
// identifiers keep a readable name.
func TestReceiverDirsDoNotCollide(t *testing.T) {
	out := t.TempDir()
	tx := &DirTransmitter{Dir: out}
	seen := map[string]string{}
	for _, id := range []string{"é", "ü", "__", "_", "a/b", "a_b", "a%2Fb", ".", "..", "A", strings.Repeat("x", 300), strings.Repeat("x", 301)} {
		ref, err := tx.Transmit(context.Background(), Parcel{DocumentID: NewGUID(), Receiver: webhook.Participant{Scheme: "9930", ID: id}, Content: []byte("<x/>")})
		if err != nil {
			t.Fatalf("%q: %v", id, err)
		}
		dir, _, _ := strings.Cut(ref, "/")
		if other, ok := seen[dir]; ok {
			t.Errorf("receivers %q and %q share the directory %s", other, id, dir)
		}
		seen[dir] = id
		if len(dir) > MaxDirName || strings.Trim(dir, ".") == "" || filepath.IsAbs(ref) {
			t.Errorf("%q: reference %s", id, ref)
		}
		if _, err := os.Stat(filepath.Join(out, filepath.FromSlash(ref))); err != nil {
			t.Errorf("%q: the reference does not name the file: %v", id, err)
		}
	}
	for _, c := range []struct{ scheme, id, want string }{
		{"0088", "5790000435975", "0088_5790000435975"},
		{"9925", "BE0123456789", "9925_BE0123456789"},
		{"0192", "987-654-321", "0192_987-654-321"},
		{"9930", "é", "9930_%C3%A9"},
		{"9930", "__", "9930_%5F%5F"},
		{"9930", "a/b", "9930_a%2Fb"},
		{"99_30", "x", "99%5F30_x"},
	} {
		if got := ReceiverDir(c.scheme, c.id); got != c.want {
			t.Errorf("ReceiverDir(%q, %q) = %s, want %s", c.scheme, c.id, got, c.want)
		}
	}
}

// TestTransmitterIOErrorsAreRetried makes the outbox vanish (its path is
// a file, so that no directory can be made in it, even by root): the
// document stays In Progress through many failures, well past the five
// that used to end in Error, and completes once the outbox is back.
func TestTransmitterIOErrorsAreRetried(t *testing.T) {
	outbox := filepath.Join(t.TempDir(), "outbox")
	if err := os.WriteFile(outbox, []byte("not a directory"), 0o600); err != nil {
		t.Fatal(err)
	}
	s, logs := open(t, t.TempDir(), Config{Transmitter: &DirTransmitter{Dir: outbox}, MinBackoff: time.Millisecond, MaxBackoff: 5 * time.Millisecond})
	d, _, err := s.Submit(tenantCtx("acme"), validInvoice(t), "")
	if err != nil {
		t.Fatal(err)
	}
	eventually(t, "ten failed deliveries", func() bool { return strings.Count(logs.String(), "delivery failed; will retry") >= 10 })
	got, err := s.Get(tenantCtx("acme"), d.DocumentID)
	if err != nil || got.Status != webhook.StatusInProgress || got.ErrorDetail != nil {
		t.Fatalf("after ten I/O failures: %+v %v", got, err)
	}
	if err := os.Remove(outbox); err != nil {
		t.Fatal(err)
	}
	if got = waitFinal(t, s, "acme", d.DocumentID); got.Status != webhook.StatusCompleted {
		t.Fatalf("after the outbox came back: %+v", got)
	}
}

// gated transmits the documents of one tenant only when open is closed,
// the others at once, and records the order of the transmissions.
type gated struct {
	tenant string
	open   chan struct{}

	mu      sync.Mutex
	held    int // transmissions of tenant waiting now
	maxHeld int
	order   []string // document numbers, in the order Transmit was called
}

func (g *gated) Name() string { return "gated" }

func (g *gated) Transmit(ctx context.Context, p Parcel) (string, error) {
	g.mu.Lock()
	g.order = append(g.order, p.DocumentNumber)
	mine := p.TenantID == g.tenant
	if mine {
		g.held++
		g.maxHeld = max(g.maxHeld, g.held)
	}
	g.mu.Unlock()
	if mine {
		select {
		case <-g.open:
		case <-ctx.Done():
			return "", ctx.Err()
		}
		g.mu.Lock()
		g.held--
		g.mu.Unlock()
	}
	return "ok", nil
}

func (g *gated) state() (held, maxHeld int, order []string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.held, g.maxHeld, slices.Clone(g.order)
}

// TestFloodingTenantLeavesAWorker: tenant A submits 12 documents whose
// delivery hangs, as an expensive document would hold a worker; tenant
// B's ordinary invoice still completes, since A may hold at most
// Workers-1 of the workers.
func TestFloodingTenantLeavesAWorker(t *testing.T) {
	g := &gated{tenant: "flood", open: make(chan struct{})}
	s, _ := open(t, t.TempDir(), Config{Transmitter: g, Workers: 4})
	var ids []string
	for i := range 12 {
		d, _, err := s.Submit(tenantCtx("flood"), validInvoice(t, "LVY-2026-0042", "FLOOD-"+string(rune('A'+i))), "")
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, d.DocumentID)
	}
	eventually(t, "the flood to hold its workers", func() bool { held, _, _ := g.state(); return held == 3 })
	d, _, err := s.Submit(tenantCtx("quiet"), validInvoice(t), "")
	if err != nil {
		t.Fatal(err)
	}
	if d = waitFinal(t, s, "quiet", d.DocumentID); d.Status != webhook.StatusCompleted {
		t.Fatalf("tenant B: %+v", d)
	}
	close(g.open)
	for _, id := range ids {
		waitFinal(t, s, "flood", id)
	}
	if _, maxHeld, _ := g.state(); maxHeld != 3 {
		t.Errorf("the flooding tenant held %d workers at once, want 3", maxHeld)
	}
}

// TestTenantsTakeTurns: with one worker, the documents of two tenants
// that arrived one tenant after the other are delivered in turns.
func TestTenantsTakeTurns(t *testing.T) {
	g := &gated{tenant: "a", open: make(chan struct{})}
	s, _ := open(t, t.TempDir(), Config{Transmitter: g, Workers: 1})
	submit := func(tenant, number string) string {
		d, _, err := s.Submit(tenantCtx(tenant), validInvoice(t, "LVY-2026-0042", number), "")
		if err != nil {
			t.Fatal(err)
		}
		return d.DocumentID
	}
	first := submit("a", "A0")
	eventually(t, "the first document to hold the worker", func() bool { held, _, _ := g.state(); return held == 1 })
	var ids []string
	for _, n := range []string{"A1", "A2", "A3"} {
		ids = append(ids, submit("a", n))
	}
	for _, n := range []string{"B1", "B2", "B3"} {
		ids = append(ids, submit("b", n))
	}
	close(g.open)
	waitFinal(t, s, "a", first)
	for i, id := range ids {
		waitFinal(t, s, []string{"a", "b"}[i/3], id)
	}
	_, _, order := g.state()
	want := []string{"A0", "B1", "A1", "B2", "A2", "B3", "A3"}
	if !slices.Equal(order, want) {
		t.Errorf("delivered in the order %v, want %v", order, want)
	}
}

// TestTargetPortsAndPrivateAddresses sends the targets of the review:
// ports 0 and 99999 are refused, and so, for a server that does not
// allow private targets, are the link-local, private, unspecified and
// loopback addresses.
func TestTargetPortsAndPrivateAddresses(t *testing.T) {
	strict, _ := openStrict(t, t.TempDir(), Config{})
	lenient, _ := open(t, t.TempDir(), Config{})
	tenants := 0
	create := func(s *service, target string) error {
		// A tenant per connection, each far from the limit of connections.
		tenants++
		_, err := s.CreateConnection(tenantCtx(fmt.Sprintf("tenant-%d", tenants)), NewConnection{TargetURL: target, SecretKey: testSecret, Events: AllEvents})
		return err
	}
	for _, target := range []string{"https://hooks.example.com:0/x", "https://hooks.example.com:99999/x", "https://hooks.example.com:65536/"} {
		for _, s := range []*service{strict, lenient} {
			if err := create(s, target); levy.ErrorCode(err) != levy.EInvalid || !strings.Contains(err.Error(), "port") {
				t.Errorf("%s: %v", target, err)
			}
		}
	}
	for _, target := range []string{"https://169.254.169.254/latest/meta-data/", "https://10.0.0.1/", "https://0.0.0.0/",
		"https://[::]/", "https://[::ffff:10.1.2.3]/", "https://100.100.100.200/", "https://[fe80::1]/", "http://127.0.0.1:9/hook",
		"https://localhost/", "https://[::1]:8443/",
		// The odd forms of the review's finding Low 10 that are IP
		// addresses or names as they are written.
		"https://[::ffff:127.0.0.1]/", "https://[::ffff:7f00:1]/", "https://[0:0:0:0:0:ffff:7f00:1]/", "https://[::127.0.0.1]/",
		"https://[::ffff:0:127.0.0.1]/", "https://[0::]/", "https://[fe80::1%25eth0]/", "https://[64:ff9b::7f00:1%25eth0]/",
		"https://[2001:db8::1%25lo]/", "https://localhost./", "https://LOCALHOST../", "https://api.localhost./"} {
		if err := create(strict, target); levy.ErrorCode(err) != levy.EInvalid || !strings.Contains(err.Error(), "public") {
			t.Errorf("strict %s: %v", target, err)
		}
		if err := create(lenient, target); err != nil {
			t.Errorf("lenient %s: %v", target, err)
		}
	}
	// Hosts that the C library's resolver reads as a private, loopback or
	// unspecified IPv4 address (inet_aton): refused as not public by a
	// strict server, and by any server as written in a form resolvers
	// read differently (Go's own resolver looks them up as names).
	for _, target := range []string{"https://0/hook", "https://0./", "https://0.0.0.0./", "https://127.1/", "https://0x7f.1/",
		"https://0X7F.0.0.1/", "https://017700000001/", "https://2130706433/", "https://0x7f000001/", "https://0177.0.0.1/",
		"https://127.0.0.1./", "https://127.0.0.1../", "https://10.1/", "https://192.168.257/", "https://0x0/"} {
		if err := create(strict, target); levy.ErrorCode(err) != levy.EInvalid || !strings.Contains(err.Error(), "public") {
			t.Errorf("strict %s: %v", target, err)
		}
		if err := create(lenient, target); levy.ErrorCode(err) != levy.EInvalid || !strings.Contains(err.Error(), "write it as") {
			t.Errorf("lenient %s: %v", target, err)
		}
	}
	// A public address in such a form, and hosts that end in a number
	// but are no address, are refused too.
	for _, target := range []string{"https://1572395790/", "https://1.2.3.4.5/", "https://256.0.0.1/", "https://08/", "https://hooks.example.123/"} {
		for _, s := range []*service{strict, lenient} {
			if err := create(s, target); levy.ErrorCode(err) != levy.EInvalid || strings.Contains(err.Error(), "public") {
				t.Errorf("%s: %v", target, err)
			}
		}
	}
	for _, target := range []string{"https://hooks.example.com/x", "https://hooks.example.com:8443/x", "https://93.184.215.14/",
		"https://hooks.example.com./x", "https://123.example.com/", "https://0x7f.example.com/", "https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/"} {
		if err := create(strict, target); err != nil {
			t.Errorf("strict %s: %v", target, err)
		}
	}
}

// TestTargetHost: the hosts that resolvers read as IPv4 addresses, read
// as inet_aton reads them.
func TestTargetHost(t *testing.T) {
	for host, want := range map[string]string{
		"0": "0.0.0.0", "0.": "0.0.0.0", "127.1": "127.0.0.1", "0x7f.1": "127.0.0.1", "0X7f.0.0.1": "127.0.0.1",
		"017700000001": "127.0.0.1", "2130706433": "127.0.0.1", "0x7f000001": "127.0.0.1", "0177.0.0.1": "127.0.0.1",
		"127.0.0.1.": "127.0.0.1", "10.1": "10.0.0.1", "192.168.257": "192.168.1.1", "0x": "0.0.0.0", "4294967295": "255.255.255.255",
		"1.2.3.4.5": "invalid", "256.0.0.1": "invalid", "08": "invalid", "4294967296": "invalid", "a.1": "invalid", "1.2.0x100.4": "invalid",
		"127.0.0.1": "ip", "::1": "ip", "example.com": "name", "example.com.": "name", "123.example": "name", "0x7f.example": "name", "": "name", "...": "name",
	} {
		got := TargetHost(host)
		if got != want {
			t.Errorf("targetHost(%q) = %s, want %s", host, got, want)
		}
	}
}

// TestPrivateTargetRefusedAtDial: a connection made while private
// targets were allowed (or whose name resolves to a private address now,
// as with DNS rebinding) gets nothing once they are not: the check runs
// on the address dialled.
func TestPrivateTargetRefusedAtDial(t *testing.T) {
	dir := t.TempDir()
	s, _ := open(t, dir, Config{})
	tg := newTarget(t, nil)
	localhost := strings.Replace(tg.url, "127.0.0.1", "localhost", 1)
	for _, u := range []string{tg.url, localhost} {
		if _, err := s.CreateConnection(tenantCtx("acme"), NewConnection{TargetURL: u, SecretKey: tg.secret, Events: AllEvents}); err != nil {
			t.Fatal(err)
		}
	}
	_ = s.Close()
	s, _ = openStrict(t, dir, Config{MaxAttempts: 2})
	if _, _, err := s.Submit(tenantCtx("acme"), validInvoice(t), ""); err != nil {
		t.Fatal(err)
	}
	var dead []DeadLetter
	eventually(t, "dead letters", func() bool { dead, _ = s.DeadLetters(context.Background(), ""); return len(dead) >= 2 })
	for _, dl := range dead {
		if !strings.Contains(dl.LastError, "not a public address") {
			t.Errorf("dead letter: %s", dl.LastError)
		}
	}
	if n := len(tg.deliveries()); n != 0 {
		t.Errorf("the loopback target received %d requests", n)
	}
	// The client alone, on any loopback or private address.
	c := NewHTTPClient(time.Second, false)
	for _, u := range []string{tg.srv.URL, "http://[::1]:1/", "http://0.0.0.0:1/",
		// Hosts the C library's resolver reads as addresses, dialled as
		// those addresses whichever resolver runs.
		"http://0:1/", "http://127.1:1/", "http://0x7f.1:1/", "http://2130706433:1/", "http://017700000001:1/", "http://127.0.0.1.:1/",
		strings.Replace(tg.srv.URL, "127.0.0.1", "0x7f.1", 1)} {
		_, err := c.Get(u)
		if !errors.Is(err, ErrPrivateTarget) {
			t.Errorf("GET %s: %v", u, err)
		}
	}
}

func TestPublicAddr(t *testing.T) {
	for s, want := range map[string]bool{
		"93.184.215.14": true, "2606:2800:21f:cb07:6820:80da:af6b:8b2c": true, "8.8.8.8": true,
		"127.0.0.1": false, "10.0.0.1": false, "172.16.0.1": false, "192.168.1.1": false, "169.254.169.254": false,
		"0.0.0.0": false, "0.1.2.3": false, "100.64.0.1": false, "255.255.255.255": false, "224.0.0.1": false,
		"::": false, "::1": false, "fe80::1": false, "fc00::1": false, "fd12::1": false, "ff02::1": false,
		"::ffff:127.0.0.1": false, "64:ff9b::a00:1": false, "64:ff9b::5db8:d70e": true, "2002:a00:1::": false, "2001:db8::1": false,
		"::7f00:1": false, "::5db8:d70e": false, "::ffff:0:7f00:1": false, "fe80::1%eth0": false, "64:ff9b::7f00:1%eth0": false,
		"2001:db8::1%lo": false, "2606:2800:21f:cb07:6820:80da:af6b:8b2c%eth0": true,
	} {
		if got := PublicAddr(netip.MustParseAddr(s)); got != want {
			t.Errorf("publicAddr(%s) = %v", s, got)
		}
	}
}

// TestTargetURLRedacted: a target whose path and query carry a secret
// that can not be reached; the dead letter and the logs name its scheme
// and host only.
func TestTargetURLRedacted(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nobody listens there now: connection refused
	target := "http://" + addr + "/hooks/PATH-SECRET-123?token=QUERY-SECRET-456"
	s, logs := open(t, t.TempDir(), Config{MaxAttempts: 2})
	if _, err := s.CreateConnection(tenantCtx("acme"), NewConnection{TargetURL: target, SecretKey: testSecret, Events: AllEvents}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Submit(tenantCtx("acme"), validInvoice(t), ""); err != nil {
		t.Fatal(err)
	}
	var dead []DeadLetter
	eventually(t, "a dead letter", func() bool { dead, _ = s.DeadLetters(context.Background(), ""); return len(dead) > 0 })
	b, _ := json.Marshal(dead)
	for _, text := range []string{string(b), logs.String()} {
		if strings.Contains(text, "SECRET") {
			t.Errorf("the target URL's secrets leaked:\n%s", text)
		}
	}
	if !strings.Contains(dead[0].LastError, "http://"+addr) || !strings.Contains(logs.String(), "target=http://"+addr) {
		t.Errorf("the dead letter or the logs do not name the target's host: %s", dead[0].LastError)
	}
	if got := RedactQuotedURLs(`send: Post "https://h.example.com:8443/p?k=\"x\"": EOF`); got != `send: Post https://h.example.com:8443: EOF` {
		t.Errorf("RedactQuotedURLs = %s", got)
	}
}

// TestEventsCarryTenantID: with Config.TenantID, events carry its answer
// in tenantId; without it, the tenant's name.
func TestEventsCarryTenantID(t *testing.T) {
	const guid = "5b0c2f57-0d5f-4c8e-9a43-2f6f1c6c9e11"
	calls := 0
	var mu sync.Mutex
	s, _ := open(t, t.TempDir(), Config{TenantID: func(_ context.Context, tenant string) (string, error) {
		mu.Lock()
		defer mu.Unlock()
		calls++
		if tenant == "broken" {
			return "", errors.New("no such tenant")
		}
		return guid, nil
	}})
	tg := newTarget(t, nil)
	connect(t, s, "acme", tg, AllEvents, false)
	deliverOne(t, s, tg)
	for _, d := range tg.deliveries() {
		if d.event.TenantID != guid {
			t.Errorf("tenantId %q, want %s", d.event.TenantID, guid)
		}
	}
	if calls != 1 {
		t.Errorf("TenantID called %d times; its answer is kept", calls)
	}
	if _, _, err := s.Submit(tenantCtx("broken"), validInvoice(t), ""); err == nil {
		t.Error("a tenant without an ID: no error")
	}
	s2, _ := open(t, t.TempDir(), Config{})
	tg2 := newTarget(t, nil)
	connect(t, s2, "acme", tg2, AllEvents, false)
	deliverOne(t, s2, tg2)
	if got := tg2.deliveries()[0].event.TenantID; got != "acme" {
		t.Errorf("without TenantID, tenantId %q", got)
	}
}

// TestHTTPClientRefusesRedirects keeps the default client's behaviour.
func TestHTTPClientRefusesRedirects(t *testing.T) {
	c := NewHTTPClient(time.Second, true)
	if c.CheckRedirect(&http.Request{}, nil) != http.ErrUseLastResponse {
		t.Error("the client follows redirects")
	}
}

// TestWritesRefusedWhenTheStoreIsGone deletes the store's directory under
// a running service: submissions and new connections are refused as
// unavailable (503 over HTTP) instead of acknowledged and lost at the
// next start, and CheckWrite says so.
func TestWritesRefusedWhenTheStoreIsGone(t *testing.T) {
	ctx := tenantCtx("acme")
	dir := filepath.Join(t.TempDir(), "einvoice")
	s, _ := open(t, dir, Config{})
	if err := s.CheckWrite(ctx); err != nil {
		t.Fatal(err)
	}
	d, _, err := s.Submit(ctx, validInvoice(t), "")
	if err != nil {
		t.Fatal(err)
	}
	waitFinal(t, s, "acme", d.DocumentID)
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Submit(ctx, validInvoice(t), ""); levy.ErrorCode(err) != levy.EUnavailable {
		t.Errorf("submit after the directory was deleted: %v, want unavailable", err)
	}
	if _, err := s.CreateConnection(ctx, NewConnection{TargetURL: "https://hooks.example.com/x", SecretKey: testSecret, Events: AllEvents}); levy.ErrorCode(err) != levy.EUnavailable {
		t.Errorf("create a connection: %v, want unavailable", err)
	}
	if err := s.CheckWrite(ctx); levy.ErrorCode(err) != levy.EUnavailable {
		t.Errorf("CheckWrite: %v, want unavailable", err)
	}
	if err := s.Close(); err == nil || !strings.Contains(err.Error(), "left open") {
		t.Errorf("Close: %v", err)
	}
}
