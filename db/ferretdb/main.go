// Command ferretdb-launcher runs FerretDB v1 through its public embedding
// package. A plain `go install` of FerretDB's own CLI panics at start because
// the module lacks its generated version file (FerretDB issue #2982).
//
// The launcher exits when its standard input closes, so a parent process that
// dies without cleaning up never leaves a database server behind.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	handler := flag.String("handler", "sqlite", "backend: sqlite or postgresql")
	sqliteDir := flag.String("sqlite-dir", "", "directory of the SQLite databases (sqlite handler)")
	postgresURL := flag.String("postgresql-url", "", "PostgreSQL connection string (postgresql handler)")
	listen := flag.String("listen", "127.0.0.1:27017", "TCP address to listen on")
	logLevel := flag.String("log-level", "warn", "debug, info, warn or error")
	watchStdin := flag.Bool("exit-on-stdin-close", false, "exit when standard input reaches end of file")
	flag.Parse()

	var level slog.Level
	if err := level.UnmarshalText([]byte(*logLevel)); err != nil {
		fail("invalid -log-level %q", *logLevel)
	}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))

	config := &ferretdb.Config{
		Listener: ferretdb.ListenerConfig{TCP: *listen},
		Logger:   logger,
		Handler:  *handler,
	}
	switch *handler {
	case "sqlite":
		if *sqliteDir == "" {
			fail("-sqlite-dir is required with -handler sqlite")
		}
		if err := os.MkdirAll(*sqliteDir, 0o700); err != nil {
			fail("cannot create %s: %v", *sqliteDir, err)
		}
		config.SQLiteURL = "file:" + *sqliteDir + "/"
	case "postgresql":
		if *postgresURL == "" {
			fail("-postgresql-url is required with -handler postgresql")
		}
		config.PostgreSQLURL = *postgresURL
	default:
		fail("unknown -handler %q (use sqlite or postgresql)", *handler)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	if *watchStdin {
		go func() {
			_, _ = io.Copy(io.Discard, os.Stdin)
			stop()
		}()
	}

	server, err := ferretdb.New(config)
	if err != nil {
		fail("%v", err)
	}
	if err := server.Run(ctx); err != nil && ctx.Err() == nil {
		fail("%v", err)
	}
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "ferretdb-launcher: "+format+"\n", args...)
	os.Exit(1)
}
