package profile

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"time"
)

// ChangeSet is one change of a tenant's profile: records to store, each
// as a new version of the record of its key, and records to delete. It
// is applied all at once or not at all (Service.Apply).
type ChangeSet struct {
	Customers     []Customer     `json:"customers,omitempty"`
	Certificates  []Certificate  `json:"certificates,omitempty"`
	Registrations []Registration `json:"registrations,omitempty"`
	Products      []Product      `json:"products,omitempty"`
	Franchises    []Franchise    `json:"franchises,omitempty"`
	// Policy replaces the tenant's policy when not nil.
	Policy *Policy `json:"policy,omitempty"`
	// Deletes are the keys of records to delete. A deleted record keeps
	// its versions: History shows them, and reads as of an earlier time
	// find it.
	Deletes []Key `json:"deletes,omitempty"`
	// Documents are the scans of the certificates of the change set,
	// carried whole (an export with its documents): Apply checks them
	// (CheckDocuments) and stores each before the records. They are no
	// records: Len does not count them.
	Documents []Document `json:"documents,omitempty"`
}

// AsInput returns a copy of cs whose jurisdictions are written as a
// change set sent in names them (JurisdictionInput): a stored country
// whose code is also a US state's by its alpha-3 code ("DE", Germany,
// as "DEU"), so that storing the copy stores the records as they are in
// cs. Its registrations' numbers are in their canonical form
// (CanonicalNumber): a record stored before its number's form was
// canonical ("DE 136 695 976", an Icelandic kennitala with its dash)
// reads as the number is stored now, and storing the copy again
// replaces that record, which its other spelling names. A route that
// stores again a record it has read, and an export that an import reads
// back, write records so; cs is left as it is.
func (cs ChangeSet) AsInput() ChangeSet {
	out := cs.clone()
	for i := range out.Certificates {
		for j, id := range out.Certificates[i].Jurisdictions {
			out.Certificates[i].Jurisdictions[j] = JurisdictionInput(id)
		}
	}
	for i := range out.Registrations {
		g := &out.Registrations[i]
		g.Number = CanonicalNumber(g.Jurisdiction, g.Number)
		g.Jurisdiction = JurisdictionInput(g.Jurisdiction)
	}
	for i := range out.Franchises {
		out.Franchises[i].Jurisdiction = JurisdictionInput(out.Franchises[i].Jurisdiction)
	}
	for i := range out.Deletes {
		out.Deletes[i].Jurisdiction = JurisdictionInput(out.Deletes[i].Jurisdiction)
	}
	return out
}

// Len returns the number of records cs stores or deletes.
func (cs *ChangeSet) Len() int {
	if cs == nil {
		return 0
	}
	n := len(cs.Customers) + len(cs.Certificates) + len(cs.Registrations) + len(cs.Products) + len(cs.Franchises) + len(cs.Deletes)
	if cs.Policy != nil {
		n++
	}
	return n
}

// Entry is one record of a change as the stores keep it: its key and its
// JSON, or no data for a deletion. Stores do not read the data; NewRecords
// decodes it.
type Entry struct {
	Key  Key
	Data []byte // nil for a deletion
}

// Entries returns the entries of cs, in its order: the records stored,
// kind by kind, then the deletions.
func (cs *ChangeSet) Entries() ([]Entry, error) {
	out, err := appendEntries(make([]Entry, 0, cs.Len()), cs.Customers)
	if err == nil {
		out, err = appendEntries(out, cs.Certificates)
	}
	if err == nil {
		out, err = appendEntries(out, cs.Registrations)
	}
	if err == nil {
		out, err = appendEntries(out, cs.Products)
	}
	if err == nil {
		out, err = appendEntries(out, cs.Franchises)
	}
	if err != nil {
		return nil, err
	}
	if cs.Policy != nil {
		b, err := json.Marshal(cs.Policy)
		if err != nil {
			return nil, fmt.Errorf("profile: encode %s: %w", PolicyKey(), err)
		}
		out = append(out, Entry{Key: PolicyKey(), Data: b})
	}
	for _, k := range cs.Deletes {
		out = append(out, Entry{Key: k})
	}
	return out, nil
}

// keyed is a pointer to a record of a kind, which has a key.
type keyed[T any] interface {
	*T
	Key() Key
}

