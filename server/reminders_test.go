package main

import (
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
)

// The day-of reminders' Go side: its calls into the real rules bundle, and the claim that makes
// each reminder go out once however many runs race for it.

func TestReminderRulesFromTheBundle(t *testing.T) {
	rules := testCreateRules(t)
	at := func(text string) time.Time {
		t.Helper()
		v, err := time.Parse(time.RFC3339, text)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	// REMINDER_HOUR is noon, venue time (New York, UTC-5 in December).
	for _, c := range []struct{ now, night string }{
		{"2026-12-02T16:59:59Z", ""},           // 11:59:59: not yet
		{"2026-12-02T17:00:00Z", "2026-12-02"}, // noon
		{"2026-12-03T06:30:00Z", "2026-12-02"}, // 1:30 AM: the night still running
		{"2026-12-03T09:00:00Z", ""},           // 4 AM: the next day, before its noon
	} {
		night, err := rules.ReminderNight(at(c.now))
		if err != nil || night != c.night {
			t.Errorf("ReminderNight(%s) = %q, %v; want %q", c.now, night, err, c.night)
		}
	}

	now := at("2026-12-02T23:00:00Z") // 6 PM, before a 7:30 PM arrival
	candidates := []ReminderCandidate{
		{ID: "early", EventDate: "2026-12-02", EventTime: "7:30 PM", Status: "confirmed", Created: "2026-11-30 10:00:00.000Z"},
		{ID: "late", EventDate: "2026-12-02", EventTime: "7:30 PM", Status: "confirmed", Created: "2026-12-02 22:00:00.000Z"}, // 2.5 h before
		{ID: "reminded", EventDate: "2026-12-02", EventTime: "7:30 PM", Status: "confirmed", RemindedAt: "2026-12-02 17:00:00.000Z", Created: "2026-11-30 10:00:00.000Z"},
	}
	due, err := rules.DueReminders(now, candidates)
	if err != nil || len(due) != 1 || due[0] != "early" {
		t.Errorf("DueReminders = %v, %v; want [early]", due, err)
	}
	if due, err := rules.DueReminders(now, nil); err != nil || len(due) != 0 {
		t.Errorf("DueReminders(none) = %v, %v; want []", due, err)
	}

	if got, refused, err := rules.NowFlag("2026-11-23T12:05:00-05:00"); err != nil || refused != "" || !got.Equal(at("2026-11-23T17:05:00Z")) {
		t.Errorf("NowFlag(offset) = %v, %q, %v", got, refused, err)
	}
	if got, refused, err := rules.NowFlag(""); err != nil || refused != "" || time.Since(got) > time.Minute {
		t.Errorf("NowFlag(empty) = %v, %q, %v; want now", got, refused, err)
	}
	for _, raw := range []string{"yesterday", "2026-11-23T17:05:00", "2026-02-30T10:00:00Z"} {
		if _, refused, err := rules.NowFlag(raw); err != nil || refused != "--now must be an ISO instant with its offset, e.g. 2026-11-23T17:05:00Z (got "+raw+")." {
			t.Errorf("NowFlag(%q) refused with %q, %v", raw, refused, err)
		}
	}
}

// reservationsTable is the columns of the reservations collection the reminders read and write.
const reservationsTable = `CREATE TABLE reservations (id TEXT PRIMARY KEY NOT NULL, email TEXT NOT NULL DEFAULT '',
	event_date TEXT NOT NULL DEFAULT '', event_time TEXT NOT NULL DEFAULT '', status TEXT NOT NULL DEFAULT 'confirmed',
	reminded_at TEXT NOT NULL DEFAULT '', created TEXT NOT NULL DEFAULT '')`

func TestRemindersAreQueuedOnceAcrossRacingRuns(t *testing.T) {
	rules := testCreateRules(t)
	app := newTestApp(t)
	for _, table := range []string{outboxTable, reservationsTable} {
		if _, err := app.DB().NewQuery(table).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	night := "2026-12-02"
	rows := []dbx.Params{
		{"id": "early", "email": "early@example.test", "status": "confirmed", "created": "2026-11-30 10:00:00.000Z"},
		{"id": "second", "email": "second@example.test", "status": "confirmed", "created": "2026-12-01 10:00:00.000Z"},
		{"id": "cancelled", "email": "cancelled@example.test", "status": "cancelled", "created": "2026-11-30 10:00:00.000Z"},
		{"id": "late", "email": "late@example.test", "status": "confirmed", "created": "2026-12-02 22:00:00.000Z"},
	}
	for _, row := range rows {
		row["event_date"], row["event_time"] = night, "7:30 PM"
		if _, err := app.DB().Insert("reservations", row).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	writes := newWriteTurns(app, defaultMaxBatch)
	now, _ := time.Parse(time.RFC3339, "2026-12-02T23:00:00Z")

	// Four runs at once, as four instances' crons (or a cron and a console run) would.
	runs := make([]RemindersRun, 4)
	var wg sync.WaitGroup
	for i := range runs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			run, err := queueDayOfReminders(app, rules, writes, now)
			if err != nil {
				t.Error(err)
			}
			runs[i] = run
		}()
	}
	wg.Wait()
	queued := 0
	for _, run := range runs {
		if run.Night != night {
			t.Errorf("a run's night is %q, want %q", run.Night, night)
		}
		queued += run.Queued
	}
	if queued != 2 {
		t.Errorf("the runs queued %d reminders between them, want 2 (early, second): %+v", queued, runs)
	}
	var jobs []struct {
		RecordID  string `db:"record_id"`
		Recipient string `db:"recipient"`
		Template  string `db:"template"`
		Key       string `db:"job_key"`
	}
	if err := app.DB().NewQuery("SELECT record_id, recipient, template, job_key FROM outbox ORDER BY record_id").All(&jobs); err != nil {
		t.Fatal(err)
	}
	if len(jobs) != 2 || jobs[0].RecordID != "early" || jobs[1].RecordID != "second" || jobs[0].Recipient != "early@example.test" ||
		jobs[0].Template != "reservation_reminder" || jobs[0].Key != night {
		t.Errorf("outbox = %+v; want one reminder each for early and second, keyed by the night", jobs)
	}
	var reminded []string
	if err := app.DB().NewQuery("SELECT id FROM reservations WHERE reminded_at != '' ORDER BY id").Column(&reminded); err != nil {
		t.Fatal(err)
	}
	if len(reminded) != 2 || reminded[0] != "early" || reminded[1] != "second" {
		t.Errorf("reminded = %v, want [early second]", reminded)
	}

	// A later run finds nothing left to queue.
	again, err := queueDayOfReminders(app, rules, writes, now.Add(5*time.Minute))
	if err != nil || again.Queued != 0 || again.Due != 0 {
		t.Errorf("the next run = %+v, %v; want nothing due", again, err)
	}
}
