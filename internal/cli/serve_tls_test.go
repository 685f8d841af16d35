package cli

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"io"
	"math/big"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// selfSigned writes a certificate for 127.0.0.1 and its key into dir and
// returns their files and a pool that trusts the certificate.
func selfSigned(t *testing.T, dir string) (certFile, keyFile string, pool *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "levy test"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)}, KeyUsage: x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pkcs8, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	certFile, keyFile = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	if err := os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: pkcs8}), 0o600); err != nil {
		t.Fatal(err)
	}
	pool = x509.NewCertPool()
	pool.AddCert(cert)
	return certFile, keyFile, pool
}

// TestServeHTTPS serves the API over HTTPS with --tls-cert-file and
// --tls-key-file, as its clients call it: a token from the standard and
// the caching endpoints, then a call of the API with it, all over TLS on
// loopback. The --dev lines name https URLs, and plain HTTP to the port
// is not served.
func TestServeHTTPS(t *testing.T) {
	certs := t.TempDir()
	certFile, keyFile, pool := selfSigned(t, certs)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	addr := make(chan string, 1)
	out := &syncBuilder{}
	done := make(chan error, 1)
	go func() {
		done <- runServe(ctx, []string{"--addr", "127.0.0.1:0", "--data-dir", t.TempDir(), "--log-format", "text", "--dev",
			"--tls-cert-file", certFile, "--tls-key-file", keyFile}, out, io.Discard, serveConfig{listening: func(a string) { addr <- a }})
	}()
	var a string
	select {
	case a = <-addr:
	case err := <-done:
		t.Fatalf("serve ended before listening: %v", err)
	}
	client := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}}}
	defer client.CloseIdleConnections()
	base := "https://" + a
	for ready := false; !ready; {
		resp, err := client.Get(base + "/healthz")
		if err != nil {
			t.Fatalf("healthz over https: %v", err)
		}
		ready = resp.StatusCode == http.StatusOK
		resp.Body.Close()
		if !ready {
			select {
			case err := <-done:
				t.Fatalf("serve ended: %v", err)
			case <-time.After(50 * time.Millisecond):
			}
		}
	}

	printed := out.String()
	if !strings.Contains(printed, base+"/cached/oauth/token") || !strings.Contains(printed, base+"/api/v2/supplies") ||
		!strings.Contains(printed, base+"/console/") || strings.Contains(printed, "http://") {
		t.Errorf("the --dev lines do not name the https URLs of %s:\n%s", base, printed)
	}

	// The printed token line works as printed: it trusts the server's
	// own certificate.
	if _, err := exec.LookPath("curl"); err == nil {
		line := ""
		for _, l := range strings.Split(printed, "\n") {
			if strings.Contains(l, "RESP=$(curl") {
				line = strings.TrimSpace(l)
			}
		}
		cmd := exec.Command("bash", "-c", line+`; printf '%s' "$TOKEN"`)
		var o, e strings.Builder
		cmd.Stdout, cmd.Stderr = &o, &e
		if err := cmd.Run(); err != nil || o.Len() == 0 || !strings.Contains(line, "--cacert") {
			t.Errorf("the printed token line over https: %v, TOKEN %q, stderr %q\n%s", err, o.String(), e.String(), line)
		}
	}

	form := devForm(t, printed)
	var token string
	for _, path := range []string{"/oauth/token", "/cached/oauth/token"} {
		resp, err := client.PostForm(base+path, form)
		if err != nil {
			t.Fatalf("%s over https: %v", path, err)
		}
		var tok struct {
			AccessToken string `json:"access_token"`
			TokenType   string `json:"token_type"`
		}
		err = json.NewDecoder(resp.Body).Decode(&tok)
		resp.Body.Close()
		if err != nil || resp.StatusCode != 200 || tok.AccessToken == "" || tok.TokenType != "Bearer" || resp.TLS == nil {
			t.Fatalf("%s: %d %v %+v", path, resp.StatusCode, err, tok)
		}
		token = tok.AccessToken
	}
	req, _ := http.NewRequest("GET", base+"/api/v2/transaction-exists/T-1", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("the API over https with the token: %d", resp.StatusCode)
	}

	// Plain HTTP to the same port gets no answer of the API.
	if resp, err := http.Get("http://" + a + "/healthz"); err == nil {
		resp.Body.Close()
		if resp.StatusCode == 200 {
			t.Error("plain http is served beside https")
		}
	}

	cancel()
	if err := <-done; err != nil {
		t.Errorf("serve: %v", err)
	}
}

// TestServeTLSFlagsRefused: one of the two TLS flags alone, or files that
// are not a certificate and its key, refuse the start before the server
// listens.
func TestServeTLSFlagsRefused(t *testing.T) {
	certs := t.TempDir()
	certFile, keyFile, _ := selfSigned(t, certs)
	_, otherKey, _ := selfSigned(t, t.TempDir())
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--tls-cert-file", certFile}, "--tls-key-file"},
		{[]string{"--tls-key-file", keyFile}, "--tls-cert-file"},
		{[]string{"--tls-cert-file", certFile, "--tls-key-file", otherKey}, "TLS"},
		{[]string{"--tls-cert-file", filepath.Join(certs, "none.pem"), "--tls-key-file", keyFile}, "none.pem"},
	} {
		listened := false
		err := runServe(context.Background(), append([]string{"--addr", "127.0.0.1:0", "--data-dir", t.TempDir(), "--dev"}, c.args...),
			io.Discard, io.Discard, serveConfig{listening: func(string) { listened = true }})
		if err == nil || !strings.Contains(err.Error(), c.want) || listened {
			t.Errorf("%v: %v (listened %v), want an error naming %s", c.args, err, listened, c.want)
		}
	}
}
