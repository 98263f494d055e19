package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

const (
	embeddedDatabaseName = "ledgerly"
	superuser            = "postgres"
	// The superuser's password, generated at initdb, kept inside the cluster (mode 0600).
	passwordFileName = "ledgerly-password"
	startTimeout     = 60 * time.Second
	stopTimeout      = 30 * time.Second
)

type embeddedPostgresConfig struct {
	binDir    string
	dataDir   string
	port      int
	throwAway bool
	logLevel  slog.Level
}

// embeddedPostgres is a PostgreSQL server run (and stopped) by this launcher.
type embeddedPostgres struct {
	process  *os.Process
	output   *serverOutput
	port     int
	password string
	done     chan struct{} // closed when the server has exited
	err      error         // why it exited; read it after done is closed
}

// startEmbeddedPostgres creates the cluster in config.dataDir on first use,
// starts the server on 127.0.0.1:config.port and waits until it accepts connections.
func startEmbeddedPostgres(ctx context.Context, config embeddedPostgresConfig) (*embeddedPostgres, error) {
	account, err := postgresAccount()
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Dir(config.dataDir), 0o755); err != nil {
		return nil, err
	}
	if err := account.checkCanEnter(config.binDir, filepath.Dir(config.dataDir)); err != nil {
		return nil, err
	}
	if err := account.checkOwns(config.dataDir); err != nil {
		return nil, err
	}
	if err := initCluster(config, account); err != nil {
		return nil, err
	}
	password, err := os.ReadFile(filepath.Join(config.dataDir, passwordFileName))
	if err != nil {
		return nil, fmt.Errorf("cannot read the embedded PostgreSQL's password (%v); remove %s to start afresh", err, config.dataDir)
	}
	if err := removeStaleLock(config.dataDir); err != nil {
		return nil, err
	}

	server := &embeddedPostgres{
		output:   &serverOutput{},
		port:     config.port,
		password: strings.TrimSpace(string(password)),
		done:     make(chan struct{}),
	}
	if err := server.launch(config, account); err != nil {
		return nil, err
	}
	if err := server.waitReady(ctx, config.dataDir); err != nil {
		server.stop()
		return nil, err
	}
	return server, nil
}

// initCluster runs initdb unless config.dataDir already holds a cluster. It
// builds the cluster in a staging folder and renames it into place, so an
// interrupted initdb never leaves a half-made cluster behind.
func initCluster(config embeddedPostgresConfig, account *osAccount) error {
	if _, err := os.Stat(filepath.Join(config.dataDir, "PG_VERSION")); !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if entries, err := os.ReadDir(config.dataDir); err == nil && len(entries) > 0 {
		return fmt.Errorf("%s is not empty but holds no PostgreSQL cluster: remove it or choose another folder", config.dataDir)
	}

	staging := config.dataDir + ".initdb"
	passwordFile := staging + "-password"
	for _, leftover := range []string{staging, passwordFile} {
		if err := os.RemoveAll(leftover); err != nil {
			return err
		}
		defer os.RemoveAll(leftover)
	}
	password := make([]byte, 24)
	if _, err := rand.Read(password); err != nil {
		return err
	}
	if err := os.WriteFile(passwordFile, []byte(hex.EncodeToString(password)+"\n"), 0o600); err != nil {
		return err
	}
	if err := os.Mkdir(staging, 0o700); err != nil {
		return err
	}
	if err := account.own(staging, passwordFile); err != nil {
		return err
	}

	args := []string{
		"--pgdata=" + staging,
		"--username=" + superuser,
		"--pwfile=" + passwordFile,
		"--auth=scram-sha-256",
		"--encoding=UTF8",
		"--locale=C",
	}
	if config.throwAway {
		args = append(args, "--no-sync")
	}
	initdb := exec.Command(filepath.Join(config.binDir, "initdb"), args...)
	initdb.SysProcAttr = &syscall.SysProcAttr{Credential: account.credential}
	if output, err := initdb.CombinedOutput(); err != nil {
		return fmt.Errorf("initdb failed (%v): %s", err, lastLineOf(string(output)))
	}

	if err := os.Rename(passwordFile, filepath.Join(staging, passwordFileName)); err != nil {
		return err
	}
	if err := os.Remove(config.dataDir); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return os.Rename(staging, config.dataDir)
}

// removeStaleLock removes the postmaster.pid a crashed server left behind,
// and refuses to start a second server on the same cluster.
func removeStaleLock(dataDir string) error {
	lockFile := filepath.Join(dataDir, "postmaster.pid")
	content, err := os.ReadFile(lockFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	firstLine, _, _ := strings.Cut(string(content), "\n")
	if pid, _ := strconv.Atoi(strings.TrimSpace(firstLine)); pid > 0 && isPostgresProcess(pid) {
		return fmt.Errorf("the embedded PostgreSQL in %s is already running (PID %d): is another npm start using this checkout?", dataDir, pid)
	}
	return os.Remove(lockFile)
}

// isPostgresProcess tells whether pid is a live PostgreSQL process. PostgreSQL
// itself only checks that the PID is alive, so after a crash an unrelated
// process that got the same PID would block every later start.
func isPostgresProcess(pid int) bool {
	if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
		return false
	}
	name, err := os.ReadFile(fmt.Sprintf("/proc/%d/comm", pid))
	if err != nil {
		return true // no /proc to tell: assume it is
	}
	return strings.TrimSpace(string(name)) == "postgres"
}

