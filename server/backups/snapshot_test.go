package backups

import (
	"archive/zip"
	"context"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/tests"
)

// posixLocks counts the POSIX locks this process holds on path (Linux's /proc/locks).
func posixLocks(t *testing.T, path string) int {
	t.Helper()
	raw, err := os.ReadFile("/proc/locks")
	if err != nil {
		t.Skip("no /proc/locks here:", err)
	}
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	inode := strconv.FormatUint(info.Sys().(*syscall.Stat_t).Ino, 10)
	pid := strconv.Itoa(os.Getpid())
	n := 0
	for _, line := range strings.Split(string(raw), "\n") {
		f := strings.Fields(line)
		// "1: POSIX  ADVISORY  READ 4242 fd:01:9979154 128 128"
		if len(f) >= 6 && f[1] == "POSIX" && f[4] == pid && strings.HasSuffix(f[5], ":"+inode) {
			n++
		}
	}
	return n
}

// backupApp is a test app with the backup hooks and a reservations table, removed at the end.
func backupApp(t *testing.T) *tests.TestApp {
	t.Helper()
	app, err := tests.NewTestApp(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(app.Cleanup)
	registerBackupHooks(app, &Gate{})
	exec(t, app, "CREATE TABLE reservations (id TEXT PRIMARY KEY)")
	return app
}

// A backup leaves the server's SQLite locks as they were: with them gone, the next process to open
// the data (a console command) deleted the WAL under the running server (snapshot.go).
func TestBackupKeepsTheServersLocks(t *testing.T) {
	app := backupApp(t)
	files := []string{"data.db", "data.db-shm", "auxiliary.db", "auxiliary.db-shm"}
	// Twice: the second backup starts from what the first one left.
	for _, backup := range []string{"", "first.zip", "second.zip"} {
		if backup != "" {
			if err := app.CreateBackup(context.Background(), backup); err != nil {
				t.Fatal(err)
			}
		}
		for _, name := range files {
			if posixLocks(t, filepath.Join(app.DataDir(), name)) == 0 {
				t.Fatalf("%s: the process holds no lock on it (after backup %q)", name, backup)
			}
		}
	}
}

// The archive holds the databases as SQLite snapshots (every committed row, no -wal or -shm),
// the rest of pb_data as it is, and none of what the backup excludes.
func TestSnapshotBackupContents(t *testing.T) {
	app := backupApp(t)
	exec(t, app, "INSERT INTO reservations (id) VALUES ('a'), ('b')")
	if err := os.MkdirAll(filepath.Join(app.DataDir(), "storage", "col"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(app.DataDir(), "storage", "col", "photo.txt"), []byte("kept"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := StateDir(app.DataDir()); err != nil {
		t.Fatal(err)
	}
	if err := app.CreateBackup(context.Background(), ""); err != nil {
		t.Fatal(err)
	}
	// Named as PocketBase names a backup asked for without a name.
	zips, err := filepath.Glob(filepath.Join(app.DataDir(), "backups", "pb_backup_*.zip"))
	if err != nil || len(zips) != 1 {
		t.Fatalf("backups: %v %v", zips, err)
	}
	archive, err := zip.OpenReader(zips[0])
	if err != nil {
		t.Fatal(err)
	}
	defer archive.Close()
	var names []string
	for _, f := range archive.File {
		names = append(names, f.Name)
		if strings.HasPrefix(f.Name, "backups/") || strings.HasPrefix(f.Name, StateDirName+"/") || strings.Contains(f.Name, "-wal") || strings.Contains(f.Name, "-shm") {
			t.Errorf("archived %s", f.Name)
		}
	}
	sort.Strings(names)
	for _, want := range []string{"auxiliary.db", "data.db", "storage/col/photo.txt"} {
		if i := sort.SearchStrings(names, want); i == len(names) || names[i] != want {
			t.Errorf("%s not archived: %v", want, names)
		}
	}
	// The snapshot is a database with the rows.
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "data.db"), readEntry(t, archive, "data.db"), 0o600); err != nil {
		t.Fatal(err)
	}
	db, err := dbx.Open("sqlite", filepath.Join(dir, "data.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	if err := db.NewQuery("SELECT count(*) FROM reservations").Row(&n); err != nil || n != 2 {
		t.Fatalf("rows in the snapshot: %d %v", n, err)
	}
}

func readEntry(t *testing.T, archive *zip.ReadCloser, name string) []byte {
	t.Helper()
	f, err := archive.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	buf, err := io.ReadAll(f)
	if err != nil {
		t.Fatal(err)
	}
	return buf
}
