package cli

import (
	"crypto/tls"
	"fmt"
)

// tlsConfig returns the TLS configuration of --tls-cert-file and
// --tls-key-file, or nil when neither is given and the server speaks
// plain HTTP (behind a proxy that terminates TLS, or for development).
// The certificate file may hold the chain after the server's
// certificate. It is read once, at start: a renewed certificate is served
// from the next start on.
func (c serveConfig) tlsConfig() (*tls.Config, error) {
	switch {
	case c.tlsCert == "" && c.tlsKey == "":
		return nil, nil
	case c.tlsKey == "":
		return nil, badFlag("tls-cert-file", "--tls-cert-file needs its key: --tls-key-file FILE (or LEVY_TLS_KEY_FILE)")
	case c.tlsCert == "":
		return nil, badFlag("tls-key-file", "--tls-key-file needs its certificate: --tls-cert-file FILE (or LEVY_TLS_CERT_FILE)")
	}
	if err := checkReadable("--tls-cert-file", c.tlsCert); err != nil {
		return nil, err
	}
	if err := checkReadable("--tls-key-file", c.tlsKey); err != nil {
		return nil, err
	}
	cert, err := tls.LoadX509KeyPair(c.tlsCert, c.tlsKey)
	if err != nil {
		return nil, fmt.Errorf("loading the TLS certificate %s and its key %s: %w", c.tlsCert, c.tlsKey, err)
	}
	return &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}, nil
}

// baseURL returns the URL of the server listening on addr: https with a
// certificate, http without.
func (c serveConfig) baseURL(addr string) string {
	if c.tlsCert != "" {
		return "https://" + addr
	}
	return "http://" + addr
}
