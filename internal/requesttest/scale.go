package requesttest

import (
	"encoding/json"
	"fmt"
	"strconv"
)

// Scale returns body, a request's JSON, with n copies of its lines (each
// line ID, at any depth, prefixed by its copy's number and a dash) and
// the members of set over those it has.
func Scale(body []byte, n int, set map[string]any) ([]byte, error) {
	var req map[string]any
	if err := json.Unmarshal(body, &req); err != nil {
		return nil, fmt.Errorf("requesttest: the request to scale: %w", err)
	}
	lines, _ := req["lineItems"].([]any)
	var all []any
	for i := range n {
		all = append(all, renamed(strconv.Itoa(i)+"-", lines)...)
	}
	req["lineItems"] = all
	for k, v := range set {
		req[k] = v
	}
	return json.Marshal(req)
}

// renamed returns copies of lines, and of their lines at any depth, whose
// lineItemId is prefixed by prefix.
func renamed(prefix string, lines []any) []any {
	out := make([]any, len(lines))
	for i, l := range lines {
		m := map[string]any{}
		if in, ok := l.(map[string]any); ok {
			for k, v := range in {
				m[k] = v
			}
		}
		if id, ok := m["lineItemId"].(string); ok {
			m["lineItemId"] = prefix + id
		}
		if kids, ok := m["lineItems"].([]any); ok {
			m["lineItems"] = renamed(prefix, kids)
		}
		out[i] = m
	}
	return out
}
