// Command server is the venue's backend: a pinned PocketBase with the JS hooks and
// JS migrations plugins, serving the built PWA from ../dist with an index fallback.
package main

import (
	"log"
	"os"
	"path/filepath"

	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/plugins/jsvm"
	"github.com/pocketbase/pocketbase/plugins/migratecmd"
)

func main() {
	root := projectRoot()
	app := pocketbase.NewWithConfig(pocketbase.Config{
		DefaultDataDir: envOr("PB_DATA_DIR", filepath.Join(root, "pb_data")),
	})

	hooksDir := envOr("PB_HOOKS_DIR", filepath.Join(root, "pb_hooks"))
	migrationsDir := envOr("PB_MIGRATIONS_DIR", filepath.Join(root, "pb_migrations"))
	publicDir := envOr("PB_PUBLIC_DIR", filepath.Join(root, "dist"))

	jsvm.MustRegister(app, jsvm.Config{
		HooksDir:      hooksDir,
		MigrationsDir: migrationsDir,
		// Hooks are reloaded by `npm run dev`; in production a restart picks them up.
		HooksWatch:    os.Getenv("PB_HOOKS_WATCH") == "1",
		HooksPoolSize: 15,
	})

	migratecmd.MustRegister(app, app.RootCmd, migratecmd.Config{
		TemplateLang: migratecmd.TemplateLangJS,
		Dir:          migrationsDir,
		Automigrate:  false,
	})

	registerOutboxWorker(app)

	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		if !se.Router.HasRoute("GET", "/{path...}") {
			// Each prerendered page gets its own HTML, client routes the app shell, the rest a 404.
			se.Router.GET("/{path...}", newSite(os.DirFS(publicDir)).serve).Bind(apis.SkipSuccessActivityLog())
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
