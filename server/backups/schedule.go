package backups

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strconv"
	"time"
	_ "time/tzdata" // the venue's zone even on a host without zoneinfo

	"github.com/pocketbase/pocketbase/core"
)

// VenueZone is the venue's wall clock (src/lib/venueTime.ts computes the same zone's dates).
const VenueZone = "America/New_York"

// The nightly backup runs at 4:30 AM venue time: the night ends at 4 AM (src/lib/venueTime.ts),
// so the backup holds the whole night, hours before anyone books breakfast-time.
const (
	nightlyHour   = 4
	nightlyMinute = 30
)

// DefaultKeep is how many nightly backups are kept (BACKUP_KEEP overrides it): two weeks.
const DefaultKeep = 14

// AutoPrefix names the nightly backups as PocketBase names its own scheduled ones, so the
// dashboard lists them alike and either's pruning counts both.
const AutoPrefix = "@auto_pb_backup_"

// nightlyCron runs every hour at :30 UTC. PocketBase's cron is UTC and New York's offset is a
// whole number of hours that changes twice a year, so 4:30 AM venue time always falls on one of
// these runs, and IsNightlyBackupTime picks it.
const nightlyCron = "30 * * * *"

var venueLocation = mustLocation(VenueZone)

func mustLocation(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic(err)
	}
	return loc
}

// IsNightlyBackupTime: is `now` within the quarter hour from 4:30 AM venue time? (A quarter, not
// the minute: the cron may run a few seconds late.) On the night the clocks go back, 1 AM comes
// twice and 4:30 once; on the night they go forward, 2 AM is skipped and 4:30 still comes once.
func IsNightlyBackupTime(now time.Time) bool {
	local := now.In(venueLocation)
	return local.Hour() == nightlyHour && local.Minute() >= nightlyMinute && local.Minute() < nightlyMinute+15
}

// NightlyName is the backup's name for `now`: @auto_pb_backup_venue_20261127093000.zip (UTC).
func NightlyName(now time.Time) string {
	return AutoPrefix + "venue_" + now.UTC().Format("20060102150405") + ".zip"
}

func keepFromEnv() int {
	if n, err := strconv.Atoi(os.Getenv("BACKUP_KEEP")); err == nil && n > 0 {
		return n
	}
	return DefaultKeep
}

// registerNightly adds the hourly look at the clock (serve only: a console command runs no cron).
func registerNightly(app core.App) {
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.App.Cron().MustAdd("venueNightlyBackup", nightlyCron, func() {
			if IsNightlyBackupTime(time.Now()) {
				runNightly(se.App, keepFromEnv())
			}
		})
		return se.Next()
	})
}

// runNightly makes tonight's backup and keeps the newest `keep` scheduled ones.
func runNightly(app core.App, keep int) {
	name := NightlyName(time.Now())
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	defer cancel()
	if err := app.CreateBackup(ctx, name); err != nil {
		app.Logger().Error("nightly backup failed", "name", name, "error", err.Error())
		fmt.Printf("nightly backup failed: %s: %s\n", name, err)
		return
	}
	if err := prune(app, keep); err != nil {
		app.Logger().Error("nightly backup: could not remove old backups", "error", err.Error())
	}
}

// prune deletes the scheduled backups beyond the newest `keep` (ones made by hand stay).
func prune(app core.App, keep int) error {
	fsys, err := app.NewBackupsFilesystem()
	if err != nil {
		return err
	}
	defer fsys.Close()
	files, err := fsys.List(AutoPrefix)
	if err != nil || len(files) <= keep {
		return err
	}
	sort.Slice(files, func(i, j int) bool { return files[i].ModTime.After(files[j].ModTime) })
	for _, f := range files[keep:] {
		if err := fsys.Delete(f.Key); err != nil {
			return err
		}
	}
	return nil
}
