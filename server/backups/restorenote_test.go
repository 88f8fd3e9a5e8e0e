package backups

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// activityApp is a test app with the activity log's fields (pb_migrations) the restore row fills.
func activityApp(t *testing.T) *tests.TestApp {
	t.Helper()
	app := backupApp(t)
	activity := core.NewBaseCollection("activity")
	for _, name := range []string{"actor", "actor_name", "device", "kind", "target_id", "summary", "made_at"} {
		activity.Fields.Add(&core.TextField{Name: name})
	}
	activity.Fields.Add(&core.JSONField{Name: "after"})
	if err := app.Save(activity); err != nil {
		t.Fatal(err)
	}
	return app
}

// words stands for the shared rules (src/lib/rules/activity.ts): it shows the facts it was given.
func words(facts RestoreFacts) (string, string, error) {
	return "system.restore", facts.Backup + " from the " + facts.Via, nil
}

func restoreRows(t *testing.T, app core.App) []*core.Record {
	t.Helper()
	rows, err := app.FindAllRecords("activity")
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// A restore leaves a note; the next start writes its row from it, once, and removes the note.
func TestRestoreNoteBecomesOneActivityRow(t *testing.T) {
	app := activityApp(t)
	note := filepath.Join(app.DataDir(), StateDirName, noteFile)
	SetRestoreBy(app, RestoreBy{ActorName: "The console (venue-server backup:restore)", Via: "console"})
	if err := writeRestoreNote(app, "nightly.zip"); err != nil {
		t.Fatal(err)
	}
	if _, ok := app.Store().Get(restoreByKey).(RestoreBy); ok {
		t.Fatal("who asked is taken once: the next restore's asker is its own")
	}
	raw, err := os.ReadFile(note)
	if err != nil {
		t.Fatal(err)
	}

	// The words fail: no row, and the note waits for the next start.
	failing := func(RestoreFacts) (string, string, error) { return "", "", errors.New("no bundle") }
	if err := logRestoreNote(app, failing); err == nil || len(restoreRows(t, app)) != 0 {
		t.Fatal("a row without its words must not be written")
	}
	if _, err := os.Stat(note); err != nil {
		t.Fatal("the note must wait for the next start:", err)
	}

	if err := logRestoreNote(app, words); err != nil {
		t.Fatal(err)
	}
	rows := restoreRows(t, app)
	if len(rows) != 1 {
		t.Fatalf("%d rows, want 1", len(rows))
	}
	row := rows[0]
	if row.GetString("kind") != "system.restore" || row.GetString("summary") != "nightly.zip from the console" ||
		row.GetString("actor_name") != "The console (venue-server backup:restore)" || row.GetString("actor") != "" {
		t.Fatalf("row: %v", row.FieldsData())
	}
	if _, err := os.Stat(note); !errors.Is(err, os.ErrNotExist) {
		t.Fatal("the note must be gone once its row is written")
	}

	// A crash after the row and before the note's removal: the row is not written twice.
	if err := os.WriteFile(note, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := logRestoreNote(app, words); err != nil {
		t.Fatal(err)
	}
	if n := len(restoreRows(t, app)); n != 1 {
		t.Fatalf("%d rows after the same note again, want 1", n)
	}
}

// A note that cannot be read is set aside, not retried at every start.
func TestUnreadableRestoreNoteIsSetAside(t *testing.T) {
	app := activityApp(t)
	dir, err := StateDir(app.DataDir())
	if err != nil {
		t.Fatal(err)
	}
	note := filepath.Join(dir, noteFile)
	if err := os.WriteFile(note, []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := logRestoreNote(app, words); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(note + ".bad"); err != nil {
		t.Fatal("the unreadable note must be kept aside:", err)
	}
	if n := len(restoreRows(t, app)); n != 0 {
		t.Fatalf("%d rows from an unreadable note", n)
	}
}

// A restore that fails (here: no such backup) leaves no note: the next start logs no restore.
func TestFailedRestoreLeavesNoNote(t *testing.T) {
	app := backupApp(t)
	SetRestoreBy(app, RestoreBy{ActorName: "someone", Via: "console"})
	if err := app.RestoreBackup(context.Background(), "missing.zip"); err == nil {
		t.Fatal("restoring a missing backup must fail")
	}
	if _, err := os.Stat(filepath.Join(app.DataDir(), StateDirName, noteFile)); !errors.Is(err, os.ErrNotExist) {
		t.Fatal("a failed restore left its note:", err)
	}
}
