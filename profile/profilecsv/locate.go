package profilecsv

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"

	"github.com/levytax/levy"
)

// recordPath matches the JSON path of a member of a record of a change
// set, as profile's validation names it: the list, the index, and the
// member ("certificates[3].expirationDate", "certificates[0].
// jurisdictions[1]"), or the record alone.
var recordPath = regexp.MustCompile(`(customers|certificates|registrations|products|franchises)\[(\d+)\](?:\.([A-Za-z]+))?[A-Za-z0-9_.\[\]]*`)

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
	if col, ok := layoutOf(kind).members[m[3]]; ok {
		switch {
		case slices.Contains(o.cols, col):
			place += ":" + col
		case col == "revoked_date":
			// The row has no revoked_date: its status made it revoked.
			place += ":status"
		case col == "registration_type":
		case col == "code_type":
			place += ":product_code"
		}
	}
	return place, true
}
