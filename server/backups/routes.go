package backups

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/routine"
)

// The owner's routes (the staff area's Restore panel, src/features/admin/system/RestorePanel.tsx):
//
//	GET  /api/venue/backups               the backups, newest first, and the schedule
//	GET  /api/venue/backups/since?name=   what restoring it would take away (CountSince)
//	POST /api/venue/backups/restore       { name, password, otpId, code }: 202, then the restore
//
// Only an owner (a users account with the admin and owner rows) may call them; the restore asks
// for both factors again: the account's password and a code emailed for it just now (PocketBase's
// request-otp, mailed through the outbox like the sign-in code). Superusers restore from
// PocketBase's dashboard, which passes the same gate (Register's OnBackupRestore handler).
type routes struct {
	gate     *Gate
	messages func(key string) string
}

// wrongCodeTries: a code may be mistyped this often; then it is deleted and a new one is needed.
const wrongCodeTries = 3

func (r *routes) bind(se *core.ServeEvent) {
	g := se.Router.Group("/api/venue/backups")
	g.GET("", r.list)
	g.GET("/since", r.since)
	g.POST("/restore", r.restore)
}

func (r *routes) fail(e *core.RequestEvent, status int, key string) error {
	body, _ := jsonBody(status, r.messages(key))
	e.Response.Header().Set("Content-Type", "application/json")
	e.Response.WriteHeader(status)
	_, err := e.Response.Write(body)
	return err
}

// owner answers the refusal itself and returns false for anyone but an owner.
func (r *routes) owner(e *core.RequestEvent) bool {
	e.Response.Header().Set("Cache-Control", "no-store")
	if e.Auth == nil || e.Auth.Collection().Name != "users" {
		_ = r.fail(e, http.StatusUnauthorized, "signIn")
		return false
	}
	if !hasRole(e.App, e.Auth.Id, "admin") || !hasRole(e.App, e.Auth.Id, "owner") {
		_ = r.fail(e, http.StatusForbidden, "notOwner")
		return false
	}
	return true
}

func hasRole(app core.App, userID, role string) bool {
	var n int
	err := app.ConcurrentDB().NewQuery("SELECT count(*) FROM user_roles WHERE user_id = {:id} AND role = {:role}").
		Bind(map[string]any{"id": userID, "role": role}).Row(&n)
	return err == nil && n > 0
}

type backupInfo struct {
	Name     string    `json:"name"`
	Size     int64     `json:"size"`
	Modified time.Time `json:"modified"`
}

func (r *routes) list(e *core.RequestEvent) error {
	if !r.owner(e) {
		return nil
	}
	fsys, err := e.App.NewBackupsFilesystem()
	if err != nil {
		return e.InternalServerError("", err)
	}
	defer fsys.Close()
	files, err := fsys.List("")
	if err != nil {
		return e.InternalServerError("", err)
	}
	sort.Slice(files, func(i, j int) bool { return files[i].ModTime.After(files[j].ModTime) })
	out := make([]backupInfo, 0, len(files))
	for _, f := range files {
		out = append(out, backupInfo{Name: f.Key, Size: f.Size, Modified: f.ModTime.UTC()})
	}
	return e.JSON(http.StatusOK, map[string]any{
		"backups":   out,
		"restoring": r.gate.Closed(),
		"schedule":  map[string]any{"zone": VenueZone, "hour": nightlyHour, "minute": nightlyMinute, "keep": keepFromEnv()},
	})
}

// backupExists: is `name` one of the backups (never a path: the name is compared, not opened)?
func backupExists(app core.App, name string) bool {
	if name == "" || strings.ContainsAny(name, "/\\") {
		return false
	}
	fsys, err := app.NewBackupsFilesystem()
	if err != nil {
		return false
	}
	defer fsys.Close()
	ok, _ := fsys.Exists(name)
	return ok
}

func (r *routes) since(e *core.RequestEvent) error {
	if !r.owner(e) {
		return nil
	}
	name := e.Request.URL.Query().Get("name")
	if !backupExists(e.App, name) {
		return r.fail(e, http.StatusNotFound, "noSuchBackup")
	}
	counts, err := CountSince(e.App, name)
	if err != nil {
		return e.InternalServerError("", err)
	}
	return e.JSON(http.StatusOK, counts)
}

