package data

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/netip"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/levytax/levy/internal/srcdata"
)

func defaultIPs(tb testing.TB) *IPTable {
	tb.Helper()
	t, err := Default().IPs()
	if err != nil {
		tb.Fatal(err)
	}
	return t
}

func defaultBINs(tb testing.TB) *BINTable {
	tb.Helper()
	t, err := Default().BINs()
	if err != nil {
		tb.Fatal(err)
	}
	return t
}

// The expected countries are read off the source files
// (ip/geo-whois-asn-country-ipv4-num.csv and -ipv6.csv).
func TestIPLookup(t *testing.T) {
	ips := defaultIPs(t)
	tests := []struct {
		addr string
		want string // "" for not found
	}{
		// Well-known addresses.
		{"8.8.8.8", "US"},        // 6.0.0.0-8.10.5.255 US
		{"1.1.1.1", "AU"},        // 1.1.1.0/24 AU
		{"9.9.9.9", "US"},        // 8.236.0.0-9.128.255.255 US
		{"81.2.69.160", "GB"},    // 81.2.64.0-81.2.127.255 GB
		{"193.0.0.1", "NL"},      // 193.0.0.0-193.0.23.255 NL
		{"200.160.2.3", "BR"},    // 200.150.252.0-200.162.143.255 BR
		{"::ffff:8.8.8.8", "US"}, // IPv4-mapped
		{"::ffff:1.1.1.1", "AU"},
		{"2001:4860:4860::8888", "US"}, // 2001:4860::/32 US
		{"2606:4700:4700::1111", "US"}, // 2606:4700::/32 US
		{"2a00:1450:4001::1", "IE"},    // 2a00:1450::-2a00:1457:ffff:... IE
		{"2001:67c:2e8::1", "NL"},      // 2001:67c:2e8::/48 NL

		// First and last addresses of ranges, and their neighbours.
		{"1.0.0.0", "AU"},         // first range of the file
		{"0.255.255.255", ""},     // just before it
		{"1.1.0.255", "CN"},       // last of 1.1.0.0/24 CN
		{"1.1.1.0", "AU"},         // first of 1.1.1.0/24 AU
		{"1.1.1.255", "AU"},       // last of it
		{"1.1.2.0", "CN"},         // first of 1.1.2.0-1.1.63.255 CN
		{"40.255.255.255", "US"},  // last of 40.250.0.0-40.255.255.255 US
		{"41.0.0.0", "ZA"},        // first of 41.0.0.0/11 ZA
		{"41.31.255.255", "ZA"},   // last of it
		{"41.32.0.0", "EG"},       // first of 41.32.0.0/12 EG
		{"223.255.255.255", "AU"}, // last address of the file
		{"2001:4860::", "US"},
		{"2001:4860:ffff:ffff:ffff:ffff:ffff:ffff", "US"},
		{"2001:485f:ffff:ffff:ffff:ffff:ffff:ffff", ""},
		{"2001:4861::", ""},

		// Boundaries inside one /64 (the fine table).
		{"2001:506:9::3", "US"},  // last of 2001:506:8::-2001:506:9::3 US
		{"2001:506:9::4", "BR"},  // 2001:506:9::4-5 BR
		{"2001:506:9::5", "BR"},  //
		{"2001:506:9::6", "US"},  // 2001:506:9::6-2d US
		{"2001:506:9::2d", "US"}, //
		{"2001:506:9::2e", "RO"}, // 2001:506:9::2e-2f RO
		{"2001:418:1439::2a0", "CA"},
		{"2c0f:e9a0:2::2a:1", "FR"},

		// Nested ranges: the narrowest wins.
		{"5.61.192.5", "SK"}, // 5.61.192.0/23 SK inside 5.61.192.0/21 FR
		{"5.61.196.1", "CZ"}, // 5.61.196.0/23 CZ inside it
		{"5.61.198.1", "GB"}, // 5.61.198.0/23 GB inside it
		// The source gives one range two countries.
		{"108.165.88.1", ""},   // DE and US
		{"176.241.251.32", ""}, // GB and CH
		// The withdrawn code AN.
		{"2401:b60:1a10::1", ""},

		// Special-purpose space, including blocks the source maps to a
		// country (172.16.0.0/12 and 192.168.0.0/16 to AU, 2001:db8::/32
		// and 2001:2::/48 to JP, a 6to4 range to CA).
		{"0.0.0.0", ""},
		{"10.1.2.3", ""},
		{"100.64.0.1", ""},
		{"127.0.0.1", ""},
		{"169.254.1.1", ""},
		{"172.16.0.1", ""},
		{"172.31.255.255", ""},
		{"192.168.1.1", ""},
		{"192.0.2.1", ""},
		{"198.51.100.7", ""},
		{"203.0.113.9", ""},
		{"224.0.0.1", ""},
		{"239.255.255.250", ""},
		{"255.255.255.255", ""},
		{"::", ""},
		{"::1", ""},
		{"::ffff:10.0.0.1", ""},
		{"::ffff:192.168.0.1", ""},
		{"64:ff9b::808:808", ""},
		{"fe80::1", ""},
		{"fe80::1%eth0", ""},
		{"fd00::1", ""},
		{"ff02::1", ""},
		{"2001:db8::1", ""},
		{"2001:2::1", ""},
		{"2002:5a0:3602::1", ""},
		{"ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", ""},
	}
	for _, tt := range tests {
		addr := netip.MustParseAddr(tt.addr)
		got, ok := ips.Lookup(addr)
		if ok != (tt.want != "") || got != tt.want {
			t.Errorf("Lookup(%s) = %q, %v; want %q", tt.addr, got, ok, tt.want)
		}
	}
	if got, ok := ips.Lookup(netip.Addr{}); ok || got != "" {
		t.Errorf("Lookup(zero Addr) = %q, %v; want not found", got, ok)
	}
	if n := ips.Len(); n < 300000 {
		t.Errorf("Len() = %d, want at least 300000", n)
	}
	t.Logf("%d ranges", ips.Len())
}

