package profilecsv

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/levytax/levy"
	"github.com/levytax/levy/profile"
)

// recordPath matches the JSON path of a member of a record of a change
// set, as profile's validation names it: the list, the index, and the
// member, with the members within it ("certificates[3].expirationDate",
// "certificates[0].jurisdictions[1]",
// "registrations[2].representative.address.country"), or the record
// alone.
var recordPath = regexp.MustCompile(`(customers|certificates|registrations|products|franchises)\[(\d+)\](?:\.([A-Za-z]+(?:\.[A-Za-z]+)*))?[A-Za-z0-9_.\[\]]*`)

// Locate returns err with each levy.Error that names a record of the
// change set by its JSON path ("certificates[3].expirationDate") naming
// instead the file, the line and the column the record came from
// ("certificates.csv:5:expiration_date"); the paths that messages quote
// ("listed twice (also at certificates[0].number)") are replaced alike.
// A member that no column fills (a certificate's document) names the
// file and the line. Errors about anything else, and any error that is
// not a levy.Error, are returned as they are; err itself is not changed.
func (im *Import) Locate(err error) error {
	return levy.MapErrors(err, im.locate)
}

// locate returns a copy of e naming places in the files.
func (im *Import) locate(e *levy.Error) *levy.Error {
	cp := *e
	if name, ok := im.documentPlace(e.Field); ok {
		cp.Field = name
	}
	if m := recordPath.FindStringSubmatch(e.Field); m != nil && m[0] == e.Field {
		if place, ok := im.place(m); ok {
			cp.Field = place
		}
	}
	cp.Message = recordPath.ReplaceAllStringFunc(e.Message, func(s string) string {
		if place, ok := im.place(recordPath.FindStringSubmatch(s)); ok {
			return place
		}
		return s
	})
	return &cp
}

// place returns the place of the record and member that a match of
// recordPath names.
func (im *Import) place(m []string) (string, bool) {
	kind := Kind(m[1])
	i, err := strconv.Atoi(m[2])
	origins := im.origins[kind]
	if err != nil || i < 0 || i >= len(origins) {
		return "", false
	}
	o := origins[i]
	place := fmt.Sprintf("%s:%d", o.file, o.line)
	members := layoutOf(kind).members
	col, ok := members[m[3]]
	if !ok {
		// A member within one that no column fills alone: the column
		// of the member that holds it (a certificate's document).
		first, _, _ := strings.Cut(m[3], ".")
		col, ok = members[first]
	}
	if ok {
		switch {
		case slices.Contains(o.cols, col):
			place += ":" + col
		case col == "revoked_date":
			// The row has no revoked_date: its status made it revoked.
			place += ":status"
		case col == "registration_type", strings.HasPrefix(col, "representative_"):
		case col == "code_type":
			place += ":product_code"
		}
	}
	return place, true
}

// RowErrors returns readErr, the errors of reading the files (ReadFiles,
// or Read), with those that normalize (profile.Service.Normalize, which
// checks each record on its own) finds in every row that read well: the
// rows of the good files and the good rows of the files that have an
// error, which the Import holds but never applies. So a file whose row
// holds a day that is none and whose other row expires before it takes
// effect is told both at once, every bad row of the files listed
// together, in the order of the files and their lines (up to
// profile.MaxErrors). The rules across records (a certificate's
// customer) are checked once the files read well, as the change is
// made. readErr is returned as it is when it is nil or holds an error
// that is not levy.EInvalid (a file too large, too many rows), and so
// are the errors of a normalize that fails otherwise.
func (im *Import) RowErrors(readErr error, normalize func(profile.ChangeSet) (profile.ChangeSet, error)) error {
	var read levy.Errors
	var one *levy.Error
	switch {
	case readErr == nil || im == nil || normalize == nil:
		return readErr
	case errors.As(readErr, &read):
	case errors.As(readErr, &one):
		read = levy.Errors{one}
	default:
		return readErr
	}
	for _, e := range read {
		if e.Code != levy.EInvalid {
			return readErr
		}
	}
	// Every row that read well, each kind's good files first, with where
	// each came from, to locate the errors.
	all := &Import{origins: map[Kind][]origin{}}
	cs := &all.ChangeSet
	cs.Customers = slices.Concat(im.ChangeSet.Customers, im.held.Customers)
	cs.Certificates = slices.Concat(im.ChangeSet.Certificates, im.held.Certificates)
	cs.Registrations = slices.Concat(im.ChangeSet.Registrations, im.held.Registrations)
	cs.Products = slices.Concat(im.ChangeSet.Products, im.held.Products)
	cs.Franchises = slices.Concat(im.ChangeSet.Franchises, im.held.Franchises)
	for _, k := range Kinds {
		all.origins[k] = slices.Concat(im.origins[k], im.heldOrigins[k])
	}
	_, err := normalize(*cs)
	var rows levy.Errors
	if err != nil && !errors.As(all.Locate(err), &rows) {
		return readErr
	}
	out := slices.Concat(read, rows)
	slices.SortStableFunc(out, func(a, b *levy.Error) int {
		fa, la := im.placeOf(a.Field)
		fb, lb := im.placeOf(b.Field)
		if fa != fb {
			return fa - fb
		}
		return la - lb
	})
	if len(out) > profile.MaxErrors {
		out = out[:profile.MaxErrors]
	}
	return out
}

// placeOf returns the position among the files read of the file that
// field names ("certificates.csv:5:expiration_date") and its line; the
// number of files read for a field that names none.
func (im *Import) placeOf(field string) (file, line int) {
	file, name := len(im.read), ""
	for i, n := range im.read {
		if len(n) > len(name) && strings.HasPrefix(field, n+":") {
			file, name = i, n
		}
	}
	if name == "" {
		return file, 0
	}
	rest := field[len(name)+1:]
	if i := strings.IndexByte(rest, ':'); i >= 0 {
		rest = rest[:i]
	}
	line, _ = strconv.Atoi(rest)
	return file, line
}
