package main

// FerretDB v1 pushes equality filters on top-level fields down to PostgreSQL
// as `_jsonb->'field' @> value`, but builds each MongoDB index as a btree on
// `(_jsonb->'field')`, which cannot answer `@>`: without help every query
// scans its whole table. The index mirror gives each FerretDB index a GIN
// twin on the same expressions (jsonb_path_ops serves `@>`), named after it
// with "_gin" in place of "_idx". Dotted fields are left out: the embedded
// FerretDB does not push filters on them down. Collections and indexes
// appear whenever the app creates them, so the mirror reads FerretDB's
// metadata tables every second, creates the twins that are missing and drops
// those whose index is gone.
//
// The btrees themselves serve no query of FerretDB v1: its filters are `@>`
// (which a btree cannot answer) and it sorts in SQL only by record id. A
// non-unique one is therefore pure cost on every insert (an import writes
// 20,000 rows into ten of them), so the mirror replaces each with an empty
// partial index of the same name (`WHERE false`): FerretDB still finds it to
// drop, PostgreSQL never has to update it. Unique ones stay: they enforce.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgerrcode"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

const (
	metadataTable   = "_ferretdb_database_metadata"
	mirrorSuffix    = "_gin"
	emptyPredicate  = "WHERE false"
	mirrorInterval  = time.Second
	mirrorLockLimit = "1s"
)

// ginMirror is the GIN twin of one FerretDB index.
type ginMirror struct {
	schema, table, name string
	fields              []string
}

// unusedBtree is a non-unique FerretDB index (its btree), to be emptied.
type unusedBtree struct {
	schema, table, name string
}

// mirrorIndexes keeps the twins in step until ctx ends. An error does not
// stop it: the next round tries again (a collection dropped while it was
// read, a lock another session held).
func mirrorIndexes(ctx context.Context, databaseURL string, logger *slog.Logger) {
	config, err := pgxpool.ParseConfig(databaseURL)
	if err != nil {
		logger.Error("index mirror: invalid PostgreSQL URL", "error", err)
		return
	}
	config.MaxConns = 1
	config.ConnConfig.RuntimeParams["application_name"] = "ledgerly-index-mirror"
	// Never hold up FerretDB's own DDL for long: wait for a lock at most this long, then retry next round.
	config.ConnConfig.RuntimeParams["lock_timeout"] = mirrorLockLimit
	pool, err := pgxpool.NewWithConfig(ctx, config)
	if err != nil {
		logger.Error("index mirror: cannot connect", "error", err)
		return
	}
	defer pool.Close()

	var lastError string
	for {
		err := syncMirrors(ctx, pool)
		switch {
		case ctx.Err() != nil:
			return
		case err != nil && err.Error() != lastError:
			logger.Warn("index mirror: "+err.Error(), "retry", mirrorInterval)
		}
		lastError = fmt.Sprint(err)
		select {
		case <-ctx.Done():
			return
		case <-time.After(mirrorInterval):
		}
	}
}

func syncMirrors(ctx context.Context, pool *pgxpool.Pool) error {
	schemas, err := ferretSchemas(ctx, pool)
	if err != nil || len(schemas) == 0 {
		return err
	}
	wanted := map[string]ginMirror{}
	tables := map[string]bool{}
	var btrees []unusedBtree
	for _, schema := range schemas {
		mirrors, unused, err := wantedMirrors(ctx, pool, schema)
		if isGone(err) {
			continue
		}
		if err != nil {
			return err
		}
		for _, mirror := range mirrors {
			wanted[mirror.schema+"."+mirror.name] = mirror
			tables[mirror.schema+"."+mirror.table] = true
		}
		btrees = append(btrees, unused...)
	}
	if err := emptyBtrees(ctx, pool, btrees); err != nil {
		return err
	}

	rows, err := pool.Query(ctx,
		`SELECT schemaname, tablename, indexname FROM pg_catalog.pg_indexes WHERE schemaname = ANY($1) AND indexname LIKE '%\`+mirrorSuffix+`'`,
		schemas)
	if err != nil {
		return err
	}
	existing, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (ginMirror, error) {
		var mirror ginMirror
		return mirror, row.Scan(&mirror.schema, &mirror.table, &mirror.name)
	})
	if err != nil {
		return err
	}

	for _, mirror := range existing {
		key := mirror.schema + "." + mirror.name
		if _, ok := wanted[key]; ok {
			delete(wanted, key)
			continue
		}
		if !tables[mirror.schema+"."+mirror.table] {
			continue // not on a table of FerretDB's
		}
		if _, err := pool.Exec(ctx, "DROP INDEX IF EXISTS "+pgx.Identifier{mirror.schema, mirror.name}.Sanitize()); err != nil && !isGone(err) {
			return err
		}
	}
	for _, mirror := range wanted {
		if _, err := pool.Exec(ctx, mirror.createStatement()); err != nil && !isGone(err) {
			return err
		}
	}
	return nil
}

