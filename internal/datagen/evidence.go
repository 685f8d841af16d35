package datagen

import (
	"bufio"
	"cmp"
	"encoding/json"
	"fmt"
	"math/bits"
	"net/netip"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/levytax/levy/internal/binfmt"
	"github.com/levytax/levy/jurisdiction"
)

// Files read by the location evidence step, relative to --src.
const (
	ipv4File   = "ip/geo-whois-asn-country-ipv4-num.csv"
	ipv6File   = "ip/geo-whois-asn-country-ipv6.csv"
	nroLicence = "ip/NRO_LICENSE"
	binFile    = "bin/banks-db-bins.json"
)

// Country index values with a meaning of their own, shared with the reader
// in data/evidence.go. Real countries are numbered from 1 in the order of the
// country table.
const (
	ccNone  = 0   // no country: a gap, reserved space or contradicting sources
	ccSplit = 255 // IPv6 only: the /64 blocks of this entry are in the fine table
)

// withdrawnIPCodes are codes the IP source still uses although ISO 3166-1 has
// withdrawn them. Their ranges are left without a country, since the code
// does not name one country any more.
var withdrawnIPCodes = map[string]bool{
	"AN": true, // Netherlands Antilles, dissolved in 2010 into BQ, CW and SX
}

// specialV4 and specialV6 are the special-purpose blocks (IANA's registries,
// RFC 6890 and its updates) that are not globally routed to one network, so
// an address in them says nothing about where a customer is. The sources
// map some of them to a country anyway (172.16.0.0/12 and 192.168.0.0/16 to
// AU, 2001:db8::/32 to JP); the generator leaves them without a country.
var (
	specialV4 = []string{
		"0.0.0.0/8",       // "this network"
		"10.0.0.0/8",      // private use
		"100.64.0.0/10",   // shared address space (carrier-grade NAT)
		"127.0.0.0/8",     // loopback
		"169.254.0.0/16",  // link local
		"172.16.0.0/12",   // private use
		"192.0.0.0/24",    // IETF protocol assignments
		"192.0.2.0/24",    // documentation (TEST-NET-1)
		"192.88.99.0/24",  // deprecated 6to4 relay anycast
		"192.168.0.0/16",  // private use
		"198.18.0.0/15",   // benchmarking
		"198.51.100.0/24", // documentation (TEST-NET-2)
		"203.0.113.0/24",  // documentation (TEST-NET-3)
		"224.0.0.0/4",     // multicast
		"240.0.0.0/4",     // reserved, and the limited broadcast address
	}
	specialV6 = []string{
		"::/3",          // outside global unicast: unspecified, loopback, IPv4-mapped (looked up as IPv4), NAT64, discard
		"2001::/23",     // IETF protocol assignments: Teredo, benchmarking, ORCHID, ...
		"2001:db8::/32", // documentation
		"2002::/16",     // 6to4
		"3fff::/20",     // documentation
		"4000::/2",      // outside global unicast: SRv6 SIDs, ...
		"8000::/1",      // outside global unicast: unique local, link local, multicast, ...
	}
)