// restoreBody: every field text; anything else is refused whole (no coercion).
type restoreBody struct {
	Name     string `json:"name"`
	Password string `json:"password"`
	OTPID    string `json:"otpId"`
	Code     string `json:"code"`
}

func readRestoreBody(e *core.RequestEvent) (restoreBody, bool) {
	var raw map[string]json.RawMessage
	if err := json.NewDecoder(e.Request.Body).Decode(&raw); err != nil {
		return restoreBody{}, false
	}
	var b restoreBody
	fields := map[string]*string{"name": &b.Name, "password": &b.Password, "otpId": &b.OTPID, "code": &b.Code}
	for key, dst := range fields {
		value, ok := raw[key]
		if !ok || json.Unmarshal(value, dst) != nil || *dst == "" {
			return restoreBody{}, false
		}
	}
	return b, true
}

func (r *routes) restore(e *core.RequestEvent) error {
	if !r.owner(e) {
		return nil
	}
	body, ok := readRestoreBody(e)
	if !ok {
		return r.fail(e, http.StatusBadRequest, "badBody")
	}
	if e.App.Store().Has(core.StoreKeyActiveBackup) || r.gate.Closed() {
		return r.fail(e, http.StatusConflict, "busy")
	}
	// The owner's request has arrived: from now on every write is refused (this answer excepted),
	// before the slow checks (two bcrypt hashes, the backup's storage), so no booking is answered
	// 200 while they run. Wrong factors open the gate again: the writes refused meanwhile are sent
	// again by the devices that made them.
	MarkOwn(e)
	r.gate.Close()
	closedAt := time.Now()
	if key := r.checkFactors(e, body); key != "" {
		r.gate.Open()
		status := http.StatusBadRequest
		if key == "noSuchBackup" {
			status = http.StatusNotFound
		}
		return r.fail(e, status, key)
	}
	app, name := e.App, body.Name
	// staffDeviceName: the tablet's name, left on the request by the staff session check (staffsession.go).
	device, _ := e.Get("staffDeviceName").(string)
	SetRestoreBy(app, RestoreBy{ActorID: e.Auth.Id, ActorName: e.Auth.Email(), Device: device, Via: "staff area"})
	routine.FireAndForget(func() {
		// Time for this answer to leave before the restart replaces the process.
		time.Sleep(500 * time.Millisecond)
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
		defer cancel()
		if err := app.RestoreBackup(ctx, name); err != nil {
			r.gate.Open()
			app.Logger().Error("restore failed; writes are accepted again", "name", name, "error", err.Error())
		}
	})
	// closedAt: every 200 to a write went out before it (the reliability scenario counts from it).
	return e.JSON(http.StatusAccepted, map[string]any{"restoring": name, "closedAt": closedAt.UnixMilli()})
}

// checkFactors: the backup exists, the password is the account's and the code is a fresh one
// mailed to it; the message key of the first that fails, or "".
func (r *routes) checkFactors(e *core.RequestEvent, body restoreBody) string {
	switch {
	case !backupExists(e.App, body.Name):
		return "noSuchBackup"
	case !e.Auth.ValidatePassword(body.Password):
		return "wrongPassword"
	case checkCode(e.App, e.Auth, body.OTPID, body.Code) != nil:
		return "wrongCode"
	}
	return ""
}

var errWrongCode = errors.New("wrong or expired code")

// checkCode: the OTP is this account's, unexpired and its code matches. It is used up either way
// once it matched or was mistyped wrongCodeTries times.
func checkCode(app core.App, auth *core.Record, otpID, code string) error {
	otp, err := app.FindOTPById(otpID)
	if err != nil || otp.RecordRef() != auth.Id || otp.CollectionRef() != auth.Collection().Id ||
		otp.HasExpired(auth.Collection().OTP.DurationTime()) {
		return errWrongCode
	}
	if !otp.ValidatePassword(code) {
		key := "venueRestoreTries:" + otp.Id
		tries, _ := app.Store().Get(key).(int)
		if tries+1 >= wrongCodeTries {
			app.Store().Remove(key)
			_ = app.Delete(otp)
		} else {
			app.Store().Set(key, tries+1)
		}
		return errWrongCode
	}
	return app.Delete(otp)
}
