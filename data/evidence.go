package data

import (
	"fmt"
	"net/netip"
	"slices"

	"github.com/levytax/levy/internal/binfmt"
)

// Country index values with a meaning of their own, as internal/datagen
// writes them. Real countries are numbered from 1 in the order of the
// country table.
const (
	evNoCountry = 0   // no country: unallocated, special-purpose or contradicting sources
	evSplit     = 255 // IPv6 only: look the address up in the fine table
)

// IPTable maps IP addresses to the country their range is registered in,
// for IPv4 and IPv6. It is location evidence, not proof: the country is
// where the address block is registered, which is usually but not always
// where its user is.
//
// An IPTable is immutable and safe for concurrent use.
type IPTable struct {
	countries []string // index 0 is evNoCountry

	// IPv4: v4Start[i] is the first address of a run of addresses of
	// country v4CC[i] that ends where the next run starts. v4Start[0] is 0.
	v4Start []uint32
	v4CC    []uint8

	// IPv6 by the upper 64 bits, as IPv4 above. A run of /64 blocks with
	// boundaries inside them has evSplit; the full 128-bit boundaries of
	// such runs are in the fine table, which has an entry at the first
	// address of every run.
	v6Start        []uint64
	v6CC           []uint8
	fineHi, fineLo []uint64
	fineCC         []uint8
	ranges         int
}

// IPs returns the dataset's IP table, decoding it on first use.
func (d *Dataset) IPs() (*IPTable, error) {
	return part(d, &d.ips, "ip.lvd", decodeIPs)
}

func decodeIPs(file []byte) (*IPTable, error) {
	r, err := binfmt.Open(file, "ip", 1)
	if err != nil {
		return nil, fmt.Errorf("ip table: %w", err)
	}
	t := &IPTable{countries: readEvidenceCountries(r)}
	n := r.Count(2)
	t.v4Start = make([]uint32, n)
	var prev uint64
	for i := range t.v4Start {
		prev += r.Uvarint()
		if prev > 1<<32-1 || i > 0 && uint32(prev) <= t.v4Start[i-1] {
			return nil, fmt.Errorf("ip table: IPv4 start %d out of order: %w", i, binfmt.ErrCorrupt)
		}
		t.v4Start[i] = uint32(prev)
	}
	t.v4CC = slices.Clone(r.Raw(n)) // not aliasing the body frees it

	n = r.Count(2)
	t.v6Start = make([]uint64, n)
	prev = 0
	for i := range t.v6Start {
		d := r.Uvarint()
		if i > 0 && (d == 0 || prev+d < prev) {
			return nil, fmt.Errorf("ip table: IPv6 start %d out of order: %w", i, binfmt.ErrCorrupt)
		}
		prev += d
		t.v6Start[i] = prev
	}
	t.v6CC = slices.Clone(r.Raw(n))

	n = r.Count(3)
	t.fineHi = make([]uint64, n)
	t.fineLo = make([]uint64, n)
	var hi, lo uint64
	for i := range t.fineHi {
		dh := r.Uvarint()
		if dh == 0 {
			d := r.Uvarint()
			if i > 0 && (d == 0 || lo+d < lo) {
				return nil, fmt.Errorf("ip table: IPv6 fine start %d out of order: %w", i, binfmt.ErrCorrupt)
			}
			lo += d
		} else {
			if hi+dh < hi {
				return nil, fmt.Errorf("ip table: IPv6 fine start %d out of order: %w", i, binfmt.ErrCorrupt)
			}
			hi += dh
			lo = r.Uvarint()
		}
		t.fineHi[i], t.fineLo[i] = hi, lo
	}
	t.fineCC = slices.Clone(r.Raw(n))
	if err := r.Done(); err != nil {
		return nil, fmt.Errorf("ip table: %w", err)
	}
	if err := checkEvidenceCountries(t.countries); err != nil {
		return nil, fmt.Errorf("ip table: %w", err)
	}
	if len(t.v4Start) == 0 || t.v4Start[0] != 0 || len(t.v6Start) == 0 || t.v6Start[0] != 0 {
		return nil, fmt.Errorf("ip table: a family does not start at address 0: %w", binfmt.ErrCorrupt)
	}
	if len(t.fineHi) > 0 && t.fineLo[0] != 0 {
		return nil, fmt.Errorf("ip table: IPv6 fine table does not start on a /64: %w", binfmt.ErrCorrupt)
	}
	if err := checkEvidenceIndexes(t.v4CC, len(t.countries), false); err != nil {
		return nil, fmt.Errorf("ip table: IPv4: %w", err)
	}
	if err := checkEvidenceIndexes(t.v6CC, len(t.countries), true); err != nil {
		return nil, fmt.Errorf("ip table: IPv6: %w", err)
	}
	if err := checkEvidenceIndexes(t.fineCC, len(t.countries), false); err != nil {
		return nil, fmt.Errorf("ip table: IPv6 fine: %w", err)
	}
	for i, c := range t.v6CC {
		if c != evSplit {
			continue
		}
		if j := t.fineIndex(t.v6Start[i], 0); len(t.fineHi) == 0 || t.fineHi[j] != t.v6Start[i] || t.fineLo[j] != 0 {
			return nil, fmt.Errorf("ip table: IPv6 entry %d has no fine entries: %w", i, binfmt.ErrCorrupt)
		}
	}
	t.ranges = t.countRanges()
	return t, nil
}