// evidenceSourceDir returns the source data folder, or skips the test when it is
// not there (see srcdata.Need).
func evidenceSourceDir(t *testing.T) string {
	t.Helper()
	return srcdata.Need(t)
}

type ipSourceRange struct {
	first, last netip.Addr
	cc          string
}

func readIPSourceRanges(t *testing.T, path string, v4 bool) []ipSourceRange {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []ipSourceRange
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Split(sc.Text(), ",")
		if len(fs) != 3 {
			t.Fatalf("%s: bad line %q", path, sc.Text())
		}
		var r ipSourceRange
		if v4 {
			a, err1 := strconv.ParseUint(fs[0], 10, 32)
			b, err2 := strconv.ParseUint(fs[1], 10, 32)
			if err1 != nil || err2 != nil {
				t.Fatalf("%s: bad line %q", path, sc.Text())
			}
			r.first = netip.AddrFrom4([4]byte{byte(a >> 24), byte(a >> 16), byte(a >> 8), byte(a)})
			r.last = netip.AddrFrom4([4]byte{byte(b >> 24), byte(b >> 16), byte(b >> 8), byte(b)})
		} else {
			r.first = netip.MustParseAddr(fs[0])
			r.last = netip.MustParseAddr(fs[1])
		}
		r.cc = fs[2]
		out = append(out, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestIPMatchesSource checks the first and last address of every source
// range that overlaps no other range against the embedded table: it must
// give the range's country, or nothing where the range lies in
// special-purpose space or has the withdrawn code AN.
func TestIPMatchesSource(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the whole source")
	}
	dir := evidenceSourceDir(t)
	ips := defaultIPs(t)
	var special []netip.Prefix
	for _, p := range []string{
		"0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16", "172.16.0.0/12",
		"192.0.0.0/24", "192.0.2.0/24", "192.88.99.0/24", "192.168.0.0/16", "198.18.0.0/15",
		"198.51.100.0/24", "203.0.113.0/24", "224.0.0.0/4", "240.0.0.0/4",
		"::/3", "2001::/23", "2001:db8::/32", "2002::/16", "3fff::/20", "4000::/2", "8000::/1",
	} {
		special = append(special, netip.MustParsePrefix(p))
	}
	for _, fam := range []struct {
		file string
		v4   bool
	}{
		{"ip/geo-whois-asn-country-ipv4-num.csv", true},
		{"ip/geo-whois-asn-country-ipv6.csv", false},
	} {
		rs := readIPSourceRanges(t, filepath.Join(dir, fam.file), fam.v4)
		// Mark ranges that overlap another, after sorting by first address.
		order := make([]int, len(rs))
		for i := range order {
			order[i] = i
		}
		slices.SortFunc(order, func(a, b int) int { return rs[a].first.Compare(rs[b].first) })
		overlaps := make([]bool, len(rs))
		maxLast, maxAt := netip.Addr{}, -1
		for _, i := range order {
			if maxAt >= 0 && !maxLast.Less(rs[i].first) {
				overlaps[i], overlaps[maxAt] = true, true
			}
			if maxAt < 0 || maxLast.Less(rs[i].last) {
				maxLast, maxAt = rs[i].last, i
			}
		}
		checked, skipped := 0, 0
		for i, r := range rs {
			if overlaps[i] {
				skipped++
				continue
			}
			want := r.cc
			for _, p := range special {
				if p.Contains(r.first) {
					want = ""
				}
			}
			if want == "AN" {
				want = ""
			}
			for _, a := range []netip.Addr{r.first, r.last} {
				got, ok := ips.Lookup(a)
				if ok != (want != "") || got != want {
					t.Errorf("%s: Lookup(%s) = %q, %v; source range %s-%s %s", fam.file, a, got, ok, r.first, r.last, r.cc)
				}
			}
			checked++
		}
		t.Logf("%s: checked %d ranges, skipped %d overlapping", fam.file, checked, skipped)
	}
}

func TestBINLookup(t *testing.T) {
	bins := defaultBINs(t)
	tests := []struct {
		number string
		want   string // "" for not found
	}{
		{"402918", "AR"},              // galicia
		{"40291812", "AR"},            // 8 digits
		{"4029 1812 3456 7890", "AR"}, // whole number with spaces
		{"4029-1812-3456-7890", "AR"}, // and dashes
		{"535316", "AU"},              // cba
		{"424641", "BY"},              // belarusbank
		{"423601", "BE"},              // 5-digit prefix 42360, ingbelgium
		{"677585", "RU"},              // 6-digit prefix inside 5-digit 67758, both RU
		{"677580", "RU"},              // the 5-digit one alone
		{"374190", ""},                // listed for a US and a BE bank
		{"3741 9012 3456 789", ""},    // same
		{"999999", ""},                // unknown
		{"40291", ""},                 // too short
		{"", ""},                      //
		{"4029181234567890123", "AR"}, // 19 digits
		{"40291812345678901234", ""},  // 20 digits: too long
		{"40291a", ""},                // not a digit
		{"４02918", ""},                // not an ASCII digit
		{"+402918", ""},               //
		{"402918.", ""},               //
		{"4029\t18", ""},              // only spaces and dashes are ignored
		{"  - 402918 -  ", "AR"},      //
	}
	for _, tt := range tests {
		got, ok := bins.Lookup(tt.number)
		if ok != (tt.want != "") || got != tt.want {
			t.Errorf("Lookup(%q) = %q, %v; want %q", tt.number, got, ok, tt.want)
		}
	}
	if n := bins.Len(); n != 17280 {
		t.Errorf("Len() = %d, want 17280 distinct prefixes", n)
	}
}

// TestBINMatchesSource checks every prefix of the source.
func TestBINMatchesSource(t *testing.T) {
	dir := evidenceSourceDir(t)
	b, err := os.ReadFile(filepath.Join(dir, "bin", "banks-db-bins.json"))
	if err != nil {
		t.Fatal(err)
	}
	var banks []struct {
		Country  string `json:"country"`
		Prefixes []int  `json:"prefixes"`
	}
	if err := json.Unmarshal(b, &banks); err != nil {
		t.Fatal(err)
	}
	countries := map[string]map[string]bool{}
	for _, bank := range banks {
		for _, p := range bank.Prefixes {
			s := strconv.Itoa(p)
			if countries[s] == nil {
				countries[s] = map[string]bool{}
			}
			countries[s][strings.ToUpper(bank.Country)] = true
		}
	}
	bins := defaultBINs(t)
	for p, set := range countries {
		want := ""
		if len(set) == 1 {
			for c := range set {
				want = c
			}
		}
		// Pad short prefixes with a digit that makes no longer known prefix.
		number := p
		for d := 0; len(number) < minBINDigits && d <= 9; d++ {
			if _, longer := countries[p+strconv.Itoa(d)]; !longer {
				number = p + strconv.Itoa(d)
			}
		}
		got, ok := bins.Lookup(number + "1234")
		if ok != (want != "") || got != want {
			t.Errorf("Lookup(%s) = %q, %v; want %q (countries %v)", number+"1234", got, ok, want, set)
		}
	}
}

func TestEvidenceRefusesOtherFiles(t *testing.T) {
	ip, err := Default().file("ip.lvd")
	if err != nil {
		t.Fatal(err)
	}
	bin, err := Default().file("bin.lvd")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := decodeIPs(bin); err == nil {
		t.Error("decodeIPs accepted a BIN file")
	}
	if _, err := decodeBINs(ip); err == nil {
		t.Error("decodeBINs accepted an IP file")
	}
	v2 := strings.Replace(string(ip), "LEVYDATA ip v1", "LEVYDATA ip v2", 1)
	if _, err := decodeIPs([]byte(v2)); err == nil {
		t.Error("decodeIPs accepted version 2")
	}
	v2 = strings.Replace(string(bin), "LEVYDATA bin v1", "LEVYDATA bin v2", 1)
	if _, err := decodeBINs([]byte(v2)); err == nil {
		t.Error("decodeBINs accepted version 2")
	}
}

func TestIPLookupConcurrent(t *testing.T) {
	ips := defaultIPs(t)
	addrs := []netip.Addr{
		netip.MustParseAddr("8.8.8.8"),
		netip.MustParseAddr("2001:506:9::4"),
		netip.MustParseAddr("::ffff:1.1.1.1"),
	}
	want := []string{"US", "BR", "AU"}
	done := make(chan error)
	for g := 0; g < 4; g++ {
		go func() {
			for i := 0; i < 1000; i++ {
				k := i % len(addrs)
				if got, _ := ips.Lookup(addrs[k]); got != want[k] {
					done <- fmt.Errorf("Lookup(%s) = %q, want %q", addrs[k], got, want[k])
					return
				}
			}
			done <- nil
		}()
	}
	for g := 0; g < 4; g++ {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}

func BenchmarkIPLookup(b *testing.B) {
	ips := defaultIPs(b)
	for _, bm := range []struct {
		name  string
		addrs []string
	}{
		{"IPv4", []string{"8.8.8.8", "81.2.69.160", "193.0.0.1", "41.0.0.1", "10.0.0.1", "223.255.255.255"}},
		{"IPv6", []string{"2001:4860:4860::8888", "2a00:1450:4001::1", "2001:506:9::4", "2c0f:e9a0:2::2a:1", "fe80::1"}},
	} {
		addrs := make([]netip.Addr, len(bm.addrs))
		for i, s := range bm.addrs {
			addrs[i] = netip.MustParseAddr(s)
		}
		b.Run(bm.name, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				ips.Lookup(addrs[i%len(addrs)])
				i++
			}
		})
	}
}

func BenchmarkBINLookup(b *testing.B) {
	bins := defaultBINs(b)
	numbers := []string{"402918", "4029 1812 3456 7890", "423601", "999999", "374190"}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		bins.Lookup(numbers[i%len(numbers)])
		i++
	}
}

func BenchmarkLoadIP(b *testing.B) {
	file, err := Default().file("ip.lvd")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := decodeIPs(file); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkLoadBIN(b *testing.B) {
	file, err := Default().file("bin.lvd")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := decodeBINs(file); err != nil {
			b.Fatal(err)
		}
	}
}
