package main

import (
	"strings"
	"testing"
)

// TestParse reads the output of go test -bench, with -cpu suffixes,
// custom metrics and sub-benchmarks.
func TestParse(t *testing.T) {
	out := `goos: linux
BenchmarkFloor              	    3000	      3304 ns/op	    5088 B/op	     102 allocs/op
BenchmarkFloor              	    3000	      3500 ns/op	    5088 B/op	     102 allocs/op
BenchmarkFloor              	    3000	      3400 ns/op	    5088 B/op	     102 allocs/op
BenchmarkDecodeQuotation1-2   	    3000	      1302 ns/op	 330.70 MB/s	    2640 B/op	      27 allocs/op
BenchmarkHTTPQuotation/levy-2 	   20000	     55000 ns/op	     8300 req/s	        12.5 p99-ms
PASS
`
	v := parse(strings.NewReader(out))
	if got := median(v["Floor ns/op"]); got != 3400 {
		t.Errorf("Floor median %v", got)
	}
	if got := v["DecodeQuotation1 MB/s"]; len(got) != 1 || got[0] != 330.70 {
		t.Errorf("DecodeQuotation1 MB/s %v", got)
	}
	if got := v["HTTPQuotation/levy req/s"]; len(got) != 1 || got[0] != 8300 {
		t.Errorf("HTTP req/s %v", got)
	}
	if got := median([]float64{4, 1, 3, 2}); got != 2.5 {
		t.Errorf("median of four %v", got)
	}
}