// ferretSchemas lists the schemas that hold a FerretDB database.
func ferretSchemas(ctx context.Context, pool *pgxpool.Pool) ([]string, error) {
	rows, err := pool.Query(ctx, `
		SELECT n.nspname FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
		WHERE c.relname = $1 AND c.relkind = 'r'`, metadataTable)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// wantedMirrors reads one FerretDB database's collections and their indexes from its metadata table:
// the GIN twins they want, and their non-unique btrees.
func wantedMirrors(ctx context.Context, pool *pgxpool.Pool, schema string) ([]ginMirror, []unusedBtree, error) {
	rows, err := pool.Query(ctx, fmt.Sprintf(
		`SELECT _jsonb->>'table', COALESCE(_jsonb->'indexes', '[]') FROM %s`, pgx.Identifier{schema, metadataTable}.Sanitize()))
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	var mirrors []ginMirror
	var btrees []unusedBtree
	for rows.Next() {
		var table string
		var indexes []struct {
			PgIndex string                     `json:"pgindex"`
			Key     map[string]json.RawMessage `json:"key"`
			Unique  bool                       `json:"unique"`
		}
		if err := rows.Scan(&table, &indexes); err != nil {
			return nil, nil, err
		}
		for _, index := range indexes {
			if !index.Unique && index.PgIndex != "" {
				btrees = append(btrees, unusedBtree{schema: schema, table: table, name: index.PgIndex})
			}
			fields := slices.DeleteFunc(slices.Sorted(maps.Keys(index.Key)), func(field string) bool { return strings.Contains(field, ".") })
			if len(fields) == 0 {
				continue
			}
			name := strings.TrimSuffix(index.PgIndex, "_idx") + mirrorSuffix
			mirrors = append(mirrors, ginMirror{schema: schema, table: table, name: name, fields: fields})
		}
	}
	return mirrors, btrees, rows.Err()
}

// emptyBtrees replaces each btree that still indexes rows with an empty partial index of its name, in one
// transaction each (FerretDB never sees the name missing).
func emptyBtrees(ctx context.Context, pool *pgxpool.Pool, btrees []unusedBtree) error {
	if len(btrees) == 0 {
		return nil
	}
	schemas, names := make([]string, len(btrees)), make([]string, len(btrees))
	for i, btree := range btrees {
		schemas[i], names[i] = btree.schema, btree.name
	}
	rows, err := pool.Query(ctx, `
		SELECT schemaname || '.' || indexname FROM pg_catalog.pg_indexes
		WHERE (schemaname, indexname) IN (SELECT * FROM unnest($1::text[], $2::text[])) AND indexdef NOT LIKE '% `+emptyPredicate+`'`,
		schemas, names)
	if err != nil {
		return err
	}
	filled, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return err
	}
	for _, btree := range btrees {
		if !slices.Contains(filled, btree.schema+"."+btree.name) {
			continue
		}
		err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, "DROP INDEX "+pgx.Identifier{btree.schema, btree.name}.Sanitize()); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, fmt.Sprintf("CREATE INDEX %s ON %s ((_jsonb -> '_id')) %s",
				pgx.Identifier{btree.name}.Sanitize(), pgx.Identifier{btree.schema, btree.table}.Sanitize(), emptyPredicate))
			return err
		})
		if err != nil && !isGone(err) {
			return err
		}
	}
	return nil
}

func (m ginMirror) createStatement() string {
	columns := make([]string, len(m.fields))
	for i, field := range m.fields {
		columns[i] = "(_jsonb -> " + quoteLiteral(field) + ") jsonb_path_ops"
	}
	// Without fastupdate an insert updates the index at once: a bulk write (an import, another
	// user's history) would otherwise leave a pending list every query scans until vacuum merges it.
	return fmt.Sprintf("CREATE INDEX IF NOT EXISTS %s ON %s USING gin (%s) WITH (fastupdate = off)",
		pgx.Identifier{m.name}.Sanitize(), pgx.Identifier{m.schema, m.table}.Sanitize(), strings.Join(columns, ", "))
}

func quoteLiteral(text string) string {
	return "'" + strings.ReplaceAll(text, "'", "''") + "'"
}

// isGone tells whether err says a schema or table disappeared meanwhile (the app dropped it).
func isGone(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && (pgErr.Code == pgerrcode.UndefinedTable || pgErr.Code == pgerrcode.InvalidSchemaName)
}
