// Added to FerretDB's internal/handler package when the launcher is built (a copy of the module, see
// scripts/embedded-db.mjs).

package handler

import (
	"context"
	"sync"

	"github.com/FerretDB/wire"
)

// SerializeWrites makes the named commands run one at a time across all connections, while other
// commands (reads) still run side by side. FerretDB v1 runs an update as a read, a change in Go and a
// write back, so two connections updating one document at once could each write over the other's change.
func (h *Handler) SerializeWrites(names ...string) {
	var writing sync.Mutex

	for _, name := range names {
		cmd := h.commands[name]
		if cmd == nil || cmd.Handler == nil {
			continue
		}

		run := cmd.Handler
		cmd.Handler = func(ctx context.Context, msg *wire.OpMsg) (*wire.OpMsg, error) {
			writing.Lock()
			defer writing.Unlock()

			return run(ctx, msg)
		}
	}
}
