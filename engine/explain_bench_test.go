package engine

import (
	"context"
	"testing"
)

// benchmarkExplain explains the quotation of benchQuotation with n lines
// to Los Angeles: the cost of an explanation beside BenchmarkQuotation's
// calculation.
func benchmarkExplain(b *testing.B, n int) {
	e := testEngine(b)
	req := benchQuotation(n)
	ctx := context.Background()
	if _, _, err := e.ExplainSale(ctx, req); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := e.ExplainSale(ctx, req); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkExplainQuotation1 explains a one-line quotation.
func BenchmarkExplainQuotation1(b *testing.B) { benchmarkExplain(b, 1) }

// BenchmarkExplainQuotation100 explains a quotation of 100 lines.
func BenchmarkExplainQuotation100(b *testing.B) { benchmarkExplain(b, 100) }
