package journal

import (
	"encoding/json"
	"testing"
)

// TestProfileVersionOfEarlierTransaction: a transaction stored before
// the journal kept the profile version (its JSON has no profileVersion)
// reads as 0, and one stored with it keeps it through a decode.
func TestProfileVersionOfEarlierTransaction(t *testing.T) {
	var old Transaction
	if err := json.Unmarshal([]byte(`{"transactionId":"INV-1","version":1,"perspective":"SELLER","messageType":"INVOICE",`+
		`"documentDate":"2026-03-14","postingDate":"2026-03-14","postedAt":"2026-03-14T10:00:00Z","subTotal":100.00,"totalTax":0,"total":100.00,"lines":[]}`), &old); err != nil {
		t.Fatal(err)
	}
	if old.ProfileVersion != 0 {
		t.Errorf("an earlier transaction reads profile version %d, want 0", old.ProfileVersion)
	}
	b, err := json.Marshal(&Transaction{TransactionID: "INV-2", DocumentDate: old.DocumentDate, PostingDate: old.PostingDate, ProfileVersion: 1<<53 + 1})
	if err != nil {
		t.Fatal(err)
	}
	var back Transaction
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if back.ProfileVersion != 1<<53+1 {
		t.Errorf("profile version %d came back as %d (%s)", uint64(1<<53+1), back.ProfileVersion, b)
	}
}