func genEvidence(g *gen) error {
	valid, err := iso3166Alpha2(g.path("codes/iso3166-codes.json"))
	if err != nil {
		return err
	}
	ip, err := buildIP(g, valid)
	if err != nil {
		return err
	}
	g.emit("ip.lvd", ip)
	bin, err := buildBIN(g, valid)
	if err != nil {
		return err
	}
	g.emit("bin.lvd", bin)

	nro, err := os.ReadFile(g.path(nroLicence))
	if err != nil {
		return fmt.Errorf("read NRO licence: %w", err)
	}
	if !strings.Contains(string(nro), "Creative Commons Attribution 4.0") {
		return fmt.Errorf("%s no longer names CC BY 4.0: review the attribution", nroLicence)
	}
	g.addSource(Source{
		Key:   "ip-country",
		Files: fmt.Sprintf("%s, %s, %s", ipv4File, ipv6File, nroLicence),
		What: "IP address range to country, IPv4 and IPv6, as location evidence. Where ranges overlap the narrowest wins " +
			"(equally narrow ranges that disagree give no country); special-purpose space (private, loopback, " +
			"documentation, 6to4, multicast, ...) and the withdrawn code AN give no country",
		From: "npm `@ip-location-db/geo-whois-asn-country@2.3.2026061719` (ip-location-db, https://github.com/sapics/ip-location-db), " +
			"built from the Regional Internet Registries' delegation statistics published by the NRO and from WHOIS and ASN data",
		Licence: "CC0 1.0 for the package; the NRO statistics data in it is CC BY 4.0 (ip/NRO_LICENSE)",
		Attribution: "IP address data from the Number Resource Organization (NRO), https://www.nro.net/, " +
			"copyright holder Number Resource Organization (NRO), licensed under the Creative Commons Attribution 4.0 " +
			"International License (https://creativecommons.org/licenses/by/4.0/), via ip-location-db's " +
			"geo-whois-asn-country database. Levy has changed the data: overlapping ranges resolved, special-purpose " +
			"address space removed, adjacent ranges merged and the result re-encoded in its own format",
	})
	g.addSource(Source{
		Key:   "card-bin",
		Files: binFile,
		What: "card BIN (issuer identification number) prefix to the issuing bank's country, as location evidence; " +
			"prefixes listed for banks of more than one country give no country. Bank names are not used",
		From:    "npm `banks-db@0.12.0` (Banks DB, https://github.com/ramoona/banks-db)",
		Licence: "CC BY 4.0",
		Attribution: "Card prefix data from Banks DB by its contributors (https://github.com/ramoona/banks-db), licensed " +
			"under the Creative Commons Attribution 4.0 International License (https://creativecommons.org/licenses/by/4.0/). " +
			"Levy has changed the data: it keeps only prefix and country, drops prefixes whose banks are in different " +
			"countries and re-encodes the result in its own format",
	})
	return nil
}

// iso3166Alpha2 reads the set of ISO 3166-1 alpha-2 codes (plus XK, which
// the source lists) from the codes source.
func iso3166Alpha2(path string) (map[string]bool, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("country codes: %w", err)
	}
	var rows [][]string
	if err := json.Unmarshal(b, &rows); err != nil {
		return nil, fmt.Errorf("country codes: %s: %w", path, err)
	}
	set := make(map[string]bool, len(rows))
	for _, r := range rows {
		if len(r) == 0 || len(r[0]) != 2 {
			return nil, fmt.Errorf("country codes: %s: bad row %q", path, r)
		}
		set[r[0]] = true
	}
	if len(set) < 240 {
		return nil, fmt.Errorf("country codes: %s: only %d codes", path, len(set))
	}
	return set, nil
}

// ccTable numbers country codes from 1 in sorted order.
type ccTable struct {
	codes []string
	index map[string]uint8
}

func newCCTable(used map[string]bool) (*ccTable, error) {
	if len(used) >= ccSplit {
		return nil, fmt.Errorf("%d countries do not fit the one-byte country index", len(used))
	}
	t := &ccTable{index: map[string]uint8{}}
	for c := range used {
		t.codes = append(t.codes, c)
	}
	sort.Strings(t.codes)
	for i, c := range t.codes {
		t.index[c] = uint8(i + 1)
	}
	return t, nil
}

func (t *ccTable) write(w *binfmt.Writer) {
	w.Uvarint(uint64(len(t.codes)))
	for _, c := range t.codes {
		w.String(c)
	}
}

// u128 is an address as an unsigned 128-bit number; IPv4 addresses use lo.
type u128 struct{ hi, lo uint64 }

func (a u128) less(b u128) bool { return a.hi < b.hi || a.hi == b.hi && a.lo < b.lo }

func (a u128) cmp(b u128) int {
	switch {
	case a.less(b):
		return -1
	case b.less(a):
		return 1
	}
	return 0
}

func (a u128) add1() u128 {
	lo, c := bits.Add64(a.lo, 1, 0)
	return u128{a.hi + c, lo}
}

func (a u128) sub1() u128 {
	lo, b := bits.Sub64(a.lo, 1, 0)
	return u128{a.hi - b, lo}
}

func (a u128) minus(b u128) u128 {
	lo, br := bits.Sub64(a.lo, b.lo, 0)
	return u128{a.hi - b.hi - br, lo}
}

