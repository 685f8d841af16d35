package profileadmin

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/levytax/levy"
	"github.com/levytax/levy/profile"
)

// locate returns err with the fields of its errors that name a record
// of the trimmed change set ("certificates[0].number") naming it where
// it was in the change set as sent ("certificates[3].number").
func locate(t *profile.Trimmed, err error) error {
	move := func(e *levy.Error) *levy.Error {
		member, rest, ok := strings.Cut(e.Field, "[")
		if !ok {
			return e
		}
		n, tail, ok := strings.Cut(rest, "]")
		i, aerr := strconv.Atoi(n)
		idx := t.Kept[member]
		if !ok || aerr != nil || i < 0 || i >= len(idx) {
			return e
		}
		cp := *e
		cp.Field = fmt.Sprintf("%s[%d]%s", member, idx[i], tail)
		return &cp
	}
	return levy.MapErrors(err, move)
}
