// Command server is the venue's backend: a pinned PocketBase with the JS hooks and
// JS migrations plugins, serving the built PWA from ../dist with an index fallback (a release
// build carries all three inside the binary: release.go).
package main

import (
	"fmt"
	"log"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"

	"github.com/dop251/goja"
	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/plugins/jsvm"
	"github.com/pocketbase/pocketbase/plugins/migratecmd"

	"venue/server/backups"
	"venue/server/system"
)

// defaultGCPercent replaces Go's GOGC=100 unless GOGC is set. The JS hooks allocate a lot per
// request (every value crossing between goja and Go), so with a small live heap the collector
// ran often and its assists stalled whichever goroutine held SQLite's write lock, which every
// create waits for. 400 trades a few tens of MB of heap for fewer collections.
const defaultGCPercent = 400

func main() {
	// `venue-server version` needs no data directory: it answers before PocketBase opens one (a
	// cobra command would run after the bootstrap: the live database opened, a release's files
	// extracted), whatever flags follow it.
	if len(os.Args) >= 2 && os.Args[1] == "version" {
		fmt.Println(Version)
		return
	}
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(defaultGCPercent)
	}
	root := projectRoot()
	app := pocketbase.NewWithConfig(pocketbase.Config{
		DefaultDataDir: envOr("PB_DATA_DIR", filepath.Join(root, "pb_data")),
		// Write transactions take the write lock at BEGIN: another process's write waits (dbconnect.go).
		DBConnect: connectImmediate,
	})

	files, err := resolveAssets(root, app.DataDir(), os.Args[1:])
	if err != nil {
		log.Fatal(err)
	}
	hooksDir, migrationsDir := files.hooksDir, files.migrationsDir
	// The seed migration reads its data file beside it (pb_migrations/seed/events.json) through
	// __migrations: goja's require() resolves a relative path against the working directory.
	absMigrationsDir, err := filepath.Abs(migrationsDir)
	if err != nil {
		log.Fatal(err)
	}

	writes := newWriteTurns(app, defaultMaxBatch)
	// VMs sized to the machine, requests beyond what they serve waiting in Go (server/hooksgate.go),
	// and a soft memory limit (server/memory.go).
	hooksPool := envSeconds("PB_HOOKS_POOL", hooksPoolFor(runtime.GOMAXPROCS(0)))
	gate := newHooksGate(hooksRequestsFor(hooksPool))
	applyMemorySettings(app, gate)
	jsvm.MustRegister(app, jsvm.Config{
		HooksDir:      hooksDir,
		MigrationsDir: migrationsDir,
		// Hooks are reloaded by `npm run dev`; in production a restart picks them up.
		HooksWatch:    os.Getenv("PB_HOOKS_WATCH") == "1",
		HooksPoolSize: hooksPool,
		// $inWriteTransaction: writes queue for SQLite's one writer first come, first served,
		// and the turns queued together commit together (server/writeturn.go).
		OnInit: func(vm *goja.Runtime) {
			vm.Set("__migrations", absMigrationsDir)
			bindWriteTransaction(vm, writes)
			// The hooks' outbox jobs go in through the Go create path's insert (server/outbox/enqueue.go).
			vm.Set("$outboxEnqueue", enqueueFromHooks)
			// The waitlist's offer pass, in Go with its decision from the rules bundle (server/offers.go).
			vm.Set("$offerFreedSeats", offersFromHooks(hooksDir))
		},
	})

	migratecmd.MustRegister(app, app.RootCmd, migratecmd.Config{
		TemplateLang: migratecmd.TemplateLangJS,
		Dir:          migrationsDir,
		Automigrate:  false,
	})

	// Nightly backups, S3 from the environment, the restore's write gate, routes and commands.
	backups.Register(app, app.RootCmd, backups.Options{Messages: backupMessages(hooksDir), RestoreWords: restoreWords(hooksDir)})
	worker := registerOutboxWorker(app, hooksDir)
	// After the worker's send deadline (an OnMailerSend handler too), so calendar mails run inside it.
	registerCalendarMail(app, worker.Cfg.MailTimeout)
	registerSecurityHeaders(app)
	registerClientBounds(app, hooksDir)
	registerBodyRules(app, hooksDir)
	registerTooManyWords(app, hooksDir)
	registerStaffSessions(app, hooksDir, writes)
	// Reservations, inquiries, applications and pass confirmations: the rules in TypeScript, the I/O in Go.
	registerPublicCreates(app, hooksDir, writes)
	// The day-of reminders: the cron and `reminders:run`, the rules from the same bundle.
	registerReminders(app, app.RootCmd, hooksDir, writes)
	// The waitlist's every-minute pass (server/offernights.go).
	registerWaitlistExpiry(app, hooksDir, writes)
	// The waitlist's links: a guest's page, claiming a held table, leaving the line (server/waitlistlinks.go).
	registerWaitlistLinks(app, hooksDir, writes)
	// The superusers' pass as of an instant, and the pass after a capacity write or a reservation's delete (server/waitlistpasses.go).
	registerWaitlistPasses(app, hooksDir, writes)
	// The manage link: a reservation's page, its cancellation and its changes (server/managelink.go).
	registerManageLink(app, hooksDir, writes)
	// The staff tablet's pull and its queued changes (server/syncpull.go, server/staffchanges.go).
	registerSyncPull(app, hooksDir)
	registerStaffChanges(app, hooksDir, writes)
	registerRealtimeSessions(app)
	registerHooksGate(app, gate)
	// A write rolled back with its batch answers 503, which devices send again (server/batchanswer.go).
	registerBatchRollbackAnswer(app)
	system.Register(app, Version)

	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		if !se.Router.HasRoute("GET", "/{path...}") {
			// Each prerendered page gets its own HTML, client routes the app shell, the rest a 404.
			se.Router.GET("/{path...}", newSite(files.site).serve).Bind(apis.SkipSuccessActivityLog())
		}
		return se.Next()
	})

	if err := app.Start(); err != nil {
		log.Fatal(err)
	}
}

// projectRoot is the repository root: VENUE_ROOT if set, else two levels above the
// binary when it sits in server/bin (as `npm start` builds it), else the working directory.
func projectRoot() string {
	if v := os.Getenv("VENUE_ROOT"); v != "" {
		return v
	}
	if exe, err := os.Executable(); err == nil {
		dir := filepath.Dir(exe)
		if filepath.Base(dir) == "bin" && filepath.Base(filepath.Dir(dir)) == "server" {
			return filepath.Dir(filepath.Dir(dir))
		}
	}
	wd, _ := os.Getwd()
	return wd
}

func envOr(key, fallback string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return fallback
}
