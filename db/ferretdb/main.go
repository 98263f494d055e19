// Command ferretdb-launcher runs FerretDB v1 through its public embedding
// package. A plain `go install` of FerretDB's own CLI panics at start because
// the module lacks its generated version file (FerretDB issue #2982).
//
// With -embedded-postgresql-dir it also runs the PostgreSQL server FerretDB
// stores its data in, and stops it when it exits. It exits when its standard
// input closes (-exit-on-stdin-close), so a parent process that dies without
// cleaning up never leaves a database server behind.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

// writeCommands run one at a time, whichever connection sends them, so an update
// FerretDB reads and writes back is atomic as on MongoDB and the app may keep
// several connections (see the _overlay folder, added to FerretDB when it is built).
var writeCommands = []string{
	"insert", "update", "delete", "findAndModify", "findandmodify",
	"create", "createIndexes", "drop", "dropDatabase", "dropIndexes", "collMod", "renameCollection", "compact",
}

func main() {
	if err := run(); err != nil {
		exitWith(err)
	}
}

// exitWith reports err on one line (the parent shows the last line starting
// with "ferretdb-launcher:" as the reason) and exits with status 1.
func exitWith(err error) {
	fmt.Fprintf(os.Stderr, "ferretdb-launcher: %s\n", strings.Join(strings.Fields(err.Error()), " "))
	os.Exit(1)
}

func run() error {
	handler := flag.String("handler", "sqlite", "backend: sqlite or postgresql")
	sqliteDir := flag.String("sqlite-dir", "", "directory of the SQLite databases (sqlite handler)")
	postgresURL := flag.String("postgresql-url", "", "connection string of an existing PostgreSQL (postgresql handler)")
	embeddedDir := flag.String("embedded-postgresql-dir", "", "data directory of a PostgreSQL server to run (postgresql handler)")
	embeddedBin := flag.String("embedded-postgresql-bin", "", "directory holding that server's initdb and postgres")
	embeddedPort := flag.Int("embedded-postgresql-port", 0, "port that server listens on, on 127.0.0.1")
	throwAway := flag.Bool("throw-away", false, "the embedded server holds test data: safe only while the machine stays up")
	listen := flag.String("listen", "127.0.0.1:27017", "TCP address to listen on")
	logLevel := flag.String("log-level", "warn", "debug, info, warn or error")
	watchStdin := flag.Bool("exit-on-stdin-close", false, "exit when standard input reaches end of file")
	flag.Parse()

	var level slog.Level
	if err := level.UnmarshalText([]byte(*logLevel)); err != nil {
		return fmt.Errorf("invalid -log-level %q", *logLevel)
	}
	logger := slog.New(statementErrorsAsDebug{slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level})})

	// The parent may read our stderr through a pipe and die first: a write to
	// it must not kill us before the servers have stopped.
	signal.Ignore(syscall.SIGPIPE)
	signalled, stopSignals := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stopSignals()
	ctx, cancel := context.WithCancel(signalled)
	defer cancel()

	if *watchStdin {
		go func() {
			_, _ = io.Copy(io.Discard, os.Stdin)
			cancel()
		}()
	}

	config := &ferretdb.Config{
		Listener: ferretdb.ListenerConfig{TCP: *listen},
		Logger:   logger,
		Handler:  *handler,
	}
	switch *handler {
	case "sqlite":
		if *sqliteDir == "" {
			return errors.New("-sqlite-dir is required with -handler sqlite")
		}
		if err := os.MkdirAll(*sqliteDir, 0o700); err != nil {
			return fmt.Errorf("cannot create %s: %w", *sqliteDir, err)
		}
		config.SQLiteURL = "file:" + *sqliteDir + "/"
	case "postgresql":
		databaseURL := *postgresURL
		switch {
		case (databaseURL == "") == (*embeddedDir == ""):
			return errors.New("-handler postgresql needs either -postgresql-url or -embedded-postgresql-dir")
		case *embeddedDir != "":
			server, err := startEmbeddedPostgres(ctx, embeddedPostgresConfig{
				binDir:    *embeddedBin,
				dataDir:   *embeddedDir,
				port:      *embeddedPort,
				throwAway: *throwAway,
				logLevel:  level,
			})
			if err != nil {
				return err
			}
			defer server.stop()
			go func() {
				<-server.done
				if ctx.Err() != nil {
					return // stopped by us
				}
				// Exit at once: FerretDB's own shutdown lets client connections
				// run on for 3 s, answering every command with an
				// InternalError. A closed connection tells clients the
				// database is gone, and the supervisor restarts it sooner.
				exitWith(fmt.Errorf("PostgreSQL stopped unexpectedly: %v", server.err))
			}()
			databaseURL = server.databaseURL(embeddedDatabaseName)
		}
		if err := ensureDatabase(ctx, databaseURL); err != nil {
			return err
		}
		databaseURL, err := forFerretDB(databaseURL)
		if err != nil {
			return err
		}
		mirrorDone := make(chan struct{})
		go func() {
			mirrorIndexes(ctx, databaseURL, logger)
			close(mirrorDone)
		}()
		// Deferred after server.stop, so it runs first: the mirror never sees the server go away.
		defer func() {
			cancel()
			<-mirrorDone
		}()
		config.PostgreSQLURL = databaseURL
	default:
		return fmt.Errorf("unknown -handler %q (use sqlite or postgresql)", *handler)
	}

	server, err := ferretdb.New(config)
	if err != nil {
		return err
	}
	server.SerializeWrites(writeCommands...)
	if err := server.Run(ctx); err != nil && ctx.Err() == nil {
		return err
	}
	return nil
}
