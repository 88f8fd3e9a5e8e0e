package main

import (
	"fmt"
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
)

// The waitlist's offer passes that other writes start (issue 12; issue 33 moved them from the
// hooks): the superusers' pass over every night as of an instant (POST /api/waitlist/offers/run,
// for tests), and the pass after a capacity record is written (its night, or every night for the
// default) or a reservation is deleted. Each runs in a write turn of its own, after the write that
// started it has committed; the pass itself is offers.go's and offernights.go's.
func registerWaitlistPasses(app core.App, hooksDir string, writes *writeTurns) {
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		rules, err := rulesIn(hooksDir)
		if err != nil {
			return fmt.Errorf("waitlist passes: %w", err)
		}
		run := func(e *core.RequestEvent) error { return runPassAt(e, rules, writes) }
		se.Router.POST("/api/waitlist/offers/run", run).Bind(apis.RequireSuperuserAuth()).Unbind(hooksGateID)
		return se.Next()
	})
	afterCapacity := func(e *core.RecordEvent) error {
		if err := e.Next(); err != nil {
			return err
		}
		return passAfterWrite(hooksDir, writes, e.Record.GetString("date"))
	}
	app.OnRecordAfterCreateSuccess("capacity").BindFunc(afterCapacity)
	app.OnRecordAfterUpdateSuccess("capacity").BindFunc(afterCapacity)
	// A staff delete of a reservation gives its seats back at once (the cron would within the minute).
	app.OnRecordAfterDeleteSuccess("reservations").BindFunc(func(e *core.RecordEvent) error {
		if err := e.Next(); err != nil {
			return err
		}
		return passAfterWrite(hooksDir, writes, e.Record.GetString("event_date"))
	})
}

// passAfterWrite offers what a committed write may have freed on `date` ("default": every night).
func passAfterWrite(hooksDir string, writes *writeTurns, date string) error {
	rules, err := rulesIn(hooksDir)
	if err != nil {
		return err
	}
	return writes.run(func(tx core.App) error {
		if date == "default" {
			_, err := offerAllNights(tx, rules, time.Now())
			return err
		}
		_, err := offerFreedSeats(tx, rules, date, time.Now())
		return err
	})
}

// runPassAt is the superusers' pass over every night as of ?at= (an instant; now without it).
func runPassAt(e *core.RequestEvent, rules *createRules, writes *writeTurns) error {
	asked, err := callRules[struct {
		At    string `json:"at"`
		Error string `json:"error"`
	}](rules, "passAtJson", map[string]string{"at": e.Request.URL.Query().Get("at"), "now": isoInstant(time.Now())})
	if err != nil {
		return err
	}
	if asked.Error != "" {
		return e.JSON(400, map[string]any{"status": 400, "message": asked.Error, "data": map[string]any{}})
	}
	at, err := time.Parse(time.RFC3339Nano, asked.At)
	if err != nil {
		return err
	}
	var done AllNightsResult
	err = writes.run(func(tx core.App) error {
		done, err = offerAllNights(tx, rules, at)
		return err
	})
	if err != nil {
		return err
	}
	return e.JSON(200, done)
}
