package einvoice_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/levytax/levy"
	. "github.com/levytax/levy/einvoice"
)

// fullwidth writes the ASCII letters, digits and dots of s in their
// fullwidth forms (U+FF0E for a dot), as an IME types them.
func fullwidth(s string) string {
	return strings.Map(func(r rune) rune {
		if r > ' ' && r < 0x7f {
			return r + 0xfee0
		}
		return r
	}, s)
}

// TestTargetHostAsDialled: a target whose host is written in fullwidth
// or other compatibility characters (１２７.０.０.１, ｌｏｃａｌｈｏｓｔ,
// 127。0。0。1, ①②⑦.0.0.1) is dialled as the ASCII host that Go's HTTP
// client, like a browser, maps it to (IDNA): 127.0.0.1 or localhost.
// Before, such a connection was created, its host taken for a name, and
// every event then failed at the dial and went to the dead letters,
// where the docs promise that a host a resolver reads as a loopback or
// private address is refused when the connection is created. Now the
// host is checked as it is dialled. A name in another script stays a
// name, checked at the dial.
func TestTargetHostAsDialled(t *testing.T) {
	// What the sender's client does with such a host: it reaches loopback.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) }))
	defer srv.Close()
	u, _ := url.Parse(srv.URL)
	resp, err := http.Get("http://" + fullwidth("127.0.0.1") + ":" + u.Port() + "/levy")
	if err != nil {
		t.Fatalf("the premise: Go's client dials a fullwidth loopback address: %v", err)
	}
	resp.Body.Close()

	s, _ := openStrict(t, t.TempDir(), Config{})
	ctx := tenantCtx("acme")
	for _, target := range []string{
		"https://" + fullwidth("127.0.0.1") + "/levy",
		"https://" + fullwidth("localhost") + "/levy",
		"https://" + fullwidth("LOCALHOST") + "/levy",
		"https://hooks." + fullwidth("localhost") + "/levy",
		"https://127\u30020\u30020\u30021/levy",
		"https://\u2460\u2461\u2466.0.0.1/levy",
		"https://" + fullwidth("169.254.169.254") + "/latest",
		"https://" + fullwidth("10.0.0.7") + "/levy",
		"https://" + fullwidth("0x7f.1") + "/levy",
		"https://[" + fullwidth("::1") + "]/levy",
	} {
		_, err := s.CreateConnection(ctx, NewConnection{TargetURL: target, SecretKey: testSecret, Events: AllEvents})
		if levy.ErrorCode(err) != levy.EInvalid || !strings.Contains(err.Error(), "targetUrl") {
			t.Errorf("%s: %v, want refused naming targetUrl", target, err)
		}
	}
	for _, target := range []string{"https://b\u00fccher.example/levy", "https://" + fullwidth("hooks.example.com") + "/levy"} {
		if _, err := s.CreateConnection(ctx, NewConnection{TargetURL: target, SecretKey: testSecret, Events: AllEvents}); err != nil {
			t.Errorf("%s: %v, want accepted (a public name)", target, err)
		}
	}
}
