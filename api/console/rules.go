package console

import (
	"net/http"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api"
	"github.com/levytax/levy/internal/jsonbody"
	"github.com/levytax/levy/rules"
)

// ruleAnswer is the definition of the rules named by one
// calculationRuleId.
type ruleAnswer struct {
	ID    string       `json:"id"`
	Rules []rules.Rule `json:"rules"`
}

// rule answers GET /console/api/rules/{id}: the taxability rules of the
// engine's tables with that ID (the host's first), with their selectors,
// condition, outcome, rate, threshold and reason.
func (h *Handler) rule(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	rs := h.engine.RuleDefinitions(id)
	if len(rs) == 0 {
		api.WriteError(w, r, levy.NotFound("id", "no taxability rule has the id %q; it may name a rate structure or a step of the calculation", jsonbody.Clip(id)))
		return
	}
	api.WriteData(w, r, http.StatusOK, ruleAnswer{ID: id, Rules: rs})
}
