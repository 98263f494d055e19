package main

import (
	"context"
	"errors"
	"fmt"
	"net/url"

	"github.com/jackc/pgerrcode"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// ensureDatabase creates the database databaseURL names when it does not exist yet.
func ensureDatabase(ctx context.Context, databaseURL string) error {
	config, err := pgx.ParseConfig(databaseURL)
	if err != nil {
		return fmt.Errorf("invalid PostgreSQL URL: %w", err)
	}
	database := config.Database
	config.Database = "postgres"
	conn, err := pgx.ConnectConfig(ctx, config)
	if err != nil {
		return fmt.Errorf("cannot connect to PostgreSQL: %w", err)
	}
	defer conn.Close(ctx)
	var exists bool
	if err := conn.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", database).Scan(&exists); err != nil || exists {
		return err
	}
	_, err = conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{database}.Sanitize())
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == pgerrcode.DuplicateDatabase {
		return nil // made meanwhile by another launcher on the same server
	}
	if err != nil {
		return fmt.Errorf("cannot create the PostgreSQL database %s: %w", database, err)
	}
	return nil
}

// forFerretDB sets what FerretDB's connections to PostgreSQL need, unless the
// URL already says otherwise:
//
//   - plan_cache_mode=force_custom_plan: PostgreSQL plans every statement for
//     its actual parameters. FerretDB filters with `_jsonb->$1 @> $2` and pgx
//     prepares each statement once per connection; a generic plan, which
//     PostgreSQL may switch to after five runs, does not know which field $1
//     names and so can use no index.
//   - connect_timeout: connecting gives up after a few seconds. pgx waits for
//     ever by default, so a server that accepts connections but does not
//     answer (one still starting, a lost network) would hold each command that
//     needs a new connection, and with it the client that sent it.
func forFerretDB(databaseURL string) (string, error) {
	parsed, err := url.Parse(databaseURL)
	if err != nil {
		return "", fmt.Errorf("invalid PostgreSQL URL: %w", err)
	}
	query := parsed.Query()
	if !query.Has("plan_cache_mode") {
		query.Set("plan_cache_mode", "force_custom_plan")
	}
	if !query.Has("connect_timeout") {
		query.Set("connect_timeout", "5")
	}
	parsed.RawQuery = query.Encode()
	return parsed.String(), nil
}
