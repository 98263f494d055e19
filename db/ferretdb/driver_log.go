package main

import (
	"context"
	"log/slog"
)

// statementErrorsAsDebug logs the PostgreSQL driver's record of a failed
// statement (FerretDB logs each one at ERROR, with its SQL and arguments) at
// DEBUG instead: FerretDB returns that error to its client anyway, and most
// are expected ones, such as the duplicate key of a second sign-up.
type statementErrorsAsDebug struct{ slog.Handler }

func (h statementErrorsAsDebug) Handle(ctx context.Context, record slog.Record) error {
	if record.Level > slog.LevelDebug && hasAttr(record, "sql") {
		if !h.Handler.Enabled(ctx, slog.LevelDebug) {
			return nil
		}
		record.Level = slog.LevelDebug
	}
	return h.Handler.Handle(ctx, record)
}

func (h statementErrorsAsDebug) WithAttrs(attrs []slog.Attr) slog.Handler {
	return statementErrorsAsDebug{h.Handler.WithAttrs(attrs)}
}

func (h statementErrorsAsDebug) WithGroup(name string) slog.Handler {
	return statementErrorsAsDebug{h.Handler.WithGroup(name)}
}

func hasAttr(record slog.Record, key string) bool {
	found := false
	record.Attrs(func(attr slog.Attr) bool {
		found = attr.Key == key
		return !found
	})
	return found
}
