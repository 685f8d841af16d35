package oauth_test

import (
	"strings"
	"testing"

	"github.com/levytax/levy/api/oauth"
)

// TestCheckAudiencesRefusesTwoRoles gives one audience two roles in every
// way the settings of a server can, and wants each refused naming the
// audience; the roles apart, and empty audiences, pass.
func TestCheckAudiencesRefusesTwoRoles(t *testing.T) {
	api := []string{"verx://migration-api"}
	readers := []string{"levy://console"}
	refused := map[string]struct {
		api, readers     []string
		admin, operator  string
		audience, second string
	}{
		"operator is admin":           {api, readers, "levy://admin", "levy://admin", "levy://admin", "the admin audience"},
		"operator is an API audience": {api, readers, "levy://admin", "verx://migration-api", "verx://migration-api", "an API audience"},
		"operator is the reader":      {api, readers, "levy://admin", "levy://console", "levy://console", "a read-only audience"},
		"admin is the reader":         {api, readers, "levy://console", "levy://operator", "levy://console", "a read-only audience"},
		"admin is an API audience":    {[]string{"a", "levy://admin"}, readers, "levy://admin", "levy://operator", "levy://admin", "an API audience"},
		"reader is an API audience":   {api, api, "levy://admin", "levy://operator", "verx://migration-api", "a read-only audience"},
		"default operator as admin":   {api, readers, "levy://operator", "levy://ops", "levy://operator", "the admin audience"},
		"default operator as API":     {[]string{"levy://operator"}, readers, "levy://admin", "levy://ops", "levy://operator", "an API audience"},
	}
	for name, c := range refused {
		err := oauth.CheckAudiences(c.api, c.readers, c.admin, c.operator)
		if err == nil || !strings.Contains(err.Error(), c.audience+" is both") || !strings.Contains(err.Error(), c.second) {
			t.Errorf("%s: %v, want %s refused as %s", name, err, c.audience, c.second)
		}
	}
	allowed := map[string]struct {
		api, readers    []string
		admin, operator string
	}{
		"the defaults":                {api, readers, oauth.DefaultAdminAudience, oauth.DefaultOperatorAudience},
		"an operator of its own":      {api, readers, oauth.DefaultAdminAudience, "levy://ops"},
		"an API audience twice":       {[]string{"a", "a"}, nil, "levy://admin", "levy://operator"},
		"no admin and no operator":    {api, readers, "", ""},
		"no readers, several for API": {[]string{"a", "b"}, nil, "levy://admin", "levy://operator"},
	}
	for name, c := range allowed {
		if err := oauth.CheckAudiences(c.api, c.readers, c.admin, c.operator); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}