// readEvidenceCountries reads a country table and puts evNoCountry's empty name first.
func readEvidenceCountries(r *binfmt.Reader) []string {
	n := r.Count(3)
	cs := make([]string, 1, n+1)
	for i := 0; i < n && r.Err() == nil; i++ {
		cs = append(cs, r.String())
	}
	return cs
}

// checkEvidenceCountries checks that every name in a country table (after evNoCountry's
// empty one) is two upper-case letters.
func checkEvidenceCountries(cs []string) error {
	for _, c := range cs[1:] {
		if len(c) != 2 || c[0] < 'A' || c[0] > 'Z' || c[1] < 'A' || c[1] > 'Z' {
			return fmt.Errorf("bad country code %q: %w", c, binfmt.ErrCorrupt)
		}
	}
	return nil
}

// checkEvidenceIndexes checks that every country index names a country, evNoCountry or
// (where split is allowed) evSplit.
func checkEvidenceIndexes(ccs []uint8, countries int, split bool) error {
	for i, c := range ccs {
		if int(c) >= countries && !(split && c == evSplit) {
			return fmt.Errorf("entry %d: country index %d of %d: %w", i, c, countries, binfmt.ErrCorrupt)
		}
	}
	return nil
}

// countRanges counts the maximal runs of addresses of one country.
func (t *IPTable) countRanges() int {
	n := 0
	for i, c := range t.v4CC {
		if c != evNoCountry && (i == 0 || t.v4CC[i-1] != c) {
			n++
		}
	}
	// IPv6: walk the coarse table and, inside split runs, the fine one.
	last := uint8(evNoCountry)
	add := func(c uint8) {
		if c != evNoCountry && c != last {
			n++
		}
		last = c
	}
	j := 0
	for i, c := range t.v6CC {
		if c != evSplit {
			add(c)
			continue
		}
		end := ^uint64(0)
		if i+1 < len(t.v6Start) {
			end = t.v6Start[i+1] - 1
		}
		for ; j < len(t.fineHi) && t.fineHi[j] <= end; j++ {
			if t.fineHi[j] >= t.v6Start[i] {
				add(t.fineCC[j])
			}
		}
	}
	return n
}

// Len returns the number of address ranges with a country, IPv4 and IPv6
// together, counting adjacent ranges of one country as one.
func (t *IPTable) Len() int { return t.ranges }

// Lookup returns the ISO 3166-1 alpha-2 code (upper case) of the country
// addr is registered in. An IPv4-mapped IPv6 address is looked up as IPv4.
// It reports ok=false for unallocated space, special-purpose space (private,
// loopback, link local, documentation, multicast, 6to4, ...), addresses the
// sources contradict themselves on and the zero Addr. A zone is ignored.
func (t *IPTable) Lookup(addr netip.Addr) (country string, ok bool) {
	addr = addr.Unmap()
	var c uint8
	switch {
	case addr.Is4() && len(t.v4Start) > 0:
		b := addr.As4()
		a := uint32(b[0])<<24 | uint32(b[1])<<16 | uint32(b[2])<<8 | uint32(b[3])
		c = t.v4CC[lastAtOrBelow32(t.v4Start, a)]
	case addr.Is6() && len(t.v6Start) > 0:
		b := addr.As16()
		var hi, lo uint64
		for i := 0; i < 8; i++ {
			hi = hi<<8 | uint64(b[i])
			lo = lo<<8 | uint64(b[i+8])
		}
		c = t.v6CC[lastAtOrBelow64(t.v6Start, hi)]
		if c == evSplit {
			c = t.fineCC[t.fineIndex(hi, lo)]
		}
	default: // the zero Addr, or the zero IPTable
		return "", false
	}
	if c == evNoCountry {
		return "", false
	}
	return t.countries[c], true
}

// lastAtOrBelow32 returns the index of the last element of s that is at most
// v. s is ascending and s[0] is 0.
func lastAtOrBelow32(s []uint32, v uint32) int {
	lo, hi := 0, len(s) // s[lo] <= v; s[hi] > v or hi is len(s)
	for hi-lo > 1 {
		m := int(uint(lo+hi) >> 1)
		if s[m] <= v {
			lo = m
		} else {
			hi = m
		}
	}
	return lo
}

// lastAtOrBelow64 is lastAtOrBelow32 for uint64.
func lastAtOrBelow64(s []uint64, v uint64) int {
	lo, hi := 0, len(s)
	for hi-lo > 1 {
		m := int(uint(lo+hi) >> 1)
		if s[m] <= v {
			lo = m
		} else {
			hi = m
		}
	}
	return lo
}

