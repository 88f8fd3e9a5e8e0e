// Package system answers the staff's questions about the server itself (issue 32 item 5): is
// guests' mail going out (GET /api/staff/mail-health, every admin's banner) and the owner's
// System view (GET /api/staff/system): mail and Meta queues, backups, free disk, version.
package system

import (
	"net/http"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// hasRole mirrors hooks/lib/access.ts: a signed-in `users` account with a user_roles row of the
// role (an owner holds both an admin and an owner row); superusers pass as they do every rule.
func hasRole(e *core.RequestEvent, roles ...string) bool {
	if e.HasSuperuserAuth() {
		return true
	}
	if e.Auth == nil || e.Auth.Collection().Name != "users" {
		return false
	}
	for _, role := range roles {
		var one int
		err := e.App.ConcurrentDB().NewQuery("SELECT 1 FROM user_roles WHERE user_id = {:id} AND role = {:role} LIMIT 1").
			Bind(dbx.Params{"id": e.Auth.Id, "role": role}).Row(&one)
		if err != nil {
			return false
		}
	}
	return true
}

// refuse answers as the hooks' staff routes do: 403 with a sentence, for anyone not allowed.
func refuse(e *core.RequestEvent, message string) error {
	return e.JSON(http.StatusForbidden, map[string]any{"status": http.StatusForbidden, "message": message, "data": map[string]any{}})
}
