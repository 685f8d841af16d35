package requesttest

import "testing"

func TestScale(t *testing.T) {
	got, err := Scale([]byte(`{"transactionId":"A","lineItems":[{"lineItemId":"1","lineItems":[{"lineItemId":"1.1"}]}]}`), 2, map[string]any{"transactionId": "B"})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"lineItems":[{"lineItemId":"0-1","lineItems":[{"lineItemId":"0-1.1"}]},{"lineItemId":"1-1","lineItems":[{"lineItemId":"1-1.1"}]}],"transactionId":"B"}`
	if string(got) != want {
		t.Errorf("Scale = %s, want %s", got, want)
	}
	if _, err := Scale([]byte(`[`), 1, nil); err == nil {
		t.Error("Scale of a body that is not JSON: no error")
	}
}
