package profile

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/levytax/levy"
)

// Unchanged is a record that TrimUnchanged left out of a change set
// because it equals the stored one: its key, the stored JSON it equals,
// and its place in the change set as sent ("customers[2]", "policy").
type Unchanged struct {
	Key   Key
	JSON  []byte
	Field string
}

// Trimmed is what TrimUnchanged left out of a change set, and where the
// records it kept were in it.
type Trimmed struct {
	Same []Unchanged
	// Kept holds, per member of the change set ("customers"), the index
	// in the change set as sent of each record kept, in order.
	Kept map[string][]int
}

// TrimUnchanged leaves out of cs every record, and the policy, whose
// normalised form in norm (Service.Normalize of cs: the same records in
// the same order) equals the one stored in cur, so that importing again
// what is stored stores nothing new, and returns what it left out.
// Deletes stay. Nothing is left out when norm does not match cs record
// for record, or cur is nil. The records left out must still be as read
// when the change is applied: pass Keys to Service.ApplyIfWatching and
// check them with StillSame within the change's unit.
func TrimUnchanged(cs, norm *ChangeSet, cur *Records) Trimmed {
	t := Trimmed{Kept: map[string][]int{}}
	if cur == nil || norm == nil || len(norm.Customers) != len(cs.Customers) || len(norm.Certificates) != len(cs.Certificates) ||
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
		if b, ok := stored[PolicyKey()]; ok && equalJSON(norm.Policy, b) {
			t.Same = append(t.Same, Unchanged{Key: PolicyKey(), JSON: b, Field: "policy"})
			cs.Policy = nil
		}
	}
	// The scans of the certificates left out are stored with them.
	cs.KeepNamedDocuments()
	return t
}

// keepChanged returns the records of list whose normalised form in norm
// differs from the stored one of its key (or has none), adds the others
// to t.Same, named by member and index, and notes in t.Kept the index of
// each record kept.
func keepChanged[T any, P keyed[T]](list, norm []T, member string, stored map[Key][]byte, t *Trimmed) []T {
	out := list[:0:0]
	for i := range norm {
		k := P(&norm[i]).Key()
		if b, ok := stored[k]; ok && equalJSON(&norm[i], b) {
			t.Same = append(t.Same, Unchanged{Key: k, JSON: b, Field: fmt.Sprintf("%s[%d]", member, i)})
			continue
		}
		out = append(out, list[i])
		t.Kept[member] = append(t.Kept[member], i)
	}
	return out
}

// equalJSON reports whether v encodes as b.
func equalJSON(v any, b []byte) bool {
	j, err := json.Marshal(v)
	return err == nil && bytes.Equal(j, b)
}

// Keys returns the keys of the records left out, for
// Service.ApplyIfWatching.
func (t *Trimmed) Keys() []Key {
	out := make([]Key, len(t.Same))
	for i, s := range t.Same {
		out[i] = s.Key
	}
	return out
}

// StillSame returns nil when every record left out is in cur, the
// tenant's current records, as it was read, and otherwise an EConflict
// error naming where the first changed one came from (place of it;
// nil names its Field) and telling to import source again: another
// request or node changed it meanwhile, and leaving it out would keep
// that change where the import asked for the record as it sent it.
func (t *Trimmed) StillSame(cur *Records, place func(Unchanged) string, source string) error {
	if len(t.Same) == 0 {
		return nil
	}
	now := cur.JSONByKey()
	for _, s := range t.Same {
		if !bytes.Equal(now[s.Key], s.JSON) {
			field := s.Field
			if place != nil {
				field = place(s)
			}
			return &levy.Error{Code: levy.EConflict, Field: field,
				Message: fmt.Sprintf("%s was changed by another request while the import ran; import %s again", s.Key, source)}
		}
	}
	return nil
}
