package main

import (
	"errors"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"time"

	"github.com/dop251/goja"
	"github.com/golang-jwt/jwt/v5"
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/security"
	"github.com/pocketbase/pocketbase/tools/types"
)

// Staff sessions bound to devices (issue 32 item 2; collection staff_devices,
// pb_migrations/1763701400_staff_devices.js).
//
// The threat: a tablet is lost with a staff session on it. Ending "that device" must stop that
// session for good, while the account's other tablets keep working. A header naming the device is
// not enough on its own: a thief drops it, or makes up another id. So the binding is in the token:
//
//   - every completed staff sign-in (password and emailed code) opens a session: a random id stored
//     on the account's row for this tablet (staff_devices.session, never sent to any client) and
//     written into the token as the claim `sid`, signed like the rest of the token, so it cannot be
//     changed or dropped without making the token invalid;
//   - auth-refresh keeps the claim; a new sign-in on the same tablet replaces the session;
//   - every request of a staff account (a `users` record with the admin row) must carry a token whose
//     `sid` is the current session of one of its rows, else 401 with SESSION_ENDED_CODE: a dropped
//     header changes nothing, a token copied off the tablet dies with it, and an ended session
//     never comes back (the next sign-in opens a new one).
//   - X-Staff-Device names the tablet at sign-in (its row, its name asked once). After that the
//     session in the token is what counts: the header is not checked again (a thief can send any
//     header, and a script that signed in elsewhere and hands its session to a browser still works).
//
// Tokens made without a session: a superuser's impersonation token (not refreshable, made on purpose,
// short-lived) passes; any other (issued before this check existed) is refused, so each tablet
// signs in once more after the upgrade. The rules of the collections are unchanged: this check only
// adds a refusal before them.

const (
	sessionClaim   = "sid"
	deviceHeader   = "X-Staff-Device"
	idAlphabet     = "abcdefghijklmnopqrstuvwxyz0123456789"
	sessionRowKey  = "staffSessionRow" // e.Get: the staff_devices row of the request's session
	deviceNameKey  = "staffDeviceName" // e.Get: that device's name (hooks/lib/devices.ts reads it)
	realtimeRowKey = "staffSessionRow" // realtime client: the row its subscription was made with
)

// The sign-in endpoints run before a session exists; a stale token the browser still sends with them must not block a new sign-in.
var signInPaths = []string{"/auth-with-password", "/auth-with-otp", "/request-otp", "/auth-methods", "/request-password-reset", "/confirm-password-reset"}

// seenEvery: how often a device's last_seen is written at most (STAFF_SEEN_SECONDS, for the tests).
var seenEvery = time.Minute

type staffSessions struct {
	message string      // STAFF_ACCOUNT_MESSAGES.sessionEnded
	code    string      // SESSION_ENDED_CODE
	writes  *writeTurns // the write queue the hooks' writes take (writeturn.go)
}

func registerStaffSessions(app core.App, hooksDir string, writes *writeTurns) {
	s := &staffSessions{writes: writes}
	seenEvery = time.Duration(envSeconds("STAFF_SEEN_SECONDS", 60)) * time.Second
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		if err := s.loadWords(filepath.Join(hooksDir, "lib", "backend.js")); err != nil {
			return fmt.Errorf("staff sessions: %w", err)
		}
		se.Router.Bind(&hook.Handler[*core.RequestEvent]{
			Id:       "venueStaffSession",
			Priority: apis.DefaultLoadAuthTokenMiddlewarePriority + 1, // right after the token is read
			Func:     s.check,
		})
		return se.Next()
	})
	app.OnRecordAuthRequest("users").BindFunc(s.bind)
	app.OnRealtimeSubscribeRequest().BindFunc(tagRealtime)
}

