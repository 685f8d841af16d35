package cli

import (
	"encoding/json"
	"errors"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api"
)

// TestNotReadyAnswersLikeTheAPI: while the server loads its data it
// answered 503 with {"errors":[...]} alone, without the meta that every
// other error answer of Levy carries. It answers in the API's shape now:
// the same members as the API's own 503 (api.WriteError of an
// EUnavailable error), the errors' code, the meta's app that the API
// gives, Retry-After, no-store, and no body to a HEAD.
func TestNotReadyAnswersLikeTheAPI(t *testing.T) {
	before := time.Now().UTC().Truncate(time.Millisecond)
	rec := httptest.NewRecorder()
	notReady("levy v9.9.9")(rec, httptest.NewRequest("POST", "/api/v2/supplies", nil))
	if rec.Code != http.StatusServiceUnavailable {
		t.Fatalf("status %d, want 503", rec.Code)
	}
	for k, want := range map[string]string{"Content-Type": "application/json", "Retry-After": "1", "Cache-Control": "no-store"} {
		if got := rec.Header().Get(k); got != want {
			t.Errorf("%s %q, want %q", k, got, want)
		}
	}
	var got map[string]json.RawMessage
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
		t.Fatalf("the body is not a JSON object: %v: %s", err, rec.Body)
	}

	// The API's own answer to the same error, for its shape.
	ref := httptest.NewRecorder()
	api.WriteError(ref, httptest.NewRequest("POST", "/api/v2/supplies", nil), &levy.Error{Code: levy.EUnavailable, Message: "x"})
	var want map[string]json.RawMessage
	if err := json.Unmarshal(ref.Body.Bytes(), &want); err != nil {
		t.Fatal(err)
	}
	if g, w := slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want)); !slices.Equal(g, w) {
		t.Fatalf("members %q, the API's error answer has %q: %s", g, w, rec.Body)
	}
	var gotMeta, wantMeta map[string]json.RawMessage
	if err := errors.Join(json.Unmarshal(got["meta"], &gotMeta), json.Unmarshal(want["meta"], &wantMeta)); err != nil {
		t.Fatal(err)
	}
	if g, w := slices.Sorted(maps.Keys(gotMeta)), slices.Sorted(maps.Keys(wantMeta)); !slices.Equal(g, w) {
		t.Errorf("meta members %q, the API's have %q", g, w)
	}
	var body api.ErrorBody
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
		t.Fatal(err)
	}
	if len(body.Errors) != 1 || body.Errors[0].Code != levy.EUnavailable || body.Errors[0].Message == "" {
		t.Errorf("errors %+v", body.Errors)
	}
	if body.Meta.App != "levy v9.9.9" || body.Meta.TimeReceived.Before(before) || body.Meta.TimeElapsed < 0 {
		t.Errorf("meta %+v", body.Meta)
	}

	head := httptest.NewRecorder()
	notReady("levy v9.9.9")(head, httptest.NewRequest("HEAD", "/healthz", nil))
	if head.Code != http.StatusServiceUnavailable || head.Body.Len() != 0 {
		t.Errorf("HEAD: %d with %d bytes", head.Code, head.Body.Len())
	}
}
