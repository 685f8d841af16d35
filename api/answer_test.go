package api

import (
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestAnswerHeaders checks the headers of a calculation's answer over
// loopback: one Content-Type, application/json; a Content-Length that is
// the body's length, and no chunking; the client's X-Request-Id echoed,
// or a new one of 24 hexadecimal digits. A request declared as JSON in
// any of its spellings is calculated, and any other type refused with
// 415 naming Content-Type.
func TestAnswerHeaders(t *testing.T) {
	h := newHarness(t)
	resp, err := h.srv.Client().Do(mustRequest(t, h.srv.URL+"/api/v2/supplies", quotation, "Content-Type", "application/json", "X-Request-Id", "client-7"))
	if err != nil {
		t.Fatal(err)
	}
	body := readAll(t, resp)
	if resp.StatusCode != 200 || resp.Header.Get("X-Request-Id") != "client-7" ||
		len(resp.Header["Content-Type"]) != 1 || resp.Header.Get("Content-Type") != "application/json" ||
		resp.Header.Get("Content-Length") != strconv.Itoa(len(body)) || resp.ContentLength != int64(len(body)) ||
		len(resp.TransferEncoding) != 0 {
		t.Fatalf("%d %v (%d bytes)", resp.StatusCode, resp.Header, len(body))
	}
	generated := regexp.MustCompile(`^[0-9a-f]{24}$`)
	for _, ct := range []string{"application/json", "application/json; charset=utf-8", "APPLICATION/JSON", "Application/Json ; charset=UTF-8", "application/vnd.levy+json", "application/json;", ""} {
		header := []string{"Content-Type", ct}
		a := h.do("POST", "/api/v2/supplies", strings.NewReader(quotation), header...)
		if a.status != 200 || !generated.MatchString(a.header.Get("X-Request-Id")) || a.header.Get("Content-Length") != strconv.Itoa(len(a.body)) {
			t.Errorf("Content-Type %q: %d %v %.200s", ct, a.status, a.header, a.body)
		}
	}
	for _, ct := range []string{"text/plain", "application/jsonx", "application/json-seq", "json", "application/json x"} {
		a := h.do("POST", "/api/v2/supplies", strings.NewReader(quotation), "Content-Type", ct)
		var e ErrorBody
		if err := json.Unmarshal(a.body, &e); err != nil || a.status != http.StatusUnsupportedMediaType || len(e.Errors) != 1 || e.Errors[0].Target != "Content-Type" ||
			a.header.Get("Content-Type") != "application/json" || a.header.Get("Content-Length") != strconv.Itoa(len(a.body)) {
			t.Errorf("Content-Type %q: %d %v %s", ct, a.status, a.header, a.body)
		}
	}
}

// TestAnswersCountedAndLogged checks the metrics and the log lines of
// answered requests: each answer counted under its route and status, its
// duration observed under its route, only the routes that answered
// listed; a DEBUG line for each answer when the logger takes DEBUG, none
// at INFO, where refusals still get their INFO line with every member.
func TestAnswersCountedAndLogged(t *testing.T) {
	for _, level := range []slog.Level{slog.LevelDebug, slog.LevelInfo} {
		t.Run(level.String(), func(t *testing.T) {
			logs := &syncBuffer{}
			h := newHarness(t, WithLogger(slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: level}))))
			for range 3 {
				if a := h.post("/api/v2/supplies", quotation); a.status != 200 {
					t.Fatalf("%d %s", a.status, a.body)
				}
			}
			refused := h.do("POST", "/api/v2/supplies", strings.NewReader(quotation), "Content-Type", "text/plain", "X-Request-Id", "refused-1")
			unmatched := h.do("GET", "/api/v2/no-such-route", nil, "X-Request-Id", "unmatched-1")
			if refused.status != 415 || unmatched.status != 404 {
				t.Fatalf("%d %d", refused.status, unmatched.status)
			}
			metrics := string(h.do("GET", "/metrics", nil).body)
			for _, want := range []string{
				`levy_http_requests_total{route="POST /api/v2/supplies",status="200"} 3`,
				`levy_http_requests_total{route="POST /api/v2/supplies",status="415"} 1`,
				`levy_http_requests_total{route="unmatched",status="404"} 1`,
				`levy_http_request_duration_seconds_count{route="POST /api/v2/supplies"} 4`,
				`levy_http_request_duration_seconds_count{route="unmatched"} 1`,
			} {
				if !strings.Contains(metrics, want) {
					t.Errorf("the metrics lack %s", want)
				}
			}
			if strings.Contains(metrics, `route="POST /api/v2/procurement"`) {
				t.Errorf("a route that never answered is listed:\n%s", metrics)
			}
			for id, want := range map[string]string{"refused-1": "POST POST /api/v2/supplies 415", "unmatched-1": "GET unmatched 404"} {
				line := logLine(t, logs, id)
				if line == nil || fmt.Sprintf("%v %v %v", line["method"], line["route"], line["status"]) != want || line["level"] != "INFO" ||
					line["msg"] != "request refused" || line["duration"] == nil {
					t.Errorf("%s: %v", id, line)
				}
			}
			debug := strings.Count(logs.String(), `"msg":"request"`)
			if level == slog.LevelDebug && debug != 4 || level == slog.LevelInfo && debug != 0 {
				t.Errorf("%d DEBUG lines at %v:\n%s", debug, level, logs)
			}
		})
	}
}

// mustRequest builds a POST of body to url with the headers given.
func mustRequest(t *testing.T, url, body string, header ...string) *http.Request {
	t.Helper()
	req, err := http.NewRequest("POST", url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	return req
}

// readAll reads and closes the body of resp.
func readAll(t *testing.T, resp *http.Response) []byte {
	t.Helper()
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// logLine returns the log line of the request with id, waiting for it:
// a request is logged once its answer is written, so the line may come a
// moment after the answer.
func logLine(t *testing.T, logs *syncBuffer, id string) map[string]any {
	t.Helper()
	for wait := time.Now().Add(5 * time.Second); time.Now().Before(wait); time.Sleep(time.Millisecond) {
		for _, l := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
			var m map[string]any
			if json.Unmarshal([]byte(l), &m) == nil && m["request_id"] == id {
				return m
			}
		}
	}
	return nil
}
