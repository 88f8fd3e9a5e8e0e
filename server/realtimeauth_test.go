package main

import (
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/subscriptions"
)

// sendRealtime runs one realtime message through the app's send hooks and tells whether it was
// written (the final handler ran).
func sendRealtime(t *testing.T, app core.App, client subscriptions.Client) bool {
	t.Helper()
	sent := false
	e := &core.RealtimeMessageEvent{RequestEvent: &core.RequestEvent{App: app}, Client: client, Message: &subscriptions.Message{Name: "events/x"}}
	err := app.OnRealtimeMessageSend().Trigger(e, func(*core.RealtimeMessageEvent) error {
		sent = true
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return sent
}

func TestRealtimeMessagesFollowTheAccountsTokenKey(t *testing.T) {
	app := newTestApp(t)
	registerRealtimeSessions(app)
	superusers, err := app.FindCollectionByNameOrId(core.CollectionNameSuperusers)
	if err != nil {
		t.Fatal(err)
	}
	account := core.NewRecord(superusers)
	account.SetEmail("staff@example.test")
	account.SetPassword("a-long-password-123")
	if err := app.Save(account); err != nil {
		t.Fatal(err)
	}

	anonymous := subscriptions.NewDefaultClient()
	if !sendRealtime(t, app, anonymous) {
		t.Fatal("a connection without auth must get the message")
	}

	signedIn := subscriptions.NewDefaultClient()
	signedIn.Set(apis.RealtimeClientAuthKey, account.Fresh())
	if !sendRealtime(t, app, signedIn) {
		t.Fatal("a connection whose token key is the account's must get the message")
	}

	// A role change renews the key in SQLite, from another process or straight SQL.
	_, err = app.DB().NewQuery("UPDATE _superusers SET tokenKey = 'renewed-elsewhere' WHERE id = {:id}").Bind(dbx.Params{"id": account.Id}).Execute()
	if err != nil {
		t.Fatal(err)
	}
	if sendRealtime(t, app, signedIn) {
		t.Fatal("a connection of an ended session must not get the message")
	}
	if signedIn.Get(apis.RealtimeClientAuthKey) != nil {
		t.Fatal("the ended session's auth must leave the connection")
	}
	if !sendRealtime(t, app, signedIn) {
		t.Fatal("once anonymous, the connection gets what anyone may see")
	}

	gone := subscriptions.NewDefaultClient()
	gone.Set(apis.RealtimeClientAuthKey, account.Fresh())
	_, err = app.DB().NewQuery("DELETE FROM _superusers WHERE id = {:id}").Bind(dbx.Params{"id": account.Id}).Execute()
	if err != nil {
		t.Fatal(err)
	}
	if sendRealtime(t, app, gone) {
		t.Fatal("a deleted account's connection must not get the message")
	}
}