func addrU128(a netip.Addr) u128 {
	b := a.As16()
	var v u128
	for i := 0; i < 8; i++ {
		v.hi = v.hi<<8 | uint64(b[i])
		v.lo = v.lo<<8 | uint64(b[i+8])
	}
	return v
}

// ipSpan is an inclusive address range from a source, or a special-purpose
// block (special set, cc empty).
type ipSpan struct {
	first, last u128
	cc          string
	special     bool
}

// ipSegment starts a run of addresses with one country index, up to the
// start of the next one.
type ipSegment struct {
	start u128
	cc    uint8
}

// flattenSpans turns overlapping spans into segments that cover the whole space
// [0, limit], starting at 0. Each address gets the country of the narrowest
// span holding it; equally narrow spans that disagree give ccNone, and so
// does any special block. Adjacent segments of the same index are merged.
// It returns the segments and the number of contradictions met.
func flattenSpans(spans []ipSpan, limit u128, ct *ccTable) ([]ipSegment, int) {
	bounds := []u128{{}}
	for _, s := range spans {
		bounds = append(bounds, s.first)
		if s.last != limit {
			bounds = append(bounds, s.last.add1())
		}
	}
	slices.SortFunc(bounds, u128.cmp)
	bounds = slices.Compact(bounds)
	sorted := slices.Clone(spans)
	slices.SortStableFunc(sorted, func(a, b ipSpan) int { return a.first.cmp(b.first) })

	var (
		segs      []ipSegment
		active    []ipSpan
		next      int
		conflicts int
	)
	for _, b := range bounds {
		active = slices.DeleteFunc(active, func(s ipSpan) bool { return s.last.less(b) })
		for next < len(sorted) && sorted[next].first == b {
			active = append(active, sorted[next])
			next++
		}
		cc := uint8(ccNone)
		var narrowest u128
		special, found, clash := false, false, false
		for _, s := range active {
			if s.special {
				special = true
				break
			}
			size := s.last.minus(s.first)
			c := ct.index[s.cc]
			switch {
			case !found || size.less(narrowest):
				narrowest, cc, found, clash = size, c, true, false
			case size == narrowest && c != cc:
				clash = true
			}
		}
		if special {
			cc = ccNone
		} else if clash {
			cc = ccNone
			conflicts++
		}
		if len(segs) == 0 || segs[len(segs)-1].cc != cc {
			segs = append(segs, ipSegment{b, cc})
		}
	}
	return segs, conflicts
}

// segmentAt returns the country index of address a in segs.
func segmentAt(segs []ipSegment, a u128) uint8 {
	i := sort.Search(len(segs), func(i int) bool { return a.less(segs[i].start) })
	return segs[i-1].cc
}

func buildIP(g *gen, valid map[string]bool) ([]byte, error) {
	v4, err := readIPv4(g.path(ipv4File))
	if err != nil {
		return nil, err
	}
	v6, err := readIPv6(g.path(ipv6File))
	if err != nil {
		return nil, err
	}
	used := map[string]bool{}
	for _, set := range [][]ipSpan{v4, v6} {
		for i := range set {
			s := &set[i]
			switch {
			case withdrawnIPCodes[s.cc]:
				s.cc = ""
			case !valid[s.cc]:
				return nil, fmt.Errorf("ip: unknown country code %q", s.cc)
			default:
				used[s.cc] = true
			}
		}
	}
	ct, err := newCCTable(used)
	if err != nil {
		return nil, fmt.Errorf("ip: %w", err)
	}
	nv4, nv6 := len(v4), len(v6)
	if v4, err = addSpecialBlocks(v4, specialV4, true); err != nil {
		return nil, err
	}
	if v6, err = addSpecialBlocks(v6, specialV6, false); err != nil {
		return nil, err
	}
	seg4, c4 := flattenSpans(v4, u128{0, 1<<32 - 1}, ct)
	seg6, c6 := flattenSpans(v6, u128{^uint64(0), ^uint64(0)}, ct)

	w := binfmt.NewWriter("ip", 1)
	ct.write(w)

	// IPv4: starts as deltas, then the country column.
	w.Uvarint(uint64(len(seg4)))
	var prev uint64
	for _, s := range seg4 {
		w.Uvarint(s.start.lo - prev)
		prev = s.start.lo
	}
	for _, s := range seg4 {
		w.Raw([]byte{s.cc})
	}

	coarse, fine, split := splitV6(seg6)
	if err := checkV6(seg6, coarse, fine); err != nil {
		return nil, err
	}
	w.Uvarint(uint64(len(coarse)))
	prev = 0
	for _, s := range coarse {
		w.Uvarint(s.start.hi - prev)
		prev = s.start.hi
	}
	for _, s := range coarse {
		w.Raw([]byte{s.cc})
	}
	// The fine table: the upper half as a delta, the lower half as a delta
	// within one /64 and as itself when the block changes.
	w.Uvarint(uint64(len(fine)))
	var p u128
	for _, s := range fine {
		w.Uvarint(s.start.hi - p.hi)
		if s.start.hi == p.hi {
			w.Uvarint(s.start.lo - p.lo)
		} else {
			w.Uvarint(s.start.lo)
		}
		p = s.start
	}
	for _, s := range fine {
		w.Raw([]byte{s.cc})
	}
	out, err := w.Finish()
	if err != nil {
		return nil, fmt.Errorf("ip: encode: %w", err)
	}
	g.log.Info("ip ranges",
		"ipv4_in", nv4, "ipv4_out", len(seg4), "ipv4_conflicts", c4,
		"ipv6_in", nv6, "ipv6_out", len(seg6), "ipv6_conflicts", c6,
		"ipv6_coarse", len(coarse), "ipv6_fine", len(fine), "ipv6_split_blocks", split,
		"countries", len(ct.codes))
	return out, nil
}

