package stress

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Server is a `levy serve --dev` child process on loopback.
type Server struct {
	Base         string // http://127.0.0.1:PORT
	ClientID     string // the development credential
	ClientSecret string

	cmd    *exec.Cmd
	logs   *buffer
	exited chan struct{}
}

// buffer is a bytes.Buffer safe for one writer and readers, which keeps
// the last 256 KiB written.
type buffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

const keepLogs = 256 << 10

func (b *buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.b.Len()+len(p) > 2*keepLogs {
		tail := append([]byte(nil), b.b.Bytes()[b.b.Len()-min(b.b.Len(), keepLogs):]...)
		b.b.Reset()
		b.b.Write(tail)
	}
	return b.b.Write(p)
}

func (b *buffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// Start runs `bin serve --dev --addr 127.0.0.1:0 --data-dir dir` with
// extra arguments and waits until it answers /healthz with 200.
func Start(ctx context.Context, bin, dir string, extra ...string) (*Server, error) {
	return StartAt(ctx, bin, dir, "127.0.0.1:0", extra...)
}

// StartAt is Start listening on addr (host:port), such as the port of a
// node that restarts.
func StartAt(ctx context.Context, bin, dir, addr string, extra ...string) (*Server, error) {
	args := append([]string{"serve", "--dev", "--addr", addr, "--data-dir", dir, "--log-format", "json"}, extra...)
	cmd := exec.Command(bin, args...)
	stdout := &buffer{}
	cmd.Stdout = stdout
	pipe, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", bin, err)
	}
	s := &Server{cmd: cmd, logs: &buffer{}, exited: make(chan struct{})}
	go func() { _ = cmd.Wait(); close(s.exited) }()
	listening := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(pipe)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		sent := false
		for sc.Scan() {
			s.logs.Write(append(sc.Bytes(), '\n'))
			var line struct {
				Msg  string `json:"msg"`
				Addr string `json:"addr"`
			}
			if !sent && json.Unmarshal(sc.Bytes(), &line) == nil && line.Msg == "listening" {
				listening <- line.Addr
				sent = true
			}
		}
		_, _ = io.Copy(s.logs, pipe)
	}()
	select {
	case a := <-listening:
		s.Base = "http://" + a
	case <-s.exited:
		return nil, fmt.Errorf("levy serve ended before listening:\n%s", s.logs.String())
	case <-time.After(60 * time.Second):
		s.Kill()
		return nil, fmt.Errorf("levy serve did not listen within a minute:\n%s", s.logs.String())
	case <-ctx.Done():
		s.Kill()
		return nil, ctx.Err()
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		resp, err := http.Get(s.Base + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				break
			}
		}
		if time.Now().After(deadline) {
			s.Kill()
			return nil, fmt.Errorf("levy serve did not become ready:\n%s", s.logs.String())
		}
		select {
		case <-s.exited:
			return nil, fmt.Errorf("levy serve ended before it was ready:\n%s", s.logs.String())
		case <-time.After(20 * time.Millisecond):
		}
	}
	// --dev prints the credential before the server listens.
	for _, l := range strings.Split(stdout.String(), "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(l), "client_id:"); ok {
			s.ClientID = strings.TrimSpace(v)
		}
		if v, ok := strings.CutPrefix(strings.TrimSpace(l), "client_secret:"); ok {
			s.ClientSecret = strings.TrimSpace(v)
		}
	}
	if s.ClientID == "" || s.ClientSecret == "" {
		s.Kill()
		return nil, fmt.Errorf("levy serve --dev printed no credential:\n%s", stdout.String())
	}
	return s, nil
}

// Logs returns what the server wrote to stderr.
func (s *Server) Logs() string { return s.logs.String() }

// Kill ends the server with SIGKILL and waits for it.
func (s *Server) Kill() {
	_ = s.cmd.Process.Signal(syscall.SIGKILL)
	<-s.exited
}

// Stop ends the server with SIGTERM and waits for it to finish.
func (s *Server) Stop() error {
	if err := s.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		return err
	}
	select {
	case <-s.exited:
	case <-time.After(60 * time.Second):
		s.Kill()
		return fmt.Errorf("levy serve did not stop within a minute of SIGTERM")
	}
	if code := s.cmd.ProcessState.ExitCode(); code != 0 {
		return fmt.Errorf("levy serve exited with %d after SIGTERM:\n%s", code, s.Logs())
	}
	return nil
}

// TokenForm is the body of a token request with the development
// credential.
func (s *Server) TokenForm() []byte {
	return []byte(url.Values{"grant_type": {"client_credentials"}, "client_id": {s.ClientID},
		"client_secret": {s.ClientSecret}, "audience": {"verx://migration-api"}}.Encode())
}

// Token gets an access token with the development credential.
func (s *Server) Token(ctx context.Context) (string, error) {
	req, _ := http.NewRequestWithContext(ctx, "POST", s.Base+"/oauth/token", bytes.NewReader(s.TokenForm()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&tok); err != nil || resp.StatusCode != 200 || tok.AccessToken == "" {
		return "", fmt.Errorf("token: %d %v", resp.StatusCode, err)
	}
	return tok.AccessToken, nil
}
