package engine

import "testing"

// TestReviewVATCalc2ItalyBabyDiapers sends children's nappies sold in
// Rome across 2023 and 2024. They bore the ordinary 22% until the budget
// law for 2023 (Law 197/2022) added them, with infant formula and child
// car seats, to the 5% list of DPR 633/1972, Tabella A, Parte II-bis,
// from January 1, 2023 (secondary: redazionefiscale.it on the bill;
// tag24.it on the law as passed); the budget law for 2024 (Law 213/2023)
// took them off the 5% list and, in the text sent to Parliament, put
// them at 10% from January 1, 2024, while car seats went back to 22%
// (secondary: Il Fatto Quotidiano, October 31, 2023; distribuzionemoderna
// and studioinformaonline, on the law as passed). Levy had no row: nappies
// took 22% throughout. Menstrual products, which moved with them, already
// had their rows.
func TestReviewVATCalc2ItalyBabyDiapers(t *testing.T) {
	checkVATClassRates(t, []vatClassCase{
		{"Roma", "00100", "IT", "2022-12-31", "DIAPERS", "0.22"},
		{"Roma", "00100", "IT", "2023-01-01", "DIAPERS", "0.05"},
		{"Roma", "00100", "IT", "2023-12-31", "DIAPERS", "0.05"},
		{"Roma", "00100", "IT", "2024-01-01", "DIAPERS", "0.1"},
		{"Roma", "00100", "IT", "2026-11-28", "DIAPERS", "0.1"},
		{"Roma", "00100", "IT", "2023-06-01", "MENSTRUAL_PRODUCTS", "0.05"},
		{"Roma", "00100", "IT", "2024-06-01", "MENSTRUAL_PRODUCTS", "0.1"},
	})
}
