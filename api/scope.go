package api

import (
	"context"
	"fmt"

	"github.com/levytax/levy"
	"github.com/levytax/levy/internal/jsonbody"
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
// line between tenants here, so that the routes cannot disagree. The
// request's log line names the tenant returned, with the operator's role
// for an operator's request ("" over every tenant: no tenant).
func AdminScope(ctx context.Context, asked, field string, all bool) (string, error) {
	p, _ := PrincipalOf(ctx)
	if p.Role == RoleOperator {
		if asked == "" && !all {
			return "", levy.Invalid(field, "an operator token names the tenant it acts on")
		}
		// The request's log line names the tenant reached, not the
		// operator credential's own.
		exchangeOf(ctx).tenant = asked
		return asked, nil
	}
	if asked != "" && asked != p.Tenant {
		return "", &levy.Error{Code: levy.EForbidden, Field: field,
			Message: fmt.Sprintf("this admin token acts on its own tenant, %s, only; tenant %q is administered by an admin credential of its own or by the server's operator", p.Tenant, jsonbody.Clip(asked))}
	}
	return p.Tenant, nil
}

// Operator reports whether the principal of ctx is the server's operator
// (RoleOperator), who reaches every tenant.
func Operator(ctx context.Context) bool {
	p, _ := PrincipalOf(ctx)
	return p.Role == RoleOperator
}

// AdminTag is the tag of the admin routes in the OpenAPI document, which
// the adapters that serve them share.
const AdminTag = "Admin"

// AdminAccess says, for the OpenAPI document's description of an admin
// route (Operation.Description), who may call it as AdminScope decides.
const AdminAccess = "Needs an access token of a tenant's admin (levy://admin by default), which acts on its own tenant only " +
	"(another tenant is answered 403, another tenant's record 404 as an unknown one), or of the server's operator " +
	"(levy://operator by default), which names the tenant it acts on."

// AdminTenantParam is the tenant query parameter of an admin route that
// lists the records of one tenant or, for the operator, of all (the asked
// tenant of AdminScope with all), for Operation.Params.
func AdminTenantParam() Param {
	return Param{Name: "tenant", In: "query", Format: "identifier",
		Description: "Only the entries of this tenant; all tenants when absent."}
}
