//go:build !linux

package main

import "syscall"

// setParentDeathSignal does nothing: only Linux can signal a child when its
// parent dies. Elsewhere the launcher's own shutdown (signal or closed stdin)
// stops the server.
func setParentDeathSignal(*syscall.SysProcAttr, syscall.Signal) {}
