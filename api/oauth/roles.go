package oauth

import "fmt"

// CheckAudiences returns an error when one audience would hold two roles
// among those a Handler gives (see WithAudiences, WithReaderAudiences,
// WithAdminAudience and WithOperatorAudience): the API's audiences,
// the read-only audiences, a tenant's admin audience and the operator's.
// A Handler gives such an audience the wider role, so a setting that
// names one audience twice widens every credential of it:
//   - the operator's audience that is also the admin audience, or an
//     API or reader audience, makes every tenant's credential of it the
//     operator of every tenant and of the signing keys;
//   - the admin audience that is also a reader audience lets every
//     read-only credential change its tenant's data and credentials, and
//     one that is also an API audience drops that audience from the API.
//
// DefaultOperatorAudience may be no other role's audience either, even
// while the operator has another: a server started again without an
// operator audience would give the operator's role to every credential
// of it. An empty audience names no role and is passed over. The error
// names the audience and its two roles; the caller says which settings
// gave them.
func CheckAudiences(api, readers []string, admin, operator string) error {
	type role struct{ name, aud string }
	var roles []role
	add := func(name string, auds ...string) {
		for _, a := range auds {
			if a != "" {
				roles = append(roles, role{name, a})
			}
		}
	}
	add("the operator's audience", operator)
	add("the operator's default audience", DefaultOperatorAudience)
	add("the admin audience", admin)
	add("an API audience", api...)
	add("a read-only audience", readers...)
	for i, a := range roles {
		for _, b := range roles[i+1:] {
			if a.aud != b.aud || a.name == b.name || (a.name == "the operator's audience" && b.name == "the operator's default audience") {
				continue
			}
			return fmt.Errorf("%s is both %s and %s; give each role an audience of its own", a.aud, a.name, b.name)
		}
	}
	return nil
}