// appendEntries appends to out the entry of each record of list.
func appendEntries[T any, P keyed[T]](out []Entry, list []T) ([]Entry, error) {
	for i := range list {
		rec := P(&list[i])
		b, err := json.Marshal(rec)
		if err != nil {
			return nil, fmt.Errorf("profile: encode %s: %w", rec.Key(), err)
		}
		out = append(out, Entry{Key: rec.Key(), Data: b})
	}
	return out, nil
}

// Records are a tenant's profile at one version: every record that
// exists then, in key order.
type Records struct {
	// Version is the tenant's version they are at: the number of changes
	// applied up to then (0 before the first).
	Version uint64 `json:"version"`
	// At is when that version was made; zero for version 0.
	At time.Time `json:"at,omitzero"`
	// By is the credential that made it ("" for version 0).
	By string `json:"by,omitempty"`

	Customers     []Customer     `json:"customers"`
	Certificates  []Certificate  `json:"certificates"`
	Registrations []Registration `json:"registrations"`
	Products      []Product      `json:"products"`
	// Franchises are the tenant's franchise area fees, in area and name
	// order; empty (and left out) when it has none.
	Franchises []Franchise `json:"franchises,omitempty"`
	// Policy is the tenant's policy; nil when it has none.
	Policy *Policy `json:"policy,omitempty"`

	// legacy holds the keys, without a Type, of the registrations that
	// only identify their company and were stored under such a key (by a
	// Levy before keys had a Type): the next change of their number moves
	// them to their own key (Service.matchStoredRegistrations).
	legacy map[Key]bool
}

// storedKey returns the key under which r stores registration g: its
// key, or that without a Type for one stored so before keys had one.
func (r *Records) storedKey(g *Registration) Key {
	k := g.Key()
	if k.Type != "" {
		plain := k
		plain.Type = ""
		if r.legacy[plain] {
			return plain
		}
	}
	return k
}

// NewRecords decodes the entries of the records that exist at a version
// (deletions are skipped), for a store's Records and for the check of
// Commit. The entries may come in any order; the records come out in key
// order.
func NewRecords(version uint64, at time.Time, by string, entries []Entry) (*Records, error) {
	r := &Records{Version: version, At: at, By: by}
	for _, e := range entries {
		if e.Data == nil {
			continue
		}
		var err error
		switch e.Key.Kind {
		case KindCustomer:
			r.Customers, err = decodeInto(r.Customers, e)
		case KindCertificate:
			r.Certificates, err = decodeInto(r.Certificates, e)
		case KindRegistration:
			r.Registrations, err = decodeInto(r.Registrations, e)
			if err == nil && e.Key.Type == "" && r.Registrations[len(r.Registrations)-1].IdentityOnly() {
				if r.legacy == nil {
					r.legacy = map[Key]bool{}
				}
				r.legacy[e.Key] = true
			}
		case KindProduct:
			r.Products, err = decodeInto(r.Products, e)
		case KindFranchise:
			r.Franchises, err = decodeInto(r.Franchises, e)
		case KindPolicy:
			r.Policy = new(Policy)
			err = json.Unmarshal(e.Data, r.Policy)
		default:
			err = fmt.Errorf("unknown kind %q", e.Key.Kind)
		}
		if err != nil {
			return nil, fmt.Errorf("profile: decode %s: %w", e.Key, err)
		}
	}
	r.sort()
	return r, nil
}

// decodeInto appends the record of e to list.
func decodeInto[T any](list []T, e Entry) ([]T, error) {
	var v T
	if err := json.Unmarshal(e.Data, &v); err != nil {
		return list, err
	}
	return append(list, v), nil
}

// sort puts the records in key order.
func (r *Records) sort() {
	slices.SortFunc(r.Customers, func(a, b Customer) int { return cmp.Compare(a.Code, b.Code) })
	slices.SortFunc(r.Certificates, func(a, b Certificate) int {
		return cmp.Or(cmp.Compare(a.CustomerCode, b.CustomerCode), cmp.Compare(a.Number, b.Number))
	})
	slices.SortFunc(r.Registrations, func(a, b Registration) int {
		return cmp.Or(cmp.Compare(a.CompanyCode, b.CompanyCode), cmp.Compare(a.Jurisdiction, b.Jurisdiction), cmp.Compare(a.Number, b.Number),
			cmp.Compare(a.Key().Type, b.Key().Type))
	})
	slices.SortFunc(r.Products, func(a, b Product) int {
		return cmp.Or(cmp.Compare(a.CodeType, b.CodeType), cmp.Compare(a.Code, b.Code))
	})
	slices.SortFunc(r.Franchises, func(a, b Franchise) int {
		return cmp.Or(cmp.Compare(a.AreaID, b.AreaID), cmp.Compare(a.Name, b.Name))
	})
}

