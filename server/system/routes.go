package system

import (
	"net/http"
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
)

// Register adds the routes (version: the server's build, main.Version):
//
//	GET /api/staff/mail-health → { failing, since, error } for any admin: the staff banner polls it
//	GET /api/staff/system      → the System view, for owners (Report)
//
// Retrying, dropping and the test mail write activity rows, so they are JS hooks routes
// (hooks/lib/system-routes.ts).
func Register(app core.App, version string) {
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.Router.GET("/api/staff/mail-health", func(e *core.RequestEvent) error {
			if !hasRole(e, "admin") {
				return refuse(e, "Only staff can see whether mail is going out.")
			}
			return e.JSON(http.StatusOK, mailHealth(e.App))
		}).Bind(apis.SkipSuccessActivityLog())

		se.Router.GET("/api/staff/system", func(e *core.RequestEvent) error {
			if !hasRole(e, "admin", "owner") {
				return refuse(e, "Only the owner can see the system's health.")
			}
			ownerID := ""
			if e.Auth != nil && e.Auth.Collection().Name == "users" {
				ownerID = e.Auth.Id
			}
			report, err := buildReport(e.App, version, ownerID)
			if err != nil {
				return e.InternalServerError("The system's health could not be read.", err)
			}
			return e.JSON(http.StatusOK, report)
		})
		return se.Next()
	})
}

var timeNow = time.Now
