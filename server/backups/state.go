// Package backups keeps the venue's data safe across a restore (issue 32 item 6): nightly backups
// at 4:30 AM venue time, S3 settings from the environment, the write gate that answers 503 while a
// restore is under way, the data generation tablets compare, the owner's restore routes and the
// console commands.
//
// What must survive a restore lives in pb_data/venue_state, which no backup holds and no restore
// replaces (the OnBackupCreate and OnBackupRestore handlers add it to PocketBase's exclusions): the
// data generation and the outbox's ledger of sent mails (server/outbox/ledger.go).
package backups

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// StateDirName is pb_data's entry kept out of every backup and every restore.
const StateDirName = "venue_state"

const generationFile = "generation"

// StateDir is where the state that outlives a restore is kept (created if missing).
func StateDir(dataDir string) (string, error) {
	dir := filepath.Join(dataDir, StateDirName)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", fmt.Errorf("backups: cannot create %s: %w", dir, err)
	}
	return dir, nil
}

// Generation is the data generation: 1 until the first restore, one more after each. A tablet
// that pulled under another generation has rows the restore took away (or lacks rows it brought
// back), so its next pull is the full window (server/syncpull.go, hooks/create/sync.ts). Read from the file on each
// call: the console command (another process) bumps it too.
func Generation(dataDir string) int64 {
	raw, err := os.ReadFile(filepath.Join(dataDir, StateDirName, generationFile))
	if err != nil {
		return 1
	}
	n, err := strconv.ParseInt(strings.TrimSpace(string(raw)), 10, 64)
	if err != nil || n < 1 {
		return 1
	}
	return n
}

// A restore prepares the next generation (generation.next) before it replaces the data, and the
// restored server promotes it when it starts: until then the old process, still answering reads,
// keeps telling the old generation, so nobody takes it for the restored server.
const nextFile = generationFile + ".next"

// PrepareGeneration writes the generation the restored data will have.
func PrepareGeneration(dataDir string) error {
	dir, err := StateDir(dataDir)
	if err != nil {
		return err
	}
	next := strconv.FormatInt(Generation(dataDir)+1, 10) + "\n"
	return os.WriteFile(filepath.Join(dir, nextFile), []byte(next), 0o600)
}

// PromoteGeneration makes a prepared generation the current one (at start-up, after a restore).
func PromoteGeneration(dataDir string) error {
	next := filepath.Join(dataDir, StateDirName, nextFile)
	if _, err := os.Stat(next); err != nil {
		return nil // no restore since the last start
	}
	return os.Rename(next, filepath.Join(dataDir, StateDirName, generationFile))
}

// DropPreparedGeneration forgets the prepared generation (the restore failed).
func DropPreparedGeneration(dataDir string) {
	_ = os.Remove(filepath.Join(dataDir, StateDirName, nextFile))
}
