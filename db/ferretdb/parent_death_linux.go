package main

import "syscall"

func setParentDeathSignal(attr *syscall.SysProcAttr, signal syscall.Signal) {
	attr.Pdeathsig = signal
}