// splitV6 stores IPv6 segments by their upper 64 bits. Most boundaries fall
// on /64 blocks; a block holding a boundary inside it is "split". The coarse
// table has one entry per change at /64 resolution, with ccSplit for a run
// of split blocks; the fine table holds, for each run of split blocks, an
// entry at the run's first address and every boundary inside the run.
func splitV6(segs []ipSegment) (coarse, fine []ipSegment, splitBlocks int) {
	var blocks []uint64 // split blocks, ascending
	for _, s := range segs {
		if s.start.lo != 0 && (len(blocks) == 0 || blocks[len(blocks)-1] != s.start.hi) {
			blocks = append(blocks, s.start.hi)
		}
	}
	isSplit := func(hi uint64) bool {
		_, ok := slices.BinarySearch(blocks, hi)
		return ok
	}
	// Coarse: candidate breaks are aligned segment starts and the edges of
	// split blocks.
	var cand []uint64
	for _, s := range segs {
		if s.start.lo == 0 {
			cand = append(cand, s.start.hi)
		}
	}
	for _, b := range blocks {
		cand = append(cand, b)
		if b != ^uint64(0) {
			cand = append(cand, b+1)
		}
	}
	slices.Sort(cand)
	cand = slices.Compact(cand)
	for _, hi := range cand {
		cc := segmentAt(segs, u128{hi, 0})
		if isSplit(hi) {
			cc = ccSplit
		}
		if len(coarse) == 0 || coarse[len(coarse)-1].cc != cc {
			coarse = append(coarse, ipSegment{u128{hi, 0}, cc})
		}
	}
	// Fine: walk the runs of split blocks.
	for i := 0; i < len(blocks); {
		j := i
		for j+1 < len(blocks) && blocks[j+1] == blocks[j]+1 {
			j++
		}
		first, last := blocks[i], blocks[j]
		fine = append(fine, ipSegment{u128{first, 0}, segmentAt(segs, u128{first, 0})})
		k := sort.Search(len(segs), func(k int) bool { return u128{first, 0}.less(segs[k].start) })
		for ; k < len(segs) && segs[k].start.hi <= last; k++ {
			fine = append(fine, segs[k])
		}
		i = j + 1
	}
	return coarse, fine, len(blocks)
}

// lookupV6 is the reader's lookup on the generator's tables.
func lookupV6(coarse, fine []ipSegment, a u128) uint8 {
	i := sort.Search(len(coarse), func(i int) bool { return a.hi < coarse[i].start.hi })
	cc := coarse[i-1].cc
	if cc == ccSplit {
		j := sort.Search(len(fine), func(j int) bool { return a.less(fine[j].start) })
		cc = fine[j-1].cc
	}
	return cc
}

