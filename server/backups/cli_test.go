package backups

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/spf13/cobra"
)

func exec(t *testing.T, app *tests.TestApp, sql string) {
	t.Helper()
	if _, err := app.DB().NewQuery(sql).Execute(); err != nil {
		t.Fatal(err)
	}
}

// The console restore of a stopped server: it says what the restore takes away, changes nothing
// without --yes, restores with it (the venue's state dir untouched), and the generation goes up.
func TestRestoreFromConsole(t *testing.T) {
	app, err := tests.NewTestApp(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer app.Cleanup()
	exec(t, app, "CREATE TABLE reservations (id TEXT PRIMARY KEY)")
	exec(t, app, "CREATE TABLE outbox (id TEXT PRIMARY KEY, kind TEXT, status TEXT, record_collection TEXT, record_id TEXT)")
	exec(t, app, "INSERT INTO reservations (id) VALUES ('before')")
	registerBackupHooks(app, &Gate{})
	if err := app.CreateBackup(context.Background(), "night.zip"); err != nil {
		t.Fatal(err)
	}
	exec(t, app, "INSERT INTO reservations (id) VALUES ('after1'), ('after2')")
	// Written after the backup, in the state dir: the restore must leave it as it is.
	state, err := StateDir(app.DataDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(state, "sent-ledger.tsv"), []byte("1\tj1\t\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	exec(t, app, "INSERT INTO outbox VALUES ('j1', 'mail', 'sent', 'reservations', 'after1')")

	out := &bytes.Buffer{}
	cmd := &cobra.Command{}
	cmd.SetOut(out)
	if err := restoreFromConsole(app, cmd, "night.zip", false); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "2 booking(s) were made, 1 of them already mailed") || !strings.Contains(out.String(), "Nothing was changed") {
		t.Fatalf("dry run said: %s", out)
	}
	if err := restoreFromConsole(app, cmd, "missing.zip", true); err == nil {
		t.Fatal("a missing backup was restored")
	}
	if err := restoreFromConsole(app, cmd, "night.zip", true); err != nil {
		t.Fatal(err)
	}
	restored, err := dbx.Open("sqlite", filepath.Join(app.DataDir(), "data.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer restored.Close()
	var ids []string
	if err := restored.NewQuery("SELECT id FROM reservations ORDER BY id").Column(&ids); err != nil || strings.Join(ids, ",") != "before" {
		t.Fatalf("after the restore: %v %v", ids, err)
	}
	if kept, err := os.ReadFile(filepath.Join(state, "sent-ledger.tsv")); err != nil || string(kept) != "1\tj1\t\n" {
		t.Fatalf("the state dir did not survive the restore: %q %v", kept, err)
	}
	if Generation(app.DataDir()) != 2 {
		t.Fatalf("generation %d after a restore, want 2", Generation(app.DataDir()))
	}
}
