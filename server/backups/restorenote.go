package backups

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"
)

// A restore in the activity log (issue 32 item 4): who restored which backup, when, and what it
// took away. The row cannot be written before the restore (the restored data replaces the database
// it would be in) nor after it in the same process (a restore ends in a restart, or the console
// command exits). So the restore leaves a note in venue_state, which no restore replaces, and the
// next serve writes the row, once: the row takes the note's id, so a crash between writing it and
// removing the note never writes it twice.

const noteFile = "restore-note.json"

// restoreByKey: the app store entry the owner's route and the console command set before calling
// RestoreBackup, saying who asks (PocketBase's dashboard sets none: a superuser).
const restoreByKey = "venueRestoreBy"

// RestoreBy is who asked for a restore.
type RestoreBy struct {
	ActorID   string `json:"actorId"`
	ActorName string `json:"actorName"`
	Device    string `json:"device"`
	Via       string `json:"via"` // "staff area", "console", "PocketBase dashboard"
}

type restoreNote struct {
	ID       string    `json:"id"`
	Backup   string    `json:"backup"`
	At       time.Time `json:"at"`
	Bookings int       `json:"bookings"`
	Mailed   int       `json:"mailed"`
	Counted  bool      `json:"counted"`
	By       RestoreBy `json:"by"`
}

// SetRestoreBy says who asks for the next restore (read by the OnBackupRestore handler).
func SetRestoreBy(app core.App, by RestoreBy) { app.Store().Set(restoreByKey, by) }

// restoreByOf takes who asked (once: a failed restore's asker is not the next one's).
func restoreByOf(app core.App) RestoreBy {
	by, ok := app.Store().Get(restoreByKey).(RestoreBy)
	app.Store().Remove(restoreByKey)
	if ok {
		return by
	}
	return RestoreBy{ActorName: "A superuser", Via: "PocketBase dashboard"}
}

// writeRestoreNote records, before the data is replaced, what the next serve logs.
func writeRestoreNote(app core.App, name string) error {
	note := restoreNote{ID: security.RandomStringWithAlphabet(15, "abcdefghijklmnopqrstuvwxyz0123456789"), Backup: name, At: time.Now().UTC(), By: restoreByOf(app)}
	if since, err := CountSince(app, name); err == nil {
		note.Bookings, note.Mailed, note.Counted = since.Bookings, since.Mailed, true
	} else {
		app.Logger().Warn("restore note: could not count what the restore takes away", "error", err.Error())
	}
	dir, err := StateDir(app.DataDir())
	if err != nil {
		return err
	}
	raw, _ := json.Marshal(note)
	return os.WriteFile(filepath.Join(dir, noteFile), raw, 0o600)
}

func dropRestoreNote(dataDir string) { _ = os.Remove(filepath.Join(dataDir, StateDirName, noteFile)) }

// RestoreFacts is what a restore's row tells (src/lib/rules/activity.ts RestoreFacts).
type RestoreFacts struct {
	Backup   string `json:"backup"`
	Via      string `json:"via"`
	Counted  bool   `json:"counted"`
	Bookings int    `json:"bookings"`
	Mailed   int    `json:"mailed"`
}

// RestoreWords gives a restore's activity row its kind and line, from the shared rules
// (src/lib/rules/activity.ts RESTORE_KIND, restoreSummary): the Activity view filters by that kind.
type RestoreWords func(RestoreFacts) (kind, summary string, err error)

func (n restoreNote) facts() RestoreFacts {
	return RestoreFacts{Backup: n.Backup, Via: n.By.Via, Counted: n.Counted, Bookings: n.Bookings, Mailed: n.Mailed}
}

// logRestoreNote writes the activity row of the last restore, if a note is waiting (at serve
// start, after the migrations). A note it cannot read is logged and set aside, never retried forever.
func logRestoreNote(app core.App, words RestoreWords) error {
	path := filepath.Join(app.DataDir(), StateDirName, noteFile)
	raw, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	var note restoreNote
	if err := json.Unmarshal(raw, &note); err != nil || note.ID == "" {
		app.Logger().Error("restore note unreadable: set aside as restore-note.bad", "error", fmt.Sprint(err))
		return os.Rename(path, path+".bad")
	}
	if _, err := app.FindRecordById("activity", note.ID); err != nil {
		if err := saveRestoreRow(app, note, words); err != nil {
			return err
		}
	}
	return os.Remove(path)
}

func saveRestoreRow(app core.App, note restoreNote, words RestoreWords) error {
	if words == nil {
		return errors.New("no words for the restore's row (backups.Options.RestoreWords)")
	}
	kind, summary, err := words(note.facts())
	if err != nil {
		return err
	}
	collection, err := app.FindCachedCollectionByNameOrId("activity")
	if err != nil {
		return err
	}
	row := core.NewRecord(collection)
	row.Id = note.ID
	// The account may not be in the restored data (made after that backup): its name stays.
	if note.By.ActorID != "" {
		if _, err := app.FindRecordById("users", note.By.ActorID); err == nil {
			row.Set("actor", note.By.ActorID)
		}
	}
	row.Set("actor_name", note.By.ActorName)
	row.Set("device", note.By.Device)
	row.Set("kind", kind)
	row.Set("target_id", "")
	row.Set("summary", summary)
	row.Set("after", map[string]any{"backup": note.Backup, "bookings": note.Bookings, "mailed": note.Mailed, "via": note.By.Via})
	row.Set("made_at", note.At.Format("2006-01-02T15:04:05.000Z"))
	return app.Save(row)
}
