package backups

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// The serving process holds an exclusive lock on pb_data/venue_state/serve.lock, so the console
// command can tell that the server is running. (Restarting after a restore, the process execs
// itself: Go opens files close-on-exec, so the lock goes with the old image and the new one takes it.)
const lockName = "serve.lock"

var errServing = errors.New("the server is running")

// held keeps the serving process's lock file open (and so locked) for its lifetime.
var held *os.File

func lockServe(dataDir string) error {
	f, err := tryLock(dataDir)
	if err != nil {
		return fmt.Errorf("backups: %w (another venue-server on the same data dir?)", err)
	}
	held = f
	return nil
}

// tryLock takes the lock, or errServing when another process holds it.
func tryLock(dataDir string) (*os.File, error) {
	dir, err := StateDir(dataDir)
	if err != nil {
		return nil, err
	}
	f, err := os.OpenFile(filepath.Join(dir, lockName), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		return nil, errServing
	}
	return f, nil
}
