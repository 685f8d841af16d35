package cli

import (
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
	"testing"
)

// TestServeDevTokenLineRepeats: the token line that levy serve --dev
// prints may be run again and again, more often than the rate limit of
// the standard token endpoint grants tokens (--token-rate-limit, 10 per
// 8 hours), and each run gets a token: it asks the token caching
// endpoint, which hands out the credential's token while it lasts. It
// asked /oauth/token, and a developer who ran it an eleventh time in a
// session was refused until the server restarted with a new credential.
func TestServeDevTokenLineRepeats(t *testing.T) {
	var out syncBuilder
	base, stop, _, _ := startServeOut(t, t.TempDir(), serveConfig{}, &out)
	defer stop()
	printed := out.String()
	line := ""
	for _, l := range strings.Split(printed, "\n") {
		if strings.Contains(l, "RESP=$(curl") {
			line = l
		}
	}
	m := regexp.MustCompile(`(https?://\S+/oauth/token) `).FindStringSubmatch(line)
	if m == nil || !strings.HasPrefix(m[1], base+"/") {
		t.Fatalf("no token URL of %s in the token line:\n%s", base, printed)
	}
	form := devForm(t, printed)
	first := ""
	for n := range 15 {
		resp, err := http.PostForm(m[1], form)
		if err != nil {
			t.Fatal(err)
		}
		var tok struct {
			AccessToken string `json:"access_token"`
			Error       string `json:"error_description"`
		}
		err = json.NewDecoder(resp.Body).Decode(&tok)
		resp.Body.Close()
		if err != nil || resp.StatusCode != http.StatusOK || tok.AccessToken == "" {
			t.Fatalf("run %d of the printed token line (%s): %d %v %s", n+1, m[1], resp.StatusCode, err, tok.Error)
		}
		if first == "" {
			first = tok.AccessToken
		} else if tok.AccessToken != first {
			t.Errorf("run %d got another token while the first lasts", n+1)
		}
	}
}