func (s *staffSessions) loadWords(bundle string) error {
	vm, err := runBundle(bundle)
	if err != nil {
		return err
	}
	exports := vm.Get("module").ToObject(vm).Get("exports").ToObject(vm)
	messages := exports.Get("STAFF_ACCOUNT_MESSAGES")
	code := exports.Get("SESSION_ENDED_CODE")
	if messages == nil || goja.IsUndefined(messages) || code == nil || goja.IsUndefined(code) {
		return errors.New("backend.js lacks STAFF_ACCOUNT_MESSAGES or SESSION_ENDED_CODE")
	}
	s.message = messages.ToObject(vm).Get("sessionEnded").String()
	s.code = code.String()
	return nil
}

func isStaff(app core.App, userID string) bool {
	var n int
	err := app.DB().NewQuery("SELECT count(*) FROM user_roles WHERE user_id = {:id} AND role = 'admin'").Bind(dbx.Params{"id": userID}).Row(&n)
	return err == nil && n > 0
}

func tokenClaims(e *core.RequestEvent) jwt.MapClaims {
	token := strings.TrimPrefix(e.Request.Header.Get("Authorization"), "Bearer ")
	claims, _ := security.ParseUnverifiedJWT(token)
	return claims
}

func refreshable(claims jwt.MapClaims) bool {
	v, _ := claims[core.TokenClaimRefreshable].(bool)
	return v
}

type sessionRow struct {
	ID   string `db:"id"`
	Name string `db:"name"`
}

// openSession is the row whose current session is sid, for that account, not ended.
func openSession(app core.App, userID, sid string) (sessionRow, bool) {
	var row sessionRow
	if sid == "" {
		return row, false
	}
	err := app.DB().NewQuery("SELECT id, name FROM staff_devices WHERE session = {:sid} AND user = {:user} AND ended_at = '' LIMIT 1").
		Bind(dbx.Params{"sid": sid, "user": userID}).One(&row)
	return row, err == nil
}

func isSignIn(path string) bool {
	if !strings.HasPrefix(path, "/api/collections/users/") {
		return false
	}
	for _, p := range signInPaths {
		if strings.HasSuffix(path, p) {
			return true
		}
	}
	return false
}

// check: the router middleware; see the file's comment.
func (s *staffSessions) check(e *core.RequestEvent) error {
	auth := e.Auth
	if auth == nil || auth.Collection().Name != "users" || isSignIn(e.Request.URL.Path) || !isStaff(e.App, auth.Id) {
		return e.Next()
	}
	claims := tokenClaims(e)
	if !refreshable(claims) {
		return e.Next() // a superuser's impersonation token
	}
	sid, _ := claims[sessionClaim].(string)
	row, ok := openSession(e.App, auth.Id, sid)
	if !ok {
		return s.refuse(e)
	}
	e.Set(sessionRowKey, row.ID)
	e.Set(deviceNameKey, row.Name)
	s.markSeen(e.App, row.ID)
	return e.Next()
}

func (s *staffSessions) refuse(e *core.RequestEvent) error {
	e.Response.Header().Set("Cache-Control", "no-store")
	return e.JSON(http.StatusUnauthorized, map[string]any{"status": http.StatusUnauthorized, "message": s.message, "data": map[string]any{"code": s.code}})
}

// markSeen writes last_seen at most once a minute per device (a store entry remembers the last
// write), off the request: a busy tablet costs one small write a minute, not one per request. The
// write waits its turn in the queue like the guests' creates (and commits with them), rather than
// drawing lots with them for SQLite's one write connection.
func (s *staffSessions) markSeen(app core.App, rowID string) {
	key := "staff-seen:" + rowID
	now := time.Now()
	if last, ok := app.Store().Get(key).(time.Time); ok && now.Sub(last) < seenEvery {
		return
	}
	app.Store().Set(key, now)
	go func() {
		err := s.writes.run(func(tx core.App) error {
			_, err := tx.NonconcurrentDB().NewQuery("UPDATE staff_devices SET last_seen = {:now} WHERE id = {:id}").
				Bind(dbx.Params{"now": types.NowDateTime().String(), "id": rowID}).Execute()
			return err
		})
		if err != nil {
			app.Logger().Warn("staff device last_seen", "error", err)
		}
	}()
}