func (s *embeddedPostgres) launch(config embeddedPostgresConfig, account *osAccount) error {
	args := []string{
		"-D", config.dataDir,
		"-p", strconv.Itoa(config.port),
		"-c", "listen_addresses=127.0.0.1",
		// No Unix socket, so nothing can clash with another server's socket for the same port.
		"-c", "unix_socket_directories=",
		"-c", "log_min_messages=" + postgresLogLevel(config.logLevel),
		// Statistics within seconds of a bulk write, not a minute: until they count a user's new rows the
		// planner takes them for few and finds them by the wrong index (decision 245).
		"-c", "autovacuum_naptime=1s",
	}
	if config.throwAway {
		// Safe while the machine stays up: a killed server still finds every
		// commit it acknowledged in the operating system's cache. Not
		// synchronous_commit=off, which acknowledges commits before they leave
		// the server's memory: tests that kill PostgreSQL would lose them.
		args = append(args, "-c", "fsync=off", "-c", "full_page_writes=off")
	}
	cmd := exec.Command(filepath.Join(config.binDir, "postgres"), args...)
	cmd.Stdout = s.output
	cmd.Stderr = s.output
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: account.credential}
	// A fast shutdown if this launcher dies without stopping the server (killed with SIGKILL).
	setParentDeathSignal(cmd.SysProcAttr, syscall.SIGINT)

	started := make(chan error)
	go func() {
		// Linux sends the parent-death signal when the thread that started the
		// child ends, not the process: keep this goroutine on its thread while
		// the server runs.
		runtime.LockOSThread()
		if err := cmd.Start(); err != nil {
			started <- fmt.Errorf("cannot start PostgreSQL: %w", err)
			return
		}
		started <- nil
		err := cmd.Wait()
		s.err = fmt.Errorf("%v: %s", err, s.output.lastLine())
		close(s.done)
	}()
	if err := <-started; err != nil {
		return err
	}
	s.process = cmd.Process
	return nil
}

// waitReady waits until the server's lock file says it accepts connections
// (as pg_ctl does), which unlike a probing connection logs nothing.
func (s *embeddedPostgres) waitReady(ctx context.Context, dataDir string) error {
	deadline := time.Now().Add(startTimeout)
	for !s.isReady(dataDir) {
		if time.Now().After(deadline) {
			return fmt.Errorf("PostgreSQL did not start within %v", startTimeout)
		}
		select {
		case <-s.done:
			return fmt.Errorf("PostgreSQL stopped during start (%v)", s.err)
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
	return nil
}

// isReady reads postmaster.pid: its first line is the server's PID, its eighth the server's state.
func (s *embeddedPostgres) isReady(dataDir string) bool {
	content, err := os.ReadFile(filepath.Join(dataDir, "postmaster.pid"))
	if err != nil {
		return false
	}
	lines := strings.Split(string(content), "\n")
	return len(lines) > 7 && strings.TrimSpace(lines[0]) == strconv.Itoa(s.process.Pid) && strings.TrimSpace(lines[7]) == "ready"
}

func (s *embeddedPostgres) databaseURL(database string) string {
	return fmt.Sprintf("postgres://%s:%s@127.0.0.1:%d/%s?sslmode=disable", superuser, s.password, s.port, database)
}

// stop asks for a fast shutdown (sessions end, the server checkpoints and exits) and waits for it.
func (s *embeddedPostgres) stop() {
	s.output.silence()
	_ = s.process.Signal(syscall.SIGINT)
	select {
	case <-s.done:
	case <-time.After(stopTimeout):
		_ = s.process.Kill()
		<-s.done
	}
}

// postgresLogLevel keeps PostgreSQL about as quiet as FerretDB at the same
// level. PostgreSQL ranks LOG (start, stop, checkpoints) above ERROR, and its
// ERROR lines repeat errors FerretDB returns to its clients (duplicate keys).
func postgresLogLevel(level slog.Level) string {
	switch {
	case level <= slog.LevelDebug:
		return "warning"
	case level <= slog.LevelInfo:
		return "log"
	default:
		return "fatal"
	}
}

// serverOutput passes the server's log on to ours, keeping its end to explain
// a failed start. After stop() it passes nothing on: the server then reports
// every session it ends (FerretDB's pool keeps some open) as FATAL.
type serverOutput struct {
	mu       sync.Mutex
	tail     []byte
	stopping bool
}

func (w *serverOutput) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.stopping {
		_, _ = os.Stderr.Write(p)
	}
	w.tail = append(w.tail, p...)
	if len(w.tail) > 4096 {
		w.tail = w.tail[len(w.tail)-4096:]
	}
	return len(p), nil
}

func (w *serverOutput) lastLine() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return lastLineOf(string(w.tail))
}

func (w *serverOutput) silence() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.stopping = true
}

func lastLineOf(text string) string {
	lines := strings.Split(strings.TrimSpace(text), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}
