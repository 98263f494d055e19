// Added to FerretDB's public ferretdb package when the launcher is built (a copy of the module, see
// scripts/embedded-db.mjs).

package ferretdb

// SerializeWrites makes the named commands run one at a time across all connections (see
// handler.SerializeWrites). Call it after New and before Run.
func (f *FerretDB) SerializeWrites(names ...string) {
	f.l.Handler.SerializeWrites(names...)
}