// sessionToken is PocketBase's own auth token plus the session claim, signed with the same key.
func sessionToken(record *core.Record, sid string) (string, error) {
	claims := jwt.MapClaims{
		core.TokenClaimType:         core.TokenTypeAuth,
		core.TokenClaimId:           record.Id,
		core.TokenClaimCollectionId: record.Collection().Id,
		core.TokenClaimRefreshable:  true,
		sessionClaim:                sid,
	}
	return security.NewJWT(claims, record.TokenKey()+record.Collection().AuthToken.Secret, record.Collection().AuthToken.DurationTime())
}

// bind (OnRecordAuthRequest, users): a staff account's token carries its session. A password step
// that asks for the code ends in e.Next()'s MFA error, so nothing is opened before the code.
func (s *staffSessions) bind(e *core.RecordAuthRequestEvent) error {
	if (e.Auth != nil && e.Auth.IsSuperuser()) || !isStaff(e.App, e.Record.Id) {
		return e.Next()
	}
	refresh := e.AuthMethod == "" // auth-refresh: the middleware has checked the session
	sid := security.RandomStringWithAlphabet(15, idAlphabet)
	if refresh {
		claims := tokenClaims(e.RequestEvent)
		if !refreshable(claims) {
			return e.Next()
		}
		sid, _ = claims[sessionClaim].(string)
		if sid == "" {
			return s.refuse(e.RequestEvent)
		}
	}
	token, err := sessionToken(e.Record, sid)
	if err != nil {
		return e.InternalServerError("Failed to create auth token.", err)
	}
	e.Token = token
	if err := e.Next(); err != nil || refresh {
		return err
	}
	return openDevice(e, sid)
}

// openDevice records the new session on the account's row for this tablet (made on its first
// sign-in there). A tablet without a valid X-Staff-Device (a script, a test) is a device of its own.
func openDevice(e *core.RecordAuthRequestEvent, sid string) error {
	app := e.App
	device := e.Request.Header.Get(deviceHeader)
	if len(device) != 15 || strings.Trim(device, idAlphabet) != "" {
		device = security.RandomStringWithAlphabet(15, idAlphabet)
	}
	row, err := app.FindFirstRecordByFilter("staff_devices", "user = {:user} && device = {:device}", dbx.Params{"user": e.Record.Id, "device": device})
	if err != nil {
		collection, cErr := app.FindCachedCollectionByNameOrId("staff_devices")
		if cErr != nil {
			return cErr
		}
		row = core.NewRecord(collection)
		row.Set("user", e.Record.Id)
		row.Set("device", device)
	}
	if row.GetString("name") == "" {
		row.Set("name", knownName(app, device))
	}
	now := types.NowDateTime()
	row.Set("session", sid)
	row.Set("signed_in", now)
	row.Set("last_seen", now)
	row.Set("ended_at", "")
	if err := app.Save(row); err != nil {
		app.Logger().Error("staff device: could not open the session", "error", err)
		return err
	}
	app.Store().Set("staff-seen:"+row.Id, time.Now())
	return nil
}

// knownName is the tablet's name as another account on it last set it (” if none): asked once per tablet.
func knownName(app core.App, device string) string {
	var name string
	_ = app.DB().NewQuery("SELECT name FROM staff_devices WHERE device = {:device} AND name != '' ORDER BY last_seen DESC LIMIT 1").
		Bind(dbx.Params{"device": device}).Row(&name)
	return name
}

// tagRealtime remembers which session a realtime subscription was made with, so ending that
// device can take the auth off its open connection (hooks/lib/staff-accounts.ts).
func tagRealtime(e *core.RealtimeSubscribeRequestEvent) error {
	if err := e.Next(); err != nil {
		return err
	}
	if row, ok := e.Get(sessionRowKey).(string); ok && row != "" {
		e.Client.Set(realtimeRowKey, row)
	} else {
		e.Client.Unset(realtimeRowKey)
	}
	return nil
}
