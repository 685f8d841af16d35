package cli

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
)

// serveMetrics serves h, the API's /metrics alone, at --metrics-addr
// until stop is called. /metrics needs no token, so an operator gives it
// an address that only the monitoring network reaches.
func serveMetrics(c serveConfig, log *slog.Logger, h http.Handler) (stop func() error, err error) {
	ln, err := net.Listen("tcp", c.metricsAddr)
	if err != nil {
		return nil, fmt.Errorf("listening on --metrics-addr %s: %w", c.metricsAddr, err)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: c.readHeader, ReadTimeout: c.read, WriteTimeout: c.write,
		IdleTimeout: c.idle, MaxHeaderBytes: 64 << 10, ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
	go func() {
		if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
			log.Error("serving metrics", "addr", ln.Addr().String(), "error", err.Error())
		}
	}()
	log.Info("serving metrics", "addr", ln.Addr().String())
	if c.metricsListening != nil {
		c.metricsListening(ln.Addr().String())
	}
	return srv.Close, nil
}
