package main

import (
	"fmt"
	"path/filepath"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"venue/server/backups"
	"venue/server/outbox"
)

// registerOutboxWorker takes mail and conversion sends off the request path (server/outbox).
//
// A public create only inserts its outbox jobs in the record's transaction and answers. Once that
// transaction has committed (wakeOnCommittedJobs), one idle lane of each transport is woken
// (never blocking the guest's request). Mail lanes (OUTBOX_WORKERS, default 16) and Meta lanes
// (OUTBOX_META_LANES, default 2) claim only their own kind, so a hung Meta endpoint never delays
// a guest's mail; both also look every OUTBOX_TICK_SECONDS (default 5) for retries that came due.
// Lanes let guests' creates waiting for a write turn go first (writeturn.go). Mails are rendered
// by the TypeScript renderer bundle (hooks/outbox, built into the hooks dir) at serve start.
//
// Every SMTP send gets a deadline (OUTBOX_SEND_TIMEOUT_SECONDS, default 30): PocketBase's SMTP
// client has none, so a provider that accepts and never answers would stall a lane forever.
// A timed-out send is a failed attempt, retried with backoff like any other.
func registerOutboxWorker(app core.App, hooksDir string) *outbox.Worker {
	cfg := outbox.FromEnv()
	cfg.GuestsWaiting = turnsWanted.Load
	worker := outbox.New(app, cfg)

	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		bundle, err := outbox.LoadBundle(filepath.Join(hooksDir, "lib", "outbox-mail.js"))
		if err != nil {
			// Mail jobs then fail and are retried with backoff: none is lost or marked skipped.
			se.App.Logger().Error("outbox: no mail renderer; mail jobs fail until it is built", "error", err.Error())
		} else if mail, ok := worker.Mail.(*outbox.Mail); ok {
			mail.Renderer = bundle
		}
		// Sent jobs are remembered outside what a restore replaces (server/outbox/ledger.go).
		if dir, err := backups.StateDir(se.App.DataDir()); err != nil {
			return err
		} else if worker.Ledger, err = outbox.OpenLedger(dir); err != nil {
			return fmt.Errorf("outbox: the sent ledger: %w", err)
		}
		// Every job, whichever collection, route, cron or sign-in queued it, is one INSERT INTO outbox.
		wakeOnCommittedJobs(se.App, worker.Wake)
		return se.Next()
	})
	worker.Register()

	sendTimeout := cfg.MailTimeout
	app.OnMailerSend().BindFunc(func(e *core.MailerEvent) error {
		done := make(chan error, 1)
		go func() { done <- e.Next() }()
		select {
		case err := <-done:
			return err
		case <-time.After(sendTimeout):
			return fmt.Errorf("the mail server did not answer within %s", sendTimeout)
		}
	})
	return worker
}

func envSeconds(key string, fallback int) int {
	return outbox.EnvInt(key, fallback)
}
