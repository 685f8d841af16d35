package profile

import "testing"

// TestNilAndZeroSnapshot: Compile of nil records, a nil Snapshot and a
// zero one are each the empty profile of version 0, which answers every
// lookup with nothing instead of panicking.
func TestNilAndZeroSnapshot(t *testing.T) {
	for name, s := range map[string]*Snapshot{"nil": nil, "zero": {}, "Compile(nil)": Compile(nil)} {
		if s.Version() != 0 || !s.At().IsZero() {
			t.Errorf("%s snapshot is version %d of %v", name, s.Version(), s.At())
		}
		if c, ok := s.Customer("C1"); ok || c != nil {
			t.Errorf("%s snapshot has customer %v", name, c)
		}
		if c, ok := s.Certificate("C1", "N1"); ok || c != nil {
			t.Errorf("%s snapshot has certificate %v", name, c)
		}
		if c, ok := s.CertificateHeldByOther("C1", "N1"); ok || c != nil {
			t.Errorf("%s snapshot has another's certificate %v", name, c)
		}
		if cls, ok := s.Class("", "SKU-1"); ok {
			t.Errorf("%s snapshot classes SKU-1 as %q", name, cls)
		}
		if len(s.CertificatesOf("C1")) != 0 || len(s.Registrations("CO")) != 0 || len(s.Franchises("1")) != 0 || s.HasFranchises() {
			t.Errorf("%s snapshot holds records", name)
		}
		if p := s.Policy(); p != nil {
			t.Errorf("%s snapshot has policy %v", name, p)
		}
	}
}
