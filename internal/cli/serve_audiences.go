package cli

import (
	"fmt"

	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth"
)

// tokenAudiences returns the audiences whose tokens the API takes, and
// those of them that are read-only: the console's, when the console is
// served. checkAudiences has refused a console audience that is also an
// API audience, which would have made every read-only console credential
// a writer of its tenant's data.
func (c serveConfig) tokenAudiences() (audiences, readers []string) {
	audiences = []string(c.apiAudiences)
	if len(audiences) == 0 {
		audiences = []string{oauth.DefaultAudience}
	}
	if c.console {
		// A console token reads its tenant's data through the API and the
		// console's routes, and changes nothing (api.RoleReader).
		readers = append(readers, c.consoleAudience)
	}
	return audiences, readers
}

// checkAudiences refuses flags that give one audience two roles
// (oauth.CheckAudiences): --operator-audience levy://admin, say, made
// every tenant's admin the operator of every tenant, and --api-audience
// levy://console every console reader a writer.
func (c serveConfig) checkAudiences() error {
	// Each audience is checked as a credential's (a token's aud,
	// compared as it is); the console's only when the console is served.
	named := []struct{ flag, aud string }{{"admin-audience", c.adminAudience}, {"operator-audience", c.operatorAudience}}
	if c.console {
		named = append(named, struct{ flag, aud string }{"console-audience", c.consoleAudience})
	}
	for _, a := range c.apiAudiences {
		named = append(named, struct{ flag, aud string }{"api-audience", a})
	}
	for _, n := range named {
		if err := auth.CheckAudience(n.aud); err != nil {
			return badFlag(n.flag, "--%s %q: %v", n.flag, n.aud, err)
		}
	}
	audiences, readers := c.tokenAudiences()
	if err := oauth.CheckAudiences(audiences, readers, c.adminAudience, c.operatorAudience); err != nil {
		return badFlags([]string{"operator-audience", "admin-audience", "api-audience", "console-audience"}, fmt.Sprintf("--operator-audience, --admin-audience, --api-audience and --console-audience: %v", err))
	}
	return nil
}
