package oauth_test

import (
	"encoding/binary"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth/authtest"
)

// utf16LE returns s in UTF-16, little-endian, led by the byte order mark
// when bom says so: what PowerShell 5's Out-File writes by default.
func utf16LE(s string, bom bool) string {
	units := utf16.Encode([]rune(s))
	if bom {
		units = append([]uint16{0xfeff}, units...)
	}
	b := make([]byte, 0, 2*len(units))
	for _, u := range units {
		b = binary.LittleEndian.AppendUint16(b, u)
	}
	return string(b)
}

// TestUTF16BodyRefusedNamingItsEncoding sends, over loopback, token
// requests whose body is UTF-16 (a JSON object or a form written with
// PowerShell 5's Out-File, sent with Invoke-RestMethod -InFile), with
// and without its byte order mark, labelled JSON, a form or nothing.
// Read as UTF-8, a JSON body was refused for a character "ÿ" at byte 0,
// and a form, or a JSON body without Content-Type, as a form without
// client_id. Each is now refused 400 invalid_request saying that the
// body is UTF-16 and to send UTF-8; the same request in UTF-8 gets its
// token.
func TestUTF16BodyRefusedNamingItsEncoding(t *testing.T) {
	f := setup(t)
	cred, secret := authtest.Credential(t, f.iss, "acme", oauth.DefaultAudience)
	js := `{"client_id":"` + cred.ClientID + `","client_secret":"` + secret + `"}`
	fm := "client_id=" + cred.ClientID + "&client_secret=" + secret
	for _, c := range []struct{ name, contentType, body string }{
		{"JSON with its mark", "application/json", utf16LE(js, true)},
		{"JSON without a mark", "application/json; charset=utf-16", utf16LE(js, false)},
		{"JSON without Content-Type", "", utf16LE(js, true)},
		{"a form with its mark", formType, utf16LE(fm, true)},
		{"a form without a mark or Content-Type", "", utf16LE(fm, false)},
	} {
		r := f.send(t, "POST", "/cached/oauth/token", c.contentType, c.body)
		d, _ := r.body["error_description"].(string)
		if r.status != 400 || r.body["error"] != "invalid_request" || !strings.Contains(d, "UTF-16") || !strings.Contains(d, "UTF-8") {
			t.Errorf("%s: %d %s, want 400 invalid_request saying the body is UTF-16", c.name, r.status, r.raw)
		}
	}
	for _, c := range []struct{ name, contentType, body string }{{"JSON", "application/json", js}, {"a form", formType, fm}} {
		if r := f.send(t, "POST", "/cached/oauth/token", c.contentType, c.body); r.status != 200 {
			t.Errorf("%s in UTF-8: %d %s, want 200", c.name, r.status, r.raw)
		}
	}
}