// checkV6 verifies that the split tables give every ipSegment's first and
// last address the ipSegment's country.
func checkV6(segs, coarse, fine []ipSegment) error {
	if len(coarse) == 0 || coarse[0].start != (u128{}) {
		return fmt.Errorf("ip: IPv6 coarse table does not start at ::")
	}
	for i := 1; i < len(fine); i++ {
		if !fine[i-1].start.less(fine[i].start) {
			return fmt.Errorf("ip: IPv6 fine table is not strictly ascending at %d", i)
		}
	}
	for i, s := range segs {
		if got := lookupV6(coarse, fine, s.start); got != s.cc {
			return fmt.Errorf("ip: IPv6 split tables give %d at ipSegment %d start, want %d", got, i, s.cc)
		}
		if i+1 < len(segs) {
			if got := lookupV6(coarse, fine, segs[i+1].start.sub1()); got != s.cc {
				return fmt.Errorf("ip: IPv6 split tables give %d at ipSegment %d end, want %d", got, i, s.cc)
			}
		}
	}
	return nil
}

// addSpecialBlocks appends the special-purpose blocks to spans.
func addSpecialBlocks(spans []ipSpan, blocks []string, v4 bool) ([]ipSpan, error) {
	for _, b := range blocks {
		p, err := netip.ParsePrefix(b)
		if err != nil || p.Addr().Is4() != v4 || p.Masked() != p {
			return nil, fmt.Errorf("ip: bad special-purpose block %q", b)
		}
		first := addrU128(p.Addr())
		host := p.Addr().BitLen() - p.Bits()
		var mask u128
		switch {
		case host >= 128:
			mask = u128{^uint64(0), ^uint64(0)}
		case host >= 64:
			mask = u128{1<<(host-64) - 1, ^uint64(0)}
		default:
			mask = u128{0, 1<<host - 1}
		}
		if v4 {
			first.hi, first.lo = 0, first.lo&0xffffffff
		}
		last := u128{first.hi | mask.hi, first.lo | mask.lo}
		spans = append(spans, ipSpan{first: first, last: last, special: true})
	}
	return spans, nil
}

func readIPv4(path string) ([]ipSpan, error) {
	var out []ipSpan
	err := readIPCSV(path, func(f []string) error {
		first, err1 := strconv.ParseUint(f[0], 10, 32)
		last, err2 := strconv.ParseUint(f[1], 10, 32)
		if err1 != nil || err2 != nil || last < first {
			return fmt.Errorf("bad range %q-%q", f[0], f[1])
		}
		out = append(out, ipSpan{first: u128{0, first}, last: u128{0, last}, cc: f[2]})
		return nil
	})
	return out, err
}

func readIPv6(path string) ([]ipSpan, error) {
	var out []ipSpan
	err := readIPCSV(path, func(f []string) error {
		first, err1 := netip.ParseAddr(f[0])
		last, err2 := netip.ParseAddr(f[1])
		if err1 != nil || err2 != nil || !first.Is6() || !last.Is6() || first.Is4In6() || last.Is4In6() ||
			first.Zone() != "" || last.Zone() != "" || last.Less(first) {
			return fmt.Errorf("bad range %q-%q", f[0], f[1])
		}
		out = append(out, ipSpan{first: addrU128(first), last: addrU128(last), cc: f[2]})
		return nil
	})
	return out, err
}

// readIPCSV calls fn with the three fields of every line of a start,end,CC
// file, checking the country code's form.
func readIPCSV(path string, fn func(f []string) error) error {
	fh, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("ip: %w", err)
	}
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	n := 0
	for sc.Scan() {
		n++
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		f := strings.Split(text, ",")
		if len(f) != 3 || !jurisdiction.IsAlpha2Form(f[2]) {
			return fmt.Errorf("ip: %s:%d: want start,end,CC: %q", path, n, text)
		}
		if err := fn(f); err != nil {
			return fmt.Errorf("ip: %s:%d: %w", path, n, err)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("ip: %s: %w", path, err)
	}
	if n == 0 {
		return fmt.Errorf("ip: %s: empty", path)
	}
	return nil
}

// Prefix lengths a BIN source entry may have. A prefix is stored as a
// number, so it must not start with 0 (the JSON source has lost any zero).
const (
	minBINPrefix = 4
	maxBINPrefix = 8
)

