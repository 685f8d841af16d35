package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// failingWriter is a standard output that takes nothing: closed, or on
// a full disk.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("bad file descriptor") }

// TestClientsSecretNotWritten: levy clients create and rotate store the
// credential and then print its secret, which nothing shows again. When
// standard output takes nothing, the command exits non-zero and says
// that the credential stands with a secret nobody saw, naming it and the
// rotate that gives it a new secret. Before, it said only "write: bad
// file descriptor", leaving the operator to guess whether anything was
// stored.
func TestClientsSecretNotWritten(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	var errOut bytes.Buffer
	code := Run(ctx, []string{"clients", "create", "--data-dir", dir, "--tenant", "acme", "--audience", "levy://admin"}, nil, failingWriter{}, &errOut)
	code2, out, _ := runCLI(t, "clients", "list", "--data-dir", dir)
	var listed []credential
	if err := json.Unmarshal([]byte(out), &listed); code2 != 0 || err != nil || len(listed) != 1 {
		t.Fatalf("list after the create: %d %s", code2, out)
	}
	id := listed[0].ClientID
	want := "credential " + id + " of tenant acme was created, but its secret could not be written to standard output (bad file descriptor)"
	if code == 0 || !strings.Contains(errOut.String(), want) || !strings.Contains(errOut.String(), "levy clients rotate "+id) {
		t.Fatalf("create into a closed standard output: exit %d: %s", code, errOut.String())
	}

	errOut.Reset()
	code = Run(ctx, []string{"clients", "rotate", "--data-dir", dir, id}, nil, failingWriter{}, &errOut)
	want = "credential " + id + " of tenant acme was rotated, but its secret could not be written"
	if code == 0 || !strings.Contains(errOut.String(), want) || !strings.Contains(errOut.String(), "levy clients rotate "+id) {
		t.Fatalf("rotate into a closed standard output: exit %d: %s", code, errOut.String())
	}
}

// TestClientsSecretToNull: levy clients create and rotate with standard
// output on the null device (closed when levy started, which Go replaces
// with the null device, or sent there) are refused before anything is
// stored. Before, create stored a credential, wrote its secret into the
// null device and exited 0: a credential whose secret nobody saw.
func TestClientsSecretToNull(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	var errOut bytes.Buffer
	code := Run(ctx, []string{"clients", "create", "--data-dir", dir, "--tenant", "acme", "--audience", "levy://admin"}, nil, null, &errOut)
	if code != 2 || !strings.Contains(errOut.String(), "standard output is "+os.DevNull) || !strings.Contains(errOut.String(), "nothing was stored") {
		t.Errorf("create into %s: exit %d: %s", os.DevNull, code, errOut.String())
	}
	if code, out, _ := runCLI(t, "clients", "list", "--data-dir", dir); code != 0 || strings.Contains(out, "client_id") {
		t.Fatalf("create into %s stored a credential: %d %s", os.DevNull, code, out)
	}

	code, out, errText := runCLI(t, "clients", "create", "--data-dir", dir, "--tenant", "acme", "--audience", "levy://admin")
	var c credential
	if err := json.Unmarshal([]byte(out), &c); code != 0 || err != nil {
		t.Fatalf("create: %d %s", code, errText)
	}
	errOut.Reset()
	code = Run(ctx, []string{"clients", "rotate", "--data-dir", dir, c.ClientID}, nil, null, &errOut)
	if code != 2 || !strings.Contains(errOut.String(), "nothing was stored") {
		t.Errorf("rotate into %s: exit %d: %s", os.DevNull, code, errOut.String())
	}
}

// TestClientsSecretBrokenPipe runs levy clients create as a process whose
// standard output is a pipe that nobody reads any more. The credential is
// stored; writing its secret fails, and levy says so, naming the rotate
// that gives it a new secret, with exit code 1. Before, the write killed
// levy with SIGPIPE after the credential was stored, without a word.
func TestClientsSecretBrokenPipe(t *testing.T) {
	dir := t.TempDir()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	r.Close()
	defer w.Close()
	cmd := exec.Command(os.Args[0], "--", "clients", "create", "--data-dir", dir, "--tenant", "acme", "--audience", "levy://admin")
	cmd.Env = append(os.Environ(), "LEVY_TEST_MAIN=1")
	cmd.Stdout = w
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	err = cmd.Run()
	code, out, _ := runCLI(t, "clients", "list", "--data-dir", dir)
	var listed []credential
	if err := json.Unmarshal([]byte(out), &listed); code != 0 || err != nil || len(listed) != 1 {
		t.Fatalf("list after the create: %d %s", code, out)
	}
	want := "credential " + listed[0].ClientID + " of tenant acme was created, but its secret could not be written to standard output"
	if cmd.ProcessState == nil || cmd.ProcessState.ExitCode() != 1 || !strings.Contains(errOut.String(), want) ||
		!strings.Contains(errOut.String(), "levy clients rotate "+listed[0].ClientID) {
		t.Fatalf("create into a pipe nobody reads: %v: %s", err, errOut.String())
	}
}
