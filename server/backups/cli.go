package backups

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/spf13/cobra"
)

// registerCommands adds the console commands:
//
//	venue-server backup:list
//	venue-server backup:create [NAME]
//	venue-server backup:restore NAME [--yes]
//
// A restore from the console is for a stopped server (a dead disk, a bad deploy): a running one
// has the data open, and the staff area's Restore panel restores it without losing a booking
// (the gate). Without --yes the command only says what the restore would take away (a running
// server's data too); with it, it refuses while the server runs.
func registerCommands(app core.App, root *cobra.Command) {
	root.AddCommand(&cobra.Command{
		Use:   "backup:list",
		Short: "Lists the backups, newest first",
		Args:  cobra.NoArgs,
		RunE: fail(func(cmd *cobra.Command, _ []string) error {
			fsys, err := app.NewBackupsFilesystem()
			if err != nil {
				return err
			}
			defer fsys.Close()
			files, err := fsys.List("")
			if err != nil {
				return err
			}
			for _, f := range files {
				cmd.Printf("%s\t%d bytes\t%s\n", f.Key, f.Size, f.ModTime.UTC().Format(time.RFC3339))
			}
			return nil
		}),
	})
	root.AddCommand(&cobra.Command{
		Use:   "backup:create [NAME]",
		Short: "Backs up pb_data now (the name defaults to one with the time)",
		Args:  cobra.MaximumNArgs(1),
		RunE: fail(func(cmd *cobra.Command, args []string) error {
			name := "venue_" + time.Now().UTC().Format("20060102150405") + ".zip"
			if len(args) == 1 {
				name = args[0]
			}
			if err := app.CreateBackup(context.Background(), name); err != nil {
				return err
			}
			cmd.Printf("Backed up to %s\n", name)
			return nil
		}),
	})
	restore := &cobra.Command{
		Use:   "backup:restore NAME",
		Short: "Restores a backup into a stopped server's pb_data (--yes to do it)",
		Args:  cobra.ExactArgs(1),
		RunE: fail(func(cmd *cobra.Command, args []string) error {
			yes, _ := cmd.Flags().GetBool("yes")
			return restoreFromConsole(app, cmd, args[0], yes)
		}),
	}
	restore.Flags().Bool("yes", false, "restore (without it the command only says what the restore would take away)")
	root.AddCommand(restore)
}

// fail makes a command's error its exit status: PocketBase's Execute ignores the commands'
// errors, so a script (or a test) would read a refused restore as done.
func fail(run func(*cobra.Command, []string) error) func(*cobra.Command, []string) error {
	return func(cmd *cobra.Command, args []string) error {
		if err := run(cmd, args); err != nil {
			fmt.Fprintln(os.Stderr, "Error:", err)
			os.Exit(1)
		}
		return nil
	}
}

func restoreFromConsole(app core.App, cmd *cobra.Command, name string, yes bool) error {
	if !backupExists(app, name) {
		return fmt.Errorf("there is no backup named %q (venue-server backup:list shows them)", name)
	}
	since, err := CountSince(app, name)
	if err != nil {
		return err
	}
	cmd.Printf("Since %s was made, %d booking(s) were made, %d of them already mailed. Restoring it removes them.\n",
		name, since.Bookings, since.Mailed)
	if !yes {
		cmd.Println("Nothing was changed. Run again with --yes to restore it.")
		return nil
	}
	lock, err := tryLock(app.DataDir())
	if errors.Is(err, errServing) {
		return errors.New("the server is running on this data: restore from the staff area (System, Restore), " +
			"which keeps guests' bookings on their devices meanwhile, or stop the server first")
	}
	if err != nil {
		return err
	}
	defer lock.Close()
	// PocketBase restarts the process after a restore; a console command only exits.
	app.OnTerminate().Bind(&hook.Handler[*core.TerminateEvent]{
		Id:       "venueConsoleRestore",
		Priority: -99999,
		Func: func(e *core.TerminateEvent) error {
			if e.IsRestart {
				return nil
			}
			return e.Next()
		},
	})
	SetRestoreBy(app, RestoreBy{ActorName: "The console (venue-server backup:restore)", Via: "console"})
	if err := app.RestoreBackup(context.Background(), name); err != nil {
		return err
	}
	// No restart here to promote it at bootstrap: promote it now.
	if err := PromoteGeneration(app.DataDir()); err != nil {
		return err
	}
	cmd.Printf("Restored %s (data generation %d: the tablets pull their window again).\n", name, Generation(app.DataDir()))
	return nil
}
