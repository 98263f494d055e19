package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"slices"
	"strconv"
	"syscall"
)

// osAccount is the operating-system account PostgreSQL runs as.
type osAccount struct {
	name     string
	uid, gid uint32
	// credential switches a child process to this account; nil when it is the launcher's own.
	credential *syscall.Credential
}

// postgresAccount is the launcher's own account or, when the launcher runs as
// root (which initdb and postgres refuse), the account "postgres", created
// when it does not exist.
func postgresAccount() (*osAccount, error) {
	if os.Geteuid() != 0 {
		name := strconv.Itoa(os.Geteuid())
		if current, err := user.Current(); err == nil {
			name = current.Username
		}
		return &osAccount{name: name, uid: uint32(os.Geteuid()), gid: uint32(os.Getegid())}, nil
	}
	account, err := user.Lookup("postgres")
	if errors.As(err, new(user.UnknownUserError)) {
		if err := createPostgresAccount(); err != nil {
			return nil, err
		}
		account, err = user.Lookup("postgres")
	}
	if err != nil {
		return nil, err
	}
	uid, err := strconv.ParseUint(account.Uid, 10, 32)
	if err != nil {
		return nil, err
	}
	gid, err := strconv.ParseUint(account.Gid, 10, 32)
	if err != nil {
		return nil, err
	}
	return &osAccount{
		name:       account.Username,
		uid:        uint32(uid),
		gid:        uint32(gid),
		credential: &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)},
	}, nil
}

func createPostgresAccount() error {
	args := []string{"--system", "--no-create-home"}
	if _, err := user.LookupGroup("postgres"); err == nil {
		args = append(args, "--gid", "postgres")
	} else {
		args = append(args, "--user-group")
	}
	output, err := exec.Command("useradd", append(args, "postgres")...).CombinedOutput()
	if err != nil {
		return fmt.Errorf("PostgreSQL refuses to run as root, and creating the user postgres to run it failed (%v): %s", err, lastLineOf(string(output)))
	}
	fmt.Fprintln(os.Stderr, "ferretdb-launcher: created the system user postgres to run the embedded PostgreSQL (PostgreSQL refuses to run as root)")
	return nil
}

// checkCanEnter reports the first folder on the way to each of dirs that the
// account cannot enter. Only another account than ours (when we are root) can
// be locked out: a folder made by root with mode 0700, such as /root or a
// mkdtemp folder, stops it.
func (a *osAccount) checkCanEnter(dirs ...string) error {
	if a.credential == nil {
		return nil
	}
	for _, dir := range dirs {
		absolute, err := filepath.Abs(dir)
		if err != nil {
			return err
		}
		var path []string
		for folder := absolute; ; folder = filepath.Dir(folder) {
			path = append(path, folder)
			if folder == filepath.Dir(folder) {
				break
			}
		}
		slices.Reverse(path)
		for _, folder := range path {
			info, err := os.Stat(folder)
			if err != nil {
				return err
			}
			if !a.canEnter(info) {
				return fmt.Errorf("PostgreSQL refuses to run as root, so it runs as the user %s, who cannot enter %s (mode %04o, owner uid %d): run as a normal user, let others enter that folder (chmod o+x), or use the SQLite backend",
					a.name, folder, info.Mode().Perm(), info.Sys().(*syscall.Stat_t).Uid)
			}
		}
	}
	return nil
}

// canEnter applies the owner, group or other execute bit, as the kernel does
// for a process without supplementary groups (a Credential without Groups drops them).
func (a *osAccount) canEnter(info os.FileInfo) bool {
	stat := info.Sys().(*syscall.Stat_t)
	mode := info.Mode().Perm()
	switch {
	case stat.Uid == a.uid:
		return mode&0o100 != 0
	case stat.Gid == a.gid:
		return mode&0o010 != 0
	default:
		return mode&0o001 != 0
	}
}

// checkOwns fails with a clear message when the cluster folder belongs to
// another account (say a run as root made it, and this run is not as root),
// which PostgreSQL would refuse less helpfully. A missing or empty folder is
// fine: initdb's cluster takes its place.
func (a *osAccount) checkOwns(dataDir string) error {
	info, err := os.Stat(dataDir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if entries, err := os.ReadDir(dataDir); err == nil && len(entries) == 0 {
		return nil
	}
	if owner := info.Sys().(*syscall.Stat_t).Uid; owner != a.uid {
		name := strconv.Itoa(int(owner))
		if account, err := user.LookupId(name); err == nil {
			name = account.Username
		}
		return fmt.Errorf("%s belongs to %s, but PostgreSQL runs as %s here: remove it, or chown -R it to %s", dataDir, name, a.name, a.name)
	}
	return nil
}

// own gives paths to the account, when it is not ours.
func (a *osAccount) own(paths ...string) error {
	if a.credential == nil {
		return nil
	}
	for _, path := range paths {
		if err := os.Chown(path, int(a.uid), int(a.gid)); err != nil {
			return err
		}
	}
	return nil
}
