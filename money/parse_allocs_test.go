package money

import "testing"

// TestUnmarshalJSONAllocatesOnce: a number of at most 18 digits, as every
// price and quantity of a request is, decodes in one allocation (its
// coefficient's big.Int and word together).
func TestUnmarshalJSONAllocatesOnce(t *testing.T) {
	for _, in := range []string{"19.99", "-50", "123456789012.345678"} {
		var a Amount
		n := testing.AllocsPerRun(100, func() {
			if err := a.UnmarshalJSON([]byte(in)); err != nil {
				t.Fatal(err)
			}
		})
		if n != 1 {
			t.Errorf("UnmarshalJSON(%s) allocated %v times, want 1", in, n)
		}
		if a.String() != in {
			t.Errorf("UnmarshalJSON(%s) read %s", in, a.String())
		}
	}
}
