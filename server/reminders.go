package main

import (
	"encoding/json"
	"fmt"
	"os"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/spf13/cobra"

	"venue/server/outbox"
)

// The day-of reminder (issue 12; issue 33 moved it to Go). From REMINDER_HOUR venue time on a
// venue night, every confirmed reservation of that night that was made early enough gets one
// 'reservation_reminder' mail. Which night is due and which reservations are due are the rules
// bundle's (S.reminderNightAt, S.dueReminders, unit-tested); here are the reads and the writes.
//
// Exactly once, whatever the restarts and however many server instances (or console runs) share
// the database: each reservation is claimed by a conditional UPDATE … WHERE reminded_at = '' in
// the same transaction as its outbox insert, so only the one claim that changed the row queues a
// mail, and a rollback leaves it unclaimed for the next run.

// reminderCandidatesSQL is the night's confirmed, unreminded reservations, oldest first.
const reminderCandidatesSQL = "SELECT id, email, event_date, event_time, status, reminded_at, created FROM reservations " +
	"WHERE event_date = {:night} AND status = 'confirmed' AND reminded_at = '' ORDER BY created"

// reminderClaimSQL marks one reservation reminded unless another run did first.
const reminderClaimSQL = "UPDATE reservations SET reminded_at = {:at} WHERE id = {:id} AND reminded_at = '' AND status = 'confirmed'"

// ReminderCandidate is a reservation as the reminder rules read it (S.ReminderCandidate), with its id.
type ReminderCandidate struct {
	ID         string `db:"id" json:"id"`
	Email      string `db:"email" json:"-"`
	EventDate  string `db:"event_date" json:"event_date"`
	EventTime  string `db:"event_time" json:"event_time"`
	Status     string `db:"status" json:"status"`
	RemindedAt string `db:"reminded_at" json:"reminded_at"`
	Created    string `db:"created" json:"created"`
}

// RemindersRun is what one run did: the night whose reminders were due (” before
// REMINDER_HOUR), how many reservations were due, and how many this run queued (the others were
// claimed meanwhile by another run).
type RemindersRun struct {
	Night  string `json:"night"`
	Due    int    `json:"due"`
	Queued int    `json:"queued"`
}

// ReminderNight is reminderNightJson: the night whose reminders are due at `now` (” if none).
func (r *createRules) ReminderNight(now time.Time) (string, error) {
	out, err := callRules[struct {
		Night string `json:"night"`
	}](r, "reminderNightJson", map[string]string{"now": isoInstant(now)})
	return out.Night, err
}

// DueReminders is dueRemindersJson: the ids of the candidates whose reminder is due at `now`.
func (r *createRules) DueReminders(now time.Time, candidates []ReminderCandidate) ([]string, error) {
	return callRules[[]string](r, "dueRemindersJson", map[string]any{"now": isoInstant(now), "candidates": candidates})
}

// NowFlag is nowFlagJson: a command's --now as an instant (now when empty), or the line to print
// when it is not an ISO instant with its offset.
func (r *createRules) NowFlag(raw string) (time.Time, string, error) {
	out, err := callRules[struct {
		Now   string `json:"now"`
		Error string `json:"error"`
	}](r, "nowFlagJson", map[string]string{"raw": raw})
	if err != nil || out.Error != "" {
		return time.Time{}, out.Error, err
	}
	now, err := time.Parse(time.RFC3339Nano, out.Now)
	return now, "", err
}

// queueDayOfReminders queues the reminders due at `now`, each claimed and queued in its own
// write turn (a guest's create never waits behind a whole night's reminders).
func queueDayOfReminders(app core.App, rules *createRules, writes *writeTurns, now time.Time) (RemindersRun, error) {
	run := RemindersRun{}
	night, err := rules.ReminderNight(now)
	if err != nil || night == "" {
		return run, err
	}
	run.Night = night
	var candidates []ReminderCandidate
	if err := app.DB().NewQuery(reminderCandidatesSQL).Bind(dbx.Params{"night": night}).All(&candidates); err != nil {
		return run, err
	}
	due, err := rules.DueReminders(now, candidates)
	if err != nil {
		return run, err
	}
	run.Due = len(due)
	byID := make(map[string]ReminderCandidate, len(candidates))
	for _, c := range candidates {
		byID[c.ID] = c
	}
	for _, id := range due {
		queued, err := claimAndQueueReminder(writes, byID[id])
		if err != nil {
			return run, err
		}
		if queued {
			run.Queued++
		}
	}
	return run, nil
}

