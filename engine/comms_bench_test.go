package engine

import (
	"context"
	"testing"
)

// BenchmarkCommsQuotation1 is a one-line telecom quotation to Birmingham,
// Alabama (telecomSale): the USF, the federal excise tax and 911 fees on
// top of the sales taxes.
func BenchmarkCommsQuotation1(b *testing.B) {
	e := testEngine(b)
	req := telecomSale("2026-02-15")
	ctx := context.Background()
	if _, err := e.Sale(ctx, req); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.Sale(ctx, req); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkExplainCommsQuotation1 explains the same quotation.
func BenchmarkExplainCommsQuotation1(b *testing.B) {
	e := testEngine(b)
	req := telecomSale("2026-02-15")
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
