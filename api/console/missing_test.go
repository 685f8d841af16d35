package console_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"strings"
	"testing"
)

// TestMissingAssetAnswersTheAPIsError: a console file that does not
// exist (GET /console/nonexistent.js) was answered with net/http's
// text/plain "404 page not found", unlike every other answer of the
// console's paths, and a folder of the assets with a listing of its
// files in HTML. Both answer the API's JSON 404 now, naming the path;
// the pages and scripts are served as before.
func TestMissingAssetAnswersTheAPIsError(t *testing.T) {
	f := newFixture(t)
	for _, path := range []string{"/console/nonexistent.js", "/console/js/nope.js", "/console/js/", "/console/assets/index.html"} {
		status, h, body := f.get(t, path)
		var e struct {
			Errors []struct{ Code, Message, Target string }
			Meta   struct{ App string }
		}
		if err := json.Unmarshal(body, &e); err != nil || status != 404 || !strings.HasPrefix(h.Get("Content-Type"), "application/json") ||
			len(e.Errors) != 1 || e.Errors[0].Code != "not_found" || !strings.Contains(e.Errors[0].Message, path) || e.Meta.App == "" {
			t.Errorf("GET %s: %d %s %s; want the API's JSON 404 naming the path", path, status, h.Get("Content-Type"), body)
		}
	}
	for _, path := range []string{"/console/", "/console/console.css", "/console/js/app.js"} {
		if status, _, _ := f.get(t, path); status != 200 {
			t.Errorf("GET %s: %d, want 200", path, status)
		}
	}
}

// TestGeoGzipOnlyWhenAccepted: the geo layers were gzipped whenever
// Accept-Encoding merely contained "gzip", so that "gzip;q=0" (gzip
// refused) got gzip. The header is read with its q-values now (RFC 9110
// section 12.5.3): gzip when gzip, or "*" without gzip named, has a
// q-value above 0; the document otherwise.
func TestGeoGzipOnlyWhenAccepted(t *testing.T) {
	f := newFixture(t)
	for _, path := range []string{"/console/api/geo/states?zoom=3", "/console/api/geo/places?zoom=9&bbox=-118.3,34.0,-118.2,34.1"} {
		_, _, plain := f.get(t, path, "Accept-Encoding", "identity")
		if !json.Valid(plain) {
			t.Fatalf("GET %s without gzip: %.200s", path, plain)
		}
		for _, c := range []struct {
			accept string
			gzip   bool
		}{
			{"gzip", true}, {"GZIP", true}, {"br, gzip;q=0.5", true}, {"gzip; q=1.0", true}, {"*", true}, {"deflate, *;q=0.1", true},
			{"x-gzip", true}, {"gzip;q=0", false}, {"gzip; Q=0.000", false}, {"br, gzip;q=0, *;q=1", false}, {"*;q=0", false},
			{"identity", false}, {"gzipped", false}, {"deflate;q=1, br", false}, {"gzip;q=bad", false}, {"", false},
		} {
			_, h, body := f.get(t, path, "Accept-Encoding", c.accept)
			zipped := h.Get("Content-Encoding") == "gzip"
			if zipped != c.gzip {
				t.Errorf("GET %s with Accept-Encoding %q: Content-Encoding %q, want gzip %v", path, c.accept, h.Get("Content-Encoding"), c.gzip)
				continue
			}
			if zipped {
				zr, err := gzip.NewReader(bytes.NewReader(body))
				if err != nil {
					t.Fatal(err)
				}
				if body, err = io.ReadAll(zr); err != nil {
					t.Fatal(err)
				}
			}
			if !bytes.Equal(body, plain) {
				t.Errorf("GET %s with Accept-Encoding %q: the document differs", path, c.accept)
			}
		}
	}
}