// Has reports whether r holds a record of key k.
func (r *Records) Has(k Key) bool {
	switch k.Kind {
	case KindCustomer:
		_, ok := slices.BinarySearchFunc(r.Customers, k.Code, func(c Customer, code string) int { return cmp.Compare(c.Code, code) })
		return ok
	case KindCertificate:
		_, ok := slices.BinarySearchFunc(r.Certificates, k, func(c Certificate, k Key) int {
			return cmp.Or(cmp.Compare(c.CustomerCode, k.Scope), cmp.Compare(c.Number, k.Code))
		})
		return ok
	case KindRegistration:
		// The registrations of one number (an identity number and a tax
		// registration) are next to each other: the one stored under k.
		i, _ := slices.BinarySearchFunc(r.Registrations, k, func(g Registration, k Key) int {
			return cmp.Or(cmp.Compare(g.CompanyCode, k.Scope), cmp.Compare(g.Jurisdiction, k.Jurisdiction), cmp.Compare(g.Number, k.Code))
		})
		for ; i < len(r.Registrations); i++ {
			g := &r.Registrations[i]
			if g.CompanyCode != k.Scope || g.Jurisdiction != k.Jurisdiction || g.Number != k.Code {
				return false
			}
			if r.storedKey(g) == k {
				return true
			}
		}
		return false
	case KindProduct:
		_, ok := slices.BinarySearchFunc(r.Products, k, func(p Product, k Key) int {
			return cmp.Or(cmp.Compare(p.CodeType, k.Scope), cmp.Compare(p.Code, k.Code))
		})
		return ok
	case KindFranchise:
		_, ok := slices.BinarySearchFunc(r.Franchises, k, func(f Franchise, k Key) int {
			return cmp.Or(cmp.Compare(f.AreaID, k.Scope), cmp.Compare(f.Name, k.Code))
		})
		return ok
	case KindPolicy:
		return r.Policy != nil
	}
	return false
}

// Len returns the number of records in r.
func (r *Records) Len() int {
	n := len(r.Customers) + len(r.Certificates) + len(r.Registrations) + len(r.Products) + len(r.Franchises)
	if r.Policy != nil {
		n++
	}
	return n
}

// Revision is one version of one record, as History lists it.
type Revision struct {
	// Version is the tenant's version that the change made.
	Version uint64 `json:"version"`
	// At and By are when the change was made and by which credential (a
	// client ID, or "cli" for the command line).
	At time.Time `json:"at"`
	By string    `json:"by"`
	// Deleted says the change deleted the record; Data is then nil.
	Deleted bool `json:"deleted,omitempty"`
	// Data is the record as that version stored it (JSON of its kind).
	Data json.RawMessage `json:"data,omitempty"`
}

// Decode reads the record of r into v, a pointer to the record type of
// its kind (*Customer for a customer). A deleted revision decodes
// nothing.
func (r *Revision) Decode(v any) error {
	if r.Deleted || r.Data == nil {
		return nil
	}
	return json.Unmarshal(r.Data, v)
}

// JSONByKey returns the JSON of each record of r, and of its policy, by
// key: what an import compares a record it would store with, to leave
// one equal to the stored record as it is. A record that does not encode
// is left out, so that it never counts as equal.
func (r *Records) JSONByKey() map[Key][]byte {
	out := map[Key][]byte{}
	add := func(k Key, v any) {
		if b, err := json.Marshal(v); err == nil {
			out[k] = b
		}
	}
	for i := range r.Customers {
		add(r.Customers[i].Key(), &r.Customers[i])
	}
	for i := range r.Certificates {
		add(r.Certificates[i].Key(), &r.Certificates[i])
	}
	for i := range r.Registrations {
		add(r.storedKey(&r.Registrations[i]), &r.Registrations[i])
	}
	for i := range r.Products {
		add(r.Products[i].Key(), &r.Products[i])
	}
	for i := range r.Franchises {
		add(r.Franchises[i].Key(), &r.Franchises[i])
	}
	if r.Policy != nil {
		add(PolicyKey(), r.Policy)
	}
	return out
}
