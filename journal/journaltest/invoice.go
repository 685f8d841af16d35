package journaltest

import (
	"encoding/json"
	"os"
	"testing"
)

// Invoice reads the JSON of a sale request from the file at path (such
// as a golden request of the engine's test data) and returns it as the
// body of an INVOICE with transaction ID id: a calculation that the
// engine stores in its journal. It fails the test when the file is not a
// JSON object.
func Invoice(t testing.TB, path, id string) []byte {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("journaltest: %v", err)
	}
	var req map[string]any
	if err := json.Unmarshal(raw, &req); err != nil {
		t.Fatalf("journaltest: %s: %v", path, err)
	}
	req["saleMessageType"], req["transactionId"] = "INVOICE", id
	body, err := json.Marshal(req)
	if err != nil {
		t.Fatalf("journaltest: %s: %v", path, err)
	}
	return body
}