// fineIndex returns the index of the last fine entry at or below (hi, lo).
// The caller has found the address in a split run, which starts with a fine
// entry, so there is one.
func (t *IPTable) fineIndex(hi, lo uint64) int {
	a, b := 0, len(t.fineHi)
	for b-a > 1 {
		m := int(uint(a+b) >> 1)
		if t.fineHi[m] < hi || t.fineHi[m] == hi && t.fineLo[m] <= lo {
			a = m
		} else {
			b = m
		}
	}
	return a
}

// BINTable maps card numbers to the country of the issuing bank by their
// leading digits (the BIN or IIN). Its coverage is partial: most BINs are
// not in it. Like IPTable it gives location evidence, not proof.
//
// A BINTable is immutable and safe for concurrent use.
type BINTable struct {
	countries []string
	groups    []binGroup // by prefix length, longest first
}

// binGroup holds the known prefixes of one length, ascending.
type binGroup struct {
	digits int
	keys   []uint32
	cc     []uint8
}

// Card numbers are 8 to 19 digits long; Lookup needs at least the first
// six.
const (
	minBINDigits = 6
	maxPANDigits = 19
)

// BINs returns the dataset's BIN table, decoding it on first use.
func (d *Dataset) BINs() (*BINTable, error) {
	return part(d, &d.bins, "bin.lvd", decodeBINs)
}

func decodeBINs(file []byte) (*BINTable, error) {
	r, err := binfmt.Open(file, "bin", 1)
	if err != nil {
		return nil, fmt.Errorf("bin table: %w", err)
	}
	t := &BINTable{countries: readEvidenceCountries(r)}
	ng := r.Count(2)
	for i := 0; i < ng && r.Err() == nil; i++ {
		g := binGroup{digits: int(r.Uvarint())}
		if g.digits < 1 || g.digits > 9 || i > 0 && g.digits >= t.groups[i-1].digits {
			return nil, fmt.Errorf("bin table: prefix length %d out of order: %w", g.digits, binfmt.ErrCorrupt)
		}
		n := r.Count(2)
		g.keys = make([]uint32, n)
		var prev uint64
		for j := range g.keys {
			d := r.Uvarint()
			if j > 0 && d == 0 {
				return nil, fmt.Errorf("bin table: %d-digit prefix %d out of order: %w", g.digits, j, binfmt.ErrCorrupt)
			}
			prev += d
			if prev > 1<<32-1 {
				return nil, fmt.Errorf("bin table: %d-digit prefix %d too large: %w", g.digits, j, binfmt.ErrCorrupt)
			}
			g.keys[j] = uint32(prev)
		}
		g.cc = slices.Clone(r.Raw(n))
		if err := checkEvidenceIndexes(g.cc, len(t.countries), false); err != nil {
			return nil, fmt.Errorf("bin table: %d-digit prefixes: %w", g.digits, err)
		}
		t.groups = append(t.groups, g)
	}
	if err := r.Done(); err != nil {
		return nil, fmt.Errorf("bin table: %w", err)
	}
	if err := checkEvidenceCountries(t.countries); err != nil {
		return nil, fmt.Errorf("bin table: %w", err)
	}
	return t, nil
}

// Len returns the number of known prefixes, including those the source
// lists for several countries (which Lookup reports as unknown).
func (t *BINTable) Len() int {
	n := 0
	for _, g := range t.groups {
		n += len(g.keys)
	}
	return n
}

// Lookup returns the ISO 3166-1 alpha-2 code (upper case) of the country of
// the bank that issued the card whose number starts with number. number
// holds at least 6 digits (the BIN) and at most 19 (a whole card number);
// spaces and dashes are ignored and any other character makes it invalid.
// The longest known prefix decides. It reports ok=false for invalid input,
// unknown prefixes and prefixes the source lists for banks of different
// countries.
func (t *BINTable) Lookup(number string) (country string, ok bool) {
	var digits [maxPANDigits]byte
	n := 0
	for i := 0; i < len(number); i++ {
		c := number[i]
		switch {
		case c >= '0' && c <= '9':
			if n == maxPANDigits {
				return "", false
			}
			digits[n] = c - '0'
			n++
		case c == ' ' || c == '-':
		default:
			return "", false
		}
	}
	if n < minBINDigits {
		return "", false
	}
	for _, g := range t.groups {
		if g.digits > n {
			continue
		}
		var key uint32
		for _, d := range digits[:g.digits] {
			key = key*10 + uint32(d)
		}
		if i, found := searchUint32(g.keys, key); found {
			c := g.cc[i]
			if c == evNoCountry {
				return "", false
			}
			return t.countries[c], true
		}
	}
	return "", false
}

// searchUint32 finds v in the ascending slice s.
func searchUint32(s []uint32, v uint32) (int, bool) {
	lo, hi := 0, len(s)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if s[m] < v {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo, lo < len(s) && s[lo] == v
}
