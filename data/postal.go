package data

import (
	"fmt"
	"sort"
	"unicode"
	"unicode/utf8"

	"github.com/levytax/levy/data/internal/binfmt"
)

// ZIP is one US ZIP code.
type ZIP struct {
	Code  string // five digits
	Place string // postal place name ("" when only the Census knows the ZIP)
	State string // postal abbreviation of the state or territory
	// Counties lists the counties the ZIP lies in, largest land share first.
	Counties []ZIPCounty
	// Lat and Lng are a representative point in millionths of a degree,
	// valid when HasPoint.
	Lat, Lng int32
	HasPoint bool
}

// ZIPCounty is one county of a ZIP and the share of the ZIP's land in it.
type ZIPCounty struct {
	FIPS         string // five-digit county FIPS code
	Jurisdiction string // the county's jurisdiction ID, "US-" + FIPS
	Share        int    // basis points of the ZIP's land area, 0..10000
}

// Postal is the ZIP table of a dataset. It is immutable.
type Postal struct {
	zips    []ZIP // sorted by Code
	byPlace map[placeKey][]ZIP
}

// Postal returns the dataset's ZIP table, decoding it on first use.
func (d *Dataset) Postal() (*Postal, error) {
	return part(d, &d.postal, "postal.lvd", decodePostal)
}

func decodePostal(file []byte) (*Postal, error) {
	r, err := binfmt.Open(file, "postal", 1)
	if err != nil {
		return nil, fmt.Errorf("data: postal: %w", err)
	}
	places := make([]string, r.Count(1))
	for i := range places {
		places[i] = r.String()
	}
	n := r.Count(4)
	p := &Postal{zips: make([]ZIP, 0, n), byPlace: make(map[placeKey][]ZIP, n)}
	code := 0
	var lat, lng int32
	for i := 0; i < n && r.Err() == nil; i++ {
		code += int(r.Uvarint())
		pi := int(r.Uvarint())
		if pi >= len(places) || code > 99999 {
			return nil, fmt.Errorf("data: postal: %w", binfmt.ErrCorrupt)
		}
		z := ZIP{Code: fmt.Sprintf("%05d", code), Place: places[pi], State: r.String()}
		if z.HasPoint = r.Bool(); z.HasPoint {
			lat += int32(r.Varint())
			lng += int32(r.Varint())
			z.Lat, z.Lng = lat, lng
		}
		z.Counties = make([]ZIPCounty, r.Count(2))
		for k := range z.Counties {
			fips := fmt.Sprintf("%05d", r.Uvarint())
			z.Counties[k] = ZIPCounty{FIPS: fips, Jurisdiction: "US-" + fips, Share: int(r.Uvarint())}
		}
		if z.Place != "" {
			key := placeKey{z.State, FoldPlace(z.Place)}
			p.byPlace[key] = append(p.byPlace[key], z)
		}
		p.zips = append(p.zips, z)
	}
	if err := r.Done(); err != nil {
		return nil, fmt.Errorf("data: postal: %w", err)
	}
	return p, nil
}

// placeKey is a state's postal abbreviation and a folded place name.
type placeKey struct{ state, place string }

// FoldPlace normalises a place name for comparison: upper case, periods,
// commas and hyphens read as spaces, runs of spaces folded, and a leading
// "St", "Ste", "Ft" or "Mt" spelled out, so that "St. Paul", "SAINT  PAUL"
// and "saint paul" all fold to "SAINT PAUL".
func FoldPlace(s string) string {
	b := make([]byte, 0, len(s)+4)
	word := 0 // start of the current word in b
	first := true
	flush := func() {
		if first && len(b) > word {
			switch string(b[word:]) {
			case "ST", "STE":
				b = append(b[:word], "SAINT"...)
			case "FT":
				b = append(b[:word], "FORT"...)
			case "MT":
				b = append(b[:word], "MOUNT"...)
			}
		}
		if len(b) > word {
			first = false
		}
	}
	for _, r := range s {
		if r == '.' || r == ',' || r == '-' || unicode.IsSpace(r) {
			flush()
			if len(b) > 0 && b[len(b)-1] != ' ' {
				b = append(b, ' ')
			}
			word = len(b)
			continue
		}
		if r < utf8.RuneSelf {
			if 'a' <= r && r <= 'z' {
				r -= 'a' - 'A'
			}
			b = append(b, byte(r))
		} else {
			b = utf8.AppendRune(b, unicode.ToUpper(r))
		}
	}
	flush()
	for len(b) > 0 && b[len(b)-1] == ' ' {
		b = b[:len(b)-1]
	}
	return string(b)
}

// Len returns the number of ZIP codes.
func (p *Postal) Len() int { return len(p.zips) }

// ZIP returns the record of a five-digit ZIP code.
func (p *Postal) ZIP(code string) (ZIP, bool) {
	i := sort.Search(len(p.zips), func(i int) bool { return p.zips[i].Code >= code })
	if i < len(p.zips) && p.zips[i].Code == code {
		return p.zips[i], true
	}
	return ZIP{}, false
}

// ByPlace returns the ZIPs whose postal place is city in state (a postal
// abbreviation), in ZIP order. The slice is shared: do not modify it.
func (p *Postal) ByPlace(state, city string) []ZIP {
	return p.byPlace[placeKey{state, FoldPlace(city)}]
}

// All returns every ZIP in code order. The slice is shared: do not modify it.
func (p *Postal) All() []ZIP { return p.zips }
