package main

// buildMS builds the local content of Mississippi (see data/states/ms.md).
// Its only general local sales taxes are two cities' (Jackson and
// Tupelo), which TaxLocus and OpenSalesTax both give as city rows; the
// counties levy none (OpenSalesTax's 0% rows). The common reading of
// the rows is Mississippi's.
func buildMS(s *State, in *Inputs) error { return BuildGeneric(s, in) }
