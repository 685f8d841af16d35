package taxarea

import "github.com/levytax/levy"

// made reports whether New made r: a nil or zero Resolver has no tax
// areas to look in.
func (r *Resolver) made() bool { return r != nil && r.areas != nil }

// notMade is the error of a lookup asked of a Resolver that New did not
// make: invalid, since no retry can mend it.
func notMade() error {
	return &levy.Error{Code: levy.EInvalid, Message: "taxarea: the Resolver was not made by taxarea.New"}
}
