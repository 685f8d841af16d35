package api

import (
	"context"
	"fmt"

	"github.com/levytax/levy"
)

// AdminScope returns the tenant that an admin route acts on, given the
// tenant the request asked for in field (a body member or a query
// parameter), for the principal of ctx (see PrincipalOf):
//   - an admin token (RoleAdmin) acts on its own tenant only, whether it
//     names it or leaves it out, and is refused any other (403);
//   - an operator token (RoleOperator) acts on the tenant it names; when
//     it names none, on every tenant ("") where all is true, and is
//     refused (400) where a route needs one.
//
// Every admin route that reads or changes a tenant's records draws the
// line between tenants here, so that the routes cannot disagree.
func AdminScope(ctx context.Context, asked, field string, all bool) (string, error) {
	p, _ := PrincipalOf(ctx)
	if p.Role == RoleOperator {
		if asked == "" && !all {
			return "", levy.Invalid(field, "an operator token names the tenant it acts on")
		}
		return asked, nil
	}
	if asked != "" && asked != p.Tenant {
		return "", &levy.Error{Code: levy.EForbidden, Field: field,
			Message: fmt.Sprintf("this admin token acts on its own tenant, %s, only; tenant %s is administered by an admin credential of its own or by the server's operator", p.Tenant, asked)}
	}
	return p.Tenant, nil
}

// Operator reports whether the principal of ctx is the server's operator
// (RoleOperator), who reaches every tenant.
func Operator(ctx context.Context) bool {
	p, _ := PrincipalOf(ctx)
	return p.Role == RoleOperator
}
