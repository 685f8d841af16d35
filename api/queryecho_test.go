package api

import (
	"net/http"
	"strings"
	"testing"
)

// TestLongQueryDateNotEchoed sends, over loopback, a beginDate and an
// endDate of 40,000 characters to both change queries: the refusal
// quoted the whole value back, an answer of 40 KB, where the name of an
// unknown parameter of the same length is cut (CheckQuery). The value
// is cut the same way, after 64 bytes, and the refusal still names the
// parameter and says what a date looks like.
func TestLongQueryDateNotEchoed(t *testing.T) {
	h := newHarness(t)
	long := strings.Repeat("2", 40000)
	for _, c := range []struct{ path, target string }{
		{"/api/v2/changed-taxareas?beginDate=" + long, "beginDate"},
		{"/api/v2/changed-taxareas?beginDate=2026-01-01&endDate=" + long, "endDate"},
		{"/api/v2/changed-taxareas/2650841047330893?beginDate=" + long, "beginDate"},
		{"/api/v2/changed-taxareas/2650841047330893?beginDate=2026-01-01&endDate=" + long, "endDate"},
	} {
		a := h.do("GET", c.path, nil)
		if a.status != http.StatusBadRequest {
			t.Errorf("%.60s: %d %.300s, want 400", c.path, a.status, a.body)
			continue
		}
		errs := errorsOf(t, a)
		if len(errs) != 1 || errs[0].Target != c.target || !strings.Contains(errs[0].Message, "YYYY-MM-DD") ||
			!strings.Contains(errs[0].Message, "2222…") {
			t.Errorf("%.60s: %.400s, want one error naming %s, the value cut with an ellipsis and the form of a date", c.path, a.body, c.target)
		}
		if len(a.body) > 1024 {
			t.Errorf("%.60s: the answer has %d bytes, quoting the value back", c.path, len(a.body))
		}
	}
}
