package main

import (
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
)

// registerRealtimeSessions binds dropForEndedSession to every realtime message.
//
// It was a JS hook (hooks/lib/staff-auth.ts) until issue 33: PocketBase sends each message to
// each connection on that connection's own goroutine, so one event edit seen by 200 guests' pages
// asked for 200 JS VMs at once, and each of those VMs loaded the whole hooks bundle only to find
// no auth on the connection. The check is one lookup and a comparison, no rule: it belongs in Go.
func registerRealtimeSessions(app core.App) {
	app.OnRealtimeMessageSend().BindFunc(dropForEndedSession)
}

// dropForEndedSession: a realtime connection holds the auth record it subscribed with, and
// PocketBase forgets it only when the account is saved through its models in this process. A role
// change renews the token key in SQLite (pb_migrations/1763700801_role_change_ends_sessions.js),
// from the console command or straight SQL as well: a connection whose key is no longer the
// account's loses its auth and the message (an anonymous one still gets what anyone may see, from
// its next message on). A connection without auth costs no lookup.
func dropForEndedSession(e *core.RealtimeMessageEvent) error {
	auth, _ := e.Client.Get(apis.RealtimeClientAuthKey).(*core.Record)
	if auth == nil {
		return e.Next()
	}
	current, err := e.App.FindRecordById(auth.Collection().Id, auth.Id)
	if err == nil && current.TokenKey() != "" && current.TokenKey() == auth.TokenKey() {
		return e.Next()
	}
	e.Client.Unset(apis.RealtimeClientAuthKey)
	return nil
}
