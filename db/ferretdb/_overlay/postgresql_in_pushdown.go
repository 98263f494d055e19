// Added to FerretDB's internal/backends/postgresql package when the launcher is built (a copy of the module,
// see scripts/embedded-db.mjs), with the `case "$in"` in query.go that calls it (SOURCE_INSERTIONS there).

package postgresql

import (
	"errors"
	"fmt"
	"time"

	"github.com/FerretDB/FerretDB/internal/backends/postgresql/metadata"
	"github.com/FerretDB/FerretDB/internal/handler/sjson"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/iterator"
)

// filterIn pushes `{k: {$in: [...]}}` down to PostgreSQL as `_jsonb->k @> ANY(values)`, which the index
// mirror's GIN twins answer (FerretDB v1 pushes down equalities only, so an $in read every row the other
// filters let through). Like filterEqual's `@>`, it keeps every document that may match (an array holding
// one of the values too): FerretDB applies the whole filter again to what it reads. It returns "" (no
// pushdown) when a value is not a string, an ObjectID or a date: a null also matches a missing field, and
// numbers have the safe-range cases filterEqual handles. A dotted field is not pushed down either: its path
// may pass through an array, which `#>` does not follow.
func filterIn(p *metadata.Placeholder, k any, values *types.Array, operator string) (filter string, args []any) {
	if operator != "->" {
		return "", nil
	}

	jsonValues := make([]string, 0, values.Len())

	iter := values.Iterator()
	defer iter.Close()

	for {
		_, v, err := iter.Next()
		if errors.Is(err, iterator.ErrIteratorDone) {
			break
		}

		if err != nil {
			return "", nil
		}

		switch v.(type) {
		case string, types.ObjectID, time.Time:
			b, err := sjson.MarshalSingleValue(v)
			if err != nil {
				return "", nil
			}

			jsonValues = append(jsonValues, string(b))

		default:
			return "", nil
		}
	}

	// The second condition lets through the same documents, but PostgreSQL checks `= ANY` by hashing: when
	// it plans to find the documents by another index (its statistics not yet holding a user's new rows), each
	// one found costs one lookup instead of a comparison with every value of the list.
	field := fmt.Sprintf(`%s%s%s`, metadata.DefaultColumn, operator, p.Next())
	list := fmt.Sprintf(`%s::text[]::jsonb[]`, p.Next())
	filter = fmt.Sprintf(`(%[1]s @> ANY(%[2]s) AND (%[1]s = ANY(%[2]s) OR jsonb_typeof(%[1]s) = 'array'))`, field, list)

	return filter, []any{k, jsonValues}
}
