package jsonbody_test

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/jsonbody"
)

// TestDecodeReadsToTheLimit reads bodies a byte at a time and at once,
// at, under and over the limit, and from a reader that fails.
func TestDecodeReadsToTheLimit(t *testing.T) {
	body := `{"s":"` + strings.Repeat("x", 1000) + `"}`
	n := int64(len(body))
	for _, slow := range []bool{false, true} {
		for _, c := range []struct {
			limit int64
			ok    bool
		}{{0, true}, {-1, true}, {n, true}, {n + 1, true}, {n - 1, false}, {1, false}} {
			var r io.Reader = strings.NewReader(body)
			if slow {
				r = iotest.OneByteReader(r)
			}
			var v struct {
				S string `json:"s"`
			}
			err := jsonbody.Decode(r, &v, c.limit)
			if c.ok != (err == nil) || !c.ok && !errors.Is(err, jsonbody.ErrTooLarge) || c.ok && len(v.S) != 1000 {
				t.Errorf("limit %d (one byte a read: %v): %v", c.limit, slow, err)
			}
		}
	}
	boom := errors.New("boom")
	var v any
	if err := jsonbody.Decode(iotest.ErrReader(boom), &v, 10); !errors.Is(err, boom) {
		t.Errorf("a failing reader: %v", err)
	}
}

// concurrent is decoded by TestDecodeConcurrently only, so that its plan
// is built there by many goroutines at once.
type concurrent struct {
	Name  string         `json:"name"`
	Items []concurrent   `json:"items"`
	Next  *concurrent    `json:"next"`
	Tags  map[string]int `json:"tags"`
}

// TestDecodeConcurrently decodes into a type never decoded before from
// many goroutines at once (run it with -race).
func TestDecodeConcurrently(t *testing.T) {
	body := `{"name":"a","items":[{"name":"b","next":{"name":"c"}},{"tags":{"x":1}}],"next":{"items":[]}}`
	errs := make(chan error, 16)
	for range 16 {
		go func() {
			var v concurrent
			err := jsonbody.Decode(strings.NewReader(body), &v, 0)
			if err == nil && (v.Items[0].Next.Name != "c" || v.Items[1].Tags["x"] != 1 || v.Next.Items == nil) {
				err = errors.New("decoded wrong")
			}
			errs <- err
		}()
	}
	for range 16 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

// TestDecodeNamesADayThatDoesNotExist: a date of the right form that is
// no day of the calendar is refused naming its member and saying why,
// not as a date of another form.
func TestDecodeNamesADayThatDoesNotExist(t *testing.T) {
	var v struct {
		Date civil.Date `json:"documentDate"`
	}
	err := jsonbody.Decode(strings.NewReader(`{"documentDate":"2026-02-30"}`), &v, 0)
	var le *levy.Error
	if !errors.As(err, &le) || le.Field != "documentDate" || !strings.Contains(le.Message, "2026-02-30") || !strings.Contains(le.Message, "February 2026 has 28 days") {
		t.Errorf("Decode of 2026-02-30 = %v, want documentDate refused as no day of the calendar", err)
	}
	err = jsonbody.Decode(strings.NewReader(`{"documentDate":"2026/02/03"}`), &v, 0)
	if !errors.As(err, &le) || le.Field != "documentDate" || !strings.Contains(le.Message, "YYYY-MM-DD") {
		t.Errorf("Decode of 2026/02/03 = %v, want documentDate refused by its form", err)
	}
}
