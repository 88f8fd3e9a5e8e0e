package backups

import (
	"archive/zip"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Since is what a restore of a backup would take away: the bookings made after it, and how many
// of the mails that went out after it (confirmations, changes, codes) those bookings got.
type Since struct {
	// Bookings: reservations in the live data that the backup lacks (a restore removes them).
	Bookings int `json:"bookings"`
	// Mailed: of those, the ones whose guest was already mailed (the ledger keeps the restored
	// queue from mailing again what went out, server/outbox/ledger.go).
	Mailed int `json:"mailed"`
}

// CountSince compares the backup's reservations and outbox with the live data.
func CountSince(app core.App, name string) (Since, error) {
	// Inside pb_data's temp dir, which PocketBase empties at start and keeps out of backups.
	temp := filepath.Join(app.DataDir(), core.LocalTempDirName)
	if err := os.MkdirAll(temp, 0o700); err != nil {
		return Since{}, err
	}
	dir, err := os.MkdirTemp(temp, "venue_since_")
	if err != nil {
		return Since{}, err
	}
	defer os.RemoveAll(dir)
	dbPath, err := extractDataDB(app, name, dir)
	if err != nil {
		return Since{}, err
	}
	old, err := dbx.Open("sqlite", "file:"+dbPath+"?mode=ro")
	if err != nil {
		return Since{}, err
	}
	defer old.Close()
	inBackup, err := idSet(old, "SELECT id FROM reservations")
	if err != nil {
		return Since{}, fmt.Errorf("the backup has no reservations table: %w", err)
	}
	live, err := liveBookings(app)
	if err != nil {
		return Since{}, err
	}
	out := Since{}
	for id, mailed := range live {
		if !inBackup[id] {
			out.Bookings++
			if mailed {
				out.Mailed++
			}
		}
	}
	return out, nil
}

// liveBookingsSQL is every reservation id, with whether a mail of it has gone out. The sent
// mails are read once (a list subquery), not looked up per reservation: SQLite without table
// statistics answered a per-reservation EXISTS from the (kind, status) index, reading every sent
// mail for each booking, and a restore under load waited over a minute for this count.
const liveBookingsSQL = "SELECT r.id AS id, r.id IN (SELECT o.record_id FROM outbox o WHERE o.record_collection = 'reservations' " +
	"AND o.kind = 'mail' AND o.status = 'sent') AS mailed FROM reservations r"

// liveBookings: every reservation id, with whether a mail of it has gone out.
func liveBookings(app core.App) (map[string]bool, error) {
	var rows []struct {
		ID     string `db:"id"`
		Mailed int    `db:"mailed"`
	}
	err := app.ConcurrentDB().NewQuery(liveBookingsSQL).All(&rows)
	out := make(map[string]bool, len(rows))
	for _, r := range rows {
		out[r.ID] = r.Mailed == 1
	}
	return out, err
}

func idSet(db *dbx.DB, query string) (map[string]bool, error) {
	var ids []string
	if err := db.NewQuery(query).Column(&ids); err != nil {
		return nil, err
	}
	out := make(map[string]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out, nil
}

// extractDataDB copies the backup's data.db into dir (from S3 too, through PocketBase's backups
// filesystem) and returns its path.
func extractDataDB(app core.App, name, dir string) (string, error) {
	fsys, err := app.NewBackupsFilesystem()
	if err != nil {
		return "", err
	}
	defer fsys.Close()
	reader, err := fsys.GetReader(name)
	if err != nil {
		return "", fmt.Errorf("no backup named %q: %w", name, err)
	}
	defer reader.Close()
	zipPath := filepath.Join(dir, "backup.zip")
	if err := copyTo(zipPath, reader); err != nil {
		return "", err
	}
	archive, err := zip.OpenReader(zipPath)
	if err != nil {
		return "", fmt.Errorf("the backup %q is not a zip archive: %w", name, err)
	}
	defer archive.Close()
	entry, err := archive.Open("data.db")
	if err != nil {
		return "", fmt.Errorf("the backup %q holds no data.db: %w", name, err)
	}
	defer entry.Close()
	dbPath := filepath.Join(dir, "data.db")
	return dbPath, copyTo(dbPath, entry)
}

func copyTo(path string, r io.Reader) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, r); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
