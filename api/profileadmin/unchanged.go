package profileadmin

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/levytax/levy"
	"github.com/levytax/levy/profile"
)

// sameRecord is a record of a change set that trimUnchanged left out
// because it equals the stored one: its key, the stored JSON it equals
// and the field of the change set that holds it ("customers[2]").
type sameRecord struct {
	key   profile.Key
	json  []byte
	field string
}

// trimmed is what trimUnchanged left out of a change set, and where
// the records it kept were in it.
type trimmed struct {
	same []sameRecord
	// kept holds, per member of the change set ("customers"), the index
	// in the change set as sent of each record kept, in order.
	kept map[string][]int
}

// trimUnchanged leaves out of cs every record, and the policy, whose
// normalised form in norm (profile.Service.Normalize of cs, the same
// records in the same order) equals the one stored in cur, as the
// import of CSV files does (profilecsv.Import.Trim), and returns what
// it left out. Deletes stay. Nothing is left out when norm does not
// match cs record for record.
func trimUnchanged(cs, norm *profile.ChangeSet, cur *profile.Records) trimmed {
	t := trimmed{kept: map[string][]int{}}
	if cur == nil || len(norm.Customers) != len(cs.Customers) || len(norm.Certificates) != len(cs.Certificates) ||
		len(norm.Registrations) != len(cs.Registrations) || len(norm.Products) != len(cs.Products) ||
		len(norm.Franchises) != len(cs.Franchises) || (norm.Policy == nil) != (cs.Policy == nil) {
		return t
	}
	stored := cur.JSONByKey()
	cs.Customers = keepChanged(cs.Customers, norm.Customers, "customers", stored, &t)
	cs.Certificates = keepChanged(cs.Certificates, norm.Certificates, "certificates", stored, &t)
	cs.Registrations = keepChanged(cs.Registrations, norm.Registrations, "registrations", stored, &t)
	cs.Products = keepChanged(cs.Products, norm.Products, "products", stored, &t)
	cs.Franchises = keepChanged(cs.Franchises, norm.Franchises, "franchises", stored, &t)
	if norm.Policy != nil {
		if b, ok := stored[profile.PolicyKey()]; ok && equalJSON(norm.Policy, b) {
			t.same = append(t.same, sameRecord{key: profile.PolicyKey(), json: b, field: "policy"})
			cs.Policy = nil
		}
	}
	return t
}

// locate returns err with the fields of its errors that name a record
// of the trimmed change set ("certificates[0].number") naming it where
// it was in the change set as sent ("certificates[3].number").
func (t *trimmed) locate(err error) error {
	move := func(e *levy.Error) *levy.Error {
		member, rest, ok := strings.Cut(e.Field, "[")
		if !ok {
			return e
		}
		n, tail, ok := strings.Cut(rest, "]")
		i, aerr := strconv.Atoi(n)
		idx := t.kept[member]
		if !ok || aerr != nil || i < 0 || i >= len(idx) {
			return e
		}
		cp := *e
		cp.Field = fmt.Sprintf("%s[%d]%s", member, idx[i], tail)
		return &cp
	}
	return levy.MapErrors(err, move)
}

// keyed is a record of the profile, which has a key.
type keyed[T any] interface {
	*T
	Key() profile.Key
}

// keepChanged returns the records of list whose normalised form in norm
// differs from the stored one of its key (or has none), and adds the
// others to t.same, naming them by field ("customers") and index; it
// notes the index of each record kept in t.kept.
func keepChanged[T any, P keyed[T]](list, norm []T, field string, stored map[profile.Key][]byte, t *trimmed) []T {
	out := list[:0:0]
	for i := range norm {
		k := P(&norm[i]).Key()
		if b, ok := stored[k]; ok && equalJSON(&norm[i], b) {
			t.same = append(t.same, sameRecord{key: k, json: b, field: fmt.Sprintf("%s[%d]", field, i)})
			continue
		}
		out = append(out, list[i])
		t.kept[field] = append(t.kept[field], i)
	}
	return out
}

// equalJSON reports whether v encodes as b.
func equalJSON(v any, b []byte) bool {
	j, err := json.Marshal(v)
	return err == nil && bytes.Equal(j, b)
}

// keysOf returns the keys of same, for profile.Service.ApplyIfWatching.
func keysOf(same []sameRecord) []profile.Key {
	out := make([]profile.Key, len(same))
	for i, s := range same {
		out[i] = s.key
	}
	return out
}

// stillSame returns the check, within the change's unit, that the
// records trimUnchanged left out are still as they were read: one that
// another request or node changed meanwhile refuses the import
// (levy.EConflict, naming its field), since leaving it out would keep
// that change where the import asked for the record as it sent it.
func stillSame(same []sameRecord) func(cur *profile.Records) error {
	return func(cur *profile.Records) error {
		now := cur.JSONByKey()
		for _, s := range same {
			if !bytes.Equal(now[s.key], s.json) {
				return &levy.Error{Code: levy.EConflict, Field: s.field,
					Message: fmt.Sprintf("%s was changed by another request while the import ran; import the change set again", s.key)}
			}
		}
		return nil
	}
}