// claimAndQueueReminder claims one reservation and queues its reminder in one transaction; true
// when this call queued it.
func claimAndQueueReminder(writes *writeTurns, r ReminderCandidate) (bool, error) {
	queued := false
	err := writes.run(func(tx core.App) error {
		result, err := tx.NonconcurrentDB().NewQuery(reminderClaimSQL).Bind(dbx.Params{"at": outbox.Stamp(time.Now()), "id": r.ID}).Execute()
		if err != nil {
			return err
		}
		if n, err := result.RowsAffected(); err != nil || n != 1 {
			return err
		}
		// Keyed by its night: one reminder per reservation and night (idx_outbox_job).
		job := outbox.NewJob{Kind: outbox.KindMail, Template: "reservation_reminder", Recipient: r.Email, Payload: "{}", Status: "pending", Key: r.EventDate}
		queued = true
		return outbox.Enqueue(tx, "reservations", r.ID, []outbox.NewJob{job}, time.Now())
	})
	return queued && err == nil, err
}

// registerReminders adds the every-five-minutes cron (serve only) and the console command
//
//	venue-server reminders:run [--now=<ISO instant>]   (npm run reminders -- --now=…)
//
// which queues the reminders due at that instant (default: now) exactly as the cron does and
// prints { now, night, due, queued } as JSON. It only queues them; the running server's outbox
// worker sends them.
func registerReminders(app core.App, root *cobra.Command, hooksDir string, writes *writeTurns) {
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.App.Cron().MustAdd("venue_day_of_reminders", "*/5 * * * *", func() {
			rules, err := rulesIn(hooksDir)
			if err == nil {
				var run RemindersRun
				if run, err = queueDayOfReminders(se.App, rules, writes, time.Now()); err == nil && run.Queued > 0 {
					se.App.Logger().Info("day-of reminders queued", "night", run.Night, "queued", run.Queued)
				}
			}
			if err != nil {
				se.App.Logger().Error("day-of reminders", "error", err.Error())
			}
		})
		return se.Next()
	})
	command := &cobra.Command{
		Use:   "reminders:run",
		Short: "Queue the day-of reminders due at --now (default: now); the running server sends them",
		Args:  cobra.NoArgs,
		Run: func(cmd *cobra.Command, _ []string) {
			raw, _ := cmd.Flags().GetString("now")
			if err := remindersFromConsole(app, cmd, hooksDir, writes, raw); err != nil {
				fmt.Fprintln(os.Stderr, "Error:", err)
				os.Exit(1)
			}
		},
	}
	command.Flags().String("now", "", "the instant to act as (ISO 8601 with offset, e.g. 2026-11-23T17:05:00Z)")
	root.AddCommand(command)
}

// remindersFromConsole is reminders:run; a --now that is not an ISO instant exits 2 with its reason.
func remindersFromConsole(app core.App, cmd *cobra.Command, hooksDir string, writes *writeTurns, raw string) error {
	rules, err := rulesIn(hooksDir)
	if err != nil {
		return err
	}
	now, refused, err := rules.NowFlag(raw)
	if err != nil {
		return err
	}
	if refused != "" {
		fmt.Fprintln(os.Stderr, refused)
		os.Exit(2)
	}
	// Console commands don't run migrations by themselves; make sure reminded_at exists.
	if err := app.RunAllMigrations(); err != nil {
		return err
	}
	run, err := queueDayOfReminders(app, rules, writes, now)
	if err != nil {
		return err
	}
	// The keys in the hooks' order: now first (cobra's println wrote it to stderr, as here).
	text, err := json.Marshal(struct {
		Now string `json:"now"`
		RemindersRun
	}{isoInstant(now), run})
	if err != nil {
		return err
	}
	cmd.PrintErrln(string(text))
	return nil
}
