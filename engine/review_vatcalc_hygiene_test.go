package engine

import "testing"

// TestReviewVATCalcMaltaMenstrualProducts sends menstrual products sold
// in Valletta on both sides of January 1, 2025. They bore Malta's
// standard rate of 18% (Times of Malta, October 28, 2024, on the Budget
// 2025 speech) until Legal Notices 354 and 355 of 2024 zero-rated
// women's sanitary products, as the budget had announced, from January
// 1, 2025 (Malta Institute of Taxation news, December 2024; secondary:
// MaltaToday, October 28, 2024).
func TestReviewVATCalcMaltaMenstrualProducts(t *testing.T) {
	checkVATClassRates(t, []vatClassCase{
		{"Valletta", "VLT 1010", "MT", "2024-06-01", "MENSTRUAL_PRODUCTS", "0.18"},
		{"Valletta", "VLT 1010", "MT", "2024-12-31", "MENSTRUAL_PRODUCTS", "0.18"},
		{"Valletta", "VLT 1010", "MT", "2025-01-01", "MENSTRUAL_PRODUCTS", "0"},
		{"Valletta", "VLT 1010", "MT", "2026-11-28", "MENSTRUAL_PRODUCTS", "0"},
		// Nappies were not part of the measure.
		{"Valletta", "VLT 1010", "MT", "2026-11-28", "DIAPERS", "0.18"},
	})
}