func buildBIN(g *gen, valid map[string]bool) ([]byte, error) {
	b, err := os.ReadFile(g.path(binFile))
	if err != nil {
		return nil, fmt.Errorf("bin: %w", err)
	}
	var banks []struct {
		Name     string        `json:"name"`
		Country  string        `json:"country"`
		Prefixes []json.Number `json:"prefixes"`
	}
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.UseNumber()
	if err := dec.Decode(&banks); err != nil {
		return nil, fmt.Errorf("bin: %s: %w", binFile, err)
	}
	if len(banks) == 0 {
		return nil, fmt.Errorf("bin: %s: no bank listed", binFile)
	}
	// countries[prefix] = set of countries listing it.
	countries := map[string]map[string]bool{}
	listed := 0
	for i, bank := range banks {
		// A key renamed upstream leaves its field empty: say which.
		switch {
		case bank.Name == "":
			return nil, fmt.Errorf("bin: %s: bank %d: no field \"name\"", binFile, i+1)
		case bank.Country == "":
			return nil, fmt.Errorf("bin: %s: bank %q: no field \"country\"", binFile, bank.Name)
		case len(bank.Prefixes) == 0:
			return nil, fmt.Errorf("bin: %s: bank %q: no field \"prefixes\", or it is empty", binFile, bank.Name)
		}
		cc := strings.ToUpper(bank.Country)
		if !valid[cc] {
			return nil, fmt.Errorf("bin: %s: bank %q: field \"country\": unknown country %q", binFile, bank.Name, bank.Country)
		}
		for _, p := range bank.Prefixes {
			s := p.String()
			if len(s) < minBINPrefix || len(s) > maxBINPrefix || s[0] == '0' || strings.Trim(s, "0123456789") != "" {
				return nil, fmt.Errorf("bin: %s: bank %q: field \"prefixes\": bad prefix %q", binFile, bank.Name, s)
			}
			if countries[s] == nil {
				countries[s] = map[string]bool{}
			}
			countries[s][cc] = true
			listed++
		}
	}
	used := map[string]bool{}
	for _, set := range countries {
		if len(set) == 1 {
			for c := range set {
				used[c] = true
			}
		}
	}
	ct, err := newCCTable(used)
	if err != nil {
		return nil, fmt.Errorf("bin: %w", err)
	}
	// Group by prefix length; a prefix listed for several countries stays,
	// with ccNone, so that it hides any shorter prefix instead of letting a
	// guess through.
	type entry struct {
		key uint64
		cc  uint8
	}
	byLen := map[int][]entry{}
	ambiguous := 0
	for p, set := range countries {
		k, _ := strconv.ParseUint(p, 10, 32)
		cc := uint8(ccNone)
		if len(set) == 1 {
			for c := range set {
				cc = ct.index[c]
			}
		} else {
			ambiguous++
		}
		byLen[len(p)] = append(byLen[len(p)], entry{k, cc})
	}
	lengths := make([]int, 0, len(byLen))
	for l := range byLen {
		lengths = append(lengths, l)
	}
	sort.Sort(sort.Reverse(sort.IntSlice(lengths)))

	w := binfmt.NewWriter("bin", 1)
	ct.write(w)
	w.Uvarint(uint64(len(lengths)))
	counts := make([]int, len(lengths))
	for i, l := range lengths {
		es := byLen[l]
		slices.SortFunc(es, func(a, b entry) int { return cmp.Compare(a.key, b.key) })
		w.Uvarint(uint64(l))
		w.Uvarint(uint64(len(es)))
		var prev uint64
		for _, e := range es {
			w.Uvarint(e.key - prev)
			prev = e.key
		}
		for _, e := range es {
			w.Raw([]byte{e.cc})
		}
		counts[i] = len(es)
	}
	out, err := w.Finish()
	if err != nil {
		return nil, fmt.Errorf("bin: encode: %w", err)
	}
	g.log.Info("bin prefixes", "banks", len(banks), "listed", listed, "distinct", len(countries),
		"ambiguous", ambiguous, "lengths", fmt.Sprint(lengths), "counts", fmt.Sprint(counts), "countries", len(ct.codes))
	return out, nil
}
