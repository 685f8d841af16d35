package einvoice_test

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	. "github.com/levytax/levy/einvoice"
)

// newKey returns a random secrets key.
func newKey(t testing.TB) *SecretKey {
	t.Helper()
	raw := make([]byte, SecretKeySize)
	_, _ = rand.Read(raw)
	k, err := NewSecretKey(raw)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// filesHolding returns the files under dir whose bytes contain any of
// needles: what an attacker who copies the directory can read.
func filesHolding(t *testing.T, dir string, needles ...string) []string {
	t.Helper()
	var found []string
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, n := range needles {
			if bytes.Contains(b, []byte(n)) {
				found = append(found, filepath.Base(path)+" holds "+n)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return found
}

// randomSecret returns a connection secret of random bytes, which no
// compression of the store's files can hide from a search for it.
func randomSecret(t testing.TB) string {
	b := make([]byte, 36)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// deliverOne submits a document and waits until tg accepted its three
// events with valid signatures.
func deliverOne(t *testing.T, s *service, tg *target) {
	t.Helper()
	d, _, err := s.Submit(tenantCtx("acme"), validInvoice(t), "")
	if err != nil {
		t.Fatal(err)
	}
	eventually(t, "three events", func() bool { return len(tg.statuses(d.DocumentID)) == 3 })
	for _, dl := range tg.deliveries() {
		if dl.event.DocumentID == d.DocumentID && !dl.signatureValid {
			t.Fatalf("an event with a bad signature: %s", dl.body)
		}
	}
}

// TestSecretsEncryptedAtRest stores a connection under a key and reads
// the store's files as an attacker who copied them would: no file holds
// the secret (badger's test of the same name reads every version of
// every raw value). The events are signed with it all the same, and the
// service does not start without its key.
func TestSecretsEncryptedAtRest(t *testing.T) {
	dir := t.TempDir()
	key := newKey(t)
	s, _ := open(t, dir, Config{Secrets: &SecretKeys{Current: key}})
	tg := newTarget(t, nil)
	tg.secret = randomSecret(t)
	connect(t, s, "acme", tg, AllEvents, false)
	deliverOne(t, s, tg)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if found := filesHolding(t, dir, tg.secret); len(found) > 0 {
		t.Errorf("the data directory holds the secret: %v", found)
	}

	// Without the key, or with another, the service does not start; an
	// operator's passive service, which never signs, does.
	if err := tryOpen(dir, Config{}); err == nil || !strings.Contains(err.Error(), "encrypted with key "+key.ID()) {
		t.Fatalf("New without the key: %v", err)
	}
	if err := tryOpen(dir, Config{Secrets: &SecretKeys{Current: newKey(t)}}); err == nil || !strings.Contains(err.Error(), key.ID()) {
		t.Fatalf("New with another key: %v", err)
	}
	if err := tryOpen(dir, Config{Passive: true}); err != nil {
		t.Fatalf("a passive New without the key: %v", err)
	}
}

// TestSecretsEncryptedOnOpen: a store whose secrets are in clear (written
// without a key) is encrypted when a service starts on it with one, and
// its files keep no copy of the clear values (badger's
// TestSecretsEncryptedOnOpen reads every version of the raw values).
func TestSecretsEncryptedOnOpen(t *testing.T) {
	dir := t.TempDir()
	s, _ := open(t, dir, Config{})
	tg := newTarget(t, nil)
	tg.secret = randomSecret(t)
	connect(t, s, "acme", tg, AllEvents, false)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if found := filesHolding(t, dir, tg.secret); len(found) == 0 {
		t.Fatal("without a key, the secret should be in clear: the test finds nothing")
	}
	key := newKey(t)
	s, logs := open(t, dir, Config{Secrets: &SecretKeys{Current: key}})
	if !strings.Contains(logs.String(), "webhook secrets encrypted with the current key") {
		t.Errorf("logs:\n%s", logs)
	}
	deliverOne(t, s, tg)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if found := filesHolding(t, dir, tg.secret); len(found) > 0 {
		t.Errorf("after encryption the data directory still holds the secret: %v", found)
	}
}

// TestSecretsRotation: with a new key and the old one as previous, Open
// re-encrypts every secret with the new key and the files keep nothing
// sealed with the old one; from then on the new key alone opens the
// store, and the old one alone does not.
func TestSecretsRotation(t *testing.T) {
	dir := t.TempDir()
	k1, k2 := newKey(t), newKey(t)
	s, _ := open(t, dir, Config{Secrets: &SecretKeys{Current: k1}})
	tg := newTarget(t, nil)
	for range 3 {
		connect(t, s, "acme", tg, AllEvents, false)
	}
	_ = s.Close()
	s, _ = open(t, dir, Config{Secrets: &SecretKeys{Current: k2, Previous: []*SecretKey{k1}}})
	_ = s.Close()
	if found := filesHolding(t, dir, k1.ID()); len(found) > 0 {
		t.Errorf("values sealed with the old key remain: %v", found)
	}
	s, _ = open(t, dir, Config{Secrets: &SecretKeys{Current: k2}})
	if _, _, err := s.Submit(tenantCtx("acme"), validInvoice(t), ""); err != nil {
		t.Fatal(err)
	}
	eventually(t, "3 events to each of 3 connections", func() bool { return len(tg.deliveries()) == 9 })
	for _, d := range tg.deliveries() {
		if !d.signatureValid {
			t.Errorf("a bad signature: %s", d.body)
		}
	}
	_ = s.Close()
	if err := tryOpen(dir, Config{Secrets: &SecretKeys{Current: k1}}); err == nil {
		t.Fatal("the retired key opened the store")
	}
}

func TestParseSecretKey(t *testing.T) {
	raw := make([]byte, SecretKeySize)
	_, _ = rand.Read(raw)
	want, _ := NewSecretKey(raw)
	for _, text := range []string{
		base64.StdEncoding.EncodeToString(raw) + "\n",
		base64.RawURLEncoding.EncodeToString(raw),
		"  " + hex.EncodeToString(raw) + "\r\n",
	} {
		k, err := ParseSecretKey([]byte(text))
		if err != nil || k.ID() != want.ID() {
			t.Errorf("%q: %v", text, err)
		}
	}
	for _, text := range []string{"", "short", base64.StdEncoding.EncodeToString(raw[:16]), hex.EncodeToString(raw[:31])} {
		if _, err := ParseSecretKey([]byte(text)); err == nil {
			t.Errorf("%q: no error", text)
		}
	}
	path := filepath.Join(t.TempDir(), "key")
	_ = os.WriteFile(path, []byte(base64.StdEncoding.EncodeToString(raw)), 0o600)
	if k, err := ReadSecretKeyFile(path); err != nil || k.ID() != want.ID() {
		t.Errorf("ReadSecretKeyFile: %v", err)
	}
	if _, err := ReadSecretKeyFile(path + ".missing"); err == nil {
		t.Error("a missing key file: no error")
	}
	// A sealed value names its key, and does not open under another
	// connection's key in the store.
	sealed := Seal(want, testSecret, []byte("W-one"))
	if got, err := sealed.Open(&SecretKeys{Current: want}, []byte("W-one")); err != nil || got != testSecret {
		t.Errorf("open: %q %v", got, err)
	}
	if _, err := sealed.Open(&SecretKeys{Current: want}, []byte("W-two")); err == nil {
		t.Error("a secret opened under another connection's key")
	}
	var round SealedSecret
	b, _ := json.Marshal(sealed)
	if err := json.Unmarshal(b, &round); err != nil || round.KeyID() != want.ID() || strings.Contains(string(b), testSecret) {
		t.Errorf("round trip %s: %v", b, err)
	}
	if s := (ConnectionRecord{Secret: Seal(nil, testSecret, nil)}); strings.Contains(strings.ToLower(fmtAll(s)), strings.ToLower(testSecret)) {
		t.Error("a connection record prints its secret")
	}
}

// fmtAll prints v in every form of fmt.
func fmtAll(v any) string { return fmt.Sprintf("%v %+v %#v", v, v, v) }
