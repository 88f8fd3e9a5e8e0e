package backups

import (
	"fmt"
	"os"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/spf13/cobra"
)

// Options are what the server hands the backups.
type Options struct {
	// Messages reads BACKUP_MESSAGES from the shared rules (src/lib/rules/backups.ts) at serve start.
	Messages func() (map[string]string, error)
	// RestoreWords gives the last restore's activity row its kind and line, when a note waits.
	RestoreWords RestoreWords
}

// Register binds the backups to the app: S3 settings at bootstrap, the state dir kept out of
// backups and restores, the gate closed and the generation bumped by every restore (the owner's
// route, PocketBase's dashboard, the console command), and at serve start the gate, the routes,
// the nightly backup and the lock the console command looks for. It returns the gate.
func Register(app core.App, root *cobra.Command, opts Options) *Gate {
	gate := &Gate{}
	app.OnBootstrap().BindFunc(func(e *core.BootstrapEvent) error {
		if err := e.Next(); err != nil {
			return err
		}
		// After a restore: the restored data's generation (prepared by the OnBackupRestore handler).
		if err := PromoteGeneration(e.App.DataDir()); err != nil {
			return fmt.Errorf("backups: cannot record the restored data's generation: %w", err)
		}
		if err := applyS3(e.App); err != nil {
			// Backups then stay in pb_data/backups: say so loudly, but keep the venue open.
			e.App.Logger().Error("backups: S3 settings from the environment not applied", "error", err.Error())
			fmt.Fprintf(os.Stderr, "backups: S3 settings from the environment not applied: %s\n", err)
		}
		return nil
	})
	registerBackupHooks(app, gate)
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		if err := lockServe(se.App.DataDir()); err != nil {
			return err
		}
		// The last restore's activity row (the migrations have run: the collection is there).
		if err := logRestoreNote(se.App, opts.RestoreWords); err != nil {
			se.App.Logger().Error("backups: the last restore is not in the activity log yet (tried again at the next start)", "error", err.Error())
		}
		words := map[string]string{}
		if opts.Messages != nil {
			loaded, err := opts.Messages()
			if err != nil {
				return fmt.Errorf("backup messages: %w", err)
			}
			words = loaded
		}
		gate.Message = func() string { return words["restoring"] }
		se.Router.Bind(&hook.Handler[*core.RequestEvent]{
			Id:       "venueRestoreGate",
			Priority: apis.DefaultSecurityHeadersMiddlewarePriority + 1,
			Func:     gate.Handle,
		})
		(&routes{gate: gate, messages: func(key string) string { return words[key] }}).bind(se)
		return se.Next()
	})
	registerNightly(app)
	registerCommands(app, root)
	return gate
}

// registerBackupHooks keeps the state dir out of every backup and restore, and makes every restore
// (the owner's route, PocketBase's dashboard, the console) close the gate and prepare the next
// data generation.
func registerBackupHooks(app core.App, gate *Gate) {
	app.OnBackupCreate().BindFunc(func(e *core.BackupEvent) error {
		e.Exclude = append(e.Exclude, StateDirName)
		return e.Next()
	})
	// The archive itself: SQLite's snapshots of the databases, never their live files (snapshot.go).
	bindSnapshotBackup(app)
	app.OnBackupRestore().BindFunc(func(e *core.BackupEvent) error {
		gate.Close()
		e.Exclude = append(e.Exclude, StateDirName)
		// Before the restore, since a successful one never returns (the process restarts and the
		// new one promotes it at bootstrap).
		if err := PrepareGeneration(e.App.DataDir()); err != nil {
			gate.Open()
			return fmt.Errorf("backups: cannot record the new data generation: %w", err)
		}
		// The activity row of this restore, written by the next serve (restorenote.go).
		if err := writeRestoreNote(e.App, e.Name); err != nil {
			DropPreparedGeneration(e.App.DataDir())
			gate.Open()
			return fmt.Errorf("backups: cannot leave the restore's note for the activity log: %w", err)
		}
		err := e.Next()
		if err != nil {
			DropPreparedGeneration(e.App.DataDir())
			dropRestoreNote(e.App.DataDir())
			gate.Open()
		}
		return err
	})
}
