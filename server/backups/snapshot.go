package backups

import (
	"archive/zip"
	"compress/flate"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/inflector"
)

// Every backup (the nightly one, the dashboard's, `backup:create`) is archived here instead of by
// PocketBase's own CreateBackup, which zips pb_data's files as they are: it opens data.db and
// auxiliary.db (and their -wal and -shm) with os.Open and closes them. SQLite's locks are POSIX
// record locks, which belong to the process, and closing any descriptor of a file drops all of
// the process's locks on it, while SQLite still believes it holds them. After one backup the
// server held no lock on its databases at all, so the next process to open them (any console
// command: backup:list, admin:grant, retention:run) took itself for the only one: it reset the
// shared WAL index on opening and, on closing, checkpointed and deleted the WAL and the index
// under the running server. The server then wrote to a deleted WAL that no new connection sees,
// and answered bare 400s (and 401s for valid tokens) until its pool reopened connections, its
// writes since the command lost (tests/api/console-on-live-data.test.ts; PocketBase issue 7810).
//
// Here SQLite copies each database itself (VACUUM INTO, on one of the server's own connections:
// a consistent snapshot that holds no write lock), and only the copies and the files that are not
// databases are opened by the zip writer.
const snapshotHookID = "venueSnapshotBackup"

// databases are pb_data's SQLite files, archived from their snapshots; their -wal, -shm and
// -journal files are left out (a snapshot holds every committed row).
var databases = map[string]func(core.App) dbx.Builder{
	"data.db":      core.App.ConcurrentDB,
	"auxiliary.db": core.App.AuxConcurrentDB,
}

// bindSnapshotBackup replaces PocketBase's archiving step: bound last, it runs after every other
// OnBackupCreate handler (they still add their exclusions) and does not call e.Next().
func bindSnapshotBackup(app core.App) {
	app.OnBackupCreate().Bind(&hook.Handler[*core.BackupEvent]{
		Id:       snapshotHookID,
		Priority: 99999,
		Func:     createSnapshotBackup,
	})
}

func createSnapshotBackup(e *core.BackupEvent) error {
	if e.Name == "" {
		e.Name = defaultBackupName(e.App)
	}
	// Inside pb_data (PocketBase empties its temp dir at start and keeps it out of backups).
	temp := filepath.Join(e.App.DataDir(), core.LocalTempDirName)
	if err := os.MkdirAll(temp, 0o700); err != nil {
		return err
	}
	work, err := os.MkdirTemp(temp, "venue_backup_")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	snapshots := map[string]string{}
	for name, db := range databases {
		snapshots[name] = filepath.Join(work, name)
		if _, err := db(e.App).NewQuery("VACUUM INTO {:path}").Bind(dbx.Params{"path": snapshots[name]}).Execute(); err != nil {
			return fmt.Errorf("backups: cannot snapshot %s: %w", name, err)
		}
	}
	zipPath := filepath.Join(work, "backup.zip")
	if err := writeArchive(zipPath, e.App.DataDir(), e.Exclude, snapshots); err != nil {
		return err
	}
	fsys, err := e.App.NewBackupsFilesystem()
	if err != nil {
		return err
	}
	defer fsys.Close()
	fsys.SetContext(e.Context)
	file, err := filesystem.NewFileFromPath(zipPath)
	if err != nil {
		return err
	}
	file.OriginalName, file.Name = e.Name, e.Name
	return fsys.UploadFile(file, e.Name)
}

// defaultBackupName is PocketBase's name for a backup asked for without one (the dashboard's).
func defaultBackupName(app core.App) string {
	appName := inflector.Snakecase(app.Settings().Meta.AppName)
	if len(appName) > 50 {
		appName = appName[:50]
	}
	return fmt.Sprintf("pb_backup_%s_%s.zip", appName, time.Now().UTC().Format("20060102150405"))
}

// writeArchive zips dataDir as PocketBase's archive does (paths relative to it, exclude's entries
// left out), except that each database is taken from its snapshot.
func writeArchive(dest, dataDir string, exclude []string, snapshots map[string]string) error {
	out, err := os.Create(dest)
	if err != nil {
		return err
	}
	zw := zip.NewWriter(out)
	zw.RegisterCompressor(zip.Deflate, func(w io.Writer) (io.WriteCloser, error) {
		return flate.NewWriter(w, flate.BestSpeed)
	})
	err = fs.WalkDir(os.DirFS(dataDir), ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || excluded(name, exclude) || isDatabaseFile(name) {
			return err
		}
		return addFile(zw, name, filepath.Join(dataDir, name))
	})
	for name, path := range snapshots {
		if err == nil {
			err = addFile(zw, name, path)
		}
	}
	if closeErr := zw.Close(); err == nil {
		err = closeErr
	}
	if closeErr := out.Close(); err == nil {
		err = closeErr
	}
	return err
}

func excluded(name string, exclude []string) bool {
	for _, skip := range exclude {
		skip = filepath.Clean(skip)
		if name == skip || strings.HasPrefix(name, skip+"/") {
			return true
		}
	}
	return false
}

// isDatabaseFile: a live database or one of its companions, which must never be opened here.
func isDatabaseFile(name string) bool {
	for db := range databases {
		if name == db || strings.HasPrefix(name, db+"-") {
			return true
		}
	}
	return false
}

func addFile(zw *zip.Writer, name, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return err
	}
	h, err := zip.FileInfoHeader(info)
	if err != nil {
		return err
	}
	h.Name, h.Method = name, zip.Deflate
	w, err := zw.CreateHeader(h)
	if err != nil {
		return err
	}
	_, err = io.Copy(w, f)
	return err
}
