package console_test

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestConsoleLongPathNotSentBack: the console's 404 (a file or route of
// the console that does not exist) and its 405 (a method other than GET
// or HEAD) quoted the whole path, so that a path of 60,000 bytes came
// back whole in the message. They quote at most 256 bytes of it now, as
// the API's own 404 and 405 do.
func TestConsoleLongPathNotSentBack(t *testing.T) {
	f := newFixture(t)
	long := strings.Repeat("é", 30000)
	for _, c := range []struct {
		method, path string
		status       int
	}{
		{"GET", "/console/" + long + ".js", http.StatusNotFound},
		{"GET", "/console/api/" + long, http.StatusNotFound},
		{"PATCH", "/console/" + long, http.StatusMethodNotAllowed},
	} {
		req, err := http.NewRequest(c.method, f.srv.URL+c.path, nil)
		if err != nil {
			t.Fatal(err)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		var e struct {
			Errors []struct{ Code, Message string }
		}
		if err := json.Unmarshal(body, &e); err != nil || resp.StatusCode != c.status || len(body) > 1024 ||
			len(e.Errors) != 1 || !strings.Contains(e.Errors[0].Message, "…") || !strings.Contains(e.Errors[0].Message, "/console/") {
			t.Errorf("%s of a path of %d bytes: %d, %d bytes: %.300s", c.method, len(c.path), resp.StatusCode, len(body), body)
		}
	}
}
